// tests/browser/report_test.js: out/report.html in a real browser (headless Chromium).
//
// usage: node tests/browser/report_test.js REPORT.html SCREENSHOT.png [--game | --ja | --ja-game]
//
// Drives Debian's chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: no
// port, no network, no npm package). Checks that the page loads without a script error, that
// every chart rendered as a non-empty SVG of its declared size, that the explorer draws its
// chart and numbers, that changing a selection changes both, that a selection with a known
// exact answer shows it, and saves a screenshot. Exit status 0 when every check passes.
// Layout, for every chart on the page (any outermost <svg>, so a new chart is covered without
// naming it here) and for the explorer's chart under every selection: each <text> lies inside
// its SVG's viewport, no two texts overlap, and no two entries of a legend overlap.
'use strict';
const fs = require('fs');
const path = require('path');
const cdp = require('./cdp');
const { check } = cdp;

const [report, shot, mode] = process.argv.slice(2);
// --game: the report of a solved game (tests/browser.sh: tests/data/game_tiny.ini with one
// timeout each): the checks of any report, and of the game section; not the default
// ruleset's known values
const game = mode === '--game' || mode === '--ja-game';
// --ja: the report in Japanese (tables --lang ja): the page loads, every chart lays out cleanly,
// the page says lang="ja", the rulebook's terms are on it, no English word of the explorer is
// left and no English prose anywhere on the page (ENGLISH_PROSE below); the English checks of
// words and values are for the English report. --ja-game: the same for the report of a solved game
const ja = mode === '--ja' || mode === '--ja-game';
if (!report || !shot) {
  console.error('usage: node tests/browser/report_test.js REPORT.html SCREENSHOT.png');
  process.exit(2);
}
const browser = cdp.launch('browser test');
const { proc, profile, once, listeners } = browser;

// In the page: the layout faults of the charts matching SELECTOR (outermost <svg> elements
// only), as strings; [] when every chart is laid out cleanly. Boxes are the browser's own
// (getBoundingClientRect: after transforms, in CSS pixels), the viewport is the viewBox (or the
// width and height) mapped through the SVG's screen matrix. A fault: a <text> whose box leaves
// the viewport by more than TOL pixels; two <text> boxes overlapping by more than TOL in both
// directions; two entries of a .legend (its child elements: a swatch, a label, or a <g> per
// entry) overlapping so. The result is a function body, evaluated as an expression.
const LAYOUT = `function (selector) {
  var TOL = 0.5, faults = [];
  function rect(e) { var r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; }
  function over(a, b) {
    return Math.min(a.r, b.r) - Math.max(a.l, b.l) > TOL && Math.min(a.b, b.b) - Math.max(a.t, b.t) > TOL;
  }
  function name(e) { return e.tagName + ' "' + (e.textContent || '').trim().slice(0, 60) + '"'; }
  function f(n) { return n.toFixed(1); }
  Array.prototype.slice.call(document.querySelectorAll(selector)).filter(function (svg) {
    return svg.tagName.toLowerCase() === 'svg' && !(svg.parentNode && svg.parentNode.closest && svg.parentNode.closest('svg'));
  }).forEach(function (svg) {
    var id = svg.id || '(svg without id)', m = svg.getScreenCTM();
    if (!m) return;
    var vb = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 ? svg.viewBox.baseVal
      : { x: 0, y: 0, width: svg.width.baseVal.value, height: svg.height.baseVal.value };
    var p0 = new DOMPoint(vb.x, vb.y).matrixTransform(m), p1 = new DOMPoint(vb.x + vb.width, vb.y + vb.height).matrixTransform(m);
    var view = { l: Math.min(p0.x, p1.x), t: Math.min(p0.y, p1.y), r: Math.max(p0.x, p1.x), b: Math.max(p0.y, p1.y) };
    var k = vb.width / (view.r - view.l || 1);  // CSS pixels -> the SVG's units, for the messages
    var texts = Array.prototype.slice.call(svg.querySelectorAll('text')).map(function (e) { return { e: e, r: rect(e) }; })
      .filter(function (x) { return x.r.r - x.r.l > 0 && x.r.b - x.r.t > 0; });
    texts.forEach(function (x) {
      var r = x.r;
      if (r.l < view.l - TOL || r.t < view.t - TOL || r.r > view.r + TOL || r.b > view.b + TOL)
        faults.push(id + ': ' + name(x.e) + ' spans x ' + f((r.l - view.l) * k) + '..' + f((r.r - view.l) * k) + ', y ' +
          f((r.t - view.t) * k) + '..' + f((r.b - view.t) * k) + ': outside the viewport ' + vb.width + 'x' + vb.height);
    });
    for (var i = 0; i < texts.length; i++)
      for (var j = i + 1; j < texts.length; j++)
        if (over(texts[i].r, texts[j].r))
          faults.push(id + ': ' + name(texts[i].e) + ' and ' + name(texts[j].e) + ' overlap');
    Array.prototype.forEach.call(svg.querySelectorAll('.legend'), function (leg) {
      var items = Array.prototype.slice.call(leg.children).filter(function (e) {
        return !/^(title|desc|defs)$/i.test(e.tagName);
      }).map(function (e) { return { e: e, r: rect(e) }; });
      for (var i = 0; i < items.length; i++)
        for (var j = i + 1; j < items.length; j++)
          if (over(items[i].r, items[j].r))
            faults.push(id + ': legend entries ' + name(items[i].e) + ' and ' + name(items[j].e) + ' overlap');
    });
  });
  return faults;
}`;

// In the page: the lines of English prose left on it, as strings; [] when there is none. A line
// is the text of a block (a paragraph, a list item, a cell, a caption, an option, an SVG <text>
// or <title>: what the reader sees or hovers, hidden print-only text and <noscript> included),
// without its <code> spans (commands). English prose: two consecutive Latin-letter words of three
// letters or more, once removed what the Japanese report keeps in English as the rulebook does:
// the play cards' names (with or without their number), the units and abbreviations EP, WP, SE,
// P(...), yard(s), PAPER BOWL, the ruleset's name, and the names of things one types: table ids and
// other hyphenated names (drive-fourth-detail, v1.11-ja), file names and paths (fg.csv,
// fg.{txt,md,csv,tex}, tests/data/game_tiny.ini), policy settings (challenge=best,timeout=best),
// a command quoted in a note ('paperbowl solve special'). skip: a selector of parts left out (the
// game section, translated on its own). A function of this file, evaluated in the page from its
// source text.
function ENGLISH_PROSE(skip) {
  var data = JSON.parse(document.getElementById('pb-data').textContent), names = [];
  (data.cards || []).forEach(function (c) { var m = /^\d\d (.+)$/.exec(c); if (m) names.push(c, m[1]); });
  names.sort(function (a, b) { return b.length - a.length; });
  var keep = [/\b[A-Za-z0-9_.]+(?:-[A-Za-z0-9_.]+)+\b/g, /\b[\w-]+=[\w.,=-]+/g, /\b[\w-]+\.(?:csv|txt|md|tex|html|png|pbv)\b/g, /[\w.-]*(?:\/[\w.-]+)+/g,
    /\{txt,md,csv,tex\}/g, /'paperbowl [^']*'/g, /PAPER BOWL/g, /\bEP\b/g, /\bWP\b/g, /\bSE\b/g, /\bP\(/g, /\byards?\b/g];
  var prose = /(^|[^A-Za-z])[A-Za-z]{3,}[^A-Za-z0-9\u3000-\u9fff\uff00-\uffef]+[A-Za-z]{3,}(?![A-Za-z])/;
  var blocks = 'h1,h2,h3,p,li,td,th,caption,figcaption,summary,dt,dd,label,option,pre,footer,noscript,svg text,svg title';
  var seen = {}, bad = [];
  Array.prototype.forEach.call(document.body.querySelectorAll(blocks), function (e) {
    if (skip && e.closest(skip)) return;
    var c = e.cloneNode(true);
    Array.prototype.forEach.call(c.querySelectorAll('code, ' + blocks), function (x) { x.remove(); });
    var line = c.textContent.replace(/\s+/g, ' ').trim(), t = line;
    names.forEach(function (n) { t = t.split(n).join('\u3007'); });
    keep.forEach(function (r) { t = t.replace(r, '\u3007'); });
    if (prose.test(t) && !seen[line]) { seen[line] = 1; bad.push(line); }
  });
  return bad;
}

// PB_CHART_SHOTS=DIR: a screenshot of every chart, DIR/ID.png, to look at
async function chartShots(js, s) {
  const shotDir = process.env.PB_CHART_SHOTS;
  if (!shotDir) return;
  fs.mkdirSync(shotDir, { recursive: true });
  const boxes = await js(`Array.from(document.querySelectorAll('svg.chart')).map(function (e) {
      var r = e.getBoundingClientRect(); return { id: e.id, x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height }; })`);
  for (const b of boxes) {
    await cdp.screenshot(s, path.join(shotDir, b.id + '.png'), { clip: { x: b.x, y: b.y, width: b.w, height: b.h, scale: 1 },
      captureBeyondViewport: true });
  }
}

async function main() {
  const { sessionId, s } = await cdp.openPage(browser);
  const errors = [];
  listeners.push((msg) => {
    if (msg.sessionId !== sessionId) return;
    if (msg.method === 'Runtime.exceptionThrown') errors.push(msg.params.exceptionDetails.text +
      ' ' + JSON.stringify(msg.params.exceptionDetails.exception || {}).slice(0, 200));
    if (msg.method === 'Runtime.consoleAPICalled' && msg.params.type === 'error') errors.push('console.error');
    if (msg.method === 'Network.requestWillBeSent' && !/^(file|data|about):/.test(msg.params.request.url))
      errors.push('network request: ' + msg.params.request.url);
  });
  await s('Page.enable');
  await s('Runtime.enable');
  await s('Network.enable');
  await s('Emulation.setDeviceMetricsOverride', { width: 1400, height: 1000, deviceScaleFactor: 1, mobile: false });
  const loaded = once('Page.loadEventFired', sessionId, 30000);
  await s('Page.navigate', { url: 'file://' + path.resolve(report) });
  await loaded;
  const js = (expr) => cdp.evaluate(s, expr);

  // every chart: an SVG with its declared size, laid out at that size, with marks in it
  const charts = await js(`Array.from(document.querySelectorAll('svg.chart')).map(function (e) {
      var r = e.getBoundingClientRect();
      return { id: e.id, w: +e.getAttribute('width'), h: +e.getAttribute('height'), rw: r.width, rh: r.height,
               marks: e.querySelectorAll('rect,polyline,line,text').length,
               title: (e.querySelector('.title') || {}).textContent || '',
               axes: e.querySelectorAll('.xlabel,.ylabel').length, legend: e.querySelectorAll('.legend:not(.shade):not(.key)').length };
    })`);
  const want = ['chart-heatmap', 'chart-td-0', 'chart-td-1', 'chart-td-2', 'chart-gain-0-1', 'chart-gain-2-5',
    'chart-drive-ep', 'chart-drive-fourth', 'chart-drive-mix-offense', 'chart-drive-mix-defense', 'chart-drive-cards',
    'chart-drive-cards-blank', 'chart-sim-margin', 'explorer-chart'];
  want.forEach((id) => check(charts.some((c) => c.id === id), 'chart ' + id + ' is on the page'));
  const nGame = game ? 8 : 0;  // the lead heat maps of both halves, the worth of receiving the second-half kickoff, the 4th down by WP,
  // the two-point and onside grids, the card worths, the timeouts chart
  check(charts.length === 1 + 3 + 15 + 6 + 1 + 1 + nGame, `the page has ${27 + nGame} charts (found ${charts.length})`);
  charts.forEach((c) => {
    const sized = c.w > 0 && c.h > 0 && Math.abs(c.rw - (c.w + 2)) <= 0.5 && Math.abs(c.rh - (c.h + 2)) <= 0.5;
    check(sized && c.marks >= 10, `chart ${c.id}: ${c.w}x${c.h} declared, ${c.rw}x${c.rh} laid out, ${c.marks} marks`);
  });
  charts.filter((c) => c.id !== 'explorer-chart').forEach((c) =>
    check(c.title.length > 0 && c.axes === 2 && c.legend <= 1, `chart ${c.id} has a title, two axis labels, at most one legend`));
  // no legend of one entry (a chart of one series names it in its axis label; the gain charts
  // and the timeout chart had a legend with a single swatch): a legend is a colour bar, or two
  // or more swatches
  const oneEntry = await js(`(function () {
      var bad = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg .legend:not(.shade):not(.key)'), function (leg) {
        if (leg.querySelector('rect[fill^="url"]')) return;  // a heat map's colour bar
        var n = leg.querySelectorAll('rect, line').length;
        if (n < 2) bad.push(leg.closest('svg').id + ' (' + n + ')');
      });
      return bad;
    })()`);
  check(oneEntry.length === 0, 'no legend with fewer than two entries' + (oneEntry.length ? ': ' + oneEntry.slice(0, 8).join(', ') : ''));
  // no text under 9 px in any chart (the two-point and onside grids wrote 7 px into small cells)
  const tiny = await js(`(function () {
      var bad = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg.chart text'), function (t) {
        var px = parseFloat(getComputedStyle(t).fontSize);
        if (t.textContent.trim() && px < 9) bad.push(t.closest('svg').id + ' "' + t.textContent.trim().slice(0, 20) + '" ' + px + 'px');
      });
      return bad;
    })()`);
  check(tiny.length === 0, 'no chart text under 9 px' + (tiny.length ? ` (${tiny.length}): ` + tiny.slice(0, 6).join('; ') : ''));
  // the same kind of number has the same precision everywhere: every percentage a chart
  // prints (cells, corner texts) has one decimal place, or is "0%", "100%", "< 0.1%", "> 99.9%"
  // (the gain charts' corners had three places beside the heat map's one), and no probability
  // that is not certain prints as 100.0 or 0.0
  const precision = await js(`(function () {
      var bad = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg.chart:not(#explorer-chart) text'), function (t) {
        if (t.closest('.legend') || t.closest('.ylabel') || t.classList.contains('title')) return;
        var m = t.textContent.match(/-?[0-9]+(\\.[0-9]+)?%/g) || [];
        m.forEach(function (x) {
          if (!/^(-?[0-9]+\\.[0-9]%|0%|100%|[0-9]+%)$/.test(x) || /^(100\\.0|0\\.0)%$/.test(x)) bad.push(t.closest('svg').id + ' "' + t.textContent.trim() + '"');
          if (/^[0-9]+%$/.test(x) && !/^(0|100)%$/.test(x) && !t.closest('g.note') && t.getAttribute('text-anchor') !== 'end') bad.push(t.closest('svg').id + ' "' + t.textContent.trim() + '"');
        });
        if (t.closest('#chart-game-lead') && /^(100\\.0|0\\.0)$/.test(t.textContent.trim())) bad.push('chart-game-lead "' + t.textContent.trim() + '"');
      });
      return bad;
    })()`);
  check(precision.length === 0, 'every percentage on a chart to one place, none that is not certain as 0.0 or 100.0' +
    (precision.length ? ` (${precision.length}): ` + precision.slice(0, 6).join('; ') : ''));
  // layout of every chart as first drawn: one check per chart, naming its first faults
  const faults = await js(`(${LAYOUT})('svg')`);
  charts.forEach((c) => {
    const mine = faults.filter((f) => f.startsWith(c.id + ': '));
    check(mine.length === 0, `chart ${c.id}: texts inside the viewport, no overlapping texts or legend entries` +
      (mine.length ? ` (${mine.length} faults): ` + mine.slice(0, 4).join('; ') : ''));
  });
  const stray = faults.filter((f) => !charts.some((c) => f.startsWith(c.id + ': ')));
  check(stray.length === 0, 'every other SVG on the page laid out cleanly' + (stray.length ? ': ' + stray.slice(0, 4).join('; ') : ''));
  if (ja) {
    const j = await js(`(function () {
        var ex = document.getElementById('explorer'), chart = document.getElementById('explorer-chart');
        return { lang: document.documentElement.lang, text: document.body.innerText,
                 ex: Array.prototype.map.call(ex.querySelectorAll('label, dt, #ex-table td:first-child'), function (e) { return e.firstChild ? e.firstChild.textContent : ''; }).join('|'),
                 chart: Array.prototype.map.call(chart.querySelectorAll('text'), function (t) { return t.textContent; }).join('|') };
      })()`);
    const terms = ['ラン・プレイ', 'ショート・パス', 'ロング・パス', 'ディフェンス 1', 'タッチダウンの確率', 'まとめ', 'エクスプローラー'];
    const missing = terms.filter((t) => j.text.indexOf(t) < 0);
    check(j.lang === 'ja' && missing.length === 0, `the Japanese report: lang="${j.lang}", the rulebook's terms` + (missing.length ? '; missing: ' + missing.join(', ') : ''));
    const english = (j.ex + '|' + j.chart).split('|').filter((w) => /\b(Offense|Defense|Play card|Yards to go|mean yards|gain|yards|touchdown|incomplete|probability|other outcomes|net yards)\b/.test(w));
    check(english.length === 0, 'the explorer in Japanese (its controls, tiles, outcome list and chart)' + (english.length ? ': English left: ' + english.slice(0, 6).join('; ') : ''));
    // the whole page, the game section included
    const prose = await js(`(${ENGLISH_PROSE.toString()})(null)`);
    check(prose.length === 0, 'the Japanese report has no English prose (visible text, print-only text, chart texts and tooltips)' +
      (prose.length ? ` (${prose.length} lines): ` + prose.slice(0, 8).map((l) => l.slice(0, 140)).join(' | ') : ''));
    // the charts keep their colours with the names in Japanese: the last-down chart's calls and the
    // offense's mix are coloured as in the English report (tables/svg.c, one colour per meaning)
    const hues = await js(`(function () {
        function fills(sel) { var f = {}; Array.prototype.forEach.call(document.querySelectorAll(sel), function (e) { f[e.getAttribute('fill')] = 1; }); return Object.keys(f).sort().join(' '); }
        return { fourth: fills('#chart-drive-fourth rect.cell'), mix: fills('#chart-drive-mix-offense g.bar rect') };
      })()`);
    check(hues.fourth === '#009E73 #AA4499 #E69F00' && ['#0072B2', '#332288', '#56B4E9'].every((c) => hues.mix.indexOf(c) >= 0),
      `the Japanese charts in the palette's colours: 4th down ${hues.fourth}; offense mix ${hues.mix}`);
    check(errors.length === 0, 'no script error, no network request' + (errors.length ? ': ' + errors.join('; ') : ''));
    const size = await js(`({ h: document.documentElement.scrollHeight })`);
    await cdp.screenshot(s, shot, { clip: { x: 0, y: 0, width: 1400, height: Math.min(size.h, 2600), scale: 1 },
      captureBeyondViewport: true });
    await chartShots(js, s);
    return;
  }
  // one colour per meaning across the report: every legend entry of every chart (a swatch or a
  // line, and the name after it): a name has the same colour wherever it appears, and no two
  // names share a colour (greys excepted: the shades of an ordered series such as the downs or
  // the defense cards, told apart by dash patterns, and the neutral outcomes)
  const legendEntries = `(function () {
      var out = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg .legend:not(.shade)'), function (leg) {
        var svg = leg.closest('svg');
        Array.prototype.forEach.call(leg.querySelectorAll('rect, line'), function (sw) {
          var t = sw.nextElementSibling;
          if (!t || t.tagName.toLowerCase() !== 'text') return;
          var cs = getComputedStyle(sw), color = sw.tagName.toLowerCase() === 'line' ? cs.stroke : cs.fill;
          // a colour bar's gradient is its stops (two heat maps on one scale have gradients of their own ids)
          var g = /^url\\("?[^#"]*#([^")]+)"?\\)$/.exec(color), grad = g && document.getElementById(g[1]);
          if (grad) color = 'gradient ' + Array.prototype.map.call(grad.querySelectorAll('stop'), function (st) {
            return st.getAttribute('offset') + ' ' + getComputedStyle(st).stopColor; }).join(', ');
          out.push({ chart: svg.id, name: t.textContent.trim(), color: color });
        });
      });
      return out;
    })()`;
  const isGrey = (c) => { const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(c); return m && m[1] === m[2] && m[2] === m[3]; };
  const colorCheck = (entries, where) => {
    const byName = {}, byColor = {};
    entries.forEach((e) => {
      const n = e.name.toLowerCase();
      (byName[n] = byName[n] || new Set()).add(e.color);
      if (!isGrey(e.color)) (byColor[e.color] = byColor[e.color] || new Set()).add(n);
    });
    const twoColors = Object.keys(byName).filter((n) => byName[n].size > 1).map((n) => n + ': ' + [...byName[n]].join(' and '));
    const shared = Object.keys(byColor).filter((c) => byColor[c].size > 1).map((c) => c + ': ' + [...byColor[c]].join(' and '));
    check(twoColors.length === 0 && shared.length === 0, `one colour per meaning ${where} (${entries.length} legend entries)` +
      (twoColors.length ? '; a name in two colours: ' + twoColors.join('; ') : '') +
      (shared.length ? '; a colour for two names: ' + shared.join('; ') : ''));
  };
  colorCheck(await js(legendEntries), 'in the charts');
  // legends list only what their chart shows: a grid's entries are categories of its cells, a
  // stacked chart's entries colours of its bands
  const idle = await js(`(function () {
      var bad = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg.chart'), function (svg) {
        var cells = svg.querySelectorAll('rect.cell[data-cat]'), bands = svg.querySelectorAll('g.bar rect');
        if (!cells.length && !bands.length) return;
        var cats = {}, fills = {};
        Array.prototype.forEach.call(cells, function (c) { cats[c.getAttribute('data-cat')] = 1; });
        Array.prototype.forEach.call(bands, function (b) { if (+b.getAttribute('height') > 0) fills[getComputedStyle(b).fill] = 1; });
        Array.prototype.forEach.call(svg.querySelectorAll('.legend:not(.shade):not(.key) g'), function (g) {
          var name = g.textContent.trim(), sw = g.querySelector('rect');
          if (cells.length ? !cats[name] : !fills[getComputedStyle(sw).fill]) bad.push(svg.id + ': ' + name);
        });
      });
      return bad;
    })()`);
  check(idle.length === 0, 'every legend entry appears in its chart' + (idle.length ? ': not shown: ' + idle.join('; ') : ''));
  // P(touchdown) by field position: the scale shows where the defenses differ. The red zone
  // (togo 20 to 1) takes at least half of the plot's width (the old chart spread togo 99..1 and
  // the lines coincided over three quarters of it), the y scale is linear (evenly spaced tick
  // values; the old log scale squeezed the red zone into a quarter of the height), and no line
  // runs into the title (every point at least 12 px below it)
  const tdScale = await js(`(function () {
      return [0, 1, 2].map(function (o) {
        var svg = document.getElementById('chart-td-' + o), ox = svg.getBoundingClientRect();
        var ticks = {};
        Array.prototype.forEach.call(svg.querySelectorAll('text'), function (t) {
          if (/^[0-9]+$/.test(t.textContent)) ticks[t.textContent] = +t.getAttribute('x'); });
        var xs = [], ymin = Infinity;
        Array.prototype.forEach.call(svg.querySelectorAll('polyline.series'), function (p) {
          p.getAttribute('points').split(' ').forEach(function (q) { var v = q.split(','); xs.push(+v[0]); ymin = Math.min(ymin, +v[1]); }); });
        var width = Math.max.apply(null, xs) - Math.min.apply(null, xs), ppy = Math.abs(ticks['10'] - ticks['20']) / 10;
        var yt = Array.prototype.filter.call(svg.querySelectorAll('text[text-anchor="end"]'), function (t) {
          return /%$/.test(t.textContent); }).map(function (t) { return parseFloat(t.textContent); }).sort(function (a, b) { return a - b; });
        var d = yt.slice(1).map(function (v, i) { return v - yt[i]; });
        var title = svg.querySelector('.title').getBBox();
        return { red: 19 * ppy / width, linear: d.length > 1 && d.every(function (x) { return Math.abs(x - d[0]) < 1e-9; }),
                 clear: ymin - (title.y + title.height), ticks: yt.join(',') };
      });
    })()`);
  check(tdScale.every((c) => c.red >= 0.45 && c.linear && c.clear >= 12),
    'P(touchdown) charts: the red zone at least 45% of the width, a linear y scale, lines 12 px clear of the title: ' +
    tdScale.map((c) => `red zone ${(100 * c.red).toFixed(0)}%, ticks ${c.ticks}, clear ${c.clear.toFixed(1)} px`).join(' | '));
  // every coloured mark is a colour of the report's palette (a heat map's scale is grey): a hue
  // has one meaning across the report (the old heat maps used viridis and PuOr, whose orange,
  // purple and yellow were also the field goal, Long Pass and the PAT); and no two meanings have
  // colours closer than a CIE76 distance of 16 (greys aside) (kick onside and Short Pass were 14 apart)
  const hues = await js(`(function () {
      var pal = JSON.parse(document.getElementById('pb-data').textContent).colors, allowed = {}, bad = {};
      function rgb(c) { var m = /^#(..)(..)(..)$/.exec(c); return 'rgb(' + parseInt(m[1], 16) + ', ' + parseInt(m[2], 16) + ', ' + parseInt(m[3], 16) + ')'; }
      Object.keys(pal).forEach(function (k) { allowed[rgb(pal[k])] = k; });
      Array.prototype.forEach.call(document.querySelectorAll('svg.chart rect, svg.chart polyline, svg.chart line'), function (e) {
        var cs = getComputedStyle(e), c = e.tagName.toLowerCase() === 'rect' ? cs.fill : cs.stroke;
        var m = /^rgb\\((\\d+), (\\d+), (\\d+)\\)$/.exec(c);
        if (!m || (m[1] === m[2] && m[2] === m[3]) || allowed[c]) return;
        bad[c] = e.closest('svg').id;
      });
      function lab(c) {
        var v = [1, 3, 5].map(function (i) { var x = parseInt(c.substr(i, 2), 16) / 255; return x > 0.04045 ? Math.pow((x + 0.055) / 1.055, 2.4) : x / 12.92; });
        var X = (v[0] * 0.4124 + v[1] * 0.3576 + v[2] * 0.1805) / 0.95047, Y = v[0] * 0.2126 + v[1] * 0.7152 + v[2] * 0.0722,
          Z = (v[0] * 0.0193 + v[1] * 0.1192 + v[2] * 0.9505) / 1.08883;
        function f(t) { return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116; }
        return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
      }
      var names = Object.keys(pal).filter(function (n) { var c = pal[n]; return !(c.substr(1, 2) === c.substr(3, 2) && c.substr(3, 2) === c.substr(5, 2)); }), near = [];
      for (var i = 0; i < names.length; i++)
        for (var j = i + 1; j < names.length; j++) {
          var a = lab(pal[names[i]]), b = lab(pal[names[j]]);
          var dE = Math.sqrt(Math.pow(a[0] - b[0], 2) + Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2));
          if (dE < 16) near.push(names[i] + '/' + names[j] + ' ' + dE.toFixed(1));
        }
      // in grey: the categories of one grid chart differ in lightness by 8 or more (the 4th-down
      // chart's go for it and punt were 3 apart)
      var grey = [];
      Array.prototype.forEach.call(document.querySelectorAll('svg.chart'), function (svg) {
        var cats = {};
        Array.prototype.forEach.call(svg.querySelectorAll('rect.cell[data-cat]'), function (c) { cats[c.getAttribute('data-cat')] = 1; });
        var ks = Object.keys(cats).filter(function (k) { return pal[k]; });
        for (var i = 0; i < ks.length; i++)
          for (var j = i + 1; j < ks.length; j++) {
            var dl = Math.abs(lab(pal[ks[i]])[0] - lab(pal[ks[j]])[0]);
            if (dl < 8) grey.push(svg.id + ': ' + ks[i] + '/' + ks[j] + ' L* ' + dl.toFixed(1) + ' apart');
          }
      });
      return { bad: Object.keys(bad).map(function (c) { return c + ' in ' + bad[c]; }), near: near, grey: grey };
    })()`);
  check(hues.bad.length === 0, 'every coloured mark is a palette colour (heat maps in grey)' + (hues.bad.length ? ` (${hues.bad.length} other colours): ` + hues.bad.slice(0, 5).join('; ') : ''));
  check(hues.near.length === 0, 'no two meanings in colours closer than CIE76 16' + (hues.near.length ? ': ' + hues.near.join('; ') : ''));
  check(hues.grey.length === 0, 'the categories of each grid chart told apart in grey (L* 8 or more apart)' + (hues.grey.length ? ': ' + hues.grey.join('; ') : ''));
  // each section says what its numbers are (exact, certified bound or simulated), each table
  // too, and the footer does not call everything exact (it said "exact enumeration; no
  // sampling" under the solvers' floating-point tables)
  const kinds = await js(`(function () {
      var bad = [];
      Array.prototype.forEach.call(document.querySelectorAll('section[id]'), function (sec) {
        if (sec.id === 'summary' || sec.id === 'tables') return;
        var k = sec.querySelector(':scope > p.kind');
        if (!k || !/^(Exact|Certified bound|Simulated):/.test(k.textContent)) bad.push('section ' + sec.id);
      });
      Array.prototype.forEach.call(document.querySelectorAll('#tables figure.tbl'), function (f) {
        var id = (f.id || '').replace(/^t-/, ''), k = document.getElementById('kind-' + id);
        var want = /^(drive|game)-/.test(id) ? /^Certified bound:/ : /^Exact:/;
        if (!k || !want.test(k.textContent)) bad.push('table ' + id);
      });
      var foot = document.querySelector('footer').textContent;
      if (document.getElementById('drive') && !/Certified bounds/.test(foot)) bad.push('footer: ' + foot);
      return bad;
    })()`);
  check(kinds.length === 0, 'every section and table says how its numbers were obtained' + (kinds.length ? ': not: ' + kinds.slice(0, 6).join('; ') : ''));
  // a summary of findings at the top, before the contents, its first-down matchup the heat
  // map's largest cell
  const summary = await js(`(function () {
      var s = document.getElementById('summary'), toc = document.getElementById('toc');
      var cells = Array.prototype.map.call(document.querySelectorAll('#chart-heatmap rect.cell'), function (c) {
        return c.querySelector('title').textContent; });
      var best = cells.map(function (t) { return +/([0-9.]+)%$/.exec(t)[1]; }).reduce(function (a, b) { return Math.max(a, b); }, 0);
      return { first: !!s && !!toc && !!(s.compareDocumentPosition(toc) & Node.DOCUMENT_POSITION_FOLLOWING),
               items: s ? s.querySelectorAll('li').length : 0, fd: s && s.querySelector('#sum-first-down') ? s.querySelector('#sum-first-down b + *, #sum-first-down').textContent : '',
               best: best.toFixed(1) + '%' };
    })()`);
  check(summary.first && summary.items >= (game ? 5 : 4) && summary.fd.indexOf(summary.best) >= 0,
    `a summary at the top (${summary.items} findings), the best first-down matchup ${summary.best}: ${summary.fd.slice(0, 160)}`);
  // the summary answers the designer's questions without --findings: the cards the equilibrium
  // nearly never plays (v1.11-ja: Defense 1 and 2, 1.8% and 2.5% of calls on average over the
  // field at 1st and 10), P(first down) that is not monotone in field position (the red-zone
  // jump: Long Pass against Defense 5 from togo 21 to 20), and with the game solver the coin
  // toss; each item links to a part of the page that exists
  const findings = await js(`(function () {
      function item(id) { var e = document.getElementById(id); if (!e) return null;
        var a = e.querySelector('a[href^="#"]'); return { text: e.textContent, link: !!(a && document.getElementById(a.getAttribute('href').slice(1))) }; }
      return { rare: item('sum-rare'), jump: item('sum-jump'), toss: item('sum-toss'),
               links: Array.prototype.every.call(document.querySelectorAll('#summary a[href^="#"]'), function (a) {
                 return !!document.getElementById(a.getAttribute('href').slice(1)); }) };
    })()`);
  check(findings.rare && findings.rare.link && findings.jump && findings.jump.link && findings.links &&
    (!game || (findings.toss && findings.toss.link)), 'the summary has the findings, each linking to its chart or table: ' +
    [findings.rare, findings.jump, findings.toss].map((f) => f ? f.text.slice(0, 140) : 'missing').join(' | '));
  if (!game)
    check(findings.rare && /Defense 1 \(0% on the own 20, 1\.8% on average\), Defense 2 \(0% on the own 20, 2\.5% on average\)/.test(findings.rare.text) &&
      findings.jump && /Long Pass against Defense 5, from [0-9.]+% at togo 21 to [0-9.]+% at togo 20/.test(findings.jump.text),
      'v1.11-ja: Defense 1 and 2 nearly unused (1.8% and 2.5% on average), the red-zone jump of Long Pass against Defense 5 at togo 21 to 20');
  // words: one form for a kind of number, no "1 yards", no probability to 7 places beside the
  // same value in percent, a lead's win probability not called "wins x% of the time", no
  // "should receive" for a toss within the fair-toss threshold, and a footer that claims only
  // the sections the page has
  const words = await js(`(function () {
      var t = document.body.innerText, bad = [];
      [/\\b1 yards/, /gain -\\d/, /worth [+-]?0\\.\\d{4,} in win probability/, /is worth 0\\.\\d{5,}/, /wins [0-9.]+% of the time/,
       /toss winner should (kick|receive)[^.]*0\\.0\\d/].forEach(function (re) { var m = re.exec(t); if (m) bad.push(m[0]); });
      var foot = document.querySelector('footer').textContent;
      if (/findings/i.test(foot) && !document.getElementById('findings')) bad.push('footer: the findings without a Findings section');
      return bad;
    })()`);
  check(words.length === 0, 'the words: one form per kind of number, "1 yard", the footer' + (words.length ? ': ' + words.join('; ') : ''));
  const heat = await js(`document.querySelectorAll('#chart-heatmap rect.cell').length`);
  check(heat === 15, 'the heatmap has 15 cells (offense x defense): ' + heat);
  const lines = await js(`document.querySelectorAll('#chart-td-0 polyline.series').length`);
  check(lines === 5, 'the touchdown chart has a line per defense: ' + lines);
  // the fourth-down chart: a cell for every togo 1..99 and yards to gain 1..min(15, togo), the
  // yards to gain a row each and the togo across (as in every other chart); the cell at togo 35,
  // 4th and 3 is "go for it" (v1.11-ja: by 1.79 EP over the field goal), in the colour of the
  // legend's "go for it" swatch, and says so on hover
  const grid = await js(`(function () {
      var g = document.getElementById('chart-drive-fourth'), c = g.querySelector('rect.cell[data-row="3"][data-col="35"]');
      var sw = Array.prototype.filter.call(g.querySelectorAll('.legend g'), function (e) {
        return e.textContent === (c ? c.getAttribute('data-cat') : ''); });
      return { cells: g.querySelectorAll('rect.cell').length, cat: c && c.getAttribute('data-cat'),
               fill: c && getComputedStyle(c).fill, swatch: sw.length ? getComputedStyle(sw[0].querySelector('rect')).fill : '',
               tip: c && c.querySelector('title').textContent };
    })()`);
  let cells = 0;
  for (let t = 1; t <= 99; t++) cells += Math.min(15, t);
  check(grid.cells === cells, `the fourth-down chart has ${cells} cells (togo x yards to gain): ${grid.cells}`);
  if (!game) check(grid.cat === 'go for it' && grid.fill === grid.swatch && /^togo 35 \(ball on opp 35\), 4th and 3: go for it, by \d/.test(grid.tip),
    `fourth-down chart at togo 35, 4th and 3: ${grid.cat}, ${grid.fill} (legend ${grid.swatch}): ${grid.tip}`);
  // the fourth-down chart: every cell opaque in its call's colour (the old one shaded close
  // calls down to 30% opacity, pale green, orange and pink alike), a ring on exactly the cells
  // whose margin (from the tooltip) is under the 0.25 EP the legend gives, rows at least 14 px
  // tall (the old one had 99 rows of 8 px), the togo on the x axis
  const fourth = await js(`(function () {
      var g = document.getElementById('chart-drive-fourth'), bad = [], n = 0, rings = 0, h = Infinity;
      var marks = {};
      Array.prototype.forEach.call(g.querySelectorAll('circle.mark'), function (m) { marks[m.getAttribute('data-row') + '/' + m.getAttribute('data-col')] = 1; rings++; });
      var key = g.querySelector('.legend.key'), lim = key ? +/within ([0-9.]+) EP/.exec(key.textContent)[1] : 0;
      Array.prototype.forEach.call(g.querySelectorAll('rect.cell'), function (c) {
        var m = /, by ([0-9.]+) EP/.exec(c.querySelector('title').textContent), op = +getComputedStyle(c).fillOpacity;
        var id = c.getAttribute('data-row') + '/' + c.getAttribute('data-col');
        n++;
        h = Math.min(h, c.getBoundingClientRect().height);
        if (op !== 1) bad.push(id + ' opacity ' + op);
        if (!m || (+m[1] < lim) !== !!marks[id]) bad.push(id + ' margin ' + (m && m[1]) + (marks[id] ? ' ringed' : ' not ringed'));
      });
      return { n: n, rings: rings, lim: lim, h: h, x: g.querySelector('.xlabel').textContent, bad: bad };
    })()`);
  check(fourth.n > 0 && fourth.rings > 0 && fourth.lim > 0 && fourth.bad.length === 0 && fourth.h >= 14 && /togo/.test(fourth.x),
    `fourth-down chart: ${fourth.n} opaque cells, ${fourth.rings} ringed as within ${fourth.lim} EP, rows ${fourth.h.toFixed(1)} px, x axis "${fourth.x}"` +
    (fourth.bad.length ? ': ' + fourth.bad.slice(0, 5).join('; ') : ''));
  const bars = await js(`[document.querySelectorAll('#chart-drive-mix-offense g.bar').length,
      document.querySelectorAll('#chart-drive-mix-defense g.bar').length,
      document.querySelectorAll('#chart-drive-cards rect.cell').length,
      document.querySelectorAll('#chart-drive-ep polyline.series').length]`);
  check(bars[0] === 99 && bars[1] === 99 && bars[2] === 24 * 5 && bars[3] === 4,
    `drive charts: ${bars[0]} and ${bars[1]} bars of mixes, ${bars[2]} card cells, ${bars[3]} EP lines`);

  // a card's worth against a blank card: a row per card and one for the deck (a random card
  // against a blank one, below 0: the deck costs more than it adds), a column per state and the
  // mean; card 07 (only when leading) is a blank card with the score tied: +0.000 in every column;
  // the summary names the cards worth most and least, linking to the chart
  const blank = await js(`(function () {
      var svg = document.getElementById('chart-drive-cards-blank');
      if (!svg) return null;
      var cells = svg.querySelectorAll('rect.cell');
      var texts = Array.prototype.map.call(svg.querySelectorAll('text'), function (t) { return t.textContent; });
      var rows = Array.prototype.filter.call(texts, function (t) { return /^\d\d /.test(t) || /deck/.test(t); });
      var i07 = texts.findIndex(function (t) { return /^07 /.test(t); });
      var sum = document.getElementById('sum-cards-blank'), a = sum && sum.querySelector('a[href="#chart-drive-cards-blank"]');
      return { cells: cells.length, rows: rows.length,
               c07: Array.prototype.filter.call(cells, function (c) { return /^07 /.test(c.querySelector('title').textContent); })
                      .map(function (c) { return c.querySelector('title').textContent; }),
               deck: Array.prototype.filter.call(cells, function (c) { return /deck/.test(c.querySelector('title').textContent); })
                      .map(function (c) { return c.querySelector('title').textContent; }),
               sum: sum ? sum.textContent : '', link: !!a };
    })()`);
  check(blank && blank.cells === 25 * 5 && blank.c07.length === 5 && blank.c07.every((t) => /\+0\.000$/.test(t)) &&
    blank.deck.length === 5 && blank.deck.every((t) => /-0\.\d{3}$/.test(t)) && blank.link &&
    /worth most is \d\d .* \(\+\d\.\d{3} EP on average\), the least \d\d .*\(-\d\.\d{3}\)/.test(blank.sum),
    'cards against a blank card: ' + (blank ? `${blank.cells} cells, card 07 ${blank.c07.join(', ')}; deck ${blank.deck.join(', ')}; summary: ${blank.sum.slice(0, 200)}` : 'no chart'));
  if (!game && !ja)
    check(blank && /worth most is 16 Pass-Play Bonus \(\+0\.544 EP on average\), the least 01 Intercept \(-1\.377\); the deck as a whole is worth -0\.237 EP/.test(blank.sum),
      'v1.11-ja against a blank card: 16 Pass-Play Bonus +0.544 most, 01 Intercept -1.377 least, the deck -0.237 (table drive-cards-blank)');

  // whole games from the simulator: points per game for each side, wins, ties, the mean
  // absolute margin, each "value ± SE"; the margin chart (71 bars, -35..+35) and the most common
  // finals; the summary's line links to the section. v1.11-ja: what `paperbowl sim --games 20000
  // --seed 1` prints (points per game 19.935 and 19.921, ties 3.86%)
  const sim = await js(`(function () {
      var sec = document.getElementById('sim');
      if (!sec) return null;
      function cell(id) { var e = document.getElementById(id); return e ? e.textContent : ''; }
      var sum = document.getElementById('sum-sim');
      return { kind: sec.querySelector('p.kind').textContent, home: cell('sim-ppg-home'), away: cell('sim-ppg-away'),
               both: cell('sim-ppg-both'), ties: cell('sim-ties'), margin: cell('sim-abs-margin'),
               bars: document.querySelectorAll('#chart-sim-margin rect.bar').length,
               finals: sec.querySelectorAll('#sim-finals tbody tr').length,
               sum: sum ? sum.textContent : '', link: !!(sum && sum.querySelector('a[href="#sim"]')) };
    })()`);
  const pm = /^\d+\.\d{3} \u00b1 \d+\.\d{3}$/;
  check(sim && /^Simulated: 20000 whole games .*seed 1/.test(sim.kind) && pm.test(sim.home) && pm.test(sim.away) &&
    pm.test(sim.both) && pm.test(sim.margin) && /^\d+\.\d\d% \u00b1 \d+\.\d\d%$/.test(sim.ties) &&
    sim.bars > 30 && sim.finals === 10 && sim.link && /simulated, 20000 games/.test(sim.sum),
    'whole games (simulated): ' + (sim ? `${sim.home} / ${sim.away} points, ties ${sim.ties}, |margin| ${sim.margin}, ${sim.bars} bars, ${sim.finals} finals; ${sim.sum.slice(0, 160)}` : 'no section'));
  if (!game && !ja)
    check(sim && /^19\.935 /.test(sim.home) && /^19\.921 /.test(sim.away) && /^3\.86% /.test(sim.ties),
      'v1.11-ja whole games: 19.935 and 19.921 points per game, ties 3.86% (as paperbowl sim --games 20000 --seed 1)');

  if (game) {
    // the win probability by lead: a heat map, a cell per lead and card shown, each showing
    // its value (the old chart drew a line per lead, and four of seven lay on the frame)
    const lead = await js(`(function () {
        var svg = document.getElementById('chart-game-lead'), cells = svg.querySelectorAll('rect.cell');
        var texts = Array.prototype.filter.call(svg.querySelectorAll('text'), function (t) { return /^(\\d+\\.\\d|> 99\\.9|< 0\\.1)$/.test(t.textContent); });
        return { cells: cells.length, texts: texts.length, lines: svg.querySelectorAll('polyline').length };
      })()`);
    check(lead.cells >= 13 && lead.texts === lead.cells && lead.lines === 0,
      `win probability by lead: ${lead.cells} cells, ${lead.texts} with their value, ${lead.lines} lines`);
    // the two-point and onside grids: every cell with a best choice shows its margin inside it
    for (const id of ['chart-game-two-point', 'chart-game-onside']) {
      const g = await js(`(function () {
          var svg = document.getElementById('${id}'), n = 0, shown = 0;
          var texts = Array.prototype.map.call(svg.querySelectorAll('text.celltext'), function (t) { return t.getBoundingClientRect(); });
          Array.prototype.forEach.call(svg.querySelectorAll('rect.cell'), function (c) {
            if (!/^(go for two|kick the PAT|kick onside|kick deep)$/.test(c.getAttribute('data-cat'))) return;
            n++;
            var r = c.getBoundingClientRect();
            if (texts.some(function (t) { return t.left >= r.left - 0.5 && t.right <= r.right + 0.5 && t.top >= r.top - 0.5 && t.bottom <= r.bottom + 0.5; }))
              shown++;
          });
          return { n: n, shown: shown };
        })()`);
      check(g.n > 0 && g.shown === g.n, `${id}: ${g.shown} of ${g.n} decided cells show their value without hovering`);
    }
    // the 4th-down chart by win probability beside the EP one: a ring on exactly the cells whose
    // tooltip says the EP chart calls otherwise, and the EP chart's cell at the same place has that
    // other call; the caption counts them
    const wp4 = await js(`(function () {
        var g = document.getElementById('chart-game-fourth'), ep = document.getElementById('chart-drive-fourth');
        if (!g) return { none: !!document.getElementById('game-fourth-none') };
        var rings = {}, bad = [], n = 0, diff = 0;
        Array.prototype.forEach.call(g.querySelectorAll('circle.mark'), function (m) { rings[m.getAttribute('data-row') + '/' + m.getAttribute('data-col')] = 1; });
        Array.prototype.forEach.call(g.querySelectorAll('rect.cell'), function (c) {
          var id = c.getAttribute('data-row') + '/' + c.getAttribute('data-col'), t = c.querySelector('title').textContent;
          var m = /; by EP: (.*)$/.exec(t), e = ep.querySelector('rect.cell[data-row="' + c.getAttribute('data-row') + '"][data-col="' + c.getAttribute('data-col') + '"]');
          n++;
          if (m) diff++;
          if (!!m !== !!rings[id]) bad.push(id + ' ring ' + !!rings[id]);
          if (e && (m ? e.getAttribute('data-cat') !== m[1] : e.getAttribute('data-cat') !== c.getAttribute('data-cat'))) bad.push(id + ' EP ' + e.getAttribute('data-cat'));
        });
        var cap = g.closest('figure').querySelector('figcaption').textContent;
        return { n: n, diff: diff, bad: bad, cap: new RegExp('the ' + diff + ' of ' + n + ' cells').test(cap) };
      })()`);
    check(wp4.n > 0 && wp4.bad.length === 0 && wp4.cap, `the 4th-down chart by win probability: ${wp4.n} cells, ${wp4.diff} ringed where EP calls otherwise` +
      (wp4.bad && wp4.bad.length ? ': ' + wp4.bad.slice(0, 5).join('; ') : ''));
    // the two-point and onside captions name only the grey cells their legends have (the onside
    // caption described light and dark grey cells its legend lacked)
    for (const id of ['chart-game-two-point', 'chart-game-onside']) {
      const cap = await js(`(function () {
          var svg = document.getElementById('${id}'), cap = svg.closest('figure').querySelector('figcaption').textContent;
          var names = Array.prototype.map.call(svg.querySelectorAll('.legend g'), function (g) { return g.textContent.trim(); });
          return { light: /Light grey/.test(cap), dark: /Dark grey/.test(cap), same: names.indexOf('the same') >= 0,
                   within: names.indexOf('within the bounds') >= 0 };
        })()`);
      check(cap.light === cap.same && cap.dark === cap.within,
        `${id}: the caption's grey cells are the legend's (light grey ${cap.light}/${cap.same}, dark grey ${cap.dark}/${cap.within})`);
    }
    // the win probability by lead has a column for every card left (the old chart skipped every
    // second card of a long half, the last one missing); the timeout chart ticks the last card, 1
    const cols = await js(`(function () {
        var svg = document.getElementById('chart-game-lead'), xs = {};
        Array.prototype.forEach.call(svg.querySelectorAll('rect.cell'), function (c) { xs[c.getAttribute('y')] = 1; });
        var ticks = Array.prototype.map.call(document.querySelectorAll('#chart-game-timeouts text[text-anchor="middle"]'), function (e) { return e.textContent; });
        var P = +(/The clock is the cards: (\\d+) play cards a half/.exec(document.getElementById('game').textContent) || [0, -1])[1];
        return { cols: Object.keys(xs).length, cards: P, one: ticks.indexOf('1') >= 0 };
      })()`);
    check(cols.cols === cols.cards, `the win probability by lead: a row for each of the ${cols.cards} cards of a half: ${cols.cols}`);
    check(cols.one, 'the timeout chart ticks the last card (1)');
    // what a timeout is worth: a chart beside the table game-timeouts, its line at the table's values
    const to = await js(`(function () {
        var svg = document.getElementById('chart-game-timeouts'), t = document.getElementById('t-game-timeouts');
        return { chart: !!svg, table: !!t, lines: svg ? svg.querySelectorAll('polyline.series').length : 0,
                 points: svg && svg.querySelector('polyline.series') ? svg.querySelector('polyline.series').getAttribute('points').split(' ').length : 0,
                 rows: t ? t.querySelectorAll('tbody tr').length : 0 };
      })()`);
    check(to.table && to.chart && to.lines === 1 && to.points === to.rows,
      `game-timeouts: table ${to.table}, chart ${to.chart} with ${to.lines} line of ${to.points} points (${to.rows} rows)`);
    // the first half: its own heat map, a row per card left and a cell per lead, each cell's value
    // that of the table game-wp-lead-half1's row of the team kicking off the second half (the
    // second half's chart is another one: its values differ); the worth of receiving the
    // second-half kickoff, three lines of a point per card left, at the table's differences
    const h1 = await js(`(function () {
        var svg = document.getElementById('chart-game-lead-half1'), t = document.getElementById('t-game-wp-lead-half1');
        if (!svg || !t) return { svg: !!svg, table: !!t };
        var rows = {}, bad = [], n = 0, differ = 0;
        Array.prototype.forEach.call(t.querySelectorAll('tbody tr'), function (r) {
          if (r.cells[1].textContent.trim() === 'kicks') rows[r.cells[0].textContent.trim()] = r;
        });
        var h2 = {};
        Array.prototype.forEach.call(document.querySelectorAll('#chart-game-lead rect.cell'), function (c) { h2[c.querySelector('title').textContent] = 1; });
        Array.prototype.forEach.call(svg.querySelectorAll('rect.cell'), function (c) {
          var m = /^(\\d+) vs (\\S+): (.*)$/.exec(c.querySelector('title').textContent);
          n++;
          if (!m || !rows[m[1]]) { bad.push(c.querySelector('title').textContent); return; }
          var heads = Array.prototype.map.call(t.querySelectorAll('thead tr:last-child th'), function (h) { return h.textContent.trim(); });
          var col = heads.indexOf(m[2] === 'tied' ? '0' : m[2]), v = parseFloat(rows[m[1]].cells[col].textContent);
          if (!(Math.abs(v - parseFloat(m[3].replace(/^[<>] /, ''))) <= 0.051)) bad.push(m[0] + ' table ' + v);
          if (!h2[c.querySelector('title').textContent]) differ++;
        });
        var rc = document.getElementById('chart-game-receive');
        var lines = rc ? rc.querySelectorAll('polyline.series') : [];
        return { svg: true, table: true, n: n, rows: Object.keys(rows).length, bad: bad, differ: differ, lines: lines.length,
                 points: lines.length ? lines[0].getAttribute('points').split(' ').length : 0 };
      })()`);
    check(h1.svg && h1.table && h1.n === h1.rows * 13 && h1.bad.length === 0 && h1.differ > 0,
      `the first half's lead chart: ${h1.n} cells for ${h1.rows} cards left at the table's values (${h1.differ} unlike the second half's)` +
      (h1.bad && h1.bad.length ? ': ' + h1.bad.slice(0, 4).join('; ') : ''));
    check(h1.lines === 3 && h1.points === h1.rows, `the worth of receiving the second-half kickoff: ${h1.lines} lines of ${h1.points} points`);
    // a card's worth in WP against a blank card: a cell per card and moment, each at the value of the
    // table game-cards-blank
    const gc = await js(`(function () {
        var svg = document.getElementById('chart-game-cards'), t = document.getElementById('t-game-cards-blank');
        if (!svg || !t) return { svg: !!svg, table: !!t };
        var rows = {}, bad = [], n = 0;
        Array.prototype.forEach.call(t.querySelectorAll('tbody tr'), function (r) { rows[r.cells[0].textContent.trim()] = r; });
        var heads = Array.prototype.map.call(t.querySelectorAll('thead tr:last-child th'), function (h) { return h.textContent.trim(); });
        Array.prototype.forEach.call(svg.querySelectorAll('rect.cell'), function (c) {
          var m = /^(\\d\\d) .* vs (.*): ([-+]\\d+\\.\\d\\d)$/.exec(c.querySelector('title').textContent);
          n++;
          if (!m || !rows[m[1]] || heads.indexOf(m[2]) < 0) { bad.push(c.querySelector('title').textContent); return; }
          if (rows[m[1]].cells[heads.indexOf(m[2])].textContent.trim() !== m[3]) bad.push(m[0]);
        });
        return { svg: true, table: true, n: n, bad: bad, cols: heads.length - 2 };
      })()`);
    check(gc.svg && gc.table && gc.n === 24 * gc.cols && gc.bad.length === 0,
      `the card worths in WP: ${gc.n} cells (24 cards x ${gc.cols} moments) at the table's values` + (gc.bad && gc.bad.length ? ': ' + gc.bad.slice(0, 4).join('; ') : ''));
    // the badge says where the loosest state is when it names one
    const badge = await js(`document.querySelector('#game > p.kind').textContent`);
    check(!/looser/.test(badge) || /the widest interval of any kept state is \S+ wide \(±\S+\): (a 1st down on the .+|a kickoff|a free kick after a safety|a try after a touchdown) in the (first half|second half|overtime) with \d+ play cards? left, at lead [-+]\d+, \d+ timeouts to the opponent's \d+; .* at leads? [-+]\d+/.test(badge),
      'the certified bound says where the loosest state is: ' + badge.slice(0, 400));
  }

  // the explorer: read, change a selection, read again
  const read = `({ title: document.querySelector('#explorer-chart .title').textContent,
      svg: document.getElementById('explorer-chart').innerHTML,
      bars: document.querySelectorAll('#explorer-chart rect.bar').length,
      fd: document.getElementById('ex-fd').textContent, td: document.getElementById('ex-td').textContent,
      to: document.getElementById('ex-to').textContent, my: document.getElementById('ex-my').textContent,
      rows: document.querySelectorAll('#ex-table tbody tr').length,
      legend: document.querySelectorAll('#explorer-chart .legend rect').length,
      tdRow: (Array.prototype.filter.call(document.querySelectorAll('#ex-table tbody tr'), function (r) {
        return r.cells[0].textContent === 'touchdown'; })[0] || { cells: [0, { textContent: '' }] }).cells[1].textContent })`;
  const set = (sel, v) => js(`(function () { var e = document.getElementById('${sel}'); e.value = '${v}';
      e.dispatchEvent(new Event('change')); return e.value; })()`);
  const before = await js(read);
  check(before.bars > 5 && before.rows > 5 && before.legend >= 2,
    `explorer drew ${before.bars} bars, ${before.rows} outcome rows: ${before.title}`);
  check(/^\d+\.\d\d\d%$/.test(before.fd) && /^\d+\.\d\d\d%$/.test(before.td), `explorer numbers: fd ${before.fd}, td ${before.td}`);
  // the explorer's two panels on one y scale (they were 0-3% and 0-100%), and the mean yards
  // say what they are over (the tile said -3.81 for a play that scores 90% of the time)
  const panels = await js(`(function () {
      function top(sel) { var v = Array.prototype.map.call(document.querySelectorAll('#explorer-chart ' + sel + ' text[text-anchor="end"]'),
        function (t) { return parseFloat(t.textContent); }); return Math.max.apply(null, v); }
      return { l: top('.panel-yards'), r: top('.panel-other'), note: document.getElementById('ex-my-note') ? document.getElementById('ex-my-note').textContent : '' };
    })()`);
  check(panels.l === panels.r && /touchdowns/.test(panels.note), `explorer: both panels up to ${panels.l}% and ${panels.r}%; mean yards ${panels.note}`);
  // the tile and the outcome list give P(touchdown) at the same places (the old tile said
  // "0.00%" where the list said "0.004%")
  check(before.tdRow !== '' && before.td === before.tdRow, `explorer: P(touchdown) tile ${before.td}, list ${before.tdRow}`);
  await set('ex-offense', '2');  // Long Pass
  await set('ex-card', '12');    // card 12, Pass-Play Bonus
  const after = await js(read);
  check(after.svg !== before.svg && after.title !== before.title, 'explorer chart changed: ' + after.title);
  check(after.fd !== before.fd && after.my !== before.my, `explorer numbers changed: fd ${before.fd} -> ${after.fd}, mean ${before.my} -> ${after.my}`);
  // a known value: Run against Defense 1, no card, 2 yards to go scores on every roll (a
  // non-doubles roll is at least 3 yards, a doubles roll at least 2): P(touchdown) = 100%.
  await set('ex-offense', '0');
  await set('ex-defense', '0');
  await set('ex-card', '0');
  const k2 = await js(`(function () { var o = document.getElementById('ex-togo').options;
      for (var i = 0; i < o.length; i++) if (/^2 /.test(o[i].text)) return o[i].value; return ''; })()`);
  await set('ex-togo', k2);
  const sure = await js(read);
  check(sure.td === '100.000%' && sure.rows === 1, `Run vs Defense 1 at 2 yards to go: P(touchdown) ${sure.td}, ${sure.rows} outcome`);
  await set('ex-offense', '1');
  await set('ex-defense', '2');
  await set('ex-card', '0');
  await set('ex-togo', await js(`(function () { var o = document.getElementById('ex-togo').options;
      for (var i = 0; i < o.length; i++) if (/^50 /.test(o[i].text)) return o[i].value; return ''; })()`));
  check((await js(read)).svg === before.svg, 'the first selection draws the same chart again');

  // the explorer's chart under many selections: every offense, defense and card at the first,
  // the initial and the last field position, and every field position with the first and the
  // last card (all 6630 would take over a minute; these cover every card and every position)
  const sweep = await js(`(function (layout) {
      var ids = ['ex-offense', 'ex-defense', 'ex-card', 'ex-togo'].map(function (k) { return document.getElementById(k); });
      var keep = ids.map(function (e) { return e.selectedIndex; }), n = 0, seen = {}, faults = [];
      var nt = ids[3].options.length, nc = ids[2].options.length, sets = [];
      function range(n) { var a = []; for (var i = 0; i < n; i++) a.push(i); return a; }
      sets.push([range(ids[0].options.length), range(ids[1].options.length), range(nc), [0, keep[3], nt - 1]]);
      sets.push([range(ids[0].options.length), range(ids[1].options.length), [0, nc - 1], range(nt)]);
      function walk(set, k, pick) {
        if (k === ids.length) {
          ids.forEach(function (e, i) { e.selectedIndex = pick[i]; });
          ids[0].dispatchEvent(new Event('change'));  // the explorer redraws from all four values
          n++;
          var rows = Array.prototype.map.call(document.querySelectorAll('#ex-table tbody tr'), function (r) {
            return [r.cells[0].textContent, r.cells[1].textContent]; });
          Array.prototype.forEach.call(document.querySelectorAll('#explorer-chart .legend text'), function (t) {
            var name = t.textContent;
            if (!rows.some(function (r) { return r[0] === name || r[0].indexOf(name + ' ') === 0 && !/^turnover TD/.test(r[0]) ||
                name === 'gain' && /^(no gain|loss of )/.test(r[0]); }))
              faults.push('legend entry "' + name + '" is not an outcome of the selection [selection ' + pick.join(',') + ']');
          });
          var td = rows.filter(function (r) { return r[0] === 'touchdown'; })[0], tile = document.getElementById('ex-td').textContent;
          if (td && td[1] !== tile) faults.push('P(touchdown) tile ' + tile + ', list ' + td[1] + ' [selection ' + pick.join(',') + ']');
          layout('#explorer-chart').forEach(function (f) {
            var key = f.replace(/"[^"]*"/g, '""').replace(/[-0-9.]+/g, '#');
            if (!seen[key]) { seen[key] = 1; faults.push(f + ' [selection ' + pick.join(',') + ']'); }
          });
          return;
        }
        set[k].forEach(function (i) { walk(set, k + 1, pick.concat([i])); });
      }
      sets.forEach(function (set) { walk(set, 0, []); });
      ids.forEach(function (e, i) { e.selectedIndex = keep[i]; });
      ids[0].dispatchEvent(new Event('change'));
      return { n: n, faults: faults };
    })(${LAYOUT})`);
  check(sweep.n > 100 && sweep.faults.length === 0, `explorer chart laid out cleanly under ${sweep.n} selections` +
    (sweep.faults.length ? ` (${sweep.faults.length} kinds of fault): ` + sweep.faults.slice(0, 6).join('; ') : ''));

  check(errors.length === 0, 'no script error, no network request' + (errors.length ? ': ' + errors.join('; ') : ''));

  // screenshot of the whole page
  const size = await js(`({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight })`);
  await cdp.screenshot(s, shot, { clip: { x: 0, y: 0, width: 1400, height: Math.min(size.h, 2600), scale: 1 },
    captureBeyondViewport: true });
  check(fs.statSync(shot).size > 10000, 'screenshot saved: ' + shot);
  await chartShots(js, s);
  const ex = await js(`(function () { var r = document.getElementById('explorer').getBoundingClientRect();
      return { y: r.top + window.scrollY, h: r.height }; })()`);
  await cdp.screenshot(s, shot.replace(/\.png$/, '') + '-explorer.png', { clip: { x: 0, y: ex.y, width: 1400, height: ex.h, scale: 1 },
    captureBeyondViewport: true });
}

const timer = setTimeout(() => { console.error('browser test: timed out'); finish(1); }, 120000);
function finish(code) {
  clearTimeout(timer);
  try { proc.kill('SIGKILL'); } catch (e) { /* already gone */ }
  /* chromium's helpers may still be writing into the profile for a moment after the kill:
     retry, and never let the clean-up change the verdict */
  try { fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }); }
  catch (e) { console.error('browser test: note: could not remove ' + profile + ': ' + e.code); }
  process.exit(code);
}
main().then(() => {
  console.log(cdp.failures() ? `browser test: ${cdp.failures()} check(s) failed` : 'browser test: all checks passed');
  finish(cdp.failures() ? 1 : 0);
}, (e) => {
  console.error('browser test: ' + e.message);
  if (browser.stderr()) console.error(browser.stderr().split('\n').slice(-10).join('\n'));
  finish(1);
});
