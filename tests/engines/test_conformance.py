"""Random playouts of every registered engine (the open_spiel random-sim habit).

For each engine: games with random seat counts and seeds, where each step
picks a seat that must act and plays a random legal move, the bot's move or
the timeout move(s).  Checks: legal moves never raise, games end, states,
moves, events and views round-trip through msgpack, no view or event carries
the seed, bots only play legal moves, coins of an outcome sum to zero.
"""

from __future__ import annotations

import hashlib
import random

import msgpack
import pytest

import engines
from engines.base import validate_options

GAMES = sorted(engines.REGISTRY)
MAX_STEPS = 20_000


def roundtrip(value):
    packed = msgpack.packb(value, use_bin_type=True)
    assert msgpack.unpackb(packed, raw=False, strict_map_key=False) == value
    return packed


def playout(engine, seed: int):
    rnd = random.Random(seed)
    info = engine.info
    players = rnd.randint(info.min_players, info.max_players)
    secret = hashlib.sha256(b"conformance-%d" % seed).digest()
    state = engine.initial_state(players, validate_options(info, {}), secret)
    roundtrip(state)
    for _step in range(MAX_STEPS):
        to_act = engine.to_act(state)
        if not to_act:
            break
        assert to_act == sorted(set(to_act)), "to_act is ascending seats"
        for seat in range(players):
            assert (engine.turn_id(state, seat) is None) == (seat not in to_act)
        seat = rnd.choice(to_act)
        kind = rnd.random()
        if kind < 0.15:
            moves = engine.timeout_moves(state, seat)
            assert moves, "a seat that must act has a forced move"
        elif kind < 0.5:
            moves = [engine.bot_move(engine.view(state, seat), seat, rnd)]
        else:
            legal = engine.legal_moves(state, seat)
            assert legal, "a seat that must act has a legal move"
            moves = [rnd.choice(legal)]
        for move in moves:
            roundtrip(move)
            if seat not in engine.to_act(state):
                break
            before = msgpack.packb(state, use_bin_type=True)
            old = state
            state, events = engine.apply(old, seat, move)
            assert msgpack.packb(old, use_bin_type=True) == before, "apply mutated its input"
            packed_events = roundtrip(events)
            assert secret.hex().encode() not in packed_events and secret not in packed_events
        roundtrip(state)
        for viewer in [None, *range(players)]:
            view = engine.view(state, viewer)
            packed = roundtrip(view)
            assert secret.hex().encode() not in packed and secret not in packed
        assert engine.result(state) is None or not engine.to_act(state)
    else:
        pytest.fail(f"{info.id}: game did not end in {MAX_STEPS} steps")
    outcome = engine.result(state)
    assert outcome is not None
    assert outcome.winners and all(0 <= w < players for w in outcome.winners)
    assert len(outcome.scores) == players
    if outcome.coins:
        assert len(outcome.coins) == players and sum(outcome.coins) == 0
    roundtrip(outcome.to_dict())
    return state


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts(game):
    engine = engines.get(game)
    for seed in range(30):
        playout(engine, seed)


@pytest.mark.parametrize("game", GAMES)
def test_apply_never_mutates_and_replays(game):
    engine = engines.get(game)
    secret = bytes(range(32))
    info = engine.info
    a = engine.initial_state(info.min_players, validate_options(info, {}), secret)
    b = engine.initial_state(info.min_players, validate_options(info, {}), secret)
    assert a == b, "initial_state is deterministic given the seed"
    rnd = random.Random(7)
    for _ in range(50):
        to_act = engine.to_act(a)
        if not to_act:
            break
        seat = to_act[0]
        move = rnd.choice(engine.legal_moves(a, seat))
        frozen = msgpack.packb(a, use_bin_type=True)
        a2, _ = engine.apply(a, seat, move)
        assert msgpack.packb(a, use_bin_type=True) == frozen, "apply mutated its input"
        b2, _ = engine.apply(b, seat, move)
        assert a2 == b2, "same state and move give the same result"
        a, b = a2, b2


@pytest.mark.parametrize("game", GAMES)
def test_bad_moves_raise_value_errors(game):
    engine = engines.get(game)
    info = engine.info
    state = engine.initial_state(info.min_players, validate_options(info, {}), bytes(32))
    seat = engine.to_act(state)[0]
    for junk in [None, 5, "roll", [], {}, {"type": 7}, {"type": "no-such-move"}, {"type": "roll", "x": [1] * 99}]:
        with pytest.raises(ValueError):
            engine.apply(state, seat, junk)
    others = [s for s in range(info.min_players) if s not in engine.to_act(state)]
    for other in others:
        for move in engine.legal_moves(state, seat):
            with pytest.raises(engines.IllegalMove):
                engine.apply(state, other, move)
