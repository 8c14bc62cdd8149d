set terminal pngcairo size 900,560 enhanced
set output "fig-scaleout.png"
set title "RackSched scale-out (bimodal90)"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-scaleout.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "servers=1", \
     "fig-scaleout.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "servers=2", \
     "fig-scaleout.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "servers=4", \
     "fig-scaleout.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "servers=8"
