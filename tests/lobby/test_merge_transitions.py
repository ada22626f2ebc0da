"""The pure transitions that merge waiting quick tables of one kind
(lobby.tables, no Redis): which table is stranded, which one may take its
players, seating them there and giving their seats up at the source."""

from __future__ import annotations

import random

from lobby import tables

SEED = bytes(32)


def quick(table_id: str, created: int, *pids: str, seats: int = 3, **fields):
    doc = tables.new_table(table_id, "sibala", now=created, seats=seats, turn_ms=5000, quick=True, start_at=created + 100, quick_retry_ms=300, **fields)
    rich = {"balances": {pid: 10**6 for pid in pids}}
    for pid in pids:
        doc = tables.join(doc, pid, pid.upper(), None, created, SEED, rich).doc
    return doc


def test_a_lone_player_at_a_quick_table_is_stranded_but_not_with_bots_an_absent_seat_or_enough_players():
    assert tables.stranded(quick("t", 0, "a"))
    assert not tables.stranded(quick("t", 0, "a", "b")), "two may start sibala"
    assert not tables.stranded(quick("t", 0, "a", bots=True)), "bots fill it"
    doc = tables.mark_absent(quick("t", 0, "a"), "a", 1_000, 10).doc
    assert not tables.stranded(doc), "the grace decides first"
    opened = tables.new_table("t", "sibala", now=0, seats=3, turn_ms=5000)
    opened = tables.join(opened, "a", "A", None, 0, SEED).doc
    assert not tables.stranded(opened), "only quick tables merge"


def test_the_keep_waiting_retry_is_the_tables_own():
    doc = quick("t", 0, "a")
    waited = tables.due(doc, 100, SEED, random.Random(1), {"balances": {}, "present": set()})
    assert waited.log["kind"] == "wait" and waited.doc["start_at"] == 400 and tables.stranded(waited.doc)


def test_players_move_only_into_an_older_table_of_the_same_kind_with_room():
    older, newer = quick("o", 10, "a"), quick("n", 20, "c")
    assert tables.merge_target(older, newer) and not tables.merge_target(newer, older)
    tie = quick("m", 20, "d")
    assert tables.merge_target(tie, newer) != tables.merge_target(newer, tie), "ties go by id: one direction only"
    assert not tables.merge_target(quick("o", 10, "a", options={"rounds": 2}), newer), "other options"
    assert not tables.merge_target(quick("o", 10, "a", seats=2), quick("n", 20, "c", "e", seats=3)), "no room for both"


def test_seating_movers_then_giving_up_their_seats_closes_the_source_with_moved_to():
    older, newer = quick("o", 10, "a"), quick("n", 20, "c")
    moved_in = tables.seat_moved(older, [("c", "C")], "n", 50, SEED, {"balances": {}})
    target = moved_in.doc
    assert moved_in.seats == {"c": 1} and moved_in.log == {"kind": "moved_in", "at": 50, "seats": [1], "moved_from": "n"}
    assert [s and s["pid"] for s in target["seats"]] == ["a", "c", None] and target["status"] == "waiting"
    assert tables.seat_moved(target, [("c", "C")], "n", 60, SEED, {"balances": {}}) is None, "a retry changes nothing"
    assert tables.seat_of(target, "c") == 1, "and keeps the seat"
    moved = tables.moved_out(newer, ["c"], "o", 70)
    source = moved.doc
    assert moved.seats == {"c": 0} and moved.log == {"kind": "moved_out", "at": 70, "to": "o", "seats": 1}
    assert source["status"] == "closed" and source["moved_to"] == "o" and source["seats"] == [None] * 3
    assert source["notices"][-1] == {"name": "C", "reason": "moved"} and not tables.live(source)
    assert source["events"] == [{"type": "moved", "to": "o", "seats": [0]}]
    assert tables.view(source, None)["moved_to"] == "o"


def test_a_mover_who_fills_the_target_starts_its_game_and_the_rest_stay():
    older, newer = quick("o", 10, "a", seats=2), quick("n", 20, "c", "e", seats=3)
    moved_in = tables.seat_moved(older, [("c", "C"), ("e", "E")], "n", 50, SEED, {"balances": {}})
    assert moved_in.doc["status"] == "playing" and moved_in.log["kind"] == "start" and moved_in.seats == {"c": 1}
    moved = tables.moved_out(newer, list(moved_in.seats), "o", 60)
    assert list(moved.seats) == ["c"] and moved.doc["status"] == "waiting" and tables.seat_of(moved.doc, "e") is not None


def test_a_source_that_started_meanwhile_keeps_its_seats():
    playing = quick("n", 20, "c", "e", seats=2)
    assert playing["status"] == "playing"
    assert tables.moved_out(playing, ["c"], "o", 60) is None


def test_a_coin_table_seats_only_movers_with_the_coins():
    older = quick("o", 10, "a", options={"stake": 100})
    need = older["coins_to_sit"]
    assert need > 0
    moved_in = tables.seat_moved(older, [("c", "C"), ("e", "E")], "n", 50, SEED, {"balances": {"c": need, "e": need - 1}})
    assert moved_in.seats == {"c": 1}


def test_a_quick_table_back_to_waiting_looks_again_after_its_retry():
    doc = quick("t", 0, "a", "b", options={"rounds": 1})
    doc = tables.due(doc, 100, SEED, random.Random(1), {"balances": {}, "present": set()}).doc
    assert doc["status"] == "playing"
    rng, now = random.Random(2), 100
    while doc["status"] == "playing":
        now = tables.next_due(doc)
        doc = tables.due(doc, now, SEED, rng).doc
    doc = tables.leave(doc, "b", now).doc
    back = tables.ready(doc, "a", now, SEED, {"balances": {}})
    doc = back.doc
    assert doc["status"] == "waiting" and back.log["kind"] == "wait" and doc["start_at"] == now + 300
    assert tables.stranded(doc)
