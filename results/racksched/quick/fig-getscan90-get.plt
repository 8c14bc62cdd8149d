set terminal pngcairo size 900,560 enhanced
set output "fig-getscan90-get.png"
set title "getscan90: GET p99"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-getscan90-get.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "inter=client", \
     "fig-getscan90-get.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "inter=racksched", \
     "fig-getscan90-get.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "inter=random"
