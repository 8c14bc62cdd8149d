set terminal pngcairo size 900,560 enhanced
set output "fig-tracking.png"
set title "load tracking (bimodal90)"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-tracking.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int1", \
     "fig-tracking.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int2", \
     "fig-tracking.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int3", \
     "fig-tracking.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=proactive", \
     "fig-tracking.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=proactive-k", \
     "fig-tracking.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=queue"
