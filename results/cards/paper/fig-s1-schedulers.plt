set terminal pngcairo size 900,560 enhanced
set output "fig-s1-schedulers.png"
set title "Scenario 1: central vs distributed CArDS scheduling points"
set xlabel "load (%)"
set ylabel "mean RCT (ms)"
set grid
set key top left
set logscale y
plot "fig-s1-schedulers.dat" index 0 using 1:2:3 with yerrorlines title "points=1550 schedulers", \
     "fig-s1-schedulers.dat" index 1 using 1:2:3 with yerrorlines title "points=310 schedulers", \
     "fig-s1-schedulers.dat" index 2 using 1:2:3 with yerrorlines title "points=5 schedulers", \
     "fig-s1-schedulers.dat" index 3 using 1:2:3 with yerrorlines title "points=50 schedulers", \
     "fig-s1-schedulers.dat" index 4 using 1:2:3 with yerrorlines title "points=central"
