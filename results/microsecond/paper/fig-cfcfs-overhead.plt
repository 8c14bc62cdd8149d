set terminal pngcairo size 900,560 enhanced
set output "fig-cfcfs-overhead.png"
set title "c-FCFS, 14 workers, 1 us requests: throughput within p99.9 <= 100 us"
set xlabel "dispatcher overhead per request (ns)"
set ylabel "throughput (Mrps)"
set grid
set key top left

plot "fig-cfcfs-overhead.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "policy=c-FCFS", \
     "fig-cfcfs-overhead.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "min(workers, 1 / overhead)"
