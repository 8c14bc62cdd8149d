set terminal pngcairo size 900,560 enhanced
set output "fig-dynamics-load-delay.png"
set title "load: largest p95 / SLO over the flows, per period"
set xlabel "time (s)"
set ylabel "p95 / SLO"
set grid
set key top left

plot "fig-dynamics-load-delay.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-dynamics-load-delay.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=null"
