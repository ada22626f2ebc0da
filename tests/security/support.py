"""Helpers of the security tests: raw websocket sessions, what docs/protocol.md
documents, Redis reads of table docs, metrics, and live tables stopped mid-game."""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import urllib.request
from pathlib import Path
from typing import Any

import msgpack
import websockets

import engines
from lobby.client import LobbyClient
from lobby.store import Store
from lobby.store import connect as store_connect

from ..lobby.support import playing, seated

ROOT = Path(__file__).resolve().parents[2]
PROTOCOL_DOC = ROOT / "docs" / "protocol.md"


#: well-formed moves each game's rules must refuse whatever the position
BAD_MOVES: dict[str, list[dict[str, Any]]] = {
    "sibala": [{"type": "roll", "x": 1}, {"type": "roll", "dice": [6, 6, 6, 6]}, {"type": "shake"}, {"type": "score"}],
    "yahtzee": [
        {"type": "roll", "hold": [5]},
        {"type": "roll", "hold": [-1]},
        {"type": "roll", "hold": "all"},
        {"type": "roll", "hold": [True]},
        {"type": "roll", "hold": [0], "x": 1},
        {"type": "score", "category": "zz"},
        {"type": "score", "category": 3},
        {"type": "keep"},
    ],
    "shut_the_box": [
        {"type": "roll", "dice": 3},
        {"type": "roll", "dice": "2"},
        {"type": "roll", "x": 1},
        {"type": "shut", "tiles": [0]},
        {"type": "shut", "tiles": [99]},
        {"type": "shut", "tiles": "1"},
        {"type": "flip"},
    ],
    "stud": [
        {"type": "bet", "to": -5},
        {"type": "bet", "to": 10**12},
        {"type": "raise", "to": "x"},
        {"type": "check", "x": 1},
        {"type": "fold", "to": 1},
        {"type": "peek"},
    ],
    "six_nimmt": [
        {"type": "pick", "card": 0},
        {"type": "pick", "card": 105},
        {"type": "pick", "card": "1"},
        {"type": "pick", "card": 1, "x": 2},
        {"type": "choose_row", "row": 4},
        {"type": "choose_row", "row": -1},
        {"type": "swap"},
    ],
}


def _doc_section(title: str) -> str:
    text = PROTOCOL_DOC.read_text()
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else len(text)]


def documented_error_codes() -> set[str]:
    """The codes of the error table in docs/protocol.md."""
    return set(re.findall(r"^\| `([a-z_]+)` \|", _doc_section("Error codes"), re.M))


def documented_close_codes() -> set[int]:
    return {int(c) for c in re.findall(r"^\| (\d{4}) \|", _doc_section("Close codes"), re.M)}


def documented_client_types() -> set[str]:
    section = _doc_section("Client → server")
    table = section.split("Moves per game")[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, re.M)) - {"t"}


def pack(message: Any) -> bytes:
    return msgpack.packb(message, use_bin_type=True)


def unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)


class Raw:
    """A bare websocket session: frames exactly as given, replies decoded."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.ref = 0

    @classmethod
    async def connect(cls, url: str, name: str | None = None, token: str | None = None, **kwargs: Any) -> "Raw":
        kwargs.setdefault("max_size", None)
        kwargs.setdefault("compression", None)
        raw = cls(await websockets.connect(url, **kwargs))
        if name is not None or token is not None:
            hello: dict[str, Any] = {"t": "hello", "proto": 1}
            if token is not None:
                hello["token"] = token
            if name is not None:
                hello["name"] = name
            welcome = await raw.request(hello)
            assert welcome["t"] == "welcome", welcome
            raw.token = welcome["token"]
            raw.welcome = welcome
        return raw

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, (bytes, str)) else pack(message))

    async def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        return unpack(await asyncio.wait_for(self.ws.recv(), timeout))

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send with a fresh ref; return the reply (or error) carrying it,
        skipping pushed frames."""
        self.ref += 1
        await self.send({**message, "ref": self.ref})
        for _ in range(10_000):
            frame = await self.recv(timeout)
            if frame.get("ref") == self.ref:
                return frame
        raise AssertionError("no reply")

    async def close(self) -> None:
        await self.ws.close()


async def store_of(proc: Any) -> Store:
    """A Store on the Redis and key prefix of a lobby process."""
    return await store_connect(proc.redis_url, proc.env["LOBBY_KEY_PREFIX"])


def metric(proc: Any, name: str) -> float:
    """The sum of a Prometheus metric's samples at ``/metrics``."""
    text = urllib.request.urlopen(proc.http + "/metrics", timeout=5).read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines() if line.startswith(name) and not line.startswith("#"))


def healthy(proc: Any) -> bool:
    with urllib.request.urlopen(proc.http + "/healthz", timeout=5) as r:
        return r.status == 200


def safe_move(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The engine bot's move, but never one that ends a stud game (fold)."""
    move = engines.get(view["game"]).bot_move(view["state"], seat, rng)
    if view["game"] == "stud" and move["type"] in ("fold", "allin"):
        actions = view["state"]["you"]["legal"]["actions"]
        move = {"type": "check"} if "check" in actions else {"type": "call"}
    return move


async def live_table(url: str, game: str, seats: int, moves: int, rng: random.Random, **fields: Any) -> tuple[str, list[LobbyClient]]:
    """A table of ``game`` with ``seats`` people (real clients), started,
    ``moves`` moves played, then left alone: turn time 300 s and no bots, so
    nothing changes it during a test unless a request does."""
    clients = [LobbyClient(url, name=f"{game[:8]}{i}") for i in range(seats)]
    for c in clients:
        await c.connect()
    table = await seated(clients, game, seats=seats, turn_ms=300_000, **fields)
    view = await clients[0].wait_for(table, playing)
    for c in clients:
        await c.wait_for(table, playing)
    for _ in range(moves):
        version = clients[0].tables[table].version
        seat = view["to_act"][0]
        mover = next(c for c in clients if c.tables[table].seat == seat)
        mine = mover.tables[table].view
        await mover.move(table, mine["turns"][str(seat)], safe_move(mine, seat, rng))
        for c in clients:  # everyone has the new version before the next move
            await c.wait_for(table, lambda v, c=c: c.tables[table].version > version)
        view = clients[0].tables[table].view
        assert view["status"] == "playing"
    return table, clients


async def room_docs(store: Store) -> dict[str, tuple[int, dict[str, Any]]]:
    """Every table of a key prefix: id -> (version, doc)."""
    out = {}
    async for key in store.redis.scan_iter(match=f"{store.p}:room:*", count=500):
        key = key.decode()
        if not key.endswith("}"):
            continue  # :log, :watch, ...
        table = store.room_id_of_channel(key)
        loaded = await store.load_room(table)
        if loaded is not None:
            out[table] = loaded
    return out


def listed(proc: Any, game: str | None = None) -> list[dict]:
    """The rows of ``GET /api/tables`` (of one game)."""
    url = proc.http + "/api/tables" + (f"?game={game}" if game else "")
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.loads(r.read())


async def until(predicate: Any, timeout_s: float = 10.0, what: str = "condition") -> Any:
    """Poll ``predicate`` (sync or async) until truthy or the deadline."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if asyncio.iscoroutine(value):
            value = await value
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


async def hello(raw: Raw, name: str) -> dict:
    """Sign ``raw`` in as a fresh guest named ``name``; the welcome."""
    welcome = await raw.request({"t": "hello", "proto": 1, "name": name})
    assert welcome["t"] == "welcome", welcome
    return welcome


async def open_table(raw: Raw) -> dict:
    """Open a 4-seat sibala table (turns of 60 s) on ``raw``; the reply."""
    return await raw.request({"t": "open", "game": "sibala", "seats": 4, "turn_ms": 60_000})


def server_rows(port: int, peers: set[int]) -> list[tuple[int, int]]:
    """The lobby's side of the TCP connections from ``peers`` (local ports)
    to ``port``: (bytes it has not had taken, the socket's inode: 0 when
    no process holds it, an orphan the kernel keeps alone)."""
    rows = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.read().splitlines()[1:]:
                fields = line.split()
                if int(fields[1].rsplit(":", 1)[1], 16) == port and int(fields[2].rsplit(":", 1)[1], 16) in peers:
                    rows.append((int(fields[4].split(":")[0], 16), int(fields[9])))
    return rows
