set terminal pngcairo size 900,560 enhanced
set output "fig-dynamics-wave-delay.png"
set title "wave: largest p95 / SLO over the flows, per period"
set xlabel "time (s)"
set ylabel "p95 / SLO"
set grid
set key top left

plot "fig-dynamics-wave-delay.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-dynamics-wave-delay.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=onoff"
