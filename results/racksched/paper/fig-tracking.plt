set terminal pngcairo size 900,560 enhanced
set output "/work/main/results/racksched/paper/fig-tracking.png"
set title "load tracking (bimodal90)"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "/work/main/results/racksched/paper/fig-tracking.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int1", \
     "/work/main/results/racksched/paper/fig-tracking.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int2", \
     "/work/main/results/racksched/paper/fig-tracking.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=int3", \
     "/work/main/results/racksched/paper/fig-tracking.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=proactive", \
     "/work/main/results/racksched/paper/fig-tracking.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=proactive-k", \
     "/work/main/results/racksched/paper/fig-tracking.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "tracking=queue"
