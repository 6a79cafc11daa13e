// tests/browser/serve_test.js: the workbench (`paperbowl serve`) in a real browser (headless
// Chromium over the DevTools pipe, as tests/browser/report_test.js drives it; no npm package).
//
// usage: node tests/browser/serve_test.js URL DIR
//
// DIR holds what the command line printed for the same edit (tests/serve_browser.sh writes it:
// Defense 5's run value 0 -> 5): card-td-togo2.csv, drive-ep.csv and drive-fourth.csv of
// `tables --ruleset edited.ini`, ask.txt (`ask --ruleset edited.ini Q`). The steps, each with
// a screenshot in DIR: the page loads and shows the play level; Defense 5's run value is changed
// in the form and the page says "recomputing" until the new results come; the per-card table
// shows every cell as `tables` prints it for the edited ruleset, the moved cell highlighted with
// its exact change on hover; the drive level's EP table and last-down chart equal `tables`'s; a
// question is asked and the edited ruleset's answer is `ask`'s output exactly; a bad value shows
// the loader's message at its field; the language switches to Japanese with the edit kept, the
// results' tables with it; the edited ruleset is downloaded into DIR/download/ (the shell reads it
// back with --ruleset).
'use strict';
const fs = require('fs');
const path = require('path');
const cdp = require('./cdp');
const { check } = cdp;

const [url, dir, gameUrl] = process.argv.slice(2);
if (!url || !dir) {
  console.error('usage: node tests/browser/serve_test.js URL DIR [GAME-URL]');
  process.exit(2);
}
const browser = cdp.launch('browser test', ['--lang=en-US']);
const { proc, profile, send, listeners } = browser;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function csvRows(file) {   // the data rows: the header first, up to the empty line before the notes
  const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
  const end = lines.indexOf('');
  return lines.slice(0, end < 0 ? lines.length : end).map((l) => l.split(','));
}
// A cell as the page prints it against the CSV's value at full precision: the same text, or the
// same number to the places the page shows (half a unit of its last place; for 4.2e-10 style,
// of its last significant digit)
function sameCell(shown, full) {
  if (shown === full) return true;
  const m = /^[+-]?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(shown);
  if (!m || !/^[+-]?[\d.]+(e[+-]?\d+)?$/.test(full)) return false;
  const places = (m[2] || '').length, exp = m[3] ? Number(m[3]) : 0;
  return Math.abs(Number(shown) - Number(full)) <= 0.5 * Math.pow(10, exp - places) * (1 + 1e-9);
}
function sameRows(shown, want) {   // the first row that differs, or -1
  if (shown.length !== want.length) return Math.min(shown.length, want.length);
  return shown.findIndex((r, i) => r.length !== want[i].length || r.some((v, j) => !sameCell(v, want[i][j])));
}

async function main() {
  const { sessionId, s } = await cdp.openPage(browser);
  const errors = [];
  const origins = [url, gameUrl || url].map((u) => u.split('/?')[0]);
  listeners.push((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === 'Runtime.exceptionThrown') errors.push(msg.params.exceptionDetails.text);
    if (msg.method === 'Network.requestWillBeSent' && !origins.some((o) => msg.params.request.url.startsWith(o + '/')) &&
        !/^(data|blob|about):/.test(msg.params.request.url))
      errors.push('network request: ' + msg.params.request.url);
  });
  await s('Page.enable');
  await s('Runtime.enable');
  await s('Network.enable');
  await s('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1000, deviceScaleFactor: 1, mobile: false });
  const js = (expr) => cdp.evaluate(s, expr);
  const until = async (expr, ms, what) => {
    const t0 = Date.now();
    while (Date.now() - t0 < ms) {
      if (await js(expr).catch(() => false)) return true;
      await sleep(100);
    }
    check(false, 'timed out waiting for ' + what);
    return false;
  };
  const shot = (name) => cdp.screenshot(s, path.join(dir, name));
  const upToDate = `(function () { var s = document.getElementById('status'); return s.className === '' &&
      s.textContent !== '' && !!document.getElementById('tbl-card-td-togo2') && !!document.getElementById('tbl-drive-ep'); })()`;

  // 1. the page, from the printed URL (the token becomes a cookie; the address bar loses it)
  await s('Page.navigate', { url });
  await until(upToDate, 120000, 'the first results');
  const loc = await js('location.href');
  check(!/token/.test(loc), 'the token left the address bar: ' + loc);
  const nfields = await js(`document.querySelectorAll('#form .field input').length`);
  check(nfields > 200, 'the form shows every key of the ruleset (' + nfields + ' fields)');
  await shot('serve-1-loaded.png');

  // 2. Defense 5's run value 0 -> 5
  await js(`(function () { var i = document.getElementById('f-defense-5-run'); i.value = '5';
      i.dispatchEvent(new Event('input')); })()`);
  const stale = await js(`document.getElementById('status').className + ' ' + document.getElementById('play').className`);
  check(/stale/.test(stale) && /stale-box/.test(stale), 'right after the edit the page says it is recomputing (' + stale + ')');
  await shot('serve-2-recomputing.png');
  await sleep(400);
  await until(upToDate, 120000, 'the results of the edit');
  const expect = csvRows('card-td-togo2.csv');
  const shown = await js(`Array.from(document.querySelectorAll('#tbl-card-td-togo2 tbody tr')).map(function (tr) {
      return Array.from(tr.children).map(function (td) { return td.textContent; }); })`);
  // the CSV: the label, then each value followed by its exact fraction
  const want = expect.slice(1).map((r) => [r[0]].concat(r.slice(1).filter((_, i) => i % 2 === 0)));
  const cBad = sameRows(shown, want);
  check(cBad < 0, 'card-td-togo2 (edited) shows every cell as `tables` computes it (' + shown.length + ' rows)' +
    (cBad >= 0 ? ': row ' + cBad + ' ' + JSON.stringify(shown[cBad]) + ' vs ' + JSON.stringify(want[cBad]) : ''));
  const hl = await js(`(function () { var td = document.querySelector('#tbl-card-td-togo2 tbody tr').children[5];
      return { cls: td.className, title: td.title, exact: td.getAttribute('data-exact') }; })()`);
  check(/up/.test(hl.cls) && hl.exact === '1/6' && /50\.00/.test(hl.title) && /66\.67/.test(hl.title),
    'the moved cell (Run, Defense 5, no card) is highlighted, its change on hover: ' + hl.title);
  const tap = await js(`(function () { document.querySelector('#tbl-card-td-togo2 tbody tr').children[5].click();
      var i = document.getElementById('cell-info'); return i.hidden ? '' : i.textContent; })()`);
  check(/1\/6/.test(tap) && /D5/.test(tap), 'a tap on the moved cell shows its exact change: ' + tap);
  const summary = await js(`document.getElementById('summary').textContent`);
  check(/What moved most/.test(summary) && /Run/.test(summary), 'the summary lists what moved most');
  await js(`document.getElementById('d-card-td-togo2').open = true; document.getElementById('d-card-td-togo2').scrollIntoView()`);
  await shot('serve-3-play.png');

  // 3. the drive level
  const ep = csvRows('drive-ep.csv');
  const epShown = await js(`Array.from(document.querySelectorAll('#tbl-drive-ep tbody tr')).map(function (tr) {
      return Array.from(tr.children).map(function (td) { return td.textContent; }); })`);
  const eBad = sameRows(epShown, ep.slice(1));
  check(eBad < 0, 'drive-ep (edited) equals `tables`\'s (' + epShown.length + ' rows)' +
    (eBad >= 0 ? ': row ' + eBad + ' ' + JSON.stringify(epShown[eBad]) + ' vs ' + JSON.stringify(ep[eBad + 1]) : ''));
  const fourth = csvRows('drive-fourth.csv').map((r) => r.map((v) => v === '' ? '-' : v));  // (the page: '-')
  const fShown = await js(`Array.from(document.querySelectorAll('#tbl-drive-fourth tbody tr')).map(function (tr) {
      return Array.from(tr.children).map(function (td) { return td.textContent; }); })`);
  const fBad = sameRows(fShown, fourth.slice(1));
  check(fBad < 0, 'the last-down chart (edited) equals `tables`\'s' +
    (fBad >= 0 ? ': row ' + fBad + ' ' + JSON.stringify(fShown[fBad]) + ' vs ' + JSON.stringify(fourth[fBad + 1]) : ''));
  const epMoved = await js(`document.querySelectorAll('#tbl-drive-ep td.up, #tbl-drive-ep td.down').length`);
  check(epMoved > 0, 'the EP cells that moved are highlighted (' + epMoved + ')');
  await js(`document.getElementById('d-drive-ep').scrollIntoView()`);
  await shot('serve-4-drive.png');

  // 4. a question
  const q = fs.readFileSync(path.join(dir, 'question.txt'), 'utf8').trim();
  await js(`(function () { var i = document.getElementById('ask-q'); i.value = ${JSON.stringify(q)};
      document.getElementById('ask-go').click(); })()`);
  await until(`!!document.getElementById('ask-edited')`, 60000, 'the answer');
  const ans = await js(`[document.getElementById('ask-base').textContent, document.getElementById('ask-edited').textContent]`);
  check(ans[1] === fs.readFileSync(path.join(dir, 'ask.txt'), 'utf8'), 'the edited answer is `ask --ruleset edited.ini`\'s output');
  check(ans[0] === fs.readFileSync(path.join(dir, 'ask-base.txt'), 'utf8'), 'the base answer is `ask`\'s output');
  await js(`document.getElementById('ask').scrollIntoView()`);
  await shot('serve-5-ask.png');

  // 4b. tune one value: the curve, the best marked, as `tune --json` finds it
  await js(`(function () { document.getElementById('tune-key1').value = 'punt.distance';
      document.getElementById('tune-values1').value = '40..60/10';
      document.getElementById('tune-target').value = 'E(next_score) togo=80';
      document.getElementById('tune-goal').value = 'max'; document.getElementById('tune-go').click(); })()`);
  await until(`!!document.getElementById('tune-best')`, 180000, 'the tune');
  const tune = JSON.parse(fs.readFileSync(path.join(dir, 'tune.json'), 'utf8'));
  const tb = await js(`({ best: document.getElementById('tune-best').textContent,
      marks: document.querySelectorAll('#tune-chart circle').length, bestMarks: document.querySelectorAll('#tune-chart .best').length })`);
  const wantBest = 'punt.distance = ' + tune.best[0].set['punt.distance'] + ': ' + tune.best[0].value;
  check(tb.marks === tune.rows.length && tb.bestMarks === 1 && tb.best.indexOf(wantBest) >= 0,
    'tune: the curve of ' + tb.marks + ' values, the best marked, as `tune --json`: ' + tb.best);
  await js(`document.getElementById('tune').scrollIntoView()`);
  await shot('serve-5b-tune.png');

  // 5. a bad value: the loader's words at the field; then put back
  await js(`(function () { var i = document.getElementById('f-punt-distance'); i.value = 'far';
      i.dispatchEvent(new Event('input')); })()`);
  await until(`!!document.querySelector('.field.bad .err')`, 20000, 'the error at the field');
  const err = await js(`document.querySelector('.field.bad .err').textContent`);
  check(/'distance' must be a whole number, not 'far'/.test(err), 'a bad value: the loader\'s message at its field: ' + err);
  await js(`document.getElementById('f-punt-distance').scrollIntoView()`);
  await shot('serve-6-error.png');
  await js(`(function () { var i = document.getElementById('f-punt-distance'); i.value = i.getAttribute('data-base');
      i.dispatchEvent(new Event('input')); })()`);
  await sleep(400);
  await until(upToDate, 120000, 'the results after the fix');

  // 6. download the edited ruleset
  const dl = path.join(dir, 'download');
  fs.mkdirSync(dl, { recursive: true });
  await send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dl });
  await js(`document.getElementById('download').click()`);
  const t0 = Date.now();
  while (Date.now() - t0 < 20000 && !fs.existsSync(path.join(dl, 'edited.ini'))) await sleep(100);
  check(fs.existsSync(path.join(dl, 'edited.ini')), 'the edited ruleset downloaded as edited.ini');

  // 7. Japanese, the edit kept
  await js(`document.getElementById('lang-ja').click()`);
  await sleep(500);
  await until(upToDate, 120000, 'the Japanese page');
  const ja = await js(`({ lang: document.documentElement.lang, title: document.getElementById('title').textContent,
      run: document.getElementById('f-defense-5-run').value, body: document.body.textContent })`);
  check(ja.lang === 'ja' && ja.title === 'ペーパー・ボウル ワークベンチ' && ja.run === '5',
    'the language switch: Japanese, the edit kept (' + ja.title + ', run = ' + ja.run + ')');
  check(/ディフェンス・カード/.test(ja.body), 'the rulebook\'s own terms in Japanese (ディフェンス・カード)');
  // the results' tables too: the page names its language in its requests (the browser's own is English)
  const jt = await js(`({ play: document.querySelector('#d-card-td-togo2 > summary').textContent,
      drive: document.querySelector('#d-drive-ep > summary').textContent,
      accept: navigator.languages.join(',') })`);
  check(/^プレイ・カード別の P\(タッチダウン\)/.test(jt.play) && /^ボール・ポジションとダウン別の期待得点/.test(jt.drive),
    'the tables after the switch: the play level\'s and the drive level\'s titles in Japanese, the browser set to ' +
    jt.accept + ' (' + jt.play.slice(0, 24) + ' | ' + jt.drive.slice(0, 24) + ')');
  await shot('serve-7-ja.png');

  // 8. another game: Carriers!!, switch C3 -> bresenham: its tables move
  await js(`(function () { var s = document.getElementById('game-select'); s.value = 'carriers';
      s.dispatchEvent(new Event('change')); })()`);
  await until(`!!document.getElementById('g-switches-C3') && !!document.getElementById('tbl-intercept-charts')`, 20000, 'the Carriers!! tables');
  await js(`(function () { var i = document.getElementById('g-switches-C3'); i.value = 'bresenham';
      i.dispatchEvent(new Event('input')); })()`);
  await until(`document.querySelectorAll('#game-tables td.up, #game-tables td.down').length > 0 &&
      document.getElementById('status').className === ''`, 20000, 'the moved cells of Carriers!!');
  const gm = await js(`({ moved: document.querySelectorAll('#game-tables td.up, #game-tables td.down').length,
      pbHidden: document.getElementById('play').hidden })`);
  check(gm.moved > 0 && gm.pbHidden, 'another game (Carriers!!): a switch changed, its moved cells highlighted (' + gm.moved + ')');
  await shot('serve-8-carriers.png');
  // 9. the game level, on a server of a small game (GAME-URL: tests/data/game_tiny.ini): solve both
  // games, see the answer (the shell compares it with `diff --game`); then start another and cancel it
  if (gameUrl) {
    await s('Page.navigate', { url: gameUrl });
    await until(`!!document.getElementById('game-go') && document.getElementById('status').className === ''`, 120000,
      'the small game\'s page');
    await js(`(function () { var i = document.getElementById('f-punt-distance'); i.value = '45';
        i.dispatchEvent(new Event('input')); document.getElementById('game-go').click(); })()`);
    await sleep(1500);
    const prog = await js(`document.getElementById('game-progress').textContent`);
    check(/solving|comparing/.test(prog), 'the game job shows what it does and how far: ' + prog);
    await js(`document.getElementById('game-level').scrollIntoView()`);
    await shot('serve-9-game-running.png');
    await until(`!!document.getElementById('game-text')`, 900000, 'the game level\'s answer');
    const gtext = await js(`document.getElementById('game-text').textContent`);
    fs.writeFileSync(path.join(dir, 'game-page.txt'), gtext);
    check(/^diff --game: A = game-tiny -> B = edited-/.test(gtext), 'the game section of the diff on the page');
    await js(`document.getElementById('game-level').scrollIntoView()`);
    await shot('serve-10-game-done.png');
    await js(`(function () { var i = document.getElementById('f-punt-distance'); i.value = '44';
        i.dispatchEvent(new Event('input')); })()`);
    await sleep(600);
    await js(`document.getElementById('game-go').click()`);
    await sleep(1500);
    await js(`document.getElementById('game-cancel').click()`);
    await until(`document.getElementById('game-progress').textContent === 'cancelled'`, 60000, 'the cancel');
    check(true, 'another game job cancelled from the page');
    await js(`document.getElementById('game-level').scrollIntoView()`);
    await shot('serve-11-game-cancelled.png');
  }
  check(errors.length === 0, 'no script error, no request outside the server' + (errors.length ? ': ' + errors.join('; ') : ''));
}

const timer = setTimeout(() => { console.error('browser test: timed out'); finish(1); }, 600000);
function finish(code) {
  clearTimeout(timer);
  try { proc.kill('SIGKILL'); } catch (e) { /* already gone */ }
  try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }); } catch (e) { /* */ }
  process.exit(code);
}
main().then(() => finish(cdp.failures() ? 1 : 0), (e) => { console.error('browser test: ' + e.stack); finish(1); });
