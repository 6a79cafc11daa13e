#!/bin/sh
# tests/readme.sh BIN: every example of the pages that show commands runs as written: README.md,
# doc/guide.md, doc/commands.md and doc/figures.md (README=FILE... names others; the convention is stated in
# doc/README.md, "Examples"). In the pages' code blocks:
#   - `$ bin/paperbowl ARGS` followed by lines: run, and what it prints (stdout and stderr) must be
#     exactly those lines (up to the next `$ ` line or the end of the block);
#   - `bin/paperbowl ARGS   # comment`: run; status 0 (1 for a `diff` that finds changes) and no
#     "error:" in what it prints;
#   - a comment ending in `(long: ...)` marks a line that takes minutes: left out, and counted.
# Other lines (make, mpirun, cc, the hosts file) are not run here (tests/install.sh, tests/mpi.sh).
# The commands run in a temporary folder holding `bin/paperbowl` (BIN), `tests/` (the tree's) and
# an empty `out/` (as `make tables` leaves it), each under `timeout 300`; the files they write
# must go into out/ (the README says so), never beside the sources: any other file left in the
# folder fails.
bin=${1:-bin/paperbowl}
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
case "$bin" in /*) ;; *) bin=$root/$bin ;; esac
pages=${README:-$root/README.md $root/doc/guide.md $root/doc/commands.md $root/doc/figures.md}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/run/bin" "$tmp/run/out" && ln -s "$bin" "$tmp/run/bin/paperbowl" && ln -s "$root/tests" "$tmp/run/tests" ||
    exit 2

# The examples, one per record: "R<TAB>COMMAND" (run), "T<TAB>COMMAND" (a transcript: the expected
# lines follow as "E<TAB>LINE"), "S<TAB>COMMAND" (long: left out).
awk '
    /^```/ { inb = !inb; tr = 0; next }
    !inb { next }
    /^\$ bin\/paperbowl / { tr = 1; print "T\t" substr($0, 3); next }
    /^\$ / { tr = 0; next }
    tr { print "E\t" $0; next }
    /^bin\/paperbowl / {
        cmd = $0; comment = ""
        i = index(cmd, "  # ")
        if (i > 0) { comment = substr(cmd, i + 4); cmd = substr(cmd, 1, i - 1) }
        sub(/[ \t]+$/, "", cmd)
        if (comment ~ /\(long: [^)]*\)[ \t]*$/) print "S\t" cmd; else print "R\t" cmd
    }
' $pages > "$tmp/examples"

pass=0 fail=0 skipped=0
bad() { echo "FAIL readme: $*"; fail=$((fail + 1)); }
# run COMMAND: in the folder, what it prints in $tmp/got, its status in $got_status
run() {
    (cd "$tmp/run" && eval "timeout 300 $1") > "$tmp/got" 2>&1
    got_status=$?
}
check_transcript() {
    [ -n "$tcmd" ] || return 0
    run "$tcmd"
    if [ "$got_status" != 0 ]; then bad "'$tcmd' exits $got_status"; cat "$tmp/got"
    elif ! cmp -s "$tmp/want" "$tmp/got"; then bad "'$tcmd' prints other lines than the README shows:"; diff "$tmp/want" "$tmp/got" | head -10
    else pass=$((pass + 1)); fi
    tcmd=""
}
tcmd=""
: > "$tmp/want"
while IFS='	' read -r kind text; do
    case "$kind" in
        E) printf '%s\n' "$text" >> "$tmp/want"; continue ;;
    esac
    check_transcript
    case "$kind" in
        T) tcmd=$text; : > "$tmp/want" ;;
        S) skipped=$((skipped + 1)) ;;
        R)
            t0=$(date +%s)
            run "$text"
            secs=$(($(date +%s) - t0))
            ok=0
            case "$got_status" in 0) ok=1 ;; 1) case "$text" in "bin/paperbowl diff "*) ok=1 ;; esac ;; esac
            if [ $ok = 0 ]; then bad "'$text' exits $got_status"; head -5 "$tmp/got"
            elif grep -q 'error:' "$tmp/got"; then bad "'$text' prints an error"; grep 'error:' "$tmp/got" | head -3
            else pass=$((pass + 1)); fi
            [ "$secs" -gt 60 ] && echo "readme: note: '$text' took $secs s: mark it (long: ...) in the README?"
            ;;
    esac
done < "$tmp/examples"
check_transcript
left=$(cd "$tmp/run" && ls -A | grep -vx -e bin -e tests -e out)
[ -z "$left" ] || bad "the examples write into the top of the source tree, not out/:" $left
[ $((pass + fail)) -gt 0 ] || bad "no example found in $pages"
echo "readme: $pass examples of $(echo $pages | wc -w) pages ran as written, $fail failed, $skipped long ones left out"
[ $fail = 0 ]
