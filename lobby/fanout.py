"""Fan-out: from a committed table version to every local viewer's frame.

Each process subscribes to the channel of a table only while it has local
viewers of it.  On each version it projects the doc once per distinct
viewer seat (one view per seat, one for all spectators), diffs once per
distinct (old view, new view) as an RFC 6902 JSON Patch (:mod:`lobby.diff`), encodes once, and
queues the same bytes to every connection that shares them.  Deltas are
computed against what each connection was last sent, so a version the
process never saw (pub/sub is at-most-once) costs nothing but a bigger patch.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable

import redis.exceptions

from . import metrics, tables
from .diff import diff
from .protocol import CloseCode, encode
from .store import Store, now_ms, unpack

log = logging.getLogger("lobby.fanout")

SPECTATOR_LEASE_MS = 60_000
#: tables one connection may follow at once
MAX_TABLES_PER_CONN = 16


class Conn:
    """One websocket connection's outgoing side: a bounded queue and a writer.

    ``send`` never waits: a connection whose queue is full is a slow reader
    and is closed with 1013 (it reconnects and resyncs), so nobody waits for
    it.  ``close`` ends the connection after what is queued has been sent
    (``flush``) or at once, dropping the queue (a slow reader).  ``done`` is
    set by ``close`` so the session loop stops waiting for the peer;
    ``abort`` resets the TCP connection of a peer that does not take even
    the close frame (see :meth:`lobby.app.Lobby.websocket`).
    """

    def __init__(self, ws: Any, queue_size: int, transport: Any = None) -> None:
        self.id = secrets.token_hex(8)
        self.ws = ws
        self.transport = transport
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(queue_size)
        self.pid: str | None = None
        self.name: str | None = None
        self.closed = False
        self.close_code: int | None = None
        self.done = asyncio.Event()
        self.tables: dict[str, "Viewer"] = {}
        self.last_chat = 0.0  # monotonic time of the last chat line
        self.lobby_sub: bool | str = False  # table-list pushes: False, True (all) or a game id

    def send(self, data: bytes, kind: str = "msg") -> None:
        """Queue ``data``; ``kind`` labels the frames-sent metric."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(data)
            metrics.frames_sent(kind).inc()
        except asyncio.QueueFull:
            metrics.DROPPED.inc()
            self.close(CloseCode.WS_1013_TRY_AGAIN_LATER, flush=False)

    def close(self, code: int, flush: bool = True) -> None:
        """Close with ``code`` after what is queued is sent; with ``flush``
        False (or when the queue is full) drop what is queued and close at once."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        if not flush or self.queue.full():
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)
        self.done.set()

    def abort(self) -> None:
        """Reset the TCP connection now (a peer that takes nothing more)."""
        self.closed = True
        self.done.set()
        if self.transport is not None:
            try:
                self.transport.abort()
            except Exception:  # already gone
                pass

    async def writer(self) -> None:
        """Send queued frames until the close sentinel, then the close frame.

        Returns when the peer is gone too; never raises."""
        try:
            while True:
                data = await self.queue.get()
                if data is None:
                    break
                await self.ws.send_bytes(data)
            await self.ws.close(self.close_code or CloseCode.WS_1000_NORMAL)
        except Exception:
            pass  # the peer went away: the session loop sees the disconnect


@dataclass(eq=False)
class Viewer:
    """One connection's view of one table: ``pid`` None for a spectator."""

    conn: Conn
    table_id: str
    pid: str | None
    version: int = 0
    view: dict[str, Any] | None = None
    #: the seat ``view`` was projected for (a player who leaves becomes a spectator)
    seat: int | None = None


@dataclass
class LocalTable:
    version: int = 0
    doc: dict[str, Any] | None = None
    viewers: set[Viewer] = field(default_factory=set)


class Fanout:
    """Subscriptions, projection and delivery of one lobby process."""

    def __init__(self, store: Store, on_lobby_change: Callable[[], None]) -> None:
        self.store = store
        self.local: dict[str, LocalTable] = {}
        self.on_lobby_change = on_lobby_change
        self._pubsub = None
        self._ready = asyncio.Event()
        self._lock = asyncio.Lock()

    # -- viewers -----------------------------------------------------------
    async def attach(self, conn: Conn, table_id: str, pid: str | None, ref: Any = None) -> Viewer:
        """Start sending a table to ``conn`` (as player ``pid``, or spectator
        when None) with a snapshot.  Raises :class:`tables.LobbyError`
        ``NO_SUCH_TABLE``."""
        old = conn.tables.get(table_id)
        if old is not None:
            self._remove(old)
        elif len(conn.tables) >= MAX_TABLES_PER_CONN:
            raise tables.LobbyError(tables.ErrorCode.TOO_MANY_TABLES, f"one connection follows at most {MAX_TABLES_PER_CONN} tables")
        if table_id not in self.local and await self.store.load_room(table_id) is None:
            raise tables.LobbyError(tables.ErrorCode.NO_SUCH_TABLE, "no such table")  # before any subscription
        viewer = Viewer(conn, table_id, pid)
        local = self.local.get(table_id)
        if local is None:
            local = self.local[table_id] = LocalTable()
            await self._subscribe(table_id)
        local.viewers.add(viewer)
        conn.tables[table_id] = viewer
        loaded = await self.store.load_room(table_id)
        if loaded is None:
            self._remove(viewer)
            raise tables.LobbyError(tables.ErrorCode.NO_SUCH_TABLE, "no such table")
        version, doc = loaded
        # A newer version than pub/sub has brought so far goes to every
        # viewer now (not only the newcomer), or they would skip it.
        self.deliver(table_id, version, doc)
        self.snapshot(viewer, ref)
        if pid is None:
            await self.store.watch(table_id, [conn.id], now_ms() + SPECTATOR_LEASE_MS)
            await self.store.publish_lobby()  # spectator counts changed
        return viewer

    def snapshot(self, viewer: Viewer, ref: Any = None) -> None:
        """Queue a full snapshot of the table's latest known version
        (``ref``: the request it answers, echoed)."""
        local = self.local[viewer.table_id]
        doc = local.doc
        assert doc is not None
        seat = tables.seat_of(doc, viewer.pid) if viewer.pid else None
        view = tables.view(doc, seat)
        viewer.version, viewer.view, viewer.seat = local.version, view, seat
        frame = {"t": "snapshot", "table": viewer.table_id, "version": local.version, "seat": seat, "view": view, "now": now_ms()}
        if ref is not None:
            frame["ref"] = ref
        viewer.conn.send(encode(frame), "snapshot")

    async def detach(self, conn: Conn, table_id: str) -> None:
        viewer = conn.tables.pop(table_id, None)
        if viewer is not None:
            self._remove(viewer)
            if viewer.pid is None:
                try:
                    await self.store.unwatch(table_id, conn.id)
                    await self.store.publish_lobby()
                except redis.exceptions.RedisError:
                    pass

    async def detach_all(self, conn: Conn) -> None:
        for table_id in list(conn.tables):
            await self.detach(conn, table_id)

    def _remove(self, viewer: Viewer) -> None:
        viewer.conn.tables.pop(viewer.table_id, None)
        local = self.local.get(viewer.table_id)
        if local is None:
            return
        local.viewers.discard(viewer)
        if not local.viewers:
            del self.local[viewer.table_id]
            asyncio.ensure_future(self._unsubscribe(viewer.table_id))

    # -- delivery --------------------------------------------------------
    def deliver(self, table_id: str, version: int, doc: dict[str, Any]) -> None:
        """Project and send version ``version`` of a table to its local viewers."""
        local = self.local.get(table_id)
        if local is None or version <= local.version:
            return
        local.version, local.doc = version, doc
        # one view per distinct seat, and equal views shared as one object,
        # so the patch below is made once per distinct (old view, new view)
        views: dict[int | None, dict[str, Any]] = {}
        canonical: dict[bytes, dict[str, Any]] = {}
        for viewer in local.viewers:
            seat = tables.seat_of(doc, viewer.pid) if viewer.pid else None
            if seat not in views:
                view = tables.view(doc, seat)
                views[seat] = canonical.setdefault(encode(view), view)
        frames: dict[tuple[int, int, int, int | None], bytes | None] = {}
        now = now_ms()
        for viewer in list(local.viewers):
            if viewer.view is None:
                continue  # attach() is loading it; it sends the newest snapshot
            seat = tables.seat_of(doc, viewer.pid) if viewer.pid else None
            new_view = views[seat]
            # viewers whose last view is the same object share their base
            key = (id(viewer.view), viewer.version, id(new_view), seat)
            if key not in frames:
                patch = diff(viewer.view, new_view)
                frames[key] = encode(
                    {"t": "delta", "table": table_id, "base": viewer.version, "version": version, "seat": seat, "patch": patch, "now": now}
                ) if patch else None
            if frames[key] is not None:
                viewer.conn.send(frames[key], "delta")
                viewer.version, viewer.view, viewer.seat = version, new_view, seat

    async def refresh(self, table_id: str) -> None:
        """Re-read a table from Redis and deliver it (after a lost subscription)."""
        loaded = await self.store.load_room(table_id)
        if loaded is not None:
            self.deliver(table_id, *loaded)

    # -- subscription ------------------------------------------------------
    async def _subscribe(self, table_id: str) -> None:
        if self._pubsub is not None:
            try:
                await self._pubsub.subscribe(self.store.room_channel(table_id))
            except (redis.exceptions.RedisError, OSError) as exc:
                # run() resubscribes every local table when it reconnects
                log.warning("subscribing to %s failed: %s", table_id, exc)

    async def _unsubscribe(self, table_id: str) -> None:
        if self._pubsub is not None and table_id not in self.local:
            try:
                await self._pubsub.unsubscribe(self.store.room_channel(table_id))
            except (redis.exceptions.RedisError, OSError):
                pass

    async def run(self, stopping: asyncio.Event) -> None:
        """Listen to every subscribed channel until ``stopping``; reconnect
        with backoff when Redis goes away, then catch up every local table."""
        backoff = 0.05
        lobby_channel = self.store.lobby_channel.encode()
        while not stopping.is_set():
            pubsub = self.store.pubsub()
            try:
                await pubsub.subscribe(self.store.lobby_channel, *[self.store.room_channel(t) for t in self.local])
                self._pubsub = pubsub
                self._ready.set()
                for table_id in list(self.local):
                    await self.refresh(table_id)
                self.on_lobby_change()
                backoff = 0.05
                while not stopping.is_set():
                    msg = await pubsub.get_message(timeout=1.0)
                    if msg is None:
                        continue
                    channel, data = msg
                    if channel == lobby_channel:
                        self.on_lobby_change()
                        continue
                    table_id = self.store.room_id_of_channel(channel)
                    try:
                        self.deliver(table_id, int.from_bytes(data[:8], "big"), unpack(data[8:]))
                    except Exception:
                        log.exception("fan-out of %s failed", table_id)
            except (redis.exceptions.RedisError, OSError) as exc:
                log.warning("pub/sub lost (%s); reconnecting in %.2fs", exc, backoff)
                self._pubsub = None
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
            except Exception:
                # Whatever it was, a dead listener would freeze every local
                # table: start over with a fresh connection and catch up.
                log.exception("pub/sub listener failed; restarting it")
                self._pubsub = None
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 2.0)
            finally:
                self._pubsub = None
                try:
                    await pubsub.aclose()
                except Exception:
                    pass

    async def wait_ready(self) -> None:
        await self._ready.wait()

    async def refresh_spectator_leases(self) -> None:
        """Extend the Redis lease of every local spectator."""
        until = now_ms() + SPECTATOR_LEASE_MS
        for table_id, local in list(self.local.items()):
            ids = [v.conn.id for v in local.viewers if v.pid is None]
            await self.store.watch(table_id, ids, until)
