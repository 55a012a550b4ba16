// The web build played like a phone: headless Chromium at 390x844 with touch, a device
// pixel ratio of 3 for the first two steps and 1 for the rest, served from 127.0.0.1. Every
// tap is aimed at a point the app itself reports (window.__surakarta, see src/report.rs),
// and every wait is for a state the app reports: software WebGL draws only a few frames a
// second here. The game server serves the build (tests/web/serve.mjs).
//
//   cargo build -p surakarta-server && web/build.sh && (cd tests/web && npm ci && npm test)
//
// SURAKARTA_WEB_DIST: the built folder (default web/dist); SURAKARTA_SERVER: the server
// (default target/debug/surakarta-server); CHROMIUM: the browser (default /usr/bin/chromium). Screenshots go to tests/web/artifacts/.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { built, dist, startServer } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, "artifacts");
const checkPng = path.join(here, "../../.ci/check_png.py");
const LONG = 180_000;

test("the web build plays like a phone", { timeout: 900_000 }, async (t) => {
  const wasm = built("surakarta_bg", ".wasm");
  fs.mkdirSync(artifacts, { recursive: true });
  // The game server's own file serving, as players get it (its headers: docs/web.md).
  const server = await startServer();
  const origin = server.origin;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  // A phone: 390x844 points, touch. The first two steps run at a pixel ratio of 3, as most
  // phones have (the canvas's pixels, and a tap finding its button); the rest at 1, which
  // draws nine times fewer pixels: software WebGL here draws about 0.5 frames a second at
  // 1170x2532 and 3 at 390x844, and those steps test the game, not the pixel ratio. The
  // page's storage goes along (storageState).
  // Each page asks the app for its report before it starts (a player's page does not).
  const phone = async (deviceScaleFactor, storageState, locale = "en-GB", report = true) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor,
      hasTouch: true,
      isMobile: true,
      storageState,
      locale,
    });
    if (report) await context.addInitScript(() => { window.__surakartaReport = true; });
    // The test may hold the computer's answers from its Web Worker (window.__holdAnswers)
    // and let them go (window.__releaseAnswers()); nothing is held unless it asks.
    await context.addInitScript(() => {
      const Real = window.Worker;
      if (!Real) return;
      const held = [];
      window.__heldAnswers = () => held.length;
      window.__releaseAnswers = () => {
        window.__holdAnswers = false;
        for (const [handler, event] of held.splice(0)) handler(event);
      };
      window.Worker = class extends Real {
        get onmessage() {
          return super.onmessage;
        }
        set onmessage(handler) {
          super.onmessage = handler &&
            ((event) => (window.__holdAnswers ? held.push([handler, event]) : handler(event)));
        }
      };
    });
    return context;
  };
  const problems = [];
  const watch = (p) => {
    p.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) {
        problems.push(`console error: ${m.text()}`);
      }
    });
    return p;
  };
  let context = await phone(3);
  let page = watch(await context.newPage());

  const report = () => page.evaluate(() => window.__surakarta ?? null);
  const waitFor = async (what, fn, arg, timeout = LONG) => {
    try {
      await page.waitForFunction(fn, arg, { timeout, polling: 100 });
    } catch (e) {
      await page.screenshot({ path: path.join(artifacts, "failed.png") }).catch(() => {});
      const r = await report().catch(() => null);
      throw new Error(`waiting for ${what}: ${e.message}\nreport: ${JSON.stringify(r)}\n${problems.join("\n")}`);
    }
  };
  const canvasBox = async () => {
    const box = await page.locator("#surakarta").boundingBox();
    assert.ok(box, "the canvas is on the page");
    return box;
  };
  const tapAt = async (x, y) => {
    const box = await canvasBox();
    await page.touchscreen.tap(box.x + x, box.y + y);
  };
  const tapPoint = async (name) => {
    const r = await report();
    const [x, y] = r.points[name];
    await tapAt(x, y);
  };
  const tapButton = async (name) => {
    await waitFor(`the ${name} button`, (n) => !!window.__surakarta?.buttons?.[n], name);
    const b = (await report()).buttons[name];
    await tapAt(b.x, b.y);
  };
  // The new-game card's level stepper, tapped a rung at a time until `name` is chosen.
  const chooseLevel = async (name) => {
    await waitFor("the level stepper", () => !!window.__surakarta?.chosen_level);
    const ladder = ["Beginner", "Novice", "Easy", "Intermediate", "Medium", "Advanced", "Strong", "Hard"];
    for (;;) {
      const now = (await report()).chosen_level;
      if (now === name) return;
      await tapButton(ladder.indexOf(now) > ladder.indexOf(name) ? "newgame.easier" : "newgame.harder");
      await waitFor(`a level other than ${now}`, (n) => window.__surakarta.chosen_level !== n, now);
    }
  };
  const shot = (name) => page.screenshot({ path: path.join(artifacts, `${name}.png`) });
  // The picture against the game: the screenshot sampled where the app's geometry puts each
  // stone, empty point, step dot, capture ring and route, in the theme's colours the app
  // reports (.ci/check_png.py, the check of the native screenshots too). A frame may still
  // be on its way when the report changes, so it looks again for up to 10 s.
  const seeTheGame = async (name) => {
    const file = path.join(artifacts, `${name}.png`);
    const end = Date.now() + 10_000;
    for (;;) {
      await page.screenshot({ path: file });
      const r = await report();
      fs.writeFileSync(`${file}.json`, JSON.stringify(r));
      const { width, height } = page.viewportSize();
      const size = [width, height].map((n) => String(Math.round(n * r.picture.scale)));
      const check = spawnSync("python3", [checkPng, file, ...size], { encoding: "utf8" });
      if (check.status === 0) return r;
      if (Date.now() > end) assert.fail(`${check.stdout}${check.stderr}`);
      await new Promise((ok) => setTimeout(ok, 250));
    }
  };

  try {
    await t.test("the page loads, fills the phone's screen at its pixel ratio and never scrolls", async () => {
      await page.goto(origin);
      await waitFor("the app's first frame", () => !!window.__surakarta?.points);
      await waitFor("the loading indicator to go", () => !document.getElementById("loading"));
      const r = await report();
      assert.deepEqual(r.window, [390, 844], "the board lays out for the whole viewport");
      const canvas = await page.evaluate(() => {
        const c = document.getElementById("surakarta");
        return { w: c.width, h: c.height, dpr: window.devicePixelRatio };
      });
      assert.equal(canvas.dpr, 3);
      assert.equal(canvas.w, 390 * 3, "the canvas has a pixel for each device pixel");
      assert.equal(canvas.h, 844 * 3);
      const style = await page.evaluate(() => {
        const s = getComputedStyle(document.body);
        return { overflow: s.overflow, touch: s.touchAction, scroll: document.scrollingElement.scrollHeight };
      });
      assert.equal(style.overflow, "hidden");
      assert.equal(style.touch, "none", "no pinch zoom or panning");
      assert.ok(style.scroll <= 844, "nothing to scroll");
      // Every board point is on screen, inside the canvas.
      for (const [name, [x, y]] of Object.entries(r.points)) {
        assert.ok(x > 0 && x < 390 && y > 0 && y < 844, `${name} at ${x},${y}`);
      }
      // The wasm came over the wire as web/build.sh's brotli copy.
      const [sent, unpacked] = await page.evaluate((name) => {
        const e = performance.getEntriesByType("resource").find((r) => r.name.endsWith(name));
        return [e.encodedBodySize, e.decodedBodySize];
      }, wasm);
      assert.equal(sent, fs.statSync(path.join(dist, `${wasm}.br`)).size, "brotli on the wire");
      assert.equal(unpacked, fs.statSync(path.join(dist, wasm)).size);
      await shot("1-start");
      // The manifest names the app for good (id), says how a share arrives (enctype), and
      // colours the browser's bar as the page does.
      const manifest = await (await page.request.get(`${origin}/manifest.webmanifest`)).json();
      assert.equal(manifest.id, "./");
      assert.equal(manifest.share_target.enctype, "application/x-www-form-urlencoded");
      const pageColour = await page.evaluate(() =>
        document.querySelector('meta[name="theme-color"]').getAttribute("content"));
      assert.equal(manifest.theme_color, pageColour);
    });

    await t.test("at this ratio a tap lands where the app says its button is", async () => {
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      await shot("2-menu");
      await tapButton("menu.vs_computer");
      await waitFor("the new-game panel", () => window.__surakarta.panel === "new-game");
    });

    await t.test("the same page as a phone with a pixel ratio of 1", async () => {
      const state = await context.storageState();
      await context.close();
      context = await phone(1, state);
      page = watch(await context.newPage());
      await page.goto(origin);
      await waitFor("the app's first frame", () => !!window.__surakarta?.points);
      const canvas = await page.evaluate(() => document.getElementById("surakarta").width);
      assert.equal(canvas, 390);
    });

    await t.test("the app opens on its menu; a game against Easy starts from taps", async () => {
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      await tapButton("menu.vs_computer");
      await waitFor("the new-game panel", () => window.__surakarta.panel === "new-game");
      await tapButton("newgame.red");
      await chooseLevel("Easy");
      await shot("2-new-game");
      await tapButton("newgame.start");
      await waitFor(
        "a game against Easy, the player Red",
        () => {
          const r = window.__surakarta;
          return r.panel === null && r.mode.kind === "computer" && r.mode.level === "Easy" &&
            r.mode.human === "Red" && r.history.length === 0 && r.turn === "Waiting";
        },
      );
    });

    let afterReply;
    await t.test("tapping a stone and then a target plays the move, and Easy answers", async () => {
      await tapPoint("b2");
      await waitFor("b2 selected", () => window.__surakarta.selected === "b2");
      const seen = await seeTheGame("3-selected");
      assert.deepEqual(seen.picture.steps.sort(), ["a3", "b3", "c3"], "b2's steps, each with its dot");
      await tapPoint("c3");
      await waitFor("the move b2-c3", () => window.__surakarta.history[0] === "b2-c3");
      await waitFor(
        "the computer's answer",
        () => window.__surakarta.history.length === 2 && window.__surakarta.turn === "Waiting",
      );
      afterReply = await report();
      assert.match(afterReply.position, / r /, "Red to move again");
      await shot("4-computer-answered");
    });

    await t.test("the computer thinks in a Web Worker and the page keeps drawing (a hint on Hard)", async () => {
      assert.equal((await report()).searcher, "worker", "the search is off the page's thread");
      // The computer's answers are held back (the page's Worker, wrapped in phone() above)
      // while the test counts frames: a search on the page's thread would hold up its frame
      // until it ended, and the hint would come without any answer from a worker. No clock:
      // frames go on for as long as the answer waits.
      await page.evaluate(() => { window.__holdAnswers = true; });
      await tapButton("bar.hint");
      await waitFor("the hint's search under way", () => window.__surakarta.hinting);
      const started = (await report()).frame;
      await waitFor(
        "two more frames while the search is not yet answered",
        (f) => window.__surakarta.frame >= f + 2 && window.__surakarta.hinting && !window.__surakarta.hint,
        started,
      );
      // The worker's answer is what the hint waits for: held, no hint; let go, the hint.
      await waitFor("the worker's answer, held", () => window.__heldAnswers() > 0);
      assert.equal((await report()).hint, null, "no hint while the worker's answer is held");
      await page.evaluate(() => window.__releaseAnswers());
      await waitFor("the hint", () => !!window.__surakarta.hint);
      await shot("5-hint");
    });

    await t.test("after a reload the game is where it was", async () => {
      await page.reload();
      await waitFor("the menu after the reload", () => window.__surakarta?.panel === "menu");
      await shot("6-menu-after-reload");
      await tapButton("menu.continue");
      await waitFor("the board", () => window.__surakarta.panel === null);
      await waitFor(
        "the saved game",
        (h) => JSON.stringify(window.__surakarta.history) === h,
        JSON.stringify(afterReply.history),
      );
      const r = await report();
      assert.equal(r.position, afterReply.position);
      assert.equal(r.mode.level, "Easy");
      await shot("6-restored");
    });
    await t.test("a game record is saved in the browser, pasted back and stepped through", async () => {
      const moves = (await report()).history;
      await tapButton("bar.menu");
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      await tapButton("menu.records");
      await waitFor("the records panel", () => window.__surakarta.panel === "records");
      await tapButton("records.save");
      await waitFor("the record in localStorage", () =>
        Object.keys(localStorage).some((k) => k.startsWith("surakarta.records/game-")));
      const text = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith("surakarta.records/game-"));
        return localStorage.getItem(key);
      });
      assert.ok(text.includes(`1. ${moves[0]} ${moves[1]}`), text);
      // Pasting asks in the browser's own text box; the player pastes the record there.
      page.once("dialog", (d) => d.accept(text));
      await tapButton("records.paste");
      await waitFor(
        "the record under review, at its start",
        (n) => JSON.stringify(window.__surakarta.review) === JSON.stringify([0, n]) &&
          window.__surakarta.panel === null,
        moves.length,
      );
      await tapButton("review.next");
      await waitFor("the first move shown", () => window.__surakarta.review?.[0] === 1 &&
        window.__surakarta.turn === "Waiting");
      await shot("8-review");
      await tapButton("review.close");
      await waitFor("back on the records panel, the game as it was",
        (h) => window.__surakarta.review === null && window.__surakarta.panel === "records" &&
          JSON.stringify(window.__surakarta.history) === h,
        JSON.stringify(moves));
    });
    await t.test("a finger resting on one of three targets draws its route strongly; a drag plays it", async () => {
      // Red's b3 has three captures (e1, e3, e5) after Black's first move.
      const saved = {
        version: 1,
        record: '[Ruleset "standard"]\n[Start "5b/4b1/6/1r2b1/6/4b1 b 0 0"]\n[Result "*"]\n\n1. f6-f5 *\n',
        mode: "two-players",
        seed: 5,
        counted: false,
      };
      await page.evaluate((g) => localStorage.setItem("surakarta.game.json", g), JSON.stringify(saved));
      await page.reload();
      await waitFor("the menu", () => window.__surakarta?.panel === "menu");
      await tapButton("menu.continue");
      await waitFor("the board", () => window.__surakarta.panel === null &&
        window.__surakarta.position === "6/4bb/6/1r2b1/6/4b1 r 1 1");
      await tapPoint("b3");
      await waitFor("b3 selected", () => window.__surakarta.selected === "b3");
      const seen = await seeTheGame("9-captures");
      assert.deepEqual(seen.picture.captures.sort(), ["e1", "e3", "e5"]);
      assert.equal(seen.picture.routes.length, 3, "each capture's route is previewed and seen");
      // A finger goes down on e3 and stays there.
      const cdp = await context.newCDPSession(page);
      const box = await canvasBox();
      const at = (name, r) => ({ x: box.x + r.points[name][0], y: box.y + r.points[name][1] });
      const r = await report();
      const e3 = at("e3", r);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [e3] });
      await waitFor("the finger's route drawn strongly", () => window.__surakarta.hover === "e3");
      await shot("9-finger-on-e3");
      await cdp.send("Input.dispatchTouchEvent", { type: "touchCancel", touchPoints: [] });
      // A drag from b3 to e5 plays that capture.
      const b3 = at("b3", r);
      const e5 = at("e5", r);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [b3] });
      for (let i = 1; i <= 6; i++) {
        const p = { x: b3.x + ((e5.x - b3.x) * i) / 6, y: b3.y + ((e5.y - b3.y) * i) / 6 };
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] });
        await page.waitForTimeout(30);
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await waitFor("the capture dropped on e5", () => window.__surakarta.history.at(-1) === "b3xe5");
    });
    await t.test("the phone's safe-area insets keep the bars clear, also after a rotation", async () => {
      assert.deepEqual((await report()).safe, [0, 0, 0, 0], "this page's browser keeps nothing");
      // A phone with a notch and a home indicator: the page measures env(safe-area-inset-*).
      await page.addStyleTag({ content: "#insets { padding: 0 47px 21px 47px !important; }" });
      await page.setViewportSize({ width: 844, height: 390 });
      await waitFor("the insets in landscape", () =>
        JSON.stringify(window.__surakarta.safe) === "[0,47,21,47]" && window.__surakarta.window[0] === 844);
      await shot("13-insets-landscape");
      await page.addStyleTag({ content: "#insets { padding: 47px 0 34px 0 !important; }" });
      await page.setViewportSize({ width: 390, height: 844 });
      await waitFor("the insets in portrait", () =>
        JSON.stringify(window.__surakarta.safe) === "[47,0,34,0]" && window.__surakarta.window[0] === 390);
      const r = await report();
      for (const name of ["bar.menu", "bar.undo", "bar.hint"]) {
        const b = r.buttons[name];
        assert.ok(b.y + b.h / 2 <= 844 - 34, `${name} clear of the home indicator: ${JSON.stringify(b)}`);
      }
      await shot("13-insets-portrait");
    });
    await t.test("the browser's back closes what is open and keeps the page", async () => {
      await tapButton("bar.menu");
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      // During a game the menu is longer than a phone (it scrolls): a card from its top half.
      await tapButton("menu.rules");
      await waitFor("the rules", () => window.__surakarta.panel === "rules");
      await page.evaluate(() => history.back());
      await waitFor("back to the menu", () => window.__surakarta.panel === "menu");
      await page.evaluate(() => history.back());
      await waitFor("back to the board", () => window.__surakarta.panel === null &&
        window.__surakarta.screen === "Game");
      assert.ok(await page.evaluate(() => !!window.__surakarta), "still on the page");
    });
    await t.test("a tap outside a card closes it, as Back does; a tap on the card does not", async () => {
      await tapButton("bar.menu");
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      await tapButton("menu.vs_computer");
      await waitFor("the new-game panel", () => window.__surakarta.panel === "new-game");
      // Beside the level's name on the card: the card's own, no button there.
      const name = (await report()).buttons["newgame.easier"];
      await tapAt(name.x, name.y - 60);
      await new Promise((ok) => setTimeout(ok, 500));
      assert.equal(await page.evaluate(() => window.__surakarta.panel), "new-game", "a tap on the card keeps it");
      // Above the card, on the shade.
      await tapAt(20, 20);
      await waitFor("back to the menu", () => window.__surakarta.panel === "menu");
      // The menu fills the phone's height: the shade is its margin at the side.
      await tapAt(3, (await canvasBox()).height / 2);
      await waitFor("back to the board", () => window.__surakarta.panel === null &&
        window.__surakarta.screen === "Game");
    });

    await t.test("a damaged save is kept aside, the player is told, a fresh game starts", async () => {
      const garbage = "{ not a saved game";
      await page.evaluate((g) => localStorage.setItem("surakarta.game.json", g), garbage);
      await page.reload();
      await waitFor("the app after the reload", () => !!window.__surakarta?.points);
      const r = await report();
      assert.ok(r.notice, "the player is told");
      assert.deepEqual(r.history, [], "a fresh game");
      const kept = await page.evaluate(() => localStorage.getItem("surakarta.game.json.bad-1"));
      assert.equal(kept, garbage, "the damaged save is kept as it was");
      await shot("7-damaged-save");
    });
    await t.test("installable, and after one visit it plays the computer with the network off", async () => {
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector('link[rel="manifest"]');
        return (await fetch(link.href)).json();
      });
      assert.equal(manifest.display, "standalone");
      assert.equal(manifest.start_url, "./");
      assert.ok(manifest.icons.some((i) => i.sizes === "192x192"), "a 192 icon");
      assert.ok(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose === "maskable"));
      const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      assert.equal(worker, "activated", "a service worker keeps the game");
      await waitFor("the page under the service worker", () => !!navigator.serviceWorker.controller);
      await context.setOffline(true);
      try {
        await page.reload();
        await waitFor("the app's first frame, offline", () => !!window.__surakarta?.points);
        await waitFor("the menu", () => window.__surakarta.panel === "menu");
        await tapButton("menu.vs_computer");
        await waitFor("the new-game panel", () => window.__surakarta.panel === "new-game");
        await tapButton("newgame.red");
        await chooseLevel("Easy");
        await tapButton("newgame.start");
        await waitFor("a game against Easy", () => window.__surakarta.panel === null &&
          window.__surakarta.mode.level === "Easy" && window.__surakarta.turn === "Waiting");
        await tapPoint("b2");
        await waitFor("b2 selected", () => window.__surakarta.selected === "b2");
        await tapPoint("c3");
        await waitFor("the computer's answer, offline", () =>
          window.__surakarta.history.length === 2 && window.__surakarta.turn === "Waiting");
        await shot("10-offline");
        // A puzzle, offline too: its pack is in the app, its replies need no network.
        await tapButton("bar.menu");
        await waitFor("the menu", () => window.__surakarta.panel === "menu");
        await tapButton("menu.puzzles");
        await waitFor("the puzzles' card", () => window.__surakarta.panel === "puzzles");
        await tapButton("puzzles.next");
        await waitFor("a puzzle on the board", () =>
          window.__surakarta.puzzle?.state === "solving" && window.__surakarta.turn === "Waiting");
        const line = (await report()).puzzle.moves;
        for (let i = 0; i < line.length; i += 2) {
          const [from, to] = line[i].split(/[-x]/);
          await tapPoint(from);
          await waitFor(`${from} selected`, (f) => window.__surakarta.selected === f, from);
          await tapPoint(to);
          // The move, and the line's reply after it (the screen plays it after a pause):
          // the next tap waits for the player's turn.
          const settled = Math.min(i + 2, line.length);
          await waitFor(`${line[i]} played and answered`, (n) =>
            window.__surakarta.history.length >= n && window.__surakarta.turn !== "Animating",
            settled);
        }
        await waitFor("the puzzle solved, offline", () => window.__surakarta.puzzle.state === "solved");
        await shot("11-puzzle-offline");
      } finally {
        await context.setOffline(false);
      }
    });
    await t.test("loading counts the bytes, in the phone's language, on a slow line", async () => {
      // A player's page: it does not ask for the report.
      const danish = await phone(1, undefined, "da-DK", false);
      const slow = await danish.newPage();
      const cdp = await danish.newCDPSession(slow);
      await cdp.send("Network.enable");
      // About 8 Mbit/s: the 3.5 MB download takes a few seconds.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false, latency: 40, downloadThroughput: 1_000_000, uploadThroughput: 100_000,
      });
      await slow.goto(origin);
      await slow.waitForFunction(() => {
        const n = Number(document.querySelector("#loading .bar")?.getAttribute("aria-valuenow"));
        return n > 5 && n < 95;
      }, null, { timeout: LONG, polling: 50 });
      const seen = await slow.evaluate(() => ({
        text: document.querySelector("#loading .text").textContent,
        lang: document.documentElement.lang,
      }));
      assert.equal(seen.text, "Indlæser Surakarta…");
      assert.equal(seen.lang, "da");
      await slow.screenshot({ path: path.join(artifacts, "11-loading-da.png") });
      await slow.waitForFunction(() => !!window.__surakartaReady, null, { timeout: LONG });
      assert.equal(await slow.evaluate(() => window.__surakarta), undefined,
        "a page that did not ask gets no report");
      await danish.close();
    });

    await t.test("without WebGL2 the page says so instead of starting", async () => {
      const old = await phone(1);
      await old.addInitScript(() => {
        const real = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
          return kind === "webgl2" ? null : real.call(this, kind, ...rest);
        };
      });
      const p = await old.newPage();
      await p.goto(origin);
      await p.waitForFunction(() => document.querySelector("#loading .error")?.textContent.length > 0,
        null, { timeout: LONG });
      const message = await p.evaluate(() => document.querySelector("#loading .error").textContent);
      assert.ok(message.includes("WebGL2"), message);
      await p.screenshot({ path: path.join(artifacts, "12-no-webgl2.png") });
      await old.close();
    });
    await t.test("a browser without workers searches in slices on the page's thread", async () => {
      const old = await phone(1);
      await old.addInitScript(() => { delete window.Worker; });
      const p = await old.newPage();
      await p.goto(origin);
      await p.waitForFunction(() => window.__surakarta?.panel === "menu", null, { timeout: LONG });
      assert.equal(await p.evaluate(() => window.__surakarta.searcher), "slices");
      const box = await p.locator("#surakarta").boundingBox();
      const tap = async (name) => {
        await p.waitForFunction((n) => !!window.__surakarta?.buttons?.[n], name, { timeout: LONG });
        const b = await p.evaluate((n) => window.__surakarta.buttons[n], name);
        await p.touchscreen.tap(box.x + b.x, box.y + b.y);
      };
      await tap("menu.vs_computer");
      await tap("newgame.red");
      // A new player's first level is Beginner: two rungs up, Easy, a quick answer.
      for (const step of ["newgame.harder", "newgame.harder"]) {
        const before = await p.evaluate(() => window.__surakarta.chosen_level);
        await tap(step);
        await p.waitForFunction((b) => window.__surakarta.chosen_level !== b, before, { timeout: LONG });
      }
      await tap("newgame.start");
      await p.waitForFunction(() => window.__surakarta.panel === null && window.__surakarta.turn === "Waiting",
        null, { timeout: LONG });
      const b2 = await p.evaluate(() => window.__surakarta.points.b2);
      const c3 = await p.evaluate(() => window.__surakarta.points.c3);
      await p.touchscreen.tap(box.x + b2[0], box.y + b2[1]);
      await p.waitForFunction(() => window.__surakarta.selected === "b2", null, { timeout: LONG });
      await p.touchscreen.tap(box.x + c3[0], box.y + c3[1]);
      await p.waitForFunction(() => window.__surakarta.history.length === 2 && window.__surakarta.turn === "Waiting",
        null, { timeout: LONG });
      await old.close();
    });
    await t.test("vibration and the share sheet through the page; a record shared to the web app opens", async () => {
      // Chromium on Linux has no share sheet and no motor: stand-ins that remember.
      const shared = await phone(1);
      await shared.addInitScript(() => {
        window.__vibrated = [];
        window.__shared = [];
        Navigator.prototype.vibrate = function (pattern) { window.__vibrated.push(pattern); return true; };
        Navigator.prototype.share = function (data) { window.__shared.push(data); return Promise.resolve(); };
      });
      await context.close();
      context = shared;
      page = watch(await context.newPage());
      // Another app shares a record to the installed web app: the manifest's share target
      // opens the page with ?text=.
      const manifest = await page.request.get(`${origin}/manifest.webmanifest`).then((r) => r.json());
      assert.equal(manifest.share_target.method, "GET");
      assert.equal(manifest.share_target.params.text, "text");
      const record = '[Result "*"]\n\n1. b2-b3 e5-e4 2. c2-c3 *\n';
      await page.goto(`${origin}/?text=${encodeURIComponent(record)}`);
      await waitFor("the shared record under review", () =>
        window.__surakarta?.screen === "Review" && JSON.stringify(window.__surakarta.review) === "[0,3]");
      assert.equal(new URL(page.url()).search, "", "a reload does not open it again");
      await shot("14-shared-record");
      await tapButton("review.close");
      await waitFor("the review closed", () => window.__surakarta.review === null);

      // A capture in a two-player game: the firmer buzz when the stone lands.
      const saved = {
        version: 1,
        record: '[Ruleset "standard"]\n[Start "5b/6/6/1r2b1/6/6 r 0 0"]\n[Result "*"]\n\n*\n',
        mode: "two-players",
        seed: 5,
        counted: false,
      };
      await page.evaluate((g) => localStorage.setItem("surakarta.game.json", g), JSON.stringify(saved));
      await page.reload();
      await waitFor("the menu", () => window.__surakarta?.panel === "menu");
      await tapButton("menu.settings");
      await waitFor("the settings", () => window.__surakarta.panel === "settings");
      assert.ok((await report()).buttons["settings.haptics"], "a touch phone's browser vibrates: the setting shows");
      await shot("15-settings-vibration");
      await page.evaluate(() => history.back());
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      // No move played yet, so no Continue: Back goes from the menu to the board.
      await page.evaluate(() => history.back());
      await waitFor("the board", () => window.__surakarta.panel === null && window.__surakarta.history.length === 0);
      await tapPoint("b3");
      await waitFor("b3 selected", () => window.__surakarta.selected === "b3");
      await tapPoint("e3");
      await waitFor("the capture landed and buzzed", () =>
        window.__surakarta.history[0] === "b3xe3" && window.__vibrated.length > 0);
      assert.deepEqual(await page.evaluate(() => window.__vibrated), [[35]]);

      // Share on the records card hands the sheet the record of this game.
      await tapButton("bar.menu");
      await waitFor("the menu", () => window.__surakarta.panel === "menu");
      await tapButton("menu.records");
      await waitFor("the records panel", () => window.__surakarta.panel === "records");
      await shot("16-records-share");
      await tapButton("records.share");
      await waitFor("the share sheet asked", () => window.__shared.length === 1);
      const data = await page.evaluate(() => window.__shared[0]);
      assert.ok(data.text.includes("1. b3xe3"), data.text);
      assert.ok(data.text.includes('[Start "5b/6/6/1r2b1/6/6 r 0 0"]'), data.text);
      await page.setViewportSize({ width: 844, height: 390 });
      await waitFor("the card in landscape", () => window.__surakarta.window[0] === 844 &&
        window.__surakarta.buttons["records.share"]?.x > 0);
      await shot("16-records-share-landscape");
      await page.setViewportSize({ width: 390, height: 844 });
    });

    await t.test("Chinese chosen in the settings: its letters come down then, and stay for the next visit offline", async () => {
      const fonts = () => page.evaluate(() => performance.getEntriesByType("resource")
        .filter((e) => /\/NotoSansSC-Surakarta\.[0-9a-f]{16}\.otf$/.test(e.name)).length);
      await page.goto(origin);
      await waitFor("the menu", () => window.__surakarta?.panel === "menu");
      assert.equal((await report()).font, "western", "an English page starts with the western letters");
      assert.equal(await fonts(), 0, "and does not fetch the Chinese ones");
      await tapButton("menu.settings");
      await waitFor("the settings", () => window.__surakarta.panel === "settings");
      // The languages are at the card's foot: scrolled into view with the wheel.
      await waitFor("the language buttons", () => !!window.__surakarta?.buttons?.["language.zh-CN"]);
      for (let i = 0; i < 20 && (await report()).buttons["language.zh-CN"].y > 700; i++) {
        const box = await canvasBox();
        await page.mouse.move(box.x + 195, box.y + 400);
        await page.mouse.wheel(0, 200);
        await page.waitForTimeout(100);
      }
      await tapButton("language.zh-CN");
      await waitFor("the settings in Chinese, drawn with the full font", () =>
        window.__surakarta.language === "zh-CN" && window.__surakarta.font === "full");
      assert.equal(await fonts(), 1);
      await shot("17-settings-chinese");
      await context.setOffline(true);
      try {
        await page.reload();
        await waitFor("the menu in Chinese with the network off", () =>
          window.__surakarta?.panel === "menu" && window.__surakarta.font === "full");
        await shot("17-menu-chinese-offline");
      } finally {
        await context.setOffline(false);
      }
      await page.evaluate(() => localStorage.setItem("surakarta.settings.json",
        JSON.stringify({ ...JSON.parse(localStorage.getItem("surakarta.settings.json")), language: "en" })));
    });
    assert.deepEqual(problems, [], "no errors in the page");
  } finally {
    await browser.close();
    server.stop();
  }
});
