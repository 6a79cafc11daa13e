#!/bin/sh
# tests/oom.sh BIN: out of memory is an error like any other: under a tight `ulimit -v` (in a
# subshell) a command prints exactly "paperbowl CMD: error: out of memory", exits 2, prints
# nothing on stdout and writes no file (before: abort(), SIGABRT). The limits sit well inside the
# window where the loader has mapped the program and its libraries but the command's own
# allocations fail (here: the loader needs about 7 MB; grid fails up to about 80 MB, the solve of
# game_tiny up to about 30 MB). Skipped under SAN=1: the sanitizers reserve terabytes of virtual
# memory, so no ulimit -v lets a sanitized binary start.
bin=${1:-bin/paperbowl}
if [ "${SAN:-}" = 1 ]; then
    echo "oom: skipped: the sanitized build reserves huge virtual memory (ulimit -v cannot apply)"
    exit 0
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0

# oom NAME KB MESSAGE ARGS...: under ulimit -v KB: exit 2, stderr exactly MESSAGE, no stdout, nothing under $tmp/out
oom() {
    name=$1 kb=$2 msg=$3; shift 3
    rm -rf "$tmp/out"; mkdir "$tmp/out"
    (ulimit -v "$kb" && exec timeout 120 "$bin" "$@") >"$tmp/stdout" 2>"$tmp/stderr"; got=$?
    if [ "$got" != 2 ]; then
        echo "FAIL oom: $name: exit $got, want 2"; head -c 300 "$tmp/stderr"; fail=$((fail + 1)); return
    fi
    if ! printf '%s\n' "$msg" | cmp -s - "$tmp/stderr"; then
        echo "FAIL oom: $name: stderr is not '$msg':"; head -c 300 "$tmp/stderr"; fail=$((fail + 1)); return
    fi
    if [ -s "$tmp/stdout" ] || [ -n "$(ls -A "$tmp/out")" ]; then
        echo "FAIL oom: $name: printed or wrote something"; ls -A "$tmp/out"; fail=$((fail + 1)); return
    fi
    pass=$((pass + 1))
}

oom "grid" 24000 "paperbowl grid: error: out of memory" \
    grid --ruleset tests/data/game_tiny.ini --threads 1 --no-progress
oom "grid --output" 24000 "paperbowl grid: error: out of memory" \
    grid --ruleset tests/data/game_tiny.ini --threads 2 --no-progress --output "$tmp/out/grid.csv"
oom "solve game" 16000 "paperbowl solve: error: out of memory" \
    solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --threads 1 --output "$tmp/out"
# the solve at limits across its run (the play tables, the dense tables, the layers): each either
# fails with the plain message (a layer's size may follow) and writes nothing, or succeeds (an
# item's error was once prefixed with the item's name: "punt from 39: out of memory")
for kb in 24000 32000 40000 48000 64000 96000; do
    rm -rf "$tmp/out"; mkdir "$tmp/out"
    (ulimit -v "$kb" && exec timeout 120 "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 \
        --threads 1 --output "$tmp/out") >"$tmp/stdout" 2>"$tmp/stderr"; got=$?
    if [ "$got" = 0 ]; then
        pass=$((pass + 1))
    elif [ "$got" = 2 ] && [ "$(wc -l <"$tmp/stderr")" = 1 ] &&
        grep -Eqx 'paperbowl solve: error: out of memory( \(a layer of [0-9]+\.[0-9] MiB\))?' "$tmp/stderr" &&
        ! [ -s "$tmp/stdout" ] && [ -z "$(ls -A "$tmp/out")" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL oom: solve game under ulimit -v $kb: exit $got:"; head -c 300 "$tmp/stderr"
        fail=$((fail + 1))
    fi
done
oom "tables" 24000 "paperbowl tables: error: out of memory" \
    tables --ruleset tests/data/game_tiny.ini --threads 2 --quiet --out "$tmp/out"

echo "oom: $pass passed, $fail failed"
[ $fail = 0 ]
