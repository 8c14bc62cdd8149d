set terminal pngcairo size 900,560 enhanced
set output "fig-ablation-p99.png"
set title "end-to-end-scenario: p99 completion time (95 % CI over runs)"
set xlabel "offered load (share of all sites' worker cores)"
set ylabel "p99 completion time (us)"
set grid
set key top left
set logscale y
plot "fig-ablation-p99.dat" index 0 using 1:2:3 with yerrorlines title "configuration=all on", \
     "fig-ablation-p99.dat" index 1 using 1:2:3 with yerrorlines title "configuration=baseline", \
     "fig-ablation-p99.dat" index 2 using 1:2:3 with yerrorlines title "configuration=ingress: cards", \
     "fig-ablation-p99.dat" index 3 using 1:2:3 with yerrorlines title "configuration=servers: shinjuku", \
     "fig-ablation-p99.dat" index 4 using 1:2:3 with yerrorlines title "configuration=switch: racksched"
