#!/usr/bin/env python3
# tests/serve_test.py BIN TMPDIR: `paperbowl serve` without a browser (tests/serve.sh runs it).
# Starts the server on a free port and checks, each against an expected status or value:
#   the token (none, wrong: 403; the URL's: 303 and an HttpOnly SameSite cookie), the Host header
#   (another name: 421), the Origin of a POST (none, another: 403); an oversized body (announced:
#   413; sent in chunks without a length: 413), malformed JSON (400), an oversized ruleset text
#   (413), a bad value (400 with the loader's words at its section and key); 200 concurrent
#   requests, each with its own ruleset name, each answered with its own (nothing lost or
#   crossed); the edited ruleset downloaded and read back by `rules show --ruleset FILE` to the
#   same text; the play level's moved cell equal to `tables --only` of the same edited ruleset
#   (its exact fraction from the CSV); the play and drive levels and the other games in Japanese
#   (Accept-Language, ?lang=): the titles, headings and row labels `tables --lang ja` and `GAME
#   table --lang ja` print, the same numbers and moved cells as in English, English again after;
#   an ask answer equal to `paperbowl ask`'s output; a client
#   that disconnects mid-request and jobs never polled again (cancelled); SIGTERM with a job
#   running (exit 0, no file left); a port in use (one message, exit 2).
import concurrent.futures
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

BIN, TMP = sys.argv[1], sys.argv[2]
failures = 0


def check(ok, what):
    global failures
    print(('ok   ' if ok else 'FAIL ') + what)
    if not ok:
        failures += 1


def start(*args, env=None):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.Popen([BIN, 'serve', '--port', '0', '--threads', '2'] + list(args), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=e)
    url = p.stdout.readline().strip()
    return p, url


proc, url = start(env={'PB_SERVE_ABANDON_SECONDS': '2'})
check(url.startswith('http://127.0.0.1:') and '/?token=' in url, 'the first line is the URL with a token: ' + url[:40])
base, token = url.split('/?token=')
port = int(base.rsplit(':', 1)[1])
cookie = 'pb_token_%d=%s' % (port, token)
check(len(token) == 64 and all(c in '0123456789abcdef' for c in token), 'the token is 256 random bits in hex')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k):
        return None


opener = urllib.request.build_opener(NoRedirect)


def req(method, path, body=None, headers=None, raw=None):
    h = {'Cookie': cookie, 'Origin': base}
    h.update(headers or {})
    h = {k: v for k, v in h.items() if v is not None}
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    r = urllib.request.Request(base + path, data=data, method=method, headers=h)
    try:
        with opener.open(r, timeout=60) as f:
            return f.status, f.read(), f.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read(), e.headers


def jreq(*a, **k):
    st, b, h = req(*a, **k)
    try:
        return st, json.loads(b)
    except ValueError:
        return st, None


# ---- the language: ?lang=, else Accept-Language, else English ----
st, j = jreq('GET', '/api/init', headers={'Accept-Language': 'ja,en-US;q=0.9'})
check(st == 200 and j['lang'] == 'ja' and j['dict'].get('Defense card') == 'ディフェンス・カード' and
      any(s['title'].startswith('ディフェンス・カード') for s in j['form']),
      'Accept-Language ja: the page\'s dictionary and the form in Japanese')
st, j = jreq('GET', '/api/init?lang=en', headers={'Accept-Language': 'ja'})
check(st == 200 and j['lang'] == 'en' and j['dict'] == {}, '?lang=en over Accept-Language: English')
st, j = jreq('GET', '/api/init', headers={'Accept-Language': 'fr-FR,de'})
check(st == 200 and j['lang'] == 'en', 'a language the catalogue lacks: English')

# ---- the checks every request passes ----
st, _, _ = req('GET', '/', headers={'Cookie': None})
check(st == 403, 'no token: 403 (%d)' % st)
st, _, _ = req('GET', '/?token=' + '0' * 64, headers={'Cookie': None})
check(st == 403, 'a wrong token in the URL: 403 (%d)' % st)
st, _, _ = req('GET', '/', headers={'Cookie': 'pb_token_%d=%s' % (port, token[:-1] + ('0' if token[-1] != '0' else '1'))})
check(st == 403, 'a wrong token in the cookie: 403 (%d)' % st)
st, _, h = req('GET', '/?token=' + token, headers={'Cookie': None})
sc = h.get('Set-Cookie', '')
check(st == 303 and h.get('Location') == '/' and cookie in sc and 'HttpOnly' in sc and 'SameSite=Strict' in sc,
      'the URL\'s token: 303 to / with an HttpOnly SameSite=Strict cookie (%d, %s)' % (st, sc[:30]))
st, page, _ = req('GET', '/')
check(st == 200 and b'page.js' in page, 'the page with the cookie: 200')
st, _, _ = req('GET', '/', headers={'Host': 'attacker.example:%d' % port})
check(st == 421, 'another Host (DNS rebinding): 421 (%d)' % st)
st, _, _ = req('GET', '/', headers={'Host': '127.0.0.1:%d' % (port + 1)})
check(st == 421, 'another port in Host: 421 (%d)' % st)
st, _, _ = req('GET', '/', headers={'Host': 'localhost:%d' % port})
check(st == 200, 'localhost:PORT is the same address: 200 (%d)' % st)
st, init = jreq('GET', '/api/init')
check(st == 200 and init['base'] == 'v1.11-ja', 'init: the base ruleset')
edits = [[s['section'], k['key'], k['value']] for s in init['form'] for k in s['keys']]
nkeys = sum(1 for _ in edits)
shown = subprocess.run([BIN, 'rules', 'show'], capture_output=True, text=True).stdout
check(nkeys == sum(1 for l in shown.splitlines() if ' = ' in l),
      'the form has every key of `rules show` (%d)' % nkeys)
st, _ = jreq('POST', '/api/rules', {'edits': edits}, headers={'Origin': None})
check(st == 403, 'a POST without Origin: 403 (%d)' % st)
st, _ = jreq('POST', '/api/rules', {'edits': edits}, headers={'Origin': 'http://attacker.example'})
check(st == 403, 'a POST from another Origin: 403 (%d)' % st)

# ---- malformed and oversized ----
st, j = jreq('POST', '/api/rules', raw=b'{"edits": [')
check(st == 400 and 'not JSON' in j['error'], 'malformed JSON: 400 (%d)' % st)
st, j = jreq('POST', '/api/rules', raw=b'[1,2]')
check(st == 400, 'JSON that is not an object: 400 (%d)' % st)
st, j = jreq('POST', '/api/rules', raw=b'x' * (300 * 1024))
check(st == 413, 'a 300 KiB body: 413 (%d)' % st)


def chunked(body):
    s = socket.create_connection(('127.0.0.1', port))
    s.sendall(('POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: %s\r\nOrigin: %s\r\n'
               'Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n' % (port, cookie, base)).encode())
    for i in range(0, len(body), 32768):
        part = body[i:i + 32768]
        s.sendall(b'%x\r\n' % len(part) + part + b'\r\n')
    s.sendall(b'0\r\n\r\n')
    s.settimeout(30)
    out = b''
    while b'\r\n\r\n' not in out:
        d = s.recv(4096)
        if not d:
            break
        out += d
    s.close()
    return int(out.split(b' ')[1]) if out.startswith(b'HTTP/') else 0


check(chunked(b' ' * (400 * 1024)) == 413, 'a 400 KiB body in chunks, no length given: 413')
st, j = jreq('POST', '/api/rules', {'text': ';' * (70 * 1024)})
check(st == 413, 'a 70 KiB ruleset text: 413 (%d)' % st)
bad = [list(e) for e in edits]
for e in bad:
    if e[0] == 'punt' and e[1] == 'distance':
        e[2] = 'fifty'
st, j = jreq('POST', '/api/rules', {'edits': bad})
check(st == 400 and j.get('section') == 'punt' and j.get('key') == 'distance' and
      "'distance' must be a whole number, not 'fifty'" in j['error'],
      'a bad value: 400, the loader\'s words at its field: %s' % j)
inj = [list(e) for e in edits]
inj[0][2] = 'x\n[punt]\ndistance = 1'
st, j = jreq('POST', '/api/rules', {'edits': inj})
check(st == 400, 'a value with a line break (a line of its own): 400 (%d)' % st)
st, j = jreq('POST', '/api/rules', {'text': 'nonsense'})
check(st == 400 and j['error'].startswith('upload:1:'), 'a malformed upload: 400 upload:LINE:COL (%s)' % j)
st, j = jreq('GET', '/api/job?id=abc')
check(st == 400, 'a job number that is not one: 400 (%d)' % st)
st, j = jreq('GET', '/api/job?id=999999')
check(st == 404, 'no such job: 404 (%d)' % st)


# ---- 200 at once, nothing lost or crossed ----
def named(i):
    e = [list(x) for x in edits]
    e[0][2] = 'mine-%d' % i
    st, j = jreq('POST', '/api/rules', {'edits': e})
    return st, j and ('name = mine-%d\n' % i) in j['ini'] and ('name = mine-%d\n' % (i + 1)) not in j['ini']


with concurrent.futures.ThreadPoolExecutor(max_workers=200) as ex:
    res = list(ex.map(named, range(200)))
check(all(st == 200 and ok for st, ok in res), '200 concurrent requests: each answered, each with its own ruleset (%d ok)'
      % sum(1 for st, ok in res if st == 200 and ok))

# ---- the edited ruleset: download and read back ----
ed = [list(e) for e in edits]
for e in ed:
    if e[0] == 'defense 5' and e[1] == 'run':
        e[2] = '5'
st, j = jreq('POST', '/api/rules', {'edits': ed})
path = os.path.join(TMP, 'edited.ini')
with open(path, 'w') as f:
    f.write(j['ini'])
back = subprocess.run([BIN, 'rules', 'show', '--ruleset', path], capture_output=True, text=True).stdout
strip = lambda t: [l for l in t.splitlines() if not l.startswith('; ruleset')]
check(st == 200 and back and strip(back) == strip(j['ini']), 'the downloaded ruleset reads back to the same values')
check('run = 5' in j['ini'] and 'name = edited\n' in j['ini'], 'the download holds the edit, and is named as '
      '`--ruleset edited.ini` would name it: edited')


def job(kind, body, poll=True, query='', headers=None):
    st, j = jreq('POST', '/api/' + kind + query, body, headers=headers)
    if st != 202:
        return st, j
    if not poll:
        return st, j
    while True:
        st, p = jreq('GET', '/api/job?id=%d' % j['job'] + query.replace('?', '&'), headers=headers)
        if p['state'] not in ('queued', 'running'):
            return st, p
        time.sleep(0.1)


def cli_txt(args, tid):   # `tables ... --only TID --format txt`'s text
    d = os.path.join(TMP, 'tables-lang')
    subprocess.run([BIN, 'tables', '--ruleset', path, '--only', tid, '--format', 'txt', '--out', d, '--quiet'] + args,
                   check=True, capture_output=True)
    return open(os.path.join(d, tid + '.txt'), encoding='utf-8').read()


def same_numbers(en, ja):   # every table alike but for its words: ids, shapes, numeric cells, changes
    if [t['id'] for t in en['tables']] != [t['id'] for t in ja['tables']]:
        return 'not the same tables'
    for a, b in zip(en['tables'], ja['tables']):
        if len(a['rows']) != len(b['rows']) or len(a['cols']) != len(b['cols']):
            return '%s: not the same shape' % a['id']
        for c, col in enumerate(a['cols']):
            if col['num'] and any(x[c] != y[c] for x, y in zip(a['rows'], b['rows'])):
                return '%s: column %s holds other numbers' % (a['id'], col['name'])
        key = lambda ch: (ch['r'], ch['c'], ch['exact']) if not ch.get('text') else (ch['r'], ch['c'])
        if [key(x) for x in a['changes']] != [key(x) for x in b['changes']]:
            return '%s: other cells moved' % a['id']
    return ''


# ---- the play level equals `tables` ----
st, p = job('play', {'edits': ed})
check(st == 200 and p['state'] == 'done', 'the play level: done')
tables = {t['id']: t for t in p['result']['tables']}
t = tables['card-td-togo2']
cols = [c['name'] for c in t['cols']]
ci = next(i for i, c in enumerate(t['cols']) if c.get('group') == 'Run' and c['name'] == 'D5')
ch = [c for c in t['changes'] if c['r'] == 0 and c['c'] == ci]
out = os.path.join(TMP, 'tables')
subprocess.run([BIN, 'tables', '--ruleset', path, '--only', 'card-td-togo2', '--format', 'csv,txt', '--out', out,
                '--quiet'], check=True, capture_output=True)
outb = os.path.join(TMP, 'tables-base')
subprocess.run([BIN, 'tables', '--only', 'card-td-togo2', '--format', 'csv', '--out', outb, '--quiet'],
               check=True, capture_output=True)
import csv
def csv_data(path):   # the data rows: the header first, up to the empty line before the notes
    rows = []
    for r in csv.reader(open(path)):
        if not r:
            break
        rows.append(r)
    return rows
def same_cell(shown, full):   # the page's text is the CSV's full-precision value to the places shown
    if shown == full:
        return True
    try:
        places = len(shown.split('.')[1]) if '.' in shown else 0
        return abs(__import__('decimal').Decimal(shown) - __import__('decimal').Decimal(full)) <= \
            __import__('decimal').Decimal(5).scaleb(-places - 1)
    except Exception:
        return False
rows = csv_data(os.path.join(out, 'card-td-togo2.csv'))
rowsb = csv_data(os.path.join(outb, 'card-td-togo2.csv'))
hdr = rows[0]
# the CSV: the label column, then each value column followed by its exact fraction
k = hdr.index('Run D5')
frac = lambda r: __import__('fractions').Fraction(r[k + 1])
delta = frac(rows[1]) - frac(rowsb[1])
check(len(ch) == 1 and same_cell(ch[0]['after'], rows[1][k]) and same_cell(t['rows'][0][ci], rows[1][k]),
      'the moved cell (card-td-togo2, Run D5, no card) shows what `tables` computes: %s = %s' %
      (t['rows'][0][ci], rows[1][k]))
check(len(ch) == 1 and __import__('fractions').Fraction(ch[0]['exact']) == delta,
      'its exact change is the difference of the two CSV fractions: %s' % delta)
txt = open(os.path.join(out, 'card-td-togo2.txt')).read()
check(all(v in txt for v in t['rows'][0] if v), 'the whole first row as in the text table')

# ---- ask equals `paperbowl ask` ----
q = 'P(td) offense=run defense=5 togo=5'
st, p = job('ask', {'edits': ed, 'question': q})
cli = subprocess.run([BIN, 'ask', '--ruleset', path, q], capture_output=True, text=True).stdout
clib = subprocess.run([BIN, 'ask', q], capture_output=True, text=True).stdout
check(st == 200 and p['result']['edited'] == cli, 'ask for the edited ruleset: exactly `ask --ruleset FILE`\'s output')
check(st == 200 and p['result']['base'] == clib, 'ask for the base ruleset: exactly `ask`\'s output')
st, p = job('ask', {'edits': ed, 'question': 'P(td offense=run'})
check(st == 400 and p['state'] == 'failed' and '1:' in p['result']['error'], 'a malformed question: the ask reader\'s message')

# ---- tune equals `paperbowl tune --json` ----
vary = ['field_goal.within_30={1|1 2|1 2 3}', 'pat.kick_at_least=3..5']
tq = 'P(success) kick=fg togo=30'
st, p = job('tune', {'edits': ed, 'vary': vary, 'target': tq, 'goal': 'equal', 'equal': '1/2'})
cli = subprocess.run([BIN, 'tune', '--ruleset', path] + sum((['--vary', v] for v in vary), []) +
                     ['--target', tq, '--equal', '1/2', '--json', '--no-progress'], capture_output=True, text=True).stdout
check(st == 200 and p['state'] == 'done' and p['result'] == json.loads(cli),
      'tune (two keys, a play-level target) over the edited ruleset: `tune --ruleset FILE --json`\'s answer')
st, p = job('tune', {'edits': ed, 'vary': ['punt.distance=1..99'], 'target': 'E(next_score) togo=80', 'goal': 'max'})
check(st == 400 and 'at most' in p['result']['error'], 'a tune of 99 drive solves: refused (%s)' % p['result'].get('error', '')[:60])
st, p = job('tune', {'edits': ed, 'vary': ['punt.nowhere=1..3'], 'target': tq, 'goal': 'max'})
check(st == 400 and '--vary' in p['result']['error'], 'a tune of an unknown key: the engine\'s message (%s)' % p['result']['error'][:70])

# ---- the other games: their tables equal their command's ----
for g, sw in [('soccer', ('switches', 'M2', None)), ('carriers', ('switches', 'C3', 'bresenham')), ('cardgame', None)]:
    st, j = jreq('POST', '/api/game', {'game': g})
    gedits = [[s['section'], k['key'], k['value']] for s in j['form'] for k in s['keys']]
    csvd = os.path.join(TMP, g)
    os.makedirs(csvd, exist_ok=True)
    setarg = []
    if sw and sw[2]:
        for e in gedits:
            if e[0] == sw[0] and e[1] == sw[1]:
                e[2] = sw[2]
        setarg = ['--set', '%s=%s' % (sw[1], sw[2])]
    st, j = jreq('POST', '/api/game', {'game': g, 'edits': gedits})
    txt = subprocess.run([BIN, g, 'table', '--format', 'txt'] + setarg, capture_output=True, text=True).stdout
    # the same in Japanese: every title as `GAME table --lang ja` prints it, the numbers the English ones
    stj, jj = jreq('POST', '/api/game?lang=ja', {'game': g, 'edits': gedits})
    txtj = subprocess.run([BIN, g, 'table', '--format', 'txt', '--lang', 'ja'] + setarg, capture_output=True,
                          text=True).stdout
    titles = [l for i, l in enumerate(txtj.split('\n')[:-1]) if set(txtj.split('\n')[i + 1] or ' ') == {'='}]
    why = same_numbers(j, jj) if st == stj == 200 else 'status %d' % stj
    check(why == '' and [t['title'] for t in jj['tables']] == titles and
          all(r[0] is None or r[0] in txtj for t in jj['tables'] for r in t['rows']) and
          [t['title'] for t in j['tables']] != titles,
          '%s in Japanese: the titles and row labels of `%s table --lang ja`, the numbers the English ones%s' %
          (g, g, ' (' + why + ')' if why else ''))
    # every table's first data row, as its text table prints it
    ok = st == 200 and len(j['tables']) > 0
    for t in j['tables']:
        row = [v if v is not None else '' for v in t['rows'][0]]
        ok = ok and all(v in txt for v in row if v)
    moved = j['moved'] if st == 200 else -1
    check(ok and (moved > 0) == bool(setarg), '%s: its tables as `%s table` prints them%s (%d cells moved)' %
          (g, g, ' with ' + setarg[1] if setarg else '', moved))
bad = [list(e) for e in gedits]
st, j = jreq('POST', '/api/game', {'game': 'carriers', 'edits': [['switches', 'C3', 'zigzag']]})
check(st == 400 and j.get('key') == 'C3' and 'zigzag' in j['error'], 'a game\'s bad switch: 400 at its field (%s)' % j.get('error'))
st, j = jreq('POST', '/api/game', {'game': 'chess'})
check(st == 404, 'no such game: 404')

# ---- clients that go away ----
s = socket.create_connection(('127.0.0.1', port))
s.sendall(('POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nCookie: %s\r\nOrigin: %s\r\nContent-Length: 5000\r\n\r\n{"ed'
           % (port, cookie, base)).encode())
s.close()
st, _ = jreq('GET', '/api/init')
check(st == 200, 'a client that disconnects mid-request: the server answers the next')
ed2 = [list(e) for e in ed]
for e in ed2:
    if e[0] == 'punt' and e[1] == 'distance':
        e[2] = '43'
st, a = job('drive', {'edits': ed2}, poll=False)
st2, b = job('play', {'edits': ed2}, poll=False)
time.sleep(0.5)
st, p = jreq('GET', '/api/job?id=%d' % a['job'])
check(p['state'] in ('running', 'queued'), 'a drive job starts (%s)' % p['state'])
deadline = time.time() + 900   # (the sanitized build's drive solve takes minutes)
while time.time() < deadline:
    time.sleep(3)
    # ask after another job only: the jobs above are not polled, so their client is gone
    st, p = jreq('GET', '/api/init')
    st, z = job('ask', {'edits': ed, 'question': 'P(td) offense=run defense=1 togo=2'})
    if z['state'] == 'done':
        break
st, pa = jreq('GET', '/api/job?id=%d' % a['job'])
st, pb = jreq('GET', '/api/job?id=%d' % b['job'])
check(pa['state'] == 'cancelled' and pb['state'] == 'cancelled' and 'result' not in pa,
      'jobs their client stopped polling: cancelled, no result kept (%s, %s)' % (pa['state'], pb['state']))

# ---- the tables in the request's language: the words Japanese, the numbers the English ones ----
for kind, tid, lid, how, said in (
        ('play', 'card-td-togo2', 'card-td-togo2', {'headers': {'Accept-Language': 'ja'}}, 'Accept-Language: ja'),
        ('drive', 'drive-ep', 'drive-kicks', {'query': '?lang=ja'}, '?lang=ja, the page\'s switch')):
    st, en = job(kind, {'edits': ed})
    st2, ja = job(kind, {'edits': ed}, **how)
    st3, en2 = job(kind, {'edits': ed})
    en, ja, en2 = en['result'], ja['result'], en2['result']
    te = next(t for t in en['tables'] if t['id'] == tid)
    tj = next(t for t in ja['tables'] if t['id'] == tid)
    txt_ja, txt_en = cli_txt(['--lang', 'ja'], tid), cli_txt(['--lang', 'en'], tid)
    check(st == st2 == st3 == 200 and tj['title'] == txt_ja.split('\n')[0] and te['title'] == txt_en.split('\n')[0] and
          tj['title'] != te['title'],
          '%s level, %s: the title in the request\'s language (%s), as `tables --lang ja` writes it: %s' %
          (kind, said, tj['title'][:30], txt_ja.split('\n')[0][:30]))
    le = next(t for t in en['tables'] if t['id'] == lid)
    lj = next(t for t in ja['tables'] if t['id'] == lid)
    txt_lj = cli_txt(['--lang', 'ja'], lid)
    check(lj['rows'][0][0] != le['rows'][0][0] and lj['rows'][0][0] in txt_lj and
          all(c['name'] in txt_ja for c in tj['cols']) and [c['name'] for c in tj['cols']] != [c['name'] for c in te['cols']],
          '%s level: the row labels (%s) and headings (%s) in Japanese, as `tables --lang ja` writes them (%s)' %
          (kind, lid, tid, lj['rows'][0][0]))
    why = same_numbers(en, ja)
    check(why == '', '%s level: the same numbers and the same moved cells in Japanese as in English%s' %
          (kind, ' (' + why + ')' if why else ''))
    check(json.dumps(en2['tables']) == json.dumps(en['tables']),
          '%s level: English again after Japanese, every word as before (the base tables kept per language)' % kind)

# ---- queue bound ----
codes = [job('play', {'edits': ed}, poll=False)[0] for _ in range(12)]
check(429 in codes and codes[:8].count(202) >= 7, 'a full queue: 429 (%s)' % codes)

# ---- SIGTERM while a job runs; the port in use ----
st, a = job('play', {'edits': ed2}, poll=False)
before = set(os.listdir(TMP))
p2 = subprocess.run([BIN, 'serve', '--port', str(port)], capture_output=True, text=True, timeout=30)
check(p2.returncode == 2 and p2.stderr.count('\n') == 1 and 'already in use' in p2.stderr and p2.stdout == '',
      'a port in use: one message, exit 2: %s' % p2.stderr.strip())
proc.send_signal(signal.SIGTERM)
try:
    rc = proc.wait(timeout=600)
except subprocess.TimeoutExpired:
    proc.kill()
    rc = -1
check(rc == 0, 'SIGTERM with a job running: exit 0 (%d)' % rc)
check(set(os.listdir(TMP)) == before, 'nothing left behind')
try:
    socket.create_connection(('127.0.0.1', port), timeout=2).close()
    check(False, 'the port is closed after the stop')
except OSError:
    check(True, 'the port is closed after the stop')
proc, url = start('--listen', '0.0.0.0')
warn = proc.stderr.readline()
check('warning' in warn and url.startswith('http://0.0.0.0:'), '--listen another address: a warning (%s)' % warn.strip()[:60])
proc.send_signal(signal.SIGINT)
check(proc.wait(timeout=60) == 0, 'SIGINT: exit 0')
r = subprocess.run([BIN, 'serve', '--listen', 'nowhere'], capture_output=True, text=True, timeout=30)
check(r.returncode == 2 and "--listen: 'nowhere'" in r.stderr, 'a bad --listen: exit 2 (%s)' % r.stderr.strip())

# ---- the game level: `diff --game` as a background job, on a small game ----
cache = os.path.join(TMP, 'cache')
proc, url = start('--ruleset', 'tests/data/game_tiny.ini', '--cache', cache)
base, token = url.split('/?token=')
port = int(base.rsplit(':', 1)[1])
cookie = 'pb_token_%d=%s' % (port, token)
st, init = jreq('GET', '/api/init')
gedits = [[s['section'], k['key'], k['value']] for s in init['form'] for k in s['keys']]


def punt(e, v):
    e = [list(x) for x in e]
    for x in e:
        if x[0] == 'punt' and x[1] == 'distance':
            x[2] = str(v)
    return e


def game_wait():
    while True:
        st, p = jreq('GET', '/api/game-job')
        if p['state'] != 'running':
            return p
        time.sleep(0.5)


st, j = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 45)})
check(st == 202, 'a game job starts (%d)' % st)
st2, j2 = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 44)})
check(st2 == 429, 'a second game job while one runs: 429 (%d)' % st2)
st, p = jreq('GET', '/api/game-job')
check(p['state'] == 'running' and p['phase'] in ('base', 'edited', 'diff'), 'its progress: what is being done (%s)' % p['phase'])
st, pl = job('play', {'edits': punt(gedits, 45)})
check(st == 200 and pl['state'] == 'done', 'the page stays responsive: a play-level job done during the game solve')
p = game_wait()
files = sorted(os.listdir(cache))
ini_b = os.path.join(cache, 'serve-game-tiny.ini')
ini_e = os.path.join(cache, next(f for f in files if f.startswith('serve-edited-')))
cli = subprocess.run([BIN, 'diff', ini_b, ini_e, '--game', '--cache', cache], capture_output=True, text=True)
check(p['state'] == 'done' and p['result']['text'] == cli.stdout and p['result']['status'] == cli.returncode,
      'the game section of the diff is `diff A B --game --cache DIR`\'s output (status %d)' % cli.returncode)
check('written' not in cli.stderr, 'the command read both games from the cache the job wrote')
pbv = {f: os.stat(os.path.join(cache, f)).st_mtime for f in files if f.endswith('.pbv')}
check(len(pbv) == 2, 'two value files, one a game (%s)' % sorted(pbv))
st, j = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 45)})
st, p = jreq('GET', '/api/game-job')
check(p['state'] == 'done' and p['elapsed'] == 0 and p['result']['text'] == cli.stdout,
      'a second look at the same edit: at once, the same answer')
st, j = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 44)})
time.sleep(1.5)
st, c = jreq('POST', '/api/game-cancel', {})
p = game_wait()
files = os.listdir(cache)
check(st == 200 and p['state'] == 'cancelled' and len([f for f in files if f.endswith('.pbv')]) == 2 and
      not any('.tmp' in f for f in files), 'cancel: the job cancelled, no value file and no temporary left (%s)' % p['state'])
proc.send_signal(signal.SIGTERM)
check(proc.wait(timeout=120) == 0, 'the server stops on SIGTERM (exit 0)')
# a restart: the same edit read from the cache (solved by no one), then SIGTERM during a solve
proc, url = start('--ruleset', 'tests/data/game_tiny.ini', '--cache', cache)
base, token = url.split('/?token=')
port = int(base.rsplit(':', 1)[1])
cookie = 'pb_token_%d=%s' % (port, token)
st, j = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 45)})
p = game_wait()
check(p['state'] == 'done' and p['result']['text'] == cli.stdout and 'written' not in p['result']['log'] and
      all(os.stat(os.path.join(cache, f)).st_mtime == m for f, m in pbv.items()),
      'after a restart: the same answer from the value files in the cache, none solved again')
st, j = jreq('POST', '/api/game-solve', {'edits': punt(gedits, 43)})
time.sleep(1.5)
proc.send_signal(signal.SIGTERM)
rc = proc.wait(timeout=120)
files = os.listdir(cache)
check(rc == 0 and len([f for f in files if f.endswith('.pbv')]) == 2 and not any('.tmp' in f for f in files),
      'SIGTERM during a game solve: exit 0, no partial value file, no temporary (%d, %s)' % (rc, sorted(files)))
print('serve: %d failures' % failures)
sys.exit(1 if failures else 0)
