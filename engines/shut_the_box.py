"""Shut the Box: tiles 1..9, shut a set matching each throw (RULES.md section 5).

Each turn a player throws and shuts open tiles summing to the throw until
no set fits; the round goes to the lowest sum left open (or at once to who
shuts the box).  The view hides only the seed and adds ``coverings`` (the
sets the current throw lets the player shut) and ``one_die`` (whether one die
may be thrown).  The optimal bot's dynamic programme (section ``bot``) is
exact (``Fraction``) over the 512 sets of open tiles and cached at module
level.  Sections as in every engine (:mod:`engines.base`).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable

from . import rng as _rng
from .base import MAX_STAKE, Event, GameInfo, IllegalMove, InvalidMove, Move, OptionSpec, Outcome, State, View, distinct_ints, last_of, match_start, match_tail, most_rounds_won, move_type, public_view

# -- constants ---------------------------------------------------------------

TILES = tuple(range(1, 10))
#: One die may be thrown only when all of these are shut.
HIGH_TILES = frozenset({7, 8, 9})

_FULL = (1 << len(TILES)) - 1
_HIGH_MASK = sum(1 << (t - 1) for t in HIGH_TILES)

#: Throw -> probability, for one die and for two dice.
THROWS = {
    1: {t: Fraction(1, 6) for t in range(1, 7)},
    2: {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)},
}

# -- metadata ----------------------------------------------------------------

INFO = GameInfo(
    id="shut_the_box",
    title={"en": "Shut the Box", "zh": "闭箱"},
    min_players=1,
    max_players=8,
    default_players=2,
    options=(
        OptionSpec("rounds", "int", 3, lo=1, hi=20, doc="rounds in a match", label={"en": "Rounds", "zh": "局数"}),
        OptionSpec(
            "stake", "int", 0, lo=0, hi=MAX_STAKE, doc="coins each player pays into the pot per round", label={"en": "Stake", "zh": "底注"}, no_coins=(0,)
        ),
    ),
    # the most a match can cost: the stake and a second stake every round
    coins={"times": 2, "options": ["stake", "rounds"]},
)

# -- rules --------------------------------------------------------------------


def _mask(open_tiles: Iterable[int]) -> int:
    """Bit ``t - 1`` set for each open tile ``t``.  Raises ``ValueError``
    unless ``open_tiles`` is an iterable of ints 1..9 (bools are not ints)."""
    if isinstance(open_tiles, (str, bytes, dict)):
        raise ValueError(f"open tiles must be ints 1..9, got {open_tiles!r}")
    try:
        tiles = list(open_tiles)
    except TypeError:
        raise ValueError(f"open tiles must be ints 1..9, got {open_tiles!r}") from None
    mask = 0
    for t in tiles:
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= 9:
            raise ValueError(f"open tiles must be ints 1..9, got {open_tiles!r}")
        mask |= 1 << (t - 1)
    return mask


def _tiles(mask: int) -> tuple[int, ...]:
    return tuple(t for t in TILES if mask >> (t - 1) & 1)


@lru_cache(maxsize=None)
def _coverings(mask: int, total: int) -> tuple[int, ...]:
    """Sub-masks of ``mask`` whose tiles sum to ``total``, in :func:`coverings` order."""
    found = []
    sub = mask
    while sub:
        tiles = _tiles(sub)
        if sum(tiles) == total:
            found.append((len(tiles), tiles, sub))
        sub = (sub - 1) & mask
    return tuple(sub for _, _, sub in sorted(found))


@lru_cache(maxsize=None)
def _covering_tiles(mask: int, total: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_coverings` as ascending tiles (cached; the views copy them)."""
    return tuple(_tiles(sub) for sub in _coverings(mask, total))


def coverings(open_tiles: Iterable[int], total: int) -> list[frozenset[int]]:
    """Every non-empty set of distinct open tiles summing to ``total``.

    ``open_tiles``: ints 1..9 (any iterable); ``total``: the throw.  Ordered
    by fewer tiles first, then by the ascending tiles as sorted tuples, so
    with every tile open ``coverings(TILES, 8)`` is {8}, {1, 7}, {2, 6},
    {3, 5}, {1, 2, 5}, {1, 3, 4} (RULES.md 5, step 2).  Empty list when
    there is none (also for ``total < 1``).  Raises ``ValueError`` for bad
    tiles or a non-int ``total``.
    """
    mask = _mask(open_tiles)
    if isinstance(total, bool) or not isinstance(total, int):
        raise ValueError(f"total must be an int, got {total!r}")
    if total < 1 or total > 45:
        return []
    return [frozenset(_tiles(sub)) for sub in _coverings(mask, total)]


def score(open_tiles: Iterable[int]) -> int:
    """A finished turn's score: the sum of the tiles still open (RULES.md 5,
    step 3; 0 when the box is shut).  Raises ``ValueError`` for bad tiles."""
    return sum(_tiles(_mask(open_tiles)))


def one_die_allowed(open_tiles: Iterable[int]) -> bool:
    """True when 7, 8 and 9 are all shut, so one die may be thrown (RULES.md 5, step 1)."""
    return not _mask(open_tiles) & _HIGH_MASK


# -- state --------------------------------------------------------------------


@last_of
def _board(state: State) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """The views' figures of ``state``, once per state: the coverings of its
    throw (``()`` before a throw) and whether one die may be thrown."""
    mask = sum(1 << (t - 1) for t in state["open"])  # a state's tiles are valid
    throw = state["throw"]
    return (() if throw is None else _covering_tiles(mask, throw)), not mask & _HIGH_MASK


@last_of
def _view(state: State) -> View:
    """:meth:`ShutTheBox.view`, built once per state object."""
    out = public_view(state)
    sets, one_die = _board(state)
    out["coverings"] = [list(c) for c in sets]
    out["one_die"] = one_die
    return out


# -- bot ----------------------------------------------------------------------


def _better(a: tuple[Fraction, Fraction], b: tuple[Fraction, Fraction]) -> bool:
    """Is (probability, expected score) ``a`` strictly better than ``b``?"""
    return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])


@lru_cache(maxsize=None)
def _value(mask: int) -> tuple[Fraction, Fraction, int]:
    """Optimal play from the start of a throw with ``mask`` open: the
    probability of shutting the box, the expected final score (among the
    plays of greatest probability) and the number of dice to throw."""
    if mask == 0:
        return Fraction(1), Fraction(0), 2
    best: tuple[Fraction, Fraction, int] | None = None
    for dice in (2, 1) if not mask & _HIGH_MASK else (2,):
        p = e = Fraction(0)
        for throw, q in THROWS[dice].items():
            child = _best_child(mask, throw)
            if child is None:
                e += q * sum(_tiles(mask))
            else:
                cp, ce, _ = _value(child)
                p += q * cp
                e += q * ce
        if best is None or _better((p, e), best[:2]):
            best = (p, e, dice)
    return best


@lru_cache(maxsize=None)
def _best_child(mask: int, throw: int) -> int | None:
    """The open mask after the best covering of ``throw``, or None if none."""
    best = None
    for sub in _coverings(mask, throw):
        child = mask & ~sub
        if best is None or _better(_value(child)[:2], _value(best)[:2]):
            best = child
    return best


def shut_probability(open_tiles: Iterable[int]) -> float:
    """The exact probability (as a float) of shutting the box from the start
    of a throw with ``open_tiles`` open, under optimal play (RULES.md 5).
    1.0 when nothing is open.  Raises ``ValueError`` for bad tiles."""
    return float(_value(_mask(open_tiles))[0])


def shut_probability_exact(open_tiles: Iterable[int]) -> Fraction:
    """:func:`shut_probability` as an exact ``Fraction``."""
    return _value(_mask(open_tiles))[0]


def expected_score(open_tiles: Iterable[int]) -> float:
    """The expected final score from the start of a throw under the bot's
    play (greatest shut probability first, then lowest expected score)."""
    return float(_value(_mask(open_tiles))[1])


def best_dice(open_tiles: Iterable[int]) -> int:
    """How many dice (1 or 2) the optimal player throws with ``open_tiles``
    open; 1 only when :func:`one_die_allowed` and strictly better."""
    return _value(_mask(open_tiles))[2]


def best_covering(open_tiles: Iterable[int], throw: int) -> frozenset[int] | None:
    """The covering of ``throw`` that maximises the probability of shutting
    the box, ties broken by the lowest expected final score, then by
    :func:`coverings` order; None when ``throw`` has no covering.  Raises
    ``ValueError`` for bad tiles or a non-int throw."""
    mask = _mask(open_tiles)
    if isinstance(throw, bool) or not isinstance(throw, int):
        raise ValueError(f"throw must be an int, got {throw!r}")
    child = _best_child(mask, throw) if 1 <= throw <= 45 else None
    return None if child is None else frozenset(_tiles(mask & ~child))


# -- engine -------------------------------------------------------------------


class ShutTheBox:
    """The Shut the Box engine; see :class:`engines.base.Engine` for the contract.

    State fields: ``n`` seats, ``rounds`` in the match, ``round`` (0-based,
    equals ``rounds`` when over), ``seat`` whose turn it is (every round runs
    from seat 0 upwards), ``open`` tiles of that turn (ascending), ``throw``
    (the throw to cover, or None before a throw), ``dice`` (the last throw's
    faces, or None), ``scores`` of this round (per seat, None until its turn
    ends), ``wins`` per seat, ``stake``, ``coins`` (net per seat),
    ``history`` (one record per finished round), ``rng``.
    Moves: ``{"type": "roll"}`` or ``{"type": "roll", "dice": 1 | 2}``,
    ``{"type": "shut", "tiles": [tile, ...]}`` and the server's
    ``{"type": "_timeout"}``.  Outcome scores: rounds won.
    """

    info = INFO

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        return {
            **match_start(INFO, players, options),
            "seat": 0,
            "open": list(TILES),
            "throw": None,
            "dice": None,
            "scores": [None] * players,
            **match_tail(players, seed),
        }

    def to_act(self, state: State) -> list[int]:
        if state["round"] >= state["rounds"]:
            return []
        return [state["seat"]]

    def turn_id(self, state: State, seat: int) -> str | None:
        if seat not in self.to_act(state):
            return None
        # one id per decision: the open tiles shrink with every shut, and a
        # throw splits rolling from shutting, so a replayed frame is refused
        mask = sum(1 << t for t in state["open"])
        return f"r{state['round']}.s{seat}.o{mask}.{'t' if state['throw'] is not None else 'n'}"

    def turn_of(self, state: State, seat: int) -> str | None:
        # every throw and shut of a seat's round is one turn
        return f"r{state['round']}.s{seat}" if seat in self.to_act(state) else None

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["throw"] is None:
            moves: list[Move] = [{"type": "roll"}]
            if one_die_allowed(state["open"]):
                moves.append({"type": "roll", "dice": 1})
            return moves
        return [{"type": "shut", "tiles": list(c)} for c in _board(state)[0]]

    @staticmethod
    def _parse(move: Move) -> Move:
        kind = move_type(move)
        if kind == "roll":
            if set(move) - {"type", "dice"}:
                raise InvalidMove("roll takes only 'dice'")
            dice = move.get("dice", 2)
            if isinstance(dice, bool) or dice not in (1, 2) or not isinstance(dice, int):
                raise InvalidMove("dice is 1 or 2")
            return {"type": "roll", "dice": dice}
        if kind == "shut":
            if set(move) != {"type", "tiles"}:
                raise InvalidMove("shut takes exactly 'tiles'")
            tiles = move["tiles"]
            if not tiles or not distinct_ints(tiles, 1, 9):
                raise InvalidMove("tiles is a non-empty list of distinct tiles 1..9")
            return {"type": "shut", "tiles": sorted(tiles)}
        if kind == "_timeout":
            if set(move) != {"type"}:
                raise InvalidMove("_timeout takes nothing")
            return {"type": "_timeout"}
        raise InvalidMove("shut_the_box moves are 'roll' and 'shut'", "unknown_move")

    def check_move(self, move: Move) -> None:
        self._parse(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        move = self._parse(move)
        if seat not in self.to_act(state):
            raise IllegalMove("not your turn", "not_your_turn")
        if move["type"] == "roll":
            if state["throw"] is not None:
                raise IllegalMove("shut tiles for this throw first", "must_shut")
            if move["dice"] == 1 and not one_die_allowed(state["open"]):
                raise IllegalMove("one die only when 7, 8 and 9 are shut", "two_dice")
            s = dict(state)  # shares what the throw leaves unchanged
            s["rng"] = dict(state["rng"])
            dice = _rng.roll(s["rng"], move["dice"])
            s["dice"] = dice
            s["throw"] = sum(dice)
            events: list[Event] = [{"type": "rolled", "seat": seat, "dice": dice, "throw": s["throw"]}]
            if not coverings(s["open"], s["throw"]):
                events.extend(self._end_turn(s, "stuck"))
            return s, events
        if move["type"] == "shut":
            if state["throw"] is None:
                raise IllegalMove("throw first", "must_roll")
            if frozenset(move["tiles"]) not in coverings(state["open"], state["throw"]):
                raise IllegalMove(
                    f"tiles {move['tiles']} are not open tiles summing to {state['throw']}", "bad_cover"
                )
            s = dict(state)
            s["open"] = [t for t in state["open"] if t not in move["tiles"]]
            s["throw"] = None
            events = [{"type": "shut", "seat": seat, "tiles": move["tiles"], "open": s["open"]}]
            if not s["open"]:
                events.extend(self._end_turn(s, "box_shut"))
            return s, events
        s = dict(state)
        return s, self._end_turn(s, "timeout")

    def _end_turn(self, s: State, reason: str) -> list[Event]:
        """End the seat's turn in ``s`` (the apply's new state, sharing the
        input's lists: each list changed is replaced by a new one); the round
        too when due."""
        seat = s["seat"]
        points = score(s["open"])
        s["scores"] = list(s["scores"])
        s["scores"][seat] = points
        events: list[Event] = [
            {"type": "turn_over", "seat": seat, "score": points, "open": s["open"], "reason": reason}
        ]
        s["open"] = list(TILES)
        s["throw"] = None
        s["dice"] = None
        if reason == "box_shut" or seat == s["n"] - 1:
            events.append(self._end_round(s, seat if reason == "box_shut" else None))
        else:
            s["seat"] = seat + 1
        return events

    def _end_round(self, s: State, shutter: int | None) -> Event:
        n, stake = s["n"], s["stake"]
        delta = [-stake] * n  # everyone paid the stake into the pot
        if shutter is not None:
            winners = [shutter]
            delta[shutter] += stake * n
            for seat in range(n):  # and a second stake to the shutter
                if seat != shutter:
                    delta[seat] -= stake
                    delta[shutter] += stake
        else:
            best = min(s["scores"])
            winners = [seat for seat, sc in enumerate(s["scores"]) if sc == best]
            share, rest = divmod(stake * n, len(winners))
            for w in winners:
                delta[w] += share
            delta[winners[0]] += rest
        s["coins"] = [c + d for c, d in zip(s["coins"], delta)]
        s["wins"] = list(s["wins"])
        for w in winners:
            s["wins"][w] += 1
        record = {
            "round": s["round"],
            "scores": s["scores"],
            "winners": winners,
            "box_shut": shutter is not None,
            "coins": delta,
        }
        s["history"] = [*s["history"], record]
        s["round"] += 1
        s["seat"] = 0
        s["scores"] = [None] * n
        return {"type": "round_over", **record}

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        return [{"type": "_timeout"}]

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        return move  # nothing hidden: every move is public

    def move_key(self, state: State, seat: int) -> str | int:
        return self.turn_id(state, seat) or ""

    def view(self, state: State, viewer: int | None) -> View:
        """The state but the seed (shared, read-only), plus ``coverings``:
        the sets of open tiles (each ascending; fewer tiles first) that
        cover the current throw ([] before a throw), and ``one_die``: whether
        the seat to act may throw one die (7, 8 and 9 shut).  The same
        object for every viewer of one state."""
        return _view(state)

    def result(self, state: State) -> Outcome | None:
        return most_rounds_won(state)

    def coins_to_sit(self, options: dict[str, Any]) -> int:
        return INFO.coins_needed(options)

    def leave(self, state: State, seat: int) -> None:
        return None

    def leave_cost(self, state: State, seat: int) -> int:
        return 0  # a bot plays a left seat: leaving itself costs nothing

    def leave_payee(self, state: State, seat: int) -> int | None:
        return None  # nothing is paid

    def leaves_freely(self, state: State, seat: int) -> bool:
        return False  # every seat plays to the end: a left one by a bot

    def shown_ms(self, events: list[Event]) -> int:
        return 0  # its animations (static/games/motion.js, under 0.6 s) fit in the result pause

    def bot_move(self, view: View, seat: int, rng: random.Random) -> Move:
        """Optimal play: the dice count and covering of greatest shut
        probability (then lowest expected score), from the view alone."""
        if view["throw"] is None:
            return {"type": "roll", "dice": 1} if best_dice(view["open"]) == 1 else {"type": "roll"}
        return {"type": "shut", "tiles": sorted(best_covering(view["open"], view["throw"]))}


ENGINE = ShutTheBox()
