#!/bin/sh
# tests/mpi.sh BIN: the MPI build (make mpi: BIN's directory/paperbowl-mpi) against the plain BIN,
# byte for byte, under mpirun: a game solve split over 2 and 3 ranks (the value file and stdout),
# a switch sweep, a rule diff and a tune's grid spread over the ranks (stdout), and the failures (exit 2, one
# message, nothing written), among them a rank that read other inputs than rank 0 (its copy of
# the ruleset, a switch, an option). Run by make check with MAKE, BUILD and SAN set; builds the
# MPI binary through make (which installs Open MPI when missing) and skips, saying so, where there is no
# mpirun. Every mpirun runs under `timeout`: a hang fails. With SAN=1 (make asan) only the failures
# run, sanitized (Open MPI's own leaks are not reported): a sanitized game solve takes over a
# minute a run here, so the byte-for-byte comparisons are left to the plain build.
bin=${1:-bin/paperbowl}
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
mpi=$(dirname "$bin")/paperbowl-mpi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)

if ! $MAKE -s BUILD="$BUILD" BIN="$bin" SAN="$SAN" "$bin" mpi >"$tmp/build.log" 2>&1; then
    if ! command -v mpicc >/dev/null 2>&1 || ! command -v mpirun >/dev/null 2>&1; then
        echo "mpi: skipped: Open MPI (mpicc, mpirun) is missing and could not be installed (make mpi)"
        exit 0
    fi
    cat "$tmp/build.log"
    echo "mpi: FAIL: make mpi"
    exit 1
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "mpi: skipped: no mpirun (Debian: openmpi-bin)"
    exit 0
fi
# as root (CI), Open MPI wants both; in containers, no cross-memory attach between the ranks
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
run() {   # run NP ARGS...: the MPI binary on NP ranks (oversubscribed: CI may have fewer cores)
    np=$1; shift
    timeout 300 mpirun ${MPIRUN_QUIET--q} --oversubscribe -np "$np" "$mpi" "$@"
}
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL mpi: $*"; fail=$((fail + 1)); }

# same NAME NP WANT_STATUS ARGS...: stdout (and the value file under $tmp/out, when one is
# written) at NP ranks against the plain binary's, byte for byte. WANT_STATUS: both binaries', or
# PLAIN/MPI (diff's "changes found", 1, ends as 0 under MPI). With MPIRUN_QUIET= (mpirun without
# -q), stderr must not hold Open MPI's banner for a non-zero exit.
same() {
    name=$1 np=$2 want=${3%/*} mpiwant=${3#*/}; shift 3
    rm -rf "$tmp/out"
    "$bin" "$@" >"$tmp/plain.txt" 2>"$tmp/plain.err"; got=$?
    [ "$got" = "$want" ] || { bad "$name: the plain binary exits $got, want $want"; cat "$tmp/plain.err"; return; }
    files=$(ls "$tmp/out" 2>/dev/null)
    [ -n "$files" ] && mv "$tmp/out" "$tmp/plain.out"
    for n in $np; do
        rm -rf "$tmp/out"
        run "$n" "$@" >"$tmp/mpi.txt" 2>"$tmp/mpi.err"; got=$?
        if [ "$got" != "$mpiwant" ]; then bad "$name, np $n: exit $got, want $mpiwant"; cat "$tmp/mpi.err"; continue; fi
        if grep -q 'non-zero' "$tmp/mpi.err"; then bad "$name, np $n: Open MPI's banner"; cat "$tmp/mpi.err"; continue; fi
        cmp -s "$tmp/plain.txt" "$tmp/mpi.txt" || { bad "$name, np $n: stdout differs"; diff "$tmp/plain.txt" "$tmp/mpi.txt" | head -5; continue; }
        for f in $files; do
            cmp -s "$tmp/plain.out/$f" "$tmp/out/$f" || { bad "$name, np $n: $f differs"; continue 2; }
        done
        ok
    done
    rm -rf "$tmp/out" "$tmp/plain.out"
}

# fails NAME NP MESSAGE ARGS...: exit 2, nothing on stdout, stderr exactly MESSAGE, nothing under $tmp/out
fails() {
    name=$1 np=$2 msg=$3; shift 3
    rm -rf "$tmp/out"
    run "$np" "$@" >"$tmp/mpi.txt" 2>"$tmp/mpi.err"; got=$?
    if [ "$got" != 2 ]; then bad "$name: exit $got, want 2"; cat "$tmp/mpi.err"; return; fi
    [ -s "$tmp/mpi.txt" ] && { bad "$name: printed to stdout"; return; }
    printf '%s\n' "$msg" | cmp -s - "$tmp/mpi.err" || { bad "$name: stderr is not the one message"; cat "$tmp/mpi.err"; return; }
    [ -n "$(ls "$tmp/out" 2>/dev/null)" ] && { bad "$name: wrote $(ls "$tmp/out")"; return; }
    ok
}

quick=0
if [ "${SAN:-}" = 1 ]; then
    quick=1
    export ASAN_OPTIONS=detect_leaks=0
    echo "mpi: sanitized build: the failures only (the solves byte for byte: make check)"
else
    same "solve game" "2 3" 0 solve game --ruleset tests/data/game_small.ini --lead-cap 6 --threads 1 \
        --output "$tmp/out"
    # one alternative: the baseline and it, one round on 2 ranks (3 ranks: the solve above)
    same "verify switches --game" 2 0 verify switches --game --ruleset tests/data/game_tiny.ini --lead-cap 2 \
        --only F03-INC --threads 1
    MPIRUN_QUIET= same "diff --game" 2 1/0 diff tests/data/game_tiny.ini tests/data/game_tiny.ini --switch F03-INC=at-scrimmage \
        --game --lead-cap 2 --threads 1
    # a tune's grid in blocks over the ranks: its table and its JSON; game-level rows (a solve
    # each, the value files in the cache folder compared too)
    same "tune" "2 3" 0 tune --vary pat.kick_at_least=2..12 --vary pat.two_point_togo=1,2 \
        --target 'P(success) kick=pat' --equal 0.9 --threads 1
    same "tune --json" 3 0 tune --vary 'field_goal.within_30={1|1 2|1 2 3}' --vary field_goal.doubles=yes,no \
        --target 'P(success) kick=fg togo=30' --equal 1/2 --json
    same "tune --game" 2 0 tune --ruleset tests/data/game_tiny.ini --vary kickoff.base=40,60 \
        --target 'WP half=1 left=2 lead=0 kick=kickoff' --game --lead-cap 2 --cache "$tmp/out" --threads 1
fi
fails "tune: an unknown key" 2 "paperbowl tune: error: --vary: unknown key 'pat.kick_at_lest' (section.key, as 'paperbowl rules show' prints it: pat.kick_at_least, punt.distance, 'defense 5.run')" \
    tune --vary pat.kick_at_lest=2..12 --target 'P(success) kick=pat'

fails "a bad option" 2 "paperbowl solve: error: unknown option '--bogus' (see 'paperbowl solve --help')" \
    solve game --bogus --output "$tmp/out"
fails "a missing ruleset file" 2 "paperbowl solve: error: $tmp/none.ini: cannot open: No such file or directory" \
    solve game --ruleset "$tmp/none.ini" --output "$tmp/out"
: >"$tmp/file"
fails "an unwritable --output" 2 "paperbowl solve: error: --output '$tmp/file/out': cannot make the directory: Not a directory" \
    solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --output "$tmp/file/out"
fails "diff --game --cache (one process only)" 2 "paperbowl diff: error: --cache runs in one process: use paperbowl, not paperbowl-mpi" \
    diff tests/data/game_tiny.ini tests/data/game_tiny.ini --game --lead-cap 2 --cache "$tmp/out"
fails "verify switches --game --cache (one process only)" 2 "paperbowl verify: error: --cache runs in one process: use paperbowl, not paperbowl-mpi" \
    verify switches --game --ruleset tests/data/game_tiny.ini --lead-cap 2 --cache "$tmp/out"
fails "a command that does not run under MPI" 2 "paperbowl-mpi: error: 'sim' does not run under MPI: paperbowl-mpi runs 'solve game', 'verify switches --game', 'diff A B --game' and 'tune' (the rest: paperbowl)" \
    sim --games 10
# a ruleset file only rank 0 can read (a node without it): rank 1 stops while reading the options
cat >"$tmp/rank.sh" <<EOS
if [ "\$OMPI_COMM_WORLD_RANK" = 0 ]; then r=tests/data/game_tiny.ini; else r=$tmp/none.ini; fi
exec "$mpi" "\$@" --ruleset "\$r"
EOS
rank_fails() {
    name=$1 msg=$2; shift 2
    rm -rf "$tmp/out"
    timeout 300 mpirun -q --oversubscribe -np 2 sh "$tmp/rank.sh" "$@" >"$tmp/mpi.txt" 2>"$tmp/mpi.err"; got=$?
    if [ "$got" != 2 ]; then bad "$name: exit $got, want 2"; cat "$tmp/mpi.err"; return; fi
    printf '%s\n' "$msg" | cmp -s - "$tmp/mpi.err" || { bad "$name: stderr is not the one message"; cat "$tmp/mpi.err"; return; }
    [ -s "$tmp/mpi.txt" ] || [ -n "$(ls "$tmp/out" 2>/dev/null)" ] && { bad "$name: printed or wrote"; return; }
    ok
}
rank_fails "solve game, one rank without the ruleset" \
    "paperbowl solve: error: $tmp/none.ini: cannot open: No such file or directory" \
    solve game --lead-cap 2 --output "$tmp/out"
if [ $quick = 0 ]; then
    rank_fails "verify switches --game, one rank without the ruleset" \
        "paperbowl verify: error: $tmp/none.ini: cannot open: No such file or directory" \
        verify switches --game --lead-cap 2
fi

# every rank must read the same inputs: rank 1's copy of the ruleset has one switch changed (the
# same path on another node), or its command line has another option (MPMD): no work, one message
# naming the rank, nothing written
sed 's/^F03-INC = no-fumble/F03-INC = at-scrimmage/' tests/data/game_tiny.ini >"$tmp/other.ini"
cat >"$tmp/rank.sh" <<EOS
if [ "\$OMPI_COMM_WORLD_RANK" = 0 ]; then r=tests/data/game_tiny.ini; else r=$tmp/other.ini; fi
exec "$mpi" "\$@" --ruleset "\$r"
EOS
differ="read other inputs than rank 0 (the ruleset differs: its text or its switches): every rank must read the same"
rank_fails "solve game, rank 1's ruleset differs" "paperbowl solve: error: rank 1 $differ" \
    solve game --lead-cap 2 --threads 1 --output "$tmp/out"
if [ $quick = 0 ]; then
    rank_fails "verify switches --game, rank 1's ruleset differs" "paperbowl verify: error: rank 1 $differ" \
        verify switches --game --lead-cap 2 --threads 1 --only F03-INC
fi
mpmd_fails() {
    name=$1 msg=$2; shift 2
    rm -rf "$tmp/out"
    timeout 300 mpirun -q --oversubscribe -np 2 "$mpi" solve game --ruleset tests/data/game_tiny.ini --threads 1 \
        --output "$tmp/out" --lead-cap 2 : -np 1 "$mpi" solve game --ruleset tests/data/game_tiny.ini --threads 1 \
        --output "$tmp/out" "$@" >"$tmp/mpi.txt" 2>"$tmp/mpi.err"; got=$?
    if [ "$got" != 2 ]; then bad "$name: exit $got, want 2"; cat "$tmp/mpi.err"; return; fi
    printf '%s\n' "$msg" | cmp -s - "$tmp/mpi.err" || { bad "$name: stderr is not the one message"; cat "$tmp/mpi.err"; return; }
    [ -s "$tmp/mpi.txt" ] || [ -n "$(ls "$tmp/out" 2>/dev/null)" ] && { bad "$name: printed or wrote"; return; }
    ok
}
mpmd_fails "solve game, rank 2 has another switch" "paperbowl solve: error: rank 2 $differ" \
    --lead-cap 2 --switch F03-INC=at-scrimmage
opts() { echo "--lead-cap $1, keep -1, --full-last 0, --output $2, --strategy-out -"; }
mpmd_fails "solve game, rank 2 has another --lead-cap" "paperbowl solve: error: rank 2 read other inputs than rank 0 (the options differ: '$(opts 3 "$tmp/out")' here, '$(opts 2 "$tmp/out")' on rank 0): every rank must read the same" --lead-cap 3
# another --output on a rank (only rank 0 writes: it would be ignored): refused, naming it
mpmd_fails "solve game, rank 2 has another --output" "paperbowl solve: error: rank 2 read other inputs than rank 0 (the options differ: '$(opts 2 "$tmp/out2")' here, '$(opts 2 "$tmp/out")' on rank 0): every rank must read the same" --lead-cap 2 --output "$tmp/out2"

echo "mpi: $pass passed, $fail failed ($(( $(date +%s) - t0 )) s)"
[ $fail = 0 ]
