// tests/browser/games_test.js: the other games' report pages in a real browser (headless Chromium).
//
// usage: node tests/browser/games_test.js DIR GAME...   (DIR/GAME.html and DIR/GAME-ja.html exist;
//        screenshots DIR/GAME.png and DIR/GAME-ja.png, the whole page)
//
// Drives Debian's chromium over the DevTools protocol on a pipe, as report_test.js does. One check
// per defect the pages had: every link leads to a file that exists (the soccer page linked nine
// .csv files it never wrote); no literal backtick in the text (Markdown in HTML); no data mark
// hidden under another (lines drawn over lines: two marks of a chart at the same place); every
// data mark of every chart has its value written on it (the charge bars had none); one number of
// decimals for every percentage on the page (83.3 beside 83.33; 30.000 in a percent table); the
// Japanese page is lang="ja" with its headings and chart titles in Japanese. Plus the layout
// checks: charts at their declared size, texts inside the viewport and not overlapping.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [dir, ...games] = process.argv.slice(2);
if (!dir || games.length === 0) {
  console.error('usage: node tests/browser/games_test.js DIR GAME...');
  process.exit(2);
}
const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromium) {
  console.error('games browser test: chromium not found (run tools/install-chromium.sh, or set CHROMIUM)');
  process.exit(1);
}
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-chromium-'));
const proc = spawn(chromium, [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage', '--hide-scrollbars', '--mute-audio',
  '--user-data-dir=' + profile, '--remote-debugging-pipe', 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let nextId = 1;
const waiting = new Map();
const listeners = [];
let buf = Buffer.alloc(0);
proc.stdio[4].on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  let z;
  while ((z = buf.indexOf(0)) >= 0) {
    const msg = JSON.parse(buf.slice(0, z).toString('utf8'));
    buf = buf.slice(z + 1);
    if (msg.id && waiting.has(msg.id)) {
      const { resolve, reject } = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) reject(new Error(JSON.stringify(msg.error)));
      else resolve(msg.result);
    } else if (msg.method) {
      listeners.forEach((f) => f(msg));
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  const msg = { id, method, params };
  if (sessionId) msg.sessionId = sessionId;
  proc.stdio[3].write(JSON.stringify(msg) + '\0');
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}
function once(method, sessionId, ms) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout waiting for ' + method)), ms);
    listeners.push(function f(msg) {
      if (msg.method === method && msg.sessionId === sessionId) {
        clearTimeout(t);
        listeners.splice(listeners.indexOf(f), 1);
        resolve(msg.params);
      }
    });
  });
}
let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures++;
}

// In the page: what the checks need, as plain data.
const SURVEY = `(function () {
  function rect(e) { var r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; }
  function over(a, b, tol) { return Math.min(a.r, b.r) - Math.max(a.l, b.l) > tol && Math.min(a.b, b.b) - Math.max(a.t, b.t) > tol; }
  var charts = Array.prototype.slice.call(document.querySelectorAll('svg')).filter(function (s) {
    return !(s.parentNode && s.parentNode.closest && s.parentNode.closest('svg'));
  }).map(function (svg) {
    var r = svg.getBoundingClientRect();
    var texts = Array.prototype.slice.call(svg.querySelectorAll('text')).map(function (e) {
      return { s: (e.textContent || '').trim(), r: rect(e) };
    }).filter(function (x) { return x.r.r > x.r.l; });
    var view = rect(svg);
    // data marks: cells and bars (rects that are not legend swatches or the background), and the
    // vertices of lines, each with the series it belongs to
    var marks = [];
    Array.prototype.forEach.call(svg.querySelectorAll('rect'), function (e, i) {
      if (e.closest('.legend') || e.closest('defs')) return;
      var b = rect(e);
      if (b.r - b.l >= view.r - view.l - 2) return;  // a frame
      if (!e.querySelector('title') && !e.classList.contains('cell') && !e.classList.contains('bar')) return;
      marks.push({ kind: 'rect', series: 'r' + i, r: b });
    });
    Array.prototype.forEach.call(svg.querySelectorAll('polyline'), function (e, i) {
      if (e.closest('.legend')) return;
      var m = e.getScreenCTM();
      Array.prototype.forEach.call(e.points, function (p) {
        var q = new DOMPoint(p.x, p.y).matrixTransform(m);
        marks.push({ kind: 'point', series: 'l' + i, r: { l: q.x - 1, t: q.y - 1, r: q.x + 1, b: q.y + 1 } });
      });
    });
    var hidden = 0, unlabelled = 0;
    for (var i = 0; i < marks.length; i++) {
      for (var j = i + 1; j < marks.length; j++)
        if (marks[i].series !== marks[j].series && marks[i].kind === marks[j].kind &&
            Math.abs(marks[i].r.l - marks[j].r.l) < 2 && Math.abs(marks[i].r.t - marks[j].r.t) < 2 &&
            Math.abs(marks[i].r.r - marks[j].r.r) < 2 && Math.abs(marks[i].r.b - marks[j].r.b) < 2) hidden++;
      var mine = texts.some(function (t) {
        var cx = (t.r.l + t.r.r) / 2, cy = (t.r.t + t.r.b) / 2, m = marks[i].r;
        return /^-?[0-9]|^-$|^<|^—$/.test(t.s) && cx >= m.l - 4 && cx <= m.r + 4 && cy >= m.t - 16 && cy <= m.b + 4;
      });
      if (!mine) unlabelled++;
    }
    var overlaps = 0, outside = 0;
    for (var a = 0; a < texts.length; a++) {
      var x = texts[a].r;
      if (x.l < view.l - 0.5 || x.r > view.r + 0.5 || x.t < view.t - 0.5 || x.b > view.b + 0.5) outside++;
      for (var b = a + 1; b < texts.length; b++) if (over(texts[a].r, texts[b].r, 0.5)) overlaps++;
    }
    return { id: svg.id, w: +svg.getAttribute('width'), h: +svg.getAttribute('height'), rw: r.width, rh: r.height,
             title: (svg.querySelector('.title') || {}).textContent || '', marks: marks.length, hidden: hidden,
             unlabelled: unlabelled, overlaps: overlaps, outside: outside,
             texts: texts.map(function (t) { return t.s; }) };
  });
  var cells = Array.prototype.slice.call(document.querySelectorAll('td.n')).map(function (e) { return e.textContent.trim(); });
  var pctTables = Array.prototype.slice.call(document.querySelectorAll('figure.tbl')).filter(function (f) {
    return /%|（%）/.test((f.querySelector('figcaption') || {}).textContent || '');
  }).map(function (f) {
    return { id: f.id, cells: Array.prototype.slice.call(f.querySelectorAll('td.n')).filter(function (td) {
      return td.hasAttribute('title'); }).map(function (e) { return e.textContent.trim(); }) };
  });
  return {
    lang: document.documentElement.lang, text: document.body.innerText,
    links: Array.prototype.map.call(document.querySelectorAll('[href],[src]'), function (e) {
      return e.getAttribute('href') || e.getAttribute('src'); }),
    headings: Array.prototype.map.call(document.querySelectorAll('h1,h2,figcaption,footer'), function (e) { return e.textContent; }),
    charts: charts, cells: cells, pctTables: pctTables,
    height: Math.ceil(document.documentElement.scrollHeight)
  };
})()`;

async function page(file, ja) {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const s = (m, p) => send(m, p, sessionId);
  const errors = [];
  listeners.push((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === 'Runtime.exceptionThrown') errors.push(msg.params.exceptionDetails.text);
    if (msg.method === 'Network.requestWillBeSent' && !/^(file|data|about):/.test(msg.params.request.url))
      errors.push('network request: ' + msg.params.request.url);
  });
  await s('Page.enable');
  await s('Runtime.enable');
  await s('Network.enable');
  await s('Emulation.setDeviceMetricsOverride', { width: 1200, height: 900, deviceScaleFactor: 1, mobile: false });
  const loaded = once('Page.loadEventFired', sessionId, 30000);
  await s('Page.navigate', { url: 'file://' + path.resolve(file) });
  await loaded;
  const r = await s('Runtime.evaluate', { expression: SURVEY, returnByValue: true });
  if (r.exceptionDetails) throw new Error('evaluate: ' + r.exceptionDetails.text);
  const v = r.result.value;
  const name = path.basename(file);
  check(errors.length === 0, `${name}: loads without a script error or a network request` + (errors.length ? ': ' + errors.join('; ') : ''));
  // the links: each to a file that exists beside the page (or an anchor on it)
  const dead = v.links.filter((l) => !/^(#|data:|https?:)/.test(l) && !fs.existsSync(path.join(path.dirname(file), l.split('#')[0])));
  check(dead.length === 0, `${name}: every link leads somewhere (${v.links.length} links)` + (dead.length ? `; dead: ${dead.join(', ')}` : ''));
  check(!v.text.includes('`'), `${name}: no literal backtick in the text` + (v.text.includes('`') ? ': ' +
    v.text.slice(Math.max(0, v.text.indexOf('`') - 30), v.text.indexOf('`') + 30) : ''));
  check(v.charts.length >= 2, `${name}: ${v.charts.length} charts`);
  v.charts.forEach((c) => {
    check(c.w > 0 && Math.abs(c.rw - c.w) <= 3 && Math.abs(c.rh - c.h) <= 3 && c.marks > 0,
      `${name} ${c.id}: ${c.w}x${c.h} declared, ${c.rw}x${c.rh} laid out, ${c.marks} data marks`);
    check(c.hidden === 0, `${name} ${c.id}: no data mark hidden under another (${c.hidden} coincide)`);
    check(c.unlabelled === 0, `${name} ${c.id}: every data mark has its value written on it (${c.unlabelled} without)`);
    check(c.overlaps === 0 && c.outside === 0, `${name} ${c.id}: texts inside the chart and apart (${c.outside} outside, ${c.overlaps} overlaps)`);
  });
  // one convention for percentages: in every percent table and on every chart, a number is "0"
  // (an exact zero), "100.00" or has exactly two decimals
  const pct = [];
  v.pctTables.forEach((t) => t.cells.forEach((x) => pct.push([t.id, x])));
  v.charts.forEach((c) => c.texts.filter((x) => /^[0-9]+(\.[0-9]+)?$/.test(x) && x.includes('.')).forEach((x) => pct.push([c.id, x])));
  const odd = pct.filter(([, x]) => x !== '0' && !/^[0-9]+\.[0-9]{2}$/.test(x));
  check(pct.length > 0 && odd.length === 0, `${name}: every percentage with two decimals or an exact "0" (${pct.length} looked at)` +
    (odd.length ? '; not: ' + odd.slice(0, 5).map(([i, x]) => i + ' ' + x).join(', ') : ''));
  if (ja) {
    const jp = /[\u3040-\u30ff\u4e00-\u9fff]/;
    const english = v.headings.filter((h) => !jp.test(h));
    check(v.lang === 'ja', `${name}: <html lang="${v.lang}">`);
    check(english.length === 0, `${name}: every heading, chart and table caption and the footer in Japanese (${v.headings.length})` +
      (english.length ? '; English: ' + english.slice(0, 3).join(' | ') : ''));
    const titles = v.charts.filter((c) => !jp.test(c.title));
    check(titles.length === 0, `${name}: every chart title in Japanese` + (titles.length ? ': ' + titles.map((c) => c.title).join(' | ') : ''));
  } else {
    check(v.lang === 'en', `${name}: <html lang="${v.lang}">`);
  }
  await s('Emulation.setDeviceMetricsOverride', { width: 1200, height: Math.min(v.height, 16000), deviceScaleFactor: 1, mobile: false });
  const shot = await s('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true });
  fs.writeFileSync(file.replace(/\.html$/, '.png'), Buffer.from(shot.data, 'base64'));
  await send('Target.closeTarget', { targetId });
}

(async () => {
  try {
    for (const g of games) {
      await page(path.join(dir, g + '.html'), false);
      await page(path.join(dir, g + '-ja.html'), true);
    }
  } catch (e) {
    check(false, 'the browser: ' + e.message);
  }
  proc.kill();
  setTimeout(() => {
    try { fs.rmSync(profile, { recursive: true, force: true }); } catch (e) { /* the helpers may still hold it */ }
    console.log(`games browser test: ${failures} failed`);
    process.exit(failures ? 1 : 0);
  }, 300);
})();
