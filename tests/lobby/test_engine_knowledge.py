"""The table gives engines facts and asks them for conclusions (sans-I/O):
it hands stud the seniority and the last game's winners in the new game's
seat numbers (stud picks its dealer), and takes per-seat stats from the
engine's Outcome (stud's escapes) instead of reading a game's state."""

from __future__ import annotations

import engines
from lobby import tables

SEED = bytes(range(32))
STUD = engines.get("stud")


def stud_table(players: int):
    doc = tables.new_table("t1", "stud", now=0, seats=players, turn_ms=20_000)
    for i in range(players):
        doc = tables.join(doc, f"p{i}", f"P{i}", None, 0, SEED).doc
    assert doc["status"] == "playing"
    return doc


def fold_to(doc, winner_pid: str):
    """Every seat but ``winner_pid``'s folds when its turn comes."""
    while doc["status"] == "playing":
        (seat,) = STUD.to_act(doc["state"])
        pid = doc["seats"][seat]["pid"]
        move = {"type": "fold"} if pid != winner_pid else STUD.legal_moves(doc["state"], seat)[0]
        doc = tables.move(doc, pid, tables.turn_id(doc, seat), move, 1).doc
    return doc


def test_the_next_game_gets_seniority_and_last_winners_and_stud_deals_from_the_winner():
    doc = stud_table(3)
    assert doc["table_ctx"]["entered"] == [0, 1, 2] and doc["table_ctx"]["winners"] == []
    assert doc["state"]["first_dealer"] == 0
    doc = fold_to(doc, "p2")
    assert doc["result"]["winners"] == [2]
    for pid in ("p0", "p1", "p2"):  # the last ready starts the next game
        doc = tables.ready(doc, pid, 2, SEED).doc
    assert doc["status"] == "playing"
    assert doc["table_ctx"] == {"coins": [0, 0, 0], "entered": [0, 1, 2], "winners": [2]}
    assert doc["state"]["first_dealer"] == 2


def test_an_escape_is_counted_from_the_outcome():
    doc = stud_table(2)
    doc = tables.leave(doc, "p1", 1).doc
    assert doc["status"] == "finished"
    stats = {p["pid"]: p["stats"] for p in doc["settlement"]["players"]}
    assert stats["p1"]["escapes"] == 1 and stats["p0"]["escapes"] == 0
    # a game without such counters records none
    sib = tables.new_table("t2", "sibala", now=0, seats=2, turn_ms=20_000)
    for i in range(2):
        sib = tables.join(sib, f"q{i}", f"Q{i}", None, 0, SEED).doc
    while sib["status"] == "playing":
        (seat,) = engines.get("sibala").to_act(sib["state"])
        sib = tables.move(sib, f"q{seat}", tables.turn_id(sib, seat), {"type": "roll"}, 1).doc
    assert all(p["stats"]["escapes"] == 0 for p in sib["settlement"]["players"])
