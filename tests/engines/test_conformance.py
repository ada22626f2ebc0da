"""Random playouts of every registered engine (the open_spiel random-sim habit).

For each engine: games with random seat counts and seeds, where each step
picks a seat that must act and plays a random legal move, the bot's move or
the timeout move(s), and now and then lets a random seat leave.  Checks:
legal moves never raise, games end, states, moves, events and views
round-trip through msgpack, views are JSON-clean (and may share containers
with each other: figures are built once per state), no view or event carries
the seed, bots only play legal moves, coins of an outcome sum to zero.

And the read-only contract of :class:`engines.base.Engine` (states, views and
events share sub-objects instead of being copied): no call mutates its
inputs (``initial_state`` its options and table; ``apply``,
``timeout_moves``, ``leave``, ``view`` their state; ``bot_move`` its view),
and every state, view and event returned during a game still packs to the
same bytes at the game's end, so nothing a later call did changed it.
"""

from __future__ import annotations

import hashlib
import json
import random

import msgpack
import pytest

import engines
from engines.base import InvalidMove, validate_options

GAMES = sorted(engines.REGISTRY)
#: the longest a page may take to show one change (ms): clocks wait for it at paced tables
MAX_SHOWN_MS = 15_000
MAX_STEPS = 20_000
LEAVE_CHANCE = 0.1  # per step: a random seat tries to leave (a side branch)
LEAVE_TAKEN = 0.2  # of those that change the state: the game goes on from it


def pack(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def roundtrip(value):
    packed = pack(value)
    assert msgpack.unpackb(packed, raw=False, strict_map_key=False) == value
    return packed


class Frozen:
    """Everything an engine returned in one game, packed when it was returned."""

    def __init__(self) -> None:
        self.items: list[tuple[str, object, bytes]] = []

    def add(self, what: str, value) -> bytes:
        """Round-trip ``value``, keep its bytes and return them."""
        packed = roundtrip(value)
        self.items.append((what, value, packed))
        return packed

    def check(self) -> None:
        """Fail if anything kept has changed since it was added."""
        for what, value, packed in self.items:
            assert pack(value) == packed, f"{what} changed after it was returned (shared with a later mutation)"


def no_seed(packed: bytes, secret: bytes) -> None:
    assert secret.hex().encode() not in packed and secret not in packed


def playout(engine, seed: int, prev=None):
    """One random game (``prev``: the previous game's final state, whose
    winners still seated are handed to ``initial_state`` as the table's
    previous winners); returns the final state."""
    rnd = random.Random(seed)
    info = engine.info
    players = rnd.randint(info.min_players, info.max_players)
    secret = hashlib.sha256(b"conformance-%d" % seed).digest()
    frozen = Frozen()
    options = validate_options(info, {})
    winners = [w for w in engine.result(prev).winners if w < players] if prev else []
    table = {"coins": [10**6] * players, "entered": list(range(players)), "winners": winners}
    frozen.add("options", options)
    frozen.add("table", table)
    state = engine.initial_state(players, options, secret, table)
    frozen.check()  # initial_state left its options and table alone
    packed_state = frozen.add("the initial state", state)
    for step in range(MAX_STEPS):
        to_act = engine.to_act(state)
        if not to_act:
            break
        assert to_act == sorted(set(to_act)), "to_act is ascending seats"
        for seat in range(players):
            if seat in to_act:
                assert engine.turn_id(state, seat) is not None, "a seat that must act has a turn id"
            elif engine.turn_id(state, seat) is not None:  # it may change a decision made (6 Nimmt!'s pick)
                assert engine.legal_moves(state, seat) == [] and engine.timeout_moves(state, seat) == [], "nobody waits for it"
            assert (engine.turn_of(state, seat) is None) == (seat not in to_act), "a turn is named while the seat acts"
        if rnd.random() < LEAVE_CHANCE:
            leaver = rnd.randrange(players)
            left = engine.leave(state, leaver)
            assert pack(state) == packed_state, "leave mutated its input"
            if left is not None:
                after, events = left
                no_seed(frozen.add(f"leave's events at step {step}", events), secret)
                packed_after = frozen.add(f"leave's state at step {step}", after)
                if rnd.random() < LEAVE_TAKEN:
                    state, packed_state = after, packed_after
                    continue
        seat = rnd.choice(to_act)
        kind = rnd.random()
        if kind < 0.15:
            moves = engine.timeout_moves(state, seat)
            assert moves, "a seat that must act has a forced move"
            assert pack(state) == packed_state, "timeout_moves mutated its input"
        elif kind < 0.5:
            view = engine.view(state, seat)
            packed_view = pack(view)
            moves = [engine.bot_move(view, seat, rnd)]
            assert pack(view) == packed_view, "bot_move mutated its view"
            assert pack(state) == packed_state, "view or bot_move mutated the state"
        else:
            legal = engine.legal_moves(state, seat)
            assert legal, "a seat that must act has a legal move"
            moves = [rnd.choice(legal)]
        for move in moves:
            roundtrip(move)
            if seat not in engine.to_act(state):
                break
            old, packed_old = state, packed_state
            state, events = engine.apply(old, seat, move)
            assert pack(old) == packed_old, "apply mutated its input"
            no_seed(frozen.add(f"events of step {step}", events), secret)
            packed_state = frozen.add(f"the state after step {step}", state)
            # how long the page shows the change: the lobby holds a paced table's clocks so long
            shown = engine.shown_ms(events)
            assert type(shown) is int and 0 <= shown <= MAX_SHOWN_MS, (step, shown)
        views = [engine.view(state, viewer) for viewer in [None, *range(players)]]
        for viewer, view in zip([None, *range(players)], views):
            no_seed(frozen.add(f"the view of {viewer} after step {step}", view), secret)
            json.dumps(view)  # JSON-clean: str keys, no bytes
        assert pack(state) == packed_state, "view mutated the state"
        assert engine.result(state) is None or not engine.to_act(state)
    else:
        pytest.fail(f"{info.id}: game did not end in {MAX_STEPS} steps")
    outcome = engine.result(state)
    assert outcome is not None
    assert outcome.winners and all(0 <= w < players for w in outcome.winners)
    assert len(outcome.scores) == players
    if outcome.coins:
        assert len(outcome.coins) == players and sum(outcome.coins) == 0
    result = outcome.to_dict()
    roundtrip(result)
    # the summary's words as data for a client to word in any language
    assert isinstance(result["summary"], str) and isinstance(result["detail"].get("kind"), str)
    json.dumps(result["detail"])
    frozen.check()
    return state


@pytest.mark.parametrize("game", GAMES)
def test_random_playouts(game):
    engine = engines.get(game)
    prev = None
    for seed in range(30):
        prev = playout(engine, seed, prev)


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


def _option_values(spec) -> list:
    """A few legal values of option ``spec``: every choice, or for an int its
    bounds, default and a value beside each."""
    if spec.kind == "choice":
        return list(spec.choices)
    lo = spec.lo if spec.lo is not None else 0
    hi = spec.hi if spec.hi is not None else lo + 1000
    return sorted({lo, min(hi, lo + 1), spec.default, max(lo, hi - 1), hi})


@pytest.mark.parametrize("game", GAMES)
def test_no_coins_says_when_coins_move(game):
    """An OptionSpec's ``no_coins`` is what a client reads to know whether a
    table moves coins (bots sit only where none do): coins_to_sit is 0
    exactly when every option that has ``no_coins`` is at one of them."""
    engine = engines.get(game)
    specs = engine.info.options
    rng = random.Random(game)
    for _ in range(200):
        options = {s.name: rng.choice(_option_values(s)) for s in specs}
        options = validate_options(engine.info, options)
        free = all(options[s.name] in s.no_coins for s in specs if s.no_coins is not None)
        assert (engine.coins_to_sit(options) == 0) == free, options
    for s in specs:
        assert s.to_dict()["no_coins"] == (None if s.no_coins is None else list(s.no_coins))


@pytest.mark.parametrize("game", GAMES)
def test_every_int_option_has_its_range(game):
    """A form says an option's range in place (its input's min and max): the
    server's limit is the spec's lo..hi, so every int option has both, and
    every stake the same most (MAX_STAKE; Shut the Box's had none)."""
    from engines.base import MAX_STAKE

    for spec in engines.get(game).info.options:
        if spec.kind == "int":
            assert spec.lo is not None and spec.hi is not None, spec.name
            with pytest.raises(ValueError):
                validate_options(engines.get(game).info, {spec.name: spec.hi + 1})
        if spec.name == "stake":
            assert spec.hi == MAX_STAKE


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
@pytest.mark.parametrize("kind", ["fly", "ROLL", "roll ", "", "\u200broll", "x" * 64])
def test_a_move_of_a_type_the_game_has_not_is_unknown_move(game, kind):
    """Each engine says unknown_move for a type it has no move of (the lobby
    answers it so, naming the type); it said bad_move in its own words."""
    engine = engines.get(game)
    players = max(2, engine.info.min_players)
    table = {"coins": [10**6] * players, "entered": list(range(players)), "winners": []}
    state = engine.initial_state(players, validate_options(engine.info, {}), b"unknown-move-seed-of-16-bytes", table)
    seat = engine.to_act(state)[0]
    with pytest.raises(InvalidMove) as exc:
        engine.apply(state, seat, {"type": kind})
    assert exc.value.code == "unknown_move", (game, kind, str(exc.value))


@pytest.mark.parametrize("game", GAMES)
def test_check_move_judges_a_move_s_shape_as_apply_does(game):
    """``check_move`` (no state: the lobby asks it before the turn) refuses
    what ``apply`` cannot parse, with apply's code, and passes every legal
    move."""
    engine = engines.get(game)
    info = engine.info
    state = engine.initial_state(info.min_players, validate_options(info, {}), bytes(32))
    seat = engine.to_act(state)[0]
    legal = engine.legal_moves(state, seat)
    junk = [None, 5, "roll", [], {}, {"type": 7}, {"type": "fly"}, {"type": "roll", "x": [1] * 99}]
    junk += [{**move, "zz": 1} for move in legal[:5]]
    for move in junk:
        with pytest.raises(InvalidMove) as parsed:
            engine.check_move(move)
        with pytest.raises(InvalidMove) as applied:
            engine.apply(state, seat, move)
        assert parsed.value.code == applied.value.code, move
    for move in legal:  # well formed, whoever sends it: another seat's is illegal only now
        engine.check_move(move)
