// Measures the web build's computer player (docs/web.md, "The computer in a worker"):
// frames drawn while a Hard hint thinks, the worker's search speed on a fixed-depth
// search of the start position, and the time its endgame tables take to build. Not part of `npm test`: run it by hand on a quiet machine,
//
//   web/build.sh && (cd tests/web && node measure.mjs)
//
// SURAKARTA_WEB_DIST and CHROMIUM as for the test.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.SURAKARTA_WEB_DIST ?? path.join(here, "../../web/dist"));
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
const server = http.createServer((req, res) => {
  const rel = new URL(req.url, "http://x").pathname;
  const file = path.join(dist, rel === "/" ? "index.html" : path.normalize(rel));
  if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": types[path.extname(file)] ?? "application/octet-stream" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
});
const context = await browser.newContext({
  viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true,
});
// The page asks the app for its report (window.__surakarta) before it starts.
await context.addInitScript(() => { window.__surakartaReport = true; });
const page = await context.newPage();
await page.goto(origin);
await page.waitForFunction(() => window.__surakarta?.panel === "menu", null, { timeout: 180_000 });
const box = await page.locator("#surakarta").boundingBox();
const tapButton = async (name) => {
  await page.waitForFunction((n) => !!window.__surakarta?.buttons?.[n], name, { timeout: 60_000 });
  const b = await page.evaluate((n) => window.__surakarta.buttons[n], name);
  await page.touchscreen.tap(box.x + b.x, box.y + b.y);
};
await tapButton("menu.two_players");
await tapButton("newgame.start");
await page.waitForFunction(() => window.__surakarta.panel === null, null, { timeout: 60_000 });
const results = [];
for (let run = 0; run < 3; run++) {
  const hint = (await page.evaluate(() => window.__surakarta.buttons["bar.hint"]));
  const before = await page.evaluate(() => ({ frame: window.__surakarta.frame, t: performance.now() }));
  await page.touchscreen.tap(box.x + hint.x, box.y + hint.y);
  await page.waitForFunction(() => !!window.__surakarta.hint, null, { timeout: 60_000, polling: 20 });
  const after = await page.evaluate(() => ({ frame: window.__surakarta.frame, t: performance.now() }));
  const seconds = (after.t - before.t) / 1000;
  results.push({ seconds: +seconds.toFixed(2), frames: after.frame - before.frame,
    fps: +((after.frame - before.frame) / seconds).toFixed(1) });
  // Cancel the hint (tap an empty point) and wait for the bars to settle.
  await page.touchscreen.tap(box.x + 195, box.y + 420);
  await page.waitForTimeout(1500);
}
console.log("hint on Hard (frames drawn while it thinks):", JSON.stringify(results));
const speed = await page.evaluate(async () => {
  const w = new Worker("worker.js");
  const ask = (request) => new Promise((ok) => {
    w.onmessage = (e) => ok(e.data);
    w.postMessage({ id: 1, request: JSON.stringify(request) });
  });
  const out = [];
  for (const depth of [8, 9, 10]) {
    const r = await ask({ kind: "bench", position: "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0", depth });
    if (r.failed) return r;
    const a = JSON.parse(r.answer);
    out.push({ depth, nodes: a.nodes, millis: a.millis, nps: Math.round(a.nodes / (a.millis / 1000)) });
  }
  w.terminate();
  return out;
}).catch((e) => String(e));
console.log("worker search of the start position:", JSON.stringify(speed));
// The worker's endgame tables: built before its first answer in an ending (docs/engine.md),
// so the first search of a 3-stone ending takes the build; the second does not.
const tables = await page.evaluate(async () => {
  const w = new Worker("worker.js");
  const ask = (request) => new Promise((ok) => {
    w.onmessage = (e) => ok(e.data);
    w.postMessage({ id: 1, request: JSON.stringify(request) });
  });
  const out = [];
  for (const run of ["first, with the build", "second"]) {
    const r = await ask({ kind: "bench", position: "6/6/6/3b2/r5/5r r 0 0", depth: 1 });
    if (r.failed) return r;
    out.push({ run, millis: JSON.parse(r.answer).millis });
  }
  w.terminate();
  return out;
}).catch((e) => String(e));
console.log("the worker's 4-stone tables:", JSON.stringify(tables));
await browser.close();
server.close();
