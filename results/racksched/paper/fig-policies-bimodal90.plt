set terminal pngcairo size 900,560 enhanced
set output "fig-policies-bimodal90.png"
set title "bimodal90: p99 vs throughput"
set xlabel "throughput (KRPS)"
set ylabel "p99 latency (us)"
set grid
set key top left
set logscale y
plot "fig-policies-bimodal90.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "inter=client", \
     "fig-policies-bimodal90.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "inter=jbsq", \
     "fig-policies-bimodal90.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "inter=racksched", \
     "fig-policies-bimodal90.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "inter=random", \
     "fig-policies-bimodal90.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "inter=rr", \
     "fig-policies-bimodal90.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "inter=shinjuku", \
     "fig-policies-bimodal90.dat" index 6 using 1:2 with lines dashtype 2 linewidth 2 title "inter=shortest"
