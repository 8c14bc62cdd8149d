set terminal pngcairo size 900,560 enhanced
set output "fig-contour-burstiness.png"
set title "Batchy/full over null: branching x burstiness (batchiness 0.09, SLO 5 ms)"
set xlabel "leaves"
set ylabel "speed-up"
set grid
set key top left

plot "fig-contour-burstiness.dat" index 0 using 1:2:3 with yerrorlines title "line=burst 1", \
     "fig-contour-burstiness.dat" index 1 using 1:2:3 with yerrorlines title "line=burst 16", \
     "fig-contour-burstiness.dat" index 2 using 1:2:3 with yerrorlines title "line=burst 2", \
     "fig-contour-burstiness.dat" index 3 using 1:2:3 with yerrorlines title "line=burst 32", \
     "fig-contour-burstiness.dat" index 4 using 1:2:3 with yerrorlines title "line=burst 4", \
     "fig-contour-burstiness.dat" index 5 using 1:2:3 with yerrorlines title "line=burst 8"
