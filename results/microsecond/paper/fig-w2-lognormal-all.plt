set terminal pngcairo size 900,560 enhanced
set output "fig-w2-lognormal-all.png"
set title "W2, lognormal arrivals: p99.9 latency of all requests (95 % CI over 10 runs)"
set xlabel "load (% of the policy's workers)"
set ylabel "p99.9 latency (us)"
set grid
set key top left
set logscale y
plot "fig-w2-lognormal-all.dat" index 0 using 1:2:3 with yerrorlines title "label=AFP-1", \
     "fig-w2-lognormal-all.dat" index 1 using 1:2:3 with yerrorlines title "label=AFP-2", \
     "fig-w2-lognormal-all.dat" index 2 using 1:2:3 with yerrorlines title "label=AFP-4", \
     "fig-w2-lognormal-all.dat" index 3 using 1:2:3 with yerrorlines title "label=AFP-8", \
     "fig-w2-lognormal-all.dat" index 4 using 1:2:3 with yerrorlines title "label=PSP-150", \
     "fig-w2-lognormal-all.dat" index 5 using 1:2:3 with yerrorlines title "label=PSP-150 (passes)", \
     "fig-w2-lognormal-all.dat" index 6 using 1:2:3 with yerrorlines title "label=PSP-150 (worker pull)", \
     "fig-w2-lognormal-all.dat" index 7 using 1:2:3 with yerrorlines title "label=RSS"
