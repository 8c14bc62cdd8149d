set terminal pngcairo size 900,560 enhanced
set output "/work/main/results/racksched/paper/fig-pertype-trimodal.png"
set title "trimodal: per-type loads on and off"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "/work/main/results/racksched/paper/fig-pertype-trimodal.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "per_type_load=off", \
     "/work/main/results/racksched/paper/fig-pertype-trimodal.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "per_type_load=on"
