set terminal pngcairo size 900,560 enhanced
set output "/tmp/wt-ms/results/batchy/quick/fig-contour-burstiness.png"
set title "Batchy/full over null: branching x burstiness (batchiness 0.3)"
set xlabel "branches"
set ylabel "speed-up"
set grid
set key top left

plot "/tmp/wt-ms/results/batchy/quick/fig-contour-burstiness.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "line=burst 1", \
     "/tmp/wt-ms/results/batchy/quick/fig-contour-burstiness.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "line=burst 16", \
     "/tmp/wt-ms/results/batchy/quick/fig-contour-burstiness.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "line=burst 4"
