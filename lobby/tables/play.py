"""Moves and the game's end: :func:`turn_id`, :func:`move`, what a change
does after it (a game over, a finished log, a closed table) and
:func:`settled` (the contract is the package's: :mod:`lobby.tables`)."""

from __future__ import annotations

import hashlib
from typing import Any

import engines
from engines.base import IllegalMove, InvalidMove

from ..protocol import ErrorCode, packb, shown
from .doc import Change, LobbyError, Status, TableDoc, _copy, _players, _plays_as_bot, humans, note_gone, seat_label, seat_of

def turn_id(doc: TableDoc, seat: int) -> str | None:
    """The turn id a ``move`` names for ``seat`` now (the view's ``turns``):
    ``"<game_no>:<engine turn id>"``, or None when the seat need not act.
    Engines' ids repeat from game to game of a table (sibala ``r0.s0``), so
    the game number keeps a late or replayed frame from an earlier game out
    of this one."""
    tid = engines.get(doc["game"]).turn_id(doc["state"], seat)
    return None if tid is None else f"{doc['game_no']}:{tid}"


#: the window a seat's moves are counted in (ms): :func:`move`'s ``moves_per_s``
MOVE_WINDOW_MS = 1000


def move(doc: TableDoc, pid: str, turn: str, mv: dict[str, Any], now: int, moves_per_s: int = 0) -> Change:
    """``pid`` plays ``mv`` for turn ``turn``.  An away player who acts is
    back.  Log ``{"kind": "move", "moves": [[seat, mv]], "events"}`` (and
    the game's end: :func:`_finish_log`; the committer adds ``state_hash``
    where it writes the doc, not to an appended record: :func:`appends`).  On the move
    path: no copy beyond the few containers it changes.

    Raises :class:`LobbyError`, the move's shape judged first (whatever
    the turn: docs/protocol.md, *Order of checks*): ``UNKNOWN_MOVE`` (the
    game has no move of that type: the engine's ``unknown_move``, the type
    named), ``BAD_MOVE`` (the engine's :meth:`~engines.base.Engine.check_move`);
    then the table's state: ``NOT_SEATED``, ``TABLE_FINISHED`` (or not
    started), ``NOT_YOUR_TURN`` (the seat need not act), ``TURN_OVER`` (the
    seat's turn id differs from ``turn``), ``RATE_LIMITED`` (reason
    ``moves``: the seat made ``moves_per_s`` moves in its window of
    :data:`MOVE_WINDOW_MS`; 0: no limit), ``ILLEGAL_MOVE``.
    """
    engine = engines.get(doc["game"])
    seat = seat_of(doc, pid)
    refusal = _table_refusal(doc, seat, turn, now)
    if refusal is None and moves_per_s and _moves_in_window(doc, seat, now) >= moves_per_s:
        # every move is a delta to every viewer: a seat's pace bounds what it costs them, however many sockets it plays from
        refusal = LobbyError(ErrorCode.RATE_LIMITED, f"a seat makes at most {moves_per_s} moves a second; wait a moment", reason="moves")
    if refusal is not None:
        # the shape's code first; a move the table takes has it judged once, by apply
        try:
            engine.check_move(mv)
        except InvalidMove as exc:
            raise _invalid(exc, doc["game"], mv) from None
        raise refusal
    try:
        return _played(doc, seat, mv, now)
    except InvalidMove as exc:
        raise _invalid(exc, doc["game"], mv) from None
    except IllegalMove as exc:
        raise LobbyError(ErrorCode.ILLEGAL_MOVE, str(exc)) from None


def _played(doc: TableDoc, seat: int, mv: dict[str, Any], now: int) -> Change:
    """The change of ``seat`` playing ``mv`` at ``now`` (ms), the checks of
    :func:`move` passed: a function of its arguments alone, so the same
    record re-applied to the same doc gives the same doc (:func:`redo`).
    Raises the engine's ``InvalidMove`` / ``IllegalMove``."""
    state, events = engines.get(doc["game"]).apply(doc["state"], seat, mv)
    d = dict(doc)
    d["state"] = state
    d["events"] = events
    d["timeouts"] = list(doc["timeouts"])
    d["timeouts"][seat] = 0
    if doc["seats"][seat].get("away"):
        d["seats"] = list(doc["seats"])
        d["seats"][seat] = dict(doc["seats"][seat], away=False)
    moved = doc.get("moved", _NONE)
    count = _moves_in_window(doc, seat, now)
    d["moved"] = {**moved, _SEAT_KEYS[seat]: [moved[_SEAT_KEYS[seat]][0], count + 1] if count else [now, 1]}
    log = {"kind": "move", "at": now, "moves": [[seat, mv]], "events": events}
    _after_change(d, now, {seat}, events)
    _finish_log(d, log, digest=False)  # the committer adds it where the doc is written (lobby.rooms)
    return Change(d, log)


#: a doc snapshot is written at least every this many versions (the versions
#: between are appended records: :func:`appends`)
SNAPSHOT_EVERY = 16


def appends(old: TableDoc, change: Change, version: int) -> bool:
    """Whether ``change`` (made on ``old``) may be committed as version
    ``version`` by appending its record alone, the doc left as the last
    snapshot: a player's move (:func:`move`) during a game that goes on, on
    a version that is not a multiple of :data:`SNAPSHOT_EVERY`.  Every
    other change (a game's start and end, seats, timers' forced moves)
    writes the whole doc, so at most ``SNAPSHOT_EVERY - 1`` records follow
    a snapshot."""
    return (
        change.log.get("kind") == "move"
        and version % SNAPSHOT_EVERY != 0
        and old["status"] == Status.PLAYING
        and change.doc["status"] == Status.PLAYING
    )


#: a seat's key in the doc's ``moved`` map (a str, as ``deadlines`` keys are), made once
_SEAT_KEYS = [str(seat) for seat in range(32)]
_NONE: dict[str, list[int]] = {}


def _moves_in_window(doc: TableDoc, seat: int, now: int) -> int:
    """How many moves ``seat`` made in its window (``moved``: its first
    move's time, ms, and the count; a window lasts :data:`MOVE_WINDOW_MS`
    and the first move after it opens the next) that ``now`` still falls in."""
    window = doc.get("moved", _NONE).get(_SEAT_KEYS[seat])
    return window[1] if window and now - window[0] < MOVE_WINDOW_MS else 0


def redo(doc: TableDoc, record: dict[str, Any]) -> TableDoc:
    """The doc after an appended record (:func:`appends`: a ``move``
    record's ``moves[0]`` at ``at``) re-applied to the doc it was made on.
    Raises ``ValueError`` for a record of another kind, and the engine's
    errors for one that does not fit ``doc`` (a bug or a wrong base)."""
    if record.get("kind") != "move":
        raise ValueError(f"a {record.get('kind')!r} record is not appended")
    seat, mv = record["moves"][0]
    return _played(doc, seat, mv, record["at"]).doc


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


def _closed(doc: TableDoc, reason: str) -> TableDoc:
    """A finished table closed politely: ``closed_reason`` and the event
    ``{"type": "closed", "reason": reason}`` (``"no_next_game"``: the ready
    window ended without enough players ready; ``"too_few"``: everyone
    still seated was ready but too few stayed (:func:`leave`); ``"games_played"``: its
    ``games`` are played); seats and the result stay as they were."""
    return dict(doc, status=Status.CLOSED.value, next=None, close_at=None, closed_reason=reason, events=[{"type": "closed", "reason": reason}])


#: engines' event types that show a result people should see before the
#: next turn begins (a round's end, 6 Nimmt!'s reveal, stud's showdown, a
#: Yahtzee score, a Shut the Box turn's end): the next clocks start
#: ``pause_ms`` later (:func:`_after_change`)
RESULT_EVENTS = frozenset({"round_over", "revealed", "showdown", "scored", "turn_over"})


def _after_change(d: TableDoc, now: int, moved: set[int], events: list[Any] = ()) -> None:
    """Refresh deadlines after the state changed (``events``: the change's;
    after a result (:data:`RESULT_EVENTS`) every new deadline starts the
    table's ``pause_ms`` later, so nobody's time runs while it is on show,
    or the engine's :meth:`shown_ms` of them if longer: 6 Nimmt!'s cards
    still being placed on the page; both only where ``pause_ms`` is set),
    and close the game if it ended."""
    engine = engines.get(d["game"])
    state = d["state"]
    old = d["deadlines"]
    new: dict[str, list[Any]] = {}
    pause = d.get("pause_ms") or 0
    if pause:  # a paced table: the result's pause, or as long as the page shows the change (6 Nimmt!'s placing), if longer
        pause = max(pause if any(e.get("type") in RESULT_EVENTS for e in events) else 0, engine.shown_ms(events))
    for seat in engine.to_act(state):
        tid = engine.turn_id(state, seat)
        prev = old.get(str(seat))
        if prev and prev[0] == tid and seat not in moved:
            new[str(seat)] = prev
        else:
            wait = bot_wait(d, seat, tid) if _plays_as_bot(d["seats"][seat]) else d["turn_ms"]
            new[str(seat)] = [tid, now + pause + wait]
    d["deadlines"] = new
    outcome = engine.result(state)
    if outcome is not None and d["status"] == Status.PLAYING:
        _game_over(d, now, outcome)


def bot_wait(d: TableDoc, seat: int, tid: str) -> int:
    """How long (ms) a bot takes over turn ``tid`` of ``seat``: the table's
    ``bot_delay_ms``, or where the table paces its bots (``bot_pace``) a
    human-like time: that, times 1.2 for a single choice up to 3 for ten or
    more legal moves, times 0.75-1.25 drawn from the turn (the same doc
    always gives the same time: :func:`redo`)."""
    base = d["bot_delay_ms"]
    if not d.get("bot_pace"):
        return base
    choices = min(len(engines.get(d["game"]).legal_moves(d["state"], seat)), 10)
    spread = int.from_bytes(hashlib.blake2b(f"{d['id']}:{d['game_no']}:{seat}:{tid}".encode(), digest_size=2).digest(), "big") / 65536
    return int(base * (1 + max(choices, 1) / 5) * (0.75 + 0.5 * spread))


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
        players.append({"pid": s["pid"], "seat": seat, "coins": coins, "stats": stats, "left": bool(s.get("left"))})
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
    d["events"] = []
    _paid(d, balances)
    return Change(d, {"kind": "settled", "at": now, "id": settlement_id})



def paid_in_commit(change: Change) -> Change:
    """``change`` (one that ends a game: its doc's settlement is pending)
    with that settlement marked applied, as :func:`settled` marks it, for
    the commit that ends the game to pay it out itself (one Redis:
    :class:`lobby.store.Payout`).  The balances after it are worked out,
    not read: the balance read when the game started (``table_ctx``
    ``coins``, per seat) plus the game's coins, since a player backs one
    coin table at a time (no other coins move meanwhile).  Its events and
    log record stay the change's own, with those of players stood up."""
    d = _copy(change.doc)
    st = d["settlement"]
    start = (d.get("table_ctx") or {}).get("coins") or []
    balances = {e["pid"]: (start[e["seat"]] if e["seat"] < len(start) else 0) + e["coins"] for e in st["players"]}
    _paid(d, balances)
    return Change(d, change.log, change.seats)



def _paid(d: TableDoc, balances: dict[str, int]) -> None:
    """Mark ``d``'s settlement applied (``d`` a :func:`_copy`); players
    whose balance after it (``balances``: pid -> coins) is below the table's
    minimum are stood up and told why (a table no person is left at for
    the next game closes)."""
    d["settlement"]["done"] = True
    if d["coins_to_sit"]:
        for i, s in enumerate(d["seats"]):
            if s and s["pid"] and not s.get("left") and balances.get(s["pid"], 0) < d["coins_to_sit"]:
                s["left"] = True
                d["notices"] = [*d["notices"], {"name": seat_label(s), "reason": "insufficient_coins"}][-10:]
                note_gone(d, i)
                d["events"].append({"type": "stood_up", "seat": i, "reason": "insufficient_coins"})
        if d["next"] is not None and not humans(d):
            d["next"] = None
            d["status"] = Status.CLOSED.value


def state_digest(state: Any) -> str:
    """A short hash of an engine state, logged after each commit so a replay
    can check every intermediate state, not only the result."""
    return hashlib.sha256(packb(state)).hexdigest()[:32]


def _finish_log(d: TableDoc, log: dict[str, Any], digest: bool = True) -> None:
    """Complete a change's log record: the state's digest (``digest``) after
    moves, and at a game's end its seed, result and settlement."""
    if digest and d["state"] is not None and (log.get("moves") or log.get("engine_leave")):
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
    away keeps the result the game gives it (a win while away is a win: only
    leaving forfeits); the game's record says it was away (``players[seat]``
    ``away``), whatever the seat does after the game.  Once per game."""
    botted = {seat for seat, kind, _ in d.get("forced") or () if kind == "bot"}
    if any(s and s.get("away") and i not in botted for i, s in enumerate(d["seats"])):
        d["seats"] = [dict(s, away=False) if s and s.get("away") and i not in botted else s for i, s in enumerate(d["seats"])]
    away = [i for i, s in enumerate(d["seats"]) if s and s.get("away")]
    if away:
        d["players"] = [dict(p, away=True) if p is not None and i in away else p for i, p in enumerate(_players(d))]
