set terminal pngcairo size 900,560 enhanced
set output "fig-s1-site-random.png"
set title "Scenario 1: site-local random load balancing vs direct CArDS"
set xlabel "load (%)"
set ylabel "mean RCT (ms)"
set grid
set key top left
set logscale y
plot "fig-s1-site-random.dat" index 0 using 1:2:3 with yerrorlines title "points=5 schedulers", \
     "fig-s1-site-random.dat" index 1 using 1:2:3 with yerrorlines title "points=site-random LB"
