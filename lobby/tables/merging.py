"""Merging waiting quick tables: :func:`stranded`, :func:`merge_target`,
:func:`seat_moved`, :func:`moved_out` (the contract is the package's:
:mod:`lobby.tables`)."""

from __future__ import annotations

from typing import Any

import engines

from .doc import Change, LobbyError, Status, TableDoc, _copy, filled, humans, note_gone, seat_index, seat_label, seat_of
from .seating import _retry_ms, join

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
        d["notices"] = [*d["notices"], {"name": seat_label(d["seats"][seat]), "reason": "moved"}][-10:]
        note_gone(d, seat)
        d["seats"][seat] = None
        d["entered"] = [p for p in d["entered"] if p != pid]
        d["start_votes"] = [p for p in d["start_votes"] if p != pid]
        d["absent"].pop(pid, None)
    d["moved_to"] = target
    if not humans(d):
        d["status"] = Status.CLOSED.value
    return Change(d, {"kind": "moved_out", "at": now, "to": target, "seats": len(removed)}, removed)
