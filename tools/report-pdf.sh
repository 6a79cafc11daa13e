#!/bin/sh
# tools/report-pdf.sh HTML PDF: print the report to PDF with headless Chromium (the page's
# print stylesheet: A4 portrait), then check the PDF with pdfinfo. Used by `make report-pdf`.
set -e
html=${1:-out/report.html}
pdf=${2:-out/report.pdf}
[ -f "$html" ] || { echo "report-pdf: '$html' not found (run 'make tables' first)" >&2; exit 2; }
sh "$(dirname "$0")/install-chromium.sh"
profile=$(mktemp -d "${TMPDIR:-/tmp}/pb-chromium-XXXXXX")
trap 'rm -rf "$profile" "$pdf.tmp"' EXIT
trap 'exit 130' INT HUP TERM   # so that Ctrl-C runs the EXIT trap too (dash runs none on a signal)
abs=$(cd "$(dirname "$html")" && pwd)/$(basename "$html")
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --disable-dev-shm-usage --user-data-dir="$profile" --no-pdf-header-footer \
    --print-to-pdf="$pdf.tmp" "file://$abs" 2>/dev/null >/dev/null
pages=$(pdfinfo "$pdf.tmp" | sed -n 's/^Pages: *//p')
[ -n "$pages" ] && [ "$pages" -gt 0 ] || { echo "report-pdf: chromium wrote no PDF pages" >&2; exit 1; }
mv "$pdf.tmp" "$pdf"
echo "report-pdf: $pdf ($pages pages)"
