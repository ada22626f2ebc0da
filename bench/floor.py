"""The floor of bench/run.py: a bare ``websockets`` server (asyncio on uvloop,
the websocket library under the lobby's uvicorn) that speaks just enough of
the lobby protocol for the load generator -- ``hello``, ``ping``, ``open``,
``join``, ``watch``, ``unwatch``, ``move`` -- and on each ``move`` encodes one
``delta`` frame (its table id and version counter, the recorded Sibala patch
of ``sample_delta.json``, or, for a table opened with ``sample: <game>`` (W5),
that game's patch in ``sample_deltas.json``; its clock) and broadcasts those same bytes to every
connection of the table with ``websockets.broadcast``.  No game, no Redis, no
validation: what any server must at least do to deliver the same frames.

    python bench/floor.py --port N [--host 127.0.0.1]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import time
from pathlib import Path

import msgpack
from websockets.asyncio.server import broadcast, serve

BENCH = Path(__file__).resolve().parent
PATCH = json.loads((BENCH / "sample_delta.json").read_text())["patch"]
SAMPLES = {game: rec["patch"] for game, rec in json.loads((BENCH / "sample_deltas.json").read_text()).items() if game != "_doc"}

rooms: dict[str, set] = {}
versions: dict[str, int] = {}
patches: dict[str, list] = {}
_ids = itertools.count(1)
_players = itertools.count(1)


def now_ms() -> int:
    return int(time.time() * 1000)


def pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def reply(msg: dict, body: dict) -> bytes:
    if "ref" in msg:
        body["ref"] = msg["ref"]
    return pack(body)


def snapshot(table: str, seat, msg: dict) -> bytes:
    view = {"id": table, "game": "floor", "status": "playing", "to_act": [0], "turns": {"0": "x"}, "state": None}
    return reply(msg, {"t": "snapshot", "table": table, "version": versions[table], "seat": seat, "view": view, "now": now_ms()})


async def handler(ws) -> None:
    mine: set[str] = set()
    try:
        async for frame in ws:
            msg = msgpack.unpackb(frame, raw=False)
            t = msg.get("t")
            if t == "move":
                table = msg["table"]
                members = rooms.get(table)
                if members:
                    base = versions[table]
                    versions[table] = base + 1
                    broadcast(members, pack({"t": "delta", "table": table, "base": base, "version": base + 1, "seat": None, "patch": patches[table], "now": now_ms()}))
            elif t == "ping":
                await ws.send(reply(msg, {"t": "pong", "now": now_ms()}))
            elif t == "hello":
                n = next(_players)
                await ws.send(reply(msg, {"t": "welcome", "proto": 1, "token": f"t{n}", "player": {"name": msg.get("name", "x"), "coins": 0}, "tables": [], "games": [], "now": now_ms()}))
            elif t == "open":
                table = f"f{next(_ids)}"
                rooms[table] = {ws}
                versions[table] = 1
                patches[table] = SAMPLES[msg["sample"]] if msg.get("sample") else PATCH
                mine.add(table)
                await ws.send(reply(msg, {"t": "joined", "table": table, "seat": 0}))
                await ws.send(snapshot(table, 0, {}))
            elif t in ("join", "watch"):
                table = msg["table"]
                if table not in rooms:
                    await ws.send(reply(msg, {"t": "error", "code": "no_such_table", "msg": "no such table"}))
                    continue
                rooms[table].add(ws)
                mine.add(table)
                if t == "join":
                    seat = len(rooms[table]) - 1
                    await ws.send(reply(msg, {"t": "joined", "table": table, "seat": seat}))
                    await ws.send(snapshot(table, seat, {}))
                else:
                    await ws.send(snapshot(table, None, msg))
            elif t in ("unwatch", "leave"):
                table = msg["table"]
                if table in rooms:
                    rooms[table].discard(ws)
                mine.discard(table)
    except Exception:
        pass
    finally:
        for table in mine:
            members = rooms.get(table)
            if members is not None:
                members.discard(ws)
                if not members:
                    rooms.pop(table, None)
                    versions.pop(table, None)
                    patches.pop(table, None)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    async with serve(handler, args.host, args.port, compression=None, max_size=4096, ping_interval=20, ping_timeout=20, backlog=4096) as server:
        print(json.dumps({"event": "listening", "port": args.port, "pid": os.getpid()}), flush=True)
        await server.serve_forever()


if __name__ == "__main__":
    try:
        import uvloop

        uvloop.run(main())
    except ImportError:
        asyncio.run(main())
