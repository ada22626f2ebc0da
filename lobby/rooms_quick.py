"""Quick play and merges, one mixin :class:`lobby.rooms.Rooms` inherits: a
quick request seated at the one open quick table of its kind (or a new
one), and waiting quick tables merged into the oldest of their kind.  Uses
what ``Rooms`` sets up (``store``, ``settings``, ``update``, ``join``,
``open``...)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Any

from . import matching, tables
from .protocol import ErrorCode
from .rooms_coins import COIN_CLAIM_GRACE_MS, MAX_RETRIES
from .store import now_ms
from .tables import LobbyError

#: a quick-match claim naming a table not created yet is waited for this
#: long (its opener is creating it), then taken over (ms)
QUICK_CLAIM_GRACE_MS = 2_000
#: how often a quick request looks again for a claimed table still being created (s)
QUICK_CLAIM_POLL_S = 0.02
#: :meth:`Rooms._own_quick_seat`: look again shortly
_WAIT = object()


class QuickMatching:
    """Quick requests and merges (see the module doc)."""

    async def quick(
        self, game: str, pid: str, name: str, bots: bool, options: dict[str, Any] | None = None, opener: dict[str, str] | None = None
    ) -> tuple[str, int]:
        """Quick-match: a seat at the open quick table of ``game`` with the
        same engine options, or at a new one.  Requests of one kind meet at
        one table whatever process serves them: the open table of a kind is
        named by one Redis key (:meth:`Store.quick_slot`), a seat there is
        taken by compare-and-set, then at any other waiting quick table of
        that kind; a table is only joined while its skill band holds the
        player (nearest rating first: :mod:`lobby.matching`, whose
        :func:`matching.start_at` sets when a table opened apart starts),
        and a new table is opened only by whoever
        claims that key (compare-and-set too), so concurrent requests fill
        one table rather than open one each; a new table counts against
        ``opener``'s quotas as in :meth:`open`.  Asking for bots marks the
        table so bots fill it when its wait ends.  Returns ``(table id,
        seat)``.  Raises :class:`LobbyError` (``UNKNOWN_GAME``,
        ``BAD_OPTIONS``, ``TOO_MANY_TABLES``, coins, ``BUSY``)."""
        from engines import REGISTRY, validate_options

        tables.known_game(game)
        try:
            wanted = validate_options(REGISTRY[game].info, options)
        except ValueError as exc:
            raise LobbyError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        await self._check_quota(pid)
        waits = int(QUICK_CLAIM_GRACE_MS / 1000 / QUICK_CLAIM_POLL_S)
        wait_ms = self.settings.quick_wait_ms
        for _ in range(MAX_RETRIES + waits):
            slot = await self.store.quick_slot(game, wanted)
            expected = None
            # skill: the tables whose band holds this player, nearest first (lobby.matching)
            ids = ([slot[0]] if slot else []) + await self.store.waiting_tables(game)
            near, passed = await matching.candidates(self.store, game, wanted, pid, ids, now_ms(), wait_ms)
            if slot is not None:
                table_id, claimed_at, expected = slot
            if slot is not None and all(d["id"] != table_id for d in passed):
                try:
                    return table_id, await self.join(table_id, pid, name, bots=bots)
                except LobbyError as exc:
                    if exc.code == ErrorCode.NO_SUCH_TABLE and now_ms() - claimed_at < QUICK_CLAIM_GRACE_MS:
                        await asyncio.sleep(QUICK_CLAIM_POLL_S)  # its opener is creating it
                        continue
                    if exc.code not in (ErrorCode.TABLE_STARTED, ErrorCode.TABLE_FINISHED, ErrorCode.TABLE_FULL, ErrorCode.NO_SUCH_TABLE, ErrorCode.BUSY):
                        raise
            # another waiting table of this kind in the player's band (one that
            # went back to waiting, lost its key, or was opened apart): fill it
            for table_id in near:
                if slot is not None and table_id == slot[0]:
                    continue
                with contextlib.suppress(LobbyError):
                    return table_id, await self.join(table_id, pid, name, bots=bots)
            # no open table of this kind for this player: open one, if nobody claims the kind first
            try:
                doc, seat, log = await self._seated_table(game, pid, name, opener, bots=bots, quick=True, options=wanted)
            except LobbyError as exc:
                if exc.code != ErrorCode.ALREADY_SEATED:
                    raise
                mine = await self._own_quick_seat(game, wanted, pid)
                if mine is None:
                    raise
                if mine is _WAIT:
                    await asyncio.sleep(QUICK_CLAIM_POLL_S)
                    continue
                return mine
            doc["start_at"] = matching.start_at(doc["start_at"], passed, now_ms(), wait_ms)
            await self._reserve(doc, pid)
            if await self.store.claim_quick_slot(game, wanted, doc["id"], expected):
                await self._create_seated(doc, pid, log)
                return doc["id"], seat
            await self._abandon(doc, pid)
        raise LobbyError(ErrorCode.BUSY, "quick-match is busy; try again")

    async def _own_quick_seat(self, game: str, options: dict[str, Any], pid: str) -> "tuple[str, int] | object | None":
        """After a quick request's new table was refused ``ALREADY_SEATED``:
        where the player's coins are promised, if that is their seat at a
        quick table of this kind (the same player's other quick request, on
        another process, got there first): ``(table id, seat)``; ``_WAIT``
        while that table is still being created (a fresh claim naming no
        table yet) or the claim has just gone; None when it is another
        table (the refusal stands)."""
        current = await self.store.coin_table(pid)
        if current is None:
            return _WAIT
        loaded = await self.store.load_room(current[0])
        if loaded is None:
            return _WAIT if now_ms() - current[1] < COIN_CLAIM_GRACE_MS else None
        doc = loaded[1]
        seat = tables.seat_of(doc, pid)
        if seat is None or not doc.get("quick") or doc["game"] != game or doc["options"] != options:
            return None
        return doc["id"], seat

    async def merge(self, table_id: str, source: tuple[int, dict[str, Any]]) -> tuple[int, dict[str, Any]] | None:
        """Waiting quick tables of one kind merge rather than wait apart: if
        ``source`` (``(version, doc)`` of ``table_id`` as just committed) is
        :func:`tables.stranded`, its players are moved to the oldest older
        waiting quick table of the same game and options with room
        (:func:`tables.merge_target`; always into the older one, so two
        processes never move players in opposite directions).  First they
        are seated there by compare-and-set (:func:`tables.seat_moved`; at a
        coin table their coin claim moves with them, and who cannot be
        seated stays), then their seats here are given up
        (:func:`tables.moved_out`): the table, emptied, closes with
        ``moved_to``.  A crash between the two commits leaves them seated
        twice, never nowhere; the source's next retry finishes that move
        (:meth:`_finish_moves`) rather than start another.  Returns the
        source's new ``(version, doc)``, or None if nothing moved."""
        doc = source[1]
        if not tables.stranded(doc):
            return None
        finished = await self._finish_moves(doc)
        if finished is not None:
            return finished
        for candidate in await self.store.waiting_tables(doc["game"], upto=doc["created"]):  # oldest first
            loaded = await self.store.load_room(candidate) if candidate != table_id else None
            if loaded is None or not tables.merge_target(loaded[1], doc):
                continue
            with contextlib.suppress(LobbyError):
                out = await self._move_players(doc, candidate)
                if out is not None:
                    return out
        return None

    async def _finish_moves(self, doc: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        """Players of the stranded ``doc`` seated by a move from it at an
        older live quick table of its kind (the first commit of a move whose
        second one never came: the process died) give their seats here up
        to that table, even if it has started since; a seat they took there
        themselves (they played there, then asked for another game) is no
        half-done move.  Returns the source's new ``(version, doc)``, or
        None if there was none."""
        targets: dict[str, list[str]] = {}
        for pid in tables.seat_index(doc):
            for other in await self.store.player_tables(pid):
                loaded = await self.store.load_room(other) if other != doc["id"] else None
                seat = None if loaded is None else tables.seat_of(loaded[1], pid)
                if seat is None or not tables.live(loaded[1]) or loaded[1]["seats"][seat].get("moved_from") != doc["id"]:
                    continue
                o = loaded[1]
                if o.get("quick") and o["game"] == doc["game"] and o["options"] == doc["options"] and (o["created"], o["id"]) < (doc["created"], doc["id"]):
                    targets.setdefault(other, []).append(pid)
                    break
        out = None
        for target, pids in targets.items():
            out = await self.update(doc["id"], lambda d, now, ctx, target=target, pids=pids: tables.moved_out(d, pids, target, now)) or out
        return out

    async def _move_players(self, doc: dict[str, Any], target: str) -> tuple[int, dict[str, Any]] | None:
        """:meth:`merge`'s two commits, moving ``doc``'s seated players to
        ``target``.  Returns the source's new ``(version, doc)`` or None."""
        source = doc["id"]
        movers = [(doc["seats"][i]["pid"], doc["seats"][i]["name"]) for i in tables.humans(doc)]
        if doc["coins_to_sit"]:
            movers = [m for m in movers if await self._move_coin_claim(m[0], source, target)]
        seated: dict[str, int] = {}

        def seat_them(d: tables.TableDoc, now: int, ctx: dict[str, Any]) -> tables.Change | None:
            change = tables.seat_moved(d, movers, source, now, secrets.token_bytes(32), ctx)
            seated.clear()
            if change is None:  # none newly seated: those seated already (a retry) are moved all the same
                seated.update({pid: s for pid, _ in movers if (s := tables.seat_of(d, pid)) is not None})
            else:
                seated.update(change.seats)
            return change

        try:
            if movers:
                await self.update(target, seat_them, extra_pid=[pid for pid, _ in movers])
        finally:
            for pid, _ in movers:
                if doc["coins_to_sit"] and pid not in seated:
                    await self._move_coin_claim(pid, target, source)  # they stay: so do their coins
        if not seated:
            return None
        removed: list[str] = []

        def give_up(d: tables.TableDoc, now: int, ctx: dict[str, Any]) -> tables.Change | None:
            change = tables.moved_out(d, list(seated), target, now)
            removed[:] = [] if change is None else list(change.seats)
            return change

        out = await self.update(source, give_up)
        for pid in set(seated) - set(removed):
            # not given up at the source (it started, or they left it, meanwhile): undo the seat here
            with contextlib.suppress(LobbyError):
                await self.leave(target, pid)
            if doc["coins_to_sit"]:
                await self._move_coin_claim(pid, target, source)
        return out

    async def _move_coin_claim(self, pid: str, source: str, target: str) -> bool:
        """Point ``pid``'s coin-table claim from ``source`` to ``target`` by
        compare-and-set.  True when it names ``target`` now; False when it
        names a third table (the player's coins are promised there)."""
        for _ in range(MAX_RETRIES):
            current = await self.store.coin_table(pid)
            if current is not None and current[0] not in (source, target):
                return False
            if await self.store.claim_coin_table(pid, target, current[2] if current else None):
                return True
        return False
