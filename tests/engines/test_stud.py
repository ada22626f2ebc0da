"""Five-card stud on a 28-card deck 同花顺 (RULES.md section 2, seed-tonghuashun-qq.txt)."""

from __future__ import annotations

import hashlib
import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines import IllegalMove, InvalidMove
from engines.base import validate_options
from engines.stud import (
    CATEGORIES,
    CATEGORY_NAMES,
    DECK,
    ENGINE,
    INFO,
    TIERS,
    best_up_cards,
    compare,
    evaluate,
    evaluate_up,
    parse_cards,
)

SEED = hashlib.sha256(b"stud-tests").digest()


# -- helpers -------------------------------------------------------------------


def rig(hands, tier="beginner", table=None):
    """A fresh game whose cards are ``hands`` (per seat: hole, then up cards
    of deals 2..5), provided nobody folds before deal 5."""
    hands = [parse_cards(h) for h in hands]
    n = len(hands)
    s = ENGINE.initial_state(n, {"tier": tier}, SEED, table)
    s["hole"] = [h[0] for h in hands]
    s["up"] = [[h[1]] for h in hands]
    s["dealer"] = s["turn"] = best_up_cards(s["up"])
    ups = [list(u) for u in s["up"]]
    dealer, deck = s["dealer"], []
    for k in (2, 3, 4):
        for seat in [(dealer + i) % n for i in range(n)]:
            deck.append(hands[seat][k])
            ups[seat].append(hands[seat][k])
        dealer = best_up_cards(ups)
    used = {c for h in hands for c in h}
    s["deck"] = deck + [c for c in DECK if c not in used]
    return s


def act(s, move, seat=None):
    """Apply ``move`` for the seat to act (or ``seat``); the new state and events."""
    seat = s["turn"] if seat is None else seat
    return ENGINE.apply(s, seat, move)


def play(s, *moves):
    """Apply moves in turn order; the final state and all events."""
    events = []
    for move in moves:
        s, ev = act(s, move)
        events.extend(ev)
    return s, events


CHECK, CALL, FOLD, ALLIN = {"type": "check"}, {"type": "call"}, {"type": "fold"}, {"type": "allin"}


def bet(to):
    return {"type": "bet", "to": to}


def raise_(to):
    return {"type": "raise", "to": to}


# Two seats; seat 0 shows the better up card each deal, so it is dealer throughout.
TWO = ["8S AS KS QS JS", "9H AH KH QH 8H"]


def check_round(s):
    return play(s, *[CHECK] * len([x for x in s["folded"] if not x]))


# -- hand ranking ----------------------------------------------------------------


@pytest.mark.parametrize(
    "cards, category",
    [
        ("AS KS QS JS 10S", "straight_flush"),
        ("AS AH AC AD 9S", "four_of_a_kind"),
        ("AS AH AC 8S 8H", "full_house"),
        ("AS QS 10S 9S 8S", "flush"),
        ("AS KH QC JD 10S", "straight"),
        ("AS AH AC 9S 8S", "three_of_a_kind"),
        ("AS AH 9S 9H 8S", "two_pair"),
        ("AS KH 9S 9H 8S", "one_pair"),
        ("AS KH JC 9D 8S", "high_card"),
    ],
)
def test_every_category_as_the_seed_examples(cards, category):
    rank = evaluate(cards)
    assert rank.category == category
    assert rank.names == CATEGORY_NAMES[category]
    assert rank.name_en == CATEGORY_NAMES[category]["en"] and rank.name_zh


def test_category_order_best_first():
    hands = [
        "QS JS TS 9S 8S",
        "AS AH AC AD 9S",
        "KS KH KC 8S 8H",
        "AS QS TS 9S 8S",
        "QS JH TC 9D 8S",
        "AS AH AC 9S 8S",
        "AS AH 9S 9H 8S",
        "AS KH 9S 9H 8S",
        "AS KH JC 9D 8S",
    ]
    ranks = [evaluate(h) for h in hands]
    assert [r.category for r in ranks] == list(CATEGORIES)
    assert [r.key for r in ranks] == sorted((r.key for r in ranks), reverse=True)
    assert {c["zh"] for c in CATEGORY_NAMES.values()} == {
        "同花顺", "铁支", "葫芦", "同花", "顺子", "三条", "二对", "对子", "散牌"
    }


def test_the_three_straights_and_no_wrap():
    for low in ("8S 9H TC JD QS", "9S TH JC QD KS", "TS JH QC KD AS"):
        assert evaluate(low).category == "straight"
    assert evaluate("AS 8H 9C 10D JS").category == "high_card"
    assert evaluate("AS 8S 9S 10S JS").category == "flush"
    assert evaluate("8D 9D TD JD QD").category == "straight_flush"
    assert evaluate("TH JH QH KH AH").category == "straight_flush"


@pytest.mark.parametrize(
    "winner, loser",
    [
        # straight flush: highest card's rank, then its suit
        ("KH QH JH TH 9H", "QS JS TS 9S 8S"),
        ("QS JS TS 9S 8S", "QH JH TH 9H 8H"),
        # four of a kind: rank of the four
        ("AS AH AC AD 8S", "KS KH KC KD QS"),
        # full house: rank of the three, the pair does not matter
        ("KS KH KC 8S 8H", "QS QH QC AS AH"),
        # flush: highest card's rank, then its suit (later cards do not matter)
        ("AH QH TH 9H 8H", "KS QS JS 9S 8S"),
        ("AS JS TS 9S 8S", "AH KH QH JH 9H"),
        # straight: highest card's rank, then its suit
        ("KD QH JC TH 9S", "QS JH TC 9D 8S"),
        ("AS KH QC JD TS", "AH KD QS JC TH"),
        # three of a kind: rank of the three
        ("AS AH AC 8S 9H", "KS KH KC QS JD"),
        # two pair: higher pair, then lower pair, then best suit in the higher pair
        ("AS AH 8S 8H 9C", "KS KH QS QH JC"),
        ("AS AH KS KH 8C", "AC AD QS QH 9S"),
        ("AS AD 9S 9H 8C", "AH AC 9C 9D KS"),
        # one pair: the pair's rank, then the best suit in the pair
        ("KS KH 8C 9D TS", "QS QH AC JD 9S"),
        ("AS AD 8C 9D TS", "AH AC KS QS JD"),
        # high card: highest card's rank, then its suit
        ("AS KH QC JD 9S", "KS QH JC TD 8S"),
        ("AS 8H 9C JD QS", "AH KD QH JC 9S"),
    ],
)
def test_tie_breaks(winner, loser):
    assert evaluate(winner).category == evaluate(loser).category
    assert compare(winner, loser) == 1
    assert compare(loser, winner) == -1


def test_input_forms():
    assert evaluate(["as", "kS", "10s", "Qs", "JS"]).cards == ("AS", "KS", "TS", "QS", "JS")
    assert evaluate("AS KS TS QS JS") == evaluate("AS KS 10S QS JS")


@pytest.mark.parametrize(
    "cards",
    ["AS KS QS JS", "AS KS QS JS TS 9S", "7S 8S 9S TS JS", "AS KS QS JS 1S", "AS KX QS JS TS",
     "AS AS QS JS TS", "", 5, None, ["AS", "KS", "QS", "JS", 10]],
)
def test_evaluate_errors(cards):
    with pytest.raises(ValueError):
        evaluate(cards)


def test_compare_errors():
    with pytest.raises(ValueError):
        compare("AS KS QS JS TS", "AS AH AC AD 9S")  # AS in both hands
    with pytest.raises(ValueError):
        compare("AS KS QS JS TS", "AS KS QS JS TS")
    with pytest.raises(ValueError):
        compare("AS KS QS JS", "AH KH QH JH TH")
    with pytest.raises(ValueError):
        compare("AS KS QS JS 2S", "AH KH QH JH TH")


def test_no_two_hands_of_one_deck_tie():
    rnd = random.Random(5)
    for _ in range(3000):
        cards = rnd.sample(DECK, 10)
        a, b = cards[:5], cards[5:]
        assert compare(a, b) == -compare(b, a) != 0


# -- dealer by up cards -------------------------------------------------------------


def test_dealer_with_one_up_card_rank_then_suit():
    assert best_up_cards(["KS", "AD", "QH"]) == 1
    assert best_up_cards({0: "AD", 2: "AS", 3: "AH"}) == 2
    assert best_up_cards({"1": ["9C"], "3": ["9H"]}) == 3


def test_dealer_with_two_up_cards_pair_beats_high_card():
    assert best_up_cards(["AS KS", "8H 8D"]) == 1
    assert best_up_cards(["8S 8H", "8C 8D"]) == 0  # pair: rank, then the best suit
    assert best_up_cards(["AS 8H", "AH KD"]) == 0  # high card: rank, then suit


def test_dealer_with_three_up_cards():
    assert best_up_cards(["AS AH KD", "8S 8H 8D", "KS KH QD"]) == 1
    assert best_up_cards(["AS KH QD", "9S 9H 8D"]) == 1
    assert best_up_cards(["AS KH QD", "AD KC JD"]) == 0


@pytest.mark.parametrize(
    "better, worse, category",
    [
        ("8S 9S TS JS", "AH AC AD AS", "straight_flush"),
        ("KH KC KD KS", "8H 9H TH QH", "four_of_a_kind"),
        ("8H 9H TH QH", "9S TC JD QC", "flush"),  # four-card flush beats four-card straight
        ("9S TC JD QC", "AS AH AC KD", "straight"),  # four-card straight beats three
        ("AS AH AC KD", "KS KH QD QC", "three_of_a_kind"),
        ("KS KH QD QC", "AD AC 9S 8S", "two_pair"),
        ("AD AC 9S 8S", "AH KH QS 9H", "one_pair"),
        ("AH KH QS 9H", "KD QD JD 9C", "high_card"),
    ],
)
def test_dealer_with_four_up_cards(better, worse, category):
    assert evaluate_up(better).category == category
    assert best_up_cards([worse, better]) == 1
    assert best_up_cards({"2": better, "0": worse}) == 2


def test_four_up_cards_do_not_wrap():
    assert evaluate_up("AS 8H 9C TD").category == "high_card"
    assert evaluate_up("JS 8H 9C TD").category == "straight"
    assert best_up_cards(["AS 8H 9C TD", "8S 8D JH QC"]) == 1


def test_best_up_cards_errors():
    for bad in [[], {}, ["AS", "KS KH"], ["AS", "AS"], ["AS KS QS JS TS", "AH KH QH JH TH"], ["7S", "8S"], 5]:
        with pytest.raises(ValueError):
            best_up_cards(bad)


# -- metadata, tiers, start ------------------------------------------------------------


def test_info_and_tiers():
    assert INFO.id == "stud" and INFO.title == {"en": "Five-card stud", "zh": "同花顺"}
    assert (INFO.min_players, INFO.max_players, INFO.default_players) == (2, 4, 4)
    assert validate_options(INFO, {}) == {"tier": "casual"}
    expected = {
        "beginner": (100, [200, 500, 1000, 1000], 1000, 1000),
        "intermediate": (500, [1000, 2500, 5000, 5000], 5000, 5000),
        "advanced": (1000, [2000, 5000, 10000, 10000], 10000, 10000),
        "expert": (5000, [10000, 25000, 50000, 50000], 50000, 50000),
    }
    for tier, (ante, caps, top, need) in expected.items():
        t = TIERS[tier]
        assert (t["ante"], t["caps"], t["max"], t["min_coins"], t["coins"]) == (ante, caps, top, need, True)
    for tier in ("casual", "training"):
        t = TIERS[tier]
        assert (t["ante"], t["caps"], t["max"], t["coins"]) == (100, [200, 500, 1000, 1000], 1000, False)
    assert list(TIERS) == ["casual", "training", "beginner", "intermediate", "advanced", "expert"]


def test_initial_state_antes_deals_and_first_round():
    s = ENGINE.initial_state(4, {"tier": "intermediate"}, SEED)
    assert s["put"] == [500] * 4 and s["deal"] == 2
    assert all(s["hole"]) and all(len(u) == 1 for u in s["up"])
    assert len({*s["hole"], *(c for u in s["up"] for c in u), *s["deck"]}) == 28
    assert s["dealer"] == best_up_cards(s["up"]) == s["turn"]
    assert ENGINE.to_act(s) == [s["dealer"]]


def test_initial_state_errors():
    for players in (1, 5):
        with pytest.raises(ValueError):
            ENGINE.initial_state(players, {}, SEED)
    with pytest.raises(ValueError):
        ENGINE.initial_state(2, {"tier": "nope"}, SEED)
    with pytest.raises(ValueError):
        ENGINE.initial_state(2, {"tier": "beginner"}, SEED, {"coins": [1000, 999]})
    with pytest.raises(ValueError):
        ENGINE.initial_state(2, {"tier": "beginner"}, SEED, {"coins": [1000]})
    ENGINE.initial_state(2, {"tier": "casual"}, SEED, {"coins": [0, 0]})  # casual needs no coins


def first_dealt(s_table, players=4):
    """The dealer of a new game until deal 2 is complete."""
    s = ENGINE.initial_state(players, {}, SEED, s_table)
    return s["first_dealer"]


def test_first_dealer_entered_first_then_previous_winner():
    assert first_dealt(None) == 0
    assert first_dealt({"entered": [2, 0, 1, 3]}) == 2
    assert first_dealt({"winners": [3], "entered": [2, 0, 1, 3]}) == 3
    assert first_dealt({"winners": [3]}) == 3
    # the previous winner is no longer seated: the player seated longest
    assert first_dealt({"winners": [3], "entered": [1, 0, 2]}) == 1
    assert first_dealt({"winners": [3]}, players=3) == 0
    assert first_dealt({"winners": [], "entered": [1, 0, 2, 3]}) == 1


def test_escape_is_a_stat_of_the_outcome():
    s = ENGINE.initial_state(3, {}, SEED)
    s, _ = ENGINE.leave(s, 1)
    assert ENGINE.result(s).stats == [{"escapes": 0}, {"escapes": 1}, {"escapes": 0}]


def test_dealing_starts_with_the_dealer_in_seat_order():
    s = rig(["8S KS 8H 8C 8D", "9S AS 9H 9C 9D", "TS QS TH TC TD"], tier="casual")
    assert s["dealer"] == 1  # AS is the best first up card
    s, events = play(s, CHECK, CHECK, CHECK)
    deals = [e["seat"] for e in events if e["type"] == "deal"]
    assert deals == [1, 2, 0]


# -- betting -----------------------------------------------------------------------


def test_check_around_deals_the_next_card():
    s = rig(TWO)
    assert s["turn"] == 0
    assert ENGINE.legal_moves(s, 0) == [CHECK, bet(200), FOLD]
    s, _ = act(s, CHECK)
    assert s["deal"] == 2 and s["turn"] == 1, "antes are equal but seat 1 has not acted"
    s, events = act(s, CHECK)
    assert s["deal"] == 3 and s["up"] == [["AS", "KS"], ["AH", "KH"]]
    assert [e["type"] for e in events] == ["action", "round_over", "deal", "deal", "round"]
    assert s["turn"] == 0 and s["put"] == [100, 100]


def test_bet_call_and_bet_raise_call():
    s = rig(TWO)
    s, _ = play(s, bet(200), CALL)
    assert s["deal"] == 3 and s["put"] == [200, 200]
    s, _ = play(s, bet(300), raise_(500))
    assert s["deal"] == 3 and s["turn"] == 0
    assert [m["type"] for m in ENGINE.legal_moves(s, 0)] == ["call", "fold"], "no raise at the cap"
    s, _ = act(s, CALL)
    assert s["deal"] == 4 and s["put"] == [500, 500]


def test_bet_then_check_is_refused_and_bet_raise_are_distinct():
    s = rig(TWO)
    with pytest.raises(IllegalMove):
        act(s, raise_(200))  # nobody has bet: bet, not raise
    s, _ = act(s, bet(200))
    for move in (CHECK, bet(200)):
        with pytest.raises(IllegalMove):
            act(s, move)


def test_round_caps_enforced():
    s = rig(TWO)
    with pytest.raises(IllegalMove, match="200..200"):
        act(s, bet(300))  # cap 200 after deal 2
    s, _ = check_round(s)
    with pytest.raises(IllegalMove):
        act(s, bet(600))  # cap 500 after deal 3
    s, _ = play(s, bet(500), CALL)
    assert s["deal"] == 4
    with pytest.raises(IllegalMove):
        act(s, bet(1100))  # cap 1000 = per-game max after deal 4
    s, _ = play(s, bet(1000), CALL)
    assert s["deal"] == 5
    assert ENGINE.legal_moves(s, s["turn"]) == [CHECK, FOLD], "at the per-game max: nothing to add"


def test_min_raise_is_the_ante():
    s, _ = check_round(rig(TWO))  # deal 3, cap 500, ante 100
    with pytest.raises(IllegalMove):
        act(s, bet(150))
    s, _ = act(s, bet(200))
    assert ENGINE.legal_moves(s, 1) == [CALL, raise_(300), raise_(400), raise_(500), FOLD]
    with pytest.raises(IllegalMove):
        act(s, raise_(250))
    s, _ = act(s, raise_(300))
    assert s["put"] == [200, 300] and s["turn"] == 0


def test_raise_goes_to_the_cap_when_less_than_the_ante_is_left():
    s, _ = check_round(rig(TWO))  # cap 500
    s, _ = act(s, bet(450))
    assert ENGINE.legal_moves(s, 1) == [CALL, raise_(500), FOLD]
    view = ENGINE.view(s, 1)["you"]["legal"]
    assert (view["min_to"], view["max_to"], view["to_call"], view["call_to"]) == (500, 500, 350, 450)
    with pytest.raises(IllegalMove):
        act(s, raise_(480))
    s, _ = act(s, raise_(500))
    s, _ = act(s, CALL)
    assert s["deal"] == 4 and s["put"] == [500, 500]


def test_allin_only_after_deals_4_and_5():
    s = rig(TWO)
    with pytest.raises(IllegalMove):
        act(s, ALLIN)  # after deal 2
    s, _ = check_round(s)
    s, _ = act(s, bet(200))
    with pytest.raises(IllegalMove):
        act(s, ALLIN)  # after deal 3, even facing a bet
    s, _ = act(s, CALL)
    assert s["deal"] == 4
    assert ALLIN in ENGINE.legal_moves(s, s["turn"])
    s, events = act(s, ALLIN)
    assert s["put"][0] == 1000 and events[0]["added"] == 800
    s, _ = act(s, CALL)
    assert s["deal"] == 5 and s["put"] == [1000, 1000]
    assert ALLIN not in ENGINE.legal_moves(s, s["turn"])
    s, events = check_round(s)
    assert s["over"] and s["showdown"] is not None
    out = ENGINE.result(s)
    # seat 0: 8S AS KS QS JS (ace-high flush) beats seat 1: 9H AH KH QH 8H (ace-high flush, hearts)
    assert out.winners == [0] and out.scores == [1000, -1000] and out.coins == [1000, -1000]
    assert "flush" in out.summary and "seat 0" in out.summary


def test_allin_in_round_5_after_a_bet():
    s = rig(TWO)
    for _ in range(3):
        s, _ = check_round(s)
    assert s["deal"] == 5
    s, _ = act(s, bet(300))
    s, _ = act(s, ALLIN)
    assert s["put"] == [300, 1000] and s["turn"] == 0
    assert [m["type"] for m in ENGINE.legal_moves(s, 0)] == ["call", "allin", "fold"]
    s, _ = act(s, FOLD)
    assert ENGINE.result(s).winners == [1] and ENGINE.result(s).scores == [-300, 300]


def test_everyone_folds_the_last_player_wins_at_once():
    s = rig(["8S AS 8H 8C 8D", "9S KS 9H 9C 9D", "TS QS TH TC TD"], tier="casual")
    assert s["turn"] == 0
    s, _ = play(s, bet(200), FOLD)
    assert not s["over"] and s["turn"] == 2
    s, events = act(s, FOLD)
    assert s["over"] and s["showdown"] is None and ENGINE.to_act(s) == []
    out = ENGINE.result(s)
    assert out.winners == [0] and out.scores == [200, -100, -100] and out.coins == [0, 0, 0]
    assert events[-1]["type"] == "game_over" and events[-1]["how"] == "fold"
    assert "8S" not in out.summary, "no showdown: the winner's hole card stays hidden"
    with pytest.raises(IllegalMove):
        act(s, CHECK, seat=0)


def test_turn_ids_change_with_every_decision():
    s = rig(TWO)
    seen = set()
    moves = [bet(200), CALL, CHECK, bet(300), raise_(400), CALL, CHECK, CHECK, CHECK, CHECK]
    for move in moves:
        tid = ENGINE.turn_id(s, s["turn"])
        assert tid not in seen
        seen.add(tid)
        assert ENGINE.turn_id(s, 1 - s["turn"]) is None
        s, _ = act(s, move)
    assert s["over"]


def test_showdown_three_players_and_folded_hole_never_shown():
    hands = ["8S AS AH 9S 9H", "QS KS KH KC 8H", "JS QH JH QC TD"]
    s = rig(hands, tier="advanced")
    while s["deal"] < 5:
        s, _ = check_round(s)
    while not s["over"]:
        s, events = act(s, FOLD if s["turn"] == 2 else CHECK)
    assert set(s["showdown"]["hands"]) == {"0", "1"}
    assert s["showdown"]["hands"]["1"]["category"] == "three_of_a_kind"
    out = ENGINE.result(s)
    assert out.winners == [1] and out.scores == [-1000, 2000, -1000] and out.coins == out.scores
    hand = out.detail.pop("hand")
    assert out.detail == {"kind": "showdown", "winner": 1, "pot": 3000, "unit": "coins"}
    assert hand["category"] == "three_of_a_kind" and set(hand["name"]) == {"en", "zh"} and hand["cards"] == s["showdown"]["hands"]["1"]["cards"]
    assert "three of a kind" in out.summary
    for viewer in (None, 0, 1):
        packed = msgpack.packb(ENGINE.view(s, viewer))
        assert b"JS" not in packed, "a folded hole card is never revealed"
        assert b"8S" in packed and b"QS" in packed, "holes of players still in show at showdown"
    assert ENGINE.view(s, 2)["players"][2]["hole"] == "JS"


def test_timeout_is_a_fold():
    s = rig(TWO)
    for _ in range(2):
        s, _ = check_round(s)
    s, _ = act(s, bet(500))
    assert ENGINE.timeout_moves(s, 1) == [FOLD]
    s, _ = act(s, ENGINE.timeout_moves(s, 1)[0])
    assert ENGINE.result(s).winners == [0]


@pytest.mark.parametrize(
    "move",
    [{"type": "bet", "to": 200, "x": 1}, {"type": "check", "to": 5}, {"type": "bet"}, {"type": "bet", "to": "200"},
     {"type": "bet", "to": True}, {"type": "bet", "to": 200.0}, {"type": "_timeout"}, {"type": "roll"}, {}, [], None],
)
def test_malformed_moves(move):
    with pytest.raises(InvalidMove):
        act(rig(TWO), move)


def test_not_your_turn():
    s = rig(TWO)
    with pytest.raises(IllegalMove) as err:
        act(s, CHECK, seat=1)
    assert err.value.code == "not_your_turn"


# -- views -------------------------------------------------------------------------


def test_view_hides_hole_cards_and_the_deck():
    s = rig(["8S AS 8H 8C 8D", "9S KS 9H 9C 9D", "TS QS TH TC TD"], tier="beginner",
            table={"coins": [5000, 1000, 2000]})
    for viewer in (None, 0, 1, 2):
        view = ENGINE.view(s, viewer)
        packed = msgpack.packb(view)
        for seat in range(3):
            shown = seat == viewer
            assert (s["hole"][seat].encode() in packed) == shown
            assert view["players"][seat]["hole"] == (s["hole"][seat] if shown else None)
        for card in s["deck"]:
            assert card.encode() not in packed
        assert b"seed" not in packed and b"deck" not in packed
    view = ENGINE.view(s, 0)
    assert view["you"]["legal"]["actions"] == ["check", "bet", "fold"]
    assert view["players"][1]["balance"] == 900 and view["pot"] == 300 and view["round_cap"] == 200
    assert ENGINE.view(s, 1)["you"]["legal"] is None


def test_bot_bets_a_strong_hand_and_folds_a_hopeless_one():
    rnd = random.Random(1)
    # seat 0 holds four aces against a king-high board: it bets or goes all in
    s = rig(["AS AH AC AD 8S", "9S KS QH JC 9D"])
    for _ in range(2):
        s, _ = check_round(s)
    assert s["turn"] == 0
    move = ENGINE.bot_move(ENGINE.view(s, 0), 0, rnd)
    assert move["type"] in ("bet", "allin")
    # seat 1 facing the maximum bet with nothing that can beat the aces folds
    s, _ = act(s, ALLIN)
    moves = [ENGINE.bot_move(ENGINE.view(s, 1), 1, random.Random(k))["type"] for k in range(20)]
    assert moves.count("fold") >= 15
    assert ENGINE.bot_move(ENGINE.view(s, 0), 0, rnd) == FOLD, "not its turn: the timeout move"


# -- escape 逃跑 ---------------------------------------------------------------------


FOUR = ["8S AS 8H 8C 8D", "9S KS 9H 9C 9D", "TS QS TH TC TD", "JS JH JC JD QH"]


def test_escape_pays_the_pot_to_the_dealer():
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    assert s["dealer"] == 0
    s, _ = play(s, bet(200), CALL, CALL)  # seat 3 to act; pot 700
    assert sum(s["put"]) == 700 and s["turn"] == 3
    s, events = ENGINE.leave(s, 2)
    assert s["over"] and s["escaped"] == 2 and ENGINE.to_act(s) == []
    out = ENGINE.result(s)
    assert out.winners == [0] and out.coins == [700, 0, -700, 0] and out.scores == [700, 0, -700, 0]
    assert events[0] == {"type": "escape", "seat": 2, "pot": 700, "paid": 700, "to": 0}
    assert s["result"]["how"] == "escape" and s["result"]["escaped"] == 2
    for viewer in (None, 0, 1, 3):
        assert s["hole"][2].encode() not in msgpack.packb(ENGINE.view(s, viewer))


def test_after_an_escape_the_view_shows_no_bets_and_no_pot():
    """The bets were returned (RULES.md 2): seats still said "Bet 500" and
    the pot its old figure (third pass); the result keeps what the pot held."""
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    s, _ = play(s, bet(200), CALL, CALL)
    assert ENGINE.view(s, 0)["pot"] == 700
    s, _ = ENGINE.leave(s, 2)
    for viewer in (None, 0, 2):
        v = ENGINE.view(s, viewer)
        assert v["pot"] == 0 and v["highest"] == 0 and [p["put"] for p in v["players"]] == [0, 0, 0, 0]
        assert v["result"]["pot"] == 700 and v["result"]["paid"] == 700
        assert [p["balance"] for p in v["players"]] == [5700, 5000, 4300, 5000]


def test_outcome_detail_says_how_the_game_ended():
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    s, _ = play(s, bet(200), CALL, CALL)
    escaped, _ = ENGINE.leave(s, 2)
    assert ENGINE.result(escaped).detail == {"kind": "escape", "winner": 0, "pot": 700, "unit": "coins", "escaped": 2, "paid": 700}
    folded, _ = play(s, FOLD, FOLD, FOLD)
    out = ENGINE.result(folded)
    assert out.detail == {"kind": "fold", "winner": out.winners[0], "pot": sum(folded["put"]), "unit": "coins"}


def test_escape_by_the_dealer_goes_to_the_best_up_cards_of_the_others():
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    s, _ = check_round(s)  # deal 3: up AS 8H / KS 9H / QS TH / JH JC: seat 3 shows a pair
    assert s["dealer"] == 3
    s, _ = act(s, bet(300))
    s, events = ENGINE.leave(s, 3)
    out = ENGINE.result(s)
    assert out.winners == [0] and out.coins == [600, 0, 0, -600]  # antes 400 + 200


def test_escape_capped_at_the_leavers_balance():
    s = rig(FOUR, table={"coins": [1000, 1000, 1000, 1000]})
    s, _ = play(s, bet(200), CALL, CALL, CALL)  # deal 3
    s, _ = play(s, bet(500), CALL, CALL)
    assert sum(s["put"]) == 1700
    s, _ = ENGINE.leave(s, 1)
    out = ENGINE.result(s)
    assert out.coins[1] == -1000 and out.coins[s["winner"]] == 1000 and sum(out.coins) == 0
    assert s["result"]["paid"] == 1000


def test_escape_in_casual_moves_play_chips_only():
    s = rig(FOUR, tier="casual", table={"coins": [0, 0, 0, 0]})
    s, _ = play(s, bet(200), CALL)
    s, _ = ENGINE.leave(s, 1)
    out = ENGINE.result(s)
    assert out.coins == [0, 0, 0, 0] and out.scores == [600, -600, 0, 0]


def test_leave_cost_is_what_an_escape_takes():
    """RULES.md 2 (逃跑): the cost shown before leaving is the pot, capped at
    the balance; nothing for a folded seat or after the game; the pot in
    play chips where no coins move."""
    balances = [5000, 1000, 5000, 5000]
    s = rig(FOUR, table={"coins": balances})
    s, _ = play(s, bet(200), CALL, CALL, CALL)  # deal 3
    s, _ = play(s, bet(500), CALL, CALL)
    folder = s["turn"]
    s, _ = act(s, FOLD)
    pot = sum(s["put"])
    assert pot == 1700 and folder != 1
    assert [ENGINE.leave_cost(s, seat) for seat in range(4)] == [0 if seat == folder else min(pot, balances[seat]) for seat in range(4)]
    assert ENGINE.leave_cost(s, 1) == 1000, "capped at the balance"
    for seat in set(range(4)) - {folder}:
        out = ENGINE.result(ENGINE.leave(s, seat)[0])
        assert -out.coins[seat] == ENGINE.leave_cost(s, seat)
    over, _ = ENGINE.leave(s, 1)
    assert [ENGINE.leave_cost(over, seat) for seat in range(4)] == [0, 0, 0, 0]
    # play chips (the casual room): an escape ends the game there too and costs the pot in chips
    casual, _ = play(rig(FOUR, tier="casual", table={"coins": [0, 0, 0, 0]}), bet(200), CALL)
    pot = sum(casual["put"])
    assert ENGINE.leave_cost(casual, 1) == pot > 0
    escaped, events = ENGINE.leave(casual, 1)
    assert escaped["over"] and events[0]["type"] == "escape" and events[0]["paid"] == pot


def test_escape_when_the_dealer_has_folded():
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    s, _ = act(s, FOLD)  # dealer seat 0 folds
    s, _ = ENGINE.leave(s, 2)
    # best up card among those still in (not the leaver): KS of seat 1
    assert ENGINE.result(s).coins == [0, 400, -400, 0]


def test_a_folded_player_leaves_freely():
    s = rig(FOUR, table={"coins": [5000, 5000, 5000, 5000]})
    s, _ = play(s, bet(200), FOLD)
    s, events = ENGINE.leave(s, 1)
    assert events == [{"type": "left", "seat": 1}] and not s["over"] and s["left"][1]
    assert s["escaped"] is None and s["turn"] == 2
    s, _ = play(s, FOLD, FOLD)
    out = ENGINE.result(s)
    assert out.winners == [0] and out.coins == [300, -100, -100, -100], "the leaver's ante stays in the pot"
    assert ENGINE.leave(s, 0) == (s, []), "leaving after the game changes nothing"


# -- property: random legal games ----------------------------------------------------


def _hidden(state, seat):
    sd = state["showdown"]
    return sd is None or str(seat) not in sd["hands"]


def _random_game(seed: int):
    rnd = random.Random(seed)
    tier = rnd.choice(list(TIERS))
    n = rnd.randint(2, 4)
    need = TIERS[tier]["min_coins"]
    coins = [need + rnd.choice([0, 0, 500, 10**6]) for _ in range(n)]
    table = {"coins": coins, "entered": rnd.sample(range(n), n), "prev": None}
    state = ENGINE.initial_state(n, {"tier": tier}, hashlib.sha256(b"p%d" % seed).digest(), table)
    leave_p = rnd.choice([0.0, 0.02, 0.1])
    for _step in range(200):
        if not ENGINE.to_act(state):
            break
        if rnd.random() < leave_p:
            state, events = ENGINE.leave(state, rnd.randrange(n))
        else:
            seat = ENGINE.to_act(state)[0]
            if rnd.random() < 0.3:
                move = ENGINE.bot_move(ENGINE.view(state, seat), seat, rnd)
                assert move["type"] in {m["type"] for m in ENGINE.legal_moves(state, seat)}
            else:
                move = rnd.choice(ENGINE.legal_moves(state, seat))
            state, events = ENGINE.apply(state, seat, move)
        packed_events = msgpack.packb(events)
        for seat in range(n):
            if _hidden(state, seat):
                assert state["hole"][seat].encode() not in packed_events
        for viewer in [None, *range(n)]:
            packed = msgpack.packb(ENGINE.view(state, viewer))
            for seat in range(n):
                if seat != viewer and _hidden(state, seat):
                    assert state["hole"][seat].encode() not in packed, (viewer, seat)
    else:
        raise AssertionError("game did not end")
    out = ENGINE.result(state)
    assert out is not None and len(out.winners) == 1
    assert sum(out.scores) == 0 and sum(out.coins) == 0
    if TIERS[tier]["coins"]:
        assert out.coins == out.scores
        assert all(c + d >= 0 for c, d in zip(coins, out.coins)), "balances never go negative"
    else:
        assert out.coins == [0] * n
    assert max(state["put"]) <= TIERS[tier]["max"]
    return state


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_games_conserve_coins_end_and_hide_hole_cards(seed):
    for k in range(8):
        _random_game(seed * 8 + k)


def test_leave_payee_is_who_an_escape_pays():
    """RULES.md 2 (逃跑): the payee shown before leaving is the seat the
    settlement pays: the dealer, or, for the dealer (or when the dealer has
    folded), the best up cards among the others still in; never the leaver;
    None where leaving costs nothing (folded, over)."""
    s = rig(FOUR, table={"coins": [5000] * 4})
    s, _ = play(s, bet(200), CALL, CALL, CALL)
    for seat in range(4):
        paid_to = ENGINE.leave(s, seat)[1][0]["to"]
        assert ENGINE.leave_payee(s, seat) == paid_to != seat
    dealer = s["dealer"]
    assert ENGINE.leave_payee(s, dealer) != dealer, "the dealer's escape pays the best up cards among the others"
    folder = s["turn"]
    folded, _ = act(s, FOLD)
    assert ENGINE.leave_payee(folded, folder) is None
    for seat in set(range(4)) - {folder}:
        assert ENGINE.leave_payee(folded, seat) == ENGINE.leave(folded, seat)[1][0]["to"] != seat
    over, _ = ENGINE.leave(s, 1)
    assert [ENGINE.leave_payee(over, seat) for seat in range(4)] == [None] * 4
