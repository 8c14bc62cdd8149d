set terminal pngcairo size 900,560 enhanced
set output "fig4b-gain-vs-utilisation.png"
set title "Median short-flow FCT, baseline / splitter"
set xlabel "background utilisation (%)"
set ylabel "gain (median)"
set grid
set key top left

plot "fig4b-gain-vs-utilisation.dat" index 0 using 1:2:3 with yerrorlines title "baseline=ecmp", \
     "fig4b-gain-vs-utilisation.dat" index 1 using 1:2:3 with yerrorlines title "baseline=ecmp-packet"
