set terminal pngcairo size 900,560 enhanced
set output "fig5-fct-pdf-40.png"
set title "Short-flow FCT (40 % background)"
set xlabel "FCT (ms)"
set ylabel "PDF"
set grid
set key top left

plot "fig5-fct-pdf-40.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "mode=ecmp", \
     "fig5-fct-pdf-40.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "mode=splitter"
