/* serve/page.js: the workbench page (`paperbowl serve`; embedded in the binary, plain JavaScript,
 * nothing from the network). It shows the ruleset as a form (the server's /api/init), sends every
 * edit to the server's loader (/api/rules: the error at its field), then asks for the play-level
 * and the drive-level results as jobs (/api/play, /api/drive: queued, polled, cancelled when a
 * newer edit supersedes them) and shows them beside the base ruleset's. A result is shown only for
 * the edit it was computed for: while a newer one is computed the page says "recomputing".
 * Every word goes through T() (the catalogue's dictionary for the page's language, sent by the
 * server; tools/po-update.sh extracts the T("...") strings). */
(function () {
  'use strict';
  var dict = {};
  function T(s) { return Object.prototype.hasOwnProperty.call(dict, s) ? dict[s] : s; }
  function byId(id) { return document.getElementById(id); }
  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'cls') e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }
  /* every request after the first names the page's language (the server's answer to /api/init), so
   * that the results' tables come back in the words of the page however the browser is set */
  function api(method, url, body) {
    if (pageLang && url.indexOf('lang=') < 0) url += (url.indexOf('?') < 0 ? '?' : '&') + 'lang=' + pageLang;
    var opt = { method: method, credentials: 'same-origin', headers: {} };
    if (body !== undefined) { opt.body = JSON.stringify(body); opt.headers['Content-Type'] = 'application/json'; }
    return fetch(url, opt).then(function (r) {
      return r.json().then(function (j) { return { status: r.status, body: j }; });
    });
  }

  var params = new URLSearchParams(location.search);
  var lang = params.get('lang') || '';
  var pageLang = '';       /* the page's language, once /api/init has said it */
  var baseForm = null;     /* the base ruleset's form */
  var inputs = [];         /* [section, key, input element, field div] in the file's order */
  var seq = 0;             /* the edit being shown; older results are dropped */
  var jobs = { play: 0, drive: 0 };
  var current = { play: null, drive: null };
  var ini = '';
  var timer = 0;

  function status(text, cls) {
    var s = byId('status');
    s.textContent = text;
    s.className = cls || '';
  }

  function edits() {
    return inputs.map(function (f) { return [f[0], f[1], f[2].value]; });
  }

  function buildForm(form, values) {
    var box = byId('form');
    box.textContent = '';
    inputs = [];
    form.forEach(function (sec, si) {
      var d = el('details', { cls: 'sec' });
      if (si < 4) d.open = true;
      var sum = el('summary', null, [el('span', { cls: 'ref', text: sec.ref ? '\u00a7' + sec.ref : '' }), sec.title]);
      d.appendChild(sum);
      if (sec.rule) d.appendChild(el('p', { cls: 'rule', text: sec.rule }));
      sec.keys.forEach(function (k) {
        var id = 'f-' + sec.section.replace(/ /g, '-') + '-' + k.key;
        var base = baseForm[si] && baseForm[si].section === sec.section ? baseForm[si].keys.filter(function (b) {
          return b.key === k.key;
        })[0] : null;
        var input = el('input', { id: id, value: values && values[sec.section + '\u0000' + k.key] !== undefined ?
          values[sec.section + '\u0000' + k.key] : k.value, 'data-base': base ? base.value : '' });
        var f = el('div', { cls: 'field' }, [el('label', { 'for': id, text: k.key }), input]);
        input.addEventListener('input', function () { edited(); });
        d.appendChild(f);
        inputs.push([sec.section, k.key, input, f]);
      });
      box.appendChild(d);
    });
    markChanged();
  }

  function markChanged() {
    inputs.forEach(function (f) {
      f[3].classList.toggle('changed', f[2].value !== f[2].getAttribute('data-base'));
    });
  }

  function clearErrors() {
    inputs.forEach(function (f) {
      f[3].classList.remove('bad');
      var e = f[3].querySelector('.err');
      if (e) f[3].removeChild(e);
    });
  }

  function showError(body) {
    clearErrors();
    var shown = false;
    inputs.forEach(function (f) {
      if (f[0] === body.section && f[1] === body.key) {
        f[3].classList.add('bad');
        f[3].appendChild(el('div', { cls: 'err', text: body.error }));
        f[2].focus();
        shown = true;
      }
    });
    status(T("The ruleset is refused:") + ' ' + body.error, 'error');
    return shown;
  }

  function edited() {
    markChanged();
    seq++;
    markStale();
    clearTimeout(timer);
    timer = setTimeout(validate, 250);
  }

  function markStale() {
    ['play', 'drive', 'summary'].forEach(function (id) { byId(id).classList.add('stale-box'); });
    status(T("recomputing\u2026"), 'stale');
  }

  function validate() {
    var my = seq;
    api('POST', '/api/rules', { edits: edits() }).then(function (r) {
      if (my !== seq) return;
      if (r.status !== 200) { showError(r.body); return; }
      clearErrors();
      ini = r.body.ini;
      submit('play', my);
      submit('drive', my);
    }).catch(function (e) { status(T("The server does not answer:") + ' ' + e, 'error'); });
  }

  function submit(kind, my) {
    if (jobs[kind]) api('POST', '/api/cancel', { job: jobs[kind] }).catch(function () {});
    jobs[kind] = 0;
    api('POST', '/api/' + kind, { edits: edits() }).then(function (r) {
      if (my !== seq) return;
      if (r.status !== 202) { status(r.body.error, 'error'); return; }
      jobs[kind] = r.body.job;
      poll(kind, r.body.job, my);
    });
  }

  function poll(kind, id, my) {
    api('GET', '/api/job?id=' + id).then(function (r) {
      if (my !== seq || jobs[kind] !== id) return;
      var j = r.body;
      if (j.state === 'queued' || j.state === 'running') {
        var what = kind === 'play' ? T("play-level tables") : T("drive solver");
        var p = j.total > 0 ? ' ' + Math.round(100 * j.done / j.total) + '%' : '';
        var left = j.left >= 0 ? ', ' + T("about") + ' ' + Math.ceil(j.left) + ' s ' + T("left") : '';
        status(T("recomputing\u2026") + ' ' + what + p + left, 'stale');
        setTimeout(function () { poll(kind, id, my); }, 200);
        return;
      }
      jobs[kind] = 0;
      if (j.state !== 'done') { status((j.result && j.result.error) || j.state, 'error'); return; }
      current[kind] = j.result;
      render(kind, j.result);
      if (!jobs.play && !jobs.drive) status(T("up to date"), '');
    });
  }

  function cellTitle(ch) {
    if (ch.text) return T("base") + ' ' + ch.before + ' \u2192 ' + T("edited") + ' ' + ch.after;
    return T("base") + ' ' + ch.before + ' \u2192 ' + T("edited") + ' ' + ch.after + ' (' + ch.delta + '; ' +
      T("exact change") + ' ' + ch.exact + ')';
  }

  function tableEl(t) {
    var moved = {};
    t.changes.forEach(function (c) { moved[c.r + ',' + c.c] = c; });
    var tb = el('table', { cls: 't', id: 'tbl-' + t.id });
    var groups = t.cols.some(function (c) { return c.group; });
    var thead = el('thead');
    if (groups) {
      var gr = el('tr');
      for (var i = 0; i < t.cols.length;) {
        var g = t.cols[i].group, n = 1;
        while (g && i + n < t.cols.length && t.cols[i + n].group === g) n++;
        gr.appendChild(el('th', { colspan: String(n), text: g || '' }));
        i += n;
      }
      thead.appendChild(gr);
    }
    thead.appendChild(el('tr', null, t.cols.map(function (c) { return el('th', { text: c.name }); })));
    tb.appendChild(thead);
    var body = el('tbody');
    t.rows.forEach(function (row, r) {
      body.appendChild(el('tr', null, row.map(function (v, c) {
        var ch = moved[r + ',' + c];
        var td = el('td', { cls: (t.cols[c].num ? 'num' : '') + (ch ? (ch.text ? ' swap' : ch.delta.charAt(0) === '-' ? ' down' : ' up') : ''),
          text: v === null ? '-' : v });
        if (ch) {
          td.title = cellTitle(ch);
          td.setAttribute('data-exact', ch.exact);
          /* a tap (no hover on a touch screen): the change in the line at the bottom */
          td.addEventListener('click', function () {
            var info = byId('cell-info');
            info.textContent = t.title + ': ' + row[0] + ', ' + (t.cols[c].group ? t.cols[c].group + ' ' : '') +
              t.cols[c].name + ': ' + cellTitle(ch);
            info.hidden = false;
          });
        }
        return td;
      })));
    });
    tb.appendChild(body);
    return tb;
  }

  function render(kind, res) {
    var box = byId(kind);
    box.textContent = '';
    box.classList.remove('stale-box');
    box.appendChild(el('h2', { text: kind === 'play' ? T("Play level: every table of a play, edited ruleset") :
      T("Drive level: the drive solver (expected points, last-down chart, mixes)") }));
    box.appendChild(el('p', { cls: 'progress', text: res.moved + ' ' + T("cells moved") + ' \u00b7 ' +
      res.seconds.toFixed(2) + ' s' }));
    res.tables.forEach(function (t) {
      var d = el('details', { cls: 'tbl', id: 'd-' + t.id });
      if (t.changes.length && kind === 'drive') d.open = true;
      d.appendChild(el('summary', null, [t.title, t.changes.length ?
        el('span', { cls: 'moved-n', text: t.changes.length + ' ' + T("moved") }) : null]));
      d.appendChild(tableEl(t));
      t.notes.forEach(function (n) { d.appendChild(el('div', { cls: 'progress', text: n })); });
      box.appendChild(d);
    });
    if (kind === 'play') renderSummary(res);
  }

  function renderSummary(res) {
    var box = byId('summary');
    box.textContent = '';
    box.classList.remove('stale-box');
    box.appendChild(el('h2', { text: T("What moved most") }));
    if (!res.summary.length) {
      box.appendChild(el('p', { text: T("No probability of the play-level tables moved.") }));
      return;
    }
    var ul = el('ul', { cls: 'summary' });
    res.summary.forEach(function (c) {
      var a = el('a', { href: '#d-' + c.table, text: c.title });
      a.addEventListener('click', function () { var d = byId('d-' + c.table); if (d) d.open = true; });
      ul.appendChild(el('li', { title: cellTitle(c) }, [a, ': ' + c.row + ', ' + c.col + ': ' + c.before + ' \u2192 ' +
        c.after + ' (' + c.delta + ')']));
    });
    box.appendChild(ul);
  }

  var EXAMPLES = ['P(td) offense=run defense=4 togo=5', 'P(first_down) offense=short defense=* togo=50',
    'E(gain) offense=long defense=5 togo=50', 'P(success) kick=fg togo=30', 'E(next_score) togo=80'];

  function buildAsk() {
    var box = byId('ask');
    box.textContent = '';
    box.appendChild(el('h2', { text: T("Ask a question (the ask language), for both rulesets") }));
    var input = el('input', { id: 'ask-q', value: EXAMPLES[0], 'aria-label': T("question") });
    var go = el('button', { id: 'ask-go', text: T("Ask") });
    var out = el('div', { id: 'ask-out' });
    box.appendChild(el('div', { cls: 'ask-row' }, [input, go]));
    box.appendChild(el('div', { cls: 'examples' }, [T("Examples:") + ' '].concat(EXAMPLES.map(function (q) {
      var b = el('button', { text: q });
      b.addEventListener('click', function () { input.value = q; ask(); });
      return b;
    }))));
    box.appendChild(out);
    function ask() {
      var my = seq;
      out.textContent = T("computing\u2026");
      api('POST', '/api/ask', { edits: edits(), question: input.value }).then(function (r) {
        if (r.status !== 202) { out.textContent = ''; out.appendChild(el('div', { cls: 'errbox', text: r.body.error })); return; }
        (function wait(id) {
          api('GET', '/api/job?id=' + id).then(function (p) {
            var j = p.body;
            if (j.state === 'queued' || j.state === 'running') { setTimeout(function () { wait(id); }, 200); return; }
            out.textContent = '';
            if (j.state !== 'done') {
              out.appendChild(el('div', { cls: 'errbox', text: (j.result ? j.result.error + '\n' + (j.result.context || '') : j.state) }));
              return;
            }
            if (my !== seq) out.appendChild(el('p', { cls: 'stale-note', text: T("The ruleset was edited since: ask again for the current one.") }));
            out.appendChild(el('div', { cls: 'side' }, [
              el('div', null, [el('h3', { text: T("base") + ': ' + j.result.base_name }), el('pre', { id: 'ask-base', text: j.result.base })]),
              el('div', null, [el('h3', { text: T("edited") }), el('pre', { id: 'ask-edited', text: j.result.edited })])]));
          });
        })(r.body.job);
      });
    }
    go.addEventListener('click', ask);
    input.addEventListener('keydown', function (e) { if (e.key === 'Enter') ask(); });
  }

  /* ---- tuning: the tune engine over the edited ruleset; a curve (one key) or a heat map (two) ---- */
  var SVGNS = 'http://www.w3.org/2000/svg';
  function sv(name, attrs, text) {
    var e = document.createElementNS(SVGNS, name);
    for (var k in attrs) if (Object.prototype.hasOwnProperty.call(attrs, k)) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function rowValue(r) { return typeof r.decimal === 'number' ? r.decimal : r.value; }
  function rowText(r) { return typeof r.decimal === 'number' ? r.value + ' = ' + r.decimal : String(r.value) +
    (r.lo !== undefined ? ' (' + r.lo + ' .. ' + r.hi + ')' : ''); }
  function sameSet(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function tuneChart(res) {
    var W = 640, H = 300, L = 64, R = 20, TOP = 20, B = 44;
    var svg = sv('svg', { id: 'tune-chart', width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, 'class': 'chart' });
    var keys = res.keys, rows = res.rows.filter(function (r) { return r.value !== undefined && r.value !== null; });
    var best = res.best || [];
    var isBest = function (r) { return best.some(function (b) { return sameSet(b.set, r.set); }); };
    var xs = [];
    res.rows.forEach(function (r) { var v = r.set[keys[0]]; if (xs.indexOf(v) < 0) xs.push(v); });
    var vals = rows.map(rowValue);
    var lo = Math.min.apply(null, vals), hi = Math.max.apply(null, vals);
    if (!(hi > lo)) { hi = lo + 1; lo = lo - 1; }
    var xAt = function (i) { return L + (xs.length > 1 ? i * (W - L - R) / (xs.length - 1) : (W - L - R) / 2); };
    svg.appendChild(sv('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: '#555' }));
    svg.appendChild(sv('line', { x1: L, y1: TOP, x2: L, y2: H - B, stroke: '#555' }));
    xs.forEach(function (x, i) {
      svg.appendChild(sv('text', { x: xAt(i), y: H - B + 16, 'text-anchor': 'middle', 'font-size': 11 }, String(x)));
    });
    svg.appendChild(sv('text', { x: (L + W - R) / 2, y: H - 6, 'text-anchor': 'middle', 'font-size': 12 }, keys[0]));
    if (keys.length === 1) {
      var yAt = function (v) { return H - B - (v - lo) / (hi - lo) * (H - B - TOP); };
      [lo, hi].forEach(function (v) {
        svg.appendChild(sv('text', { x: L - 6, y: yAt(v) + 4, 'text-anchor': 'end', 'font-size': 11 }, v.toPrecision(4)));
      });
      if (res.equal !== undefined) {
        var parts = String(res.equal).split('/'), e = parts.length === 2 ? parts[0] / parts[1] : +parts[0];
        if (e >= lo && e <= hi) svg.appendChild(sv('line', { x1: L, x2: W - R, y1: yAt(e), y2: yAt(e), stroke: '#c99a00',
          'stroke-dasharray': '4 3' }));
      }
      var pts = rows.map(function (r) { return xAt(xs.indexOf(r.set[keys[0]])) + ',' + yAt(rowValue(r)); });
      svg.appendChild(sv('polyline', { points: pts.join(' '), fill: 'none', stroke: '#1f3b57', 'stroke-width': 2 }));
      rows.forEach(function (r) {
        var c = sv('circle', { cx: xAt(xs.indexOf(r.set[keys[0]])), cy: yAt(rowValue(r)), r: isBest(r) ? 6 : 3,
          fill: isBest(r) ? '#c0392b' : '#1f3b57', 'class': isBest(r) ? 'best' : '' });
        c.appendChild(sv('title', {}, keys[0] + ' = ' + r.set[keys[0]] + ': ' + rowText(r)));
        svg.appendChild(c);
      });
    } else {
      var ys = [];
      res.rows.forEach(function (r) { var v = r.set[keys[1]]; if (ys.indexOf(v) < 0) ys.push(v); });
      var cw = (W - L - R) / xs.length, ch = (H - B - TOP) / ys.length;
      xAt = function (i) { return L + (i + 0.5) * cw; };
      svg.querySelectorAll('text').forEach(function (t, i) { if (i < xs.length) t.setAttribute('x', xAt(i)); });
      ys.forEach(function (y, j) {
        svg.appendChild(sv('text', { x: L - 6, y: TOP + (j + 0.5) * ch + 4, 'text-anchor': 'end', 'font-size': 11 }, String(y)));
      });
      rows.forEach(function (r) {
        var i = xs.indexOf(r.set[keys[0]]), j = ys.indexOf(r.set[keys[1]]), f = (rowValue(r) - lo) / (hi - lo);
        var rect = sv('rect', { x: L + i * cw + 1, y: TOP + j * ch + 1, width: cw - 2, height: ch - 2,
          fill: 'rgb(' + Math.round(250 - 200 * f) + ',' + Math.round(245 - 120 * f) + ',' + Math.round(230 - 60 * f) + ')',
          stroke: isBest(r) ? '#c0392b' : 'none', 'stroke-width': 3, 'class': isBest(r) ? 'best' : '' });
        rect.appendChild(sv('title', {}, keys[0] + ' = ' + r.set[keys[0]] + ', ' + keys[1] + ' = ' + r.set[keys[1]] + ': ' + rowText(r)));
        svg.appendChild(rect);
      });
    }
    return svg;
  }

  function buildTune(form) {
    var box = byId('tune');
    box.textContent = '';
    box.appendChild(el('h2', { text: T("Tune: which value gives the target (the tune engine)") }));
    var opts = [];
    form.forEach(function (s) { s.keys.forEach(function (k) { if (/^-?[0-9]+$/.test(k.value)) opts.push(s.section + '.' + k.key); }); });
    function keySel(id, none) {
      var sel = el('select', { id: id });
      if (none) sel.appendChild(el('option', { value: '', text: T("(none)") }));
      opts.forEach(function (o) { sel.appendChild(el('option', { value: o, text: o })); });
      return sel;
    }
    var k1 = keySel('tune-key1'), v1 = el('input', { id: 'tune-values1', value: '40..60/5', size: 10 });
    var k2 = keySel('tune-key2', true), v2 = el('input', { id: 'tune-values2', value: '', size: 10 });
    k1.value = 'punt.distance';
    var target = el('input', { id: 'tune-target', value: 'E(next_score) togo=80', size: 40 });
    var goal = el('select', { id: 'tune-goal' }, [el('option', { value: 'equal', text: T("closest to") }),
      el('option', { value: 'min', text: T("smallest") }), el('option', { value: 'max', text: T("largest") })]);
    goal.value = 'max';
    var x = el('input', { id: 'tune-x', value: '0.5', size: 6 });
    var go = el('button', { id: 'tune-go', text: T("Tune") });
    var out = el('div', { id: 'tune-out' });
    box.appendChild(el('div', { cls: 'tune-row' }, [T("vary") + ' ', k1, ' = ', v1, ' ', T("and") + ' ', k2, ' = ', v2]));
    box.appendChild(el('div', { cls: 'tune-row' }, [T("target") + ' ', target, ' ', goal, ' ', x, ' ', go]));
    box.appendChild(el('p', { cls: 'progress', text: T("Values: LO..HI, LO..HI/STEP or a list a,b,c. A drive-level target (E(next_score), best) solves the drive game once per value.") }));
    box.appendChild(out);
    go.addEventListener('click', function () {
      var vary = [k1.value + '=' + v1.value];
      if (k2.value) vary.push(k2.value + '=' + v2.value);
      var body = { edits: edits(), vary: vary, target: target.value, goal: goal.value };
      if (goal.value === 'equal') body.equal = x.value;
      out.textContent = T("computing\u2026");
      api('POST', '/api/tune', body).then(function (r) {
        if (r.status !== 202) { out.textContent = ''; out.appendChild(el('div', { cls: 'errbox', text: r.body.error })); return; }
        (function wait(id) {
          api('GET', '/api/job?id=' + id).then(function (p) {
            var j = p.body;
            if (j.state === 'queued' || j.state === 'running') {
              out.textContent = T("computing\u2026") + (j.total > 0 ? ' ' + j.done + ' / ' + j.total : '');
              setTimeout(function () { wait(id); }, 250);
              return;
            }
            out.textContent = '';
            if (j.state !== 'done') { out.appendChild(el('div', { cls: 'errbox', text: j.result ? j.result.error : j.state })); return; }
            var res = j.result;
            out.appendChild(tuneChart(res));
            var b = res.best && res.best[0];
            if (b) out.appendChild(el('p', { id: 'tune-best', text: T("best:") + ' ' + Object.keys(b.set).map(function (k) {
              return k + ' = ' + b.set[k]; }).join(', ') + ': ' + rowText(b) + (res.tie ? ' (' + T("a tie") + ')' : '') }));
          });
        })(r.body.job);
      });
    });
  }

  /* ---- the game level: `diff BASE EDITED --game` as a background job, one at a time ---- */
  function buildGameLevel() {
    var box = byId('game-level');
    box.textContent = '';
    box.appendChild(el('h2', { text: T("Game level: the whole game for both rulesets (win probability)") }));
    box.appendChild(el('p', { cls: 'progress', text: T("Each game is solved once and kept in the server's cache folder; a large ruleset takes minutes.") }));
    var go = el('button', { id: 'game-go', text: T("Solve the whole game for both rulesets") });
    var cancel = el('button', { id: 'game-cancel', text: T("Cancel") });
    cancel.disabled = true;
    var line = el('p', { id: 'game-progress', cls: 'progress' });
    var out = el('div', { id: 'game-out' });
    box.appendChild(el('div', null, [go, ' ', cancel]));
    box.appendChild(line);
    box.appendChild(out);
    var mySeq = 0;
    function watch(est) {
      api('GET', '/api/game-job').then(function (r) {
        var j = r.body;
        if (j.state === 'running') {
          var what = j.phase === 'base' ? T("solving the base ruleset's game") : j.phase === 'edited' ?
            T("solving the edited ruleset's game") : T("comparing the two games");
          var done = (j.base_solved ? 1 : 0) + (j.edited_solved ? 1 : 0);
          var left = j.left > 0 ? T("about") + ' ' + Math.ceil(j.left) + ' s ' + T("left") :
            est > 0 ? T("past the solver's estimate (the machine is busy)") : '';
          line.textContent = what + ' \u00b7 ' + done + ' / 2 ' + T("games solved") + ' \u00b7 ' +
            Math.round(j.elapsed) + ' s' + (left ? ' \u00b7 ' + left : '');
          setTimeout(function () { watch(est); }, 500);
          return;
        }
        go.disabled = false;
        cancel.disabled = true;
        if (j.state === 'cancelled') { line.textContent = T("cancelled"); return; }
        if (!j.result) { line.textContent = j.state; return; }
        line.textContent = (j.result.changed ? T("the game changes") : T("no value of the game changes beyond its bounds")) +
          ' \u00b7 ' + Math.round(j.elapsed) + ' s';
        out.textContent = '';
        if (mySeq !== seq) out.appendChild(el('p', { cls: 'stale-note', text: T("The ruleset was edited since: solve again for the current one.") }));
        out.appendChild(el('pre', { id: 'game-text', cls: j.state === 'failed' ? 'errbox' : '', text: j.result.text || j.result.log }));
      });
    }
    go.addEventListener('click', function () {
      mySeq = seq;
      out.textContent = '';
      api('POST', '/api/game-solve', { edits: edits() }).then(function (r) {
        if (r.status !== 202) { line.textContent = r.body.error; return; }
        go.disabled = true;
        cancel.disabled = false;
        var est = r.body.estimate_base + r.body.estimate_edited;
        line.textContent = T("started") + (est > 0 ? ' \u00b7 ' + T("the solver's estimate:") + ' ' + Math.ceil(est) + ' s' : '');
        watch(est);
      });
    });
    cancel.addEventListener('click', function () { api('POST', '/api/game-cancel', {}); });
    /* a job started before (another tab, a reload) is shown as it goes */
    api('GET', '/api/game-job').then(function (r) {
      if (r.body.state === 'running') { go.disabled = true; cancel.disabled = false; watch(0); }
    });
  }

  /* ---- the other games: their ruleset file as a form, their tables beside the embedded ruleset's ---- */
  var game = 'paperbowl', gameInputs = [], gameSeq = 0, gameTimer = 0;
  var PB_PARTS = ['rules-tools', 'form', 'summary', 'ask', 'tune', 'play', 'drive', 'game-level'];

  function gameEdits() { return gameInputs.map(function (f) { return [f[0], f[1], f[2].value]; }); }

  function gameRequest(withEdits) {
    var my = ++gameSeq;
    var body = { game: game };
    if (withEdits) body.edits = gameEdits();
    byId('game-tables').classList.add('stale-box');
    status(T("recomputing\u2026"), 'stale');
    api('POST', '/api/game', body).then(function (r) {
      if (my !== gameSeq) return;
      gameInputs.forEach(function (f) {
        f[3].classList.remove('bad');
        var e = f[3].querySelector('.err');
        if (e) f[3].removeChild(e);
      });
      if (r.status !== 200) {
        gameInputs.forEach(function (f) {
          if (f[0] === r.body.section && f[1] === r.body.key) {
            f[3].classList.add('bad');
            f[3].appendChild(el('div', { cls: 'err', text: r.body.error }));
          }
        });
        status(T("The ruleset is refused:") + ' ' + r.body.error, 'error');
        return;
      }
      if (!withEdits) gameForm(r.body.form);
      var box = byId('game-tables');
      box.textContent = '';
      box.classList.remove('stale-box');
      box.appendChild(el('h2', { text: r.body.title + ': ' + T("its tables, edited ruleset") }));
      box.appendChild(el('p', { cls: 'progress', text: r.body.moved + ' ' + T("cells moved") }));
      r.body.tables.forEach(function (t) {
        var d = el('details', { cls: 'tbl', id: 'd-' + t.id });
        d.open = true;
        d.appendChild(el('summary', null, [t.title, t.changes.length ?
          el('span', { cls: 'moved-n', text: t.changes.length + ' ' + T("moved") }) : null]));
        d.appendChild(tableEl(t));
        t.notes.forEach(function (n) { d.appendChild(el('div', { cls: 'progress', text: n })); });
        box.appendChild(d);
      });
      status(T("up to date"), '');
    });
  }

  function gameForm(form) {
    var box = byId('game-form');
    box.textContent = '';
    gameInputs = [];
    form.forEach(function (sec) {
      var d = el('details', { cls: 'sec' });
      d.open = true;
      d.appendChild(el('summary', null, [sec.title]));
      sec.keys.forEach(function (k) {
        var id = 'g-' + sec.section.replace(/ /g, '-') + '-' + k.key;
        var input = el('input', { id: id, value: k.value, 'data-base': k.value });
        var f = el('div', { cls: 'field' }, [el('label', { 'for': id, text: k.key }), input]);
        if (k.note) f.appendChild(el('div', { cls: 'note', text: k.note }));
        input.addEventListener('input', function () {
          f.classList.toggle('changed', input.value !== input.getAttribute('data-base'));
          clearTimeout(gameTimer);
          gameTimer = setTimeout(function () { gameRequest(true); }, 250);
        });
        d.appendChild(f);
        gameInputs.push([sec.section, k.key, input, f]);
      });
      box.appendChild(d);
    });
  }

  function buildGames() {
    var sel = el('select', { id: 'game-select', 'aria-label': T("game") }, [
      el('option', { value: 'paperbowl', text: 'PAPER BOWL' }), el('option', { value: 'soccer', text: 'Masume Soccer TACTICS' }),
      el('option', { value: 'carriers', text: 'Carriers!!' }), el('option', { value: 'cardgame', text: T("the football card game (draft)") })]);
    sel.addEventListener('change', function () {
      game = sel.value;
      var pb = game === 'paperbowl';
      PB_PARTS.forEach(function (id) { byId(id).hidden = !pb; });
      byId('game-form').hidden = pb;
      byId('game-tables').hidden = pb;
      byId('base-name').hidden = !pb;
      if (pb) edited(); else gameRequest(false);
    });
    var box = byId('game-switch');
    box.textContent = '';
    box.appendChild(sel);
  }

  function buildTools() {
    var box = byId('rules-tools');
    box.textContent = '';
    var file = el('input', { type: 'file', id: 'upload', accept: '.ini,text/plain', 'aria-label': T("Load a ruleset file") });
    file.addEventListener('change', function () {
      var f = file.files[0];
      if (!f) return;
      f.text().then(function (text) {
        api('POST', '/api/rules', { text: text }).then(function (r) {
          if (r.status !== 200) { status(T("The ruleset is refused:") + ' ' + r.body.error, 'error'); return; }
          var values = {};
          r.body.form.forEach(function (s) { s.keys.forEach(function (k) { values[s.section + '\u0000' + k.key] = k.value; }); });
          buildForm(r.body.form, values);
          edited();
        });
      });
    });
    var dl = el('button', { id: 'download', text: T("Download the edited ruleset (.ini)") });
    dl.addEventListener('click', function () {
      api('POST', '/api/rules', { edits: edits() }).then(function (r) {
        if (r.status !== 200) { showError(r.body); return; }
        var a = el('a', { href: URL.createObjectURL(new Blob([r.body.ini], { type: 'text/plain' })), download: 'edited.ini' });
        document.body.appendChild(a);
        a.click();
        document.body.removeChild(a);
      });
    });
    var reset = el('button', { id: 'reset', text: T("Back to the base ruleset") });
    reset.addEventListener('click', function () { buildForm(baseForm, null); edited(); });
    box.appendChild(el('label', null, [T("Load a ruleset file") + ' ', file]));
    box.appendChild(dl);
    box.appendChild(reset);
  }

  function buildLang(cur) {
    var box = byId('lang-switch');
    box.textContent = '';
    [['en', 'English'], ['ja', '\u65e5\u672c\u8a9e']].forEach(function (l) {
      var b = el('button', { id: 'lang-' + l[0], text: l[1] });
      b.disabled = l[0] === cur;
      b.addEventListener('click', function () {
        try { sessionStorage.setItem('pb-edits', JSON.stringify(edits())); } catch (e) { /* private mode */ }
        location.search = '?lang=' + l[0];
      });
      box.appendChild(b);
    });
  }

  function start() {
    api('GET', '/api/init' + (lang ? '?lang=' + encodeURIComponent(lang) : '')).then(function (r) {
      if (r.status !== 200) { status(r.body.error, 'error'); return; }
      var j = r.body;
      dict = j.dict;
      pageLang = encodeURIComponent(j.lang);
      document.documentElement.lang = j.lang;
      document.title = T("PAPER BOWL workbench");
      byId('title').textContent = T("PAPER BOWL workbench");
      byId('base-name').textContent = T("base ruleset:") + ' ' + j.base;
      baseForm = j.form;
      ini = j.ini;
      var values = null;
      try {
        var saved = JSON.parse(sessionStorage.getItem('pb-edits') || 'null');
        sessionStorage.removeItem('pb-edits');
        if (saved) { values = {}; saved.forEach(function (e) { values[e[0] + '\u0000' + e[1]] = e[2]; }); }
      } catch (e) { values = null; }
      buildLang(j.lang);
      buildTools();
      buildForm(baseForm, values);
      buildAsk();
      buildTune(baseForm);
      buildGames();
      buildGameLevel();
      edited();
    }).catch(function (e) { status(T("The server does not answer:") + ' ' + e, 'error'); });
  }

  document.addEventListener('DOMContentLoaded', start);
})();
