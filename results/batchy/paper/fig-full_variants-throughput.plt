set terminal pngcairo size 900,560 enhanced
set output "fig-full_variants-throughput.png"
set title "saturated throughput (0: gw-64, 1: vrf-12x8)"
set xlabel "use case"
set ylabel "Mpps"
set grid
set key top left
set logscale y
plot "fig-full_variants-throughput.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full", \
     "fig-full_variants-throughput.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full[RecoveringBoundStep=true]", \
     "fig-full_variants-throughput.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full[Rounding=PlusOne]", \
     "fig-full_variants-throughput.dat" index 3 using 1:2 with lines dashtype 2 linewidth 2 title "controller=full[Rounding=PlusOne|RecoveringBoundStep=true]", \
     "fig-full_variants-throughput.dat" index 4 using 1:2 with lines dashtype 2 linewidth 2 title "controller=max", \
     "fig-full_variants-throughput.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "controller=null"
