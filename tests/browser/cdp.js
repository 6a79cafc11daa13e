// tests/browser/cdp.js: the DevTools-protocol driver the browser tests share (report_test.js,
// games_test.js, serve_test.js): starts Debian's headless chromium with the protocol on a pipe
// (--remote-debugging-pipe: no port, no network, no npm package), sends commands and waits for
// their answers or for an event, opens a page in a session of its own, evaluates an expression
// in it, saves a screenshot; and the tests' one way of counting checks (check, failures).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

// Starts chromium (CHROMIUM, or Debian's) on about:blank with a fresh profile in TMPDIR, ARGS
// added to its command line; WHO names the test in the message when chromium is not found (exit
// status 1). The protocol: NUL-terminated JSON messages on fds 3 (to chromium) and 4 (from it).
// Returns { proc, profile, send, once, listeners, stderr }: send(method, params, sessionId) is
// a promise of the result; once(method, sessionId, ms) of the next such event's params (rejected
// after ms); listeners are called with every event; stderr() is what chromium wrote there so far.
function launch(who, args = []) {
  const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  if (!chromium) {
    console.error(who + ': chromium not found (run tools/install-chromium.sh, or set CHROMIUM)');
    process.exit(1);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-chromium-'));
  const proc = spawn(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage', '--hide-scrollbars', '--mute-audio', ...args,
    '--user-data-dir=' + profile, '--remote-debugging-pipe', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (b) => { stderr += b; });

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
  return { proc, profile, send, once, listeners, stderr: () => stderr };
}

// A new page (about:blank) of BROWSER, attached in a session of its own: { targetId, sessionId,
// s }, s(method, params) sending in that session.
async function openPage(browser) {
  const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
  return { targetId, sessionId, s: (m, p) => browser.send(m, p, sessionId) };
}

// The value of the expression EXPR in the page of session sender S (a promise is awaited); an
// exception in the page rejects, with its text and the expression's start.
async function evaluate(s, expr) {
  const r = await s('Runtime.evaluate', { expression: expr, returnByValue: true, awaitPromise: true });
  if (r.exceptionDetails) throw new Error('evaluate: ' + r.exceptionDetails.text + ' in ' + expr.slice(0, 80));
  return r.result.value;
}

// Page.captureScreenshot with PARAMS (format png) in session sender S, written to FILE.
async function screenshot(s, file, params = {}) {
  const r = await s('Page.captureScreenshot', Object.assign({ format: 'png' }, params));
  fs.writeFileSync(file, Buffer.from(r.data, 'base64'));
}

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures++;
}

module.exports = { launch, openPage, evaluate, screenshot, check, failures: () => failures };
