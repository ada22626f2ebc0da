"""The lobby against Colyseus and the bare-websocket floor, side by side.

    .venv/bin/python bench/run.py            # every cell, 3 repeats (~40-50 min)
    .venv/bin/python bench/run.py --smoke    # tiny cells of all three servers (< 60 s)
    .venv/bin/python bench/run.py --cells w1,w3 --repeats 1 --peers lobby,floor
    .venv/bin/python bench/run.py --cells w5 --repeats 1 --scale 0.2   # a fifth of W5's tables and rate
    .venv/bin/python bench/run.py --pacer random   # W1, W3, W5 with the random pacer (W2 always runs both)
    .venv/bin/python bench/run.py --cells w6 --repeats 1 --players 40 --seconds 10   # a small W6

Servers under test run on core 0 (``taskset -c 0``: the lobby with its
redis-server, the floor ``bench/floor.py``, Colyseus ``bench/colyseus_server.js``),
the load generator ``bench/loadgen.js`` (Node, ``ws``) on core 1, all on
loopback; every process is started here and stopped by its PID in a
``finally``.  Each cell of each repeat runs the three servers one after the
other (fresh processes and a fresh Redis per cell in the full run).  Results go
to ``bench/results/run-<stamp>.jsonl`` (one JSON line per measured step) and a
Markdown table (median, min-max over repeats) is printed; ``--docs
docs/benchmarks.md`` also writes it between the results markers of that file.

Cells (docs/benchmarks.md says more):
  W1  1000 clients: 100 Sibala tables of 4 players + 6 spectators, 1000 moves/s.
  W2  the W1 layout at rising move rates until p99 > 20 ms (highest rate kept),
      once per pacer: lockstep (round-robin: tables move in phase, so games
      end in waves) and random (a random ready table: game ends spread out).
  W3  one table of 2 players and 2000 spectators, one move a second.
  W4  40,000 idle signed-in clients with heartbeats over 3 server processes:
      memory per connection.
  W5  mixed: 100 tables, 20 of each game at its usual size (6 Nimmt! 10 seats,
      coin stud 4, Yahtzee 4, Shut the Box 4, Sibala 4), 4 spectators each,
      500 moves/s of legal moves chosen from each seat's view.
  W6  arena start (ours only: the floor and Colyseus have no arenas): 400
      players joined to one arena of Sibala tables of 4; it starts, the
      lobby pairs everyone at once, each seat answers its turn 100 ms after
      seeing it; 60 s from the start measured (``--players``, ``--seconds``).
Exit status: 0 when every cell ran (targets are printed, not enforced), 1
otherwise.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
SERVER_CORE = "0"
GEN_CORE = "1"
PEERS = ("lobby", "floor", "colyseus")
PEER_TITLE = {"lobby": "lobby (ours)", "floor": "floor (websockets)", "colyseus": "Colyseus 0.18"}
#: how loadgen.js picks the table of the next move: round-robin (tables in
#: phase: games end together, a tournament start) or a random ready table
PACERS = ("lockstep", "random")
#: W2's targets: our highest rate at p99 <= 20 ms over Colyseus's, same pacer
W2_SHARE = {"lockstep": 0.35, "random": 0.5}

#: W5's games: (game id, seats, engine options); stud at the lowest tier where coins move
MIX = (("six_nimmt", 10, {}), ("stud", 4, {"tier": "beginner"}), ("yahtzee", 4, {}), ("shut_the_box", 4, {}),
       ("sibala", 4, {}))
GAME_TITLE = {"six_nimmt": "6 Nimmt!", "stud": "stud", "yahtzee": "Yahtzee", "shut_the_box": "Shut the Box", "sibala": "Sibala"}


def mixed(per_game: int, spectators: int, steps: list[dict]) -> dict:
    """A W5 spec: ``per_game`` tables of each game of :data:`MIX`, a table
    plays up to 1000 games (every game that ends is followed by the next)."""
    mix = [{"game": g, "tables": per_game, "seats": n, "options": o} for g, n, o in MIX]
    return {"mode": "tables", "tables": per_game * len(MIX), "spectators": spectators, "games": 1000, "mix": mix,
            "steps": steps}


FULL = {
    "w1": {"mode": "tables", "tables": 100, "players": 4, "spectators": 6, "rounds": 5,
           "steps": [{"rate": 1000, "warmup_s": 5, "window_s": 20}]},
    "w2": {"mode": "tables", "tables": 100, "players": 4, "spectators": 6, "rounds": 5, "stop_p99_ms": 20,
           "steps": [{"rate": r, "warmup_s": 2, "window_s": 5} for r in
                     (10, 25, 50, 100, 200, 350, 500, 750, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6500, 8000)]},
    "w3": {"mode": "tables", "tables": 1, "players": 2, "spectators": 2000, "rounds": 50,
           "steps": [{"rate": 1, "warmup_s": 3, "window_s": 30}]},
    "w4": {"mode": "idle", "clients": 40000, "servers": 3, "generators": 4, "heartbeat_s": 10, "settle_s": 12,
           "room_size": 1000},
    "w5": mixed(20, 4, [{"rate": 500, "warmup_s": 5, "window_s": 20}]),
    "w6": {"mode": "arena", "game": "sibala", "players": 400, "seats": 4, "seconds": 60, "think_ms": 100},
}
SMOKE = {
    # windows of a second or less: the smoke run checks that every cell
    # runs on every server and measures something, not the figures
    "w1": {"mode": "tables", "tables": 4, "players": 2, "spectators": 3, "rounds": 5,
           "steps": [{"rate": 40, "warmup_s": 0.2, "window_s": 0.6}]},
    "w2": {"mode": "tables", "tables": 4, "players": 2, "spectators": 3, "rounds": 5, "stop_p99_ms": 20,
           "steps": [{"rate": r, "warmup_s": 0.2, "window_s": 0.3} for r in (20, 40)]},
    "w3": {"mode": "tables", "tables": 1, "players": 2, "spectators": 50, "rounds": 50,
           "steps": [{"rate": 4, "warmup_s": 0.2, "window_s": 0.8}]},
    "w4": {"mode": "idle", "clients": 120, "servers": 2, "generators": 2, "heartbeat_s": 1, "settle_s": 1.2,
           "room_size": 50},
    "w5": mixed(1, 1, [{"rate": 25, "warmup_s": 0.5, "window_s": 1.2}]),
    "w6": {"mode": "arena", "game": "sibala", "players": 8, "seats": 4, "seconds": 2, "think_ms": 100},
}
#: the cells each server runs (the floor and Colyseus have no arenas)
CELL_PEERS = {"w6": ("lobby",)}
#: W6's targets: every table of the start's pairing at its first turn within
#: this long of the arena's start (ms); move p99 during the start wave (ms)
W6_FIRST_TURN_MS = 1000
W6_WAVE_P99_MS = 50.0
LOBBY_ENV = {
    "LOBBY_RATE_PER_S": "1000000",
    "LOBBY_RATE_BURST": "1000000",
    "LOBBY_TURN_MS": "300000",
    # no pacing: the generator's players move as fast as offered
    "LOBBY_BOT_PACE": "0",
    "LOBBY_RESULT_PAUSE_MS": "0",
    "LOBBY_KEY_PREFIX": "bench",
    # every generator client is one address (127.0.0.1) opening 100+ tables
    "LOBBY_TABLES_PER_ADDR": "1000000",
    "LOBBY_WS_PER_ADDR": "1000000",
    "LOBBY_GUESTS_PER_ADDR": "1000000",
    "LOBBY_SEAT_MOVES_PER_S": "0",
    "LOBBY_TABLES_PER_CONN": "1000000",
}
GEN_CPU_LIMIT = 0.85
#: other people's processes on a shared box: as root, servers and generator
#: run round-robin real-time (priority 1: they preempt ordinary processes on
#: their core; the kernel's RT throttling still leaves others 5 %), and a
#: window where the rest of the machine used more than OTHER_CPU_LIMIT cores
#: is flagged "noisy"
def _rt_prefix() -> list[str]:
    if os.geteuid() != 0 or not shutil.which("chrt"):
        return []
    try:  # a container may refuse real-time scheduling even to root
        ok = subprocess.run(["chrt", "-r", "1", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    return ["chrt", "-r", "1"] if ok else []


NICE = _rt_prefix()
OTHER_CPU_LIMIT = 0.25
P99_BOUND_MS = 20.0


def scaled(spec: dict, f: float) -> dict:
    """``spec`` at ``f`` of its size (``--scale``): tables (of each game) and
    move rates, W3's spectators, W4's clients; at least one of each."""
    if f == 1:
        return spec
    n = lambda x: max(1, round(x * f))  # noqa: E731
    out = dict(spec)
    if spec["mode"] == "idle":
        out["clients"] = n(spec["clients"])
        return out
    if spec["mode"] == "arena":
        out["players"] = max(spec["seats"], n(spec["players"]))
        return out
    if "mix" in spec:
        out["mix"] = [dict(g, tables=n(g["tables"])) for g in spec["mix"]]
        out["tables"] = sum(g["tables"] for g in out["mix"])
    elif spec["tables"] > 1:
        out["tables"] = n(spec["tables"])
    else:
        out["spectators"] = n(spec["spectators"])
    out["steps"] = [dict(st, rate=n(st["rate"])) for st in spec["steps"]]
    return out


def clients_of(spec: dict) -> int:
    """Connections of a tables cell: every seat and spectator of every table."""
    if "mix" in spec:
        return sum(g["tables"] * (g["seats"] + spec["spectators"]) for g in spec["mix"])
    return spec["tables"] * (spec["players"] + spec["spectators"])


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# -- processes ---------------------------------------------------------------


class Procs:
    """Every child started for one cell; ``stop()`` ends them by PID."""

    def __init__(self, logdir: Path) -> None:
        self.logdir = logdir
        self.procs: list[subprocess.Popen] = []

    def start(self, name: str, argv: list[str], core: str, env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
        logf = open(self.logdir / f"{name}.log", "ab")
        proc = subprocess.Popen([*NICE, "taskset", "-c", core, *argv], cwd=ROOT, env={**os.environ, **(env or {})},
                                stdout=kw.pop("stdout", logf), stderr=logf, **kw)
        self.procs.append(proc)
        return proc

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                try:
                    os.kill(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + 5
        for proc in self.procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
        self.procs.clear()


def listens(pid: int, port: int) -> bool:
    """True when process ``pid`` holds the listening socket of loopback
    TCP ``port`` (Linux /proc): not a process that took the port first."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            f = line.split()
            if f[3] == "0A" and int(f[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(f"socket:[{f[9]}]")
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                return True
        except OSError:
            continue
    return False


def start_listening(procs: Procs, name: str, argv, core: str, env: dict[str, str] | None = None,
                    timeout_s: float = 30.0) -> tuple[int, subprocess.Popen]:
    """Start ``argv(port)`` on a port chosen free and wait until that very
    process listens on it.  A port chosen free can be taken by another
    process (another test worker) before ours binds it: ours then exits and
    starts again on a new port.  Returns (port, process)."""
    for _ in range(5):
        port = free_port()
        proc = procs.start(f"{name}-{port}", argv(port), core, env)
        deadline = time.monotonic() + timeout_s
        while proc.poll() is None and not listens(proc.pid, port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{name}: nothing listens on port {port} after {timeout_s}s")
            time.sleep(0.05)
        if proc.poll() is None:
            return port, proc
    raise RuntimeError(f"{name}: exited five times (its log: {procs.logdir})")


def start_servers(peer: str, n: int, procs: Procs, tmp: Path) -> tuple[list[str], list[int], dict[str, list[int]]]:
    """Start ``n`` server processes of ``peer`` on core 0.  Returns the
    client URLs, every server-side PID (the lobby's Redis included) and the
    PIDs by role."""
    if peer == "lobby":
        def redis_argv(port: int) -> list[str]:
            rdir = tmp / f"redis-{port}"
            rdir.mkdir(exist_ok=True)
            return ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--dir", str(rdir),
                    "--appendonly", "yes", "--appendfsync", "everysec", "--save", "",
                    "--protected-mode", "yes", "--daemonize", "no"]

        rport, redis = start_listening(procs, "redis", redis_argv, SERVER_CORE)
        env = {**LOBBY_ENV, "REDIS_URL": f"redis://127.0.0.1:{rport}/0"}
        started = [start_listening(procs, "lobby", lambda p: [sys.executable, "-m", "lobby", "--port", str(p), "--log-level", "warning"],
                                   SERVER_CORE, env) for _ in range(n)]
        for p, proc in started:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{p}/healthz", timeout=1) as r:
                        if r.status == 200:
                            break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError("lobby not healthy")
                time.sleep(0.05)
        pids = [proc.pid for _, proc in started]
        return [f"ws://127.0.0.1:{p}/ws" for p, _ in started], pids + [redis.pid], {"server": pids, "redis": [redis.pid]}
    if peer == "floor":
        started = [start_listening(procs, "floor", lambda p: [sys.executable, str(BENCH / "floor.py"), "--port", str(p)], SERVER_CORE)
                   for _ in range(n)]
        urls = [f"ws://127.0.0.1:{p}/ws" for p, _ in started]
    else:
        started = [start_listening(procs, "colyseus", lambda p: ["node", str(BENCH / "colyseus_server.js"), "--port", str(p)], SERVER_CORE)
                   for _ in range(n)]
        urls = [f"ws://127.0.0.1:{p}" for p, _ in started]
    pids = [proc.pid for _, proc in started]
    return urls, pids, {"server": pids}


def run_gen(cfg: dict, procs: Procs, name: str, timeout_s: float) -> list[dict]:
    """Run one generator to its end; returns its JSON events."""
    gen = procs.start(name, ["node", str(BENCH / "loadgen.js"), json.dumps(cfg)], GEN_CORE, stdout=subprocess.PIPE)
    events = []
    deadline = time.monotonic() + timeout_s
    try:
        for line in gen.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            events.append(ev)
            if ev.get("event") == "step":
                lat = ev["latency_ms"]
                log(f"    rate {ev['rate']}: {ev['moves_per_s']} moves/s, p99 {lat['p99']} ms, "
                    f"{ev['cpu_us_per_delivery']} us/delivery, gen cpu {ev['gen_cpu_frac']:.2f}")
            elif ev.get("event") == "arena":
                log(f"    arena start: first turn p99 {ev['first_turn_ms']['p99']} ms (max {ev['first_turn_ms']['max']}) over "
                    f"{ev['wave_tables']} tables, wave move p99 {ev['wave_latency_ms']['p99']} ms, "
                    f"{ev['cpu_us_per_delivery']} us/delivery, gen cpu {ev['gen_cpu_frac']:.2f}")
            elif ev.get("event") in ("ready", "fatal", "warn"):
                log(f"    {json.dumps(ev)[:400]}")
            if time.monotonic() > deadline:
                raise TimeoutError("generator over its time")
        gen.wait(max(1, deadline - time.monotonic()))
    finally:
        if gen.poll() is None:
            os.kill(gen.pid, signal.SIGKILL)
            gen.wait()
    return events


def tables_cell(peer: str, cell: str, spec: dict, procs: Procs, tmp: Path, env_pids=None) -> dict:
    urls, pids, roles = env_pids or start_servers(peer, 1, procs, tmp)
    time.sleep(0.3)
    base_rss = sum(rss(p) for p in pids)
    cfg = {k: v for k, v in spec.items()}
    cfg.update(peer=peer, urls=urls, server_pids=pids)
    total = sum(s["warmup_s"] + s["window_s"] for s in spec["steps"])
    events = run_gen(cfg, procs, f"gen-{cell}-{peer}", timeout_s=total + 240)
    steps = [e for e in events if e.get("event") == "step"]
    ready = next((e for e in events if e.get("event") == "ready"), {})
    fatal = next((e for e in events if e.get("event") == "fatal"), None)
    clients = clients_of(spec)
    for s in steps:
        s["rss_per_conn_kib"] = round((s["server_rss"] - base_rss) / clients / 1024, 2)
        s["valid"] = s["gen_cpu_frac"] <= GEN_CPU_LIMIT
    return {"ok": bool(steps) and fatal is None, "steps": steps, "setup_s": ready.get("setup_s"), "clients": clients,
            "base_rss": base_rss,
            "error": fatal["error"][:2000] if fatal else None if steps else f"the generator ended without a step (its log: gen-{cell}-{peer}.log)"}


def arena_lead_ms(players: int) -> int:
    """How long after everyone connected W6's arena starts (ms): time for
    every player's ``arena_join`` before it (a join after the start is an
    error), and more than one pairing interval (``LOBBY_ARENA_PAIR_MS``,
    2 s), so that a pass of the lobby's pairing loop sees the arena before
    its start and wakes at it."""
    return 3000 + 10 * players


def arena_cell(spec: dict, procs: Procs, tmp: Path, env_pids=None) -> dict:
    """W6 on our lobby: ``spec["players"]`` generator clients join one
    arena that starts :func:`arena_lead_ms` after they connected, and play
    for ``spec["seconds"]`` from its start (bench/loadgen.js, arena mode).
    Returns the record: ``ok``, ``arena`` (the generator's measurement:
    first-turn and latency percentiles in ms, CPU µs per delivery, ...),
    ``setup_s``, ``clients``, ``error``."""
    urls, pids, _ = env_pids or start_servers("lobby", 1, procs, tmp)
    cfg = dict(spec, peer="lobby", urls=urls, server_pids=pids, lead_ms=arena_lead_ms(spec["players"]))
    events = run_gen(cfg, procs, "gen-w6-lobby", timeout_s=cfg["lead_ms"] / 1000 + spec["seconds"] + 240)
    got = next((e for e in events if e.get("event") == "arena"), None)
    ready = next((e for e in events if e.get("event") == "ready"), {})
    fatal = next((e for e in events if e.get("event") == "fatal"), None)
    error = None
    if fatal:
        error = fatal["error"][:2000]
    elif got is None:
        error = "the generator ended without its measurement (its log: gen-w6-lobby.log)"
    else:
        got["valid"] = got["gen_cpu_frac"] <= GEN_CPU_LIMIT
        if got["unpaired"]:
            error = f"{got['unpaired']} players never paired"
    return {"ok": error is None, "arena": got, "setup_s": ready.get("setup_s"), "clients": spec["players"] + 1, "error": error}


def idle_cell(peer: str, spec: dict, procs: Procs, tmp: Path) -> dict:
    urls, pids, roles = start_servers(peer, spec["servers"], procs, tmp)
    time.sleep(0.5)
    base = {p: rss(p) for p in pids}
    per_gen = spec["clients"] // spec["generators"]
    gens = []
    for g in range(spec["generators"]):
        cfg = {"mode": "idle", "peer": peer, "urls": urls, "clients": per_gen, "heartbeat_s": spec["heartbeat_s"],
               "room_size": spec["room_size"], "gen_index": g, "local_addresses": [f"127.0.0.{2 + g}"],
               "connect_concurrency": 40}
        gens.append(procs.start(f"gen-w4-{peer}-{g}", ["node", str(BENCH / "loadgen.js"), json.dumps(cfg)], GEN_CORE,
                                stdout=subprocess.PIPE, stdin=subprocess.PIPE))
    connected, failed, errors, t0 = 0, 0, [], time.monotonic()

    def read_event(gen, want: str) -> dict:
        for line in gen.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            if ev.get("event") == want:
                return ev
            if ev.get("event") == "fatal":
                raise RuntimeError(ev["error"][:500])
        raise RuntimeError(f"generator ended before {want}")

    for gen in gens:
        ev = read_event(gen, "connected")
        connected += ev["connected"]
        failed += ev["failed"]
        if ev.get("first_error"):
            errors.append(ev["first_error"])
    connect_s = time.monotonic() - t0
    log(f"    {connected} connected, {failed} failed in {connect_s:.1f}s; holding {spec['settle_s']}s with heartbeats")
    time.sleep(spec["settle_s"])
    after = {p: rss(p) for p in pids}
    reports = []
    for gen in gens:
        gen.stdin.write(b"report\n")
        gen.stdin.flush()
        reports.append(read_event(gen, "report"))
    for gen in gens:
        gen.stdin.write(b"close\n")
        gen.stdin.flush()
    for gen in gens:
        try:
            gen.wait(60)
        except subprocess.TimeoutExpired:
            os.kill(gen.pid, signal.SIGKILL)
    open_n = sum(r["open"] for r in reports)
    server_delta = sum(after[p] - base[p] for p in roles["server"])
    redis_delta = sum(after[p] - base[p] for p in roles.get("redis", []))
    return {
        "ok": connected > 0,
        "target_clients": spec["clients"],
        "connected": connected,
        "failed": failed,
        "open_after_hold": open_n,
        "pongs": sum(r["pongs"] for r in reports),
        "connect_s": round(connect_s, 2),
        "server_procs": spec["servers"],
        "server_rss_delta": server_delta,
        "redis_rss_delta": redis_delta,
        "kib_per_conn_server": round(server_delta / max(1, open_n) / 1024, 2),
        "kib_per_conn": round((server_delta + redis_delta) / max(1, open_n) / 1024, 2),
        "errors": errors[:3],
    }


# -- report --------------------------------------------------------------------


def med(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt(x, nd=1):
    if x is None:
        return "–"
    if isinstance(x, float) and abs(x) >= 100:
        return f"{x:,.0f}"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{nd}f}"


def cellfmt(xs, nd=1):
    xs = [x for x in xs if x is not None]
    if not xs:
        return "–"
    m = med(xs)
    if len(xs) == 1:
        return fmt(m, nd)
    return f"{fmt(m, nd)} ({fmt(min(xs), nd)}–{fmt(max(xs), nd)})"


def w2_best(steps: list[dict]) -> tuple[float, dict | None]:
    """Highest achieved moves/s among steps with p99 <= bound, rate held and a valid generator."""
    best, at = 0.0, None
    for s in steps:
        p99 = s["latency_ms"]["p99"]
        if p99 is not None and p99 <= P99_BOUND_MS and s["moves_per_s"] >= 0.9 * s["rate"] and s["valid"]:
            if s["moves_per_s"] > best:
                best, at = s["moves_per_s"], s
    return best, at


def w5_games(lines: list[str], by: dict, col) -> None:
    """W5 by game: each server's committed moves/s and p99 per game (medians over repeats)."""
    games = [g for g, _, _ in MIX]
    lines += ["W5 by game: committed moves/s, p99 ms (median over repeats)", "",
              "| server | " + " | ".join(GAME_TITLE[g] for g in games) + " |", "|---|" + "---|" * len(games)]
    for peer in PEERS:
        if ("w5", peer) not in by:
            continue
        cells = []
        for g in games:
            per = col("w5", peer, lambda r, g=g: (r["steps"][0].get("by_game") or {}).get(g) if r.get("steps") else None)
            per = [x for x in per if x]
            cells.append(f"{fmt(med([x['moves_per_s'] for x in per]))}, {fmt(med([x['p99'] for x in per]), 2)}" if per else "–")
        lines.append(f"| {PEER_TITLE[peer]} | " + " | ".join(cells) + " |")
    lines.append("")


def w6_rows(lines: list[str], by: dict, col, med_of: dict, sp: dict) -> None:
    """W6's table (ours only), the figures the floor and Colyseus have beside
    it (their W1 rows of the same run, where W1 ran), and the medians
    :func:`summarize`'s targets read (``first_max``, ``over``, ``wave_p99``)."""
    a = lambda f: col("w6", "lobby", lambda r: f(r["arena"]))  # noqa: E731
    lines += [f"### W6 arena start: {sp['players']:,} players joined to one arena of {GAME_TITLE.get(sp['game'], sp['game'])} "
              f"tables of {sp['seats']}, each seat answering its turn {sp['think_ms']} ms after seeing it; "
              f"{fmt(sp['seconds'], 0)} s from the start", "",
              "Times from the arena's start (its `start`, wall clock); a table counts once all its seats saw it. "
              "First turn: every seat has the snapshot of the started game; first delta: every seat has the first move's "
              "delta (the think time is in it). Wave: the first game of every table of the start's pairing.", "",
              "| server | runs | tables at the start | unpaired | paired p99 / max ms | first turn p50 / p99 / max ms | tables later than 1 s | "
              "first delta p99 / max ms | wave move p99 / max ms | move p50 / p99 / max ms (whole window) | moves/s | "
              "server CPU µs/delivery | server CPU | gen CPU | others' CPU | valid |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    pq = lambda key, qs: " / ".join(cellfmt(a(lambda x, q=q: x[key][q]), 0 if key != "latency_ms" and key != "wave_latency_ms" else 2) for q in qs)  # noqa: E731
    runs = by[("w6", "lobby")]
    invalid = any(r.get("arena") and not r["arena"]["valid"] for r in runs)
    noisy = any(r.get("arena") and r["arena"]["other_cpu_frac"] > OTHER_CPU_LIMIT for r in runs)
    row = [PEER_TITLE["lobby"], f"{len(a(lambda x: 1))}/{len(runs)}", cellfmt(a(lambda x: x["wave_tables"]), 0),
           cellfmt(a(lambda x: x["unpaired"]), 0), pq("paired_ms", ("p99", "max")), pq("first_turn_ms", ("p50", "p99", "max")),
           cellfmt(a(lambda x: x["wave_tables_over_1s"]), 0), pq("first_delta_ms", ("p99", "max")),
           pq("wave_latency_ms", ("p99", "max")), pq("latency_ms", ("p50", "p99", "max")), cellfmt(a(lambda x: x["moves_per_s"])),
           cellfmt(a(lambda x: x["cpu_us_per_delivery"])), cellfmt(a(lambda x: 100 * x["server_cpu_frac"]), 0) + " %",
           cellfmt(a(lambda x: 100 * x["gen_cpu_frac"]), 0) + " %", cellfmt(a(lambda x: 100 * x["other_cpu_frac"]), 0) + " %",
           "no (gen > 85 %)" if invalid else "yes, noisy box" if noisy else "yes"]
    lines += ["| " + " | ".join(row) + " |", ""]
    med_of[("w6", "lobby", "first_max")] = med(a(lambda x: x["first_turn_ms"]["max"] if not x["wave_tables_without_first_turn"] else float("inf")))
    med_of[("w6", "lobby", "over")] = med(a(lambda x: x["wave_tables_over_1s"]))
    med_of[("w6", "lobby", "wave_p99")] = med(a(lambda x: x["wave_latency_ms"]["p99"]))
    beside = []
    for peer in PEERS:  # ours too: W1 against W6 shows what the start adds
        p99, cpu = med_of.get(("w1", peer, "p99")), med_of.get(("w1", peer, "cpu"))
        if p99 is not None:
            beside.append(f"{PEER_TITLE[peer]} W1 p99 {fmt(p99, 2)} ms, {fmt(cpu)} µs/delivery")
    lines += ["Beside it: the floor and Colyseus have no arena, so nothing of theirs compares with the times from the start "
              "(pairing, first turn, first delta). The nearest figures of theirs are their W1 rows (Sibala tables of 4 at "
              "~1,000 moves/s, but 10 recipients a move where W6 has 4, so CPU per delivery is lower there for that alone): "
              + ("; ".join(beside) + "." if beside else "W1 did not run with them in this run."), ""]


def summarize(results: list[dict]) -> tuple[str, dict]:
    """Markdown tables and the target verdicts from the per-run records."""
    by = {}
    for r in results:
        by.setdefault((r["cell"], r["peer"]), []).append(r)
    lines: list[str] = []
    med_of: dict = {}

    def col(cell, peer, f):
        return [f(r) for r in by.get((cell, peer), []) if r.get("ok")]

    def invalid(cell, peer):
        return any(not s.get("valid", True) for r in by.get((cell, peer), []) for s in r.get("steps", []))

    def noisy(cell, peer):
        return any(s.get("other_cpu_frac", 0) > OTHER_CPU_LIMIT for r in by.get((cell, peer), []) for s in r.get("steps", []))

    def validity(cell, peer):
        return "no (gen > 85 %)" if invalid(cell, peer) else ("yes, noisy box" if noisy(cell, peer) else "yes")

    def pacer_of(r):
        return r.get("pacer", "lockstep")  # runs from before the pacers were lockstep

    def n_runs(cell, peer):
        return f"{len(col(cell, peer, lambda r: 1))}/{len(by.get((cell, peer), []))}"

    def spec_of(cell):
        return next(r["spec"] for r in results if r["cell"] == cell)

    def rate_of(cell):
        return next((r["steps"][0]["rate"] for r in results if r["cell"] == cell and r.get("steps")), "?")

    def tables_rows(cell, title):
        nonlocal lines
        if not any(k[0] == cell for k in by):
            return
        pacers = sorted({pacer_of(r) for r in results if r["cell"] == cell})
        lines += [f"### {title}, {'/'.join(pacers)} pacer", "",
                  "| server | runs | moves/s | deliveries/s | p50 ms | p90 ms | p99 ms | p99.9 ms | max ms | server CPU µs/delivery | server CPU | KiB/conn | gen CPU | others' CPU | valid |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for peer in PEERS:
            if (cell, peer) not in by:
                continue
            s0 = lambda f: col(cell, peer, lambda r: f(r["steps"][0]))
            row = [PEER_TITLE[peer], n_runs(cell, peer),
                   cellfmt(s0(lambda s: s["moves_per_s"])), cellfmt(s0(lambda s: float(s["deliveries_per_s"])), 0)]
            for q in ("p50", "p90", "p99", "p999", "max"):
                row.append(cellfmt(s0(lambda s, q=q: s["latency_ms"][q]), 2))
            row += [cellfmt(s0(lambda s: s["cpu_us_per_delivery"])), cellfmt(s0(lambda s: 100 * s["server_cpu_frac"]), 0) + " %",
                    cellfmt(s0(lambda s: s["rss_per_conn_kib"])), cellfmt(s0(lambda s: 100 * s["gen_cpu_frac"]), 0) + " %",
                    cellfmt(s0(lambda s: 100 * s.get("other_cpu_frac", 0)), 0) + " %", validity(cell, peer)]
            lines.append("| " + " | ".join(row) + " |")
            med_of[(cell, peer, "p99")] = med(s0(lambda s: s["latency_ms"]["p99"]))
            med_of[(cell, peer, "mps")] = med(s0(lambda s: s["moves_per_s"]))
            med_of[(cell, peer, "cpu")] = med(s0(lambda s: s["cpu_us_per_delivery"]))
            med_of[(cell, peer, "invalid")] = invalid(cell, peer)
        lines.append("")

    def layout(cell):
        sp = spec_of(cell)
        if "mix" in sp:
            games = ", ".join(f"{g['tables']} {GAME_TITLE.get(g['game'], g['game'])} × {g['seats']}" for g in sp["mix"])
            return f"{sp['tables']:,} tables ({games} players) + {sp['spectators']} spectators each = {clients_of(sp):,} clients"
        return f"{sp['tables']:,} table(s) × ({sp['players']} players + {sp['spectators']:,} spectators) = {sp['tables'] * (sp['players'] + sp['spectators']):,} clients"

    if any(k[0] == "w1" for k in by):
        tables_rows("w1", f"W1 realistic: {layout('w1')}, {rate_of('w1')} moves/s offered")
    # W2
    if any(k[0] == "w2" for k in by):
        lines += [f"### W2 saturation: {layout('w2')} at rising rates until p99 > 20 ms, per pacer", "",
                  "| server | pacer | runs | highest moves/s with p99 ≤ 20 ms | its p99 ms | its server CPU µs/delivery | where each repeat stopped | valid |",
                  "|---|---|---|---|---|---|---|---|"]
        for pacer, peer in ((pc, p) for pc in PACERS for p in PEERS):
            runs = [r for r in by.get(("w2", peer), []) if pacer_of(r) == pacer]
            if not runs:
                continue
            bests = [w2_best(r["steps"]) for r in runs if r.get("ok")]
            fails, gen_bound = [], 0
            for r in runs:
                last = r["steps"][-1] if r.get("steps") else None
                if last is None:
                    continue
                if not last["valid"]:
                    gen_bound += 1
                    fails.append(f"{last['rate']}: generator at {100 * last['gen_cpu_frac']:.0f} % (its limit, not the server's)")
                elif last["latency_ms"]["p99"] is None or last["latency_ms"]["p99"] > P99_BOUND_MS or last["moves_per_s"] < 0.9 * last["rate"]:
                    fails.append(f"{last['rate']}: {fmt(last['moves_per_s'])} moves/s, p99 {fmt(last['latency_ms']['p99'], 1)} ms")
            noisy_w2 = any(s.get("other_cpu_frac", 0) > OTHER_CPU_LIMIT for r in runs for s in r.get("steps", []))
            row = [PEER_TITLE[peer], pacer, f"{len(bests)}/{len(runs)}",
                   cellfmt([b[0] for b in bests], 0) + (" (≥: generator-bound)" if gen_bound else ""),
                   cellfmt([b[1]["latency_ms"]["p99"] if b[1] else None for b in bests], 2),
                   cellfmt([b[1]["cpu_us_per_delivery"] if b[1] else None for b in bests]),
                   "; ".join(fails) or "none (ladder top reached)", "yes, noisy box" if noisy_w2 else "yes"]
            lines.append("| " + " | ".join(row) + " |")
            med_of[("w2", peer, f"best-{pacer}")] = med([b[0] for b in bests])
        lines.append("")
    if any(k[0] == "w3" for k in by):
        tables_rows("w3", f"W3 big table: {layout('w3')}, {rate_of('w3')} move(s)/s")
    # W4
    if any(k[0] == "w4" for k in by):
        sp = spec_of("w4")
        lines += [f"### W4 connections: {sp['clients']:,} idle signed-in clients offered, heartbeat every {sp['heartbeat_s']} s", "",
                  "| server | runs | processes | connected | open after hold | KiB/conn (server + Redis) | KiB/conn (server only) | connect s | heartbeat replies |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for peer in PEERS:
            if ("w4", peer) not in by:
                continue
            c = lambda f: col("w4", peer, f)
            row = [PEER_TITLE[peer], n_runs("w4", peer), cellfmt(c(lambda r: r["server_procs"]), 0),
                   cellfmt(c(lambda r: r["connected"]), 0), cellfmt(c(lambda r: r["open_after_hold"]), 0),
                   cellfmt(c(lambda r: r["kib_per_conn"])), cellfmt(c(lambda r: r["kib_per_conn_server"])),
                   cellfmt(c(lambda r: r["connect_s"])), cellfmt(c(lambda r: r["pongs"]), 0)]
            lines.append("| " + " | ".join(row) + " |")
            med_of[("w4", peer, "conn")] = med(c(lambda r: r["open_after_hold"]))
            med_of[("w4", peer, "kib")] = med(c(lambda r: r["kib_per_conn"]))
        lines.append("")

    if any(k[0] == "w5" for k in by):
        tables_rows("w5", f"W5 mixed: {layout('w5')}, {rate_of('w5')} moves/s offered")
        w5_games(lines, by, col)
    if ("w6", "lobby") in by:
        w6_rows(lines, by, col, med_of, spec_of("w6"))
    # ratios
    def ratio(a, b):
        return None if a is None or b in (None, 0) else a / b

    rat = []
    for key, label in ((("w1", "p99"), "W1 p99"), (("w1", "cpu"), "W1 CPU/delivery"),
                       (("w2", "best-lockstep"), "W2 max moves/s, lockstep pacer"), (("w2", "best-random"), "W2 max moves/s, random pacer"),
                       (("w3", "p99"), "W3 p99"), (("w3", "cpu"), "W3 CPU/delivery"), (("w4", "kib"), "W4 KiB/conn"),
                       (("w5", "p99"), "W5 p99"), (("w5", "cpu"), "W5 CPU/delivery")):
        ours = med_of.get((key[0], "lobby", key[1]))
        if ours is None:
            continue
        rf, rc = ratio(ours, med_of.get((key[0], "floor", key[1]))), ratio(ours, med_of.get((key[0], "colyseus", key[1])))
        rat.append(f"| {label} | {fmt(ours, 2)} | {'–' if rf is None else f'{rf:.2f}×'} | {'–' if rc is None else f'{rc:.2f}×'} |")
    if rat:
        lines += ["### Ratios (medians)", "", "| metric | ours | ours / floor | ours / Colyseus |", "|---|---|---|---|", *rat, ""]

    # targets
    verdicts = []

    def target(name, ok, detail):
        verdicts.append({"target": name, "pass": ok, "detail": detail})

    g = lambda *k: med_of.get(k)
    if g("w1", "lobby", "p99") is not None and g("w1", "colyseus", "p99") is not None:
        a, b = g("w1", "lobby", "p99"), g("w1", "colyseus", "p99")
        target("W1 p99 ≤ 1.0 × Colyseus p99", a <= b, f"{fmt(a, 2)} ms vs {fmt(b, 2)} ms")
    if g("w1", "lobby", "cpu") is not None and g("w1", "floor", "cpu") is not None:
        a, b = g("w1", "lobby", "cpu"), g("w1", "floor", "cpu")
        target("W1 server CPU/delivery ≤ 2 × floor", a <= 2 * b, f"{fmt(a)} µs vs 2 × {fmt(b)} µs")
    for pacer in PACERS:
        a, b, share = g("w2", "lobby", f"best-{pacer}"), g("w2", "colyseus", f"best-{pacer}"), W2_SHARE[pacer]
        if a is not None and b is not None:
            target(f"W2 {pacer} pacer: highest moves/s at p99 ≤ 20 ms ≥ {share} × Colyseus's", a >= share * b,
                   f"{fmt(a, 0)} vs {share} × {fmt(b, 0)} moves/s")
    if g("w3", "lobby", "p99") is not None and g("w3", "floor", "p99") is not None:
        a, b = g("w3", "lobby", "p99"), g("w3", "floor", "p99")
        target("W3 p99 ≤ 1.5 × floor p99", a <= 1.5 * b, f"{fmt(a, 2)} ms vs 1.5 × {fmt(b, 2)} ms")
    if g("w4", "lobby", "conn") is not None:
        a = g("w4", "lobby", "conn")
        target("W4 ≥ 32,000 connected clients", a >= 32000, f"{fmt(int(a), 0)} held")
        k = g("w4", "lobby", "kib")
        target("W4 ≤ 20 KiB server memory per connection", k is not None and k <= 20, f"{fmt(k, 2)} KiB (lobby processes + Redis)")
    if g("w5", "lobby", "p99") is not None:
        a, rate, mps = g("w5", "lobby", "p99"), rate_of("w5"), g("w5", "lobby", "mps")
        target(f"W5 p99 ≤ 20 ms at {rate} moves/s", a <= P99_BOUND_MS and mps >= 0.9 * rate,
               f"{fmt(a, 2)} ms at {fmt(mps)} moves/s committed")
    if g("w5", "lobby", "cpu") is not None and g("w5", "floor", "cpu") is not None:
        a, b = g("w5", "lobby", "cpu"), g("w5", "floor", "cpu")
        target("W5 server CPU/delivery ≤ 3 × floor", a <= 3 * b, f"{fmt(a)} µs vs 3 × {fmt(b)} µs")
    if g("w6", "lobby", "first_max") is not None:
        a, over = g("w6", "lobby", "first_max"), g("w6", "lobby", "over")
        target(f"W6 every table's first turn within {W6_FIRST_TURN_MS / 1000:g} s of the arena's start", over == 0 and a <= W6_FIRST_TURN_MS,
               f"max {fmt(a, 0)} ms, {fmt(int(over), 0)} table(s) later or never (median over repeats)")
    if g("w6", "lobby", "wave_p99") is not None:
        a = g("w6", "lobby", "wave_p99")
        target(f"W6 move p99 ≤ {W6_WAVE_P99_MS:g} ms during the start wave", a <= W6_WAVE_P99_MS, f"{fmt(a, 2)} ms")
    if verdicts:
        lines += ["### Targets", "", "| target | result | measured |", "|---|---|---|"]
        lines += [f"| {v['target']} | {'PASS' if v['pass'] else 'FAIL'} | {v['detail']} |" for v in verdicts]
        lines.append("")
    return "\n".join(lines), {"targets": verdicts}


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30

    def ver(argv):
        try:
            return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout.strip().splitlines()[0]
        except Exception:
            return "?"

    try:
        coly = json.loads((BENCH / "node_modules/@colyseus/core/package.json").read_text())["version"]
    except OSError:
        coly = "?"
    import websockets  # noqa: PLC0415

    return (f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB, Linux {platform.release()}; Python {platform.python_version()} "
            f"(websockets {websockets.__version__}, uvloop), Node {ver(['node', '-v'])}, {ver(['redis-server', '--version']).split(' sha')[0]}, "
            f"@colyseus/core {coly}")


DOC_START = "<!-- results:start -->"
DOC_END = "<!-- results:end -->"


def write_docs(path: Path, body: str) -> None:
    text = path.read_text() if path.exists() else f"# Benchmarks\n\n{DOC_START}\n{DOC_END}\n"
    if DOC_START not in text:
        text += f"\n{DOC_START}\n{DOC_END}\n"
    head, rest = text.split(DOC_START, 1)
    tail = rest.split(DOC_END, 1)[1] if DOC_END in rest else ""
    path.write_text(f"{head}{DOC_START}\n{body}\n{DOC_END}{tail}")


# -- main ------------------------------------------------------------------------


def ensure_node_modules() -> None:
    if (BENCH / "node_modules" / "@colyseus" / "core").is_dir() and (BENCH / "node_modules" / "ws").is_dir():
        return
    log("installing bench/node_modules (npm ci)")
    cmd = ["npm", "ci" if (BENCH / "package-lock.json").exists() else "install", "--no-audit", "--no-fund", "--loglevel=error"]
    subprocess.run(cmd, cwd=BENCH, check=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--smoke", action="store_true", help="tiny cells, one repeat, < 60 s")
    ap.add_argument("--cells", default="w1,w2,w3,w4,w5,w6")
    ap.add_argument("--peers", default=",".join(PEERS))
    ap.add_argument("--repeats", type=int, default=None)
    ap.add_argument("--pacer", choices=PACERS, default="lockstep",
                    help="how moves are spread over the tables in W1, W3, W5 (W2 runs every pacer)")
    ap.add_argument("--scale", type=float, default=1.0, help="run the cells at this fraction of their tables, rates and clients")
    ap.add_argument("--players", type=int, default=None, help="W6: players joined to the arena (default 400; smoke 8)")
    ap.add_argument("--seconds", type=float, default=None, help="W6: seconds measured from the arena's start (default 60; smoke 2)")
    ap.add_argument("--think-ms", type=int, default=None, help="W6: how long a seat takes to answer its turn (ms, default 100)")
    ap.add_argument("--out", default=None, help="JSON lines file (default bench/results/run-<stamp>.jsonl)")
    ap.add_argument("--docs", default=None, help="write the table into this Markdown file's results section")
    ap.add_argument("--report", default=None, metavar="JSONL", help="only print (and --docs write) the table of an earlier run")
    args = ap.parse_args(argv)
    if args.report:
        recs = [json.loads(line) for line in open(args.report) if line.strip()]
        summary = next((r for r in recs if "summary" in r), {})
        table, _ = summarize([r for r in recs if "cell" in r])
        header = (f"Run {summary.get('when', '?')} on {summary.get('machine', '?')}. Servers pinned to core {SERVER_CORE}, "
                  f"generator to core {GEN_CORE}; median (min–max) over repeats; {summary.get('elapsed_s', 0) / 60:.1f} min; "
                  f"raw results: `bench/results/{Path(args.report).name}`.\n")
        print(header)
        print(table)
        if args.docs:
            write_docs(Path(args.docs), header + "\n" + table)
        return 0
    specs = {cell: dict(scaled(spec, args.scale)) for cell, spec in (SMOKE if args.smoke else FULL).items()}
    for key, value in (("players", args.players), ("seconds", args.seconds), ("think_ms", args.think_ms)):
        if value is not None:
            specs["w6"][key] = value
    repeats = args.repeats or (1 if args.smoke else 3)
    if args.smoke:
        # it checks that the benchmark works, beside other work (the test
        # suite's other workers): no real-time priority over that work
        NICE.clear()
    cells = [c for c in args.cells.split(",") if c]
    peers = [p for p in args.peers.split(",") if p]
    fresh = not args.smoke  # the smoke run keeps one server per peer for W1-W3 and W5
    try:
        os.sched_setaffinity(0, {int(GEN_CORE)})
    except (OSError, AttributeError):
        pass
    ensure_node_modules()
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    resdir = BENCH / "results"
    resdir.mkdir(exist_ok=True)
    out_path = Path(args.out) if args.out else resdir / f"run-{stamp}{'-smoke' if args.smoke else ''}.jsonl"
    logdir = resdir / f"logs-{stamp}"
    logdir.mkdir()
    started = time.monotonic()
    when = dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    results: list[dict] = []
    all_ok = True
    with tempfile.TemporaryDirectory(prefix="bench-") as tmpname, open(out_path, "w") as out:
        tmp = Path(tmpname)

        def record(rec: dict) -> None:
            nonlocal all_ok
            results.append(rec)
            out.write(json.dumps(rec) + "\n")
            out.flush()
            if not rec.get("ok"):
                all_ok = False
                log(f"  FAILED {rec['cell']} {rec['peer']}: {rec.get('error')}")

        for rep in range(repeats):
            shared: dict[str, tuple] = {}
            shared_procs: dict[str, Procs] = {}

            def shared_servers(peer: str) -> tuple:
                """The smoke run's one server of ``peer``, started at its first use."""
                if peer not in shared:
                    shared_procs[peer] = Procs(logdir)
                    shared[peer] = start_servers(peer, 1, shared_procs[peer], tmp)
                return shared[peer]
            try:
                for cell, peer, pacer in ((c, p, pc) for c in cells for p in peers if p in CELL_PEERS.get(c, PEERS)
                                          for pc in (PACERS if c == "w2" else (args.pacer,))):
                        plain = cell in ("w4", "w6")  # no pacer
                        log(f"repeat {rep + 1}/{repeats} {cell} {peer}" + ("" if plain else f" ({pacer} pacer)"))
                        procs = Procs(logdir)
                        spec = specs[cell] if plain else dict(specs[cell], pacer=pacer)
                        name = f"{cell}-{pacer}" if cell == "w2" else cell
                        rec = {"repeat": rep + 1, "cell": cell, "peer": peer, "spec": {k: v for k, v in spec.items() if k != "steps"}}
                        if not plain:
                            rec["pacer"] = pacer
                        t0 = time.monotonic()
                        try:
                            if cell == "w4":
                                rec.update(idle_cell(peer, spec, procs, tmp))
                            elif cell == "w6":
                                rec.update(arena_cell(spec, procs, tmp, None if fresh else shared_servers(peer)))
                            elif fresh:
                                rec.update(tables_cell(peer, name, spec, procs, tmp))
                            else:
                                rec.update(tables_cell(peer, name, spec, procs, tmp, shared_servers(peer)))
                        except Exception as exc:  # record and go on with the next cell
                            rec.update(ok=False, error=f"{type(exc).__name__}: {exc}")
                        finally:
                            procs.stop()
                        rec["elapsed_s"] = round(time.monotonic() - t0, 1)
                        record(rec)
            finally:
                for p in shared_procs.values():
                    p.stop()
        table, verdict = summarize(results)
        elapsed = time.monotonic() - started
        header = (f"Run {when} on {machine()}. Servers pinned to core {SERVER_CORE}, generator to core {GEN_CORE}; "
                  f"{repeats} repeat(s){' (smoke)' if args.smoke else ''}; median (min–max); {elapsed / 60:.1f} min; "
                  f"raw results: `bench/results/{out_path.name}`.\n")
        out.write(json.dumps({"summary": verdict, "elapsed_s": round(elapsed, 1), "machine": machine(), "when": when}) + "\n")
    print(header)
    print(table)
    if args.docs:
        write_docs(Path(args.docs), header + "\n" + table)
        log(f"wrote {args.docs}")
    log(f"done in {elapsed:.0f}s; results in {out_path}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
