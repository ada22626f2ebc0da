"""One client's websocket session: its reader, its writer, its limits.

A :class:`Session` is one task per connection (``LobbyApp`` hands it the
websocket): it admits the upgrade (origin, draining), then reads frames,
checks them (size, :class:`RateLimiter`) and runs each command to its end
in that same task, one at a time, so the command in progress always
finishes before the session lets go of its tables.  Its ``on_<type>``
methods are the handlers, one per client message type of
docs/protocol.md.  Frames out go through its :class:`Conn`, which writes
them straight to the socket; the fan-out holds the same ``Conn`` for every
table the session follows.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import redis.exceptions
from starlette.datastructures import Headers
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import failpoints, metrics, quota, ratings, tables, tcp, uvicorn_adapter
from .endpoints import games_info
from .fanout import check_follow, end_signed_out
from .protocol import PROTOCOL_VERSION, CloseCode, ErrorCode, Message, ProtocolError, decode, encode, error, parse, peek_ref, shown_name
from .conn import CLOSE_GRACE_S, CLOSE_REASONS, Conn  # noqa: F401 (re-exported)
from .sessions import sign_in
from .store import now_ms
from .tables import MAX_TURN_MS, LobbyError

if TYPE_CHECKING:
    from .app import Lobby

log = logging.getLogger("lobby")

#: a signed-in connection counts as present this long after its last
#: refresh (every ``app.SPECTATOR_REFRESH_S``), so one lost with its process
#: stops counting then (ms)
PRESENCE_LEASE_MS = 60_000
#: kernel send buffer of each websocket (bytes; Linux doubles it): bounds what
#: a client that stops reading can pin, and makes it a slow reader sooner
SEND_BUFFER_BYTES = 64 * 1024


def _reason(exc: ProtocolError | LobbyError) -> dict[str, Any]:
    """The error frame's ``reason`` field of a refusal, when it has one, and
    its figures (``need``, ``have``: ints), when it has them."""
    extra: dict[str, Any] = {"reason": exc.reason} if exc.reason else {}
    extra.update(getattr(exc, "figures", None) or {})
    return extra



# -- the reader's limits and the upgrade ---------------------------------------


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


def origin_allowed(ws: WebSocket, origins: str) -> bool:
    """Whether a websocket may connect, by its ``Origin`` header
    (``origins``: ``Settings.origins``, comma-separated).

    No Origin: not a browser (cross-site websocket hijacking needs one),
    allowed.  With ``LOBBY_ORIGINS`` set: the Origin must be one of those
    (compared as scheme://host:port, case-insensitively, default ports
    filled in).  Unset: the Origin must name the host the request was
    sent to (its ``Host`` header).  Several Origin headers, ``null`` and
    anything that is not a plain http(s) origin are refused.
    """
    headers = Headers(scope=ws.scope)  # not cached on the websocket for its whole life
    found = headers.getlist("origin")
    if not found:
        return True  # not a browser: cross-site hijacking needs a browser
    if len(found) > 1:
        return False
    origin = _origin_key(found[0])
    if origin is None:
        return False
    allowed = {_origin_key(o) for o in origins.split(",") if o.strip()}
    if allowed:
        return origin in allowed
    host = _origin_key("http://" + headers.get("host", ""))
    if host is None or origin[1] != host[1]:
        return False
    if ":" in headers.get("host", "").rsplit("]", 1)[-1]:
        return origin[2] == host[2]  # Host names its port: the same one
    return origin[2] in (80, 443)  # Host on a default port (http or https)


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


# -- the session ---------------------------------------------------------------


class Session:
    """One client's websocket session, run by :meth:`run` in one task.

    It owns the reader (the loop of :meth:`run`), the writer (``conn``, a
    :class:`Conn`), the rate limit (``limiter``), the client's address
    (``addr``, :func:`quota.client_address`) and the hello/idle watchdog
    (``watchdog``, a timer handle).  The process-wide parts it commands
    (``settings``, ``store``, ``rooms``, ``fanout``, ``table_list``) are
    the :class:`lobby.app.Lobby`'s, copied here at creation so a frame
    reaches them in one step.
    """

    __slots__ = ("lobby", "settings", "store", "rooms", "fanout", "table_list", "max_frame", "ws", "conn", "addr", "limiter", "watchdog")

    def __init__(self, lobby: Lobby, ws: WebSocket) -> None:
        self.lobby = lobby
        self.settings = lobby.settings
        self.store, self.rooms, self.fanout, self.table_list = lobby.store, lobby.rooms, lobby.fanout, lobby.table_list
        self.max_frame = lobby.settings.max_frame
        self.ws = ws
        self.conn: Conn
        self.addr = "unknown"
        self.limiter: RateLimiter
        self.watchdog: asyncio.TimerHandle | None = None

    async def run(self) -> None:
        """The whole session: refuse the upgrade while the process drains
        (1013) or from a foreign origin (1008, an HTTP 403), close it (1013)
        when its address has ``ws_per_addr`` websockets open here, else accept and
        read until the peer goes away or the server closes the connection
        (the close puts a disconnect in the receive queue; a peer that
        takes nothing is reset after :data:`CLOSE_GRACE_S`).  Never raises."""
        ws, lobby = self.ws, self.lobby
        if lobby.draining:
            await ws.close(CloseCode.WS_1013_TRY_AGAIN_LATER)
            return
        if not origin_allowed(ws, self.settings.origins):
            await ws.close(CloseCode.WS_1008_POLICY_VIOLATION)  # before accept: HTTP 403
            return
        addr = quota.client_address(ws.scope, lobby.trusted)
        await ws.accept()
        if not lobby.ws_slots.take(addr):  # given back in the finally below
            # each socket may hold a send queue (LOBBY_SEND_QUEUE_BYTES): one address holds a bounded number
            await ws.close(CloseCode.WS_1013_TRY_AGAIN_LATER, "too many connections from your address")
            return
        proto = uvicorn_adapter.protocol_of(ws)
        uvicorn_adapter.spread_keepalive(proto)
        uvicorn_adapter.drop_handshake(proto)
        conn = self.conn = Conn(ws, self.settings.send_queue, uvicorn_adapter.transport_of(proto), proto, self.settings.send_queue_bytes)
        tcp.limit_send_buffer(conn.transport.get_extra_info("socket") if conn.transport is not None else None, SEND_BUFFER_BYTES)
        lobby.conns.add(conn)
        self.addr = addr
        loop = asyncio.get_running_loop()
        self.watchdog = loop.call_later(self.settings.hello_timeout_s, self._check_idle, None)
        limiter = self.limiter = RateLimiter(self.settings.rate_per_s, self.settings.rate_burst)
        max_frame = self.max_frame
        try:
            # the read loop is inline: one coroutine frame less per open connection
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect" or conn.closed:  # closed meanwhile (signed out): no more frames
                    break
                frame = msg.get("bytes") if msg.get("bytes") is not None else msg.get("text")
                if frame is None:
                    continue
                size = len(frame) if isinstance(frame, (bytes, bytearray)) else len(frame.encode("utf-8", "surrogatepass"))
                if size > max_frame:  # the websocket layer refuses these first
                    conn.close(CloseCode.WS_1009_MESSAGE_TOO_BIG)
                    break
                if not limiter.allow():
                    self.error(ErrorCode.RATE_LIMITED, "too many messages; slow down", peek_ref(frame))
                    if limiter.flooding:
                        conn.close(CloseCode.WS_1008_POLICY_VIOLATION)
                    continue
                await self.handle_frame(frame)
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("session reader failed")
            conn.close(CloseCode.WS_1011_INTERNAL_ERROR)
        finally:
            lobby.ws_slots.give_back(addr)
            self.watchdog.cancel()
            lobby.conns.discard(conn)
            conn.close(conn.close_code or CloseCode.WS_1000_NORMAL)
            with contextlib.suppress(Exception):
                await self.fanout.detach_all(conn)
            await self.signed_out(conn.pid)
            if not await conn.wait_sent(CLOSE_GRACE_S):  # the peer takes nothing, not even the close frame
                conn.abort()

    def _check_idle(self, idle_since: float | None) -> None:
        """The watchdog: close with 1008 if the client has not signed in
        ``hello_timeout_s`` after the upgrade, and with 1000 once it has
        followed no live table (a closed one changes no more) and no table
        list for ``idle_timeout_s`` (looked
        at every quarter of that, so closed within 1.25 times it).  Pings do
        not count: a socket must follow something to stay (``idle_timeout_s``
        0: never closed for that)."""
        conn = self.conn
        if conn.closed:
            return
        if conn.pid is None:
            conn.close(CloseCode.WS_1008_POLICY_VIOLATION)
            return
        idle_s = self.settings.idle_timeout_s
        if idle_s <= 0:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        if conn.lobby_sub is not False or any(self.fanout.live(table_id) for table_id in conn.tables):
            idle_since = None
        elif idle_since is None:
            idle_since = now
        elif now - idle_since >= idle_s:
            conn.close(CloseCode.WS_1000_NORMAL)
            return
        self.watchdog = loop.call_later(idle_s / 4, self._check_idle, idle_since)

    async def signed_out(self, pid: str | None) -> None:
        """This session no longer speaks for ``pid`` (closed, or signed in as
        someone else): if that was the player's last live connection on any
        process, its seats at tables that have not started are marked to be
        given up after the grace (:meth:`Rooms.absent`).  Never raises."""
        if pid is None:
            return
        self.fanout.unfollow_player(self.conn, pid)
        try:
            if not await self.store.drop_presence(pid, self.conn.id, now_ms()):
                await self.rooms.absent(pid)
        except (redis.exceptions.RedisError, OSError, LobbyError) as exc:
            # the sweep marks the seats once the connection's lease runs out
            log.warning("seats of a closed connection not marked absent: %s", exc)
        except Exception:
            log.exception("marking the seats of a closed connection absent")

    def error(self, code: ErrorCode, message: str, ref: Any = None, **extra: Any) -> None:
        """Send an error frame (docs/protocol.md) to this client alone."""
        metrics.ERRORS.labels(code.value).inc()
        self.conn.send(encode(error(code, message, ref, **extra)), "error")

    async def handle_frame(self, frame: Any) -> None:
        """Decode, validate and dispatch one client frame; every refusal is
        an error frame to this connection alone.  Never raises.

        The whole message is checked against its schema (:func:`parse`)
        before any handler runs, so a refused frame touches no table."""
        ref = None
        conn = self.conn
        try:
            msg = parse(decode(frame, self.max_frame))
            ref = msg.ref
            if msg.type != "hello" and conn.pid is None:
                raise ProtocolError(ErrorCode.NOT_SIGNED_IN, "send hello first", ref)
            handler = getattr(self, f"on_{msg.type}")
            before = conn.pid
            await handler(msg)
            if before is not None and conn.pid != before:
                # another identity on this socket: views projected for the
                # previous player's seats must not keep flowing to it
                await self.fanout.detach_all(conn)
                await self.signed_out(before)
        except ProtocolError as exc:
            self.error(exc.code, str(exc), exc.ref if exc.ref is not None else ref, **_reason(exc))
        except LobbyError as exc:
            self.error(exc.code, str(exc), ref, **_reason(exc))
        except (redis.exceptions.RedisError, OSError):
            log.warning("redis unavailable while handling a frame")
            self.error(ErrorCode.BUSY, "storage unavailable; retry shortly", ref)
        except Exception:
            log.exception("handling a frame")
            self.error(ErrorCode.INTERNAL, "internal error", ref)

    def reply(self, msg: Message, body: dict[str, Any]) -> None:
        """Send ``body`` in answer to ``msg`` (its ``ref`` echoed)."""
        if msg.ref is not None:
            body["ref"] = msg.ref
        self.conn.send(encode(body))

    def _ack(self, msg: Message, **fields: Any) -> None:
        """``ok`` for a command that has no other reply, when it asked
        (``ref``), after the delta of what it changed (the fan-out sends a
        table's versions at the end of the loop turn)."""
        if msg.ref is not None:
            body = {"t": "ok", "table": msg["table"], **fields}
            self.fanout.after_delivery(msg["table"], lambda: self.reply(msg, body))

    def _opener(self) -> dict[str, str]:
        """Who opens a table from this session, for the quotas no new sign-in resets."""
        return {"addr": self.addr, "conn": self.conn.id}

    async def _seated(self, msg: Message, table_id: str, seat: int) -> None:
        self.reply(msg, {"t": "joined", "table": table_id, "seat": seat})
        await self.fanout.attach(self.conn, table_id, self.conn.pid)

    # -- handlers (one per client message type; see docs/protocol.md) ------
    async def on_hello(self, msg: Message) -> None:
        if msg["proto"] != PROTOCOL_VERSION:
            raise ProtocolError(ErrorCode.PROTOCOL_VERSION, f"server speaks protocol {PROTOCOL_VERSION}", msg.ref)
        conn = self.conn
        pid, token, player = await sign_in(self.store, self.settings, msg.get("name"), msg.get("token"), self.addr)
        conn.pid, conn.name, conn.token = pid, player.get("name"), token
        await failpoints.wait_for("hello_signed_out", lambda: self._token_gone(token))
        await self.fanout.follow_player(conn)  # balance and sign-out pushes; then the reads, so none is missed
        store = self.store
        public = ratings.public_id(pid)
        *_, alive, raw_coins, _ = await store.run(
            [
                *store.presence_cmds(pid, conn.id, now_ms() + PRESENCE_LEASE_MS),
                ("EXISTS", store.session_key(token)),
                ("HGET", store.player_key(pid), "coins"),
                ("SET", store.pub_key(public), pid, "KEEPTTL"),  # the player's own profile is found before their first game ends (a new guest's lapses with its token)
            ]
        )
        if not int(alive):
            # signed out between the token's read and the push's follow: the push went before this socket listened
            end_signed_out(conn)
            return
        coins = int(raw_coins or 0)
        self.reply(
            msg,
            {
                "t": "welcome",
                "proto": PROTOCOL_VERSION,
                "token": token,
                "player": {"name": player.get("name"), "coins": coins, "claimed": bool(player.get("claimed")), "id": public},
                "tables": await self.store.player_tables(pid),
                "games": games_info(),
                # the turn times a table may have (ms): what the Open table form
                # offers; and the last part of a turn in which the page warns
                "turn_ms": {"min": self.settings.min_turn_ms, "max": MAX_TURN_MS, "default": self.settings.turn_ms, "urgent": self.settings.urgent_ms},
                "now": now_ms(),
            },
        )

    async def _token_gone(self, token: str) -> bool:
        return not (await self.store.tokens_alive([token]))[0]

    async def on_ping(self, msg: Message) -> None:
        self.reply(msg, {"t": "pong", "now": now_ms()})

    async def on_tables(self, msg: Message) -> None:
        if "sub" in msg.fields:
            # False: no pushes; True: every game; a game id: that game only
            self.conn.lobby_sub = (msg.get("game") or True) if msg["sub"] else False
        self.reply(msg, {"t": "tables", "tables": await self.table_list.get(msg.get("game")), "now": now_ms()})

    # Seating requests check everything, the connection's follow limit
    # included, before they write: one request, one outcome.
    async def on_quick(self, msg: Message) -> None:
        conn = self.conn
        check_follow(conn)
        table_id, seat = await self.rooms.quick(
            msg["game"], conn.pid, conn.name, msg.get("bots", False), msg.get("options"), opener=self._opener()
        )
        await self._seated(msg, table_id, seat)

    async def on_open(self, msg: Message) -> None:
        conn = self.conn
        check_follow(conn)
        doc, seat = await self.rooms.open(
            msg["game"],
            conn.pid,
            conn.name,
            seats=msg.get("seats"),
            turn_ms=msg.get("turn_ms"),
            options=msg.get("options"),
            private=msg.get("private", False),
            bots=msg.get("bots", False),
            games=msg.get("games"),
            opener=self._opener(),
        )
        await self._seated(msg, doc["id"], seat)

    async def on_join(self, msg: Message) -> None:
        conn = self.conn
        check_follow(conn, msg["table"])
        seat = await self.rooms.join(msg["table"], conn.pid, conn.name, msg.get("seat"))
        await self._seated(msg, msg["table"], seat)

    async def on_watch(self, msg: Message) -> None:
        await self.fanout.attach(self.conn, msg["table"], None, msg.ref)

    async def on_unwatch(self, msg: Message) -> None:
        await self.fanout.detach(self.conn, msg["table"])
        self._ack(msg)

    async def on_leave(self, msg: Message) -> None:
        await self.rooms.leave(msg["table"], self.conn.pid)
        self.reply(msg, {"t": "left", "table": msg["table"]})

    async def on_start(self, msg: Message) -> None:
        await self.rooms.start(msg["table"], self.conn.pid)
        self._ack(msg)

    async def on_ready(self, msg: Message) -> None:
        await self.rooms.ready(msg["table"], self.conn.pid)
        self._ack(msg)

    async def on_back(self, msg: Message) -> None:
        await self.rooms.back(msg["table"], self.conn.pid)
        self._ack(msg)

    async def on_chat(self, msg: Message) -> None:
        conn = self.conn
        viewer = conn.tables.get(msg["table"])
        if viewer is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "watch or join the table to chat there")
        now = time.monotonic()
        interval_s = self.settings.chat_interval_ms / 1000
        if now - conn.last_chat < interval_s:
            raise LobbyError(ErrorCode.RATE_LIMITED, f"one chat line per {interval_s:g} s")
        conn.last_chat = now
        # spectator: no seat in the view this connection was last sent; a seat's mark goes with its name ("Ana ②")
        seat = viewer.view["seats"][viewer.seat] if viewer.view and viewer.seat is not None and viewer.seat < len(viewer.view["seats"]) else None
        # a seat chats under the name it sits with, whatever the player is called since ("Bob" renamed "Ana");
        # a spectator whose name reads as a seat's or another spectator's gets a mark, as a seat would
        # ("Zelda ②" beside seated "Zelda", "BOB ②" after spectator "Bob")
        if seat:
            name = shown_name(seat.get("name", conn.name), seat.get("mark", 0))
        else:
            # the doc this process follows the table with (who sat here and left is not in the view);
            # none yet only before the table's first version came, when no view was sent either
            cached = self.fanout.cached(msg["table"])
            seated = tables.names_in_sight(cached[1], conn.pid) if cached is not None else []
            name = await self.rooms.spectator_name(msg["table"], conn.pid, conn.name, seated)
        await self.rooms.chat(msg["table"], conn.pid, name, msg["text"], viewer.seat is None)
        self._ack(msg)

    async def on_me(self, msg: Message) -> None:
        player = await self.store.player(self.conn.pid)
        stats = {k: v for k, v in player.items() if ":" in k and k.rpartition(":")[2] not in ratings.FIELDS}
        body = {"name": player.get("name"), "coins": player.get("coins", 0), "claimed": bool(player.get("claimed")), "id": ratings.public_id(self.conn.pid)}
        self.reply(msg, {"t": "me", "player": body, "stats": stats, "ratings": ratings.of_player(player)})

    # -- arenas (lobby.arenas) ---------------------------------------------
    async def on_arenas(self, msg: Message) -> None:
        self.reply(msg, {"t": "arenas", "arenas": await self.lobby.arenas.listed(msg.get("game")), "now": now_ms()})

    async def on_arena(self, msg: Message) -> None:
        view = await self.lobby.arenas.view(msg["arena"], self.conn.pid)
        self.reply(msg, view)
        if "sub" in msg.fields:  # from what was just sent: the pushes are patches of it
            self.lobby.arenas.follow(self.conn, msg["arena"] if msg["sub"] else None, view)

    async def on_arena_create(self, msg: Message) -> None:
        conn = self.conn
        player = await self.store.player(conn.pid)
        fields = {k: msg.get(k) for k in ("seats", "options", "turn_ms", "private") if k in msg.fields}
        doc = await self.lobby.arenas.create(conn.pid, conn.name, bool(player.get("claimed")), msg["game"], msg["minutes"], msg.get("start"), **fields)
        self.reply(msg, await self.lobby.arenas.view(doc["id"], conn.pid))

    async def on_arena_join(self, msg: Message) -> None:
        await self.lobby.arenas.join(msg["arena"], self.conn.pid, self.conn.name)
        self.reply(msg, await self.lobby.arenas.view(msg["arena"], self.conn.pid))

    async def on_arena_pause(self, msg: Message) -> None:
        await self.lobby.arenas.pause(msg["arena"], self.conn.pid)
        self.reply(msg, await self.lobby.arenas.view(msg["arena"], self.conn.pid))

    async def on_sync(self, msg: Message) -> None:
        viewer = self.conn.tables.get(msg["table"])
        if viewer is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "you are not watching that table")
        await self.fanout.refresh(msg["table"])
        self.fanout.snapshot(viewer, msg.ref)

    async def on_move(self, msg: Message) -> None:
        version = await self.rooms.move(msg["table"], self.conn.pid, msg["turn"], msg["move"])
        self._ack(msg, version=version)
