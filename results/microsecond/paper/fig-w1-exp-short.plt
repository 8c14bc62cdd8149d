set terminal pngcairo size 900,560 enhanced
set output "fig-w1-exp-short.png"
set title "W1, exp arrivals: p99.9 latency of short requests (95 % CI over 10 runs)"
set xlabel "load (% of the policy's workers)"
set ylabel "p99.9 latency (us)"
set grid
set key top left
set logscale y
plot "fig-w1-exp-short.dat" index 0 using 1:2:3 with yerrorlines title "label=AFP-1", \
     "fig-w1-exp-short.dat" index 1 using 1:2:3 with yerrorlines title "label=AFP-2", \
     "fig-w1-exp-short.dat" index 2 using 1:2:3 with yerrorlines title "label=AFP-4", \
     "fig-w1-exp-short.dat" index 3 using 1:2:3 with yerrorlines title "label=AFP-8", \
     "fig-w1-exp-short.dat" index 4 using 1:2:3 with yerrorlines title "label=PSP-150", \
     "fig-w1-exp-short.dat" index 5 using 1:2:3 with yerrorlines title "label=PSP-150 (passes)", \
     "fig-w1-exp-short.dat" index 6 using 1:2:3 with yerrorlines title "label=PSP-150 (worker pull)", \
     "fig-w1-exp-short.dat" index 7 using 1:2:3 with yerrorlines title "label=RSS"
