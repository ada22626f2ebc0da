"""lobby.diff against the jsonpatch library: on every engine's views along
random games, applying the patch to the old view gives the new one."""

from __future__ import annotations

import random

import jsonpatch
import pytest

import engines
from engines.base import validate_options
from lobby.diff import diff


def test_edge_cases():
    cases = [
        ({}, {"a": 1}), ({"a": 1}, {}), ({"a/b": 1, "c~d": 2}, {"a/b": 2}), ([1, 2], [1, 2, 3]), ([1, 2, 3], [1]),
        ({"x": [1, {"y": None}]}, {"x": [1, {"y": 0}]}), ({"a": 1}, {"a": 1.0}), ({"a": True}, {"a": 1}), (None, {"a": 1}),
        ({"a": [1]}, {"a": [2, 1]}), ({"a": {"b": 1}}, {"a": [1]}), (1, 1),
    ]
    for old, new in cases:
        out = jsonpatch.apply_patch(old, diff(old, new))
        assert out == new and type(out) is type(new)
        if isinstance(new, dict):
            assert all(type(out[k]) is type(new[k]) for k in new)


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
def test_views_along_random_games(game):
    engine = engines.get(game)
    rnd = random.Random(5)
    for g in range(5):
        players = rnd.randint(engine.info.min_players, engine.info.max_players)
        state = engine.initial_state(players, validate_options(engine.info, {}), bytes([g]) * 32)
        views = {v: engine.view(state, v) for v in [None, *range(players)]}
        for _ in range(400):
            if not engine.to_act(state):
                break
            seat = rnd.choice(engine.to_act(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_moves(state, seat)))
            for v in views:
                new = engine.view(state, v)
                assert jsonpatch.apply_patch(views[v], diff(views[v], new)) == new
                views[v] = new
