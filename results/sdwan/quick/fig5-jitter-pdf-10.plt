set terminal pngcairo size 900,560 enhanced
set output "fig5-jitter-pdf-10.png"
set title "Packet jitter (10 % background)"
set xlabel "jitter (us)"
set ylabel "PDF"
set grid
set key top left
set logscale y
plot "fig5-jitter-pdf-10.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "mode=ecmp", \
     "fig5-jitter-pdf-10.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "mode=splitter"
