#!/bin/sh
# tools/fuzz.sh BIN SECONDS [TARGET...]: the libFuzzer targets of tests/fuzz/ (ruleset strategy
# wp_file num games ask; all when none is named), built with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer into build-fuzz/. Each target first replays every input kept in
# tests/fuzz/regress/TARGET/ (the crash inputs found so far: each must now pass), then fuzzes for
# SECONDS from its corpus (build-fuzz/corpus-TARGET, seeded from the shipped files and the kept
# inputs). A new crash, leak or timeout input is left in build-fuzz/crashes/TARGET/ and named:
# fix it and keep it in tests/fuzz/regress/TARGET/. One line per target: its runs, or what failed.
# Exit 0 when every target replayed and fuzzed clean, else 1. clang, libFuzzer's runtime
# (libclang-rt-dev) and llvm-symbolizer (llvm: symbolized traces) are installed when missing.
# Environment: CPPFLAGS and LDLIBS as the Makefile's (`make fuzz` and `make check` pass them; else
# the Makefile's of today), MAKE.
# `make fuzz` runs it for FUZZ_SECONDS (60) each; `make check` for a few seconds each.
set -u
bin=${1:?usage: tools/fuzz.sh BIN SECONDS [TARGET...]}
secs=${2:?usage: tools/fuzz.sh BIN SECONDS [TARGET...]}
shift 2
targets=${*:-ruleset strategy wp_file num games ask serve}
make=${MAKE:-make}
cppflags=${CPPFLAGS:--Icore -Ienumerate -Isim -Isolve -Iask -Itables -Iverify -Isoccer -Icarriers -Icardgame -Icli -Iserve -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE}
ldlibs=${LDLIBS:--lmpfr -lgmp -linih -ljansson -lmicrohttpd -lm -pthread}
out=build-fuzz
lib=$out/lib/libpaperbowl.a
flags='-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined'

sh tools/install-deps.sh clang libclang-rt-dev llvm || exit 1
command -v clang > /dev/null || { echo "fuzz: clang (libFuzzer) is missing and could not be installed" >&2; exit 1; }
# the library, sanitized, the checksums skipped (PB_FUZZ_NO_CHECKSUM: a changed payload is read on)
MAKEFLAGS= $make -s -j2 BUILD=$out/lib CC=clang SAN= \
    CFLAGS='-g -O1 -std=c11 -pthread -fsanitize=fuzzer-no-link,address,undefined -DPB_FUZZ_NO_CHECKSUM' $lib ||
    exit 1
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

seed() {   # seed TARGET: its starting corpus
    c=$out/corpus-$1
    mkdir -p "$c"
    case $1 in
    ruleset) cp rules/*.ini "$c/" ;;
    strategy) cp strategies/*.ini "$c/" ;;
    wp_file)
        [ -f "$c/game-game-tiny.pbv" ] || "$bin" solve game --ruleset tests/data/game_tiny.ini --lead-cap 1 \
            --headline --threads 2 --output "$c" > /dev/null || return 1 ;;
    num) for s in 0 1 -3 2.5 1e3 0x10 4294967297 1,2 nan; do printf '\003\006%s' "$s" > "$c/seed-$s"; done ;;
    games)
        { printf S; cat soccer/tactics.ini; } > "$c/seed-soccer"
        { printf C; cat carriers/carriers.ini; } > "$c/seed-carriers"
        { printf T; cat cardgame/cardgame.ini; } > "$c/seed-cardgame"
        printf 'M3=KKK112' > "$c/seed-switch" ;;
    ask)
        n=0
        while IFS= read -r line; do
            n=$((n + 1))
            printf '%s' "$line" > "$c/seed$n"
        done < tests/fuzz/ask_seeds.txt ;;
    serve)
        printf '{"edits":[["punt","distance","40"],["defense 5","run","5"]]}' > "$c/seed-edits"
        printf '{"edits":[["switches","END-LINE","ge"]]}' > "$c/seed-switch"
        "$bin" rules show | python3 -c 'import json,sys; print(json.dumps({"text": sys.stdin.read()}))' > "$c/seed-text"
        printf 'ja,en-US;q=0.9' > "$c/seed-lang"
        printf 'a=1; pb_token_8642=abc' > "$c/seed-cookie" ;;
    esac
}

build() {   # build TARGET: build-fuzz/fuzz_TARGET
    case $1 in
    wp_file) extra="-DPB_FUZZ_RULESET=\"$(pwd)/tests/data/game_tiny.ini\"" ;;
    num) extra= ;;   # core/num_parse.c: in the library
    serve) extra=serve/serve_req.c ;;   # serve/: not in the library (the command's room)
    *) extra= ;;
    esac
    # (word splitting wanted: the flag lists)
    # shellcheck disable=SC2086
    clang $flags $cppflags -o "$out/fuzz_$1" "tests/fuzz/fuzz_$1.c" $extra $lib $ldlibs
}

opts() {   # opts TARGET: its input size and time limits
    case $1 in
    ruleset) echo "-max_len=4096" ;;
    strategy) echo "-max_len=8192" ;;
    wp_file) echo "-max_len=32768 -timeout=10 -rss_limit_mb=4096" ;;
    num) echo "-max_len=64" ;;
    games) echo "-max_len=4096 -timeout=10" ;;
    ask) echo "-max_len=512 -timeout=5" ;;
    serve) echo "-max_len=8192 -timeout=5" ;;
    esac
}

failed=0
for t in $targets; do
    [ -f "tests/fuzz/fuzz_$t.c" ] || { echo "fuzz: no target '$t' (tests/fuzz/fuzz_$t.c)"; failed=1; continue; }
    if ! seed "$t" || ! build "$t"; then
        echo "fuzz $t: could not build or seed"
        failed=1
        continue
    fi
    log=$out/log-$t.txt
    kept=$(ls tests/fuzz/regress/$t/* 2> /dev/null)
    if [ -n "$kept" ]; then
        # shellcheck disable=SC2046,SC2086
        if ! "$out/fuzz_$t" $(opts "$t") $kept > "$log" 2>&1; then
            echo "fuzz $t: FAIL: a kept input crashes again (tests/fuzz/regress/$t/):"
            tail -40 "$log"
            failed=1
            continue
        fi
        echo "fuzz $t: $(echo "$kept" | wc -l) kept inputs replayed"
    fi
    mkdir -p "$out/crashes/$t"
    regress=
    [ -d "tests/fuzz/regress/$t" ] && regress=tests/fuzz/regress/$t
    # shellcheck disable=SC2046,SC2086
    if "$out/fuzz_$t" $(opts "$t") -max_total_time="$secs" -artifact_prefix="$out/crashes/$t/" \
        "$out/corpus-$t" $regress > "$log" 2>&1; then
        runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log" | tail -1)
        inputs=$(ls "$out/corpus-$t" | wc -l)
        echo "fuzz $t: $runs, no crash; the corpus: $inputs inputs"
    else
        echo "fuzz $t: FAIL: a new input crashes, leaks or hangs; keep it in tests/fuzz/regress/$t/ once fixed:"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$log" | head -8
        failed=1
    fi
done
exit $failed
