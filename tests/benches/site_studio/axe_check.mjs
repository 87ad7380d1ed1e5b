// Throwaway-grade check that the vendored axe-core runs in the real Chromium, dependency-free:
// Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe), so no npm
// package is needed. For each page and each width (360, 768, 1280 px, device emulation, not
// window size) it injects mcp-browser/src/site/vendor/axe-core/axe.min.js, runs axe.run() and
// prints violations by impact, horizontal overflow (scrollWidth - clientWidth) and timings.
//
// Run: node tests/benches/site_studio/axe_check.mjs [page.html|url ...]
//      (no argument: two built-in sample pages, one clean and one seeded with faults)
// Env: CHROMIUM (default /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const AXE = readFileSync(join(here, '../../../mcp-browser/src/site/vendor/axe-core/axe.min.js'), 'utf8');
const WIDTHS = [[360, 740, true], [768, 1024, true], [1280, 800, false]];

const CLEAN = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Crumb and Co</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#fff}
main{max-width:430px;margin:0 auto;padding:16px}a,button{min-height:44px;min-width:44px}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:8px;border-bottom:1px solid #ddd}
.field{display:grid;gap:4px;margin-bottom:12px}input,select{min-height:44px;font:inherit;box-sizing:border-box;width:100%}
button{background:#1d4ed8;color:#fff;border:0;border-radius:8px;font:inherit}</style></head>
<body><header><nav aria-label="Site"><a href="#prices">Prices</a> <a href="#book">Book</a></nav></header>
<main><h1>Crumb and Co</h1><p>Sourdough and pastries in Totnes.</p>
<section id="prices"><h2>Prices</h2><table><caption>Class prices</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Price</th></tr></thead>
<tbody><tr><td>Drop-in class</td><td>£10</td></tr><tr><td>Monthly pass</td><td>[Your monthly pass price]</td></tr></tbody></table></section>
<section id="book"><h2>Book a first class</h2><form>
<div class="field"><label for="n">Name</label><input id="n" name="name" autocomplete="name"></div>
<div class="field"><label for="d">Date</label><input id="d" name="date" type="date"></div>
<div class="field"><label for="c">Class</label><select id="c" name="class"><option>Hatha</option><option>Yin</option></select></div>
<button type="submit">Book</button></form></section>
<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="The studio" width="300" height="200"></figure>
</main><footer><p>© Crumb and Co</p></footer></body></html>`;

const FAULTY = `<!doctype html><html><head><title>x</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<div style="width:900px;color:#aaa;background:#fff">Light grey text that is too wide for a phone</div>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<input name="email"><select><option>a</option></select>
<button></button><a href="#"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></a>
<h3>Skipped heading levels</h3><p style="color:#ccc">low contrast</p></body></html>`;

function cdp(child) {
  let id = 0, buf = '';
  const waiting = new Map(), listeners = [];
  child.stdio[4].on('data', (chunk) => {
    buf += chunk.toString('utf8');
    let at;
    while ((at = buf.indexOf('\0')) >= 0) {
      const msg = JSON.parse(buf.slice(0, at));
      buf = buf.slice(at + 1);
      if (msg.id && waiting.has(msg.id)) {
        const { ok, fail } = waiting.get(msg.id);
        waiting.delete(msg.id);
        msg.error ? fail(new Error(JSON.stringify(msg.error))) : ok(msg.result);
      } else listeners.forEach((l) => l(msg));
    }
  });
  const send = (method, params = {}, sessionId) => new Promise((ok, fail) => {
    const msg = { id: ++id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    waiting.set(msg.id, { ok, fail });
    child.stdio[3].write(JSON.stringify(msg) + '\0');
  });
  const once = (method, sessionId) => new Promise((ok) => {
    const l = (m) => { if (m.method === method && m.sessionId === sessionId) { listeners.splice(listeners.indexOf(l), 1); ok(m.params); } };
    listeners.push(l);
  });
  return { send, once };
}

const urls = process.argv.slice(2).map((a) => (/^[a-z]+:/.test(a) ? a : pathToFileURL(resolve(a)).href));
if (!urls.length) {
  const dir = mkdtempSync(join(tmpdir(), 'axe-check-'));
  for (const [name, html] of [['clean', CLEAN], ['faulty', FAULTY]]) {
    writeFileSync(join(dir, name + '.html'), html);
    urls.push(pathToFileURL(join(dir, name + '.html')).href);
  }
}

const profile = mkdtempSync(join(tmpdir(), 'axe-profile-'));
const child = spawn(process.env.CHROMIUM || '/usr/bin/chromium', [
  '--headless', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe',
  '--no-first-run', '--user-data-dir=' + profile, 'about:blank',
], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
const { send, once } = cdp(child);
const t0 = performance.now();
const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
await send('Page.enable', {}, sessionId);
console.log(`axe.min.js ${AXE.length} bytes; browser up in ${Math.round(performance.now() - t0)} ms`);

const evaluate = async (expression) => {
  const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
  if (r.exceptionDetails) throw new Error(JSON.stringify(r.exceptionDetails));
  return r.result.value;
};

for (const url of urls) {
  for (const [width, height, mobile] of WIDTHS) {
    await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: mobile ? 2 : 1, mobile }, sessionId);
    const loaded = once('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url }, sessionId);
    await loaded;
    let t = performance.now();
    await evaluate(AXE + '\n;true');
    const inject = performance.now() - t;
    t = performance.now();
    const out = await evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => {
      const byImpact = {};
      for (const v of r.violations) byImpact[v.impact] = (byImpact[v.impact] || 0) + v.nodes.length;
      const se = document.scrollingElement;
      return { version: axe.version, byImpact, rules: r.violations.map((v) => v.impact + ':' + v.id + 'x' + v.nodes.length),
               overflow: Math.max(0, se.scrollWidth - se.clientWidth) };
    })`);
    const run = performance.now() - t;
    console.log(`${url.split('/').pop()} @${width}px axe ${out.version}: inject ${inject.toFixed(0)} ms, run ${run.toFixed(0)} ms; ` +
      `violations by impact ${JSON.stringify(out.byImpact)}; overflow ${out.overflow}px` +
      (out.rules.length ? `\n   ${out.rules.join(' ')}` : ''));
  }
}
await send('Browser.close').catch(() => {});
child.kill();
