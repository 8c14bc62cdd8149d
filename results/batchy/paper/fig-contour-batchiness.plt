set terminal pngcairo size 900,560 enhanced
set output "fig-contour-batchiness.png"
set title "Batchy/full over null: branching x batchiness (SLO 5 ms)"
set xlabel "leaves"
set ylabel "speed-up"
set grid
set key top left

plot "fig-contour-batchiness.dat" index 0 using 1:2:3 with yerrorlines title "line=batchiness 0.05", \
     "fig-contour-batchiness.dat" index 1 using 1:2:3 with yerrorlines title "line=batchiness 0.1", \
     "fig-contour-batchiness.dat" index 2 using 1:2:3 with yerrorlines title "line=batchiness 0.2", \
     "fig-contour-batchiness.dat" index 3 using 1:2:3 with yerrorlines title "line=batchiness 0.3", \
     "fig-contour-batchiness.dat" index 4 using 1:2:3 with yerrorlines title "line=batchiness 0.5"
