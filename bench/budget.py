"""The move budget: µs per stage of a move, per game, from a real lobby and Redis.

    .venv/bin/python bench/budget.py                      # every game, ~1 min
    .venv/bin/python bench/budget.py --games stud,sibala --seconds 20 --tables 3
    .venv/bin/python bench/budget.py --json               # the table, then the JSON
    .venv/bin/python bench/budget.py --json budget.json   # the table; the JSON to a file

One process holds a private ``redis-server`` (127.0.0.1, free port, a temp
dir, append-only ``everysec``, as ``bench/run.py``) and one real lobby:
``uvicorn.Server`` around ``lobby.app.create_app`` on 127.0.0.1 with
``websockets-sansio``, no compression, rate limits raised as in ``bench/run.py``.
Before the app exists, the functions a move goes through are wrapped
(module attributes and methods replaced at start-up; nothing in ``lobby/``
changes): each wrapper adds its ``time.perf_counter_ns`` span to the frame
being handled (a context variable set by ``Session.handle_frame``'s wrapper).
A name that is missing or no longer what the lobby calls stops the run
before anything starts; a stage that recorded nothing in a game's window
stops it after (a wrapper that wraps nothing is a defect, not a zero).

The clients run in a child process (``--client``, :mod:`lobby.client`
connections over loopback websockets), so their CPU is not the lobby's.
Per game, ``--tables`` tables at the game's usual size (``bench/run.py``'s
W5 mix: stud at the ``beginner`` tier, with coins), every seat a client and
4 spectators each.  Each table has one command in flight at a time, one
every ``--interval`` s: the seat to act plays its engine's ``bot_move``
on its own view; after a game every seat presses ``ready``.  After
``--warmup`` s the window of ``--seconds`` s is measured: every frame that
began in it counts, with the process CPU and Redis's CPU over it.

The games run one after the other with fresh clients; the whole run is
about a minute by default.  Three tables are printed: moves, ready frames,
and game ends (a game's last move to the next game's start commit, per
table: CPU, commits, deltas).  See docs/benchmarks.md, "Move budget", for
what each column measures.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import datetime as dt
import hashlib
import json
import math
import os
import platform
import random
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))

from run import GAME_TITLE, LOBBY_ENV, MIX  # noqa: E402  (bench/run.py: W5's games and the lobby's settings)

SPECTATORS = 4
_ns = time.perf_counter_ns
_cpu = time.thread_time_ns

# -- stages ---------------------------------------------------------------------

#: (key, what it wraps); the order of the JSON and of the frame counters
STAGES = (
    ("decode", "lobby.session.decode (protocol.decode)"),
    ("parse", "lobby.session.parse (protocol.parse)"),
    ("base", "lobby.rooms.Rooms._base (hit: a doc in memory)"),
    ("load", "lobby.store.Store.load_room (miss; wall)"),
    ("transition", "lobby.tables.move / lobby.tables.ready"),
    ("apply", "engines.REGISTRY[game].apply"),
    ("pack", "lobby.store.pack (the doc, the log record)"),
    ("commit", "lobby.store.Store.commit (submit to reply; wall)"),
    ("commit_cpu", "lobby.store.Store.commit (thread CPU from submit to reply: pack, Batcher, redis-py, and whatever else ran)"),
    ("deliver", "lobby.fanout.Fanout._project (inclusive: a version sent to the table's viewers, at the end of the loop turn)"),
    ("views", "lobby.tables.views"),
    ("patches", "lobby.fanout.diff"),
    ("encode", "lobby.fanout.encode"),
    ("send", "lobby.session.Conn.send inside Fanout._project (deliveries)"),
    ("reply", "lobby.session.encode + Conn.send outside Fanout._project (ok/error to the sender)"),
)
S = {key: i for i, (key, _) in enumerate(STAGES)}
#: stages whose spans are time on the lobby's CPU (the rest are awaited, or inclusive of others)
CPU_STAGES = ("decode", "parse", "base", "transition", "pack", "deliver", "reply")


class Frame:
    """What one client frame cost: ns and calls per stage, commits; its
    table, and the games it ended (``ends``) and started (``starts``)."""

    __slots__ = ("t0", "kind", "table", "ns", "n", "wall", "cpu", "ok", "lost", "hits", "misses", "ends", "starts")

    def __init__(self, kind: str | None = None) -> None:
        self.t0 = _ns()
        self.kind = kind
        self.table: str | None = None
        self.ends = self.starts = 0
        self.ns = [0] * len(STAGES)
        self.n = [0] * len(STAGES)
        self.wall = self.cpu = 0
        self.ok = self.lost = self.hits = self.misses = 0


_CUR: contextvars.ContextVar[Frame | None] = contextvars.ContextVar("budget_frame", default=None)
#: stage calls outside any client frame (timers, pub/sub, lifespan)
BACKGROUND = Frame("background")
FRAMES: list[Frame] = []
#: (start ns, command names, wall ns, thread CPU ns) of every pipeline Batcher._execute sent
PIPES: list[tuple[int, list[str], int, int]] = []
_in_deliver = [0]


def _frame() -> Frame:
    return _CUR.get() or BACKGROUND


def _timed(stage: int, fn: Callable) -> Callable:
    """``fn`` with its span added to the current frame's ``stage``."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        t = _ns()
        try:
            return fn(*args, **kwargs)
        finally:
            f = _CUR.get() or BACKGROUND
            f.ns[stage] += _ns() - t
            f.n[stage] += 1

    wrapped.__wrapped__ = fn
    wrapped.__budget__ = True
    return wrapped


def _counted(slot: str, fn: Callable) -> Callable:
    """``fn`` adding one to the current frame's counter ``slot`` per call."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        f = _frame()
        setattr(f, slot, getattr(f, slot) + 1)
        return fn(*args, **kwargs)

    wrapped.__wrapped__ = fn
    wrapped.__budget__ = True
    return wrapped


def _need(owner: Any, name: str, expect: Any = None) -> Any:
    """``owner.name``, which must exist, be callable, not be wrapped yet and
    (with ``expect``) be that very object; else the run stops here."""
    where = f"{getattr(owner, '__name__', owner)}.{name}"
    fn = getattr(owner, name, None)
    if fn is None or not callable(fn):
        raise SystemExit(f"budget: {where} is gone: the lobby's code changed; update bench/budget.py")
    if getattr(fn, "__budget__", False):
        raise SystemExit(f"budget: {where} is wrapped twice")
    if expect is not None and fn is not expect:
        raise SystemExit(f"budget: {where} is no longer {expect.__module__}.{expect.__name__}: the lobby's code changed")
    return fn


def instrument() -> list[str]:
    """Wrap every stage; returns what was wrapped.  Must run before the app is made."""
    import engines
    import lobby.session as session
    import lobby.diff as diff
    import lobby.fanout as fanout
    import lobby.protocol as protocol
    import lobby.rooms as rooms
    import lobby.store as store
    import lobby.tables as tables

    wrapped = []

    def put(owner: Any, name: str, new: Callable) -> None:
        setattr(owner, name, new)
        wrapped.append(f"{getattr(owner, '__name__', type(owner).__name__)}.{name}")

    # the session's read loop calls self.handle_frame: one Frame per client frame
    handle_frame = _need(session.Session, "handle_frame")

    async def handle_frame_w(self: Any, data: Any) -> None:
        f = Frame()
        token = _CUR.set(f)
        c = _cpu()
        try:
            await handle_frame(self, data)
        finally:
            f.cpu = _cpu() - c
            f.wall = _ns() - f.t0
            _CUR.reset(token)
            FRAMES.append(f)

    put(session.Session, "handle_frame", handle_frame_w)
    put(session, "decode", _timed(S["decode"], _need(session, "decode", protocol.decode)))
    parse = _timed(S["parse"], _need(session, "parse", protocol.parse))

    def parse_w(raw: Any) -> Any:
        msg = parse(raw)
        f = _frame()
        f.kind = msg.type
        f.table = msg.get("table")
        return msg

    put(session, "parse", parse_w)
    put(session, "encode", _timed(S["reply"], _need(session, "encode", protocol.encode)))

    base = _need(rooms.Rooms, "_base")

    def base_w(self: Any, table_id: str) -> Any:
        t = _ns()
        out = base(self, table_id)
        f = _frame()
        f.ns[S["base"]] += _ns() - t
        f.n[S["base"]] += 1
        if out is None:
            f.misses += 1
        else:
            f.hits += 1
        return out

    put(rooms.Rooms, "_base", base_w)
    load_room = _need(store.Store, "load_room")

    async def load_room_w(self: Any, room_id: str) -> Any:
        t = _ns()
        try:
            return await load_room(self, room_id)
        finally:
            f = _frame()
            f.ns[S["load"]] += _ns() - t
            f.n[S["load"]] += 1

    put(store.Store, "load_room", load_room_w)
    commit = _need(store.Store, "commit")

    async def commit_w(self: Any, *args: Any, **kwargs: Any) -> Any:
        t, c = _ns(), _cpu()
        out = None
        try:
            out = await commit(self, *args, **kwargs)
            return out
        finally:
            f = _frame()
            f.ns[S["commit"]] += _ns() - t
            f.n[S["commit"]] += 1
            f.ns[S["commit_cpu"]] += _cpu() - c
            f.n[S["commit_cpu"]] += 1
            if out is not None and out[0] is not None:
                f.ok += 1
            else:
                f.lost += 1

    put(store.Store, "commit", commit_w)
    execute = _need(store.Batcher, "_execute")

    async def execute_w(self: Any, commands: list, *args: Any, **kwargs: Any) -> Any:
        t, c = _ns(), _cpu()
        try:
            return await execute(self, commands, *args, **kwargs)
        finally:
            PIPES.append((t, [str(cmd[0]) for cmd in commands], _ns() - t, _cpu() - c))

    put(store.Batcher, "_execute", execute_w)
    put(store, "pack", _timed(S["pack"], _need(store, "pack")))
    put(tables, "move", _timed(S["transition"], _need(tables, "move")))
    put(tables, "ready", _timed(S["transition"], _need(tables, "ready")))
    put(tables, "views", _timed(S["views"], _need(tables, "views")))
    # a game's end and the next one's start, counted on the frame that made them
    for module, name, slot in ((tables.play, "_game_over", "ends"), (tables.seating, "_start", "starts")):
        put(module, name, _counted(slot, _need(module, name)))
    for game_id, engine in engines.REGISTRY.items():
        if type(engine).__dict__.get("apply") is None:
            raise SystemExit(f"budget: the {game_id} engine has no apply of its own: the engines changed")
        apply = _need(engine, "apply")
        engine.apply = _timed(S["apply"], apply)  # an instance attribute: tables.move calls engine.apply
        wrapped.append(f"engines.REGISTRY[{game_id!r}].apply")
    put(fanout, "diff", _timed(S["patches"], _need(fanout, "diff", diff.diff)))
    put(fanout, "encode", _timed(S["encode"], _need(fanout, "encode", protocol.encode)))
    deliver = _timed(S["deliver"], _need(fanout.Fanout, "_project"))

    def deliver_w(self: Any, *args: Any, **kwargs: Any) -> Any:
        _in_deliver[0] += 1
        try:
            return deliver(self, *args, **kwargs)
        finally:
            _in_deliver[0] -= 1

    put(fanout.Fanout, "_project", deliver_w)
    send = _need(session.Conn, "send")
    send_i, reply_i = S["send"], S["reply"]

    def send_w(self: Any, *args: Any, **kwargs: Any) -> Any:
        t = _ns()
        try:
            return send(self, *args, **kwargs)
        finally:
            f = _CUR.get() or BACKGROUND
            i = send_i if _in_deliver[0] else reply_i
            f.ns[i] += _ns() - t
            f.n[i] += 1

    put(session.Conn, "send", send_w)
    return wrapped


def probe_cost_ns() -> float:
    """CPU ns one stage wrapper adds to a call (a no-op's, measured here)."""
    f = Frame()
    token = _CUR.set(f)
    try:
        bare = lambda x: x  # noqa: E731
        probed = _timed(0, bare)
        n = 100_000
        t = time.process_time_ns()
        for i in range(n):
            bare(i)
        t_bare = time.process_time_ns() - t
        t = time.process_time_ns()
        for i in range(n):
            probed(i)
        return max(0.0, (time.process_time_ns() - t - t_bare) / n)
    finally:
        _CUR.reset(token)


# -- statistics ---------------------------------------------------------------


def pct(xs: list[float], q: float) -> float | None:
    """Nearest-rank percentile of ``xs`` (q in 0..1)."""
    if not xs:
        return None
    ys = sorted(xs)
    return ys[min(len(ys) - 1, max(0, math.ceil(q * len(ys)) - 1))]


def summary(xs: list[float]) -> dict[str, float | None]:
    return {"mean": sum(xs) / len(xs) if xs else None, "p50": pct(xs, 0.5), "p99": pct(xs, 0.99)}


def frame_stats(frames: list[Frame]) -> dict[str, Any]:
    """µs per frame of every stage (mean, p50, p99 over ``frames``) and calls per frame."""
    out: dict[str, Any] = {"frames": len(frames), "stages": {}}
    for key, what in STAGES:
        i = S[key]
        us = [f.ns[i] / 1000 for f in frames]
        calls = sum(f.n[i] for f in frames)
        out["stages"][key] = {**summary(us), "calls_per_frame": calls / len(frames) if frames else None,
                              "us_per_call": sum(us) / calls if calls else None, "wraps": what}
    cpu = [sum(f.ns[S[k]] for k in CPU_STAGES) / 1000 for f in frames]
    out["stages_cpu"] = summary(cpu)
    out["wall"] = summary([f.wall / 1000 for f in frames])
    out["cpu"] = summary([f.cpu / 1000 for f in frames])
    n = len(frames) or 1
    out["commits_per_frame"] = sum(f.ok for f in frames) / n
    out["lost_commits"] = sum(f.lost for f in frames)
    out["base_hits"] = sum(f.hits for f in frames)
    out["base_misses"] = sum(f.misses for f in frames)
    out["deliveries_per_frame"] = sum(f.n[S["send"]] for f in frames) / n
    out["probe_calls_per_frame"] = (sum(sum(f.n) for f in frames) + len(frames)) / n
    return out


# -- the lobby side ------------------------------------------------------------


async def redis_stats(client: Any) -> dict[str, float]:
    """Redis's own CPU (s, getrusage: µs resolution) and its EVALSHA counters."""
    cpu = await client.info("cpu")
    cmd = (await client.info("commandstats")).get("cmdstat_evalsha", {})
    return {"cpu_s": float(cpu["used_cpu_user"]) + float(cpu["used_cpu_sys"]),
            "evalsha_calls": int(cmd.get("calls", 0)), "evalsha_usec": int(cmd.get("usec", 0))}


class Mark:
    """The counters at one instant of a window."""

    def __init__(self, redis: dict[str, float]) -> None:
        self.t = _ns()
        self.cpu_ns = time.process_time_ns()
        self.redis = redis
        self.bg = (list(BACKGROUND.ns), list(BACKGROUND.n))


async def read_event(proc: asyncio.subprocess.Process, want: str, timeout_s: float) -> dict[str, Any]:
    """The client's next JSON event ``want`` (a ``fatal`` one stops the run)."""
    async def loop() -> dict[str, Any]:
        while True:
            line = await proc.stdout.readline()
            if not line:
                raise SystemExit(f"budget: the client process ended (exit {await proc.wait()}) before {want!r}")
            ev = json.loads(line)
            if ev.get("event") == "fatal":
                raise SystemExit(f"budget: client failed: {ev.get('error')}")
            if ev.get("event") == want:
                return ev

    return await asyncio.wait_for(loop(), timeout_s)


async def play_game(game: str, seats: int, options: dict, url: str, rclient: Any, args: argparse.Namespace,
                    idle: dict[str, float]) -> dict[str, Any]:
    cfg = {"url": url, "game": game, "seats": seats, "options": options, "tables": args.tables,
           "spectators": SPECTATORS, "interval": args.interval, "seed": args.seed}
    proc = await asyncio.create_subprocess_exec(sys.executable, str(Path(__file__).resolve()), "--client", json.dumps(cfg),
                                                cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    try:
        await read_event(proc, "ready", 60)
        await asyncio.sleep(args.warmup)
        start = Mark(await redis_stats(rclient))
        await asyncio.sleep(args.seconds)
        end = Mark(await redis_stats(rclient))
        proc.stdin.close()
        done = await read_event(proc, "done", 30)
        await asyncio.wait_for(proc.wait(), 10)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    await asyncio.sleep(0.3)  # the clients' disconnects settle before the next game
    return analyse(game, seats, start, end, done, idle)


def analyse(game: str, seats: int, start: Mark, end: Mark, client: dict, idle: dict[str, float]) -> dict[str, Any]:
    frames = [f for f in FRAMES if start.t <= f.t0 < end.t]
    moves = [f for f in frames if f.kind == "move" and f.ok]
    readies = [f for f in frames if f.kind == "ready" and f.ok]
    pipes = [p for p in PIPES if start.t <= p[0] < end.t]
    window_s = (end.t - start.t) / 1e9
    cpu_us = (end.cpu_ns - start.cpu_ns) / 1000
    lobby_us = cpu_us - idle["lobby_us_per_s"] * window_s
    frames_us = sum(f.cpu for f in frames) / 1000
    redis_us = (end.redis["cpu_s"] - start.redis["cpu_s"]) * 1e6
    evalsha = end.redis["evalsha_calls"] - start.redis["evalsha_calls"]
    n = len(moves)
    check(game, moves, pipes)
    commands = Counter(name for p in pipes for name in p[1])
    return {
        "game": game, "seats": seats, "spectators": SPECTATORS, "window_s": window_s,
        "moves": n, "moves_per_s": n / window_s, "readies": len(readies),
        "refused_moves": len([f for f in frames if f.kind == "move" and not f.ok]),
        "frames_by_kind": dict(Counter(f.kind for f in frames)),
        "move": frame_stats(moves), "ready": frame_stats(readies), "game_end": game_end_stats(frames),
        "pipelines": {"count": len(pipes), "per_move": len(pipes) / n, "commands_per_pipeline": sum(len(p[1]) for p in pipes) / len(pipes),
                      "commands": dict(commands.most_common()), "wall_us": summary([p[2] / 1000 for p in pipes]),
                      "thread_cpu_us": summary([p[3] / 1000 for p in pipes])},
        "cpu": {"process_us_per_move": cpu_us / n, "idle_us_per_s": idle["lobby_us_per_s"],
                "process_less_idle_us_per_move": lobby_us / n, "share_of_core": cpu_us / 1e6 / window_s,
                # all frames of the window (moves, readies), then the rest: websocket reads, the loop, pub/sub
                "in_frames_us_per_move": frames_us / n, "outside_frames_us_per_move": (lobby_us - frames_us) / n,
                # frames in progress at once, on average: well above 0.1, a frame's thread CPU holds others' work too
                "frame_overlap": sum(f.wall for f in frames) / (end.t - start.t)},
        "redis": {"cpu_us_per_move": redis_us / n, "idle_us_per_s": idle["redis_us_per_s"],
                  "cpu_less_idle_us_per_move": (redis_us - idle["redis_us_per_s"] * window_s) / n,
                  "evalsha_per_move": evalsha / n,
                  "evalsha_us_per_call": (end.redis["evalsha_usec"] - start.redis["evalsha_usec"]) / evalsha if evalsha else None},
        "background": {key: {"calls": end.bg[1][S[key]] - start.bg[1][S[key]], "us": (end.bg[0][S[key]] - start.bg[0][S[key]]) / 1000}
                       for key, _ in STAGES},
        "client": client,
    }


def game_ends(frames: list[Frame]) -> list[list[Frame]]:
    """Each whole game end among ``frames``, per table: the move frame that
    ended a game (its commit, settlement, ratings: all awaited in that frame),
    then the table's ``ready`` frames up to the one that started the next
    game (its start commit).  A span cut by the window's edges is left out."""
    by_table: dict[str | None, list[Frame]] = {}
    for f in sorted(frames, key=lambda f: f.t0):
        by_table.setdefault(f.table, []).append(f)
    spans = []
    for fs in by_table.values():
        cur: list[Frame] | None = None
        for f in fs:
            if f.kind == "move" and f.ends:
                cur = [f]
            elif cur is not None and f.kind == "ready":
                cur.append(f)
            if cur is not None and f.starts:
                spans.append(cur)
                cur = None
    return spans


def game_end_stats(frames: list[Frame]) -> dict[str, Any]:
    """What a game end costs (µs, per game end: mean, p50, p99): the last
    move's frame CPU, the ready frames' CPU, both; the commits, deltas (table
    broadcasts: ``Fanout.deliver`` calls) and deliveries (frames sent) of the span."""
    spans = game_ends(frames)
    per = lambda fn: summary([fn(sp) for sp in spans])  # noqa: E731
    return {"count": len(spans),
            "last_move_cpu": per(lambda sp: sp[0].cpu / 1000),
            "readies_cpu": per(lambda sp: sum(f.cpu for f in sp[1:]) / 1000),
            "cpu": per(lambda sp: sum(f.cpu for f in sp) / 1000),
            "stages_cpu": per(lambda sp: sum(f.ns[S[k]] for f in sp for k in CPU_STAGES) / 1000),
            "commit_wall": per(lambda sp: sum(f.ns[S["commit"]] for f in sp) / 1000),
            "readies": per(lambda sp: len(sp) - 1),
            "commits": per(lambda sp: sum(f.ok for f in sp)),
            "deltas": per(lambda sp: sum(f.n[S["deliver"]] for f in sp)),
            "deliveries": per(lambda sp: sum(f.n[S["send"]] for f in sp))}


def check(game: str, moves: list[Frame], pipes: list) -> None:
    """Every stage a committed move goes through recorded something, and the
    counts hang together; else the lobby's path changed under the wrappers."""
    if not moves:
        raise SystemExit(f"budget: no committed move of {game} in the window")
    n = len(moves)
    for key in ("decode", "parse", "transition", "apply", "pack", "commit", "deliver", "views", "patches", "encode", "send"):
        calls = sum(f.n[S[key]] for f in moves)
        if calls < n and key not in ("patches", "encode", "send") or calls == 0:
            raise SystemExit(f"budget: {game}: stage {key} recorded {calls} calls for {n} committed moves: "
                             "the lobby no longer calls what bench/budget.py wraps")
    if sum(f.hits + f.misses for f in moves) < n:
        raise SystemExit(f"budget: {game}: Rooms._base was not asked for every move")
    if not pipes:
        raise SystemExit(f"budget: {game}: Batcher._execute sent nothing in the window")


async def lobby_main(args: argparse.Namespace, redis_url: str) -> dict[str, Any]:
    import redis.asyncio as aioredis
    import uvicorn

    from lobby.app import create_app
    from lobby.config import Settings

    overrides = {k[len("LOBBY_"):].lower(): (int(v) if v.isdigit() else v) for k, v in LOBBY_ENV.items()}
    # no timer of a finished game fires during the run (a ready period outlasts it)
    settings = Settings(redis_url=redis_url, ready_ms=600_000, **overrides)  # LOBBY_ENV: no pacing
    app = create_app(settings)
    # bound here, on a port the kernel chose: no other process can take it
    # between its choice and uvicorn's bind
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    # as lobby.__main__.run() configures it
    config = uvicorn.Config(app, host="127.0.0.1", port=port, ws="websockets-sansio", ws_max_size=settings.max_frame,
                            ws_per_message_deflate=False, ws_ping_interval=20, ws_ping_timeout=20,
                            timeout_graceful_shutdown=settings.drain_s, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    rclient = aioredis.Redis.from_url(redis_url)
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if serving.done() or time.monotonic() > deadline:
                await serving
                raise SystemExit("budget: the lobby did not start")
            await asyncio.sleep(0.05)
        # the lobby's own background work (timer poll, listing) with no client
        await asyncio.sleep(0.5)
        before = Mark(await redis_stats(rclient))
        await asyncio.sleep(args.idle)
        after = Mark(await redis_stats(rclient))
        idle = {"lobby_us_per_s": (after.cpu_ns - before.cpu_ns) / (after.t - before.t) * 1e6,
                "redis_us_per_s": (after.redis["cpu_s"] - before.redis["cpu_s"]) * 1e6 / ((after.t - before.t) / 1e9)}
        results = []
        for game, seats, options in MIX:
            if game in args.games:
                print(f"[budget] {game}: {args.tables} tables x ({seats} seats + {SPECTATORS} spectators), "
                      f"one command per table every {args.interval} s, {args.seconds} s window", file=sys.stderr, flush=True)
                results.append(await play_game(game, seats, options, f"ws://127.0.0.1:{port}/ws", rclient, args, idle))
        return {"idle": idle, "results": results}
    finally:
        await rclient.aclose()
        server.should_exit = True
        await asyncio.wait_for(serving, 30)


def new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop  # uvicorn's loop="auto" picks it when it is installed, as in production
    except ImportError:
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


# -- the client side (a child process) -----------------------------------------


async def _newer(tv: Any, version: int, stop: asyncio.Event) -> None:
    """Until the table view is past ``version`` (or the run stops)."""
    while tv.version <= version and not stop.is_set():
        tv.changed.clear()
        try:
            await asyncio.wait_for(tv.changed.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


async def _at_least(tv: Any, version: int, stop: asyncio.Event) -> None:
    await _newer(tv, version - 1, stop)


async def _drive(table: dict[str, Any], interval: float, stop: asyncio.Event, stats: Counter, rng: random.Random) -> None:
    """One table: one command in flight, one every ``interval`` s."""
    import engines
    from lobby.client import LobbyRefused

    tid, players = table["id"], table["players"]
    by_seat = {c.tables[tid].seat: c for c in players}
    loop = asyncio.get_running_loop()
    due = loop.time() + rng.random() * interval  # tables out of step with each other

    async def slot() -> None:
        nonlocal due
        if due > loop.time():
            await asyncio.sleep(due - loop.time())
        due = max(due + interval, loop.time())

    async def command(client: Any, message: dict[str, Any], kind: str) -> None:
        try:
            await client.request(message)
            stats[kind] += 1
        except LobbyRefused as exc:
            stats[f"refused:{exc.code}"] += 1
        except (ConnectionError, asyncio.TimeoutError) as exc:
            stats[f"failed:{type(exc).__name__}"] += 1

    while not stop.is_set():
        newest = max(players, key=lambda c: c.tables[tid].version).tables[tid]
        view, version = newest.view, newest.version
        if view["status"] == "playing":
            acting = [s for s in view["to_act"] if s in by_seat]
            if not acting:
                await _newer(newest, version, stop)
                continue
            seat = acting[0]
            mover = by_seat[seat]
            tv = mover.tables[tid]
            await _at_least(tv, version, stop)  # decide from the seat's own, newest view
            turn = tv.view["turns"].get(str(seat))
            if turn is None or stop.is_set():
                continue
            await slot()
            move = engines.get(tv.view["game"]).bot_move(tv.view["state"], seat, rng)
            await command(mover, {"t": "move", "table": tid, "turn": turn, "move": move}, "moves")
        elif view["status"] == "finished" and view["next"] is not None:
            pending = [c for s, c in by_seat.items() if not view["next"]["ready"][s]]
            if not pending:
                await _newer(newest, version, stop)
                continue
            await _at_least(pending[0].tables[tid], version, stop)
            await slot()
            await command(pending[0], {"t": "ready", "table": tid}, "readies")
        else:
            stats["tables_ended"] += 1
            return


async def client_main(cfg: dict[str, Any]) -> None:
    from lobby.client import LobbyClient

    url, game, stats = cfg["url"], cfg["game"], Counter()
    rng = random.Random(cfg["seed"])
    clients: list[Any] = []

    async def table(i: int) -> dict[str, Any]:
        players = [LobbyClient(url, name=f"b{i}s{k}") for k in range(cfg["seats"])]
        watchers = [LobbyClient(url, name=f"b{i}w{k}") for k in range(cfg["spectators"])]
        clients.extend(players + watchers)
        for c in players + watchers:
            await c.connect()
        tv = await players[0].open(game, seats=cfg["seats"], options=cfg["options"], games=1000)
        for c in players[1:]:
            await c.join(tv.table_id)
        for c in watchers:
            await c.watch(tv.table_id)
        for c in players:
            await c.wait_for(tv.table_id, lambda v: v["status"] == "playing", timeout=30)
        for c in watchers:
            await c.wait_for(tv.table_id, lambda v: True, timeout=30)
        return {"id": tv.table_id, "players": players}

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    # the parent closes our stdin to end the run (and we end if it dies)
    threading.Thread(target=lambda: (sys.stdin.buffer.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
    try:
        tables = await asyncio.gather(*(table(i) for i in range(cfg["tables"])))
        print(json.dumps({"event": "ready", "clients": len(clients)}), flush=True)
        drivers = [asyncio.create_task(_drive(t, cfg["interval"], stop, stats, random.Random(rng.random()))) for t in tables]
        await stop.wait()
        await asyncio.wait(drivers, timeout=5)
        for d in drivers:
            d.cancel()
    except Exception as exc:  # noqa: BLE001  (told to the parent, which stops the run)
        print(json.dumps({"event": "fatal", "error": f"{type(exc).__name__}: {exc}"}), flush=True)
        raise
    finally:
        await asyncio.gather(*(c.close() for c in clients), return_exceptions=True)
    ru = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"event": "done", **stats, "cpu_s": ru.ru_utime + ru.ru_stime,
                      "errors": sum(len(c.errors) for c in clients)}), flush=True)


# -- report ---------------------------------------------------------------------


def fmt(x: float | None) -> str:
    if x is None:
        return "–"
    return f"{x:.1f}" if abs(x) < 10 else f"{x:,.0f}"


def cell(st: dict[str, Any]) -> str:
    """``mean (p50/p99)``."""
    return f"{fmt(st['mean'])} ({fmt(st['p50'])}/{fmt(st['p99'])})"


def move_table(run: dict[str, Any]) -> str:
    head = ["game", "moves", "decode", "parse", "base hit/miss · µs", "transition", "engine apply", "pack",
            "commit RTT (wall)", "commit CPU", "cmds/pipeline", "views", "patches", "encode", "send", "deliveries/move",
            "stages CPU", "frame CPU", "outside frames", "lobby CPU/move", "Redis CPU/move"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in run["results"]:
        m, st, cpu, pipes = r["move"], r["move"]["stages"], r["cpu"], r["pipelines"]
        base = f"{m['base_hits']}/{m['base_misses']} · {fmt(st['base']['mean'])}"
        if m["base_misses"]:
            base += f"; load {fmt(st['load']['us_per_call'])} wall"
        row = [GAME_TITLE.get(r["game"], r["game"]), f"{r['moves']} ({r['moves_per_s']:.0f}/s)",
               cell(st["decode"]), cell(st["parse"]), base, cell(st["transition"]), cell(st["apply"]), cell(st["pack"]),
               cell(st["commit"]), cell(st["commit_cpu"]), f"{pipes['commands_per_pipeline']:.2f} ({pipes['per_move']:.2f}/move)",
               cell(st["views"]), cell(st["patches"]), cell(st["encode"]), cell(st["send"]),
               f"{m['deliveries_per_frame']:.2f} of {r['seats'] + r['spectators']}",
               cell(m["stages_cpu"]), cell(m["cpu"]), fmt(cpu["outside_frames_us_per_move"]),
               fmt(cpu["process_less_idle_us_per_move"]), fmt(r["redis"]["cpu_less_idle_us_per_move"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def ready_table(run: dict[str, Any]) -> str:
    head = ["game", "readies", "decode + parse", "transition", "commit RTT (wall)", "views", "patches", "encode", "send",
            "deliveries/ready", "stages CPU", "frame CPU"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in run["results"]:
        m = r["ready"]
        if not m["frames"]:
            lines.append(f"| {GAME_TITLE.get(r['game'], r['game'])} | 0 (no game ended in the window) |" + " – |" * (len(head) - 2))
            continue
        st = m["stages"]
        row = [GAME_TITLE.get(r["game"], r["game"]), str(m["frames"]), fmt(st["decode"]["mean"] + st["parse"]["mean"]),
               cell(st["transition"]), cell(st["commit"]), cell(st["views"]), cell(st["patches"]), cell(st["encode"]),
               cell(st["send"]), f"{m['deliveries_per_frame']:.2f}", cell(m["stages_cpu"]), cell(m["cpu"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def game_end_table(run: dict[str, Any]) -> str:
    head = ["game", "seats", "game ends", "last move CPU (commit, settlement, ratings)", "ready marks CPU (to the start commit)",
            "game end CPU", "× a move's frame CPU", "stages CPU", "commit RTT (wall, summed)", "readies", "commits", "deltas", "deliveries"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in run["results"]:
        ge, title = r.get("game_end"), GAME_TITLE.get(r["game"], r["game"])
        if not ge or not ge["count"]:
            lines.append(f"| {title} | {r['seats']} | 0 (no whole game end in the window) |" + " – |" * (len(head) - 3))
            continue
        move_cpu = r["move"]["cpu"]["mean"]
        row = [title, str(r["seats"]), str(ge["count"]), cell(ge["last_move_cpu"]), cell(ge["readies_cpu"]), cell(ge["cpu"]),
               f"{ge['cpu']['mean'] / move_cpu:.1f}×" if move_cpu else "–", cell(ge["stages_cpu"]), cell(ge["commit_wall"]),
               fmt(ge["readies"]["mean"]), fmt(ge["commits"]["mean"]), fmt(ge["deltas"]["mean"]), fmt(ge["deliveries"]["mean"])]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def header(run: dict[str, Any]) -> str:
    meta, idle = run["meta"], run["idle"]
    return (f"Run {meta['date']} on {meta['machine']}; commit {meta['commit']}. {meta['tables']} tables per game "
            f"(+{SPECTATORS} spectators each), one command per table every {meta['interval']} s, "
            f"{meta['seconds']:g} s window per game after {meta['warmup']:g} s of play. µs per committed move: "
            f"mean (p50/p99). Idle (subtracted from the CPU columns): lobby {idle['lobby_us_per_s']:,.0f} µs CPU/s, "
            f"Redis {idle['redis_us_per_s']:,.0f} µs/s. The probes add ≈ {meta['probe_ns']:.0f} ns a call, "
            f"≈ {meta['probe_us_per_move']:.0f} µs per move, inside the CPU figures.")


def machine() -> str:
    cpu = "?"
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    redis_v = subprocess.run(["redis-server", "--version"], capture_output=True, text=True).stdout.split(" sha")[0]
    return f"{cpu}, {os.cpu_count()} cores (shared), Linux {platform.release()}, Python {platform.python_version()}, {redis_v}"


def commit_id() -> str:
    def git(*a: str) -> str:
        return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "?"
    dirty = subprocess.run(["git", "diff", "HEAD", "--", "lobby", "engines"], cwd=ROOT, capture_output=True).stdout
    if not dirty:
        return head
    return f"{head} + uncommitted changes in lobby/ or engines/ (diff sha256 {hashlib.sha256(dirty).hexdigest()[:10]})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    games = [g for g, _, _ in MIX]
    ap.add_argument("--games", default=",".join(games), help=f"comma-separated, of {','.join(games)}")
    ap.add_argument("--seconds", type=float, default=8.0, help="measured window per game (s)")
    ap.add_argument("--tables", type=int, default=5, help="tables per game")
    ap.add_argument("--interval", type=float, default=0.2, help="s between two commands of one table")
    ap.add_argument("--warmup", type=float, default=1.5, help="s of play before each window")
    ap.add_argument("--idle", type=float, default=2.0, help="s of the idle lobby measured first")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", nargs="?", const="-", default=None, metavar="PATH", help="also the JSON: to stdout, or to PATH")
    ap.add_argument("--client", default=None, help=argparse.SUPPRESS)  # the child process
    args = ap.parse_args(argv)
    if args.client is not None:
        with asyncio.Runner(loop_factory=new_loop) as runner:
            runner.run(client_main(json.loads(args.client)))
        return 0
    args.games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = set(args.games) - set(games)
    if unknown or not args.games:
        ap.error(f"unknown games {sorted(unknown)}; choose from {games}")

    from lobby.redis_server import RedisServer

    wrapped = instrument()
    probe_ns = probe_cost_ns()
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="budget-") as tmp:
        redis = RedisServer(Path(tmp) / "redis").start()
        try:
            with asyncio.Runner(loop_factory=new_loop) as runner:
                run = runner.run(lobby_main(args, redis.url))
        finally:
            redis.stop()
    per_move = [r["move"]["probe_calls_per_frame"] for r in run["results"]]
    run["meta"] = {"date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "machine": machine(),
                   "commit": commit_id(), "tables": args.tables, "interval": args.interval, "seconds": args.seconds,
                   "warmup": args.warmup, "games": args.games, "probe_ns": probe_ns,
                   "probe_us_per_move": probe_ns * max(per_move) / 1000, "wrapped": wrapped,
                   "elapsed_s": round(time.monotonic() - t0, 1)}
    crowded = [r["game"] for r in run["results"] if r["cpu"]["frame_overlap"] > 0.1]
    if crowded:
        print(f"budget: frames overlapped in {', '.join(crowded)} (frame_overlap > 0.1 in the JSON): their frame CPU "
              "holds other frames' work and 'outside frames' is too low; use a longer --interval", file=sys.stderr)
    print(header(run) + "\n\n### Moves\n\n" + move_table(run) + "\n\n### Ready (between games)\n\n" + ready_table(run)
          + "\n\n### Game end (a game's last move to the next game's start commit, per game end)\n\n" + game_end_table(run))
    if args.json == "-":
        print(json.dumps(run, indent=1))
    elif args.json:
        Path(args.json).write_text(json.dumps(run, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
