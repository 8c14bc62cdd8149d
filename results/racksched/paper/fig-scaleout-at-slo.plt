set terminal pngcairo size 900,560 enhanced
set output "fig-scaleout-at-slo.png"
set title "throughput at p99 <= 750 us"
set xlabel "servers"
set ylabel "KRPS"
set grid
set key top left

plot "fig-scaleout-at-slo.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "curve=racksched", \
     "fig-scaleout-at-slo.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "linear"
