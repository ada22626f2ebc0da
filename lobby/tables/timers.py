"""What time does to a table: :func:`mark_absent`, :func:`due` (what is
due at ``now``), :func:`next_due`, :func:`live` (the contract is the
package's: :mod:`lobby.tables`)."""

from __future__ import annotations

import random
from typing import Any

import engines

from .doc import MAX_FORCED, Change, Status, TableDoc, _copy, _plays_as_bot, filled, humans, note_gone, seat_label, seat_of
from .play import _after_change, _closed, _finish_log
from .seating import _retry_ms, begin

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
        d["notices"] = [*d["notices"], {"name": seat_label(d["seats"][seat]), "reason": "absent"}][-10:]
        note_gone(d, seat)
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["start_votes"] = [p for p in d["start_votes"] if p != pid]
    if not humans(d):
        d["status"] = Status.CLOSED.value
    return d


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
                    d["notices"] = [*d["notices"], {"name": seat_label(d["seats"][i]), "reason": "sat_out"}][-10:]
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
                    d["notices"] = [*d["notices"], {"name": seat_label(d["seats"][i]), "reason": "sat_out"}][-10:]
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
        first_event = len(events)
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
        _after_change(d, now, moved, events[first_event:])
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
