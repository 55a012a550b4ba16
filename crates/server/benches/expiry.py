#!/usr/bin/env python3
"""Moves during a sweep that deletes N expired games: the longest a move waited.

usage: python3 crates/server/benches/expiry.py SERVER_BINARY old|new [N]   (pip install websockets)

Builds a SQLite file with N games (two events each) that expire 4 s after it is written,
starts the server on it with a one-second sweep, and plays game after game (four moves
each, both seats on loopback) for 12 s while the sweep deletes them, timing each move from
sent to the state that has it. `old` seats players the way servers before the `hello`
message did (`?token=` in the address), `new` with `hello`.
"""
import asyncio, json, os, sqlite3, subprocess, sys, tempfile, time, urllib.request
import websockets

binary, kind = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 300_000
tmp = tempfile.mkdtemp()
db = os.path.join(tmp, "games.sqlite")

# Let the server make its schema, then fill it.
port = 18000 + os.getpid() % 1000
def start(sweep):
    return subprocess.Popen([binary, "--listen", f"127.0.0.1:{port}", "--db", db,
                             "--expire-after", "3600", "--sweep-every", str(sweep)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def wait_up():
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return
        except Exception:
            time.sleep(0.05)
    raise SystemExit("server did not start")

p = start(100000); wait_up(); p.terminate(); p.wait()
con = sqlite3.connect(db)
con.execute("PRAGMA journal_mode=WAL")
t = time.time()
con.executemany("INSERT INTO games (id, ruleset, created, updated) VALUES (?, 'standard', 0, 0)",
                ((f"old{i}",) for i in range(n)))
con.executemany("INSERT INTO events (game, seq, event) VALUES (?, ?, ?)",
                ((f"old{i}", s, e) for i in range(n) for s, e in ((0, "seat red " + "0" * 64), (1, "move b2-b3"))))
con.commit()
# They expire 4 s from now: the moves below are under way when the sweep deletes them.
con.execute("UPDATE games SET updated = ?", (int(time.time()) - 3600 + 4,))
con.commit(); con.close()
print(f"{n} expired games written in {time.time() - t:.1f} s", flush=True)

p = start(1)
wait_up()

def post(path, body):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    return json.load(urllib.request.urlopen(req))

async def seat(base, token):
    if kind == "old":
        ws = await websockets.connect(base + "?token=" + token)
    else:
        ws = await websockets.connect(base)
        await ws.send(json.dumps({"type": "hello", "token": token}))
    await ws.recv()
    return ws

async def main():
    moves = ["b2-b3", "b5-b4", "c2-c3", "c5-c4"]
    waits = []
    end = time.time() + 12
    while time.time() < end:
        g = post("/api/games", {"seat": "red"})
        j = post(f"/api/games/{g['id']}/join", {})
        base = f"ws://127.0.0.1:{port}/api/games/{g['id']}/ws"
        red, black = await seat(base, g["token"]), await seat(base, j["token"])
        for ply, mv in enumerate(moves):
            mover = red if ply % 2 == 0 else black
            sent = time.time()
            await mover.send(json.dumps({"type": "move", "move": mv, "ply": ply}))
            while True:
                m = json.loads(await mover.recv())
                if m.get("type") == "error":
                    raise SystemExit(m)
                if m.get("plies") == ply + 1:
                    break
            waits.append(time.time() - sent)
            await asyncio.sleep(0.01)
        await red.close(); await black.close()
    waits.sort()
    left = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    print(f"{kind}: {len(waits)} moves in 12 s during the sweep; p50 {waits[len(waits)//2]*1000:.1f} ms, "
          f"p99 {waits[int(len(waits)*0.99)]*1000:.1f} ms, longest {waits[-1]*1000:.0f} ms; games left {left}")

try:
    asyncio.run(main())
finally:
    p.terminate(); p.wait()
