# What a move of a long game costs the server (docs/online.md, "moved"):
#
#   python3 crates/server/benches/long_game.py BINARY PORT [PLIES]
#
# Creates a game (no capture limit, no repetition rule) through the API of BINARY started
# on 127.0.0.1:PORT over a fresh SQLite file in /tmp, stops it, writes PLIES (19,600)
# move events into the file, starts it again, then plays 200 more moves with both
# players and a watcher connected (pip install websockets). Prints the server's CPU per
# move (utime + stime from /proc), the bytes per move the watcher received, and the p50
# and p99 of the time from a move sent to the other player seeing it.
import asyncio, json, os, sqlite3, subprocess, sys, time, urllib.request
binary, port = sys.argv[1], int(sys.argv[2])
db = f"/tmp/surakarta-long-{port}.sqlite"
for f in (db, db + "-wal", db + "-shm"):
    if os.path.exists(f): os.remove(f)
base = f"http://127.0.0.1:{port}"
def start():
    p = subprocess.Popen([binary, "--listen", f"127.0.0.1:{port}", "--db", db], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/api/health"); return p
        except Exception: time.sleep(0.05)
    raise SystemExit("no server")
def post(path, body):
    r = urllib.request.urlopen(urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}))
    return json.load(r)
cycle = ["a2-a3", "a5-a4", "a3-a2", "a4-a5"]
p = start()
g = post("/api/games", {"seat": "red", "ruleset": "standard,no_capture_limit=none,repetition=none"})
gid, red = g["id"], g["token"]
black = post(f"/api/games/{gid}/join", {})["token"]
p.terminate(); p.wait()
PRE = int(sys.argv[3]) if len(sys.argv) > 3 else 19600
con = sqlite3.connect(db)
seq = con.execute("SELECT MAX(seq) FROM events WHERE game=?", (gid,)).fetchone()[0] + 1
now = int(time.time() * 1000)
con.executemany("INSERT INTO events (game, seq, event) VALUES (?, ?, ?)",
                [(gid, seq + i, f"move {cycle[i % 4]} @{now}") for i in range(PRE)])
con.commit(); con.close()
p = start()
def cpu():
    f = open(f"/proc/{p.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
import websockets
async def main():
    url = f"ws://127.0.0.1:{port}/api/games/{gid}/ws"
    async with websockets.connect(url, max_size=1 << 24) as wr, websockets.connect(url, max_size=1 << 24) as wb, websockets.connect(url, max_size=1 << 24) as ww:
        await wr.send(json.dumps({"type": "hello", "token": red}))
        await wb.send(json.dumps({"type": "hello", "token": black}))
        for ws in (wr, wb, ww):
            await ws.recv()  # the first state
        async def until(ws, plies):
            n = 0
            while True:
                m = await ws.recv(); n += len(m)
                v = json.loads(m)
                if v.get("plies") == plies: return n
        await asyncio.sleep(0.5)
        c0 = cpu(); watched = 0; lat = []
        N = 200
        for i in range(N):
            ply = PRE + i
            mover, other = (wr, wb) if ply % 2 == 0 else (wb, wr)
            t = time.perf_counter()
            await mover.send(json.dumps({"type": "move", "move": cycle[ply % 4]}))
            await until(other, ply + 1)
            lat.append(time.perf_counter() - t)
            await until(mover, ply + 1)
            watched += await until(ww, ply + 1)
        c1 = cpu()
        lat.sort()
        print(f"{os.path.basename(binary)}: CPU {1000*(c1-c0)/N:.2f} ms/move, watcher {watched/N/1024:.1f} KiB/move, "
              f"seen p50 {1000*lat[N//2]:.1f} ms p99 {1000*lat[int(N*0.99)]:.1f} ms")
asyncio.run(main())
p.terminate()
