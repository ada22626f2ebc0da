"""Each game's ``GameInfo.coins`` (the rule a client checks a form with)
gives the coins its engine needs to sit, and the welcome carries it."""

from __future__ import annotations

import pytest

import engines

CASES = [
    ("sibala", {"stake": 100, "rounds": 5}, 500),
    ("sibala", {"stake": 0, "rounds": 9}, 0),
    ("sibala", {"stake": 30000}, 150000),  # rounds by default: 5
    ("shut_the_box", {"stake": 100, "rounds": 3}, 600),
    ("shut_the_box", {"stake": 0}, 0),
    ("stud", {"tier": "expert"}, 50000),
    ("stud", {"tier": "beginner"}, 1000),
    ("stud", {}, 0),
    ("six_nimmt", {}, 0),
    ("yahtzee", {}, 0),
]


@pytest.mark.parametrize("game,options,need", CASES)
def test_the_rule_gives_what_the_engine_needs(game, options, need):
    engine = engines.get(game)
    assert engine.info.coins_needed(options) == need == engine.coins_to_sit(options)


def test_the_rule_is_sent_where_coins_move():
    sent = {g: engines.get(g).info.to_dict()["coins"] for g in ("sibala", "shut_the_box", "stud", "six_nimmt", "yahtzee")}
    assert sent["sibala"] == {"times": 1, "options": ["stake", "rounds"]}
    assert sent["shut_the_box"] == {"times": 2, "options": ["stake", "rounds"]}
    assert sent["stud"]["option"] == "tier" and sent["stud"]["values"]["expert"] == 50000
    assert sent["six_nimmt"] is None and sent["yahtzee"] is None
