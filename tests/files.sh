#!/bin/sh
# tests/files.sh BIN: the files the tool writes and reads, through the commands (DESIGN.md, "Files
# the tool writes, and files it reads"): a device or FIFO named as an output is written directly and
# never replaced; a symlink planted at a temporary's old predictable name is not followed; a long
# --output fits; SIGINT mid-write leaves no temporary; every output is checked before any work; a
# FIFO or directory given as an input is refused at once with the reason. Quick (seconds).
bin=${1:?usage: tests/files.sh BIN}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "files: FAIL: $*"; }
# expect NAME STATUS TEXT CMD...: CMD (under a timeout of $limit seconds) exits STATUS and prints TEXT
limit=600
expect() {
    name=$1 want=$2 text=$3
    shift 3
    out=$(timeout $limit "$@" 2>&1)
    rc=$?
    if [ "$rc" != "$want" ]; then bad "$name: exit $rc, expected $want: $out"
    elif [ -n "$text" ] && ! printf '%s' "$out" | grep -qF -- "$text"; then bad "$name: no '$text' in: $out"
    else ok; fi
}
kind() { ls -ld "$1" 2>/dev/null | cut -c1; }

# 1. a device named as an output (a scratch /dev/null made here, as root only) is written, not replaced
if mknod "$tmp/null" c 1 3 2>/dev/null; then
    expect "solve ep to a device" 0 "" "$bin" solve ep --format csv --output "$tmp/null"
    [ "$(kind "$tmp/null")" = c ] && ok || bad "solve ep --output DEVICE replaced the device: $(ls -l "$tmp/null")"
    expect "sim --log to a device" 0 "" "$bin" sim --games 1 --log "$tmp/null"
    [ "$(kind "$tmp/null")" = c ] && ok || bad "sim --log DEVICE replaced the device"
else
    echo "files: not root: the device case is skipped (the FIFO case stands for it)"
fi
# ... and a FIFO with a reader gets the bytes and stays a FIFO
mkfifo "$tmp/fifo"
(timeout 60 cat "$tmp/fifo" > "$tmp/fifo.got") &
expect "sim --log to a FIFO" 0 "" "$bin" sim --games 1 --log "$tmp/fifo"
wait
[ "$(kind "$tmp/fifo")" = p ] && ok || bad "sim --log FIFO replaced the FIFO"
grep -q "game 0" "$tmp/fifo.got" && ok || bad "sim --log FIFO: the reader got $(wc -c < "$tmp/fifo.got") bytes"

# 2. a symlink planted at the old predictable temporary (PATH.tmp<pid>: exec keeps the pid) is not followed
echo precious > "$tmp/precious"
sh -c 'ln -s "$1/precious" "$1/log.txt.tmp$$"; exec "$2" sim --games 1 --log "$1/log.txt" >/dev/null 2>&1' sh "$tmp" "$bin"
[ "$(cat "$tmp/precious")" = precious ] && ok || bad "a planted symlink was followed: its target now holds $(head -c 40 "$tmp/precious")"
[ "$(kind "$tmp/log.txt")" = - ] && grep -q "game 0" "$tmp/log.txt" && ok || bad "sim --log beside a planted symlink: no log"

# 3. a 1,023-character --output directory: the value file is written in it, under its own name
long=$tmp
while [ ${#long} -lt 800 ]; do long=$long/$(printf '%0200d' 0); done
long=$long/$(printf '%0*d' $((1022 - ${#long})) 0)   # 1,023 with its slash
mkdir -p "$long"
[ ${#long} = 1023 ] || bad "the long directory has ${#long} characters, not 1023"
expect "solve game --output LONG" 0 "" nice "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --threads 1 --output "$long"
[ -f "$long/game-game-tiny.pbv" ] && ok || bad "solve game --output LONG: no $long/game-game-tiny.pbv"
rm -rf "$tmp/0"*

# 4. SIGINT, SIGTERM while a large --log is written: the program ends by the signal, no temporary is
# left (env --default-signal: a shell starts a background job with SIGINT ignored)
interrupt() {
    sig=$1
    env --default-signal=INT "$bin" sim --games 2000 --log-games 2000 --log "$tmp/big.log" > /dev/null 2>&1 &
    pid=$!
    seen=0 i=0
    while [ $i -lt 3000 ] && kill -0 $pid 2>/dev/null; do
        for f in "$tmp"/big.log.tmp*; do [ -e "$f" ] && seen=1; done
        [ $seen = 1 ] && break
        sleep 0.005; i=$((i + 1))
    done
    if [ $seen = 1 ]; then
        kill -$sig $pid
        wait $pid 2>/dev/null
        rc=$?
        left=$(ls "$tmp" | grep -c 'big\.log\.tmp')
        [ "$left" = 0 ] && ok || bad "SIG$sig mid-write left a temporary: $(ls "$tmp" | grep 'big\.log')"
        [ $rc -gt 128 ] || [ -f "$tmp/big.log" ] && ok || bad "SIG$sig mid-write: exit $rc"
    else
        wait $pid
        echo "files: the --log write ended before its temporary was seen: the SIG$sig case is skipped"
    fi
    rm -f "$tmp"/big.log*
}
interrupt INT
interrupt TERM

# 5. every output checked before any work: --strategy-out before the solve (nothing solved, nothing written)
expect "solve game --strategy-out NODIR" 2 "paperbowl solve: error: --strategy-out: cannot write '$tmp/nodir/s.pbv': No such file or directory" \
    "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --output "$tmp/o5" --strategy-out "$tmp/nodir/s.pbv"
[ -z "$(ls "$tmp/o5" 2>/dev/null)" ] && ok || bad "solve game wrote $(ls "$tmp/o5") before refusing --strategy-out"
echo x > "$tmp/afile"
expect "sim --log AFILE/x" 2 "--log: cannot write '$tmp/afile/x': Not a directory" "$bin" sim --games 1 --log "$tmp/afile/x"
expect "grid --output AFILE/x" 2 "--output: cannot write '$tmp/afile/x': Not a directory" "$bin" grid --output "$tmp/afile/x"
expect "solve ep --output AFILE/x" 2 "--output: cannot write '$tmp/afile/x': Not a directory" "$bin" solve ep --output "$tmp/afile/x"
expect "solve ep --output DIR" 2 "--output: cannot write '$tmp': Is a directory" "$bin" solve ep --output "$tmp"

# 7. a FIFO with no writer, or a directory, given as an input: refused at once, with the reason
limit=30   # a blocking read would wait for ever
mkfifo "$tmp/vfifo"
expect "solve wp --values FIFO" 2 "$tmp/vfifo: not a regular file (a FIFO)" \
    "$bin" solve wp --half 2 --left 3 --lead 0 --togo 35 --values "$tmp/vfifo"
expect "solve check --values FIFO" 2 "$tmp/vfifo: not a regular file (a FIFO)" \
    "$bin" solve check --games 1 --values "$tmp/vfifo"
expect "tables --game --values FIFO" 2 "$tmp/vfifo: not a regular file (a FIFO)" \
    "$bin" tables --game --values "$tmp/vfifo" --only fg --out "$tmp/t"
expect "sim --home FIFO" 2 "--home: $tmp/vfifo: not a regular file (a FIFO)" "$bin" sim --games 1 --home "$tmp/vfifo"
expect "rules show --ruleset FIFO" 2 "$tmp/vfifo: not a regular file (a FIFO)" "$bin" rules show --ruleset "$tmp/vfifo"
expect "solve wp --values DIR" 2 "$tmp: is a directory, not a file" \
    "$bin" solve wp --half 2 --left 3 --lead 0 --togo 35 --values "$tmp"
expect "rules show --ruleset DIR" 2 "$tmp/: is a directory, not a file" "$bin" rules show --ruleset "$tmp/"

# 8. a symlink named as an output (to a regular file, a full device, a FIFO with no reader, nothing,
# or itself) is never followed nor replaced: every command's output refused at once (in seconds,
# before any work), the link and what it names left as they were
limit=30   # a FIFO opened for writing with no reader would wait for ever
mkdir "$tmp/l"
echo precious > "$tmp/l/keep"
ln -s keep "$tmp/l/to-file"
ln -s nowhere "$tmp/l/dangling"
ln -s loop "$tmp/l/loop"
mkfifo "$tmp/l/fifo"
ln -s fifo "$tmp/l/to-fifo"
links="to-file dangling loop to-fifo"
if mknod "$tmp/l/full" c 1 7 2>/dev/null; then
    ln -s full "$tmp/l/to-full"
    links="$links to-full"
fi
sym="a symbolic link (never followed"
for l in $links; do
    o=$tmp/l/$l
    expect "solve ep --output ->$l" 2 "--output: cannot write '$o': $sym" "$bin" solve ep --format csv --output "$o"
    expect "grid --output ->$l" 2 "--output: cannot write '$o': $sym" "$bin" grid --output "$o"
    expect "sim --log ->$l" 2 "--log: cannot write '$o': $sym" "$bin" sim --games 1 --log "$o"
    expect "soccer report --out ->$l" 2 "--out: cannot write '$o': $sym" "$bin" soccer report --out "$o"
    expect "solve game --strategy-out ->$l" 2 "--strategy-out: cannot write '$o': $sym" \
        "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --output "$tmp/o8" --strategy-out "$o"
    [ -L "$o" ] && ok || bad "$l: the symlink was replaced"
done
[ "$(cat "$tmp/l/keep")" = precious ] && ok || bad "a symlink was followed: its target holds $(head -c 40 "$tmp/l/keep")"
[ -p "$tmp/l/fifo" ] && ok || bad "the FIFO was replaced"
# the game's value file in --output DIR, and the cache of tables --game, a symlink loop: refused
# before the solve (no 'solving' first)
mkdir "$tmp/o9"
ln -s game-game-tiny.pbv "$tmp/o9/game-game-tiny.pbv"
expect "solve game, its value file ->loop" 2 "cannot write '$tmp/o9/game-game-tiny.pbv': $sym" \
    "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 2 --output "$tmp/o9"
out=$(timeout $limit "$bin" tables --ruleset tests/data/game_tiny.ini --game --only game-coin-toss --format txt \
    --out "$tmp/o9" 2>&1)
rc=$?
if [ $rc = 2 ] && printf '%s' "$out" | grep -qF "$sym" && ! printf '%s' "$out" | grep -q solving; then ok
else bad "tables --game, the cache file a symlink loop: exit $rc (want 2, refused before solving): $out"; fi
# tables --out itself a dangling symlink, a loop: refused before the tables are computed
expect "tables --out ->dangling" 2 "--out: '$tmp/l/dangling' is a symbolic link to nothing" \
    "$bin" tables --only fg --out "$tmp/l/dangling"
expect "tables --out ->loop" 2 "--out: '$tmp/l/loop': Too many levels of symbolic links" \
    "$bin" tables --only fg --out "$tmp/l/loop"

echo "files: $pass passed, $fail failed"
[ $fail = 0 ]
