#!/bin/sh
# tests/install.sh BUILD BIN: `make install` gives a library people can link (doc/api.md).
#   1. make install PREFIX=$tmp/usr: the files expected, an archive with one member per library
#      source (every room but cli/), every installed header compiling on its own;
#   2. every examples/*.c built with `cc FILE $(pkg-config --cflags --libs paperbowl)` against
#      the installed tree, and run; examples/td_long_vs_d4 prints the same exact fraction as
#      `paperbowl ask 'P(td) offense=long defense=4 zone=red'`, examples/sim_games the same
#      report as `paperbowl sim --games 2000 --seed 7 --json`;
#   3. make uninstall leaves no file under the prefix, and no empty folder below its bin/ lib/ include/;
#      into a prefix with folders before the install (share/man), it removes only those it made;
#   4. the same with DESTDIR=$tmp/stage PREFIX=/usr: the same files, and none left after.
# make check runs it with its BUILD and BIN; LDFLAGS (make asan: -fsanitize=...) is added to
# the example's link, since a sanitized archive needs the sanitizer's runtime.
build=${1:-build}
bin=${2:-bin/paperbowl}
make=${MAKE:-make}
cc=${CC:-cc}
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
say() { echo "install: $*"; }
bad() { echo "install: FAILED: $*"; fail=1; }
mk() {
    # quiet on success; the output is shown when make fails
    if ! "$make" -s BUILD="$build" BIN="$bin" "$@" > "$tmp/make.log" 2>&1; then
        cat "$tmp/make.log"
        bad "make $*"
        return 1
    fi
}
# the files under a directory, relative to it, sorted
files() { (cd "$1" && find . -type f -o -type l) | sed 's|^\./||' | LC_ALL=C sort; }

prefix=$tmp/usr
mk install PREFIX="$prefix" || exit 1
files "$prefix" > "$tmp/installed"
for f in bin/paperbowl lib/libpaperbowl.a lib/pkgconfig/paperbowl.pc include/paperbowl/paperbowl.h \
    include/paperbowl/enumerate.h include/paperbowl/sim.h; do
    grep -qx "$f" "$tmp/installed" || bad "$f is not installed"
done

# the man page (from the help texts) and the bash completion, which offers the commands, the
# subcommands and the options
for f in share/man/man1/paperbowl.1 share/bash-completion/completions/paperbowl; do
    grep -qx "$f" "$tmp/installed" || bad "$f is not installed"
done
man=$prefix/share/man/man1/paperbowl.1
grep -q '^\.TH PAPERBOWL 1 ' "$man" || bad "paperbowl.1 has no .TH line"
for s in '^\.SS "paperbowl solve game"$' '^\.SS "paperbowl solve wp"$' '^\\-\\-help | \\-h | \\-\\-version$'; do
    grep -q -- "$s" "$man" || bad "paperbowl.1 lacks '$s'"
done
version=$(sed -n 's/^VERSION *?= *//p' Makefile)
[ "$("$prefix/bin/paperbowl" --version)" = "paperbowl $version" ] || bad "paperbowl --version does not say $version"
complete() {   # complete WORD...: what the completion offers for the last word
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _paperbowl; echo "${COMPREPLY[*]}"' \
        complete "$prefix/share/bash-completion/completions/paperbowl" "$@"
}
offers() {   # offers 'WANT' WORD...: the completion of WORD... offers every word of WANT
    want=$1; shift
    got=" $(complete "$@") "
    for w in $want; do
        case $got in *" $w "*) ;; *) bad "completing '$*' offers '$got', not '$w'" ;; esac
    done
}
offers 'roll rules' paperbowl r
offers 'game wp check ep state fourth special cards' paperbowl solve ''
offers '--full --headline --strategy-out' paperbowl solve game --
offers '--receives --half --left' paperbowl solve wp --
offers '--dice --offense' paperbowl roll --
offers 'crosscheck switches' paperbowl verify ''
offers 'run short long' paperbowl dist --offense ''
[ "$(complete paperbowl solve game --f | tr ' ' '\n' | grep . | LC_ALL=C sort | tr '\n' ' ')" = "--full --full-last " ] ||
    bad "completing 'solve game --f' offers other than --full --full-last: $(complete paperbowl solve game --f)"

# the archive holds every room but cli/: one member per source file
# (the rooms are the Makefile's LIB_DIRS: the games beside PAPER BOWL are rooms of the library too)
rooms=$(sed -n 's/^LIB_DIRS *= *//p' Makefile)
want=$(for r in $rooms; do ls "$r"/*.c 2>/dev/null; done | wc -l)
have=$(ar t "$prefix/lib/libpaperbowl.a" | wc -l)
[ "$want" -eq "$have" ] || bad "libpaperbowl.a has $have members, the library rooms have $want source files"

# every installed header compiles alone, in plain C11
for h in "$prefix"/include/paperbowl/*.h; do
    name=$(basename "$h")
    printf '#include <paperbowl/%s>\n#include <paperbowl/%s>\nint main(void) { return 0; }\n' "$name" "$name" \
        > "$tmp/h.c"
    "$cc" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$prefix/include" "$tmp/h.c" ||
        bad "paperbowl/$name does not compile on its own"
done

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
if ! flags=$(pkg-config --cflags --libs paperbowl); then
    bad "pkg-config --cflags --libs paperbowl"
    exit 1
fi
say "pkg-config --cflags --libs paperbowl: $flags"
for src in examples/*.c; do
    [ -f "$src" ] || continue
    name=$(basename "$src" .c)
    # shellcheck disable=SC2086 # the flags are words
    if ! "$cc" -std=c11 -Wall -Wextra -Werror -o "$tmp/$name" "$src" $flags $LDFLAGS; then
        bad "examples/$name.c does not build against the installed library"
        continue
    fi
    "$tmp/$name" > "$tmp/$name.out" 2>&1 || { cat "$tmp/$name.out"; bad "examples/$name exits $?"; }
done

# the example's fraction, byte for byte the CLI's (the installed command's and the tree's)
question='P(td) offense=long defense=4 zone=red'
fraction() { sed -n "s|^$1 *P(td) = \([0-9]*/[0-9]*\) = .*|\1|p"; }
ex=$(fraction '' < "$tmp/td_long_vs_d4.out")
cli=$("$bin" ask "$question" | fraction 'answer:')
inst=$("$prefix/bin/paperbowl" ask "$question" | fraction 'answer:')
if [ -z "$ex" ] || [ "$ex" != "$cli" ] || [ "$ex" != "$inst" ]; then
    bad "examples/td_long_vs_d4 prints '$ex', paperbowl ask prints '$cli' (installed: '$inst')"
else
    say "examples/td_long_vs_d4 and paperbowl ask '$question': $ex"
fi

# the games of examples/sim_games, byte for byte `paperbowl sim --json`'s
if [ -f "$tmp/sim_games" ]; then
    "$tmp/sim_games" 2000 7 > "$tmp/sim_games.json" || bad "examples/sim_games 2000 7"
    "$bin" sim --games 2000 --seed 7 --threads 2 --json > "$tmp/sim_cli.json"
    if cmp -s "$tmp/sim_games.json" "$tmp/sim_cli.json"; then
        say "examples/sim_games 2000 7 and paperbowl sim --games 2000 --seed 7 --json: the same report"
    else
        bad "examples/sim_games 2000 7 differs from paperbowl sim --games 2000 --seed 7 --json"
    fi
fi

mk uninstall PREFIX="$prefix" || exit 1
left=$(files "$prefix")
[ -z "$left" ] || bad "make uninstall left: $left"
[ ! -d "$prefix/include/paperbowl" ] || bad "make uninstall left include/paperbowl/"
# no empty folder below the prefix's own bin/, lib/, include/ (lib/pkgconfig was left)
left=$(cd "$prefix" && find . -mindepth 2 -type d | sed 's|^\./||')
[ -z "$left" ] || bad "make uninstall left empty folders: $left"

# a prefix with folders of its own before the install, as Debian's /usr/local/share/man (and
# /usr/local/man -> share/man) and lib/: installed twice, then uninstalled, they stay, and the
# folders the install made go
pre=$tmp/pre
mkdir -p "$pre/share/man" "$pre/lib" && ln -s share/man "$pre/man" || exit 2
mk install PREFIX="$pre" && mk install PREFIX="$pre" && mk uninstall PREFIX="$pre" || exit 1
[ -d "$pre/share/man" ] && [ -d "$pre/lib" ] && [ -d "$pre/man/" ] ||
    bad "make uninstall removed a folder that was there before the install: left $(cd "$pre" && find . | LC_ALL=C sort | tr '\n' ' ')"
left=$(cd "$pre" && find . -mindepth 1 ! -path ./share ! -path ./share/man ! -path ./lib ! -path ./man)
[ -z "$left" ] || bad "make uninstall (the folders there before kept) left: $left"

# a staged install: DESTDIR, the same files under PREFIX
stage=$tmp/stage
mk install DESTDIR="$stage" PREFIX=/usr || exit 1
files "$stage/usr" > "$tmp/staged"
cmp -s "$tmp/installed" "$tmp/staged" || bad "DESTDIR=... PREFIX=/usr installs other files: $(diff "$tmp/installed" "$tmp/staged")"
grep -qx 'prefix=/usr' "$stage/usr/lib/pkgconfig/paperbowl.pc" || bad "the staged paperbowl.pc does not say prefix=/usr"
mk uninstall DESTDIR="$stage" PREFIX=/usr || exit 1
left=$(files "$stage")
[ -z "$left" ] || bad "make uninstall DESTDIR=... left: $left"
left=$(cd "$stage/usr" && find . -mindepth 2 -type d | sed 's|^\./||')
[ -z "$left" ] || bad "make uninstall DESTDIR=... left empty folders: $left"

[ "$fail" -eq 0 ] && say "ok: $(wc -l < "$tmp/installed") files installed and removed, PREFIX and DESTDIR"
exit "$fail"
