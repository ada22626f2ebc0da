"""A table's document and its pure transitions (sans-I/O, no Redis, no asyncio).

A *table doc* is the msgpack-clean dict stored at ``P:room:{id}``:

``id`` (str), ``game`` (engine id), ``options`` (validated engine options),
``turn_ms`` (ms), ``bot_delay_ms`` (ms a bot waits), ``private`` (bool), ``bots`` (bool: bots may fill empty
seats), ``quick`` (bool: opened by quick-match), ``status`` (``"waiting"``,
``"playing"``, ``"finished"`` or ``"closed"``), ``seats`` (list, one entry per
seat: None or ``{"pid": str|None, "name": str, "bot": bool}``), ``state``
(engine state or None), ``deadlines`` (``{str(seat): [turn_id, due_ms]}``),
``start_at`` (ms or None: a waiting table starts then), ``created`` (ms),
``seed`` (hex, secret until the game ends), ``seed_hash``, ``result``
(outcome dict or None), ``game_no`` (int), ``timeouts`` (per-seat count).

Every transition takes a doc and returns ``(new_doc, log_record)`` or raises
:class:`LobbyError`; it never mutates its input.  :mod:`lobby.rooms` loads,
calls one of these and commits with compare-and-set.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import engines
from engines import rng as engine_rng
from engines.base import IllegalMove, InvalidMove

from .protocol import ErrorCode

BOT_NAMES = ("Ada", "Bao", "Cleo", "Dai", "Eli", "Fei", "Gus", "Hui", "Ivo", "Jun", "Kai", "Lin", "Mo", "Nia", "Ola", "Pei")
MIN_TURN_MS = 1_000
MAX_TURN_MS = 300_000
#: forced/bot moves one commit may apply before giving the others a turn
MAX_FORCED = 64


class LobbyError(Exception):
    """A request the lobby refuses; ``code`` is the :class:`ErrorCode` sent back."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


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
) -> dict[str, Any]:
    """A waiting table's doc.  Raises :class:`LobbyError` ``UNKNOWN_GAME`` or
    ``BAD_OPTIONS`` (seat count outside the game's range, bad engine option,
    turn time outside 1 s .. 5 min)."""
    try:
        engine = engines.get(game)
    except KeyError:
        raise LobbyError(ErrorCode.UNKNOWN_GAME, f"no game {game!r}") from None
    info = engine.info
    n = info.default_players if seats is None else seats
    if not info.min_players <= n <= info.max_players:
        raise LobbyError(ErrorCode.BAD_OPTIONS, f"{game} takes {info.min_players}..{info.max_players} seats")
    if not MIN_TURN_MS <= turn_ms <= MAX_TURN_MS:
        raise LobbyError(ErrorCode.BAD_OPTIONS, f"turn time must be {MIN_TURN_MS}..{MAX_TURN_MS} ms")
    try:
        opts = engines.validate_options(info, options)
    except ValueError as exc:
        raise LobbyError(ErrorCode.BAD_OPTIONS, str(exc)) from None
    return {
        "id": table_id,
        "game": game,
        "options": opts,
        "turn_ms": turn_ms,
        "bot_delay_ms": bot_delay_ms,
        "private": private,
        "bots": bots,
        "quick": quick,
        "status": "waiting",
        "seats": [None] * n,
        "state": None,
        "deadlines": {},
        "start_at": start_at,
        "created": now,
        "seed": None,
        "seed_hash": None,
        "result": None,
        "game_no": 0,
        "timeouts": [0] * n,
    }


def seat_of(doc: dict[str, Any], pid: str) -> int | None:
    """The seat ``pid`` holds at this table, or None."""
    for i, seat in enumerate(doc["seats"]):
        if seat and seat.get("pid") == pid:
            return i
    return None


def humans(doc: dict[str, Any]) -> list[int]:
    """Seats held by people (not bots)."""
    return [i for i, s in enumerate(doc["seats"]) if s and not s["bot"]]


def filled(doc: dict[str, Any]) -> int:
    return sum(1 for s in doc["seats"] if s)


# -- transitions ----------------------------------------------------------------


def join(doc: dict[str, Any], pid: str, name: str, seat: int | None, now: int, seed: bytes) -> tuple[dict[str, Any], dict[str, Any] | None, int]:
    """``pid`` takes a seat (the lowest free one unless ``seat`` is given).

    Returns ``(doc, log, seat)``; when the last seat fills, the game starts
    (with ``seed``).  Joining a table where ``pid`` already sits returns its
    seat unchanged (``log`` None).  Raises :class:`LobbyError`
    ``TABLE_STARTED``, ``TABLE_FINISHED``, ``TABLE_FULL`` or ``BAD_MESSAGE``
    (seat out of range, or taken).
    """
    mine = seat_of(doc, pid)
    if mine is not None:
        return doc, None, mine
    if doc["status"] in ("finished", "closed"):
        raise LobbyError(ErrorCode.TABLE_FINISHED, "that table has finished")
    if doc["status"] != "waiting":
        raise LobbyError(ErrorCode.TABLE_STARTED, "that table has started; watch it instead")
    free = [i for i, s in enumerate(doc["seats"]) if s is None]
    if not free:
        raise LobbyError(ErrorCode.TABLE_FULL, "that table is full")
    if seat is None:
        seat = free[0]
    elif seat not in free:
        raise LobbyError(ErrorCode.TABLE_FULL, f"seat {seat} is taken or does not exist")
    d = copy.deepcopy(doc)
    d["seats"][seat] = {"pid": pid, "name": name, "bot": False}
    log = {"kind": "join", "at": now, "seat": seat, "name": name}
    if filled(d) == len(d["seats"]):
        d = start(d, now, seed)
        log = {"kind": "start", "at": now, "join": seat, **start_record(d)}
    return d, log, seat


def leave(doc: dict[str, Any], pid: str, now: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """``pid`` leaves its seat.  Waiting: the seat empties (a table with no
    people left closes).  Playing: the engine's :meth:`leave` decides (stud's
    escape); otherwise a bot plays the seat to the end.  Raises
    :class:`LobbyError` ``NOT_SEATED``."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    d = copy.deepcopy(doc)
    log: dict[str, Any] = {"kind": "leave", "at": now, "seat": seat}
    if d["status"] == "waiting":
        d["seats"][seat] = None
        if not humans(d):
            d["status"] = "closed"
    elif d["status"] == "playing":
        engine = engines.get(d["game"])
        left = engine.leave(d["state"], seat)
        name = d["seats"][seat]["name"]
        d["seats"][seat] = {"pid": None, "name": name, "bot": True, "left": True}
        if left is not None:
            d["state"], events = left
            log["events"] = events
            log["engine_leave"] = True
        _after_change(d, now, set())
        _finish_log(d, log)
    else:
        d["seats"][seat] = dict(d["seats"][seat], pid=None, left=True)
    return d, log


def start(doc: dict[str, Any], now: int, seed: bytes, fill_bots: bool = False) -> dict[str, Any]:
    """A waiting doc with its game started.  Empty seats are filled with bots
    when ``fill_bots``, else removed (the game is played by who is seated).
    Raises :class:`LobbyError` ``BAD_MESSAGE`` below the game's minimum."""
    engine = engines.get(doc["game"])
    d = copy.deepcopy(doc)
    if fill_bots:
        used = {s["name"] for s in d["seats"] if s}
        names = [n for n in BOT_NAMES if n not in used]
        for i, s in enumerate(d["seats"]):
            if s is None:
                d["seats"][i] = {"pid": None, "name": f"{names.pop(0)} (bot)", "bot": True}
    d["seats"] = [s for s in d["seats"] if s]
    n = len(d["seats"])
    if n < engine.info.min_players:
        raise LobbyError(ErrorCode.BAD_MESSAGE, f"{doc['game']} needs at least {engine.info.min_players} players")
    table = {"coins": [0] * n, "prev": None}
    d["state"] = engine.initial_state(n, d["options"], seed, table)
    d["table_ctx"] = table
    d["status"] = "playing"
    d["seed"] = seed.hex()
    d["seed_hash"] = engine_rng.seed_hash(seed)
    d["game_no"] += 1
    d["timeouts"] = [0] * n
    d["start_at"] = None
    d["result"] = None
    d["deadlines"] = {}
    _after_change(d, now, set())
    return d


def start_record(doc: dict[str, Any]) -> dict[str, Any]:
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


def request_start(doc: dict[str, Any], pid: str, now: int, seed: bytes) -> tuple[dict[str, Any], dict[str, Any]]:
    """A seated player asks a waiting table to start now: bots fill empty
    seats if the table allows them, else the game starts with who is seated.
    Raises :class:`LobbyError` ``NOT_SEATED``, ``TABLE_STARTED``, ``BAD_MESSAGE``."""
    if seat_of(doc, pid) is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != "waiting":
        raise LobbyError(ErrorCode.TABLE_STARTED, "that table has already started")
    d = start(doc, now, seed, fill_bots=doc["bots"])
    return d, {"kind": "start", "at": now, **start_record(d)}


def move(doc: dict[str, Any], pid: str, turn: str, mv: dict[str, Any], now: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """``pid`` plays ``mv`` for turn ``turn``.

    Raises :class:`LobbyError`: ``NOT_SEATED``, ``TABLE_FINISHED`` (or not
    started), ``NOT_YOUR_TURN`` (the seat need not act), ``TURN_OVER`` (the
    seat's turn id differs from ``turn``), ``BAD_MOVE``, ``ILLEGAL_MOVE``.
    """
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != "playing":
        raise LobbyError(ErrorCode.TABLE_FINISHED, "no game is running at that table")
    engine = engines.get(doc["game"])
    current = engine.turn_id(doc["state"], seat)
    if current is None:
        raise LobbyError(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
    if current != turn:
        raise LobbyError(ErrorCode.TURN_OVER, "that turn is over")
    try:
        state, events = engine.apply(doc["state"], seat, mv)
    except InvalidMove as exc:
        raise LobbyError(ErrorCode.BAD_MOVE, str(exc)) from None
    except IllegalMove as exc:
        raise LobbyError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None
    d = dict(doc)
    d["state"] = state
    d["deadlines"] = dict(doc["deadlines"])
    d["timeouts"] = list(doc["timeouts"])
    d["timeouts"][seat] = 0
    log = {"kind": "move", "at": now, "moves": [[seat, mv]], "events": events}
    _after_change(d, now, {seat})
    _finish_log(d, log)
    return d, log


def due(doc: dict[str, Any], now: int, seed: bytes, bot_rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Apply whatever is due at ``now``: a waiting table's start, bots'
    moves and forced moves of seats whose deadline passed (only for the turn
    the deadline was set for).  Returns None when nothing is due."""
    if doc["status"] == "waiting":
        if doc["start_at"] is None or doc["start_at"] > now:
            return None
        engine = engines.get(doc["game"])
        if not humans(doc):
            d = dict(doc, status="closed")
            return d, {"kind": "close", "at": now}
        if doc["bots"] or filled(doc) >= engine.info.min_players:
            d = start(doc, now, seed, fill_bots=doc["bots"])
            return d, {"kind": "start", "at": now, **start_record(d)}
        return dict(doc, start_at=now + 5_000), None  # keep waiting for people
    if doc["status"] != "playing":
        return None
    engine = engines.get(doc["game"])
    d = dict(doc)
    d["deadlines"] = dict(doc["deadlines"])
    d["timeouts"] = list(doc["timeouts"])
    state = doc["state"]
    moves: list[list[Any]] = []
    events: list[Any] = []
    forced: list[int] = []
    moved: set[int] = set()
    for _ in range(MAX_FORCED):
        due_seats = []
        for seat in engine.to_act(state):
            entry = d["deadlines"].get(str(seat))
            if entry and entry[1] <= now and entry[0] == engine.turn_id(state, seat):
                due_seats.append(seat)
        if not due_seats:
            break
        for seat in due_seats:
            if seat not in engine.to_act(state):
                continue
            if d["seats"][seat]["bot"]:
                plan = [engine.bot_move(engine.view(state, seat), seat, bot_rng)]
            else:
                plan = engine.timeout_moves(state, seat)
                forced.append(seat)
                d["timeouts"][seat] += 1
            for mv in plan:
                if seat not in engine.to_act(state):
                    break
                state, evs = engine.apply(state, seat, mv)
                moves.append([seat, mv])
                events.extend(evs)
            moved.add(seat)
        d["state"] = state
        _after_change(d, now, moved)
    if not moves:
        return None
    log = {"kind": "forced", "at": now, "moves": moves, "events": events, "timeouts": forced}
    _finish_log(d, log)
    return d, log


def _after_change(d: dict[str, Any], now: int, moved: set[int]) -> None:
    """Refresh deadlines after the state changed, and finish the game if it ended."""
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
            wait = d["bot_delay_ms"] if d["seats"][seat]["bot"] else d["turn_ms"]
            new[str(seat)] = [tid, now + wait]
    d["deadlines"] = new
    outcome = engine.result(state)
    if outcome is not None and d["status"] == "playing":
        d["status"] = "finished"
        d["result"] = outcome.to_dict()
        d["deadlines"] = {}


def _finish_log(d: dict[str, Any], log: dict[str, Any]) -> None:
    if d["status"] == "finished":
        log["seed"] = d["seed"]
        log["result"] = d["result"]


def next_due(doc: dict[str, Any]) -> int | None:
    """The earliest time (ms) anything is due at this table, or None."""
    if doc["status"] == "waiting":
        return doc["start_at"]
    if doc["status"] != "playing" or not doc["deadlines"]:
        return None
    return min(entry[1] for entry in doc["deadlines"].values())


# -- views ------------------------------------------------------------------------


def view(doc: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """What a viewer sees of a table: ``seat`` is the viewer's seat or None
    for a spectator.  JSON-clean; never holds the seed before the game ends
    nor anything the engine's view hides from that viewer."""
    engine = engines.get(doc["game"])
    state = doc["state"]
    to_act = engine.to_act(state) if state is not None and doc["status"] == "playing" else []
    out = {
        "id": doc["id"],
        "game": doc["game"],
        "status": doc["status"],
        "options": doc["options"],
        "turn_ms": doc["turn_ms"],
        "private": doc["private"],
        "bots": doc["bots"],
        "seats": [None if s is None else {"name": s["name"], "bot": s["bot"], "left": bool(s.get("left"))} for s in doc["seats"]],
        "to_act": to_act,
        "turns": {str(s): engine.turn_id(state, s) for s in to_act},
        "deadlines": {k: v[1] for k, v in doc["deadlines"].items()},
        "start_at": doc["start_at"],
        "game_no": doc["game_no"],
        "seed_hash": doc["seed_hash"],
        "seed": doc["seed"] if doc["status"] == "finished" else None,
        "result": doc["result"],
        "timeouts": doc["timeouts"],
        "state": None if state is None else engine.view(state, seat),
    }
    return out


def summary(doc: dict[str, Any], spectators: int = 0) -> dict[str, Any]:
    """A table's line in the live list (``GET /api/tables``)."""
    return {
        "id": doc["id"],
        "game": doc["game"],
        "status": doc["status"],
        "seats": [None if s is None else {"name": s["name"], "bot": s["bot"]} for s in doc["seats"]],
        "spectators": spectators,
        "private": doc["private"],
        "created": doc["created"],
        "turn_ms": doc["turn_ms"],
        "options": doc["options"],
    }
