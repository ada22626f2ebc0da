"""Yahtzee, kata rules: five dice, fifteen categories (RULES.md section 4).

Each turn a player rolls up to three times, holding dice between rolls, then
scores the dice in one open category; the highest total after fifteen turns
each wins.  The view hides only the seed and adds ``categories`` (the score
card's rows), ``options_scores`` (the score each open category would give)
and ``rolls_left``.  The bot looks one re-roll ahead.  Sections as in every
engine (:mod:`engines.base`).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any, Sequence

from . import rng as _rng
from .base import Event, GameInfo, IllegalMove, InvalidMove, Move, NoCoins, Outcome, State, View, distinct_ints, last_of, move_type, public_view

# -- constants ---------------------------------------------------------------

#: Every category, in RULES.md 4's order (the timeout's tie-break order).
CATEGORIES = (
    "chance",
    "yahtzee",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "full_house",
)

#: Face counted by each of the upper categories.
UPPER = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}

DICE = 5
#: Rolls in a turn: the first roll and up to two re-rolls.
MAX_ROLLS = 3
#: Every hold a re-roll may keep (indices, ascending): all but all five dice.
HOLDS = tuple(tuple(i for i in range(DICE) if mask >> i & 1) for mask in range(2**DICE - 1))

#: The bot's rough worth of keeping a category open (points it would expect
#: there later); it places where ``score - PAR`` is largest.
PAR = {
    "chance": 22,
    "yahtzee": 3,
    "ones": 2,
    "twos": 5,
    "threes": 8,
    "fours": 11,
    "fives": 14,
    "sixes": 17,
    "pair": 9,
    "two_pairs": 10,
    "three_of_a_kind": 8,
    "four_of_a_kind": 4,
    "small_straight": 4,
    "large_straight": 5,
    "full_house": 7,
}

# -- metadata ----------------------------------------------------------------

INFO = GameInfo(
    id="yahtzee",
    title={"en": "Yahtzee", "zh": "快艇骰子"},
    min_players=1,
    max_players=6,
    default_players=2,
    options=(),
    board={"categories": list(CATEGORIES)},
    variant={"en": "Not the boxed game: 15 categories, no bonus", "zh": "与盒装版不同：15 个类别，没有奖励分"},
)

# -- rules --------------------------------------------------------------------


def parse_dice(dice: Sequence[int]) -> list[int]:
    """Five faces from a list or tuple of ints, e.g. ``[3, 3, 3, 4, 4]``.

    Raises ``ValueError`` unless ``dice`` is a list or tuple of exactly five
    ints (bools are not ints), each 1..6.
    """
    if not isinstance(dice, (list, tuple)) or len(dice) != DICE:
        raise ValueError(f"dice must be five faces 1..6, got {dice!r}")
    if not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in dice):
        raise ValueError(f"dice must be five faces 1..6, got {dice!r}")
    return list(dice)


def score(category: str, dice: Sequence[int]) -> int:
    """Points of ``dice`` (five faces 1..6, any order) placed in ``category``.

    The kata's "exactly" rules of RULES.md 4: ``score("pair", [3, 3, 3, 4, 4])
    == 8``, ``score("three_of_a_kind", [3, 3, 3, 3, 1]) == 0``.  Raises
    ``ValueError`` for a category not in :data:`CATEGORIES` or bad dice.
    """
    if not isinstance(category, str) or category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}")
    return _score(category, tuple(sorted(parse_dice(dice))))


def _score(category: str, faces: tuple[int, ...]) -> int:
    # ``faces`` is five valid faces, sorted.
    counts = Counter(faces)
    if category == "chance":
        return sum(faces)
    if category == "yahtzee":
        return 50 if len(counts) == 1 else 0
    if category in UPPER:
        face = UPPER[category]
        return face * counts[face]
    twice = sorted(f for f, c in counts.items() if c == 2)
    if category == "pair":
        return 2 * twice[-1] if twice else 0
    if category == "two_pairs":
        return 2 * sum(twice) if len(twice) == 2 else 0
    if category == "three_of_a_kind":
        return next((3 * f for f, c in counts.items() if c == 3), 0)
    if category == "four_of_a_kind":
        return next((4 * f for f, c in counts.items() if c == 4), 0)
    if category == "small_straight":
        return 15 if faces == (1, 2, 3, 4, 5) else 0
    if category == "large_straight":
        return 20 if faces == (2, 3, 4, 5, 6) else 0
    # full_house: one face three times and another twice.
    return sum(faces) if sorted(counts.values()) == [2, 3] else 0


@lru_cache(maxsize=None)
def _scores(faces: tuple[int, ...]) -> dict[str, int]:
    """Every category's points for five sorted faces (cached; treat as read-only)."""
    return {c: _score(c, faces) for c in CATEGORIES}


def options_scores(dice: Sequence[int], open_categories: Sequence[str]) -> dict[str, int]:
    """Map category -> points ``dice`` would score, for each open category
    (in :data:`CATEGORIES` order).  Raises ``ValueError`` for bad dice or an
    unknown category."""
    table = _scores(tuple(sorted(parse_dice(dice))))
    wanted = set(open_categories)
    unknown = wanted - set(CATEGORIES)
    if unknown:
        raise ValueError(f"unknown category {sorted(map(str, unknown))!r}")
    return {c: table[c] for c in CATEGORIES if c in wanted}


def lowest_category(dice: Sequence[int], open_categories: Sequence[str]) -> str:
    """The open category where ``dice`` score least; ties go to the first in
    :data:`CATEGORIES` (the forced move of RULES.md 4).  Raises
    ``ValueError`` when no category is open."""
    table = options_scores(dice, open_categories)
    if not table:
        raise ValueError("no open category")
    return min(table, key=lambda c: (table[c], CATEGORIES.index(c)))


# -- state --------------------------------------------------------------------


@last_of
def _view(state: State) -> View:
    """:meth:`Yahtzee.view`, built once per state object."""
    out = public_view(state)
    out["categories"] = list(CATEGORIES)
    out["rolls_left"] = MAX_ROLLS - state["rolls"]
    out["options_scores"] = {}
    to_act = ENGINE.to_act(state)
    if to_act and state["dice"] is not None:
        sheet = state["sheets"][to_act[0]]
        out["options_scores"] = options_scores(state["dice"], [c for c in CATEGORIES if c not in sheet])
    return out


# -- bot ----------------------------------------------------------------------


@lru_cache(maxsize=None)
def _outcomes(k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of ``k`` dice (sorted tuple) with its probability."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), k):
        ways = factorial(k)
        for c in Counter(faces).values():
            ways //= factorial(c)
        out.append((faces, ways / 6**k))
    return tuple(out)


def _worth(faces: tuple[int, ...], open_categories: tuple[str, ...]) -> float:
    table = _scores(faces)
    return max(table[c] - PAR[c] for c in open_categories)


def _best_place(faces: tuple[int, ...], open_categories: tuple[str, ...]) -> str:
    table = _scores(faces)
    return max(open_categories, key=lambda c: (table[c] - PAR[c], -CATEGORIES.index(c)))


def _best_hold(dice: list[int], open_categories: tuple[str, ...]) -> tuple[list[int], float]:
    """The hold (indices) whose one re-roll has the largest expected worth."""
    best: tuple[float, list[int]] = (float("-inf"), [])
    seen = set()
    for mask in range(2**DICE - 1):  # every hold but all five dice
        hold = [i for i in range(DICE) if mask >> i & 1]
        kept = tuple(sorted(dice[i] for i in hold))
        if kept in seen:
            continue
        seen.add(kept)
        ev = sum(
            p * _worth(tuple(sorted(kept + rolled)), open_categories)
            for rolled, p in _outcomes(DICE - len(hold))
        )
        if ev > best[0]:
            best = (ev, hold)
    return best[1], best[0]


# -- engine -------------------------------------------------------------------


class Yahtzee(NoCoins):
    """The Yahtzee engine; see :class:`engines.base.Engine` for the contract.

    State fields: ``n`` seats, ``turn`` (turns played, 0..15n; seat
    ``turn % n`` acts; the game is over at ``15 * n``), ``dice`` (five
    faces, or None before this turn's first roll), ``rolls`` (rolls made this
    turn, 0..3), ``sheets`` (per seat: category -> points of the filled
    categories), ``totals`` per seat, ``rng``.
    Moves: ``{"type": "roll", "hold": [index, ...]}`` (indices 0..4 of dice
    kept; empty or omitted on the first roll, never all five) and
    ``{"type": "score", "category": name}``.  Outcome scores: totals.
    """

    info = INFO

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        INFO.check_players(players)
        return {
            "n": players,
            "turn": 0,
            "dice": None,
            "rolls": 0,
            "sheets": [{} for _ in range(players)],
            "totals": [0] * players,
            "rng": _rng.new_rng(seed),
        }

    def _over(self, state: State) -> bool:
        return state["turn"] >= len(CATEGORIES) * state["n"]

    def to_act(self, state: State) -> list[int]:
        if self._over(state):
            return []
        return [state["turn"] % state["n"]]

    def turn_id(self, state: State, seat: int) -> str | None:
        if seat not in self.to_act(state):
            return None
        # one id per decision (each roll, then the score), so a replayed
        # roll frame cannot roll again
        return f"t{state['turn']}.s{seat}.r{state['rolls']}"

    def turn_of(self, state: State, seat: int) -> str | None:
        # the rolls and the score are one turn
        return f"t{state['turn']}.s{seat}" if seat in self.to_act(state) else None

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["rolls"] == 0:
            return [{"type": "roll"}]
        moves: list[Move] = []
        if state["rolls"] < MAX_ROLLS:
            moves.extend({"type": "roll", "hold": list(hold)} for hold in HOLDS)
        sheet = state["sheets"][seat]
        moves.extend({"type": "score", "category": c} for c in CATEGORIES if c not in sheet)
        return moves

    @staticmethod
    def _parse(move: Move) -> Move:
        kind = move_type(move)
        if kind == "roll":
            if set(move) - {"type", "hold"}:
                raise InvalidMove("roll takes only 'hold'")
            hold = move.get("hold", [])
            if not distinct_ints(hold, 0, DICE - 1):
                raise InvalidMove("hold is a list of distinct dice indices 0..4")
            return {"type": "roll", "hold": sorted(hold)}
        if kind == "score":
            if set(move) != {"type", "category"}:
                raise InvalidMove("score takes exactly 'category'")
            if not isinstance(move["category"], str) or move["category"] not in CATEGORIES:
                raise InvalidMove(f"unknown category {move['category']!r}")
            return {"type": "score", "category": move["category"]}
        raise InvalidMove("yahtzee moves are 'roll' and 'score'", "unknown_move")

    def check_move(self, move: Move) -> None:
        self._parse(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        move = self._parse(move)
        if seat not in self.to_act(state):
            raise IllegalMove("not your turn", "not_your_turn")
        if move["type"] == "roll":
            return self._roll(state, seat, move["hold"])
        return self._place(state, seat, move["category"])

    def _roll(self, state: State, seat: int, hold: list[int]) -> tuple[State, list[Event]]:
        if state["rolls"] >= MAX_ROLLS:
            raise IllegalMove("no re-rolls left: score the roll", "no_rolls_left")
        if state["rolls"] == 0 and hold:
            raise IllegalMove("the first roll of a turn holds nothing", "nothing_to_hold")
        if len(hold) == DICE:
            raise IllegalMove("a re-roll must roll at least one die", "nothing_to_roll")
        s = dict(state)  # shares the sheets and totals, unchanged by a roll
        s["rng"] = dict(state["rng"])
        dice = list(state["dice"] or [0] * DICE)
        for i in range(DICE):  # re-rolled dice are drawn in index order
            if i not in hold:
                dice[i] = _rng.roll(s["rng"], 1)[0]
        s["dice"] = dice
        s["rolls"] += 1
        event = {"type": "rolled", "seat": seat, "hold": hold, "dice": dice, "roll": s["rolls"]}
        return s, [event]

    def _place(self, state: State, seat: int, category: str) -> tuple[State, list[Event]]:
        if state["rolls"] == 0:
            raise IllegalMove("roll before scoring", "not_rolled")
        if category in state["sheets"][seat]:
            raise IllegalMove(f"{category} is already filled", "category_filled")
        s = dict(state)  # new lists of sheets and totals, a new sheet for the seat
        points = score(category, s["dice"])
        s["sheets"] = list(state["sheets"])
        s["sheets"][seat] = {**state["sheets"][seat], category: points}
        s["totals"] = list(state["totals"])
        s["totals"][seat] += points
        events: list[Event] = [
            {
                "type": "scored",
                "seat": seat,
                "category": category,
                "dice": s["dice"],
                "points": points,
                "total": s["totals"][seat],
            }
        ]
        s["turn"] += 1
        s["dice"] = None
        s["rolls"] = 0
        if self._over(s):
            outcome = self.result(s)
            events.append({"type": "game_over", **outcome.to_dict()})
        return s, events

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        moves: list[Move] = []
        if state["rolls"] == 0:
            moves.append({"type": "roll"})
            # The dice the roll will give are fixed by the seed: roll ahead (state is unchanged).
            state, _ = self._roll(state, seat, [])
        open_categories = [c for c in CATEGORIES if c not in state["sheets"][seat]]
        moves.append({"type": "score", "category": lowest_category(state["dice"], open_categories)})
        return moves

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        return move  # nothing hidden: every move is public

    def move_key(self, state: State, seat: int) -> str | int:
        return self.turn_id(state, seat) or ""

    def view(self, state: State, viewer: int | None) -> View:
        """The state but the seed (its values shared, read-only; each seat's
        ``sheets`` entry lists its categories in the order they were scored,
        so a seat's k-th turn spent its k-th: the boards' forced marks), plus
        ``categories`` (every category in the score card's order, a new
        list), ``rolls_left`` (rolls the seat to act has left this turn) and
        ``options_scores``: what the dice would score in each open category
        of the seat to act ({} before its first roll).  The same object for
        every viewer of one state."""
        return _view(state)

    def result(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        totals = state["totals"]
        best = max(totals)
        winners = [s for s, t in enumerate(totals) if t == best]
        return Outcome(
            winners=winners,
            scores=list(totals),
            coins=[0] * state["n"],
            summary=f"highest total: {best}",
            detail={"kind": "highest_total", "total": best},
        )

    def shown_ms(self, events: list[Event]) -> int:
        return 0  # its animations (static/games/motion.js, under 0.6 s) fit in the result pause

    def bot_move(self, view: View, seat: int, rng: random.Random) -> Move:
        """Greedy: re-roll with the hold whose single re-roll has the best
        expected ``score - PAR`` while that beats placing now; else place
        where ``score - PAR`` is largest."""
        if view["dice"] is None:
            return {"type": "roll"}
        open_categories = tuple(c for c in CATEGORIES if c not in view["sheets"][seat])
        faces = tuple(sorted(view["dice"]))
        if view["rolls"] < MAX_ROLLS:
            hold, ev = _best_hold(list(view["dice"]), open_categories)
            if ev > _worth(faces, open_categories) + 1e-9:
                return {"type": "roll", "hold": hold}
        return {"type": "score", "category": _best_place(faces, open_categories)}


ENGINE = Yahtzee()
