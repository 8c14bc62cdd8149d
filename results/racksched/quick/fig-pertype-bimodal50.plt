set terminal pngcairo size 900,560 enhanced
set output "fig-pertype-bimodal50.png"
set title "bimodal50: per-type loads on and off"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-pertype-bimodal50.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "per_type_load=off", \
     "fig-pertype-bimodal50.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "per_type_load=on"
