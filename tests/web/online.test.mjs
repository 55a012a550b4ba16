// Two phones play a friend online through the real game server on 127.0.0.1: headless
// Chromium with touch, one page creating the game from the menu, the other opening the
// invite link it shows (the web build served by the server joins at once), then moves
// both ways by tapping the board on a 3 + 2 clock; a third page watching by its link; a
// page (in Danish) whose friend stops playing on a 2-second clock; one page's network cut
// and restored. Waits are for what the app reports (window.__surakarta).
//
//   cargo build -p surakarta-server && web/build.sh && (cd tests/web && npm test)
//
// SURAKARTA_SERVER: the server binary (default target/debug/surakarta-server, which
// `cargo test` builds); SURAKARTA_WEB_DIST and CHROMIUM as in phone.test.mjs.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "./serve.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.join(here, "artifacts");
const LONG = 60_000;

test("two phones play a friend online through the server", { timeout: 600_000 }, async (t) => {
  fs.mkdirSync(artifacts, { recursive: true });
  // A first move may take five minutes here, not 30 s: software WebGL on a loaded machine
  // can take longer than that between the friend joining and Red's first tap.
  const server = await startServer(undefined, ["--first-move-within", "300"]);
  const origin = server.origin;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist", "--disable-quic"],
  });
  const problems = [];
  // A phone: its own browser profile, 390x844 points, touch.
  const phone = async (name, locale = "en-GB") => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true, locale,
    });
    // The page asks the app for its report (window.__surakarta) before it starts.
    await context.addInitScript(() => { window.__surakartaReport = true; });
    const page = await context.newPage();
    page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().includes("Using exceptions for control flow")) {
        problems.push(`${name}: console error: ${m.text()}`);
      }
    });
    const report = () => page.evaluate(() => window.__surakarta ?? null);
    const waitFor = async (what, fn, arg) => {
      try {
        await page.waitForFunction(fn, arg, { timeout: LONG, polling: 100 });
      } catch (e) {
        await page.screenshot({ path: path.join(artifacts, `online-failed-${name}.png`) }).catch(() => {});
        throw new Error(`${name}: waiting for ${what}: ${e.message}\nreport: ${JSON.stringify(await report().catch(() => null))}\n${problems.join("\n")}`);
      }
    };
    const tapAt = async (x, y) => {
      const box = await page.locator("#surakarta").boundingBox();
      await page.touchscreen.tap(box.x + x, box.y + y);
    };
    const tapButton = async (id) => {
      await waitFor(`the ${id} button`, (n) => !!window.__surakarta?.buttons?.[n], id);
      const b = (await report()).buttons[id];
      await tapAt(b.x, b.y);
    };
    // A move by two taps: the stone, then where it goes.
    const move = async (from, to) => {
      for (const sq of [from, to]) {
        const [x, y] = (await report()).points[sq];
        await tapAt(x, y);
        if (sq === from) await waitFor(`${from} selected`, (s) => window.__surakarta.selected === s, from);
      }
    };
    const shot = (file) => page.screenshot({ path: path.join(artifacts, `${file}.png`) });
    return { page, report, waitFor, tapButton, move, shot };
  };

  try {
    const red = await phone("red");
    const black = await phone("black");

    await t.test("one phone creates the game from the menu and is shown the invite", async () => {
      await red.page.goto(origin);
      await red.waitFor("the menu", () => window.__surakarta?.panel === "menu");
      await red.tapButton("menu.online");
      await red.waitFor("the online card", () => window.__surakarta.panel === "new-game");
      await red.tapButton("newgame.red");
      await red.tapButton("newgame.clock.3+2");
      await red.tapButton("newgame.start");
      await red.waitFor("the invite", () => window.__surakarta.panel === "invite" &&
        window.__surakarta.online?.status === "connected");
      const r = await red.report();
      assert.equal(r.online.side, "Red");
      assert.ok(r.online.invite.startsWith(`${origin}/?join=`), r.online.invite);
      assert.equal(r.online.waiting_for_friend, true);
      await red.shot("online-1-invite");
      await red.tapButton("invite.close");
      await red.waitFor("the waiting board", () => window.__surakarta.panel === null);
      await red.shot("online-2-waiting");
    });

    await t.test("the other opens the invite link and is in the game at once", async () => {
      const invite = (await red.report()).online.invite;
      await black.page.goto(invite);
      await black.waitFor("the seat taken", () => window.__surakarta?.online?.side === "Black" &&
        window.__surakarta.online.status === "connected" && window.__surakarta.screen === "Game");
      // The join is taken out of the address: a reload does not join again.
      assert.equal(new URL(black.page.url()).search, "");
      // Red's phone is in the player's hand again (a page in front draws its frames).
      await red.page.bringToFront();
      await red.waitFor("the friend", () => window.__surakarta.online.waiting_for_friend === false);
    });

    await t.test("moves go both ways by tapping, each side only on its turn", async () => {
      await red.move("b2", "b3");
      await black.page.bringToFront();
      await black.waitFor("Red's move arrived", () => window.__surakarta.history.join() === "b2-b3" &&
        window.__surakarta.turn === "Waiting");
      await black.move("e5", "e4");
      await red.page.bringToFront();
      await red.waitFor("Black's move arrived", () => window.__surakarta.history.join() === "b2-b3,e5-e4" &&
        window.__surakarta.turn === "Waiting");
      await red.shot("online-3-red");
      await black.shot("online-3-black");
      // The server has the same game, with the clock chosen on the card.
      const id = new URL((await red.report()).online.invite).searchParams.get("join");
      const state = await (await fetch(`${origin}/api/games/${id}`)).json();
      assert.equal(state.plies, 2);
      assert.match(state.record, /1\. b2-b3 e5-e4/);
      assert.deepEqual(state.time_control, { initial: 180, increment: 2 });
      // Both first moves made: Red's clock runs, on the page as on the server.
      const clock = (await red.report()).online.clock;
      assert.equal(clock.running, "Red", JSON.stringify(clock));
      assert.ok(clock.red <= 180_000 && clock.red > 150_000, JSON.stringify(clock));
      assert.equal(clock.black, 180_000, JSON.stringify(clock));
    });

    await t.test("a third page opens the watching link and follows the game live", async () => {
      const id = new URL((await red.report()).online.invite).searchParams.get("join");
      const watcher = await phone("watcher");
      await watcher.page.goto(`${origin}/?watch=${id}`);
      await watcher.waitFor("the game, watched", () => window.__surakarta?.screen === "Review" &&
        window.__surakarta.watch?.status === "connected" && window.__surakarta.review?.join() === "2,2");
      assert.equal(new URL(watcher.page.url()).search, "", "a reload does not open it again");
      assert.equal((await watcher.report()).watch.line, "Watching live");
      assert.equal((await watcher.report()).online, null, "the watcher has no seat");
      await red.page.bringToFront();
      await red.move("b3", "b4");
      await watcher.page.bringToFront();
      await watcher.waitFor("Red's move, played on the watcher's board", () =>
        window.__surakarta.review.join() === "3,3" && window.__surakarta.history.join() === "b2-b3,e5-e4,b3-b4");
      await watcher.shot("online-4-watching");
      await watcher.page.context().close();
    });

    await t.test("a page whose friend stops playing sees the friend's clock run out", async () => {
      // Red is a client of the API on a 2-second clock; a Danish page takes Black.
      const created = await (await fetch(`${origin}/api/games`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ seat: "red", clock: { initial: 2, increment: 0 } }),
      })).json();
      // Red's first move, from a socket in a page (Node 20 has no WebSocket). The socket
      // stays open: Red is there, only never moves again (a Red gone would let Black
      // claim the game instead).
      await red.page.evaluate(({ url, token }) => new Promise((done, fail) => {
        const ws = new WebSocket(url);
        window.__redSocket = ws;
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: "hello", token }));
          ws.send(JSON.stringify({ type: "move", move: "b2-b3" }));
        };
        ws.onmessage = (m) => { if (JSON.parse(m.data).plies === 1) done(); };
        ws.onerror = () => fail(new Error("the socket failed"));
      }), { url: `${origin.replace("http", "ws")}/api/games/${created.id}/ws`, token: created.token });
      const late = await phone("black-da", "da-DK");
      await late.page.goto(`${origin}${created.invite}`);
      await late.waitFor("the seat", () => window.__surakarta?.online?.side === "Black" &&
        window.__surakarta.online.status === "connected" && window.__surakarta.history.join() === "b2-b3" &&
        window.__surakarta.turn === "Waiting");
      await late.move("e5", "e4");
      // Red never moves again: two seconds later Black has won on time, told by the server.
      await late.waitFor("the game won on time", () => window.__surakarta.outcome === "Black" &&
        window.__surakarta.panel === "game-over");
      const state = await (await fetch(`${origin}/api/games/${created.id}`)).json();
      assert.equal(state.termination, "time-forfeit");
      assert.equal(state.result, "0-1");
      await late.shot("online-5-won-on-time-da");
      await late.page.context().close();
    });

    await t.test("a page whose network goes says so at once, and comes back with it", async () => {
      await black.page.bringToFront();
      await black.page.context().setOffline(true);
      await black.waitFor("the connection lost", () => window.__surakarta.online.status === "lost");
      await black.page.context().setOffline(false);
      await black.waitFor("connected again", () => window.__surakarta.online.status === "connected");
    });
    assert.deepEqual(problems, [], "no errors in the pages");
  } finally {
    await browser.close();
    server.stop();
  }
});
