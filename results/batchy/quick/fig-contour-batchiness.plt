set terminal pngcairo size 900,560 enhanced
set output "/tmp/wt-ms/results/batchy/quick/fig-contour-batchiness.png"
set title "Batchy/full over null: branching x batchiness (SLO 0.8x max)"
set xlabel "branches"
set ylabel "speed-up"
set grid
set key top left

plot "/tmp/wt-ms/results/batchy/quick/fig-contour-batchiness.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "line=batchiness 0.1", \
     "/tmp/wt-ms/results/batchy/quick/fig-contour-batchiness.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "line=batchiness 0.3", \
     "/tmp/wt-ms/results/batchy/quick/fig-contour-batchiness.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "line=batchiness 0.5"
