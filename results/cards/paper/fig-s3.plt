set terminal pngcairo size 900,560 enhanced
set output "fig-s3.png"
set title "Scenario 3 (video chunks): mean RCT; bound 1.5 s"
set xlabel "clients"
set ylabel "mean RCT (ms)"
set grid
set key top left
set logscale y
plot "fig-s3.dat" index 0 using 1:2:3 with yerrorlines title "variant=CArDS, 1-minute affinity", \
     "fig-s3.dat" index 1 using 1:2:3 with yerrorlines title "variant=CArDS, packet level", \
     "fig-s3.dat" index 2 using 1:2:3 with yerrorlines title "variant=Random, 1-minute affinity", \
     "fig-s3.dat" index 3 using 1:2:3 with yerrorlines title "variant=Random, 1-minute affinity, rescheduled", \
     "fig-s3.dat" index 4 using 1:2:3 with yerrorlines title "variant=Random, packet level", \
     "fig-s3.dat" index 5 using 1:2 with lines dashtype 2 linewidth 2 title "1.5 s bound"
