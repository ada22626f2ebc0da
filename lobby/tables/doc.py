"""A table's document and its pure transitions (sans-I/O, no Redis, no asyncio).

A *table doc* (:class:`TableDoc`: every key is documented there) is the
msgpack-clean dict stored at ``P:room:{id}``; its ``status`` is a
:class:`Status` value.  Chat is not game state: its lines live in the
table's chat stream (:meth:`lobby.store.Store.add_chat`), never in the doc,
so this module has no chat transition.

The contract, the same for every transition (:func:`join`, :func:`leave`,
:func:`begin`, :func:`request_start`, :func:`ready`, :func:`back`,
:func:`move`, :func:`mark_absent`, :func:`due`, :func:`settled`,
:func:`seat_moved`, :func:`moved_out`):

- it takes a doc and returns a :class:`Change` (the new doc, its log
  record, the seats it gave or took), or None when there is nothing to
  change: None is never an error, and the caller commits nothing;
- a request it refuses raises :class:`LobbyError`, whose ``code`` is the
  :class:`ErrorCode` the client gets (docs/protocol.md);
- it never mutates its input: the new doc is a new dict that shares what it
  did not change (the engine state included; nothing mutates a doc or a
  state once made), so a refused request leaves the table untouched.

:mod:`lobby.rooms` loads a doc, calls one of these and commits
``Change.doc`` with compare-and-set.  The lobby checks seat counts, options
and coins before the engine sees them, so an engine ``ValueError`` from a
game's start is a bug here: it is not turned into a code but raised as is
(the session answers ``internal`` and logs it).
"""

from __future__ import annotations

import enum
import hashlib
import random
import types
from collections.abc import Mapping
from typing import Any, NamedTuple, NotRequired, TypedDict, cast


import engines
from engines import rng as engine_rng
from engines.base import IllegalMove, InvalidMove

from ..protocol import ErrorCode, packb, shown

#: words of generated table names (:func:`table_name`): 16 x 16 names
NAME_WORDS = (
    ("Amber", "Azure", "Brass", "Cedar", "Coral", "Copper", "Ivory", "Jade", "Lotus", "Maple", "Opal", "Pearl", "Plum", "Silver", "Teal", "Willow"),
    ("Crane", "Dragon", "Finch", "Fox", "Heron", "Koi", "Lark", "Lion", "Moon", "Otter", "Panda", "Phoenix", "River", "Star", "Tiger", "Wren"),
)
BOT_NAMES = ("Ada", "Bao", "Cleo", "Dai", "Eli", "Fei", "Gus", "Hui", "Ivo", "Jun", "Kai", "Lin", "Mo", "Nia", "Ola", "Pei")
#: the shortest turn a table may have by default (ms: a person's; lobby.config ``min_turn_ms``) and the longest
MIN_TURN_MS = 5_000
MAX_TURN_MS = 300_000
#: forced/bot moves one commit may apply before giving the others a turn
MAX_FORCED = 64


class Status(enum.StrEnum):
    """A table's ``status``.  The doc stores the member's plain ``str``
    value (a loaded doc holds ``str`` anyway, and the fan-out's diff tells
    types apart); compare it with the members."""

    WAITING = "waiting"  # before the first game, or back to waiting for players
    PLAYING = "playing"  # a game is running
    FINISHED = "finished"  # a game is over: ``next`` says whether another may follow
    CLOSED = "closed"  # the table is over


class Seat(TypedDict):
    """One taken seat of :attr:`TableDoc.seats`."""

    pid: str | None  # the player's id; None for a bot's own seat
    name: str  # shown name; a bot's is bare ("Ada"): each page adds its own language's bot marker
    bot: bool  # a bot plays it (a bot's seat, or a seat left mid-game)
    left: bool  # its player left (mid-game, or between games)
    away: bool  # timed out ``away_after`` times in a row: a bot plays it until the player acts (at a game's end: only if a bot did)
    moved_from: NotRequired[str]  # the table a merge moved its player from (:func:`seat_moved`)


class NextGame(TypedDict):
    """:attr:`TableDoc.next`: another game may start at this table."""

    deadline: int  # ms: who has not pressed ready by then is stood up
    ready: list[bool]  # per seat (bots always are)


class SettlementEntry(TypedDict):
    pid: str
    seat: int
    coins: int  # won (> 0) or lost (< 0) this game
    stats: dict[str, int]  # games, wins, losses, escapes, disconnects, score and the game's own


class Settlement(TypedDict):
    """:attr:`TableDoc.settlement`: the coin and stats record of the last game."""

    id: str  # "<table id>:<game_no>": applied to balances once per id (lobby.rooms)
    done: bool  # applied (then :func:`settled` marked it)
    players: list[SettlementEntry]
    ratings: NotRequired[list[dict[str, float] | None]]  # per seat {before, after, delta}, once rated (lobby.ratings)


class Notice(TypedDict):
    name: str  # the player stood up
    reason: str  # not_ready, absent, insufficient_coins, moved, left (nobody_came: older docs; now closed_reason)


class TableDoc(TypedDict):
    """A table's document (msgpack-clean; times are ms since the epoch,
    durations ms)."""

    id: str  # the table's key and link
    name: NotRequired[str]  # readable: the opener's name, or generated (:func:`table_name`)
    opened_by: NotRequired[str | None]  # the opener's name; None for a quick table
    game: str  # engine id
    options: dict[str, Any]  # validated engine options
    turn_ms: int  # a person's time per decision
    bot_delay_ms: int  # how long a bot waits before it acts
    ready_ms: int  # time to press start (waiting) or ready (between games)
    games: int | None  # the table ends after that many games; None: while people stay
    away_after: int  # consecutive timeouts that mark a seat away; 0: never
    private: bool  # not listed
    bots: bool  # bots may fill empty seats
    quick: bool  # opened by quick-match
    coins_to_sit: int  # coins a player needs; bots only where 0
    status: str  # a :class:`Status` value
    seats: list[Seat | None]  # one entry per seat, None while free
    entered: list[str]  # pids in the order they sat
    state: Any  # the engine state, or None before the first game
    deadlines: dict[str, list[Any]]  # str(seat) -> [turn id, due]: only for the turn it was set for
    start_at: int | None  # a waiting table starts then, or stands up who has not pressed start
    start_votes: list[str]  # pids who pressed start
    created: int
    seed: str | None  # hex; secret until the game ends
    seed_hash: str | None
    table_ctx: dict[str, Any] | None  # what the engine was given at the start (coins, entered, winners)
    result: dict[str, Any] | None  # the last game's outcome
    players: NotRequired[list[dict[str, Any]] | None]  # who sat in each seat of the game on show (running or last): {"name", "bot", "left"}, as seats[] said then; "away": True where it was away at the end (:func:`_away_at_end`)
    game_no: int  # games started
    timeouts: list[int]  # consecutive timed-out turns per seat
    timeout_turns: NotRequired[list[str | None]]  # per seat: the turn (engine ``turn_of``) its last timeout counted for
    game_timeouts: list[int]  # forced moves per seat this game
    forced: NotRequired[list[list[Any]]]  # this game's moves played for a person: [seat, "timeout"|"bot"|"left", engine.move_key]
    events: list[dict[str, Any]]  # public events of the last commit
    next: NextGame | None  # while the seated players may start another game
    close_at: NotRequired[int | None]  # a finished table no game follows closes then
    settlement: Settlement | None  # applied to balances exactly once by lobby.rooms
    absent: dict[str, int]  # pid -> due: a seat at a waiting table given up then unless its player is back (:func:`due`)
    waiting_ttl_ms: int  # how long a table may wait for players; 0: for ever
    wait_until: int | None  # a waiting table closes then
    quick_retry_ms: int  # a waiting quick table below its minimum looks again this often (:func:`stranded`)
    moved_to: str | None  # the table this one's players were moved to (:func:`moved_out`)
    notices: list[Notice]  # the last ten players stood up, and why
    closed_reason: NotRequired[str | None]  # why a table closed: "no_next_game", "too_few" or "games_played" (:func:`_closed`), "nobody_came" (its wait ran out)
    opener: NotRequired[dict[str, str]]  # lobby.rooms: {"addr", "conn"} of who opened it, for quotas; never shown


#: the table view's ``forced`` of a doc without one (shared, read-only)
_NO_FORCED: list[list[Any]] = []

#: :attr:`Change.seats` of a change that seats or stands up no named player
_NO_SEATS: Mapping[str, int] = types.MappingProxyType({})


class Change(NamedTuple):
    """What a transition did (read it by field name).

    ``doc``: the new table doc (a new dict, never the input); ``log``: its
    record for the table's replay log (``kind``, ``at`` in ms, and the
    kind's own fields; :mod:`lobby.rooms` adds the version ``v``);
    ``seats``: pid -> seat of the players it seated (:func:`join`,
    :func:`seat_moved`) or whose seats it gave up (:func:`moved_out`),
    empty for every other transition."""

    doc: TableDoc
    log: dict[str, Any]
    seats: Mapping[str, int] = _NO_SEATS


class LobbyError(Exception):
    """A request the lobby refuses; ``code`` is the :class:`ErrorCode` sent back,
    ``reason`` (or None) the error frame's ``reason`` (``bad_name``'s);
    ``figures`` (or None) the frame's figures, ints by name
    (``insufficient_coins``: ``need`` and ``have``, coins), for a client
    to word the refusal in its language."""

    def __init__(self, code: ErrorCode, message: str, reason: str | None = None, figures: dict[str, int] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.figures = figures


def new_table(
    table_id: str,
    game: str,
    *,
    now: int,
    seats: int | None = None,
    turn_ms: int,
    options: dict[str, Any] | None = None,
    private: bool = False,
    bots: bool = False,
    quick: bool = False,
    start_at: int | None = None,
    bot_delay_ms: int = 700,
    ready_ms: int = 30_000,
    games: int | None = None,
    away_after: int = 2,
    waiting_ttl_ms: int = 0,
    quick_retry_ms: int = 5_000,
    opened_by: str | None = None,
    min_turn_ms: int = MIN_TURN_MS,
) -> TableDoc:
    """A waiting table's doc.  ``opened_by``: the name of the player who
    opened it, which names the table (else it gets a generated name:
    :func:`table_name`).  Raises :class:`LobbyError` ``UNKNOWN_GAME`` or
    ``BAD_OPTIONS`` (seat count outside the game's range, bad engine option,
    turn time outside ``min_turn_ms`` .. :data:`MAX_TURN_MS`, in ms: reason
    ``turn_ms``, figures ``min`` and ``max`` in ms; bots at a table where
    coins move).
    ``waiting_ttl_ms``: how long it may wait for players before it closes
    (0: for ever); ``quick_retry_ms``: how often a quick table below its
    minimum looks again once its wait is over."""
    try:
        engine = engines.get(game)
    except KeyError:
        raise LobbyError(ErrorCode.UNKNOWN_GAME, f"no game {game!r}") from None
    info = engine.info
    n = info.default_players if seats is None else seats
    if not info.min_players <= n <= info.max_players:
        raise LobbyError(ErrorCode.BAD_OPTIONS, f"{game} takes {info.min_players}..{info.max_players} seats")
    if not min_turn_ms <= turn_ms <= MAX_TURN_MS:
        raise LobbyError(
            ErrorCode.BAD_OPTIONS, f"turn time must be {min_turn_ms}..{MAX_TURN_MS} ms", reason="turn_ms", figures={"min": min_turn_ms, "max": MAX_TURN_MS}
        )
    if games is not None and not 1 <= games <= 1000:
        raise LobbyError(ErrorCode.BAD_OPTIONS, "games must be 1..1000")
    try:
        opts = engines.validate_options(info, options)
    except ValueError as exc:
        raise LobbyError(ErrorCode.BAD_OPTIONS, str(exc)) from None
    coins = engine.coins_to_sit(opts)
    if bots and coins > 0:
        raise LobbyError(ErrorCode.BAD_OPTIONS, "bots only sit where no coins move")
    return {
        "id": table_id,
        "name": opened_by or generated_name(table_id),
        "opened_by": opened_by,
        "game": game,
        "options": opts,
        "turn_ms": turn_ms,
        "bot_delay_ms": bot_delay_ms,
        "ready_ms": ready_ms,
        "games": games,
        "away_after": away_after,
        "private": private,
        "bots": bots,
        "quick": quick,
        "coins_to_sit": coins,
        "status": Status.WAITING.value,
        "seats": [None] * n,
        "entered": [],
        "state": None,
        "deadlines": {},
        "start_at": start_at,
        "created": now,
        "seed": None,
        "seed_hash": None,
        "table_ctx": None,
        "result": None,
        "players": None,
        "game_no": 0,
        "timeouts": [0] * n,
        "game_timeouts": [0] * n,
        "timeout_turns": [None] * n,
        "forced": [],
        "events": [],
        "next": None,
        "start_votes": [],
        "settlement": None,
        "notices": [],
        "absent": {},
        "waiting_ttl_ms": waiting_ttl_ms,
        "wait_until": now + waiting_ttl_ms if waiting_ttl_ms else None,
        "quick_retry_ms": quick_retry_ms,
        "moved_to": None,
        "closed_reason": None,
    }


def generated_name(table_id: str) -> str:
    """A readable name made from a table id (``"Jade Crane"``), the same on
    every process; ids are hex, anything else gets the first words."""
    digits = "".join(c for c in table_id if c in "0123456789abcdef")[:2].ljust(2, "0")
    return f"{NAME_WORDS[0][int(digits[0], 16)]} {NAME_WORDS[1][int(digits[1], 16)]}"


def table_name(doc: TableDoc) -> str:
    """The table's readable name (its opener's name, or a generated one;
    a table made before names existed gets the generated one)."""
    return doc.get("name") or generated_name(doc["id"])


def seat_index(doc: TableDoc) -> dict[str, int]:
    """pid -> the seat it holds at this table (not one it left)."""
    return {s["pid"]: i for i, s in enumerate(doc["seats"]) if s and s.get("pid") and not s.get("left")}


def seat_of(doc: TableDoc, pid: str) -> int | None:
    """The seat ``pid`` holds at this table (not one it left), or None."""
    return seat_index(doc).get(pid)


def liable(doc: TableDoc, pid: str) -> bool:
    """Whether ``pid``'s coins are still promised at this table: they hold a
    seat (even one they left) in a waiting or running game, or one whose
    payout is not done, or a seat they keep for the next game."""
    if doc["status"] == Status.CLOSED and not (doc.get("settlement") and not doc["settlement"]["done"]):
        return False
    for s in doc["seats"]:
        if not s or s.get("pid") != pid:
            continue
        if doc["status"] in (Status.WAITING, Status.PLAYING):
            return True
        if doc.get("settlement") and not doc["settlement"]["done"]:
            return True
        if doc["status"] == Status.FINISHED and doc["next"] is not None and not s.get("left"):
            return True
    return False


def humans(doc: TableDoc) -> list[int]:
    """Seats held by people who have not left."""
    return [i for i, s in enumerate(doc["seats"]) if s and not s["bot"] and not s.get("left")]


def filled(doc: TableDoc) -> int:
    return sum(1 for s in doc["seats"] if s)


def _copy(doc: TableDoc) -> TableDoc:
    """A doc whose table-level containers (seats and each seat, lists of
    seat data, ``next``, ``settlement``, ``deadlines``) are new, for a
    transition to change in place; the rest, the engine state included,
    is shared (nothing mutates a doc or a state once made)."""
    d = cast(TableDoc, dict(doc))
    d["seats"] = [None if s is None else cast(Seat, dict(s)) for s in doc["seats"]]
    for key in ("entered", "timeouts", "game_timeouts", "notices", "start_votes", "events"):
        d[key] = list(doc.get(key) or [])
    d["deadlines"] = dict(doc["deadlines"])
    if doc["next"] is not None:
        d["next"] = cast(NextGame, dict(doc["next"], ready=list(doc["next"]["ready"])))
    if doc.get("settlement") is not None:
        d["settlement"] = cast(Settlement, dict(doc["settlement"]))
    d["absent"] = dict(doc.get("absent") or {})
    return d


# -- seating ----------------------------------------------------------------------


def join(doc: TableDoc, pid: str, name: str, seat: int | None, now: int, seed: bytes, ctx: dict[str, Any] | None = None) -> Change | None:
    """``pid`` takes a seat (the lowest free one unless ``seat`` is given):
    ``Change.seats`` is ``{pid: seat}``, the log ``{"kind": "join", "seat",
    "name"}``; the table's wait starts again (``wait_until``: ``now`` +
    ``waiting_ttl_ms``); when the last seat fills, the game starts (with ``seed``; the
    log is :func:`begin`'s, with ``join``: the seat).  None when ``pid``
    already sits here (:func:`seat_of` has its seat).  ``ctx["balances"]``
    maps pids to coins.  Raises :class:`LobbyError` ``TABLE_STARTED``,
    ``TABLE_FINISHED``, ``INSUFFICIENT_COINS``, ``TABLE_FULL`` (no free
    seat, or ``seat`` is taken or does not exist).
    """
    if seat_of(doc, pid) is not None:
        return None
    if doc["status"] == Status.CLOSED or (doc["status"] == Status.FINISHED and doc["next"] is None):
        raise LobbyError(ErrorCode.TABLE_FINISHED, "that table has finished")
    if doc["status"] != Status.WAITING:
        raise LobbyError(ErrorCode.TABLE_STARTED, "that table has started; watch it instead")
    balances = (ctx or {}).get("balances", {})
    if doc["coins_to_sit"] and balances.get(pid, 0) < doc["coins_to_sit"]:
        have = balances.get(pid, 0)
        raise LobbyError(ErrorCode.INSUFFICIENT_COINS, f"this table needs {doc['coins_to_sit']} coins; you have {have}", figures={"need": doc["coins_to_sit"], "have": have})
    free = [i for i, s in enumerate(doc["seats"]) if s is None]
    if not free:
        raise LobbyError(ErrorCode.TABLE_FULL, "that table is full")
    if seat is None:
        seat = free[0]
    elif seat not in free:
        raise LobbyError(ErrorCode.TABLE_FULL, f"seat {seat} is taken or does not exist")
    d = _copy(doc)
    d["seats"][seat] = {"pid": pid, "name": name, "bot": False, "left": False, "away": False}
    d["entered"].append(pid)
    # someone came: the table waits its whole time again (the view's wait_until)
    d["wait_until"] = now + d["waiting_ttl_ms"] if d.get("waiting_ttl_ms") else None
    log = {"kind": "join", "at": now, "seat": seat, "name": name}
    if filled(d) == len(d["seats"]) and not d["absent"]:  # an absent seat: the timer decides (see due)
        return begin(d, now, seed, ctx=ctx, join=seat)._replace(seats={pid: seat})
    return Change(d, log, {pid: seat})


def leave(doc: TableDoc, pid: str, now: int) -> Change:
    """``pid`` leaves its seat (log ``{"kind": "leave", "seat"}``).
    Waiting: the seat empties (a table with no people left closes, with
    the notice ``left``).
    Playing: a seat the engine says :meth:`leaves_freely` (stud: folded)
    is left to itself (``bot`` stays false: not an abandonment); else the
    engine's :meth:`leave` decides (stud's escape 逃跑: the log
    has its ``events`` and ``engine_leave``); otherwise a bot plays the seat
    to the end of the game, from its own delay on when the seat must act
    (the player's coins stay at stake: see :func:`liable`).  Between games:
    the seat is gone from the next game; when everyone still seated is
    ready and too few remain to play, the table closes at once
    (``closed_reason`` ``"too_few"``: :func:`_too_few`).
    Raises :class:`LobbyError` ``NOT_SEATED``."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    d = _copy(doc)
    d["events"] = []
    log: dict[str, Any] = {"kind": "leave", "at": now, "seat": seat}
    if d["status"] == Status.WAITING:
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["absent"].pop(pid, None)
        if not humans(d):
            d["notices"] = [*d["notices"], {"name": doc["seats"][seat]["name"], "reason": "left"}][-10:]
            d["status"] = Status.CLOSED.value
        return Change(d, log)
    playing = d["status"] == Status.PLAYING
    engine = engines.get(d["game"])
    # a seat with nothing left to play (stud: folded) leaves freely: no bot takes it, no abandonment
    free = playing and engine.leaves_freely(d["state"], seat)
    d["seats"][seat] = dict(d["seats"][seat], left=True, bot=playing and not free)
    if playing:
        d["players"] = [*_players(d)]
        d["players"][seat] = dict(d["players"][seat], left=True, bot=not free)  # the game's record: its player left (a bot plays it unless free)
        left = engine.leave(d["state"], seat)
        if left is not None:
            d["state"], d["events"] = left
            log["events"] = d["events"]
            log["engine_leave"] = True
        # the bot now in the seat acts after its own delay, not the rest of the person's turn
        _after_change(d, now, {seat})
        _finish_log(d, log)
    elif d["status"] == Status.FINISHED and d["next"] is not None:
        d["next"] = dict(d["next"], ready=[r and i != seat for i, r in enumerate(d["next"]["ready"])])
        if not humans(d):
            d["next"] = None
            d["status"] = Status.CLOSED.value
        elif _too_few(d):
            d = _closed(d, "too_few")
    return Change(d, log)


def _too_few(doc: TableDoc) -> bool:
    """Whether a finished table's next game can no longer start: every
    person still seated is ready (nobody left to decide), no bot sits, and
    fewer than the game's minimum stay."""
    nxt = doc["next"]
    staying = [i for i, s in enumerate(doc["seats"]) if s and not s.get("left")]
    if nxt is None or any(doc["seats"][i]["bot"] for i in staying) or not all(nxt["ready"][i] for i in staying):
        return False
    return len(staying) < engines.get(doc["game"]).info.min_players


def _start(doc: TableDoc, now: int, seed: bytes, fill_bots: bool = False, ctx: dict[str, Any] | None = None) -> TableDoc:
    """:func:`begin`'s doc with a new game started.  Empty seats are filled
    with bots when ``fill_bots``; empty and left seats are then dropped (the
    game is played by who is seated).  ``ctx["balances"]``: pid -> coins.
    Raises :class:`LobbyError` ``TOO_FEW_PLAYERS`` below the game's minimum
    (:func:`begin` checks first); an engine ``ValueError`` (a seat count,
    options or coins the lobby should have refused) is raised as is."""
    engine = engines.get(doc["game"])
    d = _copy(doc)
    prev_state, prev_result = d["state"], d["result"]
    if fill_bots:
        # bots sit under bare names, none a seated player's (the page marks them as bots)
        used = {s["name"].casefold() for s in d["seats"] if s}
        names = [n for n in BOT_NAMES if n.casefold() not in used]
        for i, s in enumerate(d["seats"]):
            if s is None:
                d["seats"][i] = {"pid": None, "name": names.pop(0), "bot": True, "left": False, "away": False}
    old_index = [i for i, s in enumerate(d["seats"]) if s and not s.get("left")]
    d["seats"] = [dict(d["seats"][i], away=False) for i in old_index]
    n = len(d["seats"])
    if n < engine.info.min_players:
        raise LobbyError(ErrorCode.TOO_FEW_PLAYERS, f"{doc['game']} needs at least {engine.info.min_players} players")
    balances = (ctx or {}).get("balances", {})
    pids = [s["pid"] for s in d["seats"]]
    # what the engine may carry over, in this game's seat numbers: seniority, last game's winners
    order = [pids.index(p) for p in d["entered"] if p in pids]
    order += [i for i in range(n) if i not in order]
    winners = []
    if prev_result and prev_state is not None:
        for old in prev_result["winners"][:1]:
            winner_pid = doc["seats"][old]["pid"] if old < len(doc["seats"]) and doc["seats"][old] else None
            if winner_pid in pids:
                winners.append(pids.index(winner_pid))
    table = {"coins": [balances.get(p, 0) if p else 0 for p in pids], "entered": order, "winners": winners}
    d["state"] = engine.initial_state(n, d["options"], seed, table)  # a ValueError: a bug here (see the module docstring)
    d["table_ctx"] = table
    d["status"] = Status.PLAYING.value
    d["seed"] = seed.hex()
    d["seed_hash"] = engine_rng.seed_hash(seed)
    d["game_no"] += 1
    d["timeouts"] = [0] * n
    d["game_timeouts"] = [0] * n
    d["timeout_turns"] = [None] * n
    d["forced"] = []
    d["start_at"] = None
    d["wait_until"] = None  # playing: no wait to run out (begin sets it again when the table waits again)
    d["result"] = None
    d["deadlines"] = {}
    d["next"] = None
    d["start_votes"] = []
    d["events"] = [{"type": "game_started", "game_no": d["game_no"], "seed_hash": d["seed_hash"]}]
    d["players"] = [{"name": s["name"], "bot": s["bot"], "left": False} for s in d["seats"]]
    _after_change(d, now, set())
    return d


def _players(doc: TableDoc) -> list[dict[str, Any]]:
    """``doc["players"]``, or for a doc from before it the seats' names."""
    if doc.get("players") is not None:
        return doc["players"]  # type: ignore[return-value]
    return [{"name": s["name"], "bot": s["bot"], "left": bool(s.get("left"))} if s else None for s in doc["seats"]]  # type: ignore[misc]


def begin(doc: TableDoc, now: int, seed: bytes, fill_bots: bool = False, ctx: dict[str, Any] | None = None, **extra: Any) -> Change:
    """Start the next game if the table can: first every person whose
    balance (``ctx["balances"]``) is below the table's minimum is stood up
    and told why (an ``insufficient_coins`` notice); then, with people left
    and enough players (or bots to fill in: ``fill_bots`` where no coins
    move), the game starts (log ``{"kind": "start", **start_record}``),
    else the table goes back to waiting for players (log ``{"kind":
    "wait"}``; a table with nobody left closes).  ``extra``: fields added
    to the log.  The transition behind :func:`request_start`, :func:`ready`,
    a join that fills the table and :func:`due`."""
    d = _copy(doc)
    balances = (ctx or {}).get("balances", {})
    if d["coins_to_sit"]:
        for i, s in enumerate(d["seats"]):
            if s and s["pid"] and not s.get("left") and balances.get(s["pid"], 0) < d["coins_to_sit"]:
                d["notices"] = [*d["notices"], {"name": s["name"], "reason": "insufficient_coins"}][-10:]
                d["entered"] = [p for p in d["entered"] if p != s["pid"]]
                if d["status"] == Status.WAITING:
                    d["seats"][i] = None
                else:
                    s["left"] = True
    seated = sum(1 for s in d["seats"] if s and not s.get("left"))
    can_fill = fill_bots and not d["coins_to_sit"]
    if humans(d) and (can_fill or seated >= engines.get(d["game"]).info.min_players):
        d = _start(d, now, seed, fill_bots=fill_bots, ctx=ctx)
        return Change(d, {"kind": "start", "at": now, **extra, **start_record(d)})
    # not enough players: wait for more (a table between games waits again)
    if d["status"] != Status.WAITING:
        d["seats"] = [s if s and not s.get("left") else None for s in d["seats"]]
        d["seats"] += [None] * (len(doc["seats"]) - len(d["seats"]))
    d["status"] = Status.WAITING.value if humans(d) else Status.CLOSED.value
    d["next"] = None
    d["start_votes"] = []
    # a quick table waits as a new one does: its timer looks again soon
    # (to start with the minimum, or to move its players: see stranded)
    d["start_at"] = now + _retry_ms(d) if d.get("quick") and d["status"] == Status.WAITING else None
    d["wait_until"] = now + d["waiting_ttl_ms"] if d.get("waiting_ttl_ms") else None
    d["events"] = []
    return Change(d, {"kind": "wait", "at": now, **extra})


def start_record(doc: TableDoc) -> dict[str, Any]:
    """What a replay needs of a game's start (the seed itself is logged
    only in the final record, once the game is over)."""
    return {
        "game": doc["game"],
        "options": doc["options"],
        "seats": [{"name": s["name"], "bot": s["bot"]} for s in doc["seats"]],
        "seed_hash": doc["seed_hash"],
        "game_no": doc["game_no"],
        "table": doc["table_ctx"],
    }


def request_start(doc: TableDoc, pid: str, now: int, seed: bytes, ctx: dict[str, Any] | None = None) -> Change:
    """A seated player presses start at a waiting table.  The game starts
    when every seated person has pressed it (RULES.md 2: 一局 starts when all
    seated players pressed start): bots fill empty seats if the table allows
    them, else it is played by who is seated.  The first press opens a
    window of ``ready_ms``; who has not pressed by then is stood up (see
    :func:`due`).  Log: :func:`begin`'s, or ``{"kind": "start_vote",
    "seat"}`` while others have not pressed.  Raises :class:`LobbyError`
    ``NOT_SEATED``, ``TABLE_STARTED``, ``TOO_FEW_PLAYERS`` (fewer seated
    than the game's minimum at a table without bots)."""
    if seat_of(doc, pid) is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != Status.WAITING:
        raise LobbyError(ErrorCode.TABLE_STARTED, "that table has already started")
    d = _copy(doc)
    votes = [p for p in d.get("start_votes", []) if seat_of(d, p) is not None]
    if pid not in votes:
        votes.append(pid)
    d["start_votes"] = votes
    waiting_for = [i for i in humans(d) if d["seats"][i]["pid"] not in votes]
    minimum = engines.get(d["game"]).info.min_players
    if not d["bots"] and filled(d) < minimum:
        hint = "bots cannot sit where coins move" if d["coins_to_sit"] else "or open the table with bots"
        raise LobbyError(ErrorCode.TOO_FEW_PLAYERS, f"waiting for players: {d['game']} needs at least {minimum} ({hint})")
    if not waiting_for and not d["absent"]:  # an absent seat's grace decides first (see due)
        return begin(d, now, seed, fill_bots=d["bots"], ctx=ctx)
    if d["start_at"] is None or d["start_at"] > now + d["ready_ms"]:
        d["start_at"] = now + d["ready_ms"]
    d["events"] = [{"type": "start_pressed", "seat": seat_of(d, pid)}]
    return Change(d, {"kind": "start_vote", "at": now, "seat": seat_of(d, pid)})


def ready(doc: TableDoc, pid: str, now: int, seed: bytes, ctx: dict[str, Any] | None = None) -> Change:
    """``pid`` wants another game at this table (log ``{"kind": "ready",
    "seat"}``).  When every seated person is ready (bots always are) the
    next game starts with the same seats (:func:`begin`'s log).  Raises :class:`LobbyError` ``NOT_SEATED`` or ``TABLE_FINISHED`` (no next
    game is open)."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != Status.FINISHED or doc["next"] is None:
        raise LobbyError(ErrorCode.TABLE_FINISHED, "no next game is open at that table")
    d = _copy(doc)
    d["next"]["ready"][seat] = True
    d["events"] = [{"type": "ready", "seat": seat}]
    if all(d["next"]["ready"][i] for i in humans(d)):
        return begin(d, now, seed, ctx=ctx)
    return Change(d, {"kind": "ready", "at": now, "seat": seat})


def back(doc: TableDoc, pid: str, now: int) -> Change | None:
    """An away player is back: their seat is theirs again, its timeouts
    count from 0 for the turns after this one (the turn counted already,
    6 Nimmt!'s forced pick whose row choice is still to make, does not
    count again) and, mid-game, its deadline is a person's again (log
    ``{"kind": "back", "seat"}``).  None when the seat is not away.  Raises
    :class:`LobbyError` ``NOT_SEATED``."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if not doc["seats"][seat].get("away"):
        return None
    d = _copy(doc)
    d["seats"][seat]["away"] = False
    d["timeouts"][seat] = 0  # timeout_turns stays: a counted turn counts once, back or not
    d["events"] = [{"type": "back", "seat": seat}]
    if d["status"] == Status.PLAYING:
        _after_change(d, now, {seat})
    return Change(d, {"kind": "back", "at": now, "seat": seat})


# -- play ---------------------------------------------------------------------------


def turn_id(doc: TableDoc, seat: int) -> str | None:
    """The turn id a ``move`` names for ``seat`` now (the view's ``turns``):
    ``"<game_no>:<engine turn id>"``, or None when the seat need not act.
    Engines' ids repeat from game to game of a table (sibala ``r0.s0``), so
    the game number keeps a late or replayed frame from an earlier game out
    of this one."""
    tid = engines.get(doc["game"]).turn_id(doc["state"], seat)
    return None if tid is None else f"{doc['game_no']}:{tid}"


def move(doc: TableDoc, pid: str, turn: str, mv: dict[str, Any], now: int) -> Change:
    """``pid`` plays ``mv`` for turn ``turn``.  An away player who acts is
    back.  Log ``{"kind": "move", "moves": [[seat, mv]], "events",
    "state_hash"}`` (and the game's end: :func:`_finish_log`).  On the move
    path: no copy beyond the few containers it changes.

    Raises :class:`LobbyError`, the move's shape judged first (whatever
    the turn: docs/protocol.md, *Order of checks*): ``UNKNOWN_MOVE`` (the
    game has no move of that type: the engine's ``unknown_move``, the type
    named), ``BAD_MOVE`` (the engine's :meth:`~engines.base.Engine.check_move`);
    then the table's state: ``NOT_SEATED``, ``TABLE_FINISHED`` (or not
    started), ``NOT_YOUR_TURN`` (the seat need not act), ``TURN_OVER`` (the
    seat's turn id differs from ``turn``), ``ILLEGAL_MOVE``.
    """
    engine = engines.get(doc["game"])
    seat = seat_of(doc, pid)
    refusal = _table_refusal(doc, seat, turn, now)
    if refusal is not None:
        # the shape's code first; a move the table takes has it judged once, by apply
        try:
            engine.check_move(mv)
        except InvalidMove as exc:
            raise _invalid(exc, doc["game"], mv) from None
        raise refusal
    try:
        state, events = engine.apply(doc["state"], seat, mv)
    except InvalidMove as exc:
        raise _invalid(exc, doc["game"], mv) from None
    except IllegalMove as exc:
        raise LobbyError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None
    d = dict(doc)
    d["state"] = state
    d["events"] = events
    d["timeouts"] = list(doc["timeouts"])
    d["timeouts"][seat] = 0
    if doc["seats"][seat].get("away"):
        d["seats"] = list(doc["seats"])
        d["seats"][seat] = dict(doc["seats"][seat], away=False)
    log = {"kind": "move", "at": now, "moves": [[seat, mv]], "events": events}
    _after_change(d, now, {seat})
    _finish_log(d, log)
    return Change(d, log)


def _table_refusal(doc: TableDoc, seat: int | None, turn: str, now: int) -> LobbyError | None:
    """Why the table's state refuses a move of ``seat`` (None: no seat) for
    turn id ``turn`` at ``now`` (ms) (``NOT_SEATED``, ``TABLE_FINISHED``,
    ``NOT_YOUR_TURN``, ``TURN_OVER``: another turn, or this one's deadline
    passed: the clock's move is due, however late the timer runs), or None
    when it may play.  A seat a bot plays (away) may always act: its
    deadline is the bot's, and acting brings its player back."""
    if seat is None:
        return LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != Status.PLAYING:
        return LobbyError(ErrorCode.TABLE_FINISHED, "no game is running at that table")
    current = turn_id(doc, seat)
    if current is None:
        return LobbyError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
    if current != turn:
        return LobbyError(ErrorCode.TURN_OVER, "that turn is over")
    due = doc["deadlines"].get(str(seat))
    if due is not None and due[1] <= now and not _plays_as_bot(doc["seats"][seat]):
        return LobbyError(ErrorCode.TURN_OVER, "time ran out: the clock plays that turn")
    return None


def _invalid(exc: InvalidMove, game: str, mv: dict[str, Any]) -> LobbyError:
    """The refusal of a move ``game``'s engine cannot parse: ``UNKNOWN_MOVE``
    naming its type (cut short) for the engine's ``unknown_move``, else
    ``BAD_MOVE`` with the engine's words."""
    if exc.code == "unknown_move":
        return LobbyError(ErrorCode.UNKNOWN_MOVE, f"unknown move {shown(str(mv.get('type')))} in {game}")
    return LobbyError(ErrorCode.BAD_MOVE, str(exc))


def mark_absent(doc: TableDoc, pid: str, due_ms: int, now: int) -> Change | None:
    """``pid``'s last connection went away: at a waiting table where it
    sits, its seat is given up at ``due_ms`` (ms) unless it is connected
    again by then (see :func:`due`; log ``{"kind": "absent", "seat"}``).
    None when there is nothing to mark (not waiting, not seated, marked
    already)."""
    seat = seat_of(doc, pid)
    if doc["status"] != Status.WAITING or seat is None or pid in (doc.get("absent") or {}):
        return None
    d = _copy(doc)
    d["absent"][pid] = due_ms
    d["events"] = []
    return Change(d, {"kind": "absent", "at": now, "seat": seat})


def _resolve_waiting(doc: TableDoc, now: int, ctx: dict[str, Any] | None) -> TableDoc | None:
    """A waiting table after what fell due at ``now``: past ``wait_until`` it
    closes (everyone stood up, ``closed_reason`` ``"nobody_came"``); each
    absence whose grace is over gives the seat up unless its player is
    connected (``ctx["present"]``: the set of seated pids with a live
    connection); a table left with no people closes.  None when nothing
    fell due."""
    absent = doc.get("absent") or {}
    expired = [pid for pid, at in absent.items() if at <= now]
    over = doc.get("wait_until") is not None and doc["wait_until"] <= now
    if not expired and not over:
        return None
    d = _copy(doc)
    d["events"] = []
    if over:
        # said once, by the table (closed_reason), not once per seated player
        d["closed_reason"] = "nobody_came"
        d["seats"] = [None] * len(d["seats"])
        d["entered"], d["absent"], d["start_votes"], d["status"] = [], {}, [], Status.CLOSED.value
        return d
    present = (ctx or {}).get("present", set())
    for pid in expired:
        del d["absent"][pid]
        seat = seat_of(d, pid)
        if pid in present or seat is None:
            continue  # back within the grace (a reload): the seat is kept
        d["notices"] = [*d["notices"], {"name": d["seats"][seat]["name"], "reason": "absent"}][-10:]
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["start_votes"] = [p for p in d["start_votes"] if p != pid]
    if not humans(d):
        d["status"] = Status.CLOSED.value
    return d


def _retry_ms(doc: TableDoc) -> int:
    return doc.get("quick_retry_ms") or 5_000


# -- merging waiting quick tables ---------------------------------------------------


def stranded(doc: TableDoc) -> bool:
    """Whether ``doc`` is a waiting quick table that would keep waiting below
    what it needs to start: people seated (none marked absent: the grace
    decides first), fewer than the game's minimum and no bots to fill in.
    Its players may then be moved to an older waiting quick table of the
    same kind (:func:`seat_moved`, :func:`moved_out`)."""
    if not doc.get("quick") or doc["status"] != Status.WAITING or doc.get("absent") or not humans(doc):
        return False
    return not (doc["bots"] and not doc["coins_to_sit"]) and filled(doc) < engines.get(doc["game"]).info.min_players


def merge_target(doc: TableDoc, source: TableDoc) -> bool:
    """Whether ``source``'s players may be moved to ``doc``: another waiting
    quick table of the same game and options, strictly older (by
    ``(created, id)``, so two tables never move players into each other),
    with a free seat for each of them."""
    return (
        doc["id"] != source["id"]
        and doc.get("quick")
        and doc["status"] == Status.WAITING
        and not doc["private"]
        and doc["game"] == source["game"]
        and doc["options"] == source["options"]
        and (doc["created"], doc["id"]) < (source["created"], source["id"])
        and sum(1 for s in doc["seats"] if s is None) >= len(humans(source))
    )


def seat_moved(
    doc: TableDoc, movers: list[tuple[str, str]], source: str, now: int, seed: bytes, ctx: dict[str, Any] | None = None
) -> Change | None:
    """Seat ``movers`` (``(pid, name)`` pairs from table ``source``) at this
    waiting table, as :func:`join` would, in one commit; who cannot be seated
    (no free seat left, too few coins in ``ctx["balances"]``, the game began
    when the last seat filled) is skipped.  A mover already seated here (a
    retry after a crash) keeps the seat.  A seat given so says
    ``moved_from``: ``source``.  ``Change.seats``: pid -> seat of
    each mover seated here (newly or kept); the log ``{"kind": "moved_in",
    "seats": [those seats], "moved_from": source}``, or the start's when the
    last seat filled.  None when no mover was newly seated."""
    d, records, seats = doc, [], {}
    for pid, name in movers:
        try:
            joined = join(d, pid, name, None, now, seed, ctx)
        except LobbyError:
            continue
        if joined is None:
            seats[pid] = seat_of(d, pid)  # seated here already
            continue
        d = joined.doc
        for seat in joined.seats.values():  # who sits here by a move, from where (see Rooms._finish_moves)
            d["seats"][seat] = dict(d["seats"][seat], moved_from=source)
        seats.update(joined.seats)
        records.append(joined.log)
    if not records:
        return None
    if d["status"] == Status.WAITING and d["start_at"] is None:
        d["start_at"] = now + _retry_ms(d)  # it has more players now: let its timer look
    log = records[-1] if records[-1]["kind"] == "start" else {"kind": "moved_in", "at": now, "seats": sorted(seats.values())}
    return Change(d, dict(log, moved_from=source), seats)


def moved_out(doc: TableDoc, pids: list[str], target: str, now: int) -> Change | None:
    """The seats of ``pids`` (now seated at table ``target``) are given up at
    this waiting table, each with a ``moved`` notice, an event ``{"type":
    "moved", "to": target, "seats": [the seats given up]}`` tells their
    clients where to go, and ``moved_to`` names ``target``; a table left with
    no people closes.  ``Change.seats``: pid -> seat given up; the log
    ``{"kind": "moved_out", "to": target, "seats": how many}``.  None when
    none of ``pids`` sits here, or the table is no longer waiting (its seats
    are kept)."""
    if doc["status"] != Status.WAITING:
        return None
    index = seat_index(doc)
    removed = {pid: index[pid] for pid in pids if pid in index}
    if not removed:
        return None
    d = _copy(doc)
    d["events"] = [{"type": "moved", "to": target, "seats": sorted(removed.values())}]
    for pid, seat in removed.items():
        d["notices"] = [*d["notices"], {"name": d["seats"][seat]["name"], "reason": "moved"}][-10:]
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["start_votes"] = [p for p in d["start_votes"] if p != pid]
        d["absent"].pop(pid, None)
    d["moved_to"] = target
    if not humans(d):
        d["status"] = Status.CLOSED.value
    return Change(d, {"kind": "moved_out", "at": now, "to": target, "seats": len(removed)}, removed)


def _plays_as_bot(seat: Seat) -> bool:
    return bool(seat["bot"] or seat.get("away"))


def due(doc: TableDoc, now: int, seed: bytes, bot_rng: random.Random, ctx: dict[str, Any] | None = None) -> Change | None:
    """Apply whatever is due at ``now``: at a waiting table, the end of its
    wait (``wait_until``: it closes) and of absent players' grace (their
    seats are given up unless ``ctx["present"]`` holds them; a full table
    then starts), then its start (put off while a seat is marked absent);
    the close of a finished table no game follows (``close_at``); the end
    of a ready period (the next game starts with who pressed ready, the
    others stood up with the notice ``sat_out``; with too few ready the
    table closes, ``closed_reason`` ``"no_next_game"``, or ``"too_few"``
    when a person was ready, nobody stood up),
    bots' and away
    seats' moves, and forced moves of seats whose deadline passed (only for
    the turn the deadline was set for; at most :data:`MAX_FORCED` rounds).
    Each person's seat played so gets an event ``{"type": "timeout",
    "seat", "bot", "moves"}`` after the engine's: ``moves`` as public as the
    game allows (:meth:`engines.base.Engine.public_move`), ``bot`` true when
    a bot played it because the seat is away (its deadline was the bot's
    delay); bots' own seats get none.  Each decision so played for a
    person's seat (timed out, away, or left: a bot plays it to the end) is
    added to ``forced`` as ``[seat, "timeout" | "bot" | "left",
    engine.move_key(state before it)]`` (the table view's ``forced``), and
    to the log's ``marks`` as ``[index in moves of its last move, kind,
    key, how many moves it took]``.  Logs: ``close``, ``absent`` (graces
    ended, the table still waits), ``wait`` (the start put off),
    :func:`begin`'s, or ``{"kind": "forced", "moves": [[seat, move]],
    "events", "timeouts": [seats moved for a person], "marks" (when any)}``.  ``bot_rng``: the
    bots' randomness.  None when nothing is due."""
    if doc["status"] == Status.WAITING:
        resolved = _resolve_waiting(doc, now, ctx)
        if resolved is not None:
            if resolved["status"] == Status.CLOSED:
                return Change(resolved, {"kind": "close", "at": now})
            if filled(resolved) == len(resolved["seats"]) and not resolved["absent"]:
                return begin(resolved, now, seed, ctx=ctx)  # a full table waited for an absent seat
            if resolved["start_at"] is None or resolved["start_at"] > now:
                return Change(resolved, {"kind": "absent", "at": now})
            doc = resolved
        if doc["start_at"] is None or doc["start_at"] > now:
            return None
        engine = engines.get(doc["game"])
        if not humans(doc):
            return Change(dict(doc, status=Status.CLOSED.value, events=[]), {"kind": "close", "at": now})
        if doc.get("absent"):  # nobody starts with a seat that may be given up: wait for its grace
            return Change(dict(doc, start_at=max(doc["absent"].values()), events=[]), {"kind": "wait", "at": now})
        d = _copy(doc)
        votes = d.get("start_votes") or []
        if votes:  # someone pressed start: who did not is stood up
            for i in humans(d):
                if d["seats"][i]["pid"] not in votes:
                    d["notices"] = [*d["notices"], {"name": d["seats"][i]["name"], "reason": "sat_out"}][-10:]
                    d["entered"] = [p for p in d["entered"] if p != d["seats"][i]["pid"]]
                    d["seats"][i] = None
            if not humans(d):
                return Change(dict(d, status=Status.CLOSED.value, events=[]), {"kind": "close", "at": now})
        if d["bots"] or filled(d) >= engine.info.min_players:
            begun = begin(d, now, seed, fill_bots=d["bots"], ctx=ctx)
            if begun.doc["status"] == Status.WAITING and begun.doc["quick"]:
                begun.doc["start_at"] = now + _retry_ms(begun.doc)
            return begun
        # keep waiting for people: a quick table keeps looking for company; an
        # opened one has nothing to time until someone joins or presses start
        return Change(dict(d, start_at=now + _retry_ms(d) if d.get("quick") else None, start_votes=[]), {"kind": "wait", "at": now})
    if doc["status"] == Status.FINISHED:
        nxt = doc["next"]
        if nxt is None and doc.get("close_at") is not None and doc["close_at"] <= now:
            played = doc["games"] is not None and doc["game_no"] >= doc["games"]
            return Change(_closed(doc, "games_played" if played else "no_next_game"), {"kind": "close", "at": now})
        if nxt is None or nxt["deadline"] > now:
            return None
        d = _copy(doc)
        # who pressed ready plays on (bots always do); not pressing means not playing the next game
        staying = [i for i, s in enumerate(d["seats"]) if s and not s.get("left") and (s["bot"] or nxt["ready"][i])]
        if any(not d["seats"][i]["bot"] for i in staying) and len(staying) >= engines.get(d["game"]).info.min_players:
            for i in humans(d):
                if i not in staying:
                    d["seats"][i]["left"] = True
                    d["notices"] = [*d["notices"], {"name": d["seats"][i]["name"], "reason": "sat_out"}][-10:]
            return begin(d, now, seed, ctx=ctx)
        # no next game: the table closes with its result on show, nobody stood up
        # ("too_few" when someone asked for one: "nobody asked" would be false)
        asked = any(nxt["ready"][i] for i in humans(d))
        return Change(_closed(d, "too_few" if asked else "no_next_game"), {"kind": "close", "at": now})
    if doc["status"] != Status.PLAYING:
        return None
    engine = engines.get(doc["game"])
    d = dict(doc)
    d["deadlines"] = dict(doc["deadlines"])
    d["timeouts"] = list(doc["timeouts"])
    d["game_timeouts"] = list(doc["game_timeouts"])
    d["timeout_turns"] = list(doc.get("timeout_turns") or [None] * len(doc["seats"]))
    d["seats"] = [dict(s) for s in doc["seats"]]
    state = doc["state"]
    moves: list[list[Any]] = []
    events: list[Any] = []
    forced: list[int] = []
    played_for: dict[int, list[Any]] = {}  # people's seats: the moves the deadline made
    marks: list[list[Any]] = []  # the log's: [index of the decision's last move, kind, key, moves]
    for _ in range(MAX_FORCED):
        due_seats = []
        for seat in engine.to_act(state):
            entry = d["deadlines"].get(str(seat))
            if entry and entry[1] <= now and entry[0] == engine.turn_id(state, seat):
                due_seats.append(seat)
        if not due_seats:
            break
        moved: set[int] = set()
        for seat in due_seats:
            if seat not in engine.to_act(state):
                continue
            by_bot = _plays_as_bot(d["seats"][seat])
            s = d["seats"][seat]
            kind = None if s["bot"] and not s.get("left") else "left" if s.get("left") else "bot" if by_bot else "timeout"
            key = engine.move_key(state, seat) if kind else None
            first = len(moves)
            if by_bot:
                plan = [engine.bot_move(engine.view(state, seat), seat, bot_rng)]
            else:
                plan = engine.timeout_moves(state, seat)
                forced.append(seat)
                turn = engine.turn_of(state, seat)
                if d["timeout_turns"][seat] != turn:  # a turn's forced moves count once (6 Nimmt!: pick, then row)
                    d["timeout_turns"][seat] = turn
                    d["timeouts"][seat] += 1
                d["game_timeouts"][seat] += 1
                if d["away_after"] and d["timeouts"][seat] >= d["away_after"]:
                    d["seats"][seat]["away"] = True
            for mv in plan:
                if seat not in engine.to_act(state):
                    break
                state, evs = engine.apply(state, seat, mv)
                moves.append([seat, mv])
                events.extend(evs)
                if not d["seats"][seat]["bot"]:
                    played_for.setdefault(seat, [by_bot, []])[1].append(mv)
            if kind and len(moves) > first:
                marks.append([len(moves) - 1, kind, key, len(moves) - first])
            moved.add(seat)
        d["state"] = state
        _after_change(d, now, moved)
        if d["status"] != Status.PLAYING:
            break
    if not moves:
        return None
    for seat, (by_bot, played) in played_for.items():
        # "time's up: this was played for you", as public as the game allows
        public = [engine.public_move(state, seat, mv) for mv in played]
        events.append({"type": "timeout", "seat": seat, "bot": by_bot, "moves": public})
    d["events"] = events
    if marks:  # a new list only when a person's move was played for them
        d["forced"] = [*(doc.get("forced") or []), *([moves[i][0], kind, key] for i, kind, key, _ in marks)]
    log = {"kind": "forced", "at": now, "moves": moves, "events": events, "timeouts": forced}
    if marks:
        log["marks"] = marks
    _finish_log(d, log)
    return Change(d, log)


def _closed(doc: TableDoc, reason: str) -> TableDoc:
    """A finished table closed politely: ``closed_reason`` and the event
    ``{"type": "closed", "reason": reason}`` (``"no_next_game"``: the ready
    window ended without enough players ready; ``"too_few"``: everyone
    still seated was ready but too few stayed (:func:`leave`); ``"games_played"``: its
    ``games`` are played); seats and the result stay as they were."""
    return dict(doc, status=Status.CLOSED.value, next=None, close_at=None, closed_reason=reason, events=[{"type": "closed", "reason": reason}])


def _after_change(d: TableDoc, now: int, moved: set[int]) -> None:
    """Refresh deadlines after the state changed, and close the game if it ended."""
    engine = engines.get(d["game"])
    state = d["state"]
    old = d["deadlines"]
    new: dict[str, list[Any]] = {}
    for seat in engine.to_act(state):
        tid = engine.turn_id(state, seat)
        prev = old.get(str(seat))
        if prev and prev[0] == tid and seat not in moved:
            new[str(seat)] = prev
        else:
            wait = d["bot_delay_ms"] if _plays_as_bot(d["seats"][seat]) else d["turn_ms"]
            new[str(seat)] = [tid, now + wait]
    d["deadlines"] = new
    outcome = engine.result(state)
    if outcome is not None and d["status"] == Status.PLAYING:
        _game_over(d, now, outcome)


def _game_over(d: TableDoc, now: int, outcome: Any) -> None:
    d["status"] = Status.FINISHED.value
    d["result"] = outcome.to_dict()
    d["deadlines"] = {}
    more = d["games"] is None or d["game_no"] < d["games"]
    d["next"] = {"deadline": now + d["ready_ms"], "ready": [bool(s["bot"]) for s in d["seats"]]} if more and humans(d) else None
    # no game follows (the games limit, or nobody left): the table closes
    # when a next game would have started
    d["close_at"] = None if d["next"] else now + d["ready_ms"]
    players = []
    for seat, s in enumerate(d["seats"]):
        if s["pid"] is None:
            continue
        won = seat in outcome.winners and not s.get("left")  # a bot finished a left seat: no win for its owner
        stats = {
            "games": 1,
            "wins": int(won),
            "losses": int(not won),
            "escapes": 0,
            "disconnects": int(d["game_timeouts"][seat] > 0),
            "score": int(outcome.scores[seat]),
        }
        if outcome.stats:
            stats.update(outcome.stats[seat])  # the game's own counters
        coins = int(outcome.coins[seat]) if outcome.coins else 0
        players.append({"pid": s["pid"], "seat": seat, "coins": coins, "stats": stats})
    d["settlement"] = {"id": f"{d['id']}:{d['game_no']}", "done": False, "players": players}


def settled(doc: TableDoc, settlement_id: str, balances: dict[str, int], now: int) -> Change | None:
    """Mark a settlement applied (log ``{"kind": "settled", "id"}``); players
    whose balance (``balances``: pid -> coins after it) is below the table's
    minimum are stood up and told why (a table no person is left at for the
    next game closes).  None when that settlement is not pending (another
    id, or marked already)."""
    st = doc.get("settlement")
    if not st or st["id"] != settlement_id or st["done"]:
        return None
    d = _copy(doc)
    d["settlement"]["done"] = True
    d["events"] = []
    if d["coins_to_sit"]:
        for i, s in enumerate(d["seats"]):
            if s and s["pid"] and not s.get("left") and balances.get(s["pid"], 0) < d["coins_to_sit"]:
                s["left"] = True
                d["notices"] = [*d["notices"], {"name": s["name"], "reason": "insufficient_coins"}][-10:]
                d["events"].append({"type": "stood_up", "seat": i, "reason": "insufficient_coins"})
        if d["next"] is not None and not humans(d):
            d["next"] = None
            d["status"] = Status.CLOSED.value
    return Change(d, {"kind": "settled", "at": now, "id": settlement_id})


def state_digest(state: Any) -> str:
    """A short hash of an engine state, logged after each commit so a replay
    can check every intermediate state, not only the result."""
    return hashlib.sha256(packb(state)).hexdigest()[:32]


def _finish_log(d: TableDoc, log: dict[str, Any]) -> None:
    if d["state"] is not None and (log.get("moves") or log.get("engine_leave")):
        log["state_hash"] = state_digest(d["state"])
    if d["status"] in (Status.FINISHED, Status.CLOSED) and d["result"] is not None and d.get("settlement") and not d["settlement"]["done"]:
        _away_at_end(d)
        log["seed"] = d["seed"]
        log["result"] = d["result"]
        log["settlement"] = d["settlement"]


def _away_at_end(d: TableDoc) -> None:
    """At a game's end, a seat stays away only if a bot played for it while
    away (a ``"bot"`` entry of ``forced``): one whose timeouts reached
    ``away_after`` on its own last move was played to the end by the clock,
    not finished by a bot (lobby/ratings.py, *Who left*).  A seat that stays
    away records a loss, not its bot's win (as a left seat does: rated as a
    loss, counted as one), and the game's record says so (``players[seat]``
    ``away``: the result's headline words a first place of it as a loss,
    whatever the seat does after the game).  Once per game."""
    botted = {seat for seat, kind, _ in d.get("forced") or () if kind == "bot"}
    if any(s and s.get("away") and i not in botted for i, s in enumerate(d["seats"])):
        d["seats"] = [dict(s, away=False) if s and s.get("away") and i not in botted else s for i, s in enumerate(d["seats"])]
    away = [i for i, s in enumerate(d["seats"]) if s and s.get("away")]
    if away:
        d["players"] = [dict(p, away=True) if p is not None and i in away else p for i, p in enumerate(_players(d))]
    players = d["settlement"]["players"]
    if any(d["seats"][p["seat"]].get("away") and p["stats"]["wins"] for p in players):
        d["settlement"] = dict(d["settlement"], players=[
            dict(p, stats=dict(p["stats"], wins=0, losses=1)) if d["seats"][p["seat"]].get("away") else p for p in players
        ])


def next_due(doc: TableDoc) -> int | None:
    """The earliest time (ms) anything is due at this table, or None.  A
    pending settlement is due at once (0)."""
    if doc.get("settlement") and not doc["settlement"]["done"]:
        return 0
    if doc["status"] == Status.WAITING:
        times = [t for t in (doc["start_at"], doc.get("wait_until"), *(doc.get("absent") or {}).values()) if t is not None]
        return min(times) if times else None
    if doc["status"] == Status.FINISHED:
        return doc["next"]["deadline"] if doc["next"] else doc.get("close_at")
    if doc["status"] != Status.PLAYING or not doc["deadlines"]:
        return None
    return min(entry[1] for entry in doc["deadlines"].values())


def live(doc: TableDoc) -> bool:
    """Whether the table is still in use (listed, seats held)."""
    return doc["status"] in (Status.WAITING, Status.PLAYING) or (doc["status"] == Status.FINISHED and doc["next"] is not None)


# -- views ------------------------------------------------------------------------


def view(doc: TableDoc, seat: int | None) -> dict[str, Any]:
    """What a viewer sees of a table: ``seat`` is the viewer's seat or None
    for a spectator.  JSON-clean; never holds the seed before the game ends
    nor anything the engine's view hides from that viewer.  Shares objects
    with ``doc`` (read-only, like the doc).  Besides the table's fields and
    ``state`` (the engine's view), ``moves``: the viewer's legal moves
    (:meth:`engines.base.Engine.legal_moves`) while its seat must act in a
    running game, else ``[]`` (always ``[]`` for a spectator);
    ``leave_cost``: what leaving would cost each seat now
    (:meth:`engines.base.Engine.leave_cost`: coins where coins move, else
    play chips; above 0 only where leaving ends the game, stud's escape)
    while a game runs, else None; ``leave_to``: per seat, the seat that
    cost would be paid to (:meth:`engines.base.Engine.leave_payee`), None
    where it is 0, while a game runs, else None; ``leave_free``: per seat, whether its
    player may leave freely now (:meth:`engines.base.Engine.leaves_freely`)
    while a game runs, else None."""
    return views(doc, (seat,))[seat]


#: The ``moves`` of a viewer who need not act: one list for every view of
#: every version, so the fan-out's diff of it costs an ``is`` (read-only, as
#: every view is).
_NO_MOVES: list[Any] = []


class View(dict):
    """A table view (a plain dict on the wire) that remembers ``table``:
    the dict of its table-level fields (all but ``state`` and ``moves``,
    which are the seat's own), shared by every seat's view of one version,
    so the fan-out diffs that part once."""

    __slots__ = ("table",)


def views(doc: TableDoc, seats: Any) -> dict[int | None, dict[str, Any]]:
    """:func:`view` for each of ``seats`` (ints or None), made at once: the
    table's part is built once and shared, and seats whose views are equal
    get one shared object (so the fan-out diffs and encodes it once)."""
    engine = engines.get(doc["game"])
    state = doc["state"]
    to_act = engine.to_act(state) if state is not None and doc["status"] == Status.PLAYING else []
    index = seat_index(doc)
    votes = [index[p] for p in doc.get("start_votes", []) if p in index]
    leave_cost = [engine.leave_cost(state, i) for i in range(len(doc["seats"]))] if to_act else None
    table = {
        "id": doc["id"],
        "name": table_name(doc),
        "opened_by": doc.get("opened_by"),
        "game": doc["game"],
        "status": doc["status"],
        "options": doc["options"],
        "turn_ms": doc["turn_ms"],
        "private": doc["private"],
        "bots": doc["bots"],
        "games": doc["games"],
        "coins_to_sit": doc["coins_to_sit"],
        # what leaving would cost each seat now (stud's escape: coins, or play chips where no coins move)
        "leave_cost": leave_cost,
        # whom that cost would be paid to (stud: the dealer, or the best up cards among the others), else None
        "leave_to": [engine.leave_payee(state, i) if cost else None for i, cost in enumerate(leave_cost)] if leave_cost else None,
        # who may leave freely now (stud: folded): no bot, no cost, not counted as leaving
        "leave_free": [engine.leaves_freely(state, i) for i in range(len(doc["seats"]))] if to_act else None,
        "seats": [
            None if s is None else {"name": s["name"], "bot": s["bot"], "left": bool(s.get("left")), "away": bool(s.get("away"))}
            for s in doc["seats"]
        ],
        "to_act": to_act,
        "turns": {str(s): turn_id(doc, s) for s in to_act},
        "deadlines": {k: v[1] for k, v in doc["deadlines"].items()},
        "start_at": doc["start_at"],
        # a waiting table closes then unless someone joins (ms since the epoch, server clock; each join sets it
        # waiting_ttl_ms later), None while it does not wait or waits for ever
        "wait_until": doc.get("wait_until") if doc["status"] == Status.WAITING else None,
        "waiting_ttl_ms": doc.get("waiting_ttl_ms") or 0,
        "next": doc["next"],
        "settled": bool(doc["settlement"] and doc["settlement"]["done"]),
        # the finished game's rating change per seat (lobby.ratings), once rated
        "ratings": doc["settlement"].get("ratings") if doc["result"] is not None and doc["settlement"] else None,
        "start_votes": votes,
        "game_no": doc["game_no"],
        "seed_hash": doc["seed_hash"],
        "seed": doc["seed"] if doc["status"] != Status.PLAYING else None,
        "result": doc["result"],
        # who sat in each seat of the game on show: its result and log name them, whoever sits there now
        "players": doc.get("players"),
        "timeouts": doc["timeouts"],
        # this game's moves played for a person (timed out, away, left): what the boards mark
        "forced": doc.get("forced") or _NO_FORCED,
        "events": doc["events"],
        "notices": doc["notices"],
        "moved_to": doc.get("moved_to"),
        "closed_reason": doc.get("closed_reason"),
    }
    out: dict[int | None, dict[str, Any]] = {}
    distinct: list[tuple[Any, list[Any], dict[str, Any]]] = []
    for seat in seats:
        if seat in out:
            continue
        sv = None if state is None else engine.view(state, seat)
        moves = engine.legal_moves(state, seat) if seat is not None and seat in to_act else _NO_MOVES
        for other, other_moves, shared in distinct:
            if other is sv or (type(other) is type(sv) and other == sv):
                sv = other  # one object for equal engine views: the fan-out diffs it once
                if other_moves is moves or other_moves == moves:
                    out[seat] = shared
                    break
        else:
            full = View(table, state=sv, moves=moves)
            full.table = table
            distinct.append((sv, moves, full))
            out[seat] = full
    return out


def summary(doc: TableDoc, spectators: int = 0) -> dict[str, Any]:
    """A table's line in the live list (``GET /api/tables``)."""
    return {
        "id": doc["id"],
        "name": table_name(doc),
        "opened_by": doc.get("opened_by"),
        "game": doc["game"],
        "status": doc["status"],
        "seats": [None if s is None else {"name": s["name"], "bot": s["bot"], "left": bool(s.get("left"))} for s in doc["seats"]],
        "spectators": spectators,
        "private": doc["private"],
        "created": doc["created"],
        "turn_ms": doc["turn_ms"],
        "options": doc["options"],
        "game_no": doc["game_no"],
        "coins_to_sit": doc["coins_to_sit"],
    }
