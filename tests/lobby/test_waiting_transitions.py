"""The pure transitions of a table before its start and after its last game
(lobby.tables, no Redis): absent seats, the waiting table's expiry, the close
of a finished table no game follows."""

from __future__ import annotations

import random

import pytest

from lobby import tables
from lobby.protocol import ErrorCode

SEED = bytes(32)


def waiting(seats: int = 3, ttl_ms: int = 0):
    doc = tables.new_table("t", "sibala", now=0, seats=seats, turn_ms=5000, waiting_ttl_ms=ttl_ms)
    doc = tables.join(doc, "a", "Ann", None, 0, SEED).doc
    return doc


def due(doc, now, present=()):
    return tables.due(doc, now, SEED, random.Random(1), {"balances": {}, "present": set(present)})


def test_an_absent_seat_is_given_up_after_its_grace_and_the_empty_table_closes():
    marked = tables.mark_absent(waiting(), "a", 1_000, 10)
    doc = marked.doc
    assert doc["absent"] == {"a": 1_000} and marked.log == {"kind": "absent", "at": 10, "seat": 0}
    assert tables.next_due(doc) == 1_000
    assert tables.mark_absent(doc, "a", 2_000, 20) is None, "marked once"
    assert due(doc, 999) is None, "nothing before the grace ends"
    closed = due(doc, 1_000).doc
    assert closed["status"] == "closed" and closed["seats"] == [None] * 3 and closed["absent"] == {}
    assert closed["notices"][-1] == {"name": "Ann", "reason": "absent"} and not tables.live(closed)


def test_a_player_back_within_the_grace_keeps_the_seat():
    doc = tables.mark_absent(waiting(), "a", 1_000, 10).doc
    kept = due(doc, 1_000, present={"a"}).doc
    assert kept["status"] == "waiting" and tables.seat_of(kept, "a") == 0 and kept["absent"] == {}
    assert tables.next_due(kept) is None


def test_a_full_table_does_not_start_on_an_absent_seat():
    doc = tables.mark_absent(waiting(seats=2), "a", 1_000, 10).doc
    full = tables.join(doc, "b", "Bo", None, 20, SEED).doc
    assert full["status"] == "waiting", "the timer decides at the end of the grace"
    started = due(full, 1_000, present={"a"})
    assert started.doc["status"] == "playing" and started.log["kind"] == "start"
    given_up = due(full, 1_000, present=set()).doc
    assert given_up["status"] == "waiting" and [s and s["pid"] for s in given_up["seats"]] == [None, "b"]


def test_only_a_seat_at_a_waiting_table_is_marked():
    doc = tables.new_table("t", "sibala", now=0, seats=2, turn_ms=5000)
    doc = tables.join(doc, "a", "Ann", None, 0, SEED).doc
    playing = tables.join(doc, "b", "Bo", None, 0, SEED).doc
    assert playing["status"] == "playing"
    assert tables.mark_absent(playing, "a", 1_000, 10) is None
    assert tables.mark_absent(doc, "nobody", 1_000, 10) is None


def test_a_waiting_table_closes_at_the_end_of_its_wait():
    doc = waiting(ttl_ms=60_000)
    assert doc["wait_until"] == 60_000 and tables.next_due(doc) == 60_000
    assert due(doc, 59_999) is None
    closed = due(doc, 60_000)
    assert closed.log == {"kind": "close", "at": 60_000}
    closed = closed.doc
    assert closed["status"] == "closed" and closed["seats"] == [None] * 3
    # the reason is said once, by the table, not by a notice per seated player
    assert closed["closed_reason"] == "nobody_came" and closed["notices"] == []
    assert tables.view(closed, None)["wait_until"] is None


def test_a_join_starts_the_wait_again_and_the_view_says_until_when():
    doc = waiting(ttl_ms=60_000)
    assert tables.view(doc, 0)["wait_until"] == 60_000 and tables.view(doc, 0)["waiting_ttl_ms"] == 60_000
    joined = tables.join(doc, "b", "Bo", None, 50_000, SEED).doc
    assert joined["wait_until"] == 110_000 and tables.next_due(joined) == 110_000
    assert tables.view(joined, None)["wait_until"] == 110_000
    assert due(joined, 60_000) is None  # the first wait's end passed: nothing closes


def test_a_finished_table_no_game_follows_closes_after_the_ready_window():
    doc = tables.new_table("t", "sibala", now=0, seats=2, turn_ms=5000, games=1, bots=True, ready_ms=500, options={"rounds": 1})
    doc = tables.join(doc, "a", "Ann", None, 0, SEED).doc
    doc = tables.request_start(doc, "a", 0, SEED, {"balances": {}}).doc
    now, rng = 0, random.Random(2)
    while doc["status"] == "playing":
        now = tables.next_due(doc)
        doc = tables.due(doc, now, SEED, rng).doc  # bot moves, and the person's forced ones
    assert doc["status"] == "finished" and doc["next"] is None and doc["close_at"] == now + 500
    doc = tables.settled(doc, doc["settlement"]["id"], {}, now).doc
    assert tables.next_due(doc) == now + 500 and due(doc, now + 499) is None
    closed = due(doc, now + 500)
    assert closed.doc["status"] == "closed" and closed.log["kind"] == "close" and closed.doc["result"] == doc["result"]


def test_start_pressed_by_everyone_waits_for_an_absent_seat_s_grace():
    doc = tables.new_table("t", "sibala", now=0, seats=3, turn_ms=5000, ready_ms=10_000)
    doc = tables.join(doc, "a", "Ann", None, 0, SEED).doc
    doc = tables.join(doc, "b", "Bo", None, 0, SEED).doc
    doc = tables.request_start(doc, "a", 0, SEED, {"balances": {}}).doc
    doc = tables.mark_absent(doc, "a", 1_000, 10).doc
    doc = tables.request_start(doc, "b", 20, SEED, {"balances": {}}).doc
    assert doc["status"] == "waiting", "Ann pressed start, then vanished"
    doc = due(doc, 1_000, present=set()).doc
    assert doc["status"] == "waiting" and tables.seat_of(doc, "a") is None
    with pytest.raises(tables.LobbyError) as refused:  # Bo alone is below the minimum: no game with nobody
        tables.request_start(doc, "b", 30, SEED, {"balances": {}})
    assert refused.value.code == ErrorCode.TOO_FEW_PLAYERS


def test_a_table_takes_as_many_joins_as_it_has_seats_in_a_window():
    """Players taking and leaving seats make a delta for every viewer each
    time: a 3-seat table takes 3 joins in ``JOIN_WINDOW_MS``, the next is
    ``busy`` (the table untouched), and once the window has passed the
    seat is taken; leaving is never refused, and viewers never see the
    record of joins."""
    from lobby.tables.seating import JOIN_WINDOW_MS

    doc = tables.new_table("t", "sibala", now=0, seats=3, turn_ms=5000)
    doc = tables.join(doc, "h", "Host", None, 0, SEED).doc
    for at in (10, 20):
        doc = tables.join(doc, "a", "Ann", None, at, SEED).doc
        doc = tables.leave(doc, "a", at + 1).doc
    with pytest.raises(tables.LobbyError) as busy:
        tables.join(doc, "b", "Bo", None, 30, SEED)
    assert busy.value.code == ErrorCode.BUSY
    joined = tables.join(doc, "b", "Bo", None, JOIN_WINDOW_MS + 5, SEED).doc
    assert tables.seat_of(joined, "b") == 1 and tables.seat_of(doc, "b") is None
    assert "joins" not in tables.view(joined, None) and "joins" not in tables.summary(joined)
