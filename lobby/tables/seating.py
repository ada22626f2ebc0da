"""Seating and starting: :func:`join`, :func:`leave`, :func:`begin`,
:func:`request_start`, :func:`ready`, :func:`back` (the contract is the
package's: :mod:`lobby.tables`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import engines
from engines import rng as engine_rng

from ..protocol import ErrorCode, clashes, distinct_mark
from .doc import BOT_NAMES, Change, LobbyError, Status, TableDoc, _copy, _mark, _players, filled, humans, names_in_sight, note_gone, seat_label, seat_of, shown_names
from .play import _after_change, _closed, _finish_log

#: a table takes at most as many joins as it has seats in this window (ms):
#: each join (and the leave after it) is a delta to every viewer, so players
#: churning seats cost a table's spectators a bounded stream however many
#: they are (a black-box pass: eight churners, ~20 KB/s to each spectator)
JOIN_WINDOW_MS = 3000


def join(doc: TableDoc, pid: str, name: str, seat: int | None, now: int, seed: bytes, ctx: dict[str, Any] | None = None, chatting: Iterable[str] = ()) -> Change | None:
    """``pid`` takes a seat (the lowest free one unless ``seat`` is given):
    ``Change.seats`` is ``{pid: seat}``, the log ``{"kind": "join", "seat",
    "name"}``; a name that shares a name key with one the table already
    shows, with one of another player gone from it, or with one a spectator
    chats under there (``chatting``, marks included; :func:`names_in_sight`: their
    chat lines still say them), gets the seat's ``mark``
    (:func:`lobby.name_keys.distinct_mark`: "Ana ②"); the table's wait starts again (``wait_until``: ``now`` +
    ``waiting_ttl_ms``); when the last seat fills, the game starts (with ``seed``; the
    log is :func:`begin`'s, with ``join``: the seat).  None when ``pid``
    already sits here (:func:`seat_of` has its seat).  ``ctx["balances"]``
    maps pids to coins.  Raises :class:`LobbyError` ``TABLE_STARTED``,
    ``TABLE_FINISHED``, ``INSUFFICIENT_COINS``, ``TABLE_FULL`` (no free
    seat; reason ``seat_taken``: ``seat`` is taken while another is free,
    as when two players reach for one seat; ``no_such_seat``), ``BUSY`` (the table
    took as many joins as it has seats in the last :data:`JOIN_WINDOW_MS`).
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
    elif seat >= len(doc["seats"]):
        raise LobbyError(ErrorCode.TABLE_FULL, f"this table has no seat {seat}", reason="no_such_seat")
    elif seat not in free:
        raise LobbyError(ErrorCode.TABLE_FULL, f"seat {seat} is taken; another is free", reason="seat_taken")
    recent = [at for at in doc.get("joins", ()) if now - at < JOIN_WINDOW_MS]
    if len(recent) >= len(doc["seats"]):
        raise LobbyError(ErrorCode.BUSY, "seats at this table change too often; try again in a moment")
    d = _copy(doc)
    d["joins"] = [*recent, now]
    d["seats"][seat] = {"pid": pid, "name": name, "bot": False, "left": False, "away": False}
    # a name that reads as one already shown here ("Ana" beside "Ana", "Mı̇ra" beside "Mira"), as one
    # that sat here and left, or as a spectator's in its chat (their chat lines say them), gets a mark
    mark = distinct_mark(name, names_in_sight(doc, pid, chatting))
    if mark:
        d["seats"][seat]["mark"] = mark
    d["entered"].append(pid)
    # someone came: the table waits its whole time again (the view's wait_until)
    d["wait_until"] = now + d["waiting_ttl_ms"] if d.get("waiting_ttl_ms") else None
    log = {"kind": "join", "at": now, "seat": seat, "name": name}
    if filled(d) == len(d["seats"]) and not d["absent"]:  # an absent seat: the timer decides (see due)
        return begin(d, now, seed, ctx=ctx, join=seat)._replace(seats={pid: seat})
    return Change(d, log, {pid: seat})


def leave(doc: TableDoc, pid: str, now: int, seed: bytes | None = None, ctx: dict[str, Any] | None = None) -> Change:
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
    (``closed_reason`` ``"too_few"``: :func:`_too_few`); when enough
    remain, all ready, the next game starts now (with a ``seed`` and the
    start's ``ctx``: :func:`begin`'s log, with ``left``), as at the ready
    that completes the set.  Raises :class:`LobbyError` ``NOT_SEATED``."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    d = _copy(doc)
    d["events"] = []
    log: dict[str, Any] = {"kind": "leave", "at": now, "seat": seat}
    if d["status"] == Status.WAITING:
        note_gone(d, seat)
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["absent"].pop(pid, None)
        if not humans(d):
            d["notices"] = [*d["notices"], {"name": seat_label(doc["seats"][seat]), "reason": "left"}][-10:]
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
        elif seed is not None and all_ready(d):
            # everyone still seated is ready: the next game starts now, as at the last ready
            return begin(d, now, seed, ctx=ctx, left=seat)
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
    game is played by who is seated).  ``ctx["balances"]``: pid -> coins;
    ``ctx["ratings"]``: pid -> ``(μ, σ)`` in the game, kept as the doc's
    ``rated_from`` (the game is rated from them: :mod:`lobby.ratings`; a
    ctx without them leaves them to be read at the game's end).
    Raises :class:`LobbyError` ``TOO_FEW_PLAYERS`` below the game's minimum
    (:func:`begin` checks first); an engine ``ValueError`` (a seat count,
    options or coins the lobby should have refused) is raised as is."""
    engine = engines.get(doc["game"])
    d = _copy(doc)
    prev_state, prev_result = d["state"], d["result"]
    if fill_bots:
        # bots sit under bare names, none sharing a name key with a seated player's (the page marks them as bots)
        used = shown_names(d)
        names = [n for n in BOT_NAMES if not clashes(n, used)]
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
    rated = (ctx or {}).get("ratings")
    if rated is not None:
        d["rated_from"] = {p: list(rated[p]) for p in pids if p in rated}  # one seated by a move is read at the end
    else:
        d.pop("rated_from", None)
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
    d["players"] = [{"name": s["name"], "bot": s["bot"], "left": False, **_mark(s)} for s in d["seats"]]
    _after_change(d, now, set())
    return d


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
                d["notices"] = [*d["notices"], {"name": seat_label(s), "reason": "insufficient_coins"}][-10:]
                note_gone(d, i)
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
        "seats": [{"name": s["name"], "bot": s["bot"], **_mark(s)} for s in doc["seats"]],
        "seed_hash": doc["seed_hash"],
        "game_no": doc["game_no"],
        "table": doc["table_ctx"],
    }


def request_start(doc: TableDoc, pid: str, now: int, seed: bytes, ctx: dict[str, Any] | None = None) -> Change | None:
    """A seated player presses start at a waiting table.  The game starts
    when every seated person has pressed it (RULES.md 2: 一局 starts when all
    seated players pressed start): bots fill empty seats if the table allows
    them, else it is played by who is seated.  The first press opens a
    window of ``ready_ms``; who has not pressed by then is stood up (see
    :func:`due`).  Log: :func:`begin`'s, or ``{"kind": "start_vote",
    "seat"}`` while others have not pressed; None (nothing to commit, no
    version) for a seat that pressed already, whoever pressed since: presses
    of several seats in turn made a version each.  Raises :class:`LobbyError`
    ``NOT_SEATED``, ``TABLE_STARTED``, ``TOO_FEW_PLAYERS`` (fewer seated
    than the game's minimum at a table without bots)."""
    if seat_of(doc, pid) is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != Status.WAITING:
        raise LobbyError(ErrorCode.TABLE_STARTED, "that table has already started")
    d = _copy(doc)
    votes = [p for p in d.get("start_votes", []) if seat_of(d, p) is not None]
    pressed = pid in votes
    if not pressed:
        votes.append(pid)
    d["start_votes"] = votes
    waiting_for = [i for i in humans(d) if d["seats"][i]["pid"] not in votes]
    minimum = engines.get(d["game"]).info.min_players
    if not d["bots"] and filled(d) < minimum:
        hint = "bots cannot sit where coins move" if d["coins_to_sit"] else "or open the table with bots"
        raise LobbyError(ErrorCode.TOO_FEW_PLAYERS, f"waiting for players: {d['game']} needs at least {minimum} ({hint})")
    if not waiting_for and not d["absent"]:  # an absent seat's grace decides first (see due)
        return begin(d, now, seed, fill_bots=d["bots"], ctx=ctx)
    opens_window = d["start_at"] is None or d["start_at"] > now + d["ready_ms"]
    if pressed and votes == doc.get("start_votes") and not opens_window:
        return None
    if opens_window:
        d["start_at"] = now + d["ready_ms"]
    d["events"] = [{"type": "start_pressed", "seat": seat_of(d, pid)}]
    return Change(d, {"kind": "start_vote", "at": now, "seat": seat_of(d, pid)})


def ready_seat(doc: TableDoc, pid: str) -> int:
    """The seat of ``pid``, who asks for another game at this table.
    Raises :class:`LobbyError` ``NOT_SEATED`` or ``TABLE_FINISHED`` (no
    next game is open)."""
    seat = seat_of(doc, pid)
    if seat is None:
        raise LobbyError(ErrorCode.NOT_SEATED, "you have no seat at that table")
    if doc["status"] != Status.FINISHED or doc["next"] is None:
        raise LobbyError(ErrorCode.TABLE_FINISHED, "no next game is open at that table")
    return seat



def ready_marks(doc: TableDoc) -> str:
    """The ready marks of a finished table's next game as Redis keeps them
    beside the doc (the room hash's ``r``: ``"<game_no>:<0|1|- per seat>"``,
    ``-`` a seat nobody holds for it now, which no mark can set:
    :meth:`lobby.store.Store.mark_ready`), or ``""`` when no next game is
    open.  A mark is no commit: it changes no version."""
    nxt = doc["next"]
    if doc["status"] != Status.FINISHED or nxt is None:
        return ""
    seats = doc["seats"]
    return f"{doc['game_no']}:" + "".join(
        "-" if i >= len(seats) or seats[i] is None or seats[i].get("left") else "1" if r else "0" for i, r in enumerate(nxt["ready"])
    )



def with_marks(doc: TableDoc, marks: str | bytes | None) -> TableDoc:
    """``doc`` with ``next.ready`` as ``marks`` (:func:`ready_marks`'s form)
    say, where they are of its open next game and differ; else ``doc``
    itself (the same object)."""
    if not marks:
        return doc
    text = marks.decode() if isinstance(marks, bytes) else marks
    game_no, _, bits = text.partition(":")
    nxt = doc["next"]
    if doc["status"] != Status.FINISHED or nxt is None or game_no != str(doc["game_no"]) or len(bits) != len(nxt["ready"]):
        return doc
    ready = [bit == "1" for bit in bits]
    if ready == nxt["ready"]:
        return doc
    return cast(TableDoc, dict(doc, next=dict(nxt, ready=ready)))



def all_ready(doc: TableDoc) -> bool:
    """Whether every seated person of a finished table is ready for its
    open next game (bots always are), so it starts."""
    return doc["next"] is not None and all(doc["next"]["ready"][i] for i in humans(doc))



def ready(doc: TableDoc, pid: str, now: int, seed: bytes, ctx: dict[str, Any] | None = None) -> Change:
    """``pid`` wants another game at this table (log ``{"kind": "ready",
    "seat"}``).  When every seated person is ready (bots always are) the
    next game starts with the same seats (:func:`begin`'s log).  Raises
    :class:`LobbyError` as :func:`ready_seat`.  The lobby keeps a mark
    apart from the doc (:func:`ready_marks`) and commits this only to start
    the game, or where the marks are not kept (a doc of an older process)."""
    seat = ready_seat(doc, pid)
    d = _copy(doc)
    d["next"]["ready"][seat] = True
    d["events"] = [{"type": "ready", "seat": seat}]
    if all_ready(d):
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


def _retry_ms(doc: TableDoc) -> int:
    return doc.get("quick_retry_ms") or 5_000
