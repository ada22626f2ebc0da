"""The Starlette app: routes, the websocket session loop and background tasks.

``create_app(settings)`` returns the ASGI app; its lifespan connects Redis,
starts the timer loop, the fan-out listener and the lobby-list pusher, and
on shutdown tells every client to reconnect elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import gzip
import logging
import math
import os
import random
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import redis.asyncio as aioredis
import redis.exceptions
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import engines

from . import metrics, quota, replay, tables
from .config import Settings
from .fanout import CLOSE_GRACE_S, Conn, Fanout
from .protocol import PROTOCOL_VERSION, CloseCode, ErrorCode, Message, ProtocolError, decode, encode, error, parse, peek_ref
from .reads import Busy, ReadLimits, Replays
from .rooms import Rooms
from .sessions import sign_in
from .store import Store, now_ms
from .store import connect as store_connect
from .tables import LobbyError

log = logging.getLogger("lobby")

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
NODE_MODULES = ROOT / "node_modules"
#: browser libraries served from node_modules (installed by npm, not copied)
VENDOR = {
    "msgpack.min.js": "@msgpack/msgpack/dist.umd/msgpack.min.js",
    "fast-json-patch.min.js": "fast-json-patch/dist/fast-json-patch.min.js",
}


def games_info() -> list[dict[str, Any]]:
    """Every registered game's metadata, JSON-clean."""
    return [engine.info.to_dict() for engine in engines.REGISTRY.values()]


class RateLimiter:
    """Token bucket: ``rate`` messages per second, bursts up to ``burst``.

    A message over the limit is refused (``allow`` is False) and counts as a
    strike; strikes drain at ``rate`` per second too, so a client that keeps
    sending faster than twice the rate piles them up.  ``flooding`` (more
    than ``3 * burst`` strikes outstanding) means persistent flooding: the
    session closes with 1008.  A client that once went over the limit and
    then slowed down is forgiven.
    """

    __slots__ = ("rate", "burst", "tokens", "stamp", "strikes")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.strikes = 0.0

    def allow(self) -> bool:
        now = time.monotonic()
        elapsed = max(0.0, now - self.stamp)
        self.stamp = now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.strikes = max(0.0, self.strikes - elapsed * self.rate)
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.strikes += 1
        return False

    @property
    def flooding(self) -> bool:
        return self.strikes > 3 * self.burst


class Lobby:
    """One lobby process: Redis store, table commands, fan-out, connections."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.redis: aioredis.Redis | None = None
        self.store: Store
        self.rooms: Rooms
        self.fanout: Fanout
        self.conns: set[Conn] = set()
        self.stopping = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self._lobby_dirty = asyncio.Event()
        self.draining = False
        self._list_cache: dict[str | None, tuple[float, list[dict[str, Any]]]] = {}
        self._list_gen = 0  # bumped on every table-list change
        self.trusted = quota.trusted_networks(settings.trusted_proxies)
        #: each open connection's client address (:func:`quota.client_address`)
        self.addrs: dict[Conn, str] = {}

    # -- lifecycle ---------------------------------------------------------
    async def startup(self) -> None:
        self.store = await store_connect(self.settings.redis_url, self.settings.key_prefix)
        self.redis = self.store.redis
        self.rooms = Rooms(self.store, self.settings)
        self.fanout = Fanout(self.store, self._lobby_changed, self.settings.chat_keep)
        self.replays = Replays(self.store, self.settings)
        self.read_limits = ReadLimits(self.settings.read_rate_per_s, self.settings.read_burst)
        # commit against the doc the fan-out holds, and show each commit here at once
        self.rooms.cached = self.fanout.cached
        self.rooms.committed = self.fanout.deliver
        self.tasks = [
            asyncio.create_task(self.fanout.run(self.stopping), name="fanout"),
            asyncio.create_task(self._timer_loop(), name="timers"),
            asyncio.create_task(self._lobby_loop(), name="lobby-list"),
            asyncio.create_task(self._lease_loop(), name="leases"),
        ]
        await asyncio.wait_for(self.fanout.wait_ready(), timeout=30)
        _tune_gc()

    async def drain(self, wait_s: float = 1.0) -> None:
        """Tell every client to reconnect elsewhere (``bye`` then close 1001)
        and wait up to ``wait_s`` for those frames to leave."""
        self.draining = True
        bye = encode({"t": "bye", "reason": "shutdown", "now": now_ms()})
        for conn in list(self.conns):
            conn.send(bye, "bye")
            conn.close(CloseCode.WS_1001_GOING_AWAY)
        deadline = asyncio.get_running_loop().time() + wait_s
        while self.conns and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)

    async def shutdown(self) -> None:
        self.stopping.set()
        await self.drain(0)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.redis is not None:
            self.replays.close()
            await self.store.aclose()

    async def _timer_loop(self) -> None:
        poll = self.settings.timer_poll_ms / 1000
        while not self.stopping.is_set():
            try:
                for table_id in await self.store.due_timers(now_ms()):
                    try:
                        await self.rooms.fire_timer(table_id)
                    except LobbyError as exc:
                        log.info("timer of %s: %s", table_id, exc)
            except (redis.exceptions.RedisError, OSError) as exc:
                log.warning("timer loop: %s", exc)
                await asyncio.sleep(0.5)
            except Exception:
                log.exception("timer loop")
            await asyncio.sleep(poll)

    async def _lobby_loop(self) -> None:
        while not self.stopping.is_set():
            await self._lobby_dirty.wait()
            self._lobby_dirty.clear()
            subs = [c for c in self.conns if c.lobby_sub is not False]
            if subs:
                frames: dict[str | None, bytes] = {}
                try:
                    for conn in subs:
                        game = conn.lobby_sub if isinstance(conn.lobby_sub, str) else None
                        if game not in frames:
                            frames[game] = encode({"t": "tables", "tables": await self.table_list(game), "now": now_ms()})
                        conn.send(frames[game], "tables")
                except (redis.exceptions.RedisError, OSError):
                    continue
            await asyncio.sleep(0.25)

    async def _lease_loop(self) -> None:
        last_sweep = 0.0
        while not self.stopping.is_set():
            await asyncio.sleep(SPECTATOR_REFRESH_S)
            with contextlib.suppress(redis.exceptions.RedisError, OSError):
                await self.fanout.refresh_spectator_leases()
                if time.monotonic() - last_sweep >= SWEEP_S:
                    last_sweep = time.monotonic()
                    await self.rooms.sweep()

    def _lobby_changed(self) -> None:
        """A table-list change was published: drop cached lists, push fresh ones."""
        self._list_gen += 1
        self._list_cache.clear()
        self._lobby_dirty.set()

    async def table_list(self, game: str | None = None) -> list[dict[str, Any]]:
        """Summaries of live listed tables (optionally of one game): of the
        newest :data:`LIST_SCAN`, at most ``Settings.listed_per_addr``
        opened from one client address, taken in turns newest first
        (:func:`quota.rank_listing`), at most :data:`LIST_LIMIT`; cached for
        :data:`LIST_CACHE_S` so a flood of list requests costs Redis
        nothing more."""
        now_s = time.monotonic()
        cached = self._list_cache.get(game)
        if cached is not None and now_s - cached[0] < LIST_CACHE_S:
            return cached[1]
        now = now_ms()
        generation = self._list_gen
        ids = await self.store.list_tables(game, LIST_SCAN)
        docs = []
        for table_id, loaded in zip(ids, await asyncio.gather(*(self.store.load_room(t) for t in ids))):
            if loaded is None or not tables.live(loaded[1]):
                await self.store.set_listed(table_id, 0, False, game)  # stale entry
                continue
            docs.append(loaded[1])
        shown = quota.rank_listing(docs, self.settings.listed_per_addr, LIST_LIMIT)
        out = [tables.summary(doc, await self.store.spectators(doc["id"], now)) for doc in shown]
        if generation == self._list_gen:  # nothing changed while we read: reusable
            self._list_cache[game] = (now_s, out)
        if game is None:
            metrics.TABLES.clear()
            for doc in docs:
                metrics.TABLES.labels(doc["game"], doc["status"]).inc()
        return out

    # -- websocket ---------------------------------------------------------
    def origin_allowed(self, ws: WebSocket) -> bool:
        """Whether a websocket may connect, by its ``Origin`` header.

        No Origin: not a browser (cross-site websocket hijacking needs one),
        allowed.  With ``LOBBY_ORIGINS`` set: the Origin must be one of those
        (compared as scheme://host:port, case-insensitively, default ports
        filled in).  Unset: the Origin must name the host the request was
        sent to (its ``Host`` header).  Several Origin headers, ``null`` and
        anything that is not a plain http(s) origin are refused.
        """
        headers = Headers(scope=ws.scope)  # not cached on the websocket for its whole life
        origins = headers.getlist("origin")
        if not origins:
            return True  # not a browser: cross-site hijacking needs a browser
        if len(origins) > 1:
            return False
        origin = _origin_key(origins[0])
        if origin is None:
            return False
        allowed = {_origin_key(o) for o in self.settings.origins.split(",") if o.strip()}
        if allowed:
            return origin in allowed
        host = _origin_key("http://" + headers.get("host", ""))
        if host is None or origin[1] != host[1]:
            return False
        if ":" in headers.get("host", "").rsplit("]", 1)[-1]:
            return origin[2] == host[2]  # Host names its port: the same one
        return origin[2] in (80, 443)  # Host on a default port (http or https)

    async def websocket(self, ws: WebSocket) -> None:
        """One client session, one task: frames are read, checked (size,
        rate limit) and handled one at a time in this task (a command in progress always finishes before
        the session lets go of its tables), frames out are written by
        :class:`Conn` straight to the socket.  The session ends when the
        peer goes away or the server closes the connection (the close puts
        a disconnect in the receive queue; a peer that takes nothing is
        reset after :data:`lobby.fanout.CLOSE_GRACE_S`)."""
        if self.draining:
            await ws.close(CloseCode.WS_1013_TRY_AGAIN_LATER)
            return
        if not self.origin_allowed(ws):
            await ws.close(CloseCode.WS_1008_POLICY_VIOLATION)  # before accept: HTTP 403
            return
        await ws.accept()
        proto = _protocol_of(ws)
        _spread_keepalive(proto)
        _drop_handshake(proto)
        conn = Conn(ws, self.settings.send_queue, getattr(proto, "transport", None), proto)
        _limit_send_buffer(conn.transport)
        self.conns.add(conn)
        self.addrs[conn] = quota.client_address(ws.scope, self.trusted)
        metrics.CONNECTIONS.inc()
        watchdog = self._watchdog(conn)
        limiter = RateLimiter(self.settings.rate_per_s, self.settings.rate_burst)
        max_frame = self.settings.max_frame
        try:
            # the read loop is inline: one coroutine frame less per open connection
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                frame = msg.get("bytes") if msg.get("bytes") is not None else msg.get("text")
                if frame is None:
                    continue
                size = len(frame) if isinstance(frame, (bytes, bytearray)) else len(frame.encode("utf-8", "surrogatepass"))
                if size > max_frame:  # the websocket layer refuses these first
                    conn.close(CloseCode.WS_1009_MESSAGE_TOO_BIG)
                    break
                if not limiter.allow():
                    self._error(conn, ErrorCode.RATE_LIMITED, "too many messages; slow down", peek_ref(frame))
                    if limiter.flooding:
                        conn.close(CloseCode.WS_1008_POLICY_VIOLATION)
                    continue
                await self.handle_frame(conn, frame)
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("session reader failed")
            conn.close(CloseCode.WS_1011_INTERNAL_ERROR)
        finally:
            watchdog.cancel()
            self.conns.discard(conn)
            self.addrs.pop(conn, None)
            metrics.CONNECTIONS.dec()
            conn.close(conn.close_code or CloseCode.WS_1000_NORMAL)
            with contextlib.suppress(Exception):
                await self.fanout.detach_all(conn)
            if not await conn.wait_sent(CLOSE_GRACE_S):  # the peer takes nothing, not even the close frame
                conn.abort()

    def _watchdog(self, conn: Conn) -> "_Watchdog":
        """Close ``conn`` with 1008 if it has not signed in
        ``hello_timeout_s`` after the upgrade, and with 1000 once it has
        followed no table and no table list for ``idle_timeout_s`` (looked
        at every quarter of that, so closed within 1.25 times it).  Pings do
        not count: a socket must follow something to stay (``idle_timeout_s``
        0: never closed for that).  Returns the
        timer holder (``cancel()`` it when the session ends)."""
        loop = asyncio.get_running_loop()
        idle_s = self.settings.idle_timeout_s
        dog = _Watchdog()

        def check(idle_since: float | None) -> None:
            if conn.closed:
                return
            if conn.pid is None:
                conn.close(CloseCode.WS_1008_POLICY_VIOLATION)
                return
            if idle_s <= 0:
                return
            now = loop.time()
            if conn.tables or conn.lobby_sub is not False:
                idle_since = None
            elif idle_since is None:
                idle_since = now
            elif now - idle_since >= idle_s:
                conn.close(CloseCode.WS_1000_NORMAL)
                return
            dog.timer = loop.call_later(idle_s / 4, check, idle_since)

        dog.timer = loop.call_later(self.settings.hello_timeout_s, check, None)
        return dog

    def _error(self, conn: Conn, code: ErrorCode, message: str, ref: Any = None, **extra: Any) -> None:
        metrics.ERRORS.labels(code.value).inc()
        conn.send(encode(error(code, message, ref, **extra)), "error")

    async def handle_frame(self, conn: Conn, frame: Any) -> None:
        """Decode, validate and dispatch one client frame; every refusal is
        an error frame to this connection alone.

        The whole message is checked against its schema (:func:`parse`)
        before any handler runs, so a refused frame touches no table."""
        ref = None
        try:
            msg = parse(decode(frame, self.settings.max_frame))
            ref = msg.ref
            if msg.type != "hello" and conn.pid is None:
                raise ProtocolError(ErrorCode.NOT_SIGNED_IN, "send hello first", ref)
            handler = getattr(self, f"on_{msg.type}")
            before = conn.pid
            await handler(conn, msg)
            if before is not None and conn.pid != before:
                # another identity on this socket: views projected for the
                # previous player's seats must not keep flowing to it
                await self.fanout.detach_all(conn)
        except ProtocolError as exc:
            self._error(conn, exc.code, str(exc), exc.ref if exc.ref is not None else ref)
        except LobbyError as exc:
            self._error(conn, exc.code, str(exc), ref)
        except (redis.exceptions.RedisError, OSError):
            log.warning("redis unavailable while handling a frame")
            self._error(conn, ErrorCode.BUSY, "storage unavailable; retry shortly", ref)
        except Exception:
            log.exception("handling a frame")
            self._error(conn, ErrorCode.INTERNAL, "internal error", ref)

    def _reply(self, conn: Conn, msg: Message, body: dict[str, Any]) -> None:
        if msg.ref is not None:
            body["ref"] = msg.ref
        conn.send(encode(body))

    # -- handlers (one per client message type; see docs/protocol.md) ------
    async def on_hello(self, conn: Conn, msg: Message) -> None:
        if msg["proto"] != PROTOCOL_VERSION:
            raise ProtocolError(ErrorCode.PROTOCOL_VERSION, f"server speaks protocol {PROTOCOL_VERSION}", msg.ref)
        pid, token, player = await sign_in(self.store, self.settings, msg.get("name"), msg.get("token"))
        conn.pid, conn.name = pid, player.get("name")
        self._reply(
            conn,
            msg,
            {
                "t": "welcome",
                "proto": PROTOCOL_VERSION,
                "token": token,
                "player": {"name": player.get("name"), "coins": player.get("coins", 0)},
                "tables": await self.store.player_tables(pid),
                "games": games_info(),
                "now": now_ms(),
            },
        )

    async def on_ping(self, conn: Conn, msg: Message) -> None:
        self._reply(conn, msg, {"t": "pong", "now": now_ms()})

    async def on_tables(self, conn: Conn, msg: Message) -> None:
        if "sub" in msg.fields:
            # False: no pushes; True: every game; a game id: that game only
            conn.lobby_sub = (msg.get("game") or True) if msg["sub"] else False
        self._reply(conn, msg, {"t": "tables", "tables": await self.table_list(msg.get("game")), "now": now_ms()})

    async def _seated(self, conn: Conn, msg: Message, table_id: str, seat: int) -> None:
        self._reply(conn, msg, {"t": "joined", "table": table_id, "seat": seat})
        await self.fanout.attach(conn, table_id, conn.pid)

    async def on_quick(self, conn: Conn, msg: Message) -> None:
        table_id, seat = await self.rooms.quick(
            msg["game"], conn.pid, conn.name, msg.get("bots", False), msg.get("options"), opener=self._opener(conn)
        )
        await self._seated(conn, msg, table_id, seat)

    async def on_open(self, conn: Conn, msg: Message) -> None:
        doc = await self.rooms.open(
            msg["game"],
            seats=msg.get("seats"),
            turn_ms=msg.get("turn_ms"),
            options=msg.get("options"),
            private=msg.get("private", False),
            bots=msg.get("bots", False),
            games=msg.get("games"),
            pid=conn.pid,
            opener=self._opener(conn),
        )
        try:
            seat = await self.rooms.join(doc["id"], conn.pid, conn.name)
        except LobbyError:
            await self.rooms.abandon(doc["id"])  # no empty table left behind
            raise
        await self._seated(conn, msg, doc["id"], seat)

    async def on_join(self, conn: Conn, msg: Message) -> None:
        seat = await self.rooms.join(msg["table"], conn.pid, conn.name, msg.get("seat"))
        await self._seated(conn, msg, msg["table"], seat)

    async def on_watch(self, conn: Conn, msg: Message) -> None:
        await self.fanout.attach(conn, msg["table"], None, msg.ref)

    async def on_unwatch(self, conn: Conn, msg: Message) -> None:
        await self.fanout.detach(conn, msg["table"])

    async def on_leave(self, conn: Conn, msg: Message) -> None:
        await self.rooms.leave(msg["table"], conn.pid)
        self._reply(conn, msg, {"t": "left", "table": msg["table"]})

    def _opener(self, conn: Conn) -> dict[str, str]:
        """Who opens a table from ``conn``, for the quotas no new sign-in resets."""
        return {"addr": self.addrs.get(conn, "unknown"), "conn": conn.id}

    def _ack(self, conn: Conn, msg: Message) -> None:
        """``ok`` for a command that has no other reply, when it asked (``ref``)."""
        if msg.ref is not None:
            self._reply(conn, msg, {"t": "ok", "table": msg["table"]})

    async def on_start(self, conn: Conn, msg: Message) -> None:
        await self.rooms.start(msg["table"], conn.pid)
        self._ack(conn, msg)

    async def on_ready(self, conn: Conn, msg: Message) -> None:
        await self.rooms.ready(msg["table"], conn.pid)
        self._ack(conn, msg)

    async def on_back(self, conn: Conn, msg: Message) -> None:
        await self.rooms.back(msg["table"], conn.pid)
        self._ack(conn, msg)

    async def on_chat(self, conn: Conn, msg: Message) -> None:
        viewer = conn.tables.get(msg["table"])
        if viewer is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "watch or join the table to chat there")
        now = time.monotonic()
        interval_s = self.settings.chat_interval_ms / 1000
        if now - conn.last_chat < interval_s:
            raise LobbyError(ErrorCode.RATE_LIMITED, f"one chat line per {interval_s:g} s")
        conn.last_chat = now
        # spectator: no seat in the view this connection was last sent
        await self.rooms.chat(msg["table"], conn.name, msg["text"], viewer.seat is None)
        self._ack(conn, msg)

    async def on_me(self, conn: Conn, msg: Message) -> None:
        player = await self.store.player(conn.pid)
        stats = {k: v for k, v in player.items() if ":" in k}
        self._reply(conn, msg, {"t": "me", "player": {"name": player.get("name"), "coins": player.get("coins", 0)}, "stats": stats})

    async def on_sync(self, conn: Conn, msg: Message) -> None:
        viewer = conn.tables.get(msg["table"])
        if viewer is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "you are not watching that table")
        await self.fanout.refresh(msg["table"])
        self.fanout.snapshot(viewer, msg.ref)

    async def on_move(self, conn: Conn, msg: Message) -> None:
        version = await self.rooms.move(msg["table"], conn.pid, msg["turn"], msg["move"])
        if msg.ref is not None:
            self._reply(conn, msg, {"t": "ok", "table": msg["table"], "version": version})


SPECTATOR_REFRESH_S = 20
#: how long a built table list is reused (s)
LIST_CACHE_S = 0.5
#: tables a list shows at most, and the newest listed tables it looks at to choose them
LIST_LIMIT = 200
LIST_SCAN = 600
#: how often each process makes sure every live table has a timer hint (s)
SWEEP_S = 30
#: kernel send buffer of each websocket (bytes; Linux doubles it): bounds what
#: a client that stops reading can pin, and makes it a slow reader sooner
SEND_BUFFER_BYTES = 64 * 1024


#: young-generation size and collections between older ones (CPython's
#: defaults are 700, 10, 10): with a thousand sessions, the default made a
#: full collection every ~3 s that paused the process ~90 ms (W1's p99)
GC_THRESHOLDS = (7_000, 20, 100)


class _Watchdog:
    """The pending timer of a session's hello and idle checks."""

    __slots__ = ("timer",)

    def cancel(self) -> None:
        self.timer.cancel()


def _tune_gc() -> None:
    """Fewer, larger young collections and rare full ones; what start-up
    made (modules, engines' tables) is moved out of the collector's sight."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _origin_key(origin: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an http(s) origin, lower-cased, default
    port filled in; None for anything else (``null``, paths, user info)."""
    try:
        parts = urlsplit(origin.strip().lower().rstrip("/"))
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc:
        return None
    if parts.path or parts.query or parts.fragment:
        return None
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


def _protocol_of(ws: WebSocket) -> Any:
    """The server's protocol object under a websocket, where the server
    exposes it (uvicorn's protocols hand their bound ``receive`` to the app)
    and it has an asyncio transport; else None."""
    proto = getattr(getattr(ws, "_receive", None), "__self__", None)
    return proto if hasattr(getattr(proto, "transport", None), "abort") else None


def _drop_handshake(proto: Any) -> None:
    """Let go of the handshake's request and response that uvicorn's
    protocol keeps after the accept (~3 KiB of headers per connection)."""
    if proto is not None and getattr(proto, "handshake_complete", False):
        for name in ("request", "response"):
            if hasattr(proto, name):
                setattr(proto, name, None)


def _spread_keepalive(proto: Any) -> None:
    """Move a new connection's first keepalive ping (uvicorn's, every
    ``ws_ping_interval`` s from the accept) to a random point of the first
    interval, so clients that connected together are not pinged together
    ever after (2,000 pings in one burst were W3's slowest frames)."""
    timer = getattr(proto, "ping_timer", None)
    interval = getattr(proto, "ping_interval", None)
    if timer is None or not interval or not hasattr(proto, "send_keepalive_ping"):
        return
    timer.cancel()
    proto.ping_timer = asyncio.get_running_loop().call_later(random.uniform(0.1, interval), proto.send_keepalive_ping)


def _limit_send_buffer(transport: Any) -> None:
    if transport is None:
        return
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, AttributeError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER_BYTES)


def http_error(status: int, code: ErrorCode, message: str, headers: dict[str, str] | None = None) -> Response:
    """A JSON error answer ``{"error": message, "code": code}``."""
    return JSONResponse({"error": message, "code": code.value}, status_code=status, headers=headers)


async def gzipped(request: Request, body: bytes) -> Response:
    """A stored gzipped JSON body: as it is to a client that accepts gzip,
    else inflated in a thread (zlib lets go of the GIL)."""
    accepts = {part.split(";")[0].strip().lower() for part in request.headers.get("accept-encoding", "").split(",")}
    if "gzip" in accepts:
        return Response(body, media_type="application/json", headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
    return Response(await run_in_threadpool(gzip.decompress, body), media_type="application/json", headers={"Vary": "Accept-Encoding"})


def create_app(settings: Settings | None = None) -> "LobbyApp":
    """The ASGI app of one lobby process."""
    settings = settings or Settings.from_env()
    lobby = Lobby(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        await lobby.startup()
        try:
            yield
        finally:
            await lobby.shutdown()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def healthz(request: Request) -> Response:
        try:
            await lobby.redis.ping()
        except (redis.exceptions.RedisError, OSError):
            return JSONResponse({"ok": False, "redis": False}, status_code=503)
        return JSONResponse({"ok": True, "redis": True, "proto": PROTOCOL_VERSION, "pid": os.getpid()})

    async def api_tables(request: Request) -> Response:
        return JSONResponse(await lobby.table_list(request.query_params.get("game")))

    async def api_games(request: Request) -> Response:
        return JSONResponse(games_info())

    async def bearer_player(request: Request) -> str | None:
        """The player id of an ``Authorization: Bearer <token>`` header, or None."""
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not 0 < len(token) <= 128:
            return None
        return await lobby.store.session_player(token.strip(), lobby.settings.token_ttl_s)

    def bad_table_id(table_id: str) -> bool:
        return not (0 < len(table_id) <= 64 and all(c.isascii() and (c.isalnum() or c in "_-") for c in table_id))

    def replay_read(handler: Any) -> Any:
        """A replay route: the client address's read quota first (429), then
        a well-formed table id (404), then ``handler(request, table_id)``;
        the cache's refusals become HTTP errors (503 busy, 500 a log that
        does not replay)."""

        async def route(request: Request) -> Response:
            wait = lobby.read_limits.retry_after(quota.client_address(request.scope, lobby.trusted))
            if wait:
                metrics.READS_LIMITED.inc()
                return http_error(429, ErrorCode.RATE_LIMITED, "too many replay reads; slow down", {"Retry-After": str(max(1, math.ceil(wait)))})
            table_id = request.path_params["table_id"]
            if bad_table_id(table_id):
                return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such table")
            try:
                return await handler(request, table_id)
            except Busy:
                return http_error(503, ErrorCode.BUSY, "replays are being built; retry shortly", {"Retry-After": "1"})
            except (redis.exceptions.RedisError, OSError):
                return http_error(503, ErrorCode.BUSY, "storage unavailable; retry shortly", {"Retry-After": "1"})
            except ValueError as exc:
                return http_error(500, ErrorCode.INTERNAL, f"the log does not replay: {exc}")

        return route

    @replay_read
    async def api_replay(request: Request, table_id: str) -> Response:
        first = request.query_params.get("from", "1")
        if not (first.isascii() and first.isdigit() and len(first) <= 9):
            return http_error(400, ErrorCode.BAD_MESSAGE, "from: a game number")
        done = await lobby.replays.finished(table_id)
        if not done:
            return http_error(404, ErrorCode.NO_SUCH_TABLE, "no finished game at that table")
        later = [n for n in done if n >= int(first)]
        shown, rest = later[: lobby.settings.replay_list_page], later[lobby.settings.replay_list_page :]
        records = await lobby.replays.records(table_id, shown)
        yours: dict[str, int] = {}
        pid = await bearer_player(request)
        if pid is not None:
            for n in shown:
                entry = await lobby.replays.game(table_id, n) or {"owners": {}}
                yours.update({str(n): int(seat) for seat, owner in entry["owners"].items() if owner == pid})
        head = b'{"table":' + replay.json_bytes(table_id) + b',"next":' + replay.json_bytes(rest[0] if rest else None)
        body = head + b',"yours":' + replay.json_bytes(yours) + b',"games":[' + b",".join(records) + b"]}"
        return Response(body, media_type="application/json")

    @replay_read
    async def api_replay_frames(request: Request, table_id: str) -> Response:
        game_no = request.path_params["game_no"]
        seat_param = request.query_params.get("seat", "")
        page_param = request.query_params.get("page", "0")
        if not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in (page_param, *([seat_param] if seat_param else []))):
            return http_error(400, ErrorCode.BAD_MESSAGE, "seat and page: non-negative integers")
        entry = await lobby.replays.game(table_id, game_no)
        if entry is None:
            return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such finished game")
        seat = int(seat_param) if seat_param else None
        if seat is not None and seat >= entry["seats"]:
            return http_error(400, ErrorCode.BAD_MESSAGE, "bad seat")
        if seat is not None and entry["owners"].get(str(seat)) != await bearer_player(request):
            # a seat's view shows what only its owner saw (a mucked hole card)
            return http_error(403, ErrorCode.NOT_YOUR_SEAT, "a seat's point of view is only for the player who held it (Authorization: Bearer <token>)")
        body = await lobby.replays.page(table_id, entry, game_no, seat, int(page_param))
        if body is None:
            return http_error(404, ErrorCode.NO_SUCH_TABLE, "no such page")
        return await gzipped(request, body)

    async def metrics_endpoint(request: Request) -> Response:
        return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    async def vendor(request: Request) -> Response:
        rel = VENDOR.get(request.path_params["name"])
        if rel is None or not (NODE_MODULES / rel).is_file():
            return Response("not found (run npm install)", status_code=404)
        return FileResponse(NODE_MODULES / rel, headers={"Cache-Control": "max-age=3600"})

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/metrics", metrics_endpoint),
        Route("/api/tables", api_tables),
        Route("/api/games", api_games),
        Route("/api/tables/{table_id:str}/replay", api_replay),
        Route("/api/tables/{table_id:str}/replay/{game_no:int}", api_replay_frames),
        Route("/vendor/{name}", vendor),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.lobby = lobby
    return LobbyApp(app, lobby)


class LobbyApp:
    """The ASGI app: websocket sessions at ``/ws`` go straight to
    :meth:`Lobby.websocket` (a Starlette ``WebSocket`` without the router
    and middleware coroutines, which held ~8 frames per open connection for
    its whole life), everything else to the Starlette app, whose ``state``
    this shares."""

    def __init__(self, app: Starlette, lobby: Lobby) -> None:
        self.app = app
        self.lobby = lobby
        self.state = app.state

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket" and scope["path"] == "/ws":
            await self.lobby.websocket(WebSocket(scope, receive, send))
            return
        await self.app(scope, receive, send)
