set terminal pngcairo size 900,560 enhanced
set output "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.png"
set title "trimodal: p99 vs throughput"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "policy=client", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "policy=jbsq", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "policy=racksched", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "policy=random", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "policy=rr", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "policy=shinjuku", \
     "/tmp/sweep/results/racksched/paper/fig-policies-trimodal.dat" index 6 using 1:2 with lines dashtype 2 linewidth 2 title "policy=shortest"
