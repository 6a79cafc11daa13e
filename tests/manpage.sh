#!/bin/sh
# tests/manpage.sh BIN: the man page (tools/manpage.sh, from the help texts), read by man as a
# user reads it (man-db: make check installs it): no warning from man --warnings in the POSIX
# locale (LANG=C) nor in UTF-8; no line wider than 80 columns at MANWIDTH=80 in either; the
# top usage lines once, in the SYNOPSIS, not again in the DESCRIPTION; a section for every
# command and every option of every help text in it; the card game's Japanese title shown in
# UTF-8 and its ASCII form (Amefuto shiyou ze!) in the POSIX locale.
bin=${1:-bin/paperbowl}
cd "$(dirname "$0")/.." || exit 2
command -v man > /dev/null || { echo "FAIL manpage: man is missing (Debian: man-db; make check installs it)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL manpage: $*"; fail=1; }
sh tools/manpage.sh "$bin" test > "$tmp/paperbowl.1" || { echo "FAIL manpage: tools/manpage.sh failed"; exit 1; }
sh tools/help-table.sh "$bin" > "$tmp/table" || exit 1
for loc in C C.UTF-8; do
    env -u LC_ALL LANG=$loc MANWIDTH=80 man --warnings -l "$tmp/paperbowl.1" > "$tmp/page.$loc" 2> "$tmp/warn.$loc"
    [ -s "$tmp/warn.$loc" ] && bad "LANG=$loc: man --warnings says: $(head -5 "$tmp/warn.$loc")"
    [ -s "$tmp/page.$loc" ] || bad "LANG=$loc: man shows nothing"
    # (wc -L: the widest line's columns, a Japanese character two)
    w=$(LC_ALL=C.UTF-8 wc -L < "$tmp/page.$loc")
    [ "$w" -le 80 ] || bad "LANG=$loc: lines up to $w columns wide, over 80: $(awk 'length > 80' "$tmp/page.$loc" | head -3)"
done
page=$tmp/page.C
# the top usage lines: once each, in the SYNOPSIS
awk -F'\t' '$1 == "-" && $2 == "usage" { print $4 }' "$tmp/table" > "$tmp/usage"
while IFS= read -r u; do
    n=$(grep -cF -- "$u" "$page")
    [ "$n" = 1 ] || bad "'$u' shown $n times, want once (in the SYNOPSIS)"
    sed -n '/^SYNOPSIS$/,/^DESCRIPTION$/p' "$page" | grep -qxF "       $u" || bad "'$u' is not in the SYNOPSIS"
done < "$tmp/usage"
[ -s "$tmp/usage" ] || bad "no usage line in paperbowl --help"
# every command's section, every option of every help
for c in $(awk -F'\t' '$1 == "-" && $2 == "item" && $3 ~ /^[a-z]+$/ { print $3 }' "$tmp/table") "solve game" "solve wp" "solve check"; do
    grep -qx "   paperbowl $c" "$page" || bad "no section 'paperbowl $c'"
done
awk -F'\t' '$2 == "option" { n = split($3, t, " "); for (i = 1; i <= n; i++) if (t[i] ~ /^--[a-z]/) { o = t[i]; sub(/,$/, "", o); print o } }' \
    "$tmp/table" | sort -u > "$tmp/options"
missing=$(while IFS= read -r o; do grep -q -- "$o\\b" "$page" || printf ' %s' "$o"; done < "$tmp/options")
[ -z "$missing" ] || bad "options of the help texts not in the page:$missing"
# the card game's title
grep -q '「アメフトしようぜ!」' "$tmp/page.C.UTF-8" || bad "LANG=C.UTF-8: the card game's title 「アメフトしようぜ!」 is not shown"
grep -q 'card-game draft (Amefuto shiyou ze!' "$page" || bad "LANG=C: the card game's title is not shown in ASCII: $(grep 'card-game draft' "$page")"
[ $fail = 0 ] && echo "manpage: no warning in C and UTF-8, at most 80 columns, the synopsis once, $(wc -l < "$tmp/options") options, the card game's title"
exit $fail
