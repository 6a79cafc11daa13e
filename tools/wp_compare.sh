#!/bin/sh
# tools/wp_compare.sh: compare two solves of the same game at a grid of moments: every new
# interval must intersect the old one (the model did not change), and prints the largest move.
# usage: tools/wp_compare.sh OLDBIN OLDFILE NEWBIN NEWFILE [RULESET-ARGS...]  (each binary reads its own
# file: a file of an older format is read by the binary that wrote it); PB_CMP_LEFTS: the cards left
set -eu
ob=$1 of=$2 nb=$3 nf=$4; shift 4
P=${PB_CMP_LEFTS:-"40 30 20 10 5 2 1"}

ask() { bin=$1 file=$2; shift 2; "$bin" solve wp --values "$file" "$@" --json 2>&1; }
for half in 1 2; do for L in $P; do for lead in -14 -7 -3 0 3 7 14; do
  for m in "--togo 80" "--togo 50" "--togo 20" "--togo 5" "--kickoff" "--try"; do
    [ "$m" = "--try" ] && [ "$lead" -lt 6 ] && [ "$lead" -gt -1 ] && continue
    a=$(ask "$ob" "$of" --half $half --left $L --lead $lead $m "$@")
    b=$(ask "$nb" "$nf" --half $half --left $L --lead $lead $m "$@")
    echo "$half $L $lead $m|$a|$b"
  done; done; done; done | awk -F'|' '
  function f(s, k,   r) { if (match(s, "\"" k "\":[-0-9.e+]+")) { r = substr(s, RSTART + length(k) + 3, RLENGTH - length(k) - 3); return r + 0 } return "x" }
  { lo1 = f($2, "lo"); hi1 = f($2, "hi"); w1 = f($2, "wp"); lo2 = f($3, "lo"); hi2 = f($3, "hi"); w2 = f($3, "wp")
    if (lo1 == "x" || lo2 == "x") { skip++; next }
    n++; d = w2 - w1; if (d < 0) d = -d; if (d > worst) { worst = d; where = $1 }
    if (lo2 > hi1 || hi2 < lo1) { bad++; print "DISJOINT " $1 ": old [" lo1 ", " hi1 "] new [" lo2 ", " hi2 "]" }
    if (hi1 - lo1 > wo) wo = hi1 - lo1; if (hi2 - lo2 > wn) wn = hi2 - lo2 }
  END { printf "%d moments compared (%d not answered), %d disjoint; largest move %.3g at %s; widest interval old %.3g new %.3g\n", n, skip, bad, worst, where, wo, wn; exit bad > 0 }'
