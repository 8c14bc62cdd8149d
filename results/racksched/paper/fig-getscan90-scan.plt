set terminal pngcairo size 900,560 enhanced
set output "/work/main/results/racksched/paper/fig-getscan90-scan.png"
set title "getscan90: SCAN p99"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "/work/main/results/racksched/paper/fig-getscan90-scan.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "inter=client", \
     "/work/main/results/racksched/paper/fig-getscan90-scan.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "inter=racksched", \
     "/work/main/results/racksched/paper/fig-getscan90-scan.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "inter=random"
