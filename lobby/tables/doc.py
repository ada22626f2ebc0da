"""The table document and its types: :class:`TableDoc` (every key is
documented there), :class:`Seat`, :class:`Status`, :class:`Change`,
:class:`LobbyError`, :func:`new_table`, table names, and the small readers
of a doc the transitions share (seats, humans, the copy a transition makes)."""

from __future__ import annotations

import enum
import types
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, NotRequired, TypedDict, cast

import engines

from ..protocol import ErrorCode, shown_name

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
    mark: NotRequired[int]  # 2, 3, ...: tells its name apart from another seat's with the same name keys ("Ana ②"; set at join)


class NextGame(TypedDict):
    """:attr:`TableDoc.next`: another game may start at this table."""

    deadline: int  # ms: who has not pressed ready by then is stood up
    ready: list[bool]  # per seat (bots always are)


class SettlementEntry(TypedDict):
    pid: str
    seat: int
    coins: int  # won (> 0) or lost (< 0) this game
    stats: dict[str, int]  # games, wins, losses, escapes, disconnects, score and the game's own
    left: NotRequired[bool]  # its player left during the game (a bot played on); older docs: absent


class Settlement(TypedDict):
    """:attr:`TableDoc.settlement`: the coin and stats record of the last game."""

    id: str  # "<table id>:<game_no>": applied to balances once per id (lobby.rooms)
    done: bool  # applied (then :func:`settled` marked it)
    players: list[SettlementEntry]
    ratings: NotRequired[list[dict[str, float] | None]]  # per seat {before, after, delta}, once rated (lobby.ratings)


class Notice(TypedDict):
    name: str  # the player stood up, as the seat showed them (with its mark: "Ana ②")
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
    bot_delay_ms: int  # how long a bot waits before it acts (scaled by the decision where bot_pace: play.bot_wait)
    bot_pace: NotRequired[bool]  # bots take a human-like time (play.bot_wait)
    pause_ms: NotRequired[int]  # after a result (play.RESULT_EVENTS) the next clocks start this much later
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
    joins: NotRequired[list[int]]  # (absent from docs made before it) when seats were taken in the last JOIN_WINDOW_MS (seating.join's bound)
    gone: NotRequired[list[dict[str, Any]]]  # (absent from docs made before it) {"pid", "name"} of the last players gone from its seats, marks included (note_gone)
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
    rated_from: NotRequired[dict[str, list[float]]]  # pid -> [μ, σ] when the game on show started (lobby.ratings.at_start: it is rated from them)
    absent: dict[str, int]  # pid -> due: a seat at a waiting table given up then unless its player is back (:func:`due`)
    waiting_ttl_ms: int  # how long a table may wait for players; 0: for ever
    wait_until: int | None  # a waiting table closes then
    quick_retry_ms: int  # a waiting quick table below its minimum looks again this often (:func:`stranded`)
    moved_to: str | None  # the table this one's players were moved to (:func:`moved_out`)
    notices: list[Notice]  # the last ten players stood up, and why
    closed_reason: NotRequired[str | None]  # why a table closed: "no_next_game", "too_few" or "games_played" (:func:`_closed`), "nobody_came" (its wait ran out)
    arena: NotRequired[str]  # the arena (lobby.arenas) that paired this table's players; never on other tables
    opener: NotRequired[dict[str, str]]  # lobby.rooms: {"addr", "conn"} of who opened it, for quotas; never shown


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


def known_game(game: str) -> None:
    """Raises :class:`LobbyError` ``UNKNOWN_GAME`` for a ``game`` no engine
    is registered as."""
    if game not in engines.REGISTRY:
        raise LobbyError(ErrorCode.UNKNOWN_GAME, f"no game {game!r}")


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
    bot_pace: bool = False,
    pause_ms: int = 0,
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
        "bot_pace": bot_pace,
        "pause_ms": pause_ms,
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
        "joins": [],
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
        "gone": [],
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


def _players(doc: TableDoc) -> list[dict[str, Any]]:
    """``doc["players"]``, or for a doc from before it the seats' names."""
    if doc.get("players") is not None:
        return doc["players"]  # type: ignore[return-value]
    return [{"name": s["name"], "bot": s["bot"], "left": bool(s.get("left")), **_mark(s)} if s else None for s in doc["seats"]]  # type: ignore[misc]


def _mark(seat: Seat) -> dict[str, int]:
    """``{"mark": n}`` for a seat whose name carries a mark (:func:`seating.join`), else ``{}``."""
    return {"mark": seat["mark"]} if seat.get("mark") else {}


def seat_label(seat: Seat) -> str:
    """The name a seat shows, with its mark ("Ana ②"): what notices name."""
    return shown_name(seat["name"], seat.get("mark", 0))


#: how many players gone from a table's seats it keeps (``gone``), so that
#: no one who joins later reads as them
GONE_KEPT = 20


def note_gone(d: TableDoc, seat: int) -> None:
    """Keep in ``d`` (a doc being changed) that the player of ``seat``, about
    to be gone from it, sat there under its label (``gone``: ``{"pid",
    "name"}``, the last :data:`GONE_KEPT`): their chat lines still say it."""
    s = d["seats"][seat]
    assert s is not None
    d["gone"] = [*d.get("gone", ()), {"pid": s["pid"], "name": seat_label(s)}][-GONE_KEPT:]


def gone_names(doc: TableDoc, pid: str | None = None) -> list[str]:
    """The labels (marks included) under which players other than ``pid``
    sat at ``doc`` and are gone from it (:func:`note_gone`)."""
    return [g["name"] for g in doc.get("gone", ()) if g["pid"] != pid]


def names_in_sight(doc: TableDoc, pid: str, chatting: Iterable[str] = ()) -> list[str]:
    """The names a newcomer ``pid`` (a joiner, a spectator's first chat
    line) must read apart from at ``doc``: its seats' (:func:`shown_names`),
    those of the players gone from its seats but ``pid`` (:func:`gone_names`:
    their chat lines still say them), and ``chatting``, the names its chat
    shows (kept beside it, not in the doc: spectators', recent speakers');
    marks included."""
    return [*shown_names(doc), *gone_names(doc, pid), *chatting]


def shown_names(doc: TableDoc) -> list[str]:
    """The names the seats of ``doc`` show, each with its mark (:func:`seat_label`)."""
    return [seat_label(s) for s in doc["seats"] if s]


def _plays_as_bot(seat: Seat) -> bool:
    return bool(seat["bot"] or seat.get("away"))
