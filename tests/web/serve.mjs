// What the browser tests serve the web build with: the game server itself (its file serving,
// headers and all), and a link in front of it that can be as slow as a phone network, be cut
// and come back, and counts every byte it carries.

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, "../..");
export const dist = path.resolve(process.env.SURAKARTA_WEB_DIST ?? path.join(root, "web/dist"));
export const binary = process.env.SURAKARTA_SERVER ?? path.join(root, "target/debug/surakarta-server");

/** The web build's file whose name starts with `stem` and ends with `ext` (named by its
 * content: `surakarta_bg.0123456789abcdef.wasm`). */
export const built = (stem, ext) => {
  const names = fs.readdirSync(dist).filter((n) => n.startsWith(`${stem}.`) && n.endsWith(ext) &&
    /^[^.]+\.[0-9a-f]{16}\.[a-z]+$/.test(n));
  if (names.length !== 1) throw new Error(`${dist}: ${names.length} files ${stem}.*${ext}: run web/build.sh`);
  return names[0];
};

// The server binds a port the system picks (127.0.0.1:0) and says which in its log: no
// port is chosen here and freed for another program to take first.
const listening = (server) => new Promise((ok, fail) => {
  let seen = "";
  const read = (chunk) => {
    process.stdout.write(chunk);
    seen += chunk.toString();
    const found = /listening on (127\.0\.0\.1:\d+)/.exec(seen);
    if (found) {
      server.stdout.off("data", read);
      server.stdout.pipe(process.stdout);
      ok(found[1]);
    }
  };
  server.stdout.on("data", read);
  server.on("exit", (code) => fail(new Error(`the server ended (${code}) before it listened`)));
});

/** The game server serving `web` (and its API), on a port of its own; `stop()` ends it. */
export async function startServer(web = dist, extra = []) {
  if (!fs.existsSync(binary)) throw new Error(`no server at ${binary}: cargo build -p surakarta-server`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "surakarta-web-"));
  const server = spawn(binary, ["--listen", "127.0.0.1:0", "--db", path.join(dir, "games.sqlite"), "--web", web,
    ...extra], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NO_COLOR: "1", RUST_LOG: "surakarta_server=info" },
  });
  const origin = `http://${await listening(server)}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${origin}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (i >= 100) throw new Error("the server did not start");
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return {
    origin,
    stop() {
      server.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A link to `target` on a port of its own, as a phone network is: every answer waits
 * `latency` ms, and all answers share `bytesPerSecond` (DevTools' Slow 4G: 1.6 Mbit/s and
 * 300 ms). `cut()` drops every connection and refuses new ones until `restore()`;
 * `cutAfter(pattern, bytes)` cuts once that many bytes of answers to paths matching
 * `pattern` went through. `sent(pattern)` lists what went through for those paths:
 * `{ path, bytes, whole }`, the bytes as they went over the wire (compressed, as sent).
 */
export async function slowLink(target, { bytesPerSecond = 200_000, latency = 300 } = {}) {
  const to = new URL(target);
  const sockets = new Set();
  const log = [];
  let down = false;
  let freeAt = 0;
  let trigger = null;
  const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
  // The time the link has sent `bytes` more, after what it already has to send.
  const slot = (bytes) => {
    const now = Date.now();
    freeAt = Math.max(now, freeAt) + (1000 * bytes) / bytesPerSecond;
    return freeAt - now;
  };
  const cut = () => {
    down = true;
    for (const s of sockets) s.destroy();
  };
  const proxy = http.createServer(async (req, res) => {
    const entry = { path: new URL(req.url, to).pathname, bytes: 0, whole: false };
    log.push(entry);
    await wait(latency);
    if (down) return req.socket.destroy();
    const upstream = http.request({
      host: to.hostname, port: to.port, path: req.url, method: req.method,
      headers: { ...req.headers, host: to.host },
    }, async (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pause();
      for await (const chunk of answer) {
        for (let at = 0; at < chunk.length; at += 16_384) {
          const piece = chunk.subarray(at, at + 16_384);
          await wait(slot(piece.length));
          if (down || res.destroyed) return answer.destroy();
          res.write(piece);
          entry.bytes += piece.length;
          if (trigger && trigger.pattern.test(entry.path) && entry.bytes >= trigger.bytes) {
            trigger = null;
            cut();
            return answer.destroy();
          }
        }
      }
      entry.whole = true;
      res.end();
    });
    upstream.on("error", () => req.socket.destroy());
    req.pipe(upstream);
  });
  proxy.on("connection", (socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise((ok) => proxy.listen(0, "127.0.0.1", ok));
  return {
    origin: `http://127.0.0.1:${proxy.address().port}`,
    sent: (pattern) => log.filter((e) => pattern.test(e.path)),
    cut,
    cutAfter(pattern, bytes) {
      trigger = { pattern, bytes };
    },
    isDown: () => down,
    restore() {
      down = false;
    },
    close() {
      cut();
      proxy.close();
    },
  };
}
