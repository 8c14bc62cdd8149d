set terminal pngcairo size 900,560 enhanced
set output "fig-dynamics-mgw-load.png"
set title "mgw: worker utilisation per period"
set xlabel "time (s)"
set ylabel "busy share"
set grid
set key top left

plot "fig-dynamics-mgw-load.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-dynamics-mgw-load.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=null"
