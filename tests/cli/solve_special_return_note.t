solve special
0
touchback or return where a kick or punt stops (the receiver's EP), chosen here by EP; the
tables, roll, dist and sim choose by yards (--policy return=best: the touchback when a return's
  free kick (after a safety) regular  -2.210653   onside  -2.442731 (kept 0.3333)   best: regular by 0.232078
