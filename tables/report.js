/* tables/report.js: the report's explorer (embedded in out/report.html; plain JavaScript, no
 * library, no network). It reads the data in <script id="pb-data"> (tables/report_data.c says
 * its layout), and on every change of offense, defense, card or field position shows that
 * cell's summary, its outcomes and a bar chart of them. Probabilities arrive as integers
 * (thousandths of a percent, already correctly rounded): this script only places the decimal
 * point, so it never rounds anything itself. */
(function () {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var W = 760, H = 320;
  var XKEY = ['inc', 'td', 'to', 'totd', 'sf', 'cut'];
  function byId(id) { return document.getElementById(id); }

  var data = JSON.parse(byId('pb-data').textContent);
  /* the page's words in its language: the catalogue's dictionary from the C side (po/ja.po;
     tools/po-update.sh extracts every T("...") of this file); English is the msgid itself */
  var DICT = data.dict || {};
  function T(s) { return Object.prototype.hasOwnProperty.call(DICT, s) ? DICT[s] : s; }
  /* a translated message (T) with its {name} slots filled in (so that the words can move in another language) */
  function F(s, args) { return s.replace(/\{(\w+)\}/g, function (m, k) { return args[k]; }); }
  var XNAME = [T('incomplete'), T('touchdown'), T('turnover'), T('turnover TD'), T('safety'), T('cut chain')];
  var XSHORT = [T('inc'), T('TD'), T('TO'), T('TO TD'), T('safety'), T('cut')];
  /* the outcome kinds: key, the palette's name (English), the legend's word; colours from the
     report's palette (one per meaning) */
  var KINDS = [['gain', 'gain', T('gain')], ['penalty', 'penalty', T('penalty')], ['sack', 'sack', T('sack')],
    ['inc', 'incomplete', XNAME[0]], ['td', 'touchdown', XNAME[1]], ['to', 'turnover', XNAME[2]],
    ['totd', 'turnover TD', XNAME[3]], ['sf', 'safety', XNAME[4]], ['cut', 'cut chain', XNAME[5]]];
  var COLOR = {};
  KINDS.forEach(function (k) { COLOR[k[0]] = data.colors[k[1]]; });
  var sel = { o: byId('ex-offense'), d: byId('ex-defense'), c: byId('ex-card'), t: byId('ex-togo') };
  var chart = byId('explorer-chart');

  /* thousandths of a percent -> "12.345%" */
  function fmt(m) {
    var neg = m < 0, s = String(neg ? -m : m);
    while (s.length < 4) s = '0' + s;
    return (neg ? '-' : '') + s.slice(0, -3) + '.' + s.slice(-3) + '%';
  }

  function el(name, attrs, text) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  /* a y scale: a 1-2-5 step giving at most 5 steps */
  function scale(vmax) {
    var steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 25, 50], s = 100;
    for (var i = 0; i < steps.length; i++) if (vmax / steps[i] <= 5) { s = steps[i]; break; }
    var top = Math.ceil(vmax / s - 1e-9) * s;
    return { top: top > 0 ? top : s, step: s };
  }

  function current() {
    var o = +sel.o.value, d = +sel.d.value, c = +sel.c.value, t = +sel.t.value;
    var i = ((o * data.defense.length + d) * data.cards.length + c) * data.togo.length + t;
    return { o: o, d: d, c: c, t: t, togo: data.togo[t], cell: data.cells[i] };
  }

  /* "1 yard", "-3 yards" */
  function yards(n) { return n === 1 || n === -1 ? F(T('{n} yard'), { n: n }) : F(T('{n} yards'), { n: n }); }
  /* a gain's name: "gain 1 yard", "no gain", "loss of 3 yards" */
  function gainLabel(n) {
    return n > 0 ? F(T('gain {y}'), { y: yards(n) }) : n === 0 ? T('no gain') : F(T('loss of {y}'), { y: yards(-n) });
  }

  /* the outcomes as a list: {label, key, yards, m} */
  function outcomes(cell) {
    var list = [], i;
    for (i = 0; i < XKEY.length; i++)
      if (cell.x[i] !== null) list.push({ label: XNAME[i], key: XKEY[i], m: cell.x[i] });
    for (i = 0; i < cell.g.length; i++)
      if (cell.g[i] > 0) list.push({ label: gainLabel(cell.y + i), key: 'gain', yards: cell.y + i, m: cell.g[i] });
    for (i = 0; i < cell.p.length; i++)
      list.push({ label: F(T('penalty {y}'), { y: (cell.p[i][0] > 0 ? '+' : '') + yards(cell.p[i][0]) }), key: 'penalty', yards: cell.p[i][0], m: cell.p[i][1] });
    for (i = 0; i < cell.k.length; i++)
      list.push({ label: F(T('sack {y}'), { y: yards(cell.k[i][0]) }), key: 'sack', yards: cell.k[i][0], m: cell.k[i][1] });
    if (cell.x[6] !== null) list.push({ label: T('rare yardages (each under 0.0005 percent)'), key: 'rare', m: cell.x[6] });
    return list;
  }

  function axisY(g, x0, y0, y1, sc, label, labelX) {
    for (var v = 0; v <= sc.top + 1e-9; v += sc.step) {
      var y = y1 - v / sc.top * (y1 - y0);
      g.appendChild(el('line', { x1: x0, y1: y.toFixed(1), x2: x0 + 4, y2: y.toFixed(1), stroke: '#444' }));
      g.appendChild(el('text', { x: x0 - 3, y: (y + 3.5).toFixed(1), 'text-anchor': 'end', 'font-size': 10 },
        (sc.step < 1 ? v.toFixed(1) : v.toFixed(0)) + '%'));
    }
    g.appendChild(el('line', { x1: x0, y1: y0, x2: x0, y2: y1, stroke: '#444' }));
    g.appendChild(el('text', { transform: 'translate(' + labelX + ',' + ((y0 + y1) / 2) + ') rotate(-90)', 'text-anchor': 'middle' }, label));
  }

  function draw(cur, list) {
    while (chart.firstChild) chart.removeChild(chart.firstChild);
    var title = F(T('{o} vs {d}, card {c}, {t} yards to go'), { o: data.offense[cur.o], d: data.defense[cur.d], c: data.cards[cur.c], t: cur.togo });
    chart.appendChild(el('rect', { width: W, height: H, fill: '#fff' }));
    chart.appendChild(el('text', { 'class': 'title', x: W / 2, y: 16, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 'bold' }, title));
    /* legend: each kind of outcome the selection has, a swatch and its name, the next one after the name's measured width
     * (an estimate where the chart is not rendered), on a new row where the chart ends */
    var leg = el('g', { 'class': 'legend' }), lx = 56, ly = 26;
    chart.appendChild(leg);
    /* only the kinds this selection has */
    var has = {};
    list.forEach(function (e) { has[e.key] = true; });
    KINDS.filter(function (p) { return has[p[0]]; }).forEach(function (p) {
      var text = el('text', { x: lx + 14, y: ly + 9, 'font-size': 10 }, p[2]);
      leg.appendChild(text);
      var w = text.getComputedTextLength() || p[2].length * 6.5;
      if (lx > 56 && lx + 14 + w > W - 8) {
        lx = 56;
        ly += 14;
        text.setAttribute('x', lx + 14);
        text.setAttribute('y', ly + 9);
      }
      leg.insertBefore(el('rect', { x: lx, y: ly, width: 10, height: 10, fill: COLOR[p[0]] }), text);
      lx += 14 + w + 12;
    });
    /* left panel: yardage outcomes, stacked by kind at each yardage */
    var y0 = ly + 26, y1 = H - 44, L0 = 56, L1 = 520, R0 = 590, R1 = W - 12;
    var stack = {}, xmin = 0, xmax = 0, vmax = 0, i;
    list.forEach(function (e) {
      if (e.yards === undefined) return;
      if (e.yards < xmin) xmin = e.yards;
      if (e.yards > xmax) xmax = e.yards;
      stack[e.yards] = (stack[e.yards] || 0) + e.m;
      if (stack[e.yards] / 1000 > vmax) vmax = stack[e.yards] / 1000;
    });
    var left = el('g', { 'class': 'panel-yards' });
    /* one y scale for both panels, so that a bar's height means the same on either side */
    var cmax = 0;
    for (i = 0; i < XKEY.length; i++) if (cur.cell.x[i] !== null && cur.cell.x[i] / 1000 > cmax) cmax = cur.cell.x[i] / 1000;
    var sc = scale(Math.max(vmax, cmax)), slot = (L1 - L0) / (xmax - xmin + 1);
    axisY(left, L0, y0, y1, sc, T('probability') + ' (%)', 14);
    left.appendChild(el('line', { x1: L0, y1: y1, x2: L1, y2: y1, stroke: '#444' }));
    var tick = xmax - xmin > 60 ? 10 : 5;
    for (var v = xmin; v <= xmax; v++)
      if (v % tick === 0)
        left.appendChild(el('text', { x: (L0 + (v - xmin + 0.5) * slot).toFixed(1), y: y1 + 16, 'text-anchor': 'middle', 'font-size': 10 }, String(v)));
    left.appendChild(el('text', { x: (L0 + L1) / 2, y: H - 8, 'text-anchor': 'middle' }, T('net yards (gain, penalty, sack)')));
    var base = {};
    list.forEach(function (e) {
      if (e.yards === undefined) return;
      var h = e.m / 1000 / sc.top * (y1 - y0), b = base[e.yards] || 0;
      var r = el('rect', { 'class': 'bar', x: (L0 + (e.yards - xmin) * slot + 0.5).toFixed(1), y: (y1 - b - h).toFixed(1),
        width: Math.max(slot - 1, 0.8).toFixed(1), height: h.toFixed(2), fill: COLOR[e.key] });
      r.appendChild(el('title', {}, e.label + ': ' + fmt(e.m)));
      left.appendChild(r);
      base[e.yards] = b + h;
    });
    chart.appendChild(left);
    /* right panel: the outcomes without a yardage */
    var right = el('g', { 'class': 'panel-other' }), cats = [];
    for (i = 0; i < XKEY.length; i++) if (cur.cell.x[i] !== null) cats.push(i);
    var sc2 = sc, cw = (R1 - R0) / Math.max(cats.length, 1);
    axisY(right, R0, y0, y1, sc2, T('probability') + ' (%)', R0 - 40);
    right.appendChild(el('line', { x1: R0, y1: y1, x2: R1, y2: y1, stroke: '#444' }));
    cats.forEach(function (k, j) {
      var m = cur.cell.x[k], h = m / 1000 / sc2.top * (y1 - y0), x = R0 + j * cw;
      var r = el('rect', { 'class': 'bar', x: (x + 3).toFixed(1), y: (y1 - h).toFixed(1), width: (cw - 6).toFixed(1), height: h.toFixed(2), fill: COLOR[XKEY[k]] });
      r.appendChild(el('title', {}, XNAME[k] + ': ' + fmt(m)));
      right.appendChild(r);
      right.appendChild(el('text', { x: (x + cw / 2).toFixed(1), y: y1 + 16, 'text-anchor': 'middle', 'font-size': 10 }, XSHORT[k]));
    });
    right.appendChild(el('text', { x: (R0 + R1) / 2, y: H - 8, 'text-anchor': 'middle' }, T('other outcomes')));
    chart.appendChild(right);
    chart.setAttribute('aria-label', title);
  }

  function render() {
    var cur = current(), s = cur.cell.s, list = outcomes(cur.cell);
    byId('ex-fd').textContent = s[0] + '%' + (cur.togo <= data.firstDown ? ' ' + T('(goal to go)') : '');
    byId('ex-td').textContent = s[1] + '%';
    byId('ex-to').textContent = s[2] + '%';
    byId('ex-my').textContent = s[3] === '-' ? '-' : F(T('{n} yards'), { n: s[3] });
    byId('ex-my-note').textContent = s[3] === '-' ? T('no play ends with a yardage')
      : F(T('over the {p} percent of plays that end with a yardage (an incomplete pass 0); touchdowns, turnovers and safeties not counted'), { p: s[4] });
    var body = byId('ex-table').tBodies[0];
    while (body.firstChild) body.removeChild(body.firstChild);
    list.forEach(function (e) {
      var tr = document.createElement('tr'), a = document.createElement('td'), b = document.createElement('td');
      a.textContent = e.label;
      b.textContent = fmt(e.m);
      b.className = 'n';
      tr.appendChild(a);
      tr.appendChild(b);
      body.appendChild(tr);
    });
    draw(cur, list);
  }

  ['o', 'd', 'c', 't'].forEach(function (k) { sel[k].addEventListener('change', render); });
  render();
}());
