#!/bin/sh
# tools/fresh-machine.sh [DIR]: follow the README's quick start on a fresh Debian 12 (bookworm)
# machine and say how far it gets. As root, on a Debian or Ubuntu host:
#   1. DIR/base: a bookworm system made by debootstrap (installed with apt-get when missing) the
#      first time, kept for the next runs (its downloads in DIR/cache);
#   2. DIR/root: a fresh copy of it each run, with the sources of a fresh install (bookworm,
#      bookworm-updates, bookworm-security), the host's resolv.conf, and /proc, /sys, /dev,
#      /dev/pts and a /dev/shm of its own mounted in a mount namespace of its own (gone when the
#      script ends);
#   3. the committed HEAD of this repository cloned into DIR/root/root/paperbowl (uncommitted
#      changes are not in it);
#   4. in the chroot, as root, with an environment as bare as a fresh login's (no LANG), each
#      line of the README's first code block that holds `apt-get install make` (the quick
#      start), run in turn from the top of the clone under `nice`: how long it took and its exit
#      status; its output is shown and kept in DIR/log/N.txt. A failing line does not stop the
#      next ones;
#   5. the files the run left in the clone that git does not ignore (the README's examples and
#      the tests must leave none).
# Exits 0 when every line succeeded and the clone is clean. DIR defaults to /var/tmp/pb-fresh.
# The quick start's `make tables` solves the whole game (minutes) and `make check` runs every
# test: on 2 cores about an hour in all. FRESH_MIRROR: another Debian mirror.
set -u
dir=${1:-/var/tmp/pb-fresh}
mirror=${FRESH_MIRROR:-http://deb.debian.org/debian}
src=$(cd "$(dirname "$0")/.." && pwd)
[ "$(id -u)" = 0 ] || { echo "fresh-machine: run it as root (debootstrap, chroot, mount)" >&2; exit 2; }
steps=$(awk '/^```/ { if (inblock) { if (found) exit; inblock = 0; n = 0 } else inblock = 1; next }
             inblock { line[++n] = $0; if ($0 ~ /apt-get install make/) found = 1 }
             END { if (found) for (i = 1; i <= n; i++) print line[i] }' "$src/README.md" |
        sed -e 's/[[:space:]]#.*//' -e 's/^#.*//' -e 's/[[:space:]]*$//' | grep -v '^$')
[ -n "$steps" ] || { echo "fresh-machine: README.md has no code block with 'apt-get install make'" >&2; exit 2; }
mkdir -p "$dir/cache" || exit 2
if [ ! -f "$dir/base/etc/debian_version" ]; then
    command -v debootstrap > /dev/null || sh "$src/tools/install-deps.sh" debootstrap || exit 2
    echo "fresh-machine: debootstrap bookworm into $dir/base (a few minutes)"
    rm -rf "$dir/base.part"
    debootstrap --cache-dir="$dir/cache" bookworm "$dir/base.part" "$mirror" > "$dir/debootstrap.log" 2>&1 ||
        { echo "fresh-machine: debootstrap failed: $dir/debootstrap.log" >&2; exit 2; }
    mv "$dir/base.part" "$dir/base" || exit 2
fi
root=$dir/root
rm -rf "$root" "$dir/log" && cp -a "$dir/base" "$root" && mkdir "$dir/log" || exit 2
cat > "$root/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb http://security.debian.org/debian-security bookworm-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" || exit 2
git clone -q "$src" "$root/root/paperbowl" && git -C "$root/root/paperbowl" checkout -q "$(git -C "$src" rev-parse HEAD)" ||
    exit 2
echo "fresh-machine: $(git -C "$src" log -1 --format='%h %s' | cut -c1-100)"
printf '%s\n' "$steps" > "$dir/steps"
# the chroot's part, in a mount namespace of its own: its mounts go when it ends
unshare --mount --propagation private sh -s "$root" "$dir" <<'EOF'
root=$1 dir=$2
mount -t proc proc "$root/proc" && mount -t sysfs sys "$root/sys" && mount --bind /dev "$root/dev" &&
    mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts" && mount -t tmpfs shm "$root/dev/shm" ||
    { echo "fresh-machine: cannot mount in $root" >&2; exit 2; }
n=0 failed=0
while IFS= read -r line; do
    n=$((n + 1))
    echo "fresh-machine: step $n: $line"
    t0=$(date +%s)
    nice chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        /bin/sh -c "cd /root/paperbowl && $line" < /dev/null > "$dir/log/$n.txt" 2>&1
    rc=$?
    t=$(($(date +%s) - t0))
    tail -n 40 "$dir/log/$n.txt"   # (the whole output: DIR/log/N.txt, also while it runs)
    echo "fresh-machine: step $n: exit $rc after $((t / 60)) min $((t % 60)) s: $line"
    echo "$n	$rc	$t	$line" >> "$dir/log/summary"
    [ $rc = 0 ] || failed=$((failed + 1))
done < "$dir/steps"
exit $failed
EOF
failed=$?
left=$(git -C "$root/root/paperbowl" status --porcelain --untracked-files=all)
[ -z "$left" ] || echo "fresh-machine: the run left in the source tree (not ignored by git):
$left"
echo "fresh-machine: summary (step, exit status, seconds, line):"
cat "$dir/log/summary" 2>/dev/null
[ "$failed" = 0 ] && [ -z "$left" ]
