#!/bin/sh
# tools/install-chromium.sh: install Debian's chromium (the report's browser test and
# `make report-pdf` drive it headless), poppler-utils (pdfinfo, pdftoppm: to check the PDF) and
# node (drives the browser test), when they are missing. Needs apt-get, as root or through sudo.
# Exit 0 when all are present.
missing=""
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v pdfinfo >/dev/null 2>&1 || missing="$missing poppler-utils"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"   # the browser test's driver
[ -z "$missing" ] && exit 0
echo "installing:$missing" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null || true
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
    echo "error: could not install:$missing" >&2
    exit 1
}
