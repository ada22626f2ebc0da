"""Arenas: tournaments that run themselves (docs/architecture.md, *Arenas*).

An arena is a game, its options, seats and turn time, a start and an end
(5..120 min later).  Every joined player who is not at a table waits in
the arena's pool; any process's pairing loop (:meth:`Arenas.run`) groups
the pool and takes each group with one Lua script (``lua/arena_take.lua``:
all of the group or nobody), then opens an ordinary table for it.  A
table's game end scores the game once per settlement id
(``lua/arena_score.lua``), from :meth:`Rooms._after_commit`'s hook or the
sweep, whichever comes first.  Every key is named here (the table below);
nothing of an arena lives in a process.

==================================  ======  ==========================================
key                                 type    holds
==================================  ======  ==========================================
``P:arenas``                        zset    arena id -> end (ms), until the arena is dropped
``P:arenas:listed``                 zset    the listed arenas, same scores
``P:arena:{arena:ID}``              hash    ``doc``: msgpack :func:`new_arena`; ``v``: the standings'
                                            version (one more at each join, pause, pairing, score)
``P:arena:{arena:ID}:pool``         zset    pid -> waiting since (ms)
``P:arena:{arena:ID}:pts``          zset    pid -> points (the standings)
``P:arena:{arena:ID}:players``      hash    ``<pid>:name|at|opp|streak|games|wins|sheet|paused``,
                                            ``table:<table id>``: its players, comma-joined
``P:arena:{arena:ID}:tables``       zset    table id -> paired at (ms), until scored
``P:arena:{arena:ID}:done``         set     settlement ids scored
``P:player:{pid}:arenas_made``      zset    arena id -> end (ms): the arenas a claimed account
                                            created that are not over (``arenas_per_account``)
``P:player:{pid}:arenas``           zset    ``<arena id>/<rank>/<players>/<game>`` -> the arena's end (ms):
                                            the arenas a player played in (profile:
                                            :meth:`Store.player_arenas`), the last :data:`HISTORY`
==================================  ======  ==========================================
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from typing import Any

import redis.exceptions

import engines

from . import failpoints, lua, ratings, tables
from .channels import ArenaPaired
from .config import Settings
from .diff import diff
from .name_keys import mark_rows
from .protocol import ErrorCode, encode
from .redis_values import now_ms, pack, unpack
from .rooms import Rooms
from .store import Store
from .tables import LobbyError

log = logging.getLogger("lobby.arenas")

#: an arena lasts this many minutes at least, and at most
MIN_MINUTES, MAX_MINUTES = 5, 120
#: an arena may be created to start this far ahead at most (ms)
MAX_AHEAD_MS = 7 * 24 * 3600 * 1000
#: rows of the standings' top
TOP = 10
#: a finished arena stays readable this long after its end (s)
KEEP_S = 7 * 24 * 3600
#: arenas a player's profile keeps
HISTORY = 100

_TAKE = lua.script("arena_take")
_SCORE = lua.script("arena_score")
_JOIN = lua.script("arena_join")
_RELEASE = lua.script("arena_release")
_MADE = lua.script("arena_made")
_STANDINGS = lua.script("arena_standings")


def new_arena(
    arena_id: str, game: str, *, now: int, start: int, minutes: int, by: str, seats: int | None = None, options: dict[str, Any] | None = None,
    turn_ms: int, min_turn_ms: int, private: bool = False, name: str | None = None,
) -> dict[str, Any]:
    """An arena's doc (what never changes): ``id``, ``name``, ``game``,
    ``options`` (validated), ``seats``, ``turn_ms``, ``start`` and ``end``
    (ms), ``private``, ``by`` (the creator's name; empty for the lobby's
    own, which also have ``scheduled`` true: :meth:`Arenas.schedule`).  Raises
    :class:`LobbyError` ``BAD_OPTIONS`` (``minutes`` outside
    :data:`MIN_MINUTES`..:data:`MAX_MINUTES`, a start in the past or
    beyond :data:`MAX_AHEAD_MS`, a game where coins move) and those of
    :func:`tables.new_table` (the same checks as a table's)."""
    if not MIN_MINUTES <= minutes <= MAX_MINUTES:
        raise LobbyError(ErrorCode.BAD_OPTIONS, f"an arena lasts {MIN_MINUTES}..{MAX_MINUTES} minutes", reason="minutes", figures={"min": MIN_MINUTES, "max": MAX_MINUTES})
    if not now - 60_000 <= start <= now + MAX_AHEAD_MS:
        raise LobbyError(ErrorCode.BAD_OPTIONS, "an arena starts now or within 7 days", reason="start")
    probe = tables.new_table("probe", game, now=now, seats=seats, turn_ms=turn_ms, options=options, min_turn_ms=min_turn_ms)
    if probe["coins_to_sit"]:
        raise LobbyError(ErrorCode.BAD_OPTIONS, "arenas play for points: choose options where no coins move", reason="coins")
    start = max(start, now)
    return {
        "id": arena_id,
        "name": name or f"{engines.get(game).info.title['en']} arena",
        "game": game,
        "options": probe["options"],
        "seats": len(probe["seats"]),
        "turn_ms": turn_ms,
        "start": start,
        "end": start + minutes * 60_000,
        "private": private,
        "by": by,
        "scheduled": False,
    }


def placements(doc: tables.TableDoc) -> list[tuple[str, int, bool, bool]]:
    """A finished arena table's ``(pid, base points, won, left)`` per
    person seated (docs/play.md, *In an arena*): with ``n`` seats, a seat ranked
    ``r`` (:func:`ratings.ranks`: winners, then by score; a leaver after
    every other) with ``k`` seats sharing that rank gets ``2n - 2r - (k -
    1)`` points (two seats: 2 a win, 1 a draw, 0 a loss); ``won``: ranked
    first alone; ``left``: left mid-game (:func:`ratings.absent`: scores 0,
    whatever its rank).  The streak's doubling is the score script's."""
    ranks = ratings.ranks(doc)
    n = len(doc["seats"])
    out = []
    for seat, s in enumerate(doc["seats"]):
        if not s or not s.get("pid"):
            continue
        rank, ties = ranks[seat], ranks.count(ranks[seat])
        left = ratings.absent(s)
        out.append((s["pid"], 2 * n - 2 * rank - (ties - 1), rank == 1 and ties == 1 and not left, left))
    return out


def groups(waiting: list[str], seats: int, least: int, order: dict[str, tuple[float, float]], last: dict[str, set[str]]) -> list[list[str]]:
    """The waiting players ``waiting`` grouped into tables of ``seats``
    (one last group of ``least`` or more where fewer are left; below that
    they keep waiting): by ``order`` (pid -> ``(points, rating)``, higher
    first), each group's first player then the next ones who were not in
    their last game (``last``: pid -> those opponents) while anyone else is
    left, else the next ones anyway."""
    rest = sorted(waiting, key=lambda p: (-order.get(p, (0, 0))[0], -order.get(p, (0, 0))[1], p))
    out = []
    while len(rest) >= least:
        size = min(seats, len(rest))
        first, rest = rest[0], rest[1:]
        fresh = [p for p in rest if p not in last.get(first, ()) and first not in last.get(p, ())]
        again = [p for p in rest if p not in fresh]
        group = [first, *(fresh + again)[: size - 1]]
        rest = [p for p in rest if p not in group]
        out.append(group)
    return out


class Arenas:
    """The arena commands and loops of one lobby process (all state in
    Redis).  ``rooms``: the process's table commands (tables are opened and
    scored through them; :meth:`game_ended` is their hook)."""

    def __init__(self, store: Store, rooms: Rooms, settings: Settings) -> None:
        self.store = store
        self.rooms = rooms
        self.settings = settings
        self.p = store.p
        redis = store.redis
        self._take = redis.register_script(_TAKE)
        self._score = redis.register_script(_SCORE)
        self._join = redis.register_script(_JOIN)
        self._release = redis.register_script(_RELEASE)
        self._made = redis.register_script(_MADE)
        self._standings = redis.register_script(_STANDINGS)
        #: arena id -> its doc (never changes)
        self._docs: dict[str, dict[str, Any]] = {}
        #: ids of the scheduled arenas this process made sure of
        self._scheduled: set[str] = set()
        #: arena id -> local connection following it -> the body (``arena``, ``standings``) it holds
        self.followers: dict[str, dict[Any, dict[str, Any]]] = {}
        #: arena id -> ``(v, status)`` last pushed to its followers here
        self._pushed: dict[str, tuple[int, str]] = {}
        rooms.arena_ended = self.game_ended

    # -- keys ----------------------------------------------------------------
    @property
    def all_key(self) -> str:
        return f"{self.p}:arenas"

    @property
    def listed_key(self) -> str:
        return f"{self.p}:arenas:listed"

    def key(self, arena_id: str, part: str = "") -> str:
        """The arena's hash (``part`` empty) or one of its keys (``pool``, ``pts``, ``players``, ``tables``, ``done``)."""
        return f"{self.p}:arena:{{arena:{arena_id}}}" + (f":{part}" if part else "")

    # -- reads ---------------------------------------------------------------
    async def doc(self, arena_id: str) -> dict[str, Any]:
        """The arena's doc.  Raises :class:`LobbyError` ``NO_SUCH_ARENA``."""
        doc = self._docs.get(arena_id)
        if doc is None:
            raw = await self.store.redis.hget(self.key(arena_id), "doc")
            if raw is None:
                raise LobbyError(ErrorCode.NO_SUCH_ARENA, "no such arena")
            doc = self._docs[arena_id] = unpack(raw)
        return doc

    def pairs(self, doc: dict[str, Any], now: int) -> bool:
        """Whether the arena pairs now: started, not ended."""
        return doc["start"] <= now < doc["end"]

    async def summary(self, arena_id: str) -> dict[str, Any]:
        """The arena's line: its doc's fields and ``players`` (joined),
        ``playing`` (tables in play), ``status`` (``upcoming``, ``running``,
        ``ending``: over but games still in play, ``finished``), ``v``
        (the standings' version)."""
        doc = await self.doc(arena_id)
        players, playing, v = await self.store.run(
            [("ZCARD", self.key(arena_id, "pts")), ("ZCARD", self.key(arena_id, "tables")), ("HGET", self.key(arena_id), "v")]
        )
        now = now_ms()
        status = "upcoming" if now < doc["start"] else "running" if now < doc["end"] else "ending" if playing else "finished"
        return {**doc, "players": int(players), "playing": int(playing), "status": status, "v": int(v or 0)}

    async def standings(self, arena_id: str, pid: str | None) -> dict[str, Any]:
        """``{"top": [row...], "me": row | None, "featured": table id | None
        (the table of the best-ranked player of the top at one: the game to
        watch)}``, a row ``{"rank", "name", "mark" (when the name reads as
        one above it: :func:`lobby.name_keys.list_marks`; ``me`` after the top),
        "points", "games", "wins", "streak", "sheet": [points per game],
        "paused", "playing": table id | None}`` (ranks from 1; equal points
        share no rank: the order is Redis's, by points then pid), read at
        one instant (``arena_standings.lua``)."""
        raw = await self._standings(keys=[self.key(arena_id, "pts"), self.key(arena_id, "players")], args=[TOP, pid or ""])
        out = []
        for i in range(0, len(raw), 10):
            rank, p, points, *v = [x.decode() if isinstance(x, bytes) else x for x in raw[i : i + 10]]
            out.append({
                "rank": int(rank), "name": v[0] or "?", "points": int(float(points)), "games": int(v[1] or 0), "wins": int(v[2] or 0),
                "streak": int(v[3] or 0), "sheet": [int(x) for x in v[4].split(",")] if v[4] else [], "paused": bool(v[5]), "playing": v[6],
                "you": p == pid,
            })
        rows = [row for row in out if row["rank"] <= TOP]
        mine = next((row for row in out if row["you"]), None)
        listed = rows if mine is None or mine in rows else [*rows, mine]
        mark_rows(listed)
        featured = next((row["playing"] for row in rows if row["playing"]), None)
        return {"top": rows, "me": mine, "featured": featured}

    async def view(self, arena_id: str, pid: str | None) -> dict[str, Any]:
        """The ``arena`` frame's body: ``arena`` (:meth:`summary`), ``standings``, ``now``."""
        return {"t": "arena", "arena": await self.summary(arena_id), "standings": await self.standings(arena_id, pid), "now": now_ms()}

    def follow(self, conn: Any, arena_id: str | None, view: dict[str, Any] | None = None) -> None:
        """``conn`` (a :class:`lobby.conn.Conn`) follows ``arena_id`` from
        ``view`` (the :meth:`view` it was just sent), and no other arena
        (None: none); :meth:`push` sends it what changes."""
        for followed in self.followers.values():
            followed.pop(conn, None)
        if arena_id is not None and view is not None:
            self.followers.setdefault(arena_id, {})[conn] = {"arena": view["arena"], "standings": view["standings"]}

    async def push(self) -> None:
        """Send each local follower of an arena whose standings' version or
        status changed an ``arena_delta``: the JSON Patch from the body it
        holds to the new one (its own row, the top, the counts)."""
        for arena_id, conns in list(self.followers.items()):
            for conn in [c for c in conns if c.closed]:
                del conns[conn]
            if not conns:
                del self.followers[arena_id]
                self._pushed.pop(arena_id, None)
                continue
            summary = await self.summary(arena_id)
            mark = (summary["v"], summary["status"])
            if self._pushed.get(arena_id) == mark:
                continue
            self._pushed[arena_id] = mark
            for conn in list(conns):
                standings = await self.standings(arena_id, conn.pid)
                last = conns.get(conn)
                if last is None:
                    continue  # it stopped following meanwhile
                body = {"arena": summary, "standings": standings}
                patch = diff(last, body)
                conns[conn] = body
                if patch:
                    conn.send(encode({"t": "arena_delta", "arena": arena_id, "patch": patch, "now": now_ms()}), "arena_delta")

    async def listed(self, game: str | None = None) -> list[dict[str, Any]]:
        """Listed arenas not finished more than an hour ago, soonest end first (:meth:`summary` each),
        of ``game`` only when given.  Raises :class:`LobbyError` ``UNKNOWN_GAME`` for a ``game`` no
        engine is registered as (as the table list does)."""
        if game is not None:
            tables.known_game(game)
        ids = await self.store.redis.zrangebyscore(self.listed_key, now_ms() - 3_600_000, "+inf", start=0, num=100)
        out = []
        for raw in ids:
            with contextlib.suppress(LobbyError):
                line = await self.summary(raw.decode())
                if game is None or line["game"] == game:
                    out.append(line)
        return out

    # -- commands ------------------------------------------------------------
    async def create(self, pid: str, name: str, claimed: bool, game: str, minutes: int, start: int | None = None, **fields: Any) -> dict[str, Any]:
        """A new arena (:func:`new_arena`'s ``fields``: seats, options,
        turn_ms, private, name), created by a claimed account only.  Returns
        its doc.  Raises :class:`LobbyError` ``NOT_CLAIMED`` for a guest,
        ``TOO_MANY_ARENAS`` when the account's ``arenas_per_account``
        arenas are not over yet, and :func:`new_arena`'s."""
        if not claimed:
            raise LobbyError(ErrorCode.NOT_CLAIMED, "claim your account to create an arena")
        now = now_ms()
        turn_ms = fields.pop("turn_ms", None) or self.settings.turn_ms
        doc = new_arena(
            secrets.token_hex(5), game, now=now, start=now if start is None else start, minutes=minutes, by=name, turn_ms=turn_ms,
            min_turn_ms=self.settings.min_turn_ms, **fields,
        )
        cap = self.settings.arenas_per_account
        made = await self._made(keys=[self.store.player_key(pid) + ":arenas_made"], args=[cap, doc["id"], doc["end"], now, KEEP_S])
        if not int(made):
            raise LobbyError(ErrorCode.TOO_MANY_ARENAS, f"you have {cap} arenas not over yet; wait for one to end", figures={"max": cap})
        await self._store(doc)
        return doc

    async def _store(self, doc: dict[str, Any]) -> None:
        keep_ms = (doc["end"] - now_ms()) + KEEP_S * 1000
        cmds: list[tuple[Any, ...]] = [
            ("HSET", self.key(doc["id"]), "doc", pack(doc)),
            ("PEXPIRE", self.key(doc["id"]), keep_ms),
            ("ZADD", self.all_key, doc["end"], doc["id"]),
        ]
        if not doc["private"]:
            cmds.append(("ZADD", self.listed_key, doc["end"], doc["id"]))
        await self.store.run(cmds)
        self._docs[doc["id"]] = doc

    async def join(self, arena_id: str, pid: str, name: str) -> None:
        """``pid`` joins the arena, or resumes after a pause (before or
        while it runs).  Raises :class:`LobbyError` ``NO_SUCH_ARENA``,
        ``ARENA_OVER``."""
        doc = await self.doc(arena_id)
        now = now_ms()
        if now >= doc["end"]:
            raise LobbyError(ErrorCode.ARENA_OVER, "that arena is over")
        await self._join(keys=[self.key(arena_id, "pool"), self.key(arena_id, "pts"), self.key(arena_id, "players"), self.key(arena_id)], args=[pid, name, now])

    async def pause(self, arena_id: str, pid: str) -> None:
        """``pid`` is paired no more until they join again (a game in play
        goes on and counts); before the start, they are withdrawn.  Raises
        :class:`LobbyError` ``NO_SUCH_ARENA``."""
        doc = await self.doc(arena_id)
        cmds: list[tuple[Any, ...]] = [("ZREM", self.key(arena_id, "pool"), pid)]
        if now_ms() < doc["start"]:
            cmds += [("ZREM", self.key(arena_id, "pts"), pid), ("HDEL", self.key(arena_id, "players"), f"{pid}:name")]
        else:
            cmds.append(("HSET", self.key(arena_id, "players"), f"{pid}:paused", "1"))
        cmds.append(("HINCRBY", self.key(arena_id), "v", 1))
        await self.store.run(cmds)

    # -- pairing -------------------------------------------------------------
    async def pair(self, arena_id: str) -> list[str]:
        """One pairing pass over the arena's pool (any process, any time):
        of the waiting players connected somewhere, the groups of :func:`groups`, each taken atomically
        (``arena_take.lua``) and seated at a new table; a take that finds
        a member gone ends the pass.  Returns the tables opened."""
        doc = await self.doc(arena_id)
        if not self.pairs(doc, now_ms()):
            return []
        r = self.store.redis
        waiting = [m.decode() for m in await r.zrange(self.key(arena_id, "pool"), 0, -1)]
        if waiting:  # who has no connection anywhere waits unpaired until back (a table would time them out)
            here = await self.store.present(waiting, now_ms())
            waiting = [p for p in waiting if p in here]
        info = engines.get(doc["game"]).info
        least = max(info.min_players, 2)
        if len(waiting) < least:
            return []
        points = await r.zmscore(self.key(arena_id, "pts"), waiting)
        raw = await r.hmget(self.key(arena_id, "players"), [f"{p}:{f}" for p in waiting for f in ("name", "opp")])
        names = {p: (raw[2 * i] or b"?").decode() for i, p in enumerate(waiting)}
        last = {p: set((raw[2 * i + 1] or b"").decode().split(",")) - {""} for i, p in enumerate(waiting)}
        rated = await ratings.current(self.store, doc["game"], waiting)
        order = {p: (points[i] or 0, ratings.ordinal(*rated[p])) for i, p in enumerate(waiting)}
        taken: list[tuple[str, list[str]]] = []
        for group in groups(waiting, doc["seats"], least, order, last):
            table_id = secrets.token_hex(6)
            took = await self._take(keys=[self.key(arena_id, "pool"), self.key(arena_id, "players"), self.key(arena_id, "tables"), self.key(arena_id)], args=[table_id, now_ms(), *group])
            if not int(took):
                break  # another process took one of them: the next pass reads the pool again
            failpoints.hit("arena_taken")
            taken.append((table_id, group))
        # the tables open side by side (an arena's start opens hundreds); one that fails is the sweep's
        results = await asyncio.gather(*(self._open(doc, table_id, [(p, names[p]) for p in group]) for table_id, group in taken), return_exceptions=True)
        for (table_id, _), result in zip(taken, results):
            if isinstance(result, BaseException):
                log.warning("arena %s: table %s not opened (%r); the sweep gives its players back", arena_id, table_id, result)
        return [table_id for (table_id, _), result in zip(taken, results) if not isinstance(result, BaseException)]

    async def _open(self, doc: dict[str, Any], table_id: str, players: list[tuple[str, str]]) -> None:
        """Open the arena's table ``table_id`` for ``players`` (``(pid,
        name)``, in seat order) through the ordinary table code: created
        with all but the last seated, whose join starts the game (its own
        commit and log record, as any start).  Each player is told
        (``arena_paired`` on their channel)."""
        now = now_ms()
        s = self.settings
        d = tables.new_table(
            table_id, doc["game"], now=now, seats=len(players), turn_ms=doc["turn_ms"], options=doc["options"], private=doc["private"],
            bots=False, games=1, bot_delay_ms=s.bot_delay_ms, bot_pace=bool(s.bot_pace), pause_ms=s.result_pause_ms, ready_ms=s.ready_ms,
            away_after=s.away_after, waiting_ttl_ms=s.waiting_ttl_ms, min_turn_ms=1, opened_by=None,
        )
        d["arena"] = doc["id"]
        d["name"] = doc["name"]
        for pid, name in players[:-1]:
            change = tables.join(d, pid, name, None, now, secrets.token_bytes(32), {"balances": {}})
            assert change is not None
            d = change.doc
        await self.rooms.create(d)
        last_pid, last_name = players[-1]
        await self.rooms.update(table_id, lambda t, at, ctx: tables.join(t, last_pid, last_name, None, at, secrets.token_bytes(32), ctx), extra_pid=last_pid)
        publish = "SPUBLISH" if self.store.sharded else "PUBLISH"
        await self.store.run([
            (publish, self.store.player_channel(pid), ArenaPaired(doc["id"], table_id, seat).encode()) for seat, (pid, _) in enumerate(players)
        ])

    # -- scoring -------------------------------------------------------------
    async def game_ended(self, table: tables.TableDoc) -> None:
        """The hook of :meth:`Rooms._after_commit` for a commit that ended
        an arena table's game: score it (:meth:`score`).  Never raises (the
        sweep scores what this missed)."""
        try:
            await self.score(table)
        except Exception:
            log.exception("scoring arena table %s", table.get("id"))

    async def score(self, table: tables.TableDoc) -> bool:
        """Score a finished arena table's game once (``arena_score.lua``,
        by its settlement id).  Returns whether this call scored it."""
        arena_id, st = table["arena"], table.get("settlement")
        if st is None or table.get("result") is None:
            return False
        doc = await self.doc(arena_id)
        now = now_ms()
        args: list[Any] = [st["id"], table["id"], now, int(self.pairs(doc, now))]
        for pid, base, won, left in placements(table):
            args += [pid, base, int(won), int(left)]
        keys = [self.key(arena_id, part) for part in ("done", "pts", "players", "pool", "tables", "")]
        return bool(int(await self._score(keys=keys, args=args)))

    async def sweep(self, arena_id: str) -> None:
        """Repair what a dead process left (any process, any time): each of
        the arena's tables paired at least ``arena_grace_ms`` ago is scored
        if its game is over, and its players are given back to the pool if
        it was never started (missing, or still waiting).  An arena over
        with no table left is dropped from the pairing loops' list."""
        doc = await self.doc(arena_id)
        now = now_ms()
        r = self.store.redis
        old = await r.zrangebyscore(self.key(arena_id, "tables"), "-inf", now - self.settings.arena_grace_ms)
        for raw in old:
            table_id = raw.decode()
            loaded = await self.store.load_room(table_id)
            table = loaded[1] if loaded else None
            if table is not None and table.get("settlement") and table.get("result") is not None:
                await self.score(table)
            elif table is None or table["status"] == tables.Status.WAITING or table["status"] == tables.Status.CLOSED:
                if table is not None and table["status"] == tables.Status.WAITING:
                    with contextlib.suppress(LobbyError):
                        await self.rooms.update(table_id, lambda t, at, ctx: _closed_unstarted(t, at))
                await self._release(
                    keys=[self.key(arena_id, "pool"), self.key(arena_id, "players"), self.key(arena_id, "tables"), self.key(arena_id)],
                    args=[table_id, now, int(self.pairs(doc, now))],
                )
        if now >= doc["end"] and not await r.zcard(self.key(arena_id, "tables")):
            await self._record(doc)
            keep_ms = KEEP_S * 1000
            await self.store.run([("ZREM", self.all_key, arena_id)] + [("PEXPIRE", self.key(arena_id, part), keep_ms) for part in ("pool", "pts", "players", "tables", "done")])

    async def schedule(self) -> list[str]:
        """Make sure the lobby's scheduled arenas exist (any process, any
        time; the same ids and docs from every process): one per game for
        the current slot of ``arena_every_min`` minutes while it runs, and
        one for the next slot, each ``arena_scheduled_min`` long, with the
        game's default seats, options and the default turn time.  Returns
        the ids made sure of."""
        every, minutes = self.settings.arena_every_min, self.settings.arena_scheduled_min
        if every <= 0:
            return []
        now = now_ms()
        period = every * 60_000
        first = now // period * period
        ids = []
        for start in (first, first + period):
            if start + minutes * 60_000 <= now:
                continue
            for game in sorted(engines.REGISTRY):
                arena_id = f"{game}-{start // 1000}"
                ids.append(arena_id)
                if arena_id in self._scheduled:
                    continue
                doc = new_arena(arena_id, game, now=start, start=start, minutes=minutes, by="", turn_ms=self.settings.turn_ms, min_turn_ms=self.settings.min_turn_ms)
                doc["scheduled"] = True
                await self._store(doc)  # the same doc from any process: idempotent
                self._scheduled.add(arena_id)
        return ids

    async def _record(self, doc: dict[str, Any]) -> None:
        """Write a finished arena into the profile of each player who
        played a game in it (its place in the final standings, out of how
        many played; idempotent: any process, any number of times)."""
        r = self.store.redis
        final = await r.zrevrange(self.key(doc["id"], "pts"), 0, -1)
        pids = [m.decode() for m in final]
        if not pids:
            return
        games = await r.hmget(self.key(doc["id"], "players"), [f"{p}:games" for p in pids])
        played = [p for p, g in zip(pids, games) if int(g or 0)]
        cmds: list[tuple[Any, ...]] = []
        for rank, pid in enumerate(played, 1):
            key = self.store.player_arenas_key(pid)
            cmds += [("ZADD", key, doc["end"], f"{doc['id']}/{rank}/{len(played)}/{doc['game']}"), ("ZREMRANGEBYRANK", key, 0, -HISTORY - 1)]
        await self.store.run(cmds)

    def _forget(self, ids: list[str], now: int) -> None:
        """Drop from this process's memory the docs of arenas over for an
        hour and no longer paired or swept (``ids``: those that are; a
        later read loads a doc again) and the scheduled ids of past slots."""
        live = set(ids)
        for arena_id in [a for a, d in self._docs.items() if a not in live and d["end"] < now - 3_600_000]:
            del self._docs[arena_id]
        self._scheduled &= live

    # -- the loop ------------------------------------------------------------
    async def run(self, stopping: asyncio.Event) -> None:
        """Pair every running arena every ``arena_pair_ms``, and also at the
        start of an arena that starts sooner (its players all waiting: the
        start's pairing is not left to the loop's phase), and sweep every
        arena every ``arena_sweep_ms``, until ``stopping``."""
        last_sweep = 0
        while not stopping.is_set():
            first_start = None  # the soonest start of an arena not started yet (ms)
            try:
                now = now_ms()
                ids = [raw.decode() for raw in await self.store.redis.zrange(self.all_key, 0, -1)]
                self._forget(ids, now)
                for arena_id in ids:
                    doc = await self.doc(arena_id)
                    if self.pairs(doc, now):
                        await self.pair(arena_id)
                    elif now < doc["start"]:
                        first_start = min(first_start or doc["start"], doc["start"])
                await self.push()
                if now - last_sweep >= self.settings.arena_sweep_ms:
                    last_sweep = now
                    await self.schedule()
                    for arena_id in ids:
                        await self.sweep(arena_id)
            except (redis.exceptions.RedisError, OSError) as exc:
                log.warning("arena loop: %s", exc)
            except Exception:
                log.exception("arena loop")
            wait_ms = self.settings.arena_pair_ms
            if first_start is not None:
                wait_ms = min(wait_ms, max(0, first_start - now_ms()))
            await asyncio.sleep(wait_ms / 1000)


def _closed_unstarted(doc: tables.TableDoc, now: int) -> tables.Change | None:
    """An arena table whose pairing never started it, closed (its players
    go back to the arena's pool).  None once it started."""
    if doc["status"] != tables.Status.WAITING:
        return None
    d = dict(doc, status=tables.Status.CLOSED.value, closed_reason="nobody_came", start_at=None, wait_until=None)
    return tables.Change(d, {"kind": "close", "at": now})
