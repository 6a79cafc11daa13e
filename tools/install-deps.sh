#!/bin/sh
# tools/install-deps.sh PKG...: install the Debian packages that are missing (apt-get, as root or
# through sudo). Every install goes through here (tools/install-chromium.sh too). Another apt-get
# running at the same time is waited for, not failed on: apt waits for the dpkg lock itself
# (DPkg::Lock::Timeout), and a call that fails on a lock that option does not cover (the package
# lists', the download cache's) is run again every PB_APT_RETRY_SECONDS (default 10) for up to
# 10 minutes. Exit 0 when all are present, 1 (naming them) when they could not be installed.
missing=""
for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
wait_step=${PB_APT_RETRY_SECONDS:-10}
err=$(mktemp) || exit 1
trap 'rm -f "$err"' EXIT
trap 'exit 130' INT HUP TERM
apt() {   # apt ARGS...: apt-get ARGS, waiting for the locks; its errors on stderr when it fails
    deadline=$(($(date +%s) + 600)) said=
    while :; do
        $SUDO apt-get -o DPkg::Lock::Timeout=600 "$@" > /dev/null 2> "$err" && return 0
        if ! grep -q -e 'Could not get lock' -e 'Unable to lock' "$err" || [ "$(date +%s)" -ge $deadline ]; then
            cat "$err" >&2
            return 1
        fi
        [ -n "$said" ] || echo "install-deps: another apt-get holds a lock: waiting for it (up to 10 min)" >&2
        said=1
        sleep "$wait_step"
    done
}
apt update -qq || true   # (stale lists may still serve)
apt install -y -qq --no-install-recommends $missing || {
    echo "error: could not install:$missing" >&2
    exit 1
}
