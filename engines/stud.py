"""Five-card stud on a 28-card deck 同花顺 (QQ rules), RULES.md section 2.

One state is one game (一局): antes, deals 1 (hole) and 2 (first up card),
four betting rounds with deals 3, 4 and 5 between them, then the showdown
(开牌).  A player still in who leaves escapes (逃跑) and ends the game.

Each viewer sees its own hole card; the view adds what the board shows (the
tier's names, ``tier_name``; a showdown's hands come with their names) and
the seat to act gets its legal actions and amount bounds.  Sections as in
every engine (:mod:`engines.base`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from . import rng as _rng
from .base import Event, GameInfo, IllegalMove, InvalidMove, Move, OptionSpec, Outcome, State, View, last_of

# -- constants ---------------------------------------------------------------

#: Ranks, lowest first (A > K > Q > J > 10 > 9 > 8); ``T`` is the ten.
RANKS = "89TJQKA"
#: Suits as written in a card, best first (spade > heart > club > diamond).
SUITS = "SHCD"
#: The 28 cards, rank + suit, e.g. ``"AS"``, ``"TD"``.
DECK = tuple(r + s for r in RANKS for s in SUITS)

_RANK_VALUE = {r: i for i, r in enumerate(RANKS)}
_SUIT_VALUE = {s: len(SUITS) - 1 - i for i, s in enumerate(SUITS)}  # S=3 .. D=0
_DECK_SET = frozenset(DECK)

#: Hand categories, best first (RULES.md 2).
CATEGORIES = (
    "straight_flush",
    "four_of_a_kind",
    "full_house",
    "flush",
    "straight",
    "three_of_a_kind",
    "two_pair",
    "one_pair",
    "high_card",
)
_CATEGORY_VALUE = {c: len(CATEGORIES) - 1 - i for i, c in enumerate(CATEGORIES)}

#: Display names of each category.
CATEGORY_NAMES = {
    "straight_flush": {"en": "straight flush", "zh": "同花顺"},
    "four_of_a_kind": {"en": "four of a kind", "zh": "铁支"},
    "full_house": {"en": "full house", "zh": "葫芦"},
    "flush": {"en": "flush", "zh": "同花"},
    "straight": {"en": "straight", "zh": "顺子"},
    "three_of_a_kind": {"en": "three of a kind", "zh": "三条"},
    "two_pair": {"en": "two pair", "zh": "二对"},
    "one_pair": {"en": "one pair", "zh": "对子"},
    "high_card": {"en": "high card", "zh": "散牌"},
}


def _tier(name: str, zh: str, ante: int, per_game_max: int, min_coins: int, coins: bool) -> dict[str, Any]:
    return {
        "name": {"en": name, "zh": zh},
        "ante": ante,
        # Round caps on a player's total, after deals 2, 3, 4 and 5.
        "caps": [per_game_max // 5, per_game_max // 2, per_game_max, per_game_max],
        "max": per_game_max,
        "min_coins": min_coins,
        "coins": coins,
    }


#: Table tiers (RULES.md 2): ``ante``, ``caps`` (after deals 2..5), per-game
#: ``max``, ``min_coins`` needed to sit, ``coins`` (whether real coins move).
#: Casual 普通场 and training 训练场 play the beginner figures in play chips.
TIERS: dict[str, dict[str, Any]] = {
    "casual": _tier("casual", "普通场", 100, 1000, 0, False),
    "training": _tier("training", "训练场", 100, 1000, 0, False),
    "beginner": _tier("beginner", "初级", 100, 1000, 1000, True),
    "intermediate": _tier("intermediate", "中级", 500, 5000, 5000, True),
    "advanced": _tier("advanced", "高级", 1000, 10000, 10000, True),
    "expert": _tier("expert", "专家", 5000, 50000, 50000, True),
}

def _tier_label(tier: dict[str, Any]) -> dict[str, str]:
    """A tier's option label {lang: str}: its name and what sitting needs;
    training, in every figure casual's (RULES.md 2), says so rather than
    read the same ("Training (play chips, plays as casual)")."""
    en, zh = tier["name"]["en"].capitalize(), tier["name"]["zh"]
    if tier["coins"]:
        return {"en": f"{en} ({tier['min_coins']} coins)", "zh": f"{zh}（{tier['min_coins']} 金币）"}
    if tier["name"]["en"] == "training":
        return {"en": f"{en} (play chips, plays as casual)", "zh": f"{zh}（娱乐筹码，玩法同普通场）"}
    return {"en": f"{en} (play chips)", "zh": f"{zh}（娱乐筹码）"}


#: Move types a player may send.
MOVE_TYPES = ("check", "bet", "call", "raise", "allin", "fold")

# -- metadata ----------------------------------------------------------------

INFO = GameInfo(
    id="stud",
    title={"en": "Five-card stud", "zh": "同花顺"},
    min_players=2,
    max_players=4,
    default_players=4,
    options=(
        OptionSpec(
            "tier",
            "choice",
            "casual",
            choices=tuple(TIERS),
            doc="table tier: ante, round caps, per-game max; casual and training move no coins",
            label={"en": "Tier", "zh": "场次"},
            choice_labels={tier: _tier_label(t) for tier, t in TIERS.items()},
            no_coins=tuple(tier for tier, t in TIERS.items() if not t["coins"]),
        ),
    ),
    # the tiers' names and figures, shown before a game's first deal
    board={"tiers": {tier: {"name": t["name"], "ante": t["ante"], "max": t["max"], "coins": t["coins"]} for tier, t in TIERS.items()}},
    # RULES.md 2, tier table: coins needed to sit (0 in casual and training)
    coins={"option": "tier", "values": {tier: t["min_coins"] for tier, t in TIERS.items()}},
)

# -- rules --------------------------------------------------------------------


def parse_card(card: str) -> str:
    """One card in canonical form: ``"10h"`` -> ``"TH"``, ``"as"`` -> ``"AS"``.

    Raises ``ValueError`` for anything outside the 28-card deck.
    """
    if not isinstance(card, str):
        raise ValueError(f"a card is a string like 'AS', got {card!r}")
    text = card.strip().upper()
    if text.startswith("10"):
        text = "T" + text[2:]
    if text not in _DECK_SET:
        raise ValueError(f"not a card of the 28-card deck (8 9 10 J Q K A x S H C D): {card!r}")
    return text


def parse_cards(cards: str | Sequence[str]) -> list[str]:
    """Cards from ``"AS KS 10S"`` or ``["AS", "KS", "TS"]``, canonical, in order.

    Raises ``ValueError`` for a card outside the deck or a repeated card.
    """
    if isinstance(cards, str):
        items: Sequence[str] = cards.split()
    elif isinstance(cards, (list, tuple)):
        items = cards
    else:
        raise ValueError(f"cards are a string or a list of strings, got {cards!r}")
    out = [parse_card(c) for c in items]
    if len(set(out)) != len(out):
        raise ValueError(f"repeated card in {cards!r}")
    return out


@dataclass(frozen=True)
class HandRank:
    """The rank of a hand (5 cards) or of a set of up cards (1 to 4).

    ``category`` is one of :data:`CATEGORIES`; ``key`` is a tuple of ints:
    a larger key is a better hand under RULES.md 2 (category first, then the
    category's tie-breaks); ``cards`` the canonical cards.  Two hands from one
    deck never have equal keys.
    """

    category: str
    key: tuple[int, ...]
    cards: tuple[str, ...]

    @property
    def names(self) -> dict[str, str]:
        """``{"en": ..., "zh": ...}`` names of the category."""
        return dict(CATEGORY_NAMES[self.category])

    @property
    def name_en(self) -> str:
        """English name of the category, e.g. ``"full house"``."""
        return CATEGORY_NAMES[self.category]["en"]

    @property
    def name_zh(self) -> str:
        """Chinese name of the category, e.g. ``"葫芦"``."""
        return CATEGORY_NAMES[self.category]["zh"]


def _rank(cards: list[str]) -> HandRank:
    # cards: 1..5 canonical, distinct.  Straights and flushes need 4 or 5 cards.
    k = len(cards)
    rs = [(_RANK_VALUE[c[0]], _SUIT_VALUE[c[1]]) for c in cards]
    counts = Counter(r for r, _ in rs)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    top = max(rs)  # highest card: rank, then suit
    flush = k >= 4 and len({s for _, s in rs}) == 1
    straight = k >= 4 and len(counts) == k and max(counts) - min(counts) == k - 1

    def best_suit(rank: int) -> int:
        return max(s for r, s in rs if r == rank)

    if straight and flush:
        category, tie = "straight_flush", top
    elif groups[0][1] == 4:
        category, tie = "four_of_a_kind", (groups[0][0],)
    elif groups[0][1] == 3 and len(groups) > 1 and groups[1][1] == 2:
        category, tie = "full_house", (groups[0][0],)
    elif flush:
        category, tie = "flush", top
    elif straight:
        category, tie = "straight", top
    elif groups[0][1] == 3:
        category, tie = "three_of_a_kind", (groups[0][0],)
    elif groups[0][1] == 2 and len(groups) > 1 and groups[1][1] == 2:
        high, low = groups[0][0], groups[1][0]
        category, tie = "two_pair", (high, low, best_suit(high))
    elif groups[0][1] == 2:
        category, tie = "one_pair", (groups[0][0], best_suit(groups[0][0]))
    else:
        category, tie = "high_card", top
    return HandRank(category, (_CATEGORY_VALUE[category], *tie), tuple(cards))


def evaluate(cards: str | Sequence[str]) -> HandRank:
    """The rank of a five-card hand (RULES.md 2).

    ``cards``: ``"AS KS QS JS 10S"`` or a list of five card strings.
    Raises ``ValueError`` unless there are exactly five distinct cards of the
    28-card deck.
    """
    parsed = parse_cards(cards)
    if len(parsed) != 5:
        raise ValueError(f"a hand is 5 cards, got {len(parsed)}")
    return _rank(parsed)


def evaluate_up(cards: str | Sequence[str]) -> HandRank:
    """The rank of 1 to 4 up cards, as used to pick the dealer (RULES.md 2).

    With 4 cards a straight or flush means four cards (no wrap: A 8 9 10 is
    no straight); with fewer only three of a kind, pair and high card exist.
    Raises ``ValueError`` for bad or repeated cards or a count outside 1..4.
    """
    parsed = parse_cards(cards)
    if not 1 <= len(parsed) <= 4:
        raise ValueError(f"up cards are 1 to 4 cards, got {len(parsed)}")
    return _rank(parsed)


def compare(a: str | Sequence[str], b: str | Sequence[str]) -> int:
    """``1`` if hand ``a`` beats hand ``b``, ``-1`` if ``b`` wins (RULES.md 2).

    Never 0: two hands from one deck cannot tie.  Raises ``ValueError`` for a
    card outside the deck, a wrong count (each hand is five cards) or a card
    repeated within or across the two hands.
    """
    ha, hb = evaluate(a), evaluate(b)
    if set(ha.cards) & set(hb.cards):
        raise ValueError("the two hands share a card")
    return 1 if ha.key > hb.key else -1


def best_up_cards(up_cards_by_seat: Mapping[Any, Any] | Sequence[Any]) -> int:
    """The seat whose up cards are best: the dealer after deals 2..5 (RULES.md 2).

    ``up_cards_by_seat``: a dict ``{seat: cards}`` (int or digit-string seats)
    or a list indexed by seat; every seat holds the same number (1 to 4) of up
    cards.  Ranking per :func:`evaluate_up`.  Raises ``ValueError`` when empty,
    for unequal counts, bad cards or a card shown twice.
    """
    if isinstance(up_cards_by_seat, Mapping):
        items = [(int(seat), cards) for seat, cards in up_cards_by_seat.items()]
    elif isinstance(up_cards_by_seat, (list, tuple)):
        items = list(enumerate(up_cards_by_seat))
    else:
        raise ValueError("up cards must be a dict or list of seat -> cards")
    if not items:
        raise ValueError("no seats to compare")
    ranks = [(seat, evaluate_up(cards)) for seat, cards in items]
    if len({len(r.cards) for _, r in ranks}) != 1:
        raise ValueError("every seat must show the same number of up cards")
    shown = [c for _, r in ranks for c in r.cards]
    if len(set(shown)) != len(shown):
        raise ValueError("a card is shown by two seats")
    return max(ranks, key=lambda sr: sr[1].key)[0]


# -- state -------------------------------------------------------------------


def _in_order(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def _escape_price(s: State, seat: int) -> int:
    """What ``seat`` pays for escaping now: the pot (RULES.md 2), at most its
    balance in coin tiers when known."""
    pot = sum(s["put"])
    return min(pot, s["balances"][seat]) if s["coins_mode"] and s["balances"] is not None else pot


def _escape_receiver(s: State, seat: int) -> int:
    """Who receives ``seat``'s escape payment (RULES.md 2): the dealer, or,
    when ``seat`` is the dealer or the dealer has folded, the best up cards
    among the others still in."""
    others = [other for other in _active(s) if other != seat]
    return s["dealer"] if s["dealer"] in others else _dealer_of(s, others)


def _active(s: State) -> list[int]:
    return [seat for seat in range(s["n"]) if not s["folded"][seat]]


def _dealer_of(s: State, among: list[int]) -> int:
    return best_up_cards({seat: s["up"][seat] for seat in among})


def _legal_info(s: State, seat: int) -> dict[str, Any] | None:
    """Which actions ``seat`` may take now and their amount bounds (totals)."""
    if s["over"] or s["turn"] != seat:
        return None
    put, high = s["put"][seat], max(s["put"])
    cap, ante, top = s["caps"][s["deal"] - 2], s["ante"], s["max"]
    actions = []
    if put == high:
        actions.append("check")  # nobody has bet this round
    else:
        actions.append("call")
    lo = min(high + ante, cap)
    if high < cap:
        actions.append("bet" if put == high else "raise")
    allin = s["deal"] >= 4 and put < top
    if allin:
        actions.append("allin")
    actions.append("fold")
    return {
        "actions": actions,
        "to_call": high - put,
        "call_to": high if put < high else None,
        "min_to": lo if high < cap else None,
        "max_to": cap if high < cap else None,
        "allin_to": top if allin else None,
        "cap": cap,
    }


def _parse_move(move: Any) -> tuple[str, int | None]:
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise InvalidMove("a stud move is a dict with a str 'type'")
    kind = move["type"]
    if kind not in MOVE_TYPES:
        raise InvalidMove(f"unknown move type {kind!r}; one of {', '.join(MOVE_TYPES)}", "unknown_move")
    if kind in ("bet", "raise"):
        if set(move) != {"type", "to"}:
            raise InvalidMove(f"{kind} takes exactly 'type' and 'to'")
        to = move["to"]
        if isinstance(to, bool) or not isinstance(to, int):
            raise InvalidMove(f"{kind} 'to' must be an integer total")
        return kind, to
    if set(move) != {"type"}:
        raise InvalidMove(f"{kind} takes no fields besides 'type'")
    return kind, None


@last_of
def _public_view(s: State) -> View:
    """:meth:`Stud.view` for a spectator, built once per state object; a
    seat's view is a shallow copy with its own hole card and ``you``."""
    revealed = set()
    if s["showdown"] is not None:
        revealed = {int(k) for k in s["showdown"]["hands"]}
    # an escape returned every bet (RULES.md 2): the settled table has none, nor a pot
    returned = s["over"] and s["escaped"] is not None
    put = [0] * s["n"] if returned else s["put"]
    players = []
    for seat in range(s["n"]):
        entry = {
            "seat": seat,
            "hole": s["hole"][seat] if seat in revealed else None,
            "has_hole": s["hole"][seat] is not None,
            "up": s["up"][seat],
            "put": put[seat],
            "folded": s["folded"][seat],
            "left": s["left"][seat],
            "acted": s["acted"][seat],
        }
        if s["coins_mode"] and s["balances"] is not None:
            # During a game: balance minus what is put in; after it: settled.
            if s["over"]:
                entry["balance"] = s["balances"][seat] + s["result"]["coins"][seat]
            else:
                entry["balance"] = s["balances"][seat] - s["put"][seat]
        players.append(entry)
    deal = s["deal"]
    out: View = {
        "game": "stud",
        "n": s["n"],
        "tier": s["tier"],
        "tier_name": dict(TIERS[s["tier"]]["name"]),
        "ante": s["ante"],
        "caps": s["caps"],
        "max": s["max"],
        "coins_mode": s["coins_mode"],
        "deal": deal,
        "round_cap": s["caps"][deal - 2] if deal >= 2 else None,
        "dealer": s["dealer"],
        "turn": s["turn"],
        "turn_id": ENGINE.turn_id(s, s["turn"]) if s["turn"] is not None else None,
        "pot": sum(put),
        "highest": max(put),
        "players": players,
        "over": s["over"],
        "winner": s["winner"],
        "escaped": s["escaped"],
        "showdown": s["showdown"],
        "result": s["result"],
        "you": None,
    }
    return out


# -- bot ---------------------------------------------------------------------


def _size(legal: dict[str, Any], equity: float, fair: float, ante: int) -> int:
    """A bet/raise total between the legal bounds, larger with more equity."""
    lo, hi = legal["min_to"], legal["max_to"]
    share = max(0.0, min(1.0, (equity - fair) / max(1e-9, 1.0 - fair)))
    to = lo + int((hi - lo) * share) // ante * ante
    return max(lo, min(hi, to))


def _equity(view: View, seat: int, rng: random.Random, samples: int) -> float:
    """Share of random completions of the unseen cards that ``seat`` wins."""
    players = view["players"]
    hole = (view.get("you") or {}).get("hole")
    known = {hole} if hole else set()
    for p in players:
        known.update(p["up"])
    unseen = [c for c in DECK if c not in known]
    me = players[seat]
    mine = [hole, *me["up"]] if hole else list(me["up"])
    rivals = [p for p in players if not p["folded"] and p["seat"] != seat]
    if not rivals:
        return 1.0
    wins = 0
    for _ in range(samples):
        pool = list(unseen)
        rng.shuffle(pool)
        hand = mine + pool[: 5 - len(mine)]
        del pool[: 5 - len(mine)]
        best = _rank(hand).key
        won = True
        for p in rivals:
            need = 5 - len(p["up"])  # the hole card plus cards still to come
            other = p["up"] + pool[:need]
            del pool[:need]
            if _rank(other).key > best:
                won = False
                break
        wins += won
    return wins / samples


# -- engine ------------------------------------------------------------------


class Stud:
    """The stud engine; see :class:`engines.base.Engine` for the contract.

    State fields: ``n`` seats; ``tier`` and its figures ``ante``, ``caps``
    (round caps after deals 2..5), ``max`` (per-game max), ``coins_mode``
    (real coins move); ``balances`` (coins per seat before the game, or None);
    ``deck`` (undealt cards, secret); ``hole`` (per seat, secret); ``up``
    (up cards per seat); ``put`` (本局已下注数: total put in this game per
    seat, chips/coins); ``folded``, ``left``, ``acted`` (this round) per seat;
    ``deal`` (2..5: the betting round follows that deal); ``first_dealer``
    (dealer until deal 2 is complete); ``dealer`` (current); ``turn`` (seat
    to act or None); ``action_no`` (decisions so far); ``over``; ``winner``;
    ``escaped`` (seat that escaped, or None); ``showdown`` (None, or
    ``{"hands": {str(seat): {...}}, "winner": seat}``); ``result`` (None, or
    ``{"how": "showdown"|"fold"|"escape", "nets", "coins", "summary", ...}``);
    ``rng``.

    Moves: ``{"type": "check"|"call"|"allin"|"fold"}``, ``{"type":
    "bet"|"raise", "to": N}`` where N is the player's new total this game.
    Outcome scores: net chips per seat (coins in coin tiers, play chips in
    casual/training); outcome coins: the same nets in coin tiers, else zeros.
    """

    info = INFO

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        """One game: antes taken, deals 1 and 2 done, the first round open.

        ``table`` (optional): ``{"coins": [balance per seat], "entered":
        [seats, seated longest first], "winners": [seats that won the
        table's previous game]}`` (RULES.md 2: who won last deals first,
        else who has sat longest).  The first dealer is ``winners[0]`` when
        given (and, with ``entered``, listed there), else ``entered[0]``
        (seat 0 without either).  Raises
        ``ValueError`` for a player count outside 2..4, an unknown tier, a
        malformed ``table`` or (coin tiers) a balance below the tier's
        ``min_coins``.
        """
        INFO.check_players(players)
        tier_name = INFO.settings(options)["tier"]
        if tier_name not in TIERS:
            raise ValueError(f"unknown tier {tier_name!r}")
        tier = TIERS[tier_name]
        table = table or {}
        balances = table.get("coins")
        if balances is not None:
            if not isinstance(balances, list) or len(balances) != players or not all(
                isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in balances
            ):
                raise ValueError("table['coins'] must list a balance >= 0 per seat")
            if tier["coins"] and min(balances) < tier["min_coins"]:
                raise ValueError(f"every player needs {tier['min_coins']} coins at the {tier_name} tier")
            balances = list(balances)
        entered = [e for e in table.get("entered") or [] if isinstance(e, int) and 0 <= e < players]
        first = entered[0] if entered else 0
        winners = table.get("winners")
        if isinstance(winners, list) and winners:
            winner = winners[0]
            if (
                isinstance(winner, int)
                and not isinstance(winner, bool)
                and 0 <= winner < players
                and (not entered or winner in entered)
            ):
                first = winner
        s: State = {
            "game": "stud",
            "n": players,
            "tier": tier_name,
            "ante": tier["ante"],
            "caps": list(tier["caps"]),
            "max": tier["max"],
            "coins_mode": tier["coins"],
            "balances": balances,
            "deck": [],
            "hole": [None] * players,
            "up": [[] for _ in range(players)],
            "put": [tier["ante"]] * players,  # the antes
            "folded": [False] * players,
            "left": [False] * players,
            "acted": [False] * players,
            "deal": 0,
            "first_dealer": first,
            "dealer": first,
            "turn": None,
            "action_no": 0,
            "over": False,
            "winner": None,
            "escaped": None,
            "showdown": None,
            "result": None,
            "rng": _rng.new_rng(seed),
        }
        s["deck"] = _rng.shuffle(s["rng"], list(DECK))
        self._deal(s, [])  # deal 1: hole cards
        self._deal(s, [])  # deal 2: first up card, opens the first round
        return s

    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] or state["turn"] is None else [state["turn"]]

    def turn_id(self, state: State, seat: int) -> str | None:
        if seat not in self.to_act(state):
            return None
        return f"g.d{state['deal']}.a{state['action_no']}.s{seat}"

    def turn_of(self, state: State, seat: int) -> str | None:
        return self.turn_id(state, seat)  # each action is a turn (a timeout folds)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move type; bet/raise at the minimum, the cap and every
        ante step between."""
        info = _legal_info(state, seat)
        if info is None:
            return []
        moves: list[Move] = []
        for kind in info["actions"]:
            if kind in ("bet", "raise"):
                lo, hi = info["min_to"], info["max_to"]
                amounts = list(range(lo, hi + 1, state["ante"]))
                if amounts[-1] != hi:
                    amounts.append(hi)
                moves.extend({"type": kind, "to": to} for to in amounts)
            else:
                moves.append({"type": kind})
        return moves

    def check_move(self, move: Move) -> None:
        _parse_move(move)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Play ``move`` for ``seat``.  Raises :class:`InvalidMove` for a
        malformed move (unknown type or keys, non-int ``to``) and
        :class:`IllegalMove` when it breaks the rules now (codes
        ``game_over``, ``not_your_turn``, ``not_allowed``, ``bad_amount``)."""
        kind, to = _parse_move(move)
        if state["over"]:
            raise IllegalMove("the game is over", "game_over")
        info = _legal_info(state, seat)
        if info is None:
            raise IllegalMove("not your turn", "not_your_turn")
        if kind not in info["actions"]:
            hint = {"bet": " (someone has bet: raise)", "raise": " (nobody has bet: bet)"}.get(kind, "")
            raise IllegalMove(f"{kind} is not allowed now{hint}", "not_allowed")
        if to is not None and not info["min_to"] <= to <= info["max_to"]:
            raise IllegalMove(
                f"{kind} to a total of {info['min_to']}..{info['max_to']}, got {to}", "bad_amount"
            )
        s = dict(state)  # new lists where the action changes them; the rest shared
        before = s["put"][seat]
        if kind == "fold":
            s["folded"] = list(state["folded"])
            s["folded"][seat] = True
        elif kind != "check":
            s["put"] = list(state["put"])
            if kind == "call":
                s["put"][seat] = info["call_to"]
            elif kind == "allin":
                s["put"][seat] = s["max"]
            else:  # bet or raise
                s["put"][seat] = to
        s["acted"] = list(state["acted"])
        s["acted"][seat] = True
        s["action_no"] += 1
        events: list[Event] = [
            {
                "type": "action",
                "seat": seat,
                "action": kind,
                "to": s["put"][seat],
                "added": s["put"][seat] - before,
                "pot": sum(s["put"]),
            }
        ]
        self._advance(s, seat, events)
        return s, events

    def _deal(self, s: State, events: list[Event]) -> None:
        """Deal the next card to every player still in, starting with the
        dealer (or the next player still in after a dealer who folded).
        ``deck``, ``hole``, ``up`` and each dealt seat's up cards become new
        lists (``s`` may share the old ones with an input state)."""
        n = s["n"]
        start = s["dealer"]
        order = [seat for seat in _in_order(start, n) if not s["folded"][seat]]
        s["deal"] += 1
        cards, s["deck"] = s["deck"][: len(order)], s["deck"][len(order) :]
        if s["deal"] == 1:
            s["hole"] = list(s["hole"])
        else:
            s["up"] = list(s["up"])
        for seat, card in zip(order, cards):
            if s["deal"] == 1:
                s["hole"][seat] = card
                events.append({"type": "deal", "deal": 1, "seat": seat})  # no card: it is hidden
            else:
                s["up"][seat] = [*s["up"][seat], card]
                events.append({"type": "deal", "deal": s["deal"], "seat": seat, "card": card})
        if s["deal"] >= 2:
            s["dealer"] = _dealer_of(s, order)
            s["acted"] = [False] * n
            s["turn"] = s["dealer"]
            events.append(
                {
                    "type": "round",
                    "deal": s["deal"],
                    "dealer": s["dealer"],
                    "cap": s["caps"][s["deal"] - 2],
                    "turn": s["turn"],
                }
            )

    def _advance(self, s: State, last: int, events: list[Event]) -> None:
        """After ``last`` acted: end the game, end the round, or pass the turn."""
        active = _active(s)
        if len(active) == 1:
            self._finish_fold(s, active[0], events)
            return
        high = max(s["put"])
        if all(s["acted"][a] and s["put"][a] == high for a in active):
            events.append({"type": "round_over", "deal": s["deal"], "pot": sum(s["put"])})
            if s["deal"] == 5:
                self._finish_showdown(s, events)
            else:
                self._deal(s, events)
            return
        for seat in _in_order(last + 1, s["n"]):
            if not s["folded"][seat] and (not s["acted"][seat] or s["put"][seat] < high):
                s["turn"] = seat
                return
        raise AssertionError("no seat to act in an open round")  # pragma: no cover

    def _unit(self, s: State) -> str:
        return "coins" if s["coins_mode"] else "chips"

    def _settle(self, s: State, how: str, winner: int, nets: list[int], summary: str, events: list[Event]) -> None:
        s["over"] = True
        s["turn"] = None
        s["winner"] = winner
        coins = list(nets) if s["coins_mode"] else [0] * s["n"]
        s["result"] = {
            "how": how,
            "winner": winner,
            "pot": sum(s["put"]),
            "nets": list(nets),
            "coins": coins,
            "summary": summary,
        }
        events.append({"type": "game_over", **s["result"]})

    def _pot_nets(self, s: State, winner: int) -> list[int]:
        # Everyone loses what they put in; the winner takes the whole pot.
        pot = sum(s["put"])
        return [(pot if seat == winner else 0) - s["put"][seat] for seat in range(s["n"])]

    def _finish_fold(self, s: State, winner: int, events: list[Event]) -> None:
        pot = sum(s["put"])
        summary = f"seat {winner} wins the pot of {pot} {self._unit(s)}: every other player folded"
        self._settle(s, "fold", winner, self._pot_nets(s, winner), summary, events)

    def _finish_showdown(self, s: State, events: list[Event]) -> None:
        hands = {}
        ranks = {}
        for seat in _active(s):
            cards = [s["hole"][seat], *s["up"][seat]]
            rank = _rank(cards)
            ranks[seat] = rank
            hands[str(seat)] = {
                "cards": cards,
                "category": rank.category,
                "name": rank.names,
            }
        winner = max(ranks, key=lambda seat: ranks[seat].key)
        s["showdown"] = {"hands": hands, "winner": winner}
        events.append({"type": "showdown", **s["showdown"]})
        best = ranks[winner]
        pot = sum(s["put"])
        summary = (
            f"seat {winner} wins the pot of {pot} {self._unit(s)} with "
            f"{best.name_en}: {' '.join(best.cards)}"
        )
        self._settle(s, "showdown", winner, self._pot_nets(s, winner), summary, events)

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        """A timed-out player folds, whatever else was allowed (RULES.md 2)."""
        return [{"type": "fold"}]

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        return move  # nothing hidden: every move is public

    def move_key(self, state: State, seat: int) -> str | int:
        return self.turn_id(state, seat) or ""

    def view(self, state: State, viewer: int | None) -> View:
        """Public table plus the viewer's own hole card.

        A hole card shows only to its owner, and to all at the showdown for
        players still in; a folded player's hole card never shows to others.
        The seat to act also gets ``you["legal"]``: actions, ``to_call``,
        ``call_to``, ``min_to``/``max_to`` (bet or raise totals), ``allin_to``.
        In coin tiers with known balances each player shows ``balance``
        (coins): before-game balance minus their total put in, settled once over.
        ``tier_name`` is the tier's ``{"en", "zh"}`` name; a showdown's hands
        carry their names (``name``).  ``caps``, each player's ``up``,
        ``showdown`` and ``result`` are the state's own objects (shared,
        read-only); the rest is built anew.
        """
        out = _public_view(state)
        if viewer is None or not 0 <= viewer < state["n"]:
            return out
        out = dict(out)
        entry = out["players"][viewer]
        if entry["hole"] is None and state["hole"][viewer] is not None:
            out["players"] = players = list(out["players"])
            players[viewer] = dict(entry, hole=state["hole"][viewer])
        out["you"] = {
            "seat": viewer,
            "hole": state["hole"][viewer],
            "legal": _legal_info(state, viewer),
        }
        return out

    def result(self, state: State) -> Outcome | None:
        """The outcome; ``detail``: ``{"kind": "showdown"|"fold"|"escape",
        "winner": seat (the escape's receiver), "pot", "unit":
        "coins"|"chips"}``, with ``hand`` (the winner's ``{"category",
        "name": {"en", "zh"}, "cards"}``) at a showdown and ``escaped``,
        ``paid`` after an escape."""
        if not state["over"]:
            return None
        r = state["result"]
        detail = {"kind": r["how"], "winner": r["winner"], "pot": r["pot"], "unit": self._unit(state)}
        if r["how"] == "showdown":
            best = state["showdown"]["hands"][str(r["winner"])]
            detail["hand"] = {"category": best["category"], "name": best["name"], "cards": best["cards"]}
        elif r["how"] == "escape":
            detail.update(escaped=r["escaped"], paid=r["paid"])
        return Outcome(
            winners=[r["winner"]],
            scores=list(r["nets"]),
            coins=list(r["coins"]),
            summary=r["summary"],
            stats=[{"escapes": int(seat == state["escaped"])} for seat in range(state["n"])],
            detail=detail,
        )

    def coins_to_sit(self, options: dict[str, Any]) -> int:
        return INFO.coins_needed(options)

    def leave(self, state: State, seat: int) -> tuple[State, list[Event]]:
        """``seat`` leaves mid-game (RULES.md 2).

        Still in: an escape 逃跑.  The game ends; every bet is returned; the
        leaver pays the pot of that moment (capped at their balance from
        ``table["coins"]`` in coin tiers, when known) to the current dealer,
        or, if the leaver is the dealer or the dealer has folded, to the best
        up cards among the others still in.  Already folded: leaves freely,
        bets stay, the game goes on.  After the game, or twice: no change.
        Raises ``ValueError`` for a seat outside the table.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state["n"]:
            raise ValueError(f"no seat {seat!r} at this table")
        if state["over"] or state["left"][seat]:
            return state, []
        s = dict(state)
        s["left"] = list(state["left"])
        s["left"][seat] = True
        if s["folded"][seat]:
            return s, [{"type": "left", "seat": seat}]
        s["escaped"] = seat
        receiver = _escape_receiver(s, seat)
        pot = sum(s["put"])
        paid = _escape_price(s, seat)
        nets = [0] * s["n"]
        nets[seat] = -paid
        nets[receiver] = paid
        events: list[Event] = [{"type": "escape", "seat": seat, "pot": pot, "paid": paid, "to": receiver}]
        summary = f"seat {seat} escaped; seat {receiver} receives {paid} {self._unit(s)}"
        self._settle(s, "escape", receiver, nets, summary, events)
        s["result"].update({"escaped": seat, "paid": paid})
        events[-1].update({"escaped": seat, "paid": paid})
        return s, events

    def leave_cost(self, state: State, seat: int) -> int:
        """What an escape would cost ``seat`` now (RULES.md 2, 逃跑), in the
        tier's unit: the pot, in coins capped at the balance at a coin tier,
        in play chips at the casual and training rooms, while the seat is
        still in a running game; else 0 (folded, left, over)."""
        if state["over"] or state["left"][seat] or state["folded"][seat]:
            return 0
        return _escape_price(state, seat)

    def leave_payee(self, state: State, seat: int) -> int | None:
        """The seat an escape by ``seat`` would pay now (RULES.md 2), as
        :meth:`leave` settles it: the dealer, or the best up cards among the
        others still in when ``seat`` is the dealer or the dealer folded;
        None while leaving costs nothing (:meth:`leave_cost` 0)."""
        if not self.leave_cost(state, seat):
            return None
        return _escape_receiver(state, seat)

    def leaves_freely(self, state: State, seat: int) -> bool:
        """RULES.md 2: a player who has folded may leave freely (their bets
        stay in the pot, the game goes on without them)."""
        return not state["over"] and not state["left"][seat] and bool(state["folded"][seat])

    def shown_ms(self, events: list[Event]) -> int:
        return 0  # its animations (static/games/motion.js, under 0.6 s) fit in the result pause

    def bot_move(self, view: View, seat: int, rng: random.Random) -> Move:
        """Equity-based play from the seat's own view: a small Monte Carlo
        over the unseen cards, then bet/raise when strong, call when the pot
        odds allow, else check or fold."""
        you = view.get("you") or {}
        legal = you.get("legal")
        if not legal:
            return {"type": "fold"}
        actions = legal["actions"]
        equity = _equity(view, seat, rng, samples=40)
        active = [p for p in view["players"] if not p["folded"]]
        fair = 1.0 / max(len(active), 1)
        ante = view["ante"]
        if "check" in actions:
            if "allin" in actions and equity > 0.9 and rng.random() < 0.5:
                return {"type": "allin"}
            if "bet" in actions and (equity > fair + 0.2 or rng.random() < 0.05):
                return {"type": "bet", "to": _size(legal, equity, fair, ante)}
            return {"type": "check"}
        to_call = legal["to_call"]
        odds = to_call / (view["pot"] + to_call)
        if "allin" in actions and equity > 0.9 and rng.random() < 0.5:
            return {"type": "allin"}
        if "raise" in actions and equity > fair + 0.3:
            return {"type": "raise", "to": _size(legal, equity, fair, ante)}
        if equity >= odds * 0.9 or rng.random() < 0.03:
            return {"type": "call"}
        return {"type": "fold"}


ENGINE = Stud()
