set terminal pngcairo size 900,560 enhanced
set output "fig-s2a.png"
set title "Scenario 2a: mean RCT (95 % CI over 3 runs)"
set xlabel "clients"
set ylabel "mean RCT (ms)"
set grid
set key top left
set logscale y
plot "fig-s2a.dat" index 0 using 1:2:3 with yerrorlines title "inter=cards", \
     "fig-s2a.dat" index 1 using 1:2:3 with yerrorlines title "inter=random", \
     "fig-s2a.dat" index 2 using 1:2:3 with yerrorlines title "inter=steam"
