#!/usr/bin/env python3
"""Reads what can be read here of deploy/ without a container engine or systemd as init
(.ci/container runs it): the compose file's services, ports, volumes and the server's
flags; the Caddyfile as Caddy adapts it; the systemd unit as systemd-analyze verifies it.
Every flag given to the server in these files must be one the binary knows.

    python3 deploy/check.py [SERVER_BINARY]
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

deploy = os.path.dirname(os.path.abspath(__file__))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    deploy, "..", "target", "x86_64-unknown-linux-musl", "release", "surakarta-server")
known = set(re.findall(r"--[a-z][a-z-]+", subprocess.run(
    [binary, "--help"], capture_output=True, text=True, check=True).stdout))


def flags_known(where, args):
    for arg in args:
        if arg.startswith("--"):
            assert arg in known, f"{where}: the server has no {arg}"


with open(os.path.join(deploy, "compose.yaml")) as f:
    compose = yaml.safe_load(f)
services = compose["services"]
assert set(services) == {"redis", "server1", "server2", "caddy"}, services

redis = services["redis"]
assert "--appendonly" in redis["command"] and "yes" in redis["command"], redis["command"]
assert any(v.endswith(":/data") for v in redis["volumes"]), "Redis's append-only file is kept"

for name in ("server1", "server2"):
    server = services[name]
    command = server["command"]
    flags_known(name, command)
    assert command[command.index("--listen") + 1] == "0.0.0.0:8080", command
    assert command[command.index("--store") + 1].startswith("redis://redis:6379"), command
    assert "--trust-forwarded-for" in command, "behind Caddy the client's address is forwarded"
    assert "ports" not in server, f"{name} is reached through Caddy only"
    assert server["stop_signal"] == "SIGINT", "the server stops on SIGINT"
    # The image's own health check (a compose one would go through a shell in
    # podman-compose, and the image has none).
    assert "healthcheck" not in server, f"{name}: the image's HEALTHCHECK is used"
    assert server["depends_on"]["redis"]["condition"] == "service_healthy"
assert "ports" not in redis, "Redis is reached by the servers only"

caddy = services["caddy"]
assert {"80:80", "443:443"} <= set(caddy["ports"]), caddy["ports"]
assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in caddy["volumes"]
assert any(v.startswith("caddy_data:") for v in caddy["volumes"]), "certificates are kept"
upstreams = caddy["environment"]["SURAKARTA_UPSTREAMS"].split()
assert upstreams == ["server1:8080", "server2:8080"], upstreams
assert set(compose["volumes"]) == {"redis", "caddy_data", "caddy_config"}
print("compose.yaml: redis (append-only), server1 and server2 (Redis, forwarded addresses,"
      " the image's health check, not published), caddy (80, 443, certificates kept)")

with open(os.path.join(deploy, "Containerfile")) as f:
    containerfile = f.read()
for line in ("USER 10001:10001", "VOLUME /data", "STOPSIGNAL SIGINT", "HEALTHCHECK"):
    assert line in containerfile, line
for instruction in ("HEALTHCHECK", "CMD"):
    for found in re.findall(instruction + r".*?(\[.*\])", containerfile):
        flags_known("Containerfile", json.loads(found))
print("Containerfile: user 10001, /data a volume, SIGINT, a health check; flags known")

if shutil.which("caddy"):
    env = dict(os.environ, SURAKARTA_DOMAIN="games.example.org",
               SURAKARTA_UPSTREAMS=" ".join(upstreams))
    adapted = subprocess.run(
        ["caddy", "adapt", "--config", os.path.join(deploy, "Caddyfile"), "--adapter", "caddyfile"],
        env=env, capture_output=True, text=True, check=True)
    server = json.loads(adapted.stdout)["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":443"], server["listen"]  # HTTPS, certificate by itself
    route = server["routes"][0]
    assert route["match"][0]["host"] == ["games.example.org"]
    proxy = route["handle"][0]["routes"][0]["handle"][0]
    assert proxy["handler"] == "reverse_proxy"
    assert [u["dial"] for u in proxy["upstreams"]] == upstreams
    assert proxy["health_checks"]["active"]["uri"] == "/api/health"
    # Nothing may let a client's X-Forwarded-For through: Caddy's own default sets it.
    assert "x-forwarded-for" not in json.dumps(proxy.get("headers", {})).lower()
    assert "trusted_proxies" not in proxy
    print("Caddyfile: HTTPS for the domain, both instances, health at /api/health,"
          " X-Forwarded-For left to Caddy (client headers not trusted)")
else:
    print("Caddyfile: not read (no caddy here)")

with open(os.path.join(deploy, "surakarta-server.service")) as f:
    unit = f.read()
exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M).group(1).split()
flags_known("surakarta-server.service", exec_start)
assert exec_start[exec_start.index("--listen") + 1].startswith("127.0.0.1:"), "loopback only"
assert "KillSignal=SIGINT" in unit
if shutil.which("systemd-analyze"):
    # verify wants the binary where ExecStart says: a copy of the unit pointing at this one.
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "surakarta-server.service")
        with open(path, "w") as f:
            f.write(unit.replace("/usr/local/bin/surakarta-server", os.path.abspath(binary)))
        verified = subprocess.run(["systemd-analyze", "verify", path], capture_output=True, text=True)
        said = (verified.stdout + verified.stderr).strip()
        mine = [line for line in said.splitlines() if "surakarta-server.service" in line]
        assert verified.returncode == 0 and not mine, said
    print("surakarta-server.service: systemd-analyze verify passes; flags known")
else:
    print("surakarta-server.service: flags known (no systemd-analyze here)")
