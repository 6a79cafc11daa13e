#!/bin/sh
# tools/install-chromium.sh: install Debian's chromium (the report's browser test and
# `make report-pdf` drive it headless), poppler-utils (pdfinfo, pdftoppm: to check the PDF) and
# node (drives the browser test), and a Japanese font (the pages in Japanese, the report's and the
# workbench's, drawn in the screenshots as text, not boxes), when they are missing, through
# tools/install-deps.sh (apt-get, as root or through sudo, waiting for another apt-get's locks).
# Exit 0 when all are present.
missing=""
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v pdfinfo >/dev/null 2>&1 || missing="$missing poppler-utils"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"   # the browser test's driver
fc-list :lang=ja 2>/dev/null | grep -q . || missing="$missing fonts-ipafont-gothic"
[ -z "$missing" ] && exit 0
exec sh "$(dirname "$0")/install-deps.sh" $missing
