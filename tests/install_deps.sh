#!/bin/sh
# tests/install_deps.sh: tools/install-deps.sh against a stand-in apt-get, dpkg-query and sudo
# (first on PATH, in a folder of its own; nothing is installed): nothing is run when every
# package is there; every apt-get call waits for the dpkg lock (DPkg::Lock::Timeout); a call
# that fails on another lock (the package lists', the download cache's: that option does not
# cover them) is run again until it succeeds; any other failure exits 1 naming the packages, at
# once. And no other script calls apt-get itself (tools/install-chromium.sh goes through it); the
# Makefile installs the compiler, and make check the tools its tests run.
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL install_deps: $*"; fail=1; }
mkdir "$tmp/bin"
# dpkg-query -W -f=... PKG: only the package "present" is installed
printf '#!/bin/sh\nfor a; do p=$a; done\n[ "$p" = present ] && printf "install ok installed" && exit 0\nexit 1\n' \
    > "$tmp/bin/dpkg-query"
printf '#!/bin/sh\nexec "$@"\n' > "$tmp/bin/sudo"
# apt-get ARGS: logs them; fails on a lock as many times as $tmp/locked.update (.install) says,
# and with "Unable to locate package" while $tmp/broken exists
cat > "$tmp/bin/apt-get" <<END
#!/bin/sh
echo "\$*" >> "$tmp/log"
case " \$* " in *" update "*) k=update ;; *" install "*) k=install ;; *) k=other ;; esac
n=\$(cat "$tmp/locked.\$k" 2>/dev/null || echo 0)
if [ "\$n" -gt 0 ]; then
    echo \$((n - 1)) > "$tmp/locked.\$k"
    echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 1 (apt-get)" >&2
    exit 100
fi
[ -f "$tmp/broken" ] && { echo "E: Unable to locate package nosuch" >&2; exit 100; }
exit 0
END
chmod +x "$tmp/bin/"*
deps() { PATH="$tmp/bin:$PATH" PB_APT_RETRY_SECONDS=0 sh tools/install-deps.sh "$@" > "$tmp/out" 2>&1; }
count() { grep -cE "(^| )$1( |\$)" "$tmp/log"; }

deps present || bad "every package there: exit $?: $(cat "$tmp/out")"
[ -s "$tmp/log" ] && bad "every package there, yet apt-get ran: $(cat "$tmp/log")"

rm -f "$tmp/log"
deps present gcc make || bad "two missing: exit $?: $(cat "$tmp/out")"
grep -q 'install .* gcc make$' "$tmp/log" || bad "two missing: not installed: $(cat "$tmp/log")"
grep -q 'present' "$tmp/log" && bad "the package there is installed again: $(cat "$tmp/log")"
[ "$(grep -vc -- '-o DPkg::Lock::Timeout=[1-9]' "$tmp/log")" = 0 ] ||
    bad "an apt-get call that does not wait for the dpkg lock: $(grep -v DPkg::Lock::Timeout "$tmp/log")"

rm -f "$tmp/log"
echo 2 > "$tmp/locked.update" && echo 3 > "$tmp/locked.install"
deps gcc || bad "another apt-get holding the lists' and the cache's locks: exit $?: $(cat "$tmp/out")"
[ "$(count update)" = 3 ] && [ "$(count install)" = 4 ] ||
    bad "locked twice for update, three times for install: not run again until done: $(cat "$tmp/log")"
grep -q 'waiting' "$tmp/out" || bad "the wait for another apt-get is not said: $(cat "$tmp/out")"

rm -f "$tmp/log" "$tmp/locked."* && touch "$tmp/broken"
deps nosuch && bad "a package apt-get cannot install: exit 0"
grep -q 'could not install: nosuch' "$tmp/out" && grep -q 'Unable to locate package' "$tmp/out" ||
    bad "a package apt-get cannot install: not said, or apt's reason not shown: $(cat "$tmp/out")"
[ "$(count install)" = 1 ] || bad "a failure that is not a lock is tried again: $(cat "$tmp/log")"

calls=$(grep -nE '(^|[;&|({]|\$SUDO|sudo)[[:space:]]*apt-get[[:space:]]' Makefile tools/*.sh tests/*.sh |
    grep -v '^tools/install-deps.sh:')
[ -z "$calls" ] || bad "apt-get called other than through tools/install-deps.sh: $calls"
# what the Makefile installs: the compiler with the libraries (a fresh Debian has no cc, and gcc
# only recommends the C library's headers), and make check the tools its tests run (Debian's
# time and python3 for tests/bench.sh, man for tests/manpage.sh)
var() { printf 'include Makefile\nprint-var:\n\t@echo $(%s)\n' "$1" | ${MAKE:-make} -s --no-print-directory -f - print-var; }
deps_pkgs=" $(var DEPS_PKGS) "
for p in gcc libc6-dev; do
    case "$deps_pkgs" in *" $p "*) ;; *) bad "the Makefile's DEPS_PKGS does not install $p:$deps_pkgs" ;; esac
done
# (the check target's recipe read, not run by make -n: that runs its $(MAKE) lines, make check itself)
recipe=$(awk '/^check:/ { f = 1; next } f && /^\t/ { print; next } f { exit }' Makefile)
printf '%s\n' "$recipe" | grep -q 'tools/install-deps.sh $(CHECK_PKGS)' ||
    bad "make check does not run tools/install-deps.sh \$(CHECK_PKGS): $recipe"
check_pkgs=" $(var CHECK_PKGS) "
for p in time python3 man-db; do
    case "$check_pkgs" in *" $p "*) ;; *) bad "make check does not install $p: CHECK_PKGS =$check_pkgs" ;; esac
done
# what the Makefile cannot install, make itself: the README's quick start says it first (and
# tools/fresh-machine.sh runs the quick start from that line)
grep -q '^apt-get .*install make\( \|$\)' README.md || bad "README.md has no line 'apt-get install make' in a code block"
[ $fail = 0 ] && echo "install_deps: the installs wait for another apt-get's locks; nothing else calls apt-get"
exit $fail
