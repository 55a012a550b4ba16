// A player's first visit on a phone network: headless Chromium as a 390x844 phone, the game
// server serving the build (tests/web/serve.mjs) behind a link as slow as Slow 4G (1.6 Mbit/s,
// 300 ms), which counts every byte it carries and can be cut and restored.
//
//   cargo build -p surakarta-server && web/build.sh && (cd tests/web && npm test)
//
// SURAKARTA_WEB_DIST, SURAKARTA_SERVER and CHROMIUM as for the other tests.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { built, dist, slowLink, startServer } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, "artifacts");
const LONG = 240_000;
const WASM = /\/surakarta_bg\.[0-9a-f]{16}\.wasm$/;
// The full font, with the Chinese letters: only a page in Chinese downloads it.
const FONT = /\/NotoSansSC-Surakarta\.[0-9a-f]{16}\.otf$/;

test("a first visit on a slow phone network", { timeout: 900_000 }, async (t) => {
  fs.mkdirSync(artifacts, { recursive: true });
  const wasm = built("surakarta_bg", ".wasm");
  const brotli = fs.statSync(path.join(dist, `${wasm}.br`)).size;
  const server = await startServer();
  const link = await slowLink(server.origin, { bytesPerSecond: 200_000, latency: 300 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist", "--disable-quic"],
  });
  // A phone never here before: nothing kept, no service worker. The loading card's states
  // (data-state: loading, lost, starting) are written down as they change.
  const phone = async (locale) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true, locale,
    });
    await context.addInitScript(() => {
      window.__surakartaReport = true;
      window.__loadingStates = [];
      document.addEventListener("DOMContentLoaded", () => {
        const card = document.getElementById("loading");
        const note = () => {
          const s = card.dataset.state;
          if (s && window.__loadingStates.at(-1) !== s) window.__loadingStates.push(s);
        };
        note();
        new MutationObserver(note).observe(card, { attributes: true, attributeFilter: ["data-state"] });
      });
    });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    const waitFor = async (what, fn, arg) => {
      try {
        await page.waitForFunction(fn, arg, { timeout: LONG, polling: 100 });
      } catch (e) {
        await page.screenshot({ path: path.join(artifacts, "first-visit-failed.png") }).catch(() => {});
        const card = await page.evaluate(() => document.getElementById("loading")?.innerText).catch(() => null);
        throw new Error(`waiting for ${what}: ${e.message}\nloading card: ${card}\n${problems.join("\n")}`);
      }
    };
    return { context, page, problems, waitFor };
  };
  const timings = (page) => page.evaluate(() => Object.fromEntries(
    performance.getEntriesByType("mark").filter((m) => m.name.startsWith("surakarta:"))
      .map((m) => [m.name.slice(10), Math.round(m.startTime)])));

  try {
    await t.test("the wasm comes down once, and the service worker keeps it without fetching it again", async () => {
      const { context, page, problems, waitFor } = await phone("en-GB");
      const answers = [];
      page.on("response", (r) => answers.push(r));
      const started = Date.now();
      await page.goto(link.origin);
      await waitFor("the menu", () => window.__surakarta?.panel === "menu");
      const menuAfter = Date.now() - started;
      // The game is drawn; then the service worker installs, with every file of the build.
      await waitFor("the offline copy", async () => {
        const ready = await navigator.serviceWorker.ready;
        const keys = await caches.keys();
        return !!ready.active && keys.some((k) => /^surakarta-[0-9a-f]{16}$/.test(k));
      });
      const stored = await page.evaluate(async (name) => {
        const key = (await caches.keys()).find((k) => /^surakarta-[0-9a-f]{16}$/.test(k));
        const hit = await (await caches.open(key)).match(`./${name}`);
        return hit ? (await hit.arrayBuffer()).byteLength : 0;
      }, wasm);
      assert.equal(stored, fs.statSync(path.join(dist, wasm)).size, "the service worker keeps the whole wasm");
      const sent = link.sent(WASM);
      assert.deepEqual(
        sent.map((s) => [s.bytes, s.whole]),
        [[brotli, true]],
        `the wasm once, as brotli (${brotli} bytes): ${JSON.stringify(sent)}`,
      );
      // What the server said about keeping each file (docs/web.md, "Serving it").
      const page0 = answers.find((r) => r.request().resourceType() === "document");
      assert.equal(page0.headers()["cache-control"], "no-cache", "the page is asked for again");
      const wasmAnswer = answers.find((r) => WASM.test(new URL(r.url()).pathname));
      const h = wasmAnswer.headers();
      assert.equal(h["cache-control"], "public, max-age=31536000, immutable");
      assert.equal(h["content-encoding"], "br");
      assert.equal(h.vary, "accept-encoding");
      const states = await page.evaluate(() => window.__loadingStates);
      assert.deepEqual(states, ["loading", "starting"], "the page said what it was doing");
      assert.deepEqual(link.sent(FONT), [], "an English page does not download the Chinese letters");
      assert.equal(await page.evaluate(() => window.__surakarta.font), "western");
      console.log(`first visit over Slow 4G: menu after ${menuAfter} ms; marks ${JSON.stringify(await timings(page))}`);
      await page.screenshot({ path: path.join(artifacts, "first-visit-menu.png") });
      assert.deepEqual(problems, []);
      await context.close();
    });

    await t.test("a page in Chinese downloads its letters once, beside the wasm, shows them, and keeps them offline", async () => {
      const { context, page, problems, waitFor } = await phone("zh-CN");
      const font = built("NotoSansSC-Surakarta", ".otf");
      const fontBrotli = fs.statSync(path.join(dist, `${font}.br`)).size;
      const wasmBefore = link.sent(WASM).length;
      await page.goto(link.origin);
      await waitFor("the menu in Chinese, drawn with the full font", () =>
        window.__surakarta?.panel === "menu" && window.__surakarta.language === "zh-CN" &&
        window.__surakarta.font === "full");
      assert.deepEqual(link.sent(FONT).map((s) => [s.bytes, s.whole]), [[fontBrotli, true]],
        `the letters once, as brotli (${fontBrotli} bytes)`);
      assert.equal(link.sent(WASM).length, wasmBefore + 1, "and the wasm once");
      const states = await page.evaluate(() => window.__loadingStates);
      assert.deepEqual(states, ["loading", "starting"], "the page said what it was doing");
      await page.screenshot({ path: path.join(artifacts, "first-visit-menu-zh.png") });
      // The service worker keeps the letters from the page's download.
      await waitFor("the offline copy with the letters", async (name) => {
        const ready = await navigator.serviceWorker.ready;
        const key = (await caches.keys()).find((k) => /^surakarta-[0-9a-f]{16}$/.test(k));
        return !!ready.active && !!key && !!(await (await caches.open(key)).match(`./${name}`));
      }, font);
      assert.equal(link.sent(FONT).length, 1, "kept without a second download");
      await context.setOffline(true);
      await page.reload();
      await waitFor("the menu in Chinese with the network off", () =>
        window.__surakarta?.panel === "menu" && window.__surakarta.font === "full");
      await context.setOffline(false);
      assert.deepEqual(problems, []);
      await context.close();
    });

    await t.test("a link cut in mid-download: the page says so in the player's words and starts by itself once it is back", async () => {
      const { context, page, problems, waitFor } = await phone("da-DK");
      link.cutAfter(WASM, Math.round(brotli * 0.4));
      await page.goto(link.origin);
      await waitFor("the link cut", () => window.__loadingStates?.includes("lost"));
      const card = await page.evaluate(() => document.getElementById("loading").innerText);
      assert.match(card, /Forbindelsen blev afbrudt/, "Danish words for a dropped link");
      assert.doesNotMatch(card, /Error|TypeError|network|browser/i, "no developer words");
      await page.screenshot({ path: path.join(artifacts, "first-visit-lost.png") });
      // Down a while: the page keeps trying and keeps saying so, and has not given up.
      await page.waitForTimeout(4000);
      assert.ok(link.isDown());
      assert.notEqual(await page.evaluate(() => document.getElementById("loading").dataset.state), "failed");
      // A mark on this document: a reload would lose it.
      await page.evaluate(() => { window.__sameDocument = true; });
      link.restore();
      await waitFor("the menu, with no reload", () => window.__surakarta?.panel === "menu");
      assert.equal(await page.evaluate(() => window.__sameDocument), true, "the same page, not reloaded");
      const states = await page.evaluate(() => window.__loadingStates);
      assert.deepEqual(states.slice(-2), ["loading", "starting"], JSON.stringify(states));
      assert.ok(link.sent(WASM).length >= 2, "downloaded again after the cut");
      assert.deepEqual(problems, []);
      await context.close();
    });

    await t.test("a wasm the browser refuses: the player's words and Try again, which starts the game", async () => {
      const { context, page, problems, waitFor } = await phone("en-GB");
      // The first answer for the wasm is damaged on the way (the server's is whole).
      let damaged = false;
      await page.route(WASM, async (route) => {
        if (damaged) return route.continue();
        damaged = true;
        await route.fulfill({ status: 200, contentType: "application/wasm", body: Buffer.from("not a wasm at all") });
      });
      await page.goto(server.origin);
      await waitFor("the failure said", () => document.getElementById("loading")?.dataset.state === "failed");
      const card = await page.evaluate(() => document.getElementById("loading").innerText);
      assert.match(card, /Surakarta could not start\./);
      assert.doesNotMatch(card, /CompileError|WebAssembly|TypeError|browser/i, "no developer words");
      await page.screenshot({ path: path.join(artifacts, "first-visit-failed-start.png") });
      await page.getByRole("button", { name: "Try again" }).click();
      await waitFor("the menu after Try again", () => window.__surakarta?.panel === "menu");
      assert.deepEqual(problems, []);
      await context.close();
    });
  } finally {
    await browser.close();
    link.close();
    server.stop();
  }
});
