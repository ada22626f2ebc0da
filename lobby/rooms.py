"""Table commands against Redis: load, transition, compare-and-set, side effects.

Any process may run any command for any table: each is a loop of load the
doc at version *v*, compute the new doc with a pure transition of
:mod:`lobby.tables`, commit it as *v + 1* only if the table is still at *v*
(:meth:`Store.commit`), else retry against the newer doc.  The commit
publishes the version, so every process's fan-out sees it.  Side effects that
live under other keys (timer hint, table list, players' seats and balances)
follow the commit and are idempotent, so a crash between the two is repaired
by the next commit or timer pass: a game's coins are recorded in the table's
final commit and applied to balances once per settlement id (see
:meth:`Rooms.settle`), from whichever process gets there.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import secrets
import time
from typing import Any, Callable, Protocol

from . import failpoints, metrics, ratings, tables
from .config import Settings
from .protocol import MAX_CHAT, ErrorCode, ProtocolError, clashes, clean_text, distinct_mark, shown_name
from .store import Store, now_ms
from .rooms_coins import MAX_RETRIES, SETTLED_KEEP_S, Coins  # noqa: F401 (SETTLED_KEEP_S re-exported)
from .rooms_quick import QuickMatching
from .rooms_timers import Timers
from .tables import LobbyError

log = logging.getLogger("lobby.rooms")

#: live tables one player may sit at (each keeps timers and bots busy)
MAX_TABLES_PER_PLAYER = 6
#: a table counted against its opener's quotas but not live yet is taken
#: for one still being created this long (ms)
RESERVE_GRACE_MS = 60_000
#: an owner's opened-tables key expires this long after its last table (s)
OPENED_KEEP_S = 24 * 3600
#: a transition's answer on a cached base that must be checked on a fresh read
_STALE = object()



class _Need(Exception):
    """A transition asked for ``key`` of its ``ctx``, not read yet for the
    players ``pids`` (see :class:`_Context`)."""

    def __init__(self, key: str, pids: frozenset[str]) -> None:
        super().__init__(key)
        self.key = key
        self.pids = pids


class _Context(dict):
    """The ``ctx`` a transition gets, read from Redis only when a transition
    asks (raising :class:`_Need` until then): ``ctx.get("balances")`` is
    the coins of the players seated in ``doc`` (and of ``extra_pid``),
    ``ctx.get("ratings")`` their ``(μ, σ)`` in the table's game (read with
    the coins: :func:`ratings.with_balances`), ``ctx.get("present")`` the
    set of seated players with a live connection somewhere.  ``loaded``:
    key -> ``(pids, value)``, kept across the retries of one update; a
    value read for other players (the base moved on to a doc with someone
    new seated) is read again, never taken for theirs (a player missing
    from the balances read would be stood up)."""

    LAZY = ("balances", "ratings", "present")

    def __init__(self, loaded: dict[str, Any], doc: dict[str, Any], extra_pid: str | list[str] | None) -> None:
        super().__init__()
        self.loaded = loaded
        self.doc = doc
        self.extra_pid = extra_pid

    def __bool__(self) -> bool:
        return True

    def _pids(self, key: str) -> frozenset[str]:
        if key == "present":
            return frozenset(tables.seat_index(self.doc))
        pids = {s["pid"] for s in self.doc["seats"] if s and s.get("pid")}
        if self.extra_pid:
            pids.update([self.extra_pid] if isinstance(self.extra_pid, str) else self.extra_pid)
        return frozenset(pids)

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self.LAZY:
            return default
        pids = self._pids(key)
        entry = self.loaded.get(key)
        if entry is None or not pids <= entry[0]:
            raise _Need(key, pids)
        return entry[1]

    def __getitem__(self, key: str) -> Any:
        return self.get(key)

#: ``fn(doc, now, ctx) -> Change | None`` (the contract of :mod:`lobby.tables`)
Transition = Callable[[tables.TableDoc, int, dict[str, Any]], "tables.Change | None"]


class Viewers(Protocol):
    """What :class:`Rooms` asks of this process's fan-out (the app gives it
    :class:`lobby.fanout.Fanout`)."""

    def cached(self, table_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(version, doc)`` of a table this process holds, or None."""

    def deliver(self, table_id: str, version: int, doc: dict[str, Any]) -> None:
        """A version this process committed (or read on a conflict): show it to local viewers at once."""

    def deliver_marks(self, table_id: str, marks: bytes, send: bool) -> None:
        """A ready mark this process made: keep it, and (``send``) show it to local viewers."""


class _NoViewers:
    """The fan-out of a process with no viewers (tests, tools): holds nothing, shows nothing."""

    def cached(self, table_id: str) -> None:
        return None

    def deliver(self, table_id: str, version: int, doc: dict[str, Any]) -> None:
        pass

    def deliver_marks(self, table_id: str, marks: bytes, send: bool) -> None:
        pass


#: the default fan-out of :class:`Rooms`: no viewers
NO_VIEWERS: Viewers = _NoViewers()


class Rooms(Coins, QuickMatching, Timers):
    """The table commands of one lobby process (all state is in Redis).
    ``viewers``: this process's fan-out, told of each commit and ready mark
    (:class:`Viewers`; :data:`NO_VIEWERS` by default)."""

    def __init__(self, store: Store, settings: Settings, viewers: Viewers = NO_VIEWERS) -> None:
        self.store = store
        self.settings = settings
        self.viewers = viewers
        self._bot_rng = random.Random(secrets.randbits(64))
        #: table id -> ``(version, doc, commit id)`` of this process's newest commit still in flight
        self._tips: dict[str, tuple[int, dict[str, Any], str]] = {}
        self._nonce = secrets.token_hex(4) + ":"
        #: table id -> the fallback timer (ms) set for a payout this process makes
        self._payout_leases: dict[str, int] = {}
        self._commit_ids = itertools.count(1)
        #: ``await fn(doc)`` after a commit that ended the game of a table with an
        #: ``arena`` (set by :class:`lobby.arenas.Arenas`), or None
        self.arena_ended: Callable[[dict[str, Any]], Any] | None = None

    def _base(self, table_id: str) -> tuple[int, dict[str, Any], str] | None:
        """The newest version this process knows of a table, as ``(version,
        doc, commit id it rests on)``: its own commit still in flight (the
        tip; the id is that commit's), else the fan-out's doc (committed:
        ``""``), else None."""
        cached = self.viewers.cached(table_id)
        tip = self._tips.get(table_id)
        if tip is not None and (cached is None or tip[0] > cached[0]):
            return tip
        return None if cached is None else (cached[0], cached[1], "")

    def _hint(self, old: dict[str, Any], new: dict[str, Any]) -> tuple[int | None, bool]:
        """``(due, lowers)``: the timer hint of ``new`` (ms, None: nothing
        due) and whether it may be earlier than the one set with ``old``
        (only then must a writer that can only lower hints send it).  A
        pending settlement is paid by this process right after the commit:
        its timer is only the fallback, a lease later."""
        due = tables.next_due(new)
        if old.get("settlement") and not old["settlement"]["done"]:
            return due, True  # the hint set with old was the payout's lease
        if due == 0:
            due = self._payout_leases[new["id"]] = now_ms() + self.settings.timer_lease_ms
            return due, True
        before = tables.next_due(old)
        return due, not (due is not None and before is not None and before <= due)

    async def update(
        self, table_id: str, fn: Transition, extra_pid: str | list[str] | None = None, recheck_noop: bool = True, timing: Any = metrics.OTHER_COMMIT
    ) -> tuple[int, dict[str, Any]] | None:
        """Run ``fn(doc, now, ctx) -> Change | None`` (a transition of
        :mod:`lobby.tables`; None: nothing to change) under compare-and-set.

        The base is the newest version this process knows (:meth:`_base`:
        a commit of its own still in flight, so commands on one table in the
        same event-loop turn chain in one pipeline instead of racing, or the
        fan-out's doc of a table it shows, which the mover always is), or
        else one read; a lost compare-and-set brings back the current doc
        with it.  So a command costs one round trip, shared with every other
        commit of the same turn.  A refusal or a no-op computed on a base
        not read from Redis is checked again on a fresh read.  ``ctx`` is
        lazy: the balances a game start needs are read only when ``fn``
        asks for them (then ``fn``, pure, runs again), and so is who of the
        seated players is connected (``ctx["present"]``); a change that ends
        a rated game gets its rating changes in the same commit
        (:func:`ratings.rated`, from the players' ratings at the game's
        start, :func:`ratings.at_start`; its result panel from their
        ratings as stored, read then).  The committed
        version is delivered to local viewers at once (``self.viewers.deliver``).
        ``timing``: the :data:`metrics.COMMIT` child that takes the time from
        here to the commit's reply.

        Returns ``(version, doc)`` as committed, or None when ``fn`` had
        nothing to change.  Raises :class:`LobbyError` ``NO_SUCH_TABLE``,
        whatever ``fn`` raises, or ``BUSY`` after :data:`MAX_RETRIES` lost races.
        """
        started = time.perf_counter()
        base = self._base(table_id)
        from_memory = base is not None
        if base is None:
            base = _committed(await self.store.load_room(table_id))
        loaded: dict[str, Any] = {}
        for _ in range(MAX_RETRIES):
            if base is None:
                raise LobbyError(ErrorCode.NO_SUCH_TABLE, "no such table")
            version, doc, after = base
            try:
                out = fn(doc, now_ms(), _Context(loaded, doc, extra_pid))
            except _Need as need:
                if need.key in ("balances", "ratings"):  # a game's start: both in one round trip
                    coins, rated = await ratings.with_balances(self.store, doc["game"], list(need.pids))
                    loaded["balances"], loaded["ratings"] = (need.pids, coins), (need.pids, rated)
                else:
                    loaded["present"] = (need.pids, await self.store.present(list(need.pids), now_ms()))
                newer = self._base(table_id) if from_memory else None
                if newer is not None and newer[0] > version:
                    base = newer
                continue
            except LobbyError:
                if not from_memory:
                    raise
                out = _STALE
            if out is _STALE or (out is None and from_memory and recheck_noop):
                from_memory = False
                base = _committed(await self.store.load_room(table_id))
                continue
            if out is None:
                return None
            if ratings.pending(out.doc):
                # a rated game ends: its rating changes go into this same commit, from the
                # players' ratings at its start (the doc's rated_from; any missing: as stored
                # now), its result panel from their ratings as stored now (one read)
                pids = tuple(e["pid"] for e in out.doc["settlement"]["players"])
                if loaded.get("rated_now", (None,))[0] != pids:
                    loaded["rated_now"] = (pids, await ratings.stored_fields(self.store, out.doc["game"], list(pids)))
                    newer = self._base(table_id) if from_memory else None
                    if newer is not None and newer[0] > version:
                        base = newer
                        continue  # run fn again on the newer base; else this change stands
                now_fields = loaded["rated_now"][1]
                from_start = ratings.at_start(out.doc)
                out = ratings.rated(out, {pid: from_start.get(pid) or ratings.stored(*now_fields[pid]) for pid in pids}, now_fields)
            payout = None
            if _ends_game(doc, out.doc) and not self.store.cluster:
                # one Redis: the game's payout and history go with the commit that ends it
                out = tables.paid_in_commit(out)
                payout = self._payout(out.doc)
            new_doc, record = out.doc, out.log
            record["v"] = version + 1
            append = tables.appends(doc, out, version + 1)  # never a game's end: no payout
            if not append and record.get("kind") == "move" and new_doc["state"] is not None:
                # a replay checks the state where the doc is written (a snapshot), not after every move
                record["state_hash"] = tables.state_digest(new_doc["state"])
            over = not tables.live(new_doc)
            commit_id = f"{self._nonce}{next(self._commit_ids)}"
            due, lowers = self._hint(doc, new_doc)
            tip = self._tips[table_id] = (version + 1, new_doc, commit_id)
            try:
                committed, current = await self.store.commit(
                    table_id,
                    version,
                    new_doc,
                    record,
                    self.settings.finished_ttl_s if over else 0,
                    self.settings.replay_ttl_s if over else 0,
                    due=due,
                    after=after,
                    commit_id=commit_id,
                    lowers=lowers,
                    payout=payout,
                    marks=(tables.ready_marks(doc), tables.ready_marks(new_doc)),
                    append=append,
                )
            finally:
                if self._tips.get(table_id) is tip:
                    del self._tips[table_id]
            if committed is None:
                metrics.CONFLICTS.inc()
                if current is not None:
                    self.viewers.deliver(table_id, *current)  # its echo may have been taken for ours
                # chain on a local commit made on that version meanwhile, if any,
                # rather than race the other losers of this round again
                newer = self._base(table_id)
                if newer is not None and current is not None and newer[0] > current[0]:
                    base, from_memory = newer, True
                else:
                    base, from_memory = _committed(current), False
                continue
            timing.observe(time.perf_counter() - started)
            if payout is not None:
                failpoints.hit("game_end_committed")
            self.viewers.deliver(table_id, committed, new_doc)
            await self._after_commit(doc, new_doc, record)
            return committed, new_doc
        raise LobbyError(ErrorCode.BUSY, "the table is busy; try again")

    async def create(self, doc: dict[str, Any], log: dict[str, Any] | None = None) -> None:
        """Store a new table doc as version 1, with ``log`` as its first log
        record (a table whose first seat started its game, one seat of one:
        the game's ``start`` record, which its replay begins at), else an
        ``open`` record."""
        record = {**(log if log and log.get("kind") == "start" else {"kind": "open", "at": doc["created"]}), "v": 1}
        committed, _ = await self.store.commit(doc["id"], 0, doc, record, due=tables.next_due(doc))
        if committed is None:
            raise LobbyError(ErrorCode.BUSY, "table id collision; try again")
        await self._after_commit(None, doc, None)

    async def _after_commit(self, old: dict[str, Any] | None, new: dict[str, Any], record: dict[str, Any] | None) -> None:
        """Side effects under other keys, only where the commit changed
        what they reflect (the timer hint went with the commit)."""
        store = self.store
        live = tables.live(new)
        commands: list[tuple[Any, ...]] = []
        # what the lists and seat sets show: seats, status, another game to come
        changed = old is None or old["status"] != new["status"] or (old["next"] is None) != (new["next"] is None) or old["seats"] != new["seats"]
        if changed:
            commands += store.listed_cmds(new["id"], new["created"], live and not new["private"], new["game"])
            commands.append(store.live_cmd(new["id"], new["created"], live))
            if new["quick"]:
                open_seat = new["status"] == tables.Status.WAITING and any(s is None for s in new["seats"])
                commands.append(store.waiting_cmd(new["game"], new["id"], new["created"], open_seat))
                if not open_seat:  # quick requests are matched elsewhere from now on
                    commands.append(store.release_quick_cmd(new["game"], new["options"], new["id"]))
            old_pids = _seated_pids(old) if old else set()
            new_pids = _seated_pids(new) if live else set()
            commands += [store.player_table_cmd(pid, new["id"], True) for pid in new_pids - old_pids]
            commands += [store.player_table_cmd(pid, new["id"], False) for pid in old_pids - new_pids]
            if not live:
                commands.append(store.chat_expire_cmd(new["id"], self.settings.finished_ttl_s))  # with the table
            if not live and new.get("opener") and (old is None or tables.live(old)):
                commands += [store.release_table_cmd(owner, new["id"]) for owner, _ in self._owners(new["opener"])]
        if record is not None:
            game = new["game"]
            if record.get("moves"):
                metrics.MOVES.labels(game).inc(len(record["moves"]))
            if record.get("timeouts"):
                metrics.TIMEOUTS.labels(game).inc(len(record["timeouts"]))
        if new["coins_to_sit"] and old is not None:
            for pid in {s["pid"] for s in old["seats"] if s and s.get("pid")}:
                if tables.liable(old, pid) and not tables.liable(new, pid):
                    commands.append(store.release_coin_table_cmd(pid, new["id"]))
        await store.run(commands)
        st = new.get("settlement")
        if st and not st["done"] and (old is None or old.get("settlement") != st):
            await self.settle(new["id"], new)
        if "arena" in new and st and self.arena_ended is not None and (old is None or (old.get("settlement") or {}).get("id") != st["id"]):
            await self.arena_ended(new)

    # -- commands --------------------------------------------------------
    async def _check_quota(self, pid: str) -> None:
        """Raises :class:`LobbyError` ``TOO_MANY_TABLES`` when ``pid`` already
        sits at :data:`MAX_TABLES_PER_PLAYER` live tables."""
        if len(await self.store.player_tables(pid)) >= MAX_TABLES_PER_PLAYER:
            raise LobbyError(ErrorCode.TOO_MANY_TABLES, f"you already sit at {MAX_TABLES_PER_PLAYER} tables; leave one first")

    async def _seated_table(self, game: str, pid: str, name: str, opener: dict[str, str] | None = None, **fields: Any) -> tuple[dict[str, Any], int, dict[str, Any]]:
        """A new waiting table's doc with ``pid`` in its first seat, that
        seat and the join's log record (a one-seat table's game starts with
        it: its ``start`` record), after every check (the player's table quota, coins: the
        player's coin-table claim is then taken for it); nothing else is
        written, the caller reserves (:meth:`_reserve`) and creates it
        (:meth:`_create_seated`).  ``opener``: ``{"addr": client address,
        "conn": connection id}``, kept in the doc (never shown) for the
        quotas of :meth:`_reserve`.  ``fields``: those of
        :func:`tables.new_table`.  Raises :class:`LobbyError`."""
        now = now_ms()
        quick = fields.get("quick", False)
        turn_ms = fields.pop("turn_ms", None)
        doc = tables.new_table(
            secrets.token_hex(6),
            game,
            now=now,
            opened_by=None if quick else name,
            turn_ms=self.settings.turn_ms if turn_ms is None else turn_ms,
            min_turn_ms=self.settings.min_turn_ms,
            start_at=now + self.settings.quick_wait_ms if quick else None,
            bot_delay_ms=self.settings.bot_delay_ms,
            bot_pace=bool(self.settings.bot_pace),
            pause_ms=self.settings.result_pause_ms,
            ready_ms=self.settings.ready_ms,
            away_after=self.settings.away_after,
            waiting_ttl_ms=self.settings.waiting_ttl_ms,
            quick_retry_ms=self.settings.quick_retry_ms,
            **fields,
        )
        if opener is not None:
            doc["opener"] = opener
        await self._check_quota(pid)
        balances: dict[str, int] = {}
        if doc["coins_to_sit"]:
            await self._check_coins(pid, doc["coins_to_sit"], doc["id"])
            balances = await self.store.balances([pid])
        try:
            change = tables.join(doc, pid, name, None, now, secrets.token_bytes(32), {"balances": balances})
        except LobbyError:
            if doc["coins_to_sit"]:
                await self._release_coins(pid, doc["id"])
            raise
        assert change is not None  # a new table: nobody sits there yet
        return change.doc, change.seats[pid], change.log

    async def open(self, game: str, pid: str, name: str, opener: dict[str, str] | None = None, **fields: Any) -> tuple[dict[str, Any], int]:
        """Open a waiting table with ``pid`` seated: every check first
        (:meth:`_seated_table`, the opener's quotas: :meth:`_reserve`), then
        one write.  ``fields``: ``seats``, ``turn_ms``, ``options``,
        ``private``, ``bots``, ``games`` as in :func:`tables.new_table`.
        Returns ``(doc, seat)``.  Raises :class:`LobbyError`
        (``TOO_MANY_TABLES`` over a quota, and those of the checks)."""
        doc, seat, log = await self._seated_table(game, pid, name, opener, **fields)
        await self._reserve(doc, pid)
        await self._create_seated(doc, pid, log)
        return doc, seat

    def _owners(self, opener: dict[str, str]) -> list[tuple[str, int]]:
        """``(owner, cap)`` of the quotas a table of ``opener`` counts against."""
        return [("c:" + opener["conn"], self.settings.tables_per_conn), ("a:" + opener["addr"], self.settings.tables_per_addr)]

    async def _reserve(self, doc: dict[str, Any], pid: str) -> None:
        """Count a table from :meth:`_seated_table` against its opener's
        connection and address quotas of live tables
        (``Settings.tables_per_conn``, ``tables_per_addr``; no new sign-in
        resets them), atomically in Redis, before it is written.  Raises
        :class:`LobbyError` ``TOO_MANY_TABLES`` (the player's coin claim
        let go)."""
        opener = doc.get("opener")
        if opener is None:
            return
        owners = self._owners(opener)
        over = await self.store.reserve_table(owners, doc["id"], doc["created"], RESERVE_GRACE_MS, OPENED_KEEP_S)
        if over is not None:
            if doc["coins_to_sit"]:
                await self._release_coins(pid, doc["id"])
            where = "this connection has" if over.startswith("c:") else "your address has"
            raise LobbyError(ErrorCode.TOO_MANY_TABLES, f"{where} opened {dict(owners)[over]} live tables; leave one first")

    async def _abandon(self, doc: dict[str, Any], pid: str) -> None:
        """Let go of what :meth:`_seated_table` and :meth:`_reserve` took
        for a table that will not be created: its opener's quota places and
        ``pid``'s coin claim."""
        if doc.get("opener"):
            await self.store.run([self.store.release_table_cmd(owner, doc["id"]) for owner, _ in self._owners(doc["opener"])])
        if doc["coins_to_sit"]:
            await self._release_coins(pid, doc["id"])

    async def _create_seated(self, doc: dict[str, Any], pid: str, log: dict[str, Any] | None = None) -> None:
        """:meth:`create` a table from :meth:`_seated_table` (its doc and
        log record) and :meth:`_reserve`; on failure :meth:`_abandon` it."""
        try:
            await self.create(doc, log)
        except Exception:
            await self._abandon(doc, pid)
            raise

    async def join(self, table_id: str, pid: str, name: str, seat: int | None = None, bots: bool = False) -> int:
        """Seat ``pid`` (see :func:`tables.join`); returns the seat.  With
        ``bots`` (a quick-match that asked for them) the table is marked to
        be filled by bots where no coins move.  Raises :class:`LobbyError`."""
        # one round trip: the names its chat shows are marked apart too
        loaded, chatting = await asyncio.gather(self.store.load_room(table_id), self._chatting(table_id, pid))
        if loaded is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "no such table")
        coins = loaded[1]["coins_to_sit"]
        if tables.seat_of(loaded[1], pid) is None:
            await self._check_coins(pid, coins, table_id)
        taken: list[int] = []

        def fn(doc: tables.TableDoc, now: int, ctx: dict[str, Any]) -> tables.Change | None:
            change = tables.join(doc, pid, name, seat, now, secrets.token_bytes(32), ctx, chatting)
            taken[:] = [tables.seat_of(doc, pid) if change is None else change.seats[pid]]  # None: seated here already
            if bots and not doc["bots"] and not doc["coins_to_sit"]:
                if change is None:
                    return tables.Change(dict(doc, bots=True), {"kind": "bots", "at": now})
                return change._replace(doc=dict(change.doc, bots=True))
            return change

        try:
            await self.update(table_id, fn, extra_pid=pid)
        except LobbyError:
            if coins:
                await self._release_coins(pid, table_id)
            raise
        return taken[0]

    async def absent(self, pid: str) -> None:
        """``pid``'s last connection went away: each seat it holds at a
        waiting table is marked to be given up after
        ``Settings.absent_grace_ms`` unless it is connected again by then
        (:func:`tables.mark_absent`; the table's timer decides)."""
        due = now_ms() + self.settings.absent_grace_ms
        for table_id in await self.store.player_tables(pid):
            with contextlib.suppress(LobbyError):
                await self.update(table_id, lambda doc, now, ctx: tables.mark_absent(doc, pid, due, now))

    async def leave(self, table_id: str, pid: str) -> None:
        await self.update(table_id, lambda doc, now, ctx: tables.leave(doc, pid, now, secrets.token_bytes(32), ctx))

    async def start(self, table_id: str, pid: str) -> None:
        await self.update(table_id, lambda doc, now, ctx: tables.request_start(doc, pid, now, secrets.token_bytes(32), ctx))

    async def ready(self, table_id: str, pid: str) -> None:
        """``pid`` is ready for the table's next game: a mark kept beside the
        doc (:meth:`Store.mark_ready`), no commit and no new version, shown
        to every viewer as a ``ready`` frame (``self.viewers.deliver_marks``); the mark
        that makes everyone ready commits the game's start
        (:func:`tables.ready`).  Where the table keeps no marks (a doc
        committed without them) the mark is a commit, as a start is.
        Raises :class:`LobbyError` as :func:`tables.ready_seat`."""
        base = self._base(table_id)
        loaded = base[:2] if base is not None else await self.store.load_room(table_id)
        if loaded is None:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "no such table")
        try:
            seat = tables.ready_seat(loaded[1], pid)
        except LobbyError:
            if base is None:
                raise
            loaded = await self.store.load_room(table_id)  # memory may lag: judge on what Redis holds
            if loaded is None:
                raise LobbyError(ErrorCode.NO_SUCH_TABLE, "no such table") from None
            seat = tables.ready_seat(loaded[1], pid)
        marks = await self.store.mark_ready(table_id, loaded[1]["game_no"], seat)
        if marks is not None:
            everyone = tables.all_ready(tables.with_marks(loaded[1], marks))
            self.viewers.deliver_marks(table_id, marks, not everyone)  # everyone ready: the start's delta follows at once, no frame before it
            if not everyone:
                return
        marked = marks is not None

        def start(doc: tables.TableDoc, now: int, ctx: dict[str, Any]) -> tables.Change | None:
            try:
                change = tables.ready(doc, pid, now, secrets.token_bytes(32), ctx)
            except LobbyError as exc:
                if marked and exc.code == ErrorCode.TABLE_FINISHED:
                    return None  # another mark's commit started it (or the table closed) meanwhile
                raise
            return change if not marked or change.log["kind"] != "ready" else None

        await self.update(table_id, start)

    async def back(self, table_id: str, pid: str) -> None:
        await self.update(table_id, lambda doc, now, ctx: tables.back(doc, pid, now))

    async def chat(self, table_id: str, pid: str, name: str, text: Any, spectator: bool) -> str:
        """Say a chat line at a table as ``pid`` shown as ``name``: kept in the table's chat stream and
        sent to every viewer on every process (:meth:`Store.add_chat`),
        never committed to the table doc, so it races no move.  ``text`` is
        cleaned as the protocol does (1..:data:`MAX_CHAT` characters).
        Returns the line's id.  Raises :class:`LobbyError` ``BAD_TEXT`` (its
        reason and ``max``: :func:`clean_text`),
        ``NO_SUCH_TABLE``, or ``CHAT_BUSY`` when the table already took
        ``chat_table_lines`` lines in the last ``chat_table_window_ms`` ms."""
        try:
            text = clean_text(text, MAX_CHAT)
        except ProtocolError as exc:
            raise LobbyError(exc.code, str(exc), exc.reason, exc.figures) from None
        s = self.settings
        line = {"at": now_ms(), "name": name, "text": text, "spectator": spectator, "pid": pid}
        out = await self.store.add_chat(table_id, line, s.chat_keep, s.chat_table_lines, s.chat_table_window_ms)
        if out == 0:
            raise LobbyError(ErrorCode.NO_SUCH_TABLE, "no such table")
        if out == -1:
            raise LobbyError(ErrorCode.CHAT_BUSY, f"this table's chat takes {s.chat_table_lines} lines per {s.chat_table_window_ms} ms; retry shortly")
        return str(out)

    async def _chatting(self, table_id: str, pid: str) -> list[str]:
        """The names (marks included) others than ``pid`` chat under at the
        table: the spectators' kept names and the speakers of the lines a
        page still shows (:meth:`Store.chat_speakers`: seated players gone
        since among them)."""
        (kept, _), speakers = await asyncio.gather(self.store.chat_names(table_id), self._speakers(table_id, pid))
        return sorted(speakers | {shown for other, (_, shown) in kept.items() if other != pid})

    async def _speakers(self, table_id: str, pid: str) -> set[str]:
        """The names (marks included) under which others than ``pid`` said
        the table's chat lines a page still shows (:meth:`Store.chat_speakers`)."""
        return {said for other, said in await self.store.chat_speakers(table_id) if other != pid}

    async def spectator_name(self, table_id: str, pid: str, name: str, seated: list[str]) -> str:
        """The name spectator ``pid`` (called ``name``) chats under at a
        table whose seats show ``seated`` (marks included; the players gone
        from them too: :func:`tables.names_in_sight`): the one it chatted
        under before while its name is the same and reads as none of those,
        else ``name`` with the mark that tells it apart from them and from
        the other spectators who chatted there ("Bob", "BOB ②", "Bob. ③",
        as a table marks its seats: :func:`lobby.name_keys.distinct_mark`).
        Kept with the table's chat (:meth:`Store.keep_chat_name`), checked
        and kept atomically."""
        # the lines a page still shows: their speakers' names, seated players' gone since among them
        seated = [*seated, *await self._speakers(table_id, pid)]
        while True:  # again only when another spectator's name was kept meanwhile
            kept, version = await self.store.chat_names(table_id)
            mine = kept.pop(pid, None)
            if mine is not None and mine[0] == name and not clashes(mine[1], seated):
                return mine[1]
            shown = shown_name(name, distinct_mark(name, [*seated, *(other for _, other in kept.values())]))
            if await self.store.keep_chat_name(table_id, pid, name, shown, version):
                return shown

    async def move(self, table_id: str, pid: str, turn: str, mv: dict[str, Any]) -> int:
        """Apply a player's move; returns the committed version."""
        per_s = self.settings.seat_moves_per_s
        out = await self.update(table_id, lambda doc, now, ctx: tables.move(doc, pid, turn, mv, now, per_s), timing=metrics.MOVE_COMMIT)
        assert out is not None
        return out[0]


def _committed(loaded: tuple[int, dict[str, Any]] | None) -> tuple[int, dict[str, Any], str] | None:
    """A base read from Redis (committed: rests on no commit id)."""
    return None if loaded is None else (loaded[0], loaded[1], "")


def _ends_game(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether committing ``new`` over ``old`` ends a game: ``new`` has a
    pending settlement that ``old`` did not have."""
    st = new.get("settlement")
    if not st or st["done"]:
        return False
    before = old.get("settlement")
    return before is None or before["id"] != st["id"]


def _seated_pids(doc: dict[str, Any]) -> set[str]:
    return {s["pid"] for s in doc["seats"] if s and s.get("pid") and not s.get("left")}
