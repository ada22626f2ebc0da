"""The figures each engine's view adds for the board (RULES.md's rules worked
out once, on the server, so the browser copies none of them)."""

from __future__ import annotations

import engines
from engines import sibala, six_nimmt, stud, yahtzee
from engines.base import validate_options

SEED = bytes(range(32))


def start(game: str, players: int, options=None):
    engine = engines.get(game)
    return engine, engine.initial_state(players, validate_options(engine.info, options or {}), SEED)


def test_yahtzee_view_has_the_score_card_and_rolls_left():
    engine, s = start("yahtzee", 2)
    view = engine.view(s, None)
    assert view["categories"] == list(yahtzee.CATEGORIES) and view["rolls_left"] == 3
    assert view["options_scores"] == {}
    s, _ = engine.apply(s, 0, {"type": "roll"})
    view = engine.view(s, 1)
    assert view["rolls_left"] == 2
    assert view["options_scores"] == {c: yahtzee.score(c, s["dice"]) for c in yahtzee.CATEGORIES}


def test_six_nimmt_view_has_bull_heads_row_points_and_targets():
    engine, s = start("six_nimmt", 3)
    view = engine.view(s, 0)
    assert engine.info.board["heads"][1:] == [six_nimmt.bull_heads(c) for c in range(1, 105)]
    assert "heads" not in view  # static: with the game's metadata, not in every view
    assert view["row_points"] == [six_nimmt.row_points(r) for r in s["rows"]]
    assert view["cheapest_row"] == six_nimmt.cheapest_row(s["rows"])
    assert view["targets"] == [six_nimmt.target_row(s["rows"], c) for c in s["hands"][0]]
    spectator = engine.view(s, None)
    assert spectator["targets"] is None and spectator["hand"] is None
    # once a seat has picked it may still change its pick until the reveal: its targets stay shown
    s, _ = engine.apply(s, 0, {"type": "pick", "card": s["hands"][0][0]})
    assert engine.view(s, 0)["targets"] is not None and engine.view(s, 1)["targets"] is not None


def test_six_nimmt_pick_moves_are_shared_while_a_hand_is_unchanged():
    engine, s = start("six_nimmt", 3)
    before = engine.legal_moves(s, 1)
    s, _ = engine.apply(s, 0, {"type": "pick", "card": s["hands"][0][0]})
    assert engine.legal_moves(s, 1) is before  # the same list: the table view's diff is an identity check
    assert engine.legal_moves(s, 0) == []


def test_six_nimmt_targets_match_target_row_on_any_rows():
    rows = [[10], [30, 31], [52], [90]]
    hand = [1, 11, 29, 32, 60, 95, 104]
    assert six_nimmt._targets(rows, hand) == [six_nimmt.target_row(rows, c) for c in hand]


def test_stud_view_names_its_tier():
    engine, s = start("stud", 2, {"tier": "beginner"})
    assert engine.view(s, None)["tier_name"] == {"en": "beginner", "zh": "初级"}


def test_sibala_state_keeps_each_rolls_hand_and_each_rounds_order():
    engine, s = start("sibala", 2)
    first = s["order"]
    s, _ = engine.apply(s, first[0], {"type": "roll"})
    category, value, _ = sibala.hand(s["rolls"][first[0]])
    assert engine.view(s, None)["hands"][first[0]] == {"category": category, "value": value}
    s, _ = engine.apply(s, first[1], {"type": "roll"})
    record = s["history"][0]
    assert record["order"] == first
    assert record["hands"] == [{"category": sibala.hand(r)[0], "value": sibala.hand(r)[1]} for r in record["rolls"]]
    assert s["hands"] == [None, None]


def test_stud_hand_names_come_with_the_showdown():
    engine, s = start("stud", 2)
    while engine.to_act(s):
        seat = engine.to_act(s)[0]
        s, _ = engine.apply(s, seat, {"type": "check"} if {"type": "check"} in engine.legal_moves(s, seat) else {"type": "call"})
    hands = engine.view(s, None)["showdown"]["hands"]
    for hand in hands.values():
        assert hand["name"] == stud.CATEGORY_NAMES[hand["category"]]


def test_every_option_is_labelled_in_both_languages_and_games_are_json_clean():
    import json

    for engine in engines.REGISTRY.values():
        info = engine.info.to_dict()
        assert json.loads(json.dumps(info)) == info
        for spec in engine.info.options:
            assert set(spec.label) == {"en", "zh"}, spec.name
            if spec.kind == "choice":
                assert set(spec.choice_labels) == {str(c) for c in spec.choices}
                assert all(set(names) == {"en", "zh"} for names in spec.choice_labels.values())
    assert engines.get("yahtzee").info.to_dict()["board"] == {"categories": list(yahtzee.CATEGORIES)}
    tiers = engines.get("stud").info.to_dict()["board"]["tiers"]
    assert tiers["expert"] == {"name": {"en": "expert", "zh": "专家"}, "ante": 5000, "max": 50000, "coins": True}


def test_settings_fill_defaults_from_the_option_specs():
    info = engines.get("sibala").info
    assert info.settings({}) == {"rounds": 5, "stake": 0}
    assert info.settings({"stake": 3}) == {"rounds": 5, "stake": 3}
    assert engines.get("sibala").coins_to_sit({"stake": 3}) == 15
