"""A small asyncio client of the lobby protocol, used by bots, tests, benchmarks
and the command line.

``python -m lobby.client --url ws://127.0.0.1:8000/ws play --game sibala --players 3 --tables 2``
opens tables, plays every seat with a real websocket client running the
engine's bot, and prints one JSON object per finished table;
``python -m lobby.client --url ... watch --table ID`` prints every delta it
receives as JSON lines until the table ends.

The client keeps each table's view by applying snapshots and JSON-Patch
deltas, asks for a snapshot when a delta's base is not its version, and
reconnects with backoff (to the next URL when several are given), resuming
its seats with its token.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, TypeVar

import jsonpatch
import msgpack
import websockets

import engines

from .protocol import PROTOCOL_VERSION, ErrorCode
from .tables import Status

#: how long a move refused ``rate_limited`` waits before it is sent again (s; the limit refills at LOBBY_RATE_PER_S)
RATE_RETRY_S = 0.1

T = TypeVar("T")


class LobbyRefused(Exception):
    """An error frame answering a request: ``code`` and message; ``frame``
    the whole error frame (its ``reason``, figures: docs/protocol.md)."""

    def __init__(self, code: str, message: str, frame: dict[str, Any] | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.frame = frame or {}


@dataclass
class TableView:
    """What the client knows of one table."""

    table_id: str
    seat: int | None = None
    version: int = 0
    view: dict[str, Any] | None = None
    versions: list[int] = field(default_factory=list)
    snapshots: int = 0
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    spectator: bool = False
    #: recent chat lines (``{"id", "at", "name", "text", "spectator", "room"}``), oldest first
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: the table our seat was moved to (the view's ``moved_to``) once we follow it there
    moved_to: str | None = None


class LobbyClient:
    """One player's (or spectator's) connection, with reconnection.

    ``urls``: one or more websocket URLs tried in turn; ``name``: the guest
    name; ``token``: resume that player.  Use ``async with`` or
    :meth:`connect` / :meth:`close`.
    """

    def __init__(self, urls: str | list[str], name: str = "bot", token: str | None = None, origin: str | None = None) -> None:
        self.urls = [urls] if isinstance(urls, str) else list(urls)
        self.name = name
        self.token = token
        self.origin = origin
        self.tables: dict[str, TableView] = {}
        self.player: dict[str, Any] = {}
        self.games: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []
        self.keep_frames = False
        self.on_frame: Callable[[dict[str, Any]], None] | None = None
        self.reconnects = 0
        self._ws = None
        self._ref = 0
        self._pending: dict[int, asyncio.Future] = {}
        self._reader: asyncio.Task | None = None
        self._closing = False
        self._url_index = 0
        #: tables whose move to ``moved_to`` we are following right now
        self._following: set[str] = set()
        self.connected = asyncio.Event()
        self.clock_offset_ms = 0
        #: ``arena_paired`` frames not taken yet (:meth:`play_arena`)
        self.arena_paired: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        #: arena id -> ``{"arena", "standings"}`` as the last ``arena`` frame and the ``arena_delta``s since made it
        self.arenas: dict[str, dict[str, Any]] = {}
        #: set at each ``arena`` or ``arena_delta`` frame
        self.arena_changed = asyncio.Event()

    async def __aenter__(self) -> "LobbyClient":
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    # -- connection --------------------------------------------------------
    async def connect(self) -> None:
        """Connect and sign in (resuming seats on reconnect)."""
        self._ws = await websockets.connect(
            self.urls[self._url_index % len(self.urls)], max_size=2**22, compression=None, origin=self.origin, open_timeout=5
        )
        self._reader = asyncio.create_task(self._read_loop())
        hello: dict[str, Any] = {"t": "hello", "proto": PROTOCOL_VERSION}
        if self.token:
            hello["token"] = self.token
        else:
            hello["name"] = self.name
        welcome = await self.request(hello)
        self.welcome = welcome  # the last welcome frame (docs/protocol.md)
        self.token = welcome["token"]
        self.player = welcome["player"]
        self.games = welcome["games"]
        self.clock_offset_ms = welcome["now"] - int(time.time() * 1000)
        for tv in list(self.tables.values()):
            if tv.moved_to:
                continue  # we sit at the table it names
            if tv.spectator:
                await self.send({"t": "watch", "table": tv.table_id})
            else:
                await self.request({"t": "join", "table": tv.table_id})
        self.connected.set()

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass

    async def _reconnect(self) -> None:
        self.connected.clear()
        delay = 0.05
        while not self._closing:
            self._url_index += 1
            try:
                await self.connect()
                self.reconnects += 1
                return
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError, LobbyRefused):
                await asyncio.sleep(delay + random.random() * delay)
                delay = min(delay * 2, 2.0)

    async def _read_loop(self) -> None:
        ws = self._ws
        try:
            async for data in ws:
                self._handle(msgpack.unpackb(data, raw=False, strict_map_key=False))
        except websockets.WebSocketException:
            pass
        finally:
            for fut in self._pending.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("connection lost"))
            self._pending.clear()
            if not self._closing and ws is self._ws:
                asyncio.ensure_future(self._reconnect())

    async def send(self, message: dict[str, Any]) -> None:
        await self._ws.send(msgpack.packb(message, use_bin_type=True))

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send ``message`` with a fresh ``ref`` and await the reply frame.
        Raises :class:`LobbyRefused` for an error frame."""
        self._ref += 1
        ref = self._ref
        fut = asyncio.get_running_loop().create_future()
        self._pending[ref] = fut
        await self.send({**message, "ref": ref})
        try:
            # asyncio.timeout, not wait_for: Python 3.11's wait_for raised the
            # future's ConnectionError instead of a cancellation that came with
            # it, and a cancelled play() went on waiting for ever
            async with asyncio.timeout(timeout):
                return await fut
        finally:
            self._pending.pop(ref, None)

    # -- frames ------------------------------------------------------------
    def _handle(self, frame: dict[str, Any]) -> None:
        if self.keep_frames:
            self.frames.append(frame)
        if self.on_frame is not None:
            self.on_frame(frame)
        kind = frame.get("t")
        ref = frame.get("ref")
        if kind == "error":
            self.errors.append(frame)
            if ref in self._pending and not self._pending[ref].done():
                self._pending[ref].set_exception(LobbyRefused(frame["code"], frame.get("msg", ""), frame))
            return
        if ref in self._pending and not self._pending[ref].done():
            self._pending[ref].set_result(frame)
        if kind == "arena_paired":
            self.arena_paired.put_nowait(frame)
        elif kind == "arena":
            self.arenas[frame["arena"]["id"]] = {"arena": frame["arena"], "standings": frame["standings"]}
            self.arena_changed.set()
        elif kind == "arena_delta":
            if frame["arena"] in self.arenas:
                self.arenas[frame["arena"]] = jsonpatch.apply_patch(self.arenas[frame["arena"]], frame["patch"])
                self.arena_changed.set()
        elif kind == "snapshot":
            tv = self.tables.setdefault(frame["table"], TableView(frame["table"]))
            self._follow_move(tv, frame)
            tv.view, tv.version, tv.seat = frame["view"], frame["version"], frame["seat"]
            tv.chat = list(frame.get("chat", ()))
            tv.versions.append(frame["version"])
            tv.snapshots += 1
            tv.changed.set()
        elif kind == "chat":
            tv = self.tables.get(frame["table"])
            line = frame["line"]
            if tv is not None and all(seen["id"] != line["id"] for seen in tv.chat):
                tv.chat.append(line)
                tv.changed.set()
        elif kind == "ready":
            tv = self.tables.get(frame["table"])
            if tv is not None and tv.view is not None and tv.version == frame["version"] and tv.view.get("next"):
                tv.view = {**tv.view, "next": {**tv.view["next"], "ready": frame["ready"]}}
                tv.changed.set()
        elif kind == "delta":
            tv = self.tables.get(frame["table"])
            if tv is None or tv.view is None:
                return
            if frame["base"] != tv.version:
                asyncio.ensure_future(self.send({"t": "sync", "table": tv.table_id}))
                return
            tv.view = jsonpatch.apply_patch(tv.view, frame["patch"])
            self._follow_move(tv, frame)
            tv.version, tv.seat = frame["version"], frame["seat"]
            tv.versions.append(frame["version"])
            tv.changed.set()

    def _follow_move(self, tv: TableView, frame: dict[str, Any]) -> None:
        """Our seat at ``tv``'s table is gone in a ``moved`` event (the lobby
        merged waiting quick tables of one kind and seated us at the event's
        ``to``, the view's ``moved_to``): follow, with a ``join`` of that
        table (which returns the seat we hold there).  Call with the frame's
        view applied but ``tv.seat`` still the one before it."""
        view = tv.view if frame["t"] == "delta" else frame["view"]
        if tv.seat is None or frame["seat"] is not None or tv.spectator or tv.moved_to is not None or not view:
            return
        for event in view.get("events") or ():
            if event.get("type") == "moved" and tv.seat in event.get("seats", ()):
                self._following.add(tv.table_id)
                asyncio.ensure_future(self._follow(tv, event["to"]))
                return

    async def _follow(self, tv: TableView, target: str) -> None:
        try:
            await self.join(target)
            tv.moved_to = target
            await self.send({"t": "unwatch", "table": tv.table_id})
        except (LobbyRefused, ConnectionError, asyncio.TimeoutError, websockets.WebSocketException):
            pass  # not seated there after all (or reconnecting): the source's view stays
        finally:
            self._following.discard(tv.table_id)
            tv.changed.set()

    # -- commands ----------------------------------------------------------
    async def open(self, game: str, **fields: Any) -> TableView:
        reply = await self.request({"t": "open", "game": game, **fields})
        return self._seated(reply)

    async def join(self, table_id: str, seat: int | None = None) -> TableView:
        msg: dict[str, Any] = {"t": "join", "table": table_id}
        if seat is not None:
            msg["seat"] = seat
        return self._seated(await self.request(msg))

    async def quick(self, game: str, bots: bool = False, options: dict[str, Any] | None = None) -> TableView:
        """Quick-match (``options``: engine options; only tables with the same ones match)."""
        msg: dict[str, Any] = {"t": "quick", "game": game, "bots": bots}
        if options:
            msg["options"] = options
        return self._seated(await self.request(msg))

    async def watch(self, table_id: str) -> TableView:
        tv = self.tables.setdefault(table_id, TableView(table_id, spectator=True))
        tv.spectator = True
        await self.send({"t": "watch", "table": table_id})
        return tv

    def _seated(self, reply: dict[str, Any]) -> TableView:
        tv = self.tables.setdefault(reply["table"], TableView(reply["table"]))
        tv.seat = reply["seat"]
        return tv

    async def move(self, table_id: str, turn: str, move: dict[str, Any]) -> dict[str, Any]:
        return await self.request({"t": "move", "table": table_id, "turn": turn, "move": move})

    async def wait_for(self, table_id: str, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        """Wait until the table's view satisfies ``predicate``; returns it."""
        tv = self.tables.setdefault(table_id, TableView(table_id))

        async def loop() -> dict[str, Any]:
            while True:
                if tv.view is not None and predicate(tv.view):
                    return tv.view
                tv.changed.clear()
                await tv.changed.wait()

        async with asyncio.timeout(timeout):
            return await loop()

    async def wait_chat(self, table_id: str, predicate: Callable[[list[dict[str, Any]]], bool], timeout: float = 30.0) -> list[dict[str, Any]]:
        """Wait until the table's chat lines satisfy ``predicate``; returns them."""
        tv = self.tables.setdefault(table_id, TableView(table_id))
        await self.wait_for(table_id, lambda view: predicate(tv.chat), timeout)
        return tv.chat

    async def play(self, table_id: str, rng: random.Random | None = None, timeout: float = 600.0, games: int = 1) -> dict[str, Any]:
        """Play this client's seat with the engine's bot until ``games`` games
        of the table have finished (pressing ready between them) or the table
        closes; returns the final view."""
        rng = rng or random.Random()
        tv = self.tables[table_id]
        sent: set[tuple[str, int]] = set()
        readied: set[int] = set()

        async def loop() -> dict[str, Any]:
            while True:
                view = tv.view
                if view is not None and self.connected.is_set():
                    if view["status"] == Status.CLOSED and tv.moved_to in self.tables:
                        return await self.play(tv.moved_to, rng, timeout, games)  # our seat went there
                    if view["status"] == Status.CLOSED and table_id not in self._following:
                        return view
                    if view["status"] == Status.FINISHED:
                        if view["game_no"] >= games or view["next"] is None or tv.seat is None:
                            return view
                        if view["game_no"] not in readied:
                            readied.add(view["game_no"])
                            await self._quietly(self.send({"t": "ready", "table": table_id}))
                    elif view["status"] == Status.PLAYING and tv.seat is not None:
                        turn = view["turns"].get(str(tv.seat))
                        if turn is not None and (turn, tv.version) not in sent:
                            sent.add((turn, tv.version))
                            engine = engines.get(view["game"])
                            move = engine.bot_move(view["state"], tv.seat, rng)
                            # refused: the turn moved on (timeout) or we reconnect; the next view decides,
                            # except for a refusal of the rate: no view follows it, so send it again soon
                            try:
                                await self.move(table_id, turn, move)
                            except LobbyRefused as exc:
                                if exc.code == ErrorCode.RATE_LIMITED:
                                    sent.discard((turn, tv.version))
                                    await asyncio.sleep(RATE_RETRY_S)
                            except (ConnectionError, asyncio.TimeoutError, websockets.WebSocketException):
                                pass
                            continue
                tv.changed.clear()
                await tv.changed.wait()

        async with asyncio.timeout(timeout):
            return await loop()

    async def play_arena(self, arena_id: str, rng: random.Random | None = None, timeout: float = 3 * 3600.0) -> dict[str, Any]:
        """Join an arena and play every table its pairing seats this client
        at (the engine's bot plays the seat), one after another, until the
        arena no longer pairs and this client sits at none of its tables;
        returns the last ``arena`` frame (docs/protocol.md)."""
        rng = rng or random.Random()
        poll_s = 1.0

        async def loop() -> dict[str, Any]:
            view = await self._paced(lambda: self.request({"t": "arena_join", "arena": arena_id}))
            while True:
                try:
                    async with asyncio.timeout(poll_s):
                        frame = await self.arena_paired.get()
                except asyncio.TimeoutError:
                    view = await self._paced(lambda: self.request({"t": "arena", "arena": arena_id}))
                    me = view["standings"]["me"]
                    if view["arena"]["status"] in ("ending", "finished") and (me is None or me["playing"] is None) and self.arena_paired.empty():
                        return view
                    continue
                if frame["arena"] != arena_id:
                    continue
                table_id = frame["table"]
                await self._paced(lambda: self.join(table_id))  # a game's fast moves may have spent the rate
                await self.play(table_id, rng, timeout=timeout)
                self.tables.pop(table_id, None)
                await self._quietly(self.send({"t": "unwatch", "table": table_id}))

        async with asyncio.timeout(timeout):
            return await loop()

    @staticmethod
    async def _paced(request: Callable[[], Awaitable[T]]) -> T:
        """``await request()``, made again while it is refused ``rate_limited``."""
        while True:
            try:
                return await request()
            except LobbyRefused as exc:
                if exc.code != ErrorCode.RATE_LIMITED:
                    raise
                await asyncio.sleep(RATE_RETRY_S)

    @staticmethod
    async def _quietly(op: Any) -> None:
        try:
            await op
        except (LobbyRefused, ConnectionError, asyncio.TimeoutError, websockets.WebSocketException):
            pass


# -- command line ----------------------------------------------------------------


async def play_tables(
    urls: list[str], game: str, players: int, tables: int, options: dict[str, Any], seed: int | None, turn_ms: int | None, games: int = 1
) -> list[dict[str, Any]]:
    """Open ``tables`` tables of ``players`` seats, each seat a real client
    playing the engine's bot for ``games`` games; returns one record per
    finished table."""
    rng = random.Random(seed)

    async def one_table(index: int) -> dict[str, Any]:
        clients = [LobbyClient(urls, name=f"bot{index}-{i}") for i in range(players)]
        try:
            for c in clients:
                await c.connect()
            fields: dict[str, Any] = {"seats": players, "options": options, "games": games}
            if turn_ms is not None:
                fields["turn_ms"] = turn_ms
            first = await clients[0].open(game, **fields)
            table_id = first.table_id
            for c in clients[1:]:
                await c.join(table_id)
            finals = await asyncio.gather(*(c.play(table_id, random.Random(rng.random()), games=games) for c in clients))
            final = finals[0]
            return {
                "game": game,
                "table": table_id,
                "players": [s["name"] for s in final["seats"] if s],
                "games": final["game_no"],
                "result": final["result"],
                "versions": {c.name: c.tables[table_id].versions for c in clients},
            }
        finally:
            for c in clients:
                await c.close()

    return await asyncio.gather(*(one_table(i) for i in range(tables)))


async def play_arena(urls: list[str], arena_id: str, players: int, seed: int | None) -> dict[str, Any]:
    """``players`` bot clients join the arena and play every table it
    pairs them at until it is over; returns its last ``arena`` frame (the
    standings) seen by the first client."""
    rng = random.Random(seed)
    clients = [LobbyClient(urls, name=f"arena{i}") for i in range(players)]
    try:
        for c in clients:
            await c.connect()
        views = await asyncio.gather(*(c.play_arena(arena_id, random.Random(rng.random())) for c in clients))
        return views[0]
    finally:
        for c in clients:
            await c.close()


async def list_arenas(urls: list[str], game: str | None) -> list[dict[str, Any]]:
    """The listed arenas (of ``game``, or of every game), as the ``arenas``
    reply gives them (docs/protocol.md): what ``arena --arena ID`` joins."""
    client = LobbyClient(urls, name="lister")
    try:
        await client.connect()
        reply = await client.request({"t": "arenas", **({"game": game} if game else {})})
        return list(reply["arenas"])
    finally:
        await client.close()


async def watch_table(urls: list[str], table_id: str, out=sys.stdout) -> None:
    """Print every snapshot and delta of a table as JSON lines until it ends."""
    client = LobbyClient(urls, name="watcher")

    def show(frame: dict[str, Any]) -> None:
        if frame.get("t") in ("snapshot", "delta", "error") and frame.get("table", table_id) == table_id:
            out.write(json.dumps(frame, ensure_ascii=False) + "\n")
            out.flush()

    missing = asyncio.Event()

    def show_or_stop(frame: dict[str, Any]) -> None:
        show(frame)
        if frame.get("t") == "error" and frame.get("code") == "no_such_table":
            missing.set()

    client.on_frame = show_or_stop
    async with client:
        await client.watch(table_id)
        ended = asyncio.ensure_future(client.wait_for(table_id, lambda v: v["status"] in (Status.FINISHED, Status.CLOSED), timeout=24 * 3600))
        gone = asyncio.ensure_future(missing.wait())
        await asyncio.wait([ended, gone], return_when=asyncio.FIRST_COMPLETED)
        ended.cancel()
        gone.cancel()
        if missing.is_set():
            raise LookupError(f"no table {table_id}")


def http_base(ws_url: str) -> str:
    """``ws://host:port/ws`` -> ``http://host:port`` (wss -> https)."""
    parts = urllib.parse.urlsplit(ws_url)
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme)
    return f"{scheme}://{parts.netloc}"


def verify_table(ws_url: str, table_id: str, out=sys.stdout) -> bool:
    """Fetch a table's replay, check each finished game's seed against its
    published hash, re-run the engine move by move checking every logged
    state and the result; print one JSON line per game.  True if all match."""
    from . import replay

    records: list[dict[str, Any]] = []
    first: int | None = 1
    try:
        while first is not None:  # a page of games at a time, following "next"
            url = f"{http_base(ws_url)}/api/tables/{urllib.parse.quote(table_id)}/replay?from={first}"
            with urllib.request.urlopen(url, timeout=30) as resp:
                data = json.loads(resp.read())
            records.extend(data["games"])
            first = data.get("next")
    except urllib.error.HTTPError as exc:
        detail = json.loads(exc.read() or b"{}").get("error", exc.reason)
        out.write(json.dumps({"table": table_id, "ok": False, "error": detail}) + "\n")
        return False
    ok = True
    for record in records:
        entry = replay.verify_game(replay.from_public(record))
        entry["ok"] = entry["seed_ok"] and entry["result_ok"]
        ok = ok and entry["ok"]
        out.write(json.dumps({"table": table_id, **entry}) + "\n")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lobby.client", description="Lobby protocol client.")
    parser.add_argument("--url", action="append", required=True, help="websocket URL (repeat for fail-over)")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="open tables and play every seat with bots")
    p.add_argument("--game", required=True, choices=sorted(engines.REGISTRY))
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--tables", type=int, default=1)
    p.add_argument("--games", type=int, default=1, help="games per table, played back to back")
    p.add_argument("--option", action="append", default=[], help="engine option NAME=INT|STR")
    p.add_argument("--turn-ms", type=int, default=None)
    p.add_argument("--seed", type=int, default=None)
    a = sub.add_parser("arena", help="join an arena with bot clients and play it to its end")
    a.add_argument("--arena", required=True)
    a.add_argument("--players", type=int, required=True)
    a.add_argument("--seed", type=int, default=None)
    ls = sub.add_parser("arenas", help="list the listed arenas as JSON lines (their ids for arena --arena)")
    ls.add_argument("--game", default=None, choices=sorted(engines.REGISTRY))
    w = sub.add_parser("watch", help="print a table's deltas as JSON lines")
    w.add_argument("--table", required=True)
    v = sub.add_parser("verify", help="re-run a finished table's games from its replay and check them")
    v.add_argument("--table", required=True)
    args = parser.parse_args(argv)
    if args.command == "play":
        options: dict[str, Any] = {}
        for item in args.option:
            name, _, value = item.partition("=")
            options[name] = int(value) if value.isascii() and value.lstrip("-").isdigit() else value
        for record in asyncio.run(play_tables(args.url, args.game, args.players, args.tables, options, args.seed, args.turn_ms, args.games)):
            print(json.dumps(record, ensure_ascii=False), flush=True)
    elif args.command == "arena":
        view = asyncio.run(play_arena(args.url, args.arena, args.players, args.seed))
        print(json.dumps({"arena": view["arena"], "standings": view["standings"]}, ensure_ascii=False), flush=True)
    elif args.command == "arenas":
        for arena in asyncio.run(list_arenas(args.url, args.game)):
            print(json.dumps(arena, ensure_ascii=False), flush=True)
    elif args.command == "verify":
        return 0 if verify_table(args.url[0], args.table) else 1
    else:
        try:
            asyncio.run(watch_table(args.url, args.table))
        except LookupError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
