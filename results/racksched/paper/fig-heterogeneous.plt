set terminal pngcairo size 900,560 enhanced
set output "fig-heterogeneous.png"
set title "heterogeneous rack (4 x 8 + 4 x 4 cores)"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-heterogeneous.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "inter=client", \
     "fig-heterogeneous.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "inter=racksched", \
     "fig-heterogeneous.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "inter=random", \
     "fig-heterogeneous.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "inter=rr"
