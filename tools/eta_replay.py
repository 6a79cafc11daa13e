#!/usr/bin/env python3
"""tools/eta_replay.py TIMING LOG: the game solve's time-left estimate against the time it in
fact still took, by the wall clock. Record a solve on a terminal with util-linux's script:

    script -q -T TIMING -c 'paperbowl solve game --threads 2 --output out' LOG

then this prints, for each tenth of the states, the lowest and highest ratio of the estimate to
the real time left: as the line showed it ("shown"), and as pb_cli_time_left's rule
(cli/cli_progress.c) gives it replayed on the same reports ("rule"). The solve's end is the
moment the line was cleared (its last layer's report); drawings with under 5 s left are not
counted (the ratio of two small numbers). A bad argument or file: one line, exit status 2."""
import re
import sys

STATES = re.compile(r'solving the game, states: (\d+) of (\d+) \(\d+%\), (?:about )?(.*?) (left|so far)')


def seconds(text):
    if text.startswith('under'):
        return 0.5
    m = re.match(r'(\d+) h (\d+) min', text)
    if m:
        return int(m[1]) * 3600 + int(m[2]) * 60
    m = re.match(r'(\d+) min (\d+) s', text)
    if m:
        return int(m[1]) * 60 + int(m[2])
    return float(text.split()[0])


def drawings(timing, log):
    """Each \\r-drawn piece of the log with the time it was written."""
    data = open(log, 'rb').read()
    marks, t, off = [], 0.0, 0
    for line in open(timing):
        delay, n = line.split()[:2]
        t += float(delay)
        off += int(n)
        marks.append((off, t))
    starts, k = [], 0
    for m in re.finditer(rb'\r', data):
        while k < len(marks) - 1 and marks[k][0] < m.start():
            k += 1
        starts.append((marks[k][1], m.start()))
    out = []
    for i, (t, at) in enumerate(starts):
        end = starts[i + 1][1] if i + 1 < len(starts) else len(data)
        out.append((t, data[at + 1:end].decode('utf8', 'replace')))
    return out


def rule(t, t0, f0, tr, f, df):
    """pb_cli_time_left (cli/cli_progress.c), the same arithmetic."""
    if not f > f0 or not f < 1 or not tr > t0 or t < tr:
        return None
    rate = (f - f0) / (tr - t0)
    more = min(rate * (t - tr), max(df, 0), (1 - f) / 2)
    fe = f + more
    return (t - t0) * (1 - fe) / (fe - f0)


def fail(message):
    """One line on stderr, exit status 2 (a bad argument or file)."""
    print('eta_replay: ' + message, file=sys.stderr)
    sys.exit(2)


def main():
    if len(sys.argv) != 3:
        fail('usage: tools/eta_replay.py TIMING LOG')
    try:
        pieces = drawings(sys.argv[1], sys.argv[2])
    except OSError as e:
        fail('%s: %s' % (e.filename, e.strerror))
    except (ValueError, IndexError):
        fail('%s: not a timing file of script -T (lines "DELAY BYTES")' % sys.argv[1])
    rows, last = [], -1
    for i, (t, text) in enumerate(pieces):
        m = STATES.search(text)
        if m:
            rows.append((t, int(m[1]), int(m[2]), seconds(m[3]) if m[4] == 'left' else None))
            last = i
    if not rows:
        fail('no "solving the game, states" line in ' + sys.argv[2])
    end = next((t for t, text in pieces[last + 1:] if not text.strip()), rows[-1][0] + 0.2)
    t0, f0 = rows[0][0], rows[0][1] / rows[0][2]
    reports = []   # the first drawing of each count (within 0.2 s of its report)
    for t, done, total, _ in rows:
        if not reports or done != reports[-1][1]:
            reports.append((t, done, total))
    print('the layers: %.0f s by the wall clock, %d reports' % (end - t0, len(reports)))
    worst = {}
    for t, done, total, shown in rows:
        real = end - t
        if real < 5:
            continue
        past = [r for r in reports if r[0] <= t]
        fs = [r[1] / r[2] for r in past]
        df = (fs[-1] - fs[0]) / (len(fs) - 1) if len(fs) > 1 else 0
        replayed = rule(t, t0, f0, past[-1][0], fs[-1], df)
        tenth = min(int(10 * done / total), 9)
        for name, v in (('shown', shown), ('rule', replayed)):
            if v is not None:
                lo, hi, most = worst.get((tenth, name), (1e9, 0, 0))
                worst[(tenth, name)] = (min(lo, v / real), max(hi, v / real), max(most, real))
    print('states done   estimate / real time left      (real time left at the start)')
    for k in range(10):
        cells = ['%s %.2f to %.2f' % (n, worst[(k, n)][0], worst[(k, n)][1]) for n in ('shown', 'rule') if (k, n) in worst]
        if cells:
            most = max(worst[(k, n)][2] for n in ('shown', 'rule') if (k, n) in worst)
            print('%3d to %3d %%   %s   (%.0f s)' % (10 * k, 10 * k + 10, ';  '.join(cells), most))


if __name__ == '__main__':
    main()
