set terminal pngcairo size 900,560 enhanced
set output "fig-dynamics-load-load.png"
set title "load: worker utilisation per period"
set xlabel "time (s)"
set ylabel "busy share"
set grid
set key top left

plot "fig-dynamics-load-load.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-dynamics-load-load.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=null"
