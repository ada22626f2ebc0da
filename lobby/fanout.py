"""Fan-out: from a committed table version to every local viewer's frame.

Each process subscribes to the channel of a table only while it has local
viewers of it, and follows it (a lease in Redis, renewed while it has
them): a commit publishes its version only when a process other than the
committer follows the table, so a table served by one process costs no
pub/sub at all (the committer delivers from memory).  On each version it projects the doc once per distinct
viewer seat (one view per seat, one for all spectators), diffs once per
distinct (old view, new view) as an RFC 6902 JSON Patch (:mod:`lobby.diff`), encodes once, and
queues the same bytes to every connection that shares them.  Deltas are
computed against what each connection was last sent, so a version the
process never saw (pub/sub is at-most-once) costs nothing but a bigger patch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import redis.exceptions

from . import metrics, tables
from .diff import diff
from .protocol import CloseCode, ErrorCode, encode, error
from .sessions import session_id
from .channels import ArenaPaired, Balance, ChatLine, ReadyMarks, Revoked, TableRecord, TableVersion, decode_player, decode_table
from .store import Store, chat_line, chat_order, now_ms

if TYPE_CHECKING:
    from .session import Conn  # each viewer's connection: the session's writer

log = logging.getLogger("lobby.fanout")

SPECTATOR_LEASE_MS = 60_000
#: how long this process's follow of a table lasts unless renewed (ms;
#: renewed with the spectator leases, every ``app.SPECTATOR_REFRESH_S``)
FOLLOW_LEASE_MS = 60_000
_MISSING = object()
#: tables one connection may follow at once
MAX_TABLES_PER_CONN = 16
_DELTAS_SENT = metrics.frames_sent("delta")


async def _retried(op: Callable[[], Any], attempts: int = 20) -> bool:
    """Await ``op()`` until it raises no Redis or socket error, backing off
    from 50 ms to 1 s between attempts; False after ``attempts`` failures."""
    for attempt in range(attempts):
        try:
            await op()
            return True
        except (redis.exceptions.RedisError, OSError):
            await asyncio.sleep(min(0.05 * 2**attempt, 1.0))
    return False


def frame_bytes(data: bytes) -> bytes:
    """``data`` as one unmasked, final binary websocket frame (RFC 6455
    5.2), the bytes a server's ``send_binary`` writes without extensions:
    the same for every connection, so a delta is framed once per version."""
    n = len(data)
    if n < 126:
        return bytes((0x82, n)) + data
    if n < 65536:
        return b"\x82\x7e" + n.to_bytes(2, "big") + data
    return b"\x82\x7f" + n.to_bytes(8, "big") + data


def end_signed_out(conn: Conn) -> None:
    """Close a socket whose session was signed out: an error frame
    ``signed_out``, then close 4001 ("signed out"); the reader takes no
    frame after this (``conn.closed``)."""
    if not conn.closed:
        conn.send(encode(error(ErrorCode.SIGNED_OUT, "this session was signed out")), "error")
        conn.close(CloseCode.SIGNED_OUT)


def check_follow(conn: Conn, table_id: str | None = None) -> None:
    """Raises :class:`tables.LobbyError` ``TOO_MANY_TABLES`` when ``conn``
    could not follow one more table (``table_id``: one it may follow
    already; None: a table not known yet) without passing
    :data:`MAX_TABLES_PER_CONN`."""
    if table_id not in conn.tables and len(conn.tables) >= MAX_TABLES_PER_CONN:
        raise tables.LobbyError(tables.ErrorCode.TOO_MANY_TABLES, f"one connection follows at most {MAX_TABLES_PER_CONN} tables")


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
    #: the table's recent chat lines, oldest first (sent with each snapshot)
    chat: list[dict[str, Any]] = field(default_factory=list)
    #: whether ``chat`` was read from Redis since this process follows the table
    chat_read: bool = False


class Fanout:
    """Subscriptions, projection and delivery of one lobby process."""

    def __init__(self, store: Store, on_lobby_change: Callable[[], None], chat_keep: int = 50, per_turn: bool = True) -> None:
        """``per_turn``: versions go out at the end of the event-loop turn
        (:meth:`deliver`); False sends each at once (an offline harness
        with no event loop)."""
        self.store = store
        self.per_turn = per_turn
        #: chat lines sent with a snapshot
        self.chat_keep = chat_keep
        self.local: dict[str, LocalTable] = {}
        self.on_lobby_change = on_lobby_change
        self._pubsub = None
        self._ready = asyncio.Event()
        self._catching_up: asyncio.Future | None = None  # the last catch-up after a reconnect (kept referenced)
        self._lock = asyncio.Lock()
        #: player id -> this process's signed-in connections of that player (balance pushes)
        self.players: dict[str, set[Conn]] = {}
        self._acks: set[asyncio.Future] = set()  # revocations' acks on their way
        #: table id -> [when its oldest undelivered version reached us (perf_counter),
        #: what to send once it is delivered]: versions wait for the end of the loop turn
        self._due: dict[str, list[Any]] = {}
        #: tables being re-read after a missed version (:meth:`_refresh_soon`) -> whether
        #: another record was dropped meanwhile (read again), and the tasks
        self._refreshing: dict[str, bool] = {}
        self._tasks: set[asyncio.Future] = set()

    # -- viewers -----------------------------------------------------------
    async def attach(self, conn: Conn, table_id: str, pid: str | None, ref: Any = None) -> Viewer:
        """Start sending a table to ``conn`` (as player ``pid``, or spectator
        when None) with a snapshot.  Raises :class:`tables.LobbyError`
        ``NO_SUCH_TABLE``."""
        check_follow(conn, table_id)
        old = conn.tables.get(table_id)
        if old is not None:
            self._remove(old)
        if table_id not in self.local and await self.store.load_room(table_id) is None:
            raise tables.LobbyError(tables.ErrorCode.NO_SUCH_TABLE, "no such table")  # before any subscription
        viewer = Viewer(conn, table_id, pid)
        local = self.local.get(table_id)
        if local is None:
            local = self.local[table_id] = LocalTable()
            await self._subscribe(table_id)
        local.viewers.add(viewer)
        conn.tables[table_id] = viewer
        if local.chat_read:
            loaded = await self.store.load_room(table_id)
        else:
            loaded, lines = await asyncio.gather(self.store.load_room(table_id), self.store.chat_lines(table_id, self.chat_keep))
            self._keep_chat(local, lines)
            local.chat_read = True
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
        frame = {"t": "snapshot", "table": viewer.table_id, "version": local.version, "seat": seat, "view": view, "chat": local.chat, "now": now_ms()}
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
    def cached(self, table_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(version, doc)`` of the newest version of a table this process
        holds (it has local viewers), or None.  Read-only, like every doc."""
        local = self.local.get(table_id)
        if local is None or local.doc is None:
            return None
        return local.version, local.doc

    def live(self, table_id: str) -> bool:
        """Whether this process holds a table that is not closed (a closed
        table changes no more; one not loaded yet counts as live)."""
        local = self.local.get(table_id)
        return local is None or local.doc is None or local.doc["status"] != tables.Status.CLOSED

    def deliver(self, table_id: str, version: int, doc: dict[str, Any], received: float | None = None) -> None:
        """Take version ``version`` of a table for its local viewers; an
        older or equal version (the pub/sub echo of this process's own
        commit, a late copy) changes nothing.  The table's doc is this
        version at once (:meth:`cached`), and its viewers get it at the end
        of the event-loop turn (:meth:`_send_due`): versions of one table
        taken in one turn (commits chained in one round trip: 6 Nimmt!'s
        picks, a game's end and start) go out as one delta per distinct view.
        ``received``: when the version reached this process
        (``time.perf_counter()``; None: now), for :data:`metrics.DELIVERY`."""
        local = self.local.get(table_id)
        if local is None or version <= local.version:
            return
        local.version, local.doc = version, doc
        if table_id not in self._due:
            first = not self._due
            self._due[table_id] = [time.perf_counter() if received is None else received, []]
            if not self.per_turn:
                self._send_due()
            elif first:
                asyncio.get_running_loop().call_soon(self._send_due)

    def after_delivery(self, table_id: str, send: Callable[[], None]) -> None:
        """Call ``send`` once the table's latest version has gone to its
        viewers (at once if it has): a mover's ``ok`` follows the delta of
        its move, as docs/protocol.md promises."""
        due = self._due.get(table_id)
        if due is None:
            send()
        else:
            due[1].append(send)

    def _send_due(self) -> None:
        """Send every table's version taken this loop turn, then what waited for it."""
        due, self._due = self._due, {}
        for table_id, (received, after) in due.items():
            try:
                self._project(table_id, received)
            except Exception:
                log.exception("fan-out of %s failed", table_id)
            for send in after:
                send()

    def _project(self, table_id: str, received: float) -> None:
        """Project the table's newest version and send each viewer its delta."""
        local = self.local.get(table_id)
        if local is None or local.doc is None:
            return
        version, doc = local.version, local.doc
        index = tables.seat_index(doc)
        viewers = [(viewer, index.get(viewer.pid) if viewer.pid else None) for viewer in local.viewers]
        # one view per distinct seat, equal views shared as one object, so
        # the patch below is made once per distinct (old view, new view)
        views = tables.views(doc, {seat for _, seat in viewers})
        frames: dict[tuple[int, int, int, int | None], tuple[bytes, bytes] | None] = {}
        memo: dict = {}
        now = now_ms()
        sent = 0
        for viewer, seat in viewers:
            if viewer.view is None:
                continue  # attach() is loading it; it sends the newest snapshot
            new_view = views[seat]
            # viewers whose last view is the same object share their base
            key = (id(viewer.view), viewer.version, id(new_view), seat)
            frame = frames.get(key, _MISSING)
            if frame is _MISSING:
                old_table = getattr(viewer.view, "table", None)
                if old_table is not None:
                    # the table part once per (old, new) version, then this seat's state and moves
                    patch = diff(old_table, new_view.table, memo) + diff(viewer.view["state"], new_view["state"], memo, "/state")
                    if viewer.view["moves"] != new_view["moves"]:  # equal lists at C speed, not walked
                        patch += diff(viewer.view["moves"], new_view["moves"], memo, "/moves")
                else:
                    patch = diff(viewer.view, new_view, memo)
                if patch:
                    data = encode({"t": "delta", "table": table_id, "base": viewer.version, "version": version, "seat": seat, "patch": patch, "now": now})
                    frame = frames[key] = (data, frame_bytes(data))
                else:
                    frame = frames[key] = None
            if frame is not None:
                conn = viewer.conn
                if not conn.closed:
                    conn.send(frame[0], None, frame[1])
                    sent += 1
                viewer.version, viewer.view, viewer.seat = version, new_view, seat
        if sent:
            _DELTAS_SENT.inc(sent)
        metrics.DELIVERY.observe(time.perf_counter() - received)

    async def refresh(self, table_id: str) -> None:
        """Re-read a table and its chat from Redis and deliver the table
        (after a lost subscription, or for a ``sync``)."""
        loaded, lines = await asyncio.gather(self.store.load_room(table_id), self.store.chat_lines(table_id, self.chat_keep))
        local = self.local.get(table_id)
        if local is not None:
            self._keep_chat(local, lines)
        if loaded is not None:
            self.deliver(table_id, *loaded)

    def _refresh_soon(self, table_id: str) -> None:
        """Re-read a table from Redis in the background (once at a time per
        table): a published record that does not follow the version held
        (one was missed) cannot be re-applied."""
        if table_id in self._refreshing:
            self._refreshing[table_id] = True  # a record dropped meanwhile may be newer than the read: read again
            return
        self._refreshing[table_id] = False

        async def run() -> None:
            try:
                while await _retried(lambda: self.refresh(table_id)):
                    if not self._refreshing.get(table_id):
                        return
                    self._refreshing[table_id] = False
                log.error("could not re-read table %s", table_id)
            finally:
                self._refreshing.pop(table_id, None)

        task = asyncio.ensure_future(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def deliver_marks(self, table_id: str, marks: bytes | str, send: bool = True) -> None:
        """Send a finished table's ready marks (:func:`tables.ready_marks`'
        form, kept beside the doc: no new version) to every local viewer as
        one ``ready`` frame (``version``: the one they are of; ``ready``:
        per seat), encoded once, and keep them in the table's doc for
        snapshots and the next commit's base.  Marks of another game than
        the one this process holds change nothing.  ``send`` False: kept,
        not sent (the game's start follows at once)."""
        local = self.local.get(table_id)
        if local is None or local.doc is None:
            return
        doc = tables.with_marks(local.doc, marks)
        if doc is local.doc:
            return
        local.doc = doc
        if not send:
            return
        if table_id in self._due:  # its version first, then the marks of it
            self.after_delivery(table_id, lambda: self.deliver_marks(table_id, marks))
            return
        frame = encode({"t": "ready", "table": table_id, "version": local.version, "ready": doc["next"]["ready"]})
        for viewer in local.viewers:
            if viewer.view is not None:
                viewer.conn.send(frame, "ready")

    # -- chat --------------------------------------------------------------
    def deliver_chat(self, table_id: str, msg: ChatLine) -> None:
        """Send a chat line published on a table's channel to every
        local viewer of the table as one ``chat`` frame, encoded once, and
        keep it for snapshots.  A line already kept (read with the table's
        chat meanwhile) is kept once; viewers whose snapshot is being made
        get it with the snapshot."""
        local = self.local.get(table_id)
        if local is None:
            return
        line = chat_line(msg.line_id, msg.packed)
        self._keep_chat(local, [line])
        frame = encode({"t": "chat", "table": table_id, "line": line})
        for viewer in local.viewers:
            if viewer.view is not None:
                viewer.conn.send(frame, "chat")

    def _keep_chat(self, local: LocalTable, lines: list[dict[str, Any]]) -> None:
        """Merge chat lines into the table's recent ones (by id, in stream
        order, the last :attr:`chat_keep`)."""
        known = {line["id"] for line in local.chat}
        fresh = [line for line in lines if line["id"] not in known]
        if fresh:
            local.chat = sorted([*local.chat, *fresh], key=chat_order)[-self.chat_keep :]

    # -- players' balances -------------------------------------------------
    async def follow_player(self, conn: Conn) -> None:
        """Send ``conn`` every change of its player's balance, made by any
        process (:meth:`deliver_balance`): a player's first connection here
        subscribes this process to the player's channel, on which each
        change is published atomically with it (:meth:`Store.apply_settlements`)."""
        conns = self.players.setdefault(conn.pid, set())
        first = not conns
        conns.add(conn)
        if first and self._pubsub is not None:
            try:
                await self._pubsub.subscribe(self.store.player_channel(conn.pid))
            except (redis.exceptions.RedisError, OSError) as exc:
                log.warning("subscribing to a balance failed: %s", exc)  # run() resubscribes when it reconnects

    def unfollow_player(self, conn: Conn, pid: str) -> None:
        """``conn`` no longer speaks for ``pid``: its last connection here
        unsubscribes from the player's channel."""
        conns = self.players.get(pid)
        if conns is None:
            return
        conns.discard(conn)
        if not conns:
            del self.players[pid]
            asyncio.ensure_future(self._unsubscribe_player(pid))

    async def _unsubscribe_player(self, pid: str) -> None:
        if self._pubsub is not None and pid not in self.players:
            with contextlib.suppress(redis.exceptions.RedisError, OSError):
                await self._pubsub.unsubscribe(self.store.player_channel(pid))

    def revoke(self, pid: str, msg: Revoked) -> None:
        """Sessions of ``pid`` were signed out (``msg`` from
        :meth:`Store.publish_revoked`): close this
        process's sockets signed in with them (:func:`end_signed_out`), then
        say so on the message's ack list."""
        sids = set(msg.sids)
        for conn in list(self.players.get(pid, ())):
            if conn.token and session_id(conn.token) in sids:
                end_signed_out(conn)
        task = asyncio.ensure_future(self.store.run(self.store.ack_revoked_cmds(msg.ack)))
        self._acks.add(task)
        task.add_done_callback(self._acks.discard)

    def deliver_balance(self, pid: str, coins: int) -> None:
        """Send ``{"t": "balance", "coins", "now"}`` (encoded once) to every
        local connection of ``pid``."""
        conns = self.players.get(pid)
        if not conns:
            return
        metrics.BALANCES_PUSHED.inc()
        frame = encode({"t": "balance", "coins": coins, "now": now_ms()})
        for conn in list(conns):
            conn.send(frame, "balance")

    async def _push_balances(self) -> None:
        """Every local player's balance read again and pushed (changes
        published while this process was not listening are lost)."""
        if self.players:
            for pid, coins in (await self.store.balances(list(self.players))).items():
                self.deliver_balance(pid, coins)

    # -- subscription ------------------------------------------------------
    async def _subscribe(self, table_id: str) -> None:
        # follow first: a commit after this publishes, one before it is in
        # the load that follows the subscription (attach)
        try:
            await self._follow([table_id])
        except (redis.exceptions.RedisError, OSError) as exc:
            log.warning("following %s failed: %s", table_id, exc)  # run() follows again when it reconnects
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
                if table_id not in self.local:
                    await self.store.unfollow(table_id)
            except (redis.exceptions.RedisError, OSError):
                pass  # the follow lapses by itself

    def _on_player(self, pid: str, msg: Balance | Revoked | ArenaPaired) -> None:
        """Act on a message of a player's channel (:mod:`lobby.channels`)."""
        if isinstance(msg, Revoked):
            self.revoke(pid, msg)
        elif isinstance(msg, ArenaPaired):
            frame = encode({"t": "arena_paired", "arena": msg.arena, "table": msg.table, "seat": msg.seat, "now": now_ms()})
            for conn in list(self.players.get(pid, ())):
                conn.send(frame, "arena_paired")
        else:
            self.deliver_balance(pid, msg.coins)

    def _on_table(self, table_id: str, msg: TableVersion | TableRecord | ChatLine | ReadyMarks, received: float) -> None:
        """Act on a message of a table's channel (:mod:`lobby.channels`);
        ``received``: ``time.perf_counter()`` when it arrived."""
        if isinstance(msg, ReadyMarks):
            self.deliver_marks(table_id, msg.marks)
        elif isinstance(msg, ChatLine):
            try:
                self.deliver_chat(table_id, msg)
            except Exception:
                log.exception("chat of %s failed", table_id)
        else:
            local = self.local.get(table_id)
            if local is None or msg.version <= local.version:
                return  # our own commit, delivered already, or a late copy: no unpack
            appended = isinstance(msg, TableRecord)
            if self.store.echo(table_id, msg.version, msg.payload() if appended else msg.packed):
                return  # our own commit, whose reply is on its way: delivered from memory then
            if appended and msg.version != local.version + 1:
                self._refresh_soon(table_id)  # a version missed: its record alone does not say the doc
                return
            try:
                doc = tables.redo(local.doc, msg.record()) if appended else msg.doc()
                self.deliver(table_id, msg.version, doc, received)
            except Exception:
                log.exception("fan-out of %s failed", table_id)

    async def run(self, stopping: asyncio.Event) -> None:
        """Listen to every subscribed channel until ``stopping``; reconnect
        with backoff when Redis goes away, then catch up every local table."""
        backoff = 0.05
        lobby_channel = self.store.lobby_channel.encode()
        while not stopping.is_set():
            pubsub = self.store.pubsub(self._resubscribed)
            try:
                await pubsub.subscribe(
                    self.store.lobby_channel, *[self.store.room_channel(t) for t in self.local], *[self.store.player_channel(p) for p in self.players]
                )
                self._pubsub = pubsub
                self._ready.set()
                await self._catch_up()
                backoff = 0.05
                while not stopping.is_set():
                    msg = await pubsub.get_message(timeout=None)  # cancelled at shutdown
                    if msg is None:
                        continue
                    channel, data = msg
                    if channel == lobby_channel:
                        self.on_lobby_change()
                        continue
                    pid = self.store.player_of_channel(channel)
                    if pid is not None:
                        self._on_player(pid, decode_player(data))
                        continue
                    table_id = self.store.room_id_of_channel(channel)
                    self._on_table(table_id, decode_table(data), time.perf_counter())
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

    async def _catch_up(self) -> None:
        """Follow every local table again and deliver what was committed
        while this process was not listening (its follow may have lapsed,
        publishes meanwhile are lost: pub/sub is at-most-once).  Following
        before the reads is enough: a commit before the follow is in them,
        one after it is published to this process, subscribed already."""
        await self._follow(list(self.local))
        for table_id in list(self.local):
            await self.refresh(table_id)
        await self._push_balances()
        self.on_lobby_change()

    def _resubscribed(self) -> None:
        """redis-py reconnected the subscription by itself (its retries):
        catch up, as after a reconnect of our own."""
        log.warning("pub/sub reconnected; reading every local table again")

        async def catch_up() -> None:
            if not await _retried(self._catch_up):
                log.error("could not catch up after a pub/sub reconnect")

        self._catching_up = asyncio.ensure_future(catch_up())

    async def _follow(self, table_ids: list[str]) -> None:
        """Take or renew this process's follow of tables for :data:`FOLLOW_LEASE_MS`."""
        await self.store.follow(table_ids, now_ms() + FOLLOW_LEASE_MS)

    async def wait_ready(self) -> None:
        await self._ready.wait()

    async def refresh_spectator_leases(self) -> None:
        """Extend the Redis lease of every local spectator, and this
        process's follow of every local table."""
        await self._follow(list(self.local))
        until = now_ms() + SPECTATOR_LEASE_MS
        for table_id, local in list(self.local.items()):
            ids = [v.conn.id for v in local.viewers if v.pid is None]
            await self.store.watch(table_id, ids, until)
