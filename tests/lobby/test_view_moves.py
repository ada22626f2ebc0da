"""The table view carries the viewer's legal moves (sans-I/O: no Redis, no
sockets): a seated viewer who must act gets the engine's legal moves, every
other seat and every spectator gets none."""

from __future__ import annotations

import engines
from lobby import tables

SEED = bytes(range(32))


def started(game: str, seats: int):
    doc = tables.new_table("t1", game, now=0, seats=seats, turn_ms=20_000)
    for i in range(seats):
        doc = tables.join(doc, f"p{i}", f"P{i}", None, 0, SEED).doc
    assert doc["status"] == "playing"
    return doc


def test_only_the_seat_to_act_gets_its_legal_moves():
    doc = started("sibala", 3)
    engine = engines.get("sibala")
    views = tables.views(doc, [None, 0, 1, 2])
    (actor,) = engine.to_act(doc["state"])
    assert views[actor]["moves"] == engine.legal_moves(doc["state"], actor) == [{"type": "roll"}]
    for viewer in [None, *range(3)]:
        if viewer != actor:
            assert views[viewer]["moves"] == []
    # seats that need not act see the same view, shared as one object
    others = [s for s in range(3) if s != actor]
    assert views[others[0]] is views[others[1]]
    assert views[actor] is not views[others[0]]


def test_every_seat_picking_at_once_gets_its_own_cards():
    doc = started("six_nimmt", 3)
    state = doc["state"]
    views = tables.views(doc, [None, 0, 1, 2])
    for seat in range(3):
        assert views[seat]["moves"] == [{"type": "pick", "card": c} for c in state["hands"][seat]]
    assert views[None]["moves"] == []


def test_no_moves_before_or_after_a_game():
    doc = tables.new_table("t1", "yahtzee", now=0, seats=2, turn_ms=20_000)
    doc = tables.join(doc, "p0", "P0", None, 0, SEED).doc
    assert tables.view(doc, 0)["moves"] == [] and tables.view(doc, None)["moves"] == []
