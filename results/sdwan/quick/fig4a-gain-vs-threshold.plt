set terminal pngcairo size 900,560 enhanced
set output "fig4a-gain-vs-threshold.png"
set title "Median short-flow FCT, ECMP / splitter (40 % background)"
set xlabel "threshold (packets)"
set ylabel "gain (median)"
set grid
set key top left

plot "fig4a-gain-vs-threshold.dat" index 0 using 1:2:3 with yerrorlines title "series=100 requests/s", \
     "fig4a-gain-vs-threshold.dat" index 1 using 1:2:3 with yerrorlines title "series=50 requests/s"
