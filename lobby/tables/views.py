"""What viewers see of a table: :func:`view`, :func:`views` (one per
seat), :class:`View` and the table list's :func:`summary`."""

from __future__ import annotations

from typing import Any

import engines

from .doc import Status, TableDoc, _mark, seat_index, table_name
from .play import turn_id

#: the table view's ``forced`` of a doc without one (shared, read-only)
_NO_FORCED: list[list[Any]] = []


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
            None if s is None else {"name": s["name"], "bot": s["bot"], "left": bool(s.get("left")), "away": bool(s.get("away")), **_mark(s)}
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
        # the arena this table was paired for (lobby.arenas), else None
        "arena": doc.get("arena"),
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
        "seats": [None if s is None else {"name": s["name"], "bot": s["bot"], "left": bool(s.get("left")), **_mark(s)} for s in doc["seats"]],
        "spectators": spectators,
        "private": doc["private"],
        "created": doc["created"],
        "turn_ms": doc["turn_ms"],
        "options": doc["options"],
        "game_no": doc["game_no"],
        "coins_to_sit": doc["coins_to_sit"],
        "arena": doc.get("arena"),
    }
