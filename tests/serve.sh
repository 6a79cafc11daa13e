#!/bin/sh
# tests/serve.sh BIN: `paperbowl serve` without a browser: tests/serve_test.py (python3) starts
# the server on a free port and checks its refusals (token, Host, Origin, sizes, malformed
# requests), 200 concurrent requests, the numbers against the command line's (`tables`, `ask`,
# `rules show`), clients that go away, SIGTERM and SIGINT, a port in use. Its files go in a
# folder of its own, removed afterwards.
bin=${1:-bin/paperbowl}
command -v python3 >/dev/null 2>&1 || { echo "serve: python3 not found (make check installs it)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pb-serve-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
python3 "$(dirname "$0")/serve_test.py" "$bin" "$tmp" > "$tmp/log" 2>&1
rc=$?
grep -v '^ok ' "$tmp/log"
echo "serve: $(grep -c '^ok ' "$tmp/log") checks passed"
exit $rc
