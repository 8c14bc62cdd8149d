set terminal pngcairo size 900,560 enhanced
set output "fig-s2c.png"
set title "Scenario 2c: mean RCT (95 % CI over 5 runs)"
set xlabel "clients"
set ylabel "mean RCT (ms)"
set grid
set key top left
set logscale y
plot "fig-s2c.dat" index 0 using 1:2:3 with yerrorlines title "inter=cards", \
     "fig-s2c.dat" index 1 using 1:2:3 with yerrorlines title "inter=random", \
     "fig-s2c.dat" index 2 using 1:2:3 with yerrorlines title "inter=steam"
