"""Sibala 十八啦: four dice, best hand wins the round (RULES.md section 1).

Each player rolls once a round, in an order starting after the last round's
winner; a match is ``rounds`` rounds and whoever won the most wins it.  The
state keeps each roll's hand (``hands``) and each round's rolling order, so
the view (the state but the seed) carries them.  Sections as in every engine
(:mod:`engines.base`).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, Sequence

from . import rng as _rng
from .base import MAX_STAKE, Event, GameInfo, IllegalMove, InvalidMove, Move, OptionSpec, Outcome, State, View, last_of, match_start, match_tail, most_rounds_won, move_type, public_view

# -- constants ---------------------------------------------------------------

ALL_OF_A_KIND = "all of a kind"
NORMAL_POINT = "normal point"
NO_POINT = "no point"

#: Face order between two all-of-a-kind hands, best first (RULES.md 1).
KIND_ORDER = (1, 4, 6, 5, 3, 2)
#: Each hand category's name in English and Chinese (a category is its key
#: in hands, events and round records; the English key is the kata's word)
CATEGORY_NAMES = {
    ALL_OF_A_KIND: {"en": "all of a kind", "zh": "一色"},
    NORMAL_POINT: {"en": "normal point", "zh": "点数"},
    NO_POINT: {"en": "no point", "zh": "无点"},
}

# -- metadata ----------------------------------------------------------------

INFO = GameInfo(
    id="sibala",
    title={"en": "Sibala", "zh": "十八啦"},
    min_players=2,
    max_players=6,
    default_players=3,
    options=(
        OptionSpec("rounds", "int", 5, lo=1, hi=50, doc="rounds in a match", label={"en": "Rounds", "zh": "局数"}),
        OptionSpec(
            "stake",
            "int",
            0,
            lo=0,
            hi=MAX_STAKE,
            doc="coins each player antes per round",
            label={"en": "Stake", "zh": "底注"},
            no_coins=(0,),
        ),
    ),
    board={"categories": CATEGORY_NAMES},
    # the most a match can cost: the stake every round
    coins={"times": 1, "options": ["stake", "rounds"]},
)

# -- rules --------------------------------------------------------------------


def parse_dice(dice: str | Sequence[int]) -> list[int]:
    """Four faces from ``"5 3 5 4"`` or ``[5, 3, 5, 4]``.

    Raises ``ValueError`` unless there are exactly four faces, each 1..6.
    """
    if isinstance(dice, str):
        parts = dice.split()
        if not all(p.isdigit() for p in parts):
            raise ValueError(f"dice must be four faces 1..6, got {dice!r}")
        faces = [int(p) for p in parts]
    elif isinstance(dice, (list, tuple)):
        faces = list(dice)
    else:
        raise ValueError(f"dice must be four faces 1..6, got {dice!r}")
    if len(faces) != 4 or not all(
        isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces
    ):
        raise ValueError(f"dice must be four faces 1..6, got {dice!r}")
    return faces


def hand(dice: str | Sequence[int]) -> tuple[str, int, tuple[int, ...]]:
    """Category, value and ordering key of four dice (RULES.md 1).

    Returns ``(category, value, key)``: category one of :data:`ALL_OF_A_KIND`
    (value: the face), :data:`NORMAL_POINT` (value: the point, 3..12) or
    :data:`NO_POINT` (value 0).  A larger ``key`` is a better hand; equal keys
    tie.  Raises ``ValueError`` for bad dice.
    """
    return _HANDS[tuple(sorted(parse_dice(dice)))]


def _hand_of(faces: tuple[int, ...]) -> tuple[str, int, tuple[int, ...]]:
    """:func:`hand` of four valid faces, worked out (:data:`_HANDS` holds all 126)."""
    counts = Counter(faces)
    if len(counts) == 1:
        face = faces[0]
        return ALL_OF_A_KIND, face, (2, len(KIND_ORDER) - KIND_ORDER.index(face))
    pairs = sorted(f for f, c in counts.items() if c == 2)
    if len(pairs) == 2:
        high = pairs[1]
        return NORMAL_POINT, 2 * high, (1, 2 * high, high)
    if len(pairs) == 1:
        rest = [f for f in faces if f != pairs[0]]
        point = sum(rest)
        return NORMAL_POINT, point, (1, point, max(rest))
    return NO_POINT, 0, (0,)


#: every hand by its sorted faces: a hand depends on the faces, not their order
_HANDS = {faces: _hand_of(faces) for faces in itertools.combinations_with_replacement(range(1, 7), 4)}


def describe(category: str, value: int) -> str:
    """The kata's words for a winning hand: ``"normal point: 9"``."""
    return f"{category}: {value}" if category != NO_POINT else NO_POINT


def judge(black: str | Sequence[int], white: str | Sequence[int]) -> str:
    """The kata's result line for Black's dice against White's.

    ``judge("5 3 5 4", "2 6 2 3") == "White win. - with normal point: 9"``;
    ``"Tie."`` when the hands tie.  Raises ``ValueError`` unless each side is
    four faces 1..6 (RULES.md 1, examples 1-6).
    """
    b, w = hand(black), hand(white)
    if b[2] == w[2]:
        return "Tie."
    name, (category, value, _) = ("Black", b) if b[2] > w[2] else ("White", w)
    return f"{name} win. - with {describe(category, value)}"


def round_line(names: Sequence[str], rolls: Sequence[Sequence[int]]) -> str:
    """The table's result line for one round: every player's roll in seat order.

    ``"Ann win. - with normal point: 9"``, ``"Ann, Bo tie. - with normal
    point: 9"`` when some share the best hand, ``"Tie."`` when all tie.
    """
    winners, category, value = round_winners(rolls)
    if len(winners) == len(rolls):
        return "Tie."
    who = ", ".join(names[s] for s in winners)
    verb = "win" if len(winners) == 1 else "tie"
    return f"{who} {verb}. - with {describe(category, value)}"


def round_winners(rolls: Sequence[Sequence[int]]) -> tuple[list[int], str, int]:
    """Seats holding the best hand among ``rolls`` (one per seat), with its
    category and value."""
    hands = [hand(r) for r in rolls]
    best = max(h[2] for h in hands)
    winners = [s for s, h in enumerate(hands) if h[2] == best]
    category, value, _ = hands[winners[0]]
    return winners, category, value


# -- state -------------------------------------------------------------------


def _order(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


#: :meth:`Sibala.view`: one object per state for every viewer (nothing is hidden)
_public_view = last_of(public_view)


# -- engine -------------------------------------------------------------------


class Sibala:
    """The Sibala engine; see :class:`engines.base.Engine` for the contract.

    State fields: ``n`` seats, ``rounds`` in the match, ``round`` (0-based,
    equals ``rounds`` when over), ``order`` of rolling this round, ``pos``
    (index into ``order`` of the seat to roll), ``rolls`` (this round, None
    until rolled), ``hands`` (this round's hand per seat, ``{"category",
    "value"}``, None until rolled), ``wins`` per seat, ``stake``, ``coins``
    (net per seat), ``history`` (one record per finished round, with its
    ``order``, ``rolls`` and ``hands``), ``rng``.
    Moves: ``{"type": "roll"}`` only.  Scores in the outcome: rounds won.
    """

    info = INFO

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        return {
            **match_start(INFO, players, options),
            "order": _order(0, players),
            "pos": 0,
            "rolls": [None] * players,
            "hands": [None] * players,
            **match_tail(players, seed),
        }

    def to_act(self, state: State) -> list[int]:
        if state["round"] >= state["rounds"]:
            return []
        return [state["order"][state["pos"]]]

    def turn_id(self, state: State, seat: int) -> str | None:
        if seat not in self.to_act(state):
            return None
        return f"r{state['round']}.s{seat}"

    def turn_of(self, state: State, seat: int) -> str | None:
        return self.turn_id(state, seat)  # one roll: one decision a turn

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [{"type": "roll"}] if seat in self.to_act(state) else []

    def check_move(self, move: Move) -> None:
        if move_type(move) != "roll":
            raise InvalidMove("sibala moves are {'type': 'roll'}", "unknown_move")
        if len(move) != 1:
            raise InvalidMove("roll takes nothing")

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        self.check_move(move)
        if seat not in self.to_act(state):
            raise IllegalMove("not your turn", "not_your_turn")
        s = dict(state)  # shares what the roll leaves unchanged
        s["rng"] = dict(state["rng"])
        dice = _rng.roll(s["rng"], 4)
        s["rolls"] = list(state["rolls"])
        s["rolls"][seat] = dice
        category, value, _ = hand(dice)
        s["hands"] = list(state["hands"])
        s["hands"][seat] = {"category": category, "value": value}
        events: list[Event] = [
            {"type": "rolled", "seat": seat, "dice": dice, "category": category, "value": value}
        ]
        s["pos"] += 1
        if s["pos"] == s["n"]:
            events.append(self._end_round(s))
        return s, events

    def _end_round(self, s: State) -> Event:
        """End the round in ``s`` (the apply's new state): new ``wins``,
        ``coins``, ``history``, ``order`` and ``rolls`` lists."""
        rolls = s["rolls"]
        winners, category, value = round_winners(rolls)
        s["wins"] = list(s["wins"])
        for w in winners:
            s["wins"][w] += 1
        if s["stake"]:
            pot = s["stake"] * s["n"]
            share, rest = divmod(pot, len(winners))
            s["coins"] = [c - s["stake"] for c in s["coins"]]
            for w in winners:
                s["coins"][w] += share
            s["coins"][winners[0]] += rest
        record = {
            "round": s["round"],
            "order": s["order"],
            "rolls": rolls,
            "hands": s["hands"],
            "winners": winners,
            "category": category,
            "value": value,
            "tie_all": len(winners) == s["n"],
        }
        s["history"] = [*s["history"], record]
        s["round"] += 1
        s["order"] = _order((winners[0] + 1) % s["n"], s["n"])
        s["pos"] = 0
        s["rolls"] = [None] * s["n"]
        s["hands"] = [None] * s["n"]
        return {"type": "round_over", **record}

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        return [{"type": "roll"}]

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        return move  # nothing hidden: every move is public

    def move_key(self, state: State, seat: int) -> str | int:
        return state["round"]  # its log marks the round's roll

    def view(self, state: State, viewer: int | None) -> View:
        """The state but the seed (shared, read-only): every roll is public,
        each with its hand (``hands``, kept in the state since the roll).
        The same object for every viewer of one state."""
        return _public_view(state)

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
        return {"type": "roll"}


ENGINE = Sibala()
