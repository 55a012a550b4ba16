// Not part of `npm test`: two builds' first visits over the same Slow 4G link, one after
// the other in one run (docs/web.md, "Loading"): when the menu came, the bytes of the wasm
// on the wire until the service worker had installed, and the page's marks.
//
//   node compare-first-visit.mjs OLD_DIST NEW_DIST
import { chromium } from "playwright-core";
import { slowLink, startServer } from "./serve.mjs";

const WASM = /\/surakarta_bg(\.[0-9a-f]{16})?\.wasm$/;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist", "--disable-quic"],
});
for (const dist of process.argv.slice(2)) {
  const server = await startServer(dist);
  const link = await slowLink(server.origin, { bytesPerSecond: 200_000, latency: 300 });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true,
  });
  await context.addInitScript(() => { window.__surakartaReport = true; });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(link.origin);
  await page.waitForFunction(() => window.__surakarta?.panel === "menu", null, { timeout: 300_000, polling: 100 });
  const menu = Date.now() - started;
  await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active &&
    (await caches.keys()).some((k) => /^surakarta-[0-9a-f]{16}$/.test(k)), null, { timeout: 300_000, polling: 500 });
  const installed = Date.now() - started;
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith("surakarta:")).map((m) => [m.name.slice(10), Math.round(m.startTime)])));
  const sent = link.sent(WASM);
  console.log(JSON.stringify({
    dist, menu_ms: menu, worker_installed_ms: installed,
    wasm_downloads: sent.length, wasm_bytes: sent.reduce((n, s) => n + s.bytes, 0), marks,
  }));
  await context.close();
  link.close();
  server.stop();
}
await browser.close();
