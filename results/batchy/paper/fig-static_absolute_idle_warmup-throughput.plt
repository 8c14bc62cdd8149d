set terminal pngcairo size 900,560 enhanced
set output "fig-static_absolute_idle_warmup-throughput.png"
set title "saturated throughput (0: gw-64, 1: vrf-12x8, 2: mgw-16x4, 3: rc-16)"
set xlabel "use case"
set ylabel "Mpps"
set grid
set key top left
set logscale y
plot "fig-static_absolute_idle_warmup-throughput.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-static_absolute_idle_warmup-throughput.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=max", \
     "fig-static_absolute_idle_warmup-throughput.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "controller=nfvnice", \
     "fig-static_absolute_idle_warmup-throughput.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "controller=null", \
     "fig-static_absolute_idle_warmup-throughput.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "controller=onoff"
