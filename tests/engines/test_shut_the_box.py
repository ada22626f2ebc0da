"""Shut the Box (RULES.md section 5, seed-shut-the-box.txt) and its optimal bot."""

from __future__ import annotations

import copy
import hashlib
import math
import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import msgpack
import pytest

import engines.shut_the_box as stb
from engines import IllegalMove, InvalidMove, rng as _rng, validate_options
from engines.shut_the_box import (
    ENGINE,
    TILES,
    best_covering,
    best_dice,
    coverings,
    expected_score,
    one_die_allowed,
    score,
    shut_probability,
    shut_probability_exact,
)

SEED = hashlib.sha256(b"shut-the-box-tests").digest()


def new(players=2, **options):
    return ENGINE.initial_state(players, validate_options(ENGINE.info, options), SEED)


def rig(state, faces):
    """``state`` with its rng counter moved so that the next throw is ``faces``."""
    s = copy.deepcopy(state)
    for n in range(s["rng"]["n"], s["rng"]["n"] + 10_000):
        if _rng.roll({"seed": s["rng"]["seed"], "n": n}, len(faces)) == faces:
            s["rng"]["n"] = n
            return s
    raise AssertionError("no such draw")


def play(state, seat, move):
    before = copy.deepcopy(state)
    after, events = ENGINE.apply(state, seat, move)
    assert state == before, "apply never mutates its input"
    return after, events


def end_turn_with(state, open_tiles):
    """The acting seat's turn ended by timeout with ``open_tiles`` left open."""
    s = copy.deepcopy(state)
    s["open"] = sorted(open_tiles)
    return play(s, s["seat"], {"type": "_timeout"})


# -- rule functions ----------------------------------------------------------


def test_rules_example_coverings_of_8_in_order():
    assert coverings(TILES, 8) == [
        frozenset({8}),
        frozenset({7, 1}),
        frozenset({6, 2}),
        frozenset({5, 3}),
        frozenset({5, 2, 1}),
        frozenset({4, 3, 1}),
    ]
    assert coverings({1, 2, 3, 5, 8}, 8) == [frozenset({8}), frozenset({3, 5}), frozenset({1, 2, 5})]
    assert coverings([4, 6], 8) == []


def test_rules_example_open_1_5_9_throw_4():
    assert coverings([1, 5, 9], 4) == []
    assert score([1, 5, 9]) == 15
    assert best_covering([1, 5, 9], 4) is None


def test_coverings_edges():
    assert coverings(TILES, 45) == [frozenset(TILES)]
    assert coverings(TILES, 46) == []
    assert coverings(TILES, 0) == []
    assert coverings([], 3) == []
    assert coverings((3, 1, 2), 3) == [frozenset({3}), frozenset({1, 2})]
    assert coverings(frozenset({2}), 1) == []
    assert len(coverings(TILES, 12)) == len(
        [c for k in range(1, 10) for c in combinations(TILES, k) if sum(c) == 12]
    )
    assert score([]) == 0 and score(TILES) == 45


@pytest.mark.parametrize("tiles", ["123", [0], [10], [True], [1.0], None, 5, {"1": 1}])
def test_bad_tiles_raise(tiles):
    with pytest.raises(ValueError):
        coverings(tiles, 3)
    with pytest.raises(ValueError):
        score(tiles)


@pytest.mark.parametrize("total", ["8", 8.0, None, True])
def test_bad_total_raises(total):
    with pytest.raises(ValueError):
        coverings(TILES, total)
    with pytest.raises(ValueError):
        best_covering(TILES, total)


def test_one_die_rule_function():
    assert not one_die_allowed(TILES)
    assert not one_die_allowed([1, 9])
    assert one_die_allowed([1, 2, 3, 4, 5, 6])
    assert one_die_allowed([])


# -- the game ----------------------------------------------------------------


def test_info_and_options():
    info = ENGINE.info
    assert info.id == "shut_the_box"
    assert info.title == {"en": "Shut the Box", "zh": "闭箱"}
    assert (info.min_players, info.max_players, info.default_players) == (1, 8, 2)
    assert validate_options(info, {}) == {"rounds": 3, "stake": 0}
    for bad in ({"rounds": 0}, {"rounds": 21}, {"stake": -1}, {"stake": 1.5}):
        with pytest.raises(ValueError):
            validate_options(info, bad)
    with pytest.raises(ValueError):
        ENGINE.initial_state(9, validate_options(info, {}), SEED)


def test_throw_and_shut_flow():
    s = new()
    tid = ENGINE.turn_id(s, 0)
    seen = {tid}
    assert ENGINE.to_act(s) == [0] and ENGINE.turn_id(s, 1) is None
    assert ENGINE.legal_moves(s, 0) == [{"type": "roll"}]  # 7, 8, 9 open: two dice
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "roll", "dice": 1})
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "shut", "tiles": [8]})  # throw first
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 1, {"type": "roll"})

    s = rig(s, [3, 5])
    s, events = play(s, 0, {"type": "roll", "dice": 2})
    assert events == [{"type": "rolled", "seat": 0, "dice": [3, 5], "throw": 8}]
    assert ENGINE.legal_moves(s, 0) == [{"type": "shut", "tiles": sorted(c)} for c in coverings(TILES, 8)]
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "roll"})  # must shut first
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "shut", "tiles": [2, 5]})  # sums to 7
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "shut", "tiles": [1]})
    s, events = play(s, 0, {"type": "shut", "tiles": [5, 2, 1]})
    assert events == [{"type": "shut", "seat": 0, "tiles": [1, 2, 5], "open": [3, 4, 6, 7, 8, 9]}]
    assert s["open"] == [3, 4, 6, 7, 8, 9] and s["throw"] is None
    assert ENGINE.turn_id(s, 0) not in seen  # one id per decision: a replayed frame is refused
    seen.add(ENGINE.turn_id(s, 0))

    eight, _ = play(rig(s, [4, 4]), 0, {"type": "roll"})
    with pytest.raises(IllegalMove):
        ENGINE.apply(eight, 0, {"type": "shut", "tiles": [1, 7]})  # 1 is shut now

    # A throw of 2 has no covering: the turn ends inside apply.
    s, events = play(rig(s, [1, 1]), 0, {"type": "roll"})
    assert [e["type"] for e in events] == ["rolled", "turn_over"]
    assert events[1] == {"type": "turn_over", "seat": 0, "score": 37, "open": [3, 4, 6, 7, 8, 9], "reason": "stuck"}
    assert s["scores"] == [37, None] and s["open"] == list(TILES)
    assert ENGINE.to_act(s) == [1] and ENGINE.turn_id(s, 0) is None


def test_rules_example_in_play_turn_ends_with_15():
    s = new()
    s["open"] = [1, 5, 9]
    s, events = play(rig(s, [1, 3]), 0, {"type": "roll"})
    assert events[-1] == {"type": "turn_over", "seat": 0, "score": 15, "open": [1, 5, 9], "reason": "stuck"}


def test_one_die_when_7_8_9_are_shut():
    s = new()
    s["open"] = [1, 2, 3, 4, 5, 6, 9]
    assert {"type": "roll", "dice": 1} not in ENGINE.legal_moves(s, 0)
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 0, {"type": "roll", "dice": 1})
    s["open"] = [1, 2, 3, 4, 5, 6]
    assert ENGINE.legal_moves(s, 0) == [{"type": "roll"}, {"type": "roll", "dice": 1}]
    s1, events = play(rig(s, [4]), 0, {"type": "roll", "dice": 1})
    assert events == [{"type": "rolled", "seat": 0, "dice": [4], "throw": 4}]
    assert s1["throw"] == 4 and s1["dice"] == [4]
    s2, events = play(s, 0, {"type": "roll"})
    assert len(events[0]["dice"]) == 2


@pytest.mark.parametrize(
    "move",
    [
        {"type": "roll", "dice": 3},
        {"type": "roll", "dice": 0},
        {"type": "roll", "dice": True},
        {"type": "roll", "dice": 2.0},
        {"type": "roll", "dice": "2"},
        {"type": "roll", "throw": 12},
        {"type": "shut"},
        {"type": "shut", "tiles": []},
        {"type": "shut", "tiles": [1, 1]},
        {"type": "shut", "tiles": [10]},
        {"type": "shut", "tiles": [True]},
        {"type": "shut", "tiles": "8"},
        {"type": "shut", "tiles": [8], "x": 1},
        {"type": "_timeout", "score": 0},
        {"type": "pass"},
    ],
)
def test_malformed_moves_are_invalid(move):
    s = new()
    with pytest.raises(InvalidMove):
        ENGINE.apply(s, 0, move)
    s, _ = play(rig(s, [4, 4]), 0, {"type": "roll"})
    with pytest.raises(InvalidMove):
        ENGINE.apply(s, 0, move)


def test_timeout_ends_the_turn_as_if_stuck():
    s = new()
    assert ENGINE.timeout_moves(s, 0) == [{"type": "_timeout"}]
    assert all(not m["type"].startswith("_") for m in ENGINE.legal_moves(s, 0))
    with pytest.raises(IllegalMove):
        ENGINE.apply(s, 1, {"type": "_timeout"})
    # Before any throw: everything is open.
    after, events = play(s, 0, {"type": "_timeout"})
    assert events == [{"type": "turn_over", "seat": 0, "score": 45, "open": list(TILES), "reason": "timeout"}]
    # With a throw pending: the pending throw is not covered.
    s, _ = play(rig(s, [6, 6]), 0, {"type": "roll"})
    s, _ = play(s, 0, {"type": "shut", "tiles": [3, 9]})
    s, _ = play(rig(s, [2, 2]), 0, {"type": "roll"})
    assert s["throw"] == 4
    s, events = play(s, 0, {"type": "_timeout"})
    assert events[0]["score"] == 45 - 12 and s["scores"][0] == 33 and ENGINE.to_act(s) == [1]


def test_round_without_stake_and_ties_share():
    s = new(3)
    s, _ = end_turn_with(s, [1, 2])
    s, _ = end_turn_with(s, [5])
    s, events = end_turn_with(s, [3])
    rec = events[-1]
    assert rec == {
        "type": "round_over",
        "round": 0,
        "scores": [3, 5, 3],
        "winners": [0, 2],
        "box_shut": False,
        "coins": [0, 0, 0],
    }
    assert s["wins"] == [1, 0, 1] and s["round"] == 1 and ENGINE.to_act(s) == [0]
    assert s["history"] == [{k: v for k, v in rec.items() if k != "type"}]


def test_stake_settlement_without_shutting_the_box():
    s = new(3, stake=10)
    s, _ = end_turn_with(s, [1, 2])
    s, _ = end_turn_with(s, [5])
    s, events = end_turn_with(s, [3])
    assert events[-1]["coins"] == [5, -10, 5]  # pot 30 shared by two
    assert s["coins"] == [5, -10, 5]

    s = new(3, stake=5)
    s, _ = end_turn_with(s, [9])
    s, _ = end_turn_with(s, [3, 5])
    s, events = end_turn_with(s, [8])
    assert events[-1]["winners"] == [1, 2]
    assert events[-1]["coins"] == [-5, 3, 2]  # pot 15: 7 each, the odd coin to seat 1


def test_shutting_the_box_wins_at_once_and_takes_a_second_stake():
    s = new(3, stake=10)
    s, _ = end_turn_with(s, [1, 2])  # seat 0 scores 3
    s["open"] = [2, 4]
    s, _ = play(rig(s, [6]), 1, {"type": "roll", "dice": 1})
    s, events = play(s, 1, {"type": "shut", "tiles": [2, 4]})
    assert [e["type"] for e in events] == ["shut", "turn_over", "round_over"]
    assert events[1]["reason"] == "box_shut" and events[1]["score"] == 0
    assert events[2] == {
        "type": "round_over",
        "round": 0,
        "scores": [3, 0, None],  # seat 2 does not play this round
        "winners": [1],
        "box_shut": True,
        "coins": [-20, 40, -20],
    }
    assert s["coins"] == [-20, 40, -20] and s["wins"] == [0, 1, 0]
    assert ENGINE.to_act(s) == [0] and s["round"] == 1


def test_shutting_the_box_by_play():
    s = new(2, stake=7)
    s["open"] = [3, 5]
    s, _ = play(rig(s, [4, 4]), 0, {"type": "roll"})
    s, events = play(s, 0, {"type": "shut", "tiles": [3, 5]})
    assert events[-1]["winners"] == [0] and events[-1]["coins"] == [14, -14]
    assert ENGINE.to_act(s) == [0]  # seat 1 never played round 0


def test_match_winner_is_most_rounds_won_and_ties_share():
    s = new(2, rounds=2, stake=1)
    s, _ = end_turn_with(s, [1])
    s, _ = end_turn_with(s, [2])  # seat 0 wins round 0
    assert ENGINE.result(s) is None
    s, _ = end_turn_with(s, [4])
    s, _ = end_turn_with(s, [4])  # round 1 shared
    assert ENGINE.to_act(s) == [] and ENGINE.legal_moves(s, 0) == []
    out = ENGINE.result(s)
    assert out.winners == [0] and out.scores == [2, 1] and out.coins == [1, -1]

    s = new(2, rounds=2)
    s, _ = end_turn_with(s, [1])
    s, _ = end_turn_with(s, [2])
    s, _ = end_turn_with(s, [3])
    s, _ = end_turn_with(s, [2])
    out = ENGINE.result(s)
    assert out.winners == [0, 1] and out.scores == [1, 1] and out.coins == [0, 0]


def test_solo_match_is_patience():
    s = new(1, rounds=2)
    while ENGINE.to_act(s):
        s, _ = play(s, 0, ENGINE.bot_move(ENGINE.view(s, 0), 0, random.Random(0)))
    out = ENGINE.result(s)
    assert out.winners == [0] and out.scores == [2] and out.coins == [0]
    assert len(s["history"]) == 2


def test_view_hides_only_the_seed():
    s, _ = play(new(), 0, {"type": "roll"})
    for viewer in (None, 0, 1):
        view = ENGINE.view(s, viewer)
        figures = {"coverings", "one_die"}  # what the board shows, worked out by the engine
        assert {k: v for k, v in view.items() if k not in figures} == {k: v for k, v in s.items() if k != "rng"}
        assert msgpack.unpackb(msgpack.packb(view), strict_map_key=False) == view


def test_view_shows_the_sets_the_throw_lets_you_shut():
    s = dict(new(), open=[1, 2, 3, 4, 9], throw=5, dice=[2, 3])
    view = ENGINE.view(s, None)
    assert view["coverings"] == [[1, 4], [2, 3]]
    assert [m["tiles"] for m in ENGINE.legal_moves(s, 0)] == view["coverings"]
    assert view["one_die"] is False
    s = dict(s, open=[1, 2, 3], throw=None, dice=None)
    view = ENGINE.view(s, 0)
    assert view["coverings"] == [] and view["one_die"] is True


def test_bot_plays_legal_moves_from_its_view():
    for g in range(5):
        s = ENGINE.initial_state(3, validate_options(ENGINE.info, {"stake": 2}), hashlib.sha256(b"b%d" % g).digest())
        while ENGINE.to_act(s):
            seat = ENGINE.to_act(s)[0]
            move = ENGINE.bot_move(ENGINE.view(s, seat), seat, random.Random(g))
            assert move in ENGINE.legal_moves(s, seat)
            s, _ = play(s, seat, move)
        assert sum(ENGINE.result(s).coins) == 0


# -- the optimal bot's dynamic programme ------------------------------------


def test_known_probability_of_shutting_the_box():
    # Durango Bill's table (one die allowed once 7, 8, 9 are shut): 9.7614 %.
    assert shut_probability(TILES) == pytest.approx(0.097614, abs=5e-7)
    assert shut_probability_exact(TILES) == Fraction(956177159, 9795520512)
    assert shut_probability([]) == 1.0
    assert shut_probability([1]) == pytest.approx(1 / 6)  # one die
    assert shut_probability([7]) == pytest.approx(6 / 36)  # two dice only
    assert shut_probability([6]) == pytest.approx(1 / 6)  # one die beats 5/36
    assert shut_probability([1, 2]) == pytest.approx((1 / 6) * (1 / 6 + 1 / 6 + 1))
    assert expected_score([]) == 0.0
    assert 0 < expected_score(TILES) < 45


def test_best_dice_and_covering_examples():
    assert best_dice(TILES) == 2
    assert best_dice([1]) == 1 and best_dice([7]) == 2 and best_dice([6]) == 1
    assert best_covering(TILES, 2) == frozenset({2})
    # Leaving 1 and 2 (2/9 with one die) beats leaving 3 (1/6).
    assert best_covering([1, 2, 3], 3) == frozenset({3})
    assert shut_probability([1, 2]) > shut_probability([3])
    assert best_covering([3, 5], 8) == frozenset({3, 5})
    assert best_covering(TILES, 12) in coverings(TILES, 12)


@lru_cache(maxsize=None)
def reference_p(open_tiles: frozenset) -> float:
    """An independent, plain float recursion for the shut probability."""
    if not open_tiles:
        return 1.0
    dists = [{t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}]
    if not open_tiles & {7, 8, 9}:
        dists.append({t: 1 / 6 for t in range(1, 7)})
    best = 0.0
    for dist in dists:
        p = 0.0
        for throw, q in dist.items():
            options = [
                reference_p(open_tiles - set(c))
                for k in range(1, len(open_tiles) + 1)
                for c in combinations(sorted(open_tiles), k)
                if sum(c) == throw
            ]
            p += q * max(options, default=0.0)
        best = max(best, p)
    return best


def test_dp_agrees_with_an_independent_recursion_on_all_512_sets():
    for mask in range(512):
        tiles = frozenset(t for t in TILES if mask >> (t - 1) & 1)
        assert shut_probability(tiles) == pytest.approx(reference_p(tiles), abs=1e-12)


def test_best_covering_is_lexicographically_best_everywhere():
    for mask in range(1, 512):
        tiles = [t for t in TILES if mask >> (t - 1) & 1]
        for throw in range(1, 13):
            options = coverings(tiles, throw)
            best = best_covering(tiles, throw)
            if not options:
                assert best is None
                continue
            rest = sorted(set(tiles) - best)
            top = shut_probability_exact(rest)
            for c in options:
                other = sorted(set(tiles) - c)
                assert shut_probability_exact(other) <= top
                if shut_probability_exact(other) == top:
                    assert expected_score(rest) <= expected_score(other) + 1e-12


def test_dp_is_cached_at_module_level():
    shut_probability(TILES)
    hits = stb._value.cache_info().hits
    shut_probability(TILES)
    assert stb._value.cache_info().hits == hits + 1
    assert stb._value.cache_info().currsize <= 512


def test_monte_carlo_through_the_engine_matches_the_dp():
    # Fixed seeds: deterministic.  Tolerance: 4 binomial standard deviations.
    n = 4000
    p = shut_probability(TILES)
    shut = 0
    finals = []
    for g in range(n):
        s = ENGINE.initial_state(1, {"rounds": 1, "stake": 0}, hashlib.sha256(b"mc-%d" % g).digest())
        while ENGINE.to_act(s):
            s, _ = ENGINE.apply(s, 0, ENGINE.bot_move(ENGINE.view(s, 0), 0, random.Random(g)))
        shut += s["history"][0]["box_shut"]
        finals.append(s["history"][0]["scores"][0])
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(shut / n - p) < 4 * sigma
    mean = sum(finals) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in finals) / (n - 1))
    assert abs(mean - expected_score(TILES)) < 4 * sd / math.sqrt(n)
