#!/bin/sh
# tools/bench.d/serve.sh BIN: the workbench's latency after an edit (`paperbowl serve`): from the
# edit's request to its result on the page's poll, for the play level (every play-level table of
# the edited ruleset beside the base's) and the drive level (the drive solver's tables), after the
# base ruleset's results are computed once. Three edits of each kind: a play rule (Defense 5's run
# value: every cell is enumerated again, the drive game solved again) and a kick (the punt's
# distance: the drive solver keeps the play cells of its last solve). The goals: play level 1 s,
# drive level 3 s on the 2-core machine. Figures, not a test.
bin=${1:-bin/paperbowl}
command -v python3 >/dev/null 2>&1 || { echo "serve bench: error: python3 is needed (make bench installs it)" >&2; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/pb-bench-serve-XXXXXX") || exit 1
trap 'kill "$pid" 2>/dev/null; rm -rf "$dir"' EXIT
trap 'exit 130' INT HUP TERM
"$bin" serve --port 0 > "$dir/url" 2> "$dir/err" &
pid=$!
n=0
while [ $n -lt 100 ] && [ ! -s "$dir/url" ]; do sleep 0.1; n=$((n + 1)); done
[ -s "$dir/url" ] || { echo "serve bench: error: the server did not start: $(cat "$dir/err")" >&2; exit 1; }
python3 -B - "$(head -1 "$dir/url")" <<'PY' || exit 1
import json, sys, time, urllib.request
base, token = sys.argv[1].split('/?token=')
hdr = {'Cookie': 'pb_token_%s=%s' % (base.rsplit(':', 1)[1], token), 'Origin': base}
def req(method, path, body=None):
    r = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                               method=method, headers=hdr)
    with urllib.request.urlopen(r, timeout=600) as f:
        return json.load(f)
form = req('GET', '/api/init')['form']
def edits(section, key, value):
    e = [[s['section'], k['key'], k['value']] for s in form for k in s['keys']]
    for x in e:
        if x[0] == section and x[1] == key:
            x[2] = value
    return e
def run(kind, e):
    t0 = time.time()
    j = req('POST', '/api/' + kind, {'edits': e})['job']
    while True:
        p = req('GET', '/api/job?id=%d' % j)
        if p['state'] not in ('queued', 'running'):
            break
        time.sleep(0.02)
    if p['state'] != 'done':
        sys.exit('serve bench: error: %s job %s' % (kind, p['state']))
    return time.time() - t0
first = (run('play', edits('defense 5', 'run', '0')), run('drive', edits('defense 5', 'run', '0')))
print('serve: the base ruleset first (computed once): play level %.2f s, drive level %.2f s' % first)
for what, sec, key, values in (('Defense 5 run', 'defense 5', 'run', ('1', '2', '3')),
                               ('punt distance', 'punt', 'distance', ('45', '40', '55'))):
    play = sorted(run('play', edits(sec, key, v)) for v in values)
    drive = sorted(run('drive', edits(sec, key, v)) for v in values)
    print('serve: after an edit of the %s (3 edits, median): play level %.2f s (goal 1 s), drive level %.2f s '
          '(goal 3 s)' % (what, play[1], drive[1]))
PY
