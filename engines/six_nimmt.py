"""6 Nimmt! 谁是牛头王: simultaneous hidden picks onto four rows (RULES.md section 3).

Each turn every seat picks a hidden card at once; the cards are revealed and
placed lowest first, and the sixth card of a row (or a card below every row)
takes cards whose bull heads are penalty points.  The view adds the figures
the board shows (``row_points``, ``cheapest_row``, and for a seat that must
pick ``targets``: where each card in its hand would go now); every card's
bull heads are static, in ``INFO.board``.  Sections as in every engine (:mod:`engines.base`).

Settled here (RULES.md 3 leaves them to the engine):

* A pick may be changed until the reveal: a seat that has picked leaves
  ``to_act`` (nobody waits for it, no clock runs for it) but keeps the
  picking's turn id, and a second pick puts the first card back in its hand
  and holds the new one, hidden as the first was.  The last seat's pick
  reveals every card, so the cards revealed are each seat's latest choice.
* Placing goes lowest card first, so only the lowest card of a turn can be
  below every row (each placed card becomes a row's last card and every later
  card is higher).  A row choice therefore always comes first in a turn and
  holds back all the other revealed cards until it is made.
* Penalty piles are per round (the 104 cards are reshuffled each round);
  ``scores`` carry the totals over, ``history`` keeps each round's points.
"""

from __future__ import annotations

import bisect
import math
import random
from functools import lru_cache
from typing import Any, Sequence

from . import rng as _rng
from .base import Event, GameInfo, IllegalMove, InvalidMove, Move, NoCoins, OptionSpec, Outcome, State, View, last_of

# -- constants ---------------------------------------------------------------

CARDS = 104
ROWS = 4
ROW_LIMIT = 5  # a row holds at most 5 cards; the 6th takes them
HAND_SIZE = 10  # cards dealt to each player, so turns per round
PICK = "pick"
CHOOSE = "choose"
OVER = "over"


def _heads(card: int) -> int:
    # RULES.md 3 (see bull_heads), unchecked: ``card`` is 1..104
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


#: The page's placing of a reveal (static/games/six_nimmt.js ``FLY_MS`` and
#: ``FLIP_MS``, held equal by tests/lobby/test_pacing.py): each placed card
#: flies to its row for PLACE_MS, one after another, after the revealed
#: cards' flip of FLIP_MS; a taken row's taker is flashed for another half
#: flight (ms).  :meth:`SixNimmt.shown_ms` adds them up.
PLACE_MS = 400
FLIP_MS = 220

#: Bull heads by card number (index 0 unused).
HEADS = (0, *(_heads(c) for c in range(1, CARDS + 1)))

# -- metadata ----------------------------------------------------------------

INFO = GameInfo(
    id="six_nimmt",
    title={"en": "6 Nimmt!", "zh": "谁是牛头王"},
    min_players=2,
    max_players=10,
    default_players=4,
    options=(
        OptionSpec(
            "end_threshold",
            "int",
            66,
            lo=1,
            hi=1000,
            doc="the game ends after the round in which some player's total exceeds this",
            label={"en": "End after a round above (points)", "zh": "终场分数线"},
        ),
    ),
    # bull heads by card number (index 0 unused): every card face shows them
    board={"heads": list(HEADS)},
)

# -- rules --------------------------------------------------------------------



class RowChoiceRequired(Exception):
    """``card`` is below every row's last card: its player must choose a row.

    Raised by :func:`place_card` when no ``chosen_row`` was given.  Not a
    ``ValueError``: the input is fine, the rules want a decision (RULES.md 3,
    step 4).
    """

    def __init__(self, card: int) -> None:
        super().__init__(f"card {card} is below every row: its player must choose a row")
        self.card = card


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def bull_heads(card: int) -> int:
    """Penalty points of ``card`` (RULES.md 3): 55 has 7, other multiples of
    11 have 5, multiples of 10 have 3, others ending in 5 have 2, the rest 1.

    The 104 cards hold 171 bull heads.  Raises ``ValueError`` unless ``card``
    is an int (not a bool) in 1..104.
    """
    if not _is_int(card) or not 1 <= card <= CARDS:
        raise ValueError(f"a card is an int 1..{CARDS}, got {card!r}")
    return HEADS[card]


def row_points(cards: Sequence[int]) -> int:
    """Total bull heads of ``cards`` (a row or a penalty pile)."""
    return sum(HEADS[c] for c in cards)


def _check_rows(rows: Any) -> None:
    if not isinstance(rows, (list, tuple)) or len(rows) != ROWS:
        raise ValueError(f"rows must be a list of {ROWS} rows")
    seen: set[int] = set()
    for row in rows:
        if not isinstance(row, (list, tuple)) or not 1 <= len(row) <= ROW_LIMIT:
            raise ValueError(f"each row must be a list of 1..{ROW_LIMIT} cards")
        for i, c in enumerate(row):
            bull_heads(c)  # raises for a non-card
            if c in seen:
                raise ValueError(f"card {c} is in the rows twice")
            if i and c <= row[i - 1]:
                raise ValueError("each row must be ascending, oldest card first")
            seen.add(c)


def target_row(rows: Sequence[Sequence[int]], card: int) -> int | None:
    """The row ``card`` goes to: the one whose last card is the highest below
    ``card``; None when ``card`` is below every row's last card (RULES.md 3,
    steps 3-4).  Does not validate; :func:`place_card` does."""
    best = None
    for i, row in enumerate(rows):
        last = row[-1]
        if last < card and (best is None or last > rows[best][-1]):
            best = i
    return best


def place_card(
    rows: Sequence[Sequence[int]], card: int, chosen_row: int | None = None
) -> tuple[list[list[int]], list[int]]:
    """Place ``card`` on ``rows`` (RULES.md 3, steps 3-4).

    ``rows``: 4 rows, each a list of 1..5 distinct ints ascending (oldest
    first).  Returns ``(rows_after, taken)``: new lists (the input is never
    changed) and the cards the card's player takes, oldest first (``[]`` when
    none).  The card goes after the highest last card below it; as the 6th
    card of a row it takes the 5 and starts the row alone.

    Raises :class:`RowChoiceRequired` when ``card`` is below every row's last
    card and ``chosen_row`` is None; with ``chosen_row`` (0..3) the player
    takes that whole row and the card starts it.  Raises ``ValueError`` for
    bad rows, a card not in 1..104 or already in the rows, a ``chosen_row``
    not an int in 0..3, or a ``chosen_row`` given when the card fits a row
    (the rules allow no choice then).
    """
    _check_rows(rows)
    bull_heads(card)
    if any(card in row for row in rows):
        raise ValueError(f"card {card} is already in the rows")
    if chosen_row is not None and (not _is_int(chosen_row) or not 0 <= chosen_row < ROWS):
        raise ValueError(f"chosen_row must be an int 0..{ROWS - 1}, got {chosen_row!r}")
    out = [list(row) for row in rows]
    target = target_row(out, card)
    if target is None:
        if chosen_row is None:
            raise RowChoiceRequired(card)
        target = chosen_row
    elif chosen_row is not None:
        raise ValueError(f"card {card} fits row {target}: no row may be chosen")
    return out, _put(out, target, card)


def _put(rows: list[list[int]], row: int, card: int) -> list[int]:
    """Put ``card`` on ``rows[row]`` (unchecked) and return the cards taken.
    Sets ``rows[row]`` to a new list (``rows`` is the caller's own list; the
    row lists themselves are never changed, so they may be shared)."""
    if card < rows[row][-1] or len(rows[row]) >= ROW_LIMIT:  # a chosen row, or the 6th card
        taken = rows[row]
        rows[row] = [card]
        return taken
    rows[row] = [*rows[row], card]
    return []


def cheapest_row(rows: Sequence[Sequence[int]]) -> int:
    """The row a timeout takes (RULES.md 3): fewest bull heads, then fewest
    cards, then lowest row number."""
    return min(range(len(rows)), key=lambda i: (row_points(rows[i]), len(rows[i]), i))


# -- state -------------------------------------------------------------------


def _for_placing(state: State) -> State:
    """A new state sharing ``state``'s fields, with new outer lists of the
    fields placing cards changes (``rows``, ``reveal``, ``piles``,
    ``scores``); their items are replaced, never changed."""
    s = dict(state)
    for key in ("rows", "reveal", "piles", "scores"):
        s[key] = list(state[key])
    return s


@last_of
def _row_figures(rows: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], int | None, tuple[int, ...], tuple[int, ...]]:
    """What the views show of ``rows``, computed once per rows object: each
    row's points, the cheapest row (None without rows), and the rows' last
    cards ascending with the row of each."""
    points = tuple(row_points(r) for r in rows)
    cheapest = min(range(len(rows)), key=lambda i: (points[i], len(rows[i]), i)) if rows else None
    lasts = sorted((row[-1], i) for i, row in enumerate(rows))
    return points, cheapest, tuple(c for c, _ in lasts), tuple(i for _, i in lasts)


def _targets(rows: Sequence[Sequence[int]], hand: Sequence[int]) -> list[int | None]:
    """:func:`target_row` of each card of ``hand``: after the highest last
    card below it (a bisection on the rows' sorted last cards)."""
    _, _, lasts, row_of = _row_figures(rows)
    return [row_of[k - 1] if (k := bisect.bisect_left(lasts, card)) else None for card in hand]


def _to_act(state: State) -> list[int]:
    """:meth:`SixNimmt.to_act`: who has not picked, the seat choosing a row, or nobody."""
    if state["phase"] == PICK:
        return [seat for seat, card in enumerate(state["picks"]) if card is None]
    if state["phase"] == CHOOSE:
        return [_pending(state)["seat"]]
    return []


@last_of
def _public_view(state: State) -> View:
    """The spectator's view of ``state`` (every field of
    :meth:`SixNimmt.view`, the seat's own ones None), built once per state
    object: a seat's view is a copy of it with its own fields set, so the
    containers every seat sees are one object per version and the fan-out
    diffs them once."""
    entry = _pending(state) if state["phase"] == CHOOSE else None
    points, cheapest, _, _ = _row_figures(state["rows"])
    return {
        "seat": None,  # first: two seats' views differ at their first key
        "n": state["n"],
        "end_threshold": state["end_threshold"],
        "round": state["round"],
        "turn": state["turn"],
        "phase": state["phase"],
        "to_act": _to_act(state),
        "rows": state["rows"],
        "hand_counts": [len(h) for h in state["hands"]],
        "picked": [c is not None for c in state["picks"]],  # who, never what
        "choosing": {"seat": entry["seat"], "card": entry["card"]} if entry else None,
        "last_reveal": state["reveal"],
        "last_reveal_at": state["reveal_at"],
        "piles": state["piles"],
        "scores": state["scores"],
        "history": state["history"],
        "hand": None,
        "targets": None,
        "my_pick": None,
        "row_points": list(points),
        "cheapest_row": cheapest,
    }


@lru_cache(maxsize=1024)
def _pick_moves(hand: tuple[int, ...]) -> list[Move]:
    """The pick moves of ``hand``: one list per hand (read-only, shared by
    every version where the hand is unchanged, so a table view's ``moves``
    of a seat still to pick is the same object from one pick to the next)."""
    return [{"type": "pick", "card": c} for c in hand]


def _deal(s: State) -> None:
    """Shuffle all 104 cards, deal 10 to each seat and start the 4 rows
    (new lists; ``s["rng"]`` replaced by its advanced copy)."""
    s["rng"] = dict(s["rng"])
    deck = _rng.shuffle(s["rng"], list(range(1, CARDS + 1)))
    n = s["n"]
    s["hands"] = [sorted(deck[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i in range(n)]
    starters = sorted(deck[HAND_SIZE * n : HAND_SIZE * n + ROWS])
    s["rows"] = [[c] for c in starters]  # the rest of the deck is set aside unused
    s["picks"] = [None] * n
    s["piles"] = [[] for _ in range(n)]
    s["turn"] = 0
    s["phase"] = PICK


def _pending(s: State) -> dict[str, Any] | None:
    """The first revealed card not yet placed, or None."""
    index = _pending_index(s)
    return None if index is None else s["reveal"][index]


def _pending_index(s: State) -> int | None:
    """The index in ``s["reveal"]`` of :func:`_pending`'s entry, or None."""
    for i, entry in enumerate(s["reveal"]):
        if entry["row"] is None:
            return i
    return None


def _parse(move: Any) -> str:
    """The move's type; raises :class:`InvalidMove` for a malformed move."""
    if not isinstance(move, dict):
        raise InvalidMove("a move is a dict")
    kind = move.get("type")
    if kind == "pick":
        if set(move) != {"type", "card"} or not _is_int(move["card"]):
            raise InvalidMove("pick is {'type': 'pick', 'card': N}")
    elif kind == "choose_row":
        if set(move) != {"type", "row"} or not _is_int(move["row"]) or not 0 <= move["row"] < ROWS:
            raise InvalidMove("choose_row is {'type': 'choose_row', 'row': 0..3}")
    else:
        raise InvalidMove("six_nimmt moves are pick and choose_row", "unknown_move")
    return kind


def _record(s: State, index: int, row: int, events: list[Event]) -> None:
    """Place the card of ``s["reveal"][index]`` on ``row`` of ``s`` (from
    :func:`_for_placing`): new items for the row, the taker's pile and score
    and the reveal entry; the event."""
    entry = s["reveal"][index]
    seat, card = entry["seat"], entry["card"]
    taken = _put(s["rows"], row, card)
    s["reveal"][index] = {"seat": seat, "card": card, "row": row, "took": taken}
    s["piles"][seat] = [*s["piles"][seat], *taken]
    points = row_points(taken)
    s["scores"][seat] += points
    events.append({"type": "placed", "seat": seat, "card": card, "row": row, "took": taken, "points": points})


# -- bot ----------------------------------------------------------------------


def _expected_penalty(
    rows: Sequence[Sequence[int]], points: Sequence[int], card: int, unknown: Sequence[int], others: int
) -> float:
    """Rough expected points ``card`` takes this turn if ``others`` cards are
    drawn at random from ``unknown`` (ascending); ``points``: each row's."""
    row = target_row(rows, card)
    if row is None:
        return float(min(points))
    spots = ROW_LIMIT - len(rows[row])
    if spots == 0:
        return float(points[row])
    # Others' cards between the row's last card and ours land there first.
    gap = bisect.bisect_left(unknown, card) - bisect.bisect_right(unknown, rows[row][-1])
    p = gap / len(unknown) if unknown else 0.0
    tail = sum(math.comb(others, k) * p**k * (1 - p) ** (others - k) for k in range(spots, others + 1))
    return tail * (points[row] + spots)


# -- engine -------------------------------------------------------------------


class SixNimmt(NoCoins):
    """The 6 Nimmt! engine; see :class:`engines.base.Engine` for the contract.

    State fields: ``n`` seats, ``end_threshold``, ``round`` and ``turn``
    (0-based; ``turn`` is 0..9, 10 once the game is over), ``phase``
    (``"pick"``, ``"choose"`` or ``"over"``), ``rows`` (4 lists, oldest card
    first), ``hands`` (per seat, ascending; secret), ``picks`` (per seat, the
    hidden card or None; secret until the reveal), ``reveal`` (this or the
    last turn's cards in placement order: ``{"seat", "card", "row", "took"}``,
    ``row``/``took`` None until placed), ``reveal_at`` (``{"round", "turn"}``
    of ``reveal``, or None), ``piles`` (cards each seat took this round),
    ``scores`` (penalty totals over all rounds), ``history`` (each finished
    round's points per seat), ``rng``.

    Moves: ``{"type": "pick", "card": N}`` while picking (every seat that has
    not picked acts, one shared turn id ``p{round}.{turn}``; a seat that has
    picked may pick again with that id until the reveal: the new card
    replaces its pick)
    and ``{"type": "choose_row", "row": R}`` (R 0..3) for the seat whose card
    is below every row (turn id ``c{round}.{turn}.{card}``).  Outcome scores:
    penalty totals; fewest wins, ties share; coins all zero.
    """

    info = INFO

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        INFO.check_players(players)
        s: State = {
            "n": players,
            "end_threshold": INFO.settings(options)["end_threshold"],
            "round": 0,
            "turn": 0,
            "phase": PICK,
            "rows": [],
            "hands": [],
            "picks": [],
            "reveal": [],
            "reveal_at": None,
            "piles": [],
            "scores": [0] * players,
            "history": [],
            "rng": _rng.new_rng(seed),
        }
        _deal(s)
        return s

    def to_act(self, state: State) -> list[int]:
        return _to_act(state)

    def turn_id(self, state: State, seat: int) -> str | None:
        """The picking's id ``p{round}.{turn}`` for every seat while picking
        (a seat that has picked may change its pick: it is out of
        ``to_act`` but keeps the id), the row choice's id for the seat that
        must choose, else None."""
        if state["phase"] == PICK and _is_int(seat) and 0 <= seat < state["n"]:
            return f"p{state['round']}.{state['turn']}"
        if seat not in self.to_act(state):
            return None
        return f"c{state['round']}.{state['turn']}.{_pending(state)['card']}"

    def turn_of(self, state: State, seat: int) -> str | None:
        # the pick and the row choice it may lead to are one turn
        return f"{state['round']}.{state['turn']}" if seat in self.to_act(state) else None

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == PICK:
            return _pick_moves(tuple(state["hands"][seat]))
        return [{"type": "choose_row", "row": r} for r in range(ROWS)]

    def check_move(self, move: Move) -> None:
        _parse(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        kind = _parse(move)
        repick = kind == "pick" and state["phase"] == PICK and _is_int(seat) and 0 <= seat < state["n"] and state["picks"][seat] is not None
        if not _is_int(seat) or (seat not in self.to_act(state) and not repick):
            raise IllegalMove("not your turn", "not_your_turn")
        if kind == "pick":
            if state["phase"] != PICK:
                raise IllegalMove("a row must be chosen first", "wrong_phase")
            if move["card"] not in state["hands"][seat] and move["card"] != state["picks"][seat]:
                raise IllegalMove(f"card {move['card']} is not in your hand", "not_in_hand")
        elif state["phase"] != CHOOSE:
            raise IllegalMove("no row choice is asked now", "wrong_phase")
        events: list[Event] = []
        if kind == "pick":
            s = dict(state)
            s["hands"] = list(state["hands"])
            back = [] if state["picks"][seat] is None else [state["picks"][seat]]  # a changed pick returns to the hand
            s["hands"][seat] = sorted(c for c in [*state["hands"][seat], *back] if c != move["card"])
            s["picks"] = list(state["picks"])
            s["picks"][seat] = move["card"]
            events.append({"type": "picked", "seat": seat})  # who, never what
            if all(c is not None for c in s["picks"]):
                s = _for_placing(s)
                self._reveal(s, events)
                self._place(s, events)
        else:
            s = _for_placing(state)
            _record(s, _pending_index(s), move["row"], events)
            s["phase"] = PICK
            self._place(s, events)
        return s, events

    def _reveal(self, s: State, events: list[Event]) -> None:
        order = sorted((card, seat) for seat, card in enumerate(s["picks"]))
        s["reveal"] = [{"seat": seat, "card": card, "row": None, "took": None} for card, seat in order]
        s["reveal_at"] = {"round": s["round"], "turn": s["turn"]}
        s["picks"] = [None] * s["n"]
        events.append(
            {
                "type": "revealed",
                "round": s["round"],
                "turn": s["turn"],
                "cards": [{"seat": seat, "card": card} for card, seat in order],
            }
        )

    def _place(self, s: State, events: list[Event]) -> None:
        """Place revealed cards lowest first until one needs a row choice or
        all are placed (then the turn ends)."""
        while (index := _pending_index(s)) is not None:
            entry = s["reveal"][index]
            row = target_row(s["rows"], entry["card"])
            if row is None:
                s["phase"] = CHOOSE
                events.append({"type": "row_choice", "seat": entry["seat"], "card": entry["card"]})
                return
            _record(s, index, row, events)
        self._end_turn(s, events)

    def _end_turn(self, s: State, events: list[Event]) -> None:
        s["turn"] += 1
        if s["turn"] < HAND_SIZE:
            return
        points = [row_points(pile) for pile in s["piles"]]
        s["history"] = [*s["history"], points]
        events.append({"type": "round_over", "round": s["round"], "points": points, "scores": list(s["scores"])})
        if max(s["scores"]) > s["end_threshold"]:
            s["phase"] = OVER
            outcome = self.result(s)
            events.append({"type": "game_over", "winners": outcome.winners, "scores": outcome.scores})
            return
        s["round"] += 1
        _deal(s)
        events.append({"type": "round_started", "round": s["round"], "rows": s["rows"]})

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == PICK:
            return [{"type": "pick", "card": min(state["hands"][seat])}]
        return [{"type": "choose_row", "row": cheapest_row(state["rows"])}]

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        """A pick is hidden until every seat has picked and the cards are
        revealed (RULES.md 3): while ``state`` still holds the seat's pick
        unrevealed, only that a card was picked (the seat's own view shows
        which: ``my_pick``).  A row choice is public."""
        if move.get("type") == "pick" and state["picks"][seat] is not None:
            return {"type": "pick"}
        return move

    def move_key(self, state: State, seat: int) -> str | int:
        return f"{state['round']}.{state['turn']}"  # the reveal a pick or a row choice belongs to

    def view(self, state: State, viewer: int | None) -> View:
        """Public fields for everyone: ``n``, ``end_threshold``, ``round``,
        ``turn``, ``phase``, ``to_act``, ``rows``, ``hand_counts``,
        ``picked`` (who has picked in the unrevealed picking, never what; all
        False once revealed), ``choosing`` (``{"seat", "card"}`` awaiting a row
        choice, or None), ``last_reveal`` (the latest turn's cards in placing
        order, ``{"seat", "card", "row", "took"}``, row/took None until
        placed) and ``last_reveal_at`` (``{"round", "turn"}`` or None),
        ``piles``, ``scores``, ``history``; the board's figures:
        ``row_points`` (each row's bull heads) and ``cheapest_row`` (the row
        a timeout takes); every card's bull heads are static, in
        ``INFO.board["heads"]``.  Only for a seat: ``hand``, ``targets`` (while
        picking, per hand card, the row it would go to now, None when below
        every row; None in other phases) and ``my_pick`` (its hidden pick
        until the reveal, which it may change until then); None for spectators
        (``viewer`` None or not a seat).  Never the seed, other hands, others'
        unrevealed picks nor the unused cards.  Lists and dicts taken over
        from the state as they are (``rows``, ``last_reveal``, ``piles``,
        ``hand``, ...) are the state's own, shared: read-only."""
        n = state["n"]
        mine = viewer if _is_int(viewer) and 0 <= viewer < n else None
        public = _public_view(state)
        if mine is None:
            return public
        picking = state["phase"] == PICK  # a seat that has picked may still change its card
        view = dict(public)
        view["seat"] = mine
        view["hand"] = state["hands"][mine]
        view["targets"] = _targets(state["rows"], state["hands"][mine]) if picking else None
        view["my_pick"] = state["picks"][mine]
        return view

    def result(self, state: State) -> Outcome | None:
        if state["phase"] != OVER:
            return None
        scores = list(state["scores"])
        best = min(scores)
        winners = [seat for seat, points in enumerate(scores) if points == best]
        return Outcome(
            winners=winners,
            scores=scores,
            coins=[0] * state["n"],
            summary=f"fewest bull heads: {best}",
            detail={"kind": "fewest_heads", "heads": best},
        )

    def shown_ms(self, events: list[Event]) -> int:
        """The page's placing of ``events``' cards (ms): the flip when they
        reveal a turn's picks, then :data:`PLACE_MS` per ``placed`` card, and
        half a flight more when the last one took a row; 0 when none."""
        total, took = 0, False
        for e in events:
            kind = e["type"]
            if kind == "revealed":
                total += FLIP_MS
            elif kind == "placed":
                total += PLACE_MS
                took = bool(e["took"])
        return total + (PLACE_MS // 2 if took else 0)

    def bot_move(self, view: View, seat: int, rng: random.Random) -> Move:
        """Choose the cheapest row; else pick the card with the least expected
        immediate penalty, guessing others' cards uniformly from the cards the
        view does not show."""
        rows = view["rows"]
        choosing = view["choosing"]
        if choosing is not None and choosing["seat"] == seat:
            return {"type": "choose_row", "row": cheapest_row(rows)}
        hand = view["hand"] or []
        if not hand:
            raise ValueError("the bot has no card to pick")
        seen = set(hand).union(*map(set, rows), *map(set, view["piles"]))
        unknown = sorted(set(range(1, CARDS + 1)) - seen)
        others = view["n"] - 1
        points = [row_points(r) for r in rows]
        return {
            "type": "pick",
            "card": min(hand, key=lambda c: (_expected_penalty(rows, points, c, unknown, others), c)),
        }


ENGINE = SixNimmt()
