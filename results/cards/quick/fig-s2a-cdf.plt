set terminal pngcairo size 900,560 enhanced
set output "fig-s2a-cdf.png"
set title "Scenario 2a (scaled servers), 1245 clients: RCT distribution"
set xlabel "RCT (ms)"
set ylabel "CDF"
set grid
set key top left

plot "fig-s2a-cdf.dat" index 0 using 1:2 with lines dashtype 2 linewidth 2 title "inter=cards", \
     "fig-s2a-cdf.dat" index 1 using 1:2 with lines dashtype 2 linewidth 2 title "inter=random", \
     "fig-s2a-cdf.dat" index 2 using 1:2 with lines dashtype 2 linewidth 2 title "inter=steam"
