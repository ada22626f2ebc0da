"""The engine interface shared by every game, and the types it speaks.

An engine is a module-level object with pure functions over plain data: the
state, moves, events and views are dicts/lists/ints/strs/bools/None that
round-trip through msgpack unchanged (no tuples, no sets, no int dict keys:
seat-keyed maps use ``str(seat)`` keys).  Engines do no I/O, keep no
globals, never mutate their arguments, and draw every random number from the
seed kept inside the state (see :mod:`engines.rng`), so
``(options, seed, moves)`` replays a game exactly.  States, views and events
are read-only once returned: they share sub-objects with each other instead
of being copied (see :class:`Engine`).

Move types starting with ``_`` are reserved for the server: an engine may
return one from :meth:`Engine.timeout_moves` (Shut the Box's ``_timeout``
ends a turn, which no player may choose), and the lobby refuses any client
move whose type starts with ``_``.

Every engine module has the same sections, in this order (a game leaves out
those it does not need): ``constants``; ``metadata`` (``INFO``: a
:class:`GameInfo`, option defaults and labels in :class:`OptionSpec`);
``rules`` (public rule functions, pure and tested on their own); ``state``
(private helpers on states); ``bot`` (the bot's look-ahead); ``engine`` (the
class, its methods in :class:`Engine`'s order, each followed by its private
helpers); then ``ENGINE``, the instance the registry imports.  An engine reads
its options through :meth:`GameInfo.settings`, so a default is written once.

Errors: :class:`InvalidMove` when a move cannot be parsed (wrong shape or
types; code ``unknown_move`` when the game has no move of its ``type``, which
the lobby answers as ``unknown_move``), :class:`IllegalMove` when it is well
formed but against the rules now.  Both are ``ValueError`` subclasses
carrying a machine ``code``.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, runtime_checkable

from . import rng

State = dict[str, Any]
"""An engine's whole game state; msgpack-clean; holds secrets (seed, hands)."""
Move = dict[str, Any]
"""A move, e.g. ``{"type": "roll"}``; always has a str ``type``."""
Event = dict[str, Any]
"""Something that happened, public to everyone (no hidden information)."""
View = dict[str, Any]
"""What one viewer may see of a state; msgpack/JSON-clean."""


class InvalidMove(ValueError):
    """A move that cannot be parsed: not a dict, unknown ``type``, wrong field types."""

    code = "bad_move"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code:
            self.code = code


class IllegalMove(ValueError):
    """A well-formed move the rules do not allow now (not your turn, tile shut, ...)."""

    code = "illegal_move"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code:
            self.code = code


#: The most coins a stake option allows (sibala's and shut_the_box's
#: ``stake``, per player per round): every int option has its ``hi``, so a
#: form can say the range in place.
MAX_STAKE = 1_000_000


@dataclass(frozen=True)
class OptionSpec:
    """One table option an engine accepts.

    ``kind`` is ``"int"`` (``lo``..``hi`` inclusive) or ``"choice"`` (one of
    ``choices``).  ``default`` is used when the option is not given.
    ``label`` maps a language code (``"en"``, ``"zh"``) to the option's
    display name, like :attr:`GameInfo.title`; ``choice_labels`` maps
    ``str(choice)`` to such a map for each choice.  ``doc``: one English line.
    ``no_coins``: the values at which this option moves no coins (a stake
    of 0, stud's play-chip tiers), or None when it has no bearing on coins;
    a table's :meth:`Engine.coins_to_sit` is 0 exactly when every option
    that has them is at one of its ``no_coins`` values, so a client knows
    which options make coins move (and bots unable to sit) before it asks.
    """

    name: str
    kind: str
    default: Any
    lo: int | None = None
    hi: int | None = None
    choices: tuple[Any, ...] = ()
    doc: str = ""
    label: dict[str, str] = field(default_factory=dict)
    choice_labels: dict[str, dict[str, str]] = field(default_factory=dict)
    no_coins: tuple[Any, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON-clean data (``GET /api/games``)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "lo": self.lo,
            "hi": self.hi,
            "choices": list(self.choices),
            "doc": self.doc,
            "label": dict(self.label),
            "choice_labels": {k: dict(v) for k, v in self.choice_labels.items()},
            "no_coins": None if self.no_coins is None else list(self.no_coins),
        }


@dataclass(frozen=True)
class GameInfo:
    """Static metadata of a game.

    ``id`` is the registry key (``"sibala"``); ``title`` maps a language code
    (``"en"``, ``"zh"``) to the game's display name; ``min_players`` ..
    ``max_players`` bound the seats; ``default_players`` is the seat count a
    quick-match table opens with; ``options`` lists the engine's own options
    (seat count and turn time are the lobby's); ``board``: JSON-clean
    figures the browser shows before a game has a state (Yahtzee's score
    card rows, stud's tiers), from the engine's own constants.  ``coins``:
    how the coins a player needs to sit follow from the options (see
    :meth:`coins_needed`), or None where no coins move: ``{"times": int,
    "options": [name]}`` (``times`` × the product of those options'
    values) or ``{"option": name, "values": {str(choice): coins}}``; a
    client states and checks the need from it before it asks.
    ``variant``: language code -> one line naming the rules played where
    they differ from the boxed game a player may know (Yahtzee's kata
    rules, RULES.md 4), shown under the title; empty where none differ.
    """

    id: str
    title: dict[str, str]
    min_players: int
    max_players: int
    default_players: int
    options: tuple[OptionSpec, ...] = ()
    board: dict[str, Any] = field(default_factory=dict)
    coins: dict[str, Any] | None = None
    variant: dict[str, str] = field(default_factory=dict)

    def coins_needed(self, options: dict[str, Any] | None) -> int:
        """The coins a player needs to sit with ``options`` (defaults filled
        in), by :attr:`coins`: 0 where no coins move."""
        rule, opts = self.coins, self.settings(options)
        if not rule:
            return 0
        if "option" in rule:
            return int(rule["values"][str(opts[rule["option"]])])
        need = rule["times"]
        for name in rule["options"]:
            need *= opts[name]
        return need

    def to_dict(self) -> dict[str, Any]:
        """The game's metadata as JSON-clean data (``GET /api/games``, the
        ``welcome`` frame); new containers, nothing shared."""
        return {
            "id": self.id,
            "title": dict(self.title),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": [spec.to_dict() for spec in self.options],
            "board": copy.deepcopy(self.board),
            "coins": copy.deepcopy(self.coins),
            "variant": dict(self.variant),
        }

    def settings(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option of :attr:`options` by name: the value given in
        ``options``, else the spec's default.  The one place an engine reads
        its defaults; it does not validate (:func:`validate_options` does)."""
        options = options or {}
        return {spec.name: options.get(spec.name, spec.default) for spec in self.options}

    def check_players(self, players: int) -> None:
        """Raise ``ValueError`` unless ``players`` is an int in
        ``min_players..max_players``."""
        if isinstance(players, bool) or not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.id} takes {self.min_players}..{self.max_players} players")


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    ``winners``: seats that won (several when they share); ``scores``: one
    number per seat (game-specific meaning, documented by the engine);
    ``coins``: net coin change per seat (sums to 0; all zeros for games
    played without a stake); ``summary``: one human line (English);
    ``detail``: the same as data, for a client to word in any language:
    ``{"kind": str, ...}`` with the figures the summary names (each
    engine documents its kinds); ``stats``: per seat, the game's own
    counters added to the player's record (stud: ``{"escapes": 0 or 1}``),
    or empty when the game keeps none.  ``stats`` stays out of
    :meth:`to_dict` (the public result).
    """

    winners: list[int]
    scores: list[float]
    coins: list[int] = field(default_factory=list)
    summary: str = ""
    stats: list[dict[str, int]] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The outcome as msgpack-clean data."""
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "coins": list(self.coins),
            "summary": self.summary,
            "detail": dict(self.detail),
        }


@runtime_checkable
class Engine(Protocol):
    """What the lobby needs from a game.  Every function is pure.

    Seats are ints ``0..n-1``.  A *turn id* names the decision a seat is
    asked to make; a client's move names it, and the lobby refuses the move
    when that seat's current turn id differs (the turn is over).  Several
    moves may share one turn id (Yahtzee's rolls then score), and several
    seats may act at once (6 Nimmt!'s picks).

    Read-only data, shared, never copied: :meth:`initial_state`,
    :meth:`apply`, :meth:`timeout_moves` and :meth:`leave` (like every other
    function here) never mutate their inputs.  A returned state may share
    unchanged sub-objects with the input state (an apply copies only the
    containers its move changes), so nobody may mutate a state or anything
    reachable from it.  :meth:`view` may return objects shared with the state
    (it builds new containers only where the view differs from the state) and
    events may share objects with the state too: callers treat views and
    events as read-only as well.  The conformance test checks that no call
    changes an earlier state, view or event.
    """

    info: GameInfo

    def initial_state(
        self, players: int, options: dict[str, Any], seed: bytes, table: dict[str, Any] | None = None
    ) -> State:
        """A new game for ``players`` seats.  ``options`` are already validated
        (:func:`engines.validate_options`); ``seed`` is 32 secret bytes.
        ``table`` is what the lobby knows of the table, for games that carry
        things over: ``{"coins": [balance per seat, coins], "entered": [seats,
        who has sat at the table longest first], "winners": [seats that won
        the table's previous game, numbered as in this game; empty for the
        first game]}``; the engine decides what follows from them (stud's
        first dealer).  Raises ``ValueError`` for a player count outside the
        game's range."""
        ...

    def to_act(self, state: State) -> list[int]:
        """Seats that must act now, ascending; empty when the game is over."""
        ...

    def turn_id(self, state: State, seat: int) -> str | None:
        """The id of ``seat``'s current decision, or None if it has none.
        Every seat in :meth:`to_act` has one; a seat outside it may keep one
        where the game lets it change a decision until others have made
        theirs (6 Nimmt!'s pick until the reveal): the lobby accepts its move
        with that id, but sets it no clock and plays it no forced move."""
        ...

    def turn_of(self, state: State, seat: int) -> str | None:
        """The id of the turn ``seat``'s current decision belongs to (None
        if it need not act): a turn may ask several decisions (6 Nimmt!'s
        pick, then a row when that card is below every row), and the lobby
        counts a turn's timeouts once towards marking a seat away."""
        ...

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of ``seat`` now (amount ranges may be sampled
        representatives; :meth:`apply` is the judge).  Read-only like a
        view: the list may be shared between calls (the table view sends it
        as the seat's ``moves``)."""
        ...

    def check_move(self, move: Move) -> None:
        """Raise :class:`InvalidMove` when ``move`` cannot be parsed (code
        ``unknown_move`` when the game has no move of its ``type``), as
        :meth:`apply` would, from the move alone: its shape needs no state,
        so the lobby judges it before the turn (a malformed stale move is
        ``bad_move``, not ``turn_over``)."""
        ...

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """The state after ``seat`` plays ``move``, and public events.
        Raises :class:`InvalidMove` (:meth:`check_move`'s) or
        :class:`IllegalMove`; never mutates ``state``."""
        ...

    def timeout_moves(self, state: State, seat: int) -> list[Move]:
        """The forced move(s) RULES.md names for ``seat`` when its deadline
        passes, applied in order within one commit."""
        ...

    def public_move(self, state: State, seat: int, move: Move) -> Move:
        """What everyone may know of ``move``, played for ``seat`` (by its
        deadline or a bot), as of ``state``, the state after the commit that
        played it: the move itself where the rules hide nothing, else only
        what they show (6 Nimmt!'s pick is ``{"type": "pick"}`` until the
        cards are revealed).  The lobby's ``timeout`` event carries it."""
        ...

    def move_key(self, state: State, seat: int) -> str | int:
        """Where the boards mark a move played for ``seat`` in ``state`` (the
        state before it) by its deadline or a bot: public, msgpack-clean,
        the same for every viewer (Sibala: the round, 0-based; 6 Nimmt!:
        ``"round.turn"``, the reveal the move belongs to; else the turn id).
        The table view's ``forced`` list carries it."""
        ...

    def view(self, state: State, viewer: int | None) -> View:
        """What ``viewer`` (a seat, or None for a spectator) may see.  Never
        contains the seed nor anything the rules hide from that viewer.  May
        share objects with ``state`` and with other views of the same state
        (figures built once per state): read-only, like the state."""
        ...

    def result(self, state: State) -> Outcome | None:
        """The outcome once the game is over, else None."""
        ...

    def coins_to_sit(self, options: dict[str, Any]) -> int:
        """Coins a player needs to sit at a table with these options: the
        most one game can cost them (0 when no coins move).  The lobby also
        lets bots sit only where this is 0."""
        ...

    def leave(self, state: State, seat: int) -> tuple[State, list[Event]] | None:
        """``seat``'s player leaves the table mid-game.  Returns the new state
        and events when the rules give leaving a meaning (stud's escape 逃跑),
        or None when they do not, in which case the lobby keeps the seat,
        played by a bot."""
        ...

    def leave_cost(self, state: State, seat: int) -> int:
        """What ``seat``'s player would pay by leaving now, as :meth:`leave`
        would take it, in the game's unit (stud's escape: the pot, in coins
        capped at the balance, or in play chips where no coins move; 0 where
        leaving hands the seat to a bot, whose result still counts)."""
        ...

    def leave_payee(self, state: State, seat: int) -> int | None:
        """The seat that :meth:`leave` would pay ``seat``'s :meth:`leave_cost`
        to now, chosen as the settlement will choose it (stud's escape: the
        dealer, or the best up cards among the others still in when the
        leaver is the dealer or the dealer folded); None where leaving costs
        nothing (never ``seat`` itself)."""
        ...

    def leaves_freely(self, state: State, seat: int) -> bool:
        """Whether ``seat`` has nothing left to play in this running game
        (stud: it folded), so its player may leave freely: no bot takes the
        seat, it costs nothing and it does not count as leaving (the lobby
        ranks it by the result: :func:`lobby.ratings.absent`).  False where
        a left seat is played to the end by a bot."""
        ...

    def bot_move(self, view: View, seat: int, rng: random.Random) -> Move:
        """A bot's move computed from the seat's own :meth:`view` only, so a
        bot knows no more than a person in that seat."""
        ...

    def shown_ms(self, events: list[Event]) -> int:
        """How long (ms) the page takes to show what a change's ``events``
        did, where that outlasts the lobby's result pause (6 Nimmt!: the
        revealed cards' flip and each placed card's flight, one after
        another); the lobby starts no clock before it ends where the table
        paces its results (:func:`lobby.tables.play._after_change`).  0 for
        games whose animations fit in the result pause."""
        ...


def last_of(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``fn`` remembering its last result, by the argument's identity.

    States are read-only and shared, so one version's views (one per seat)
    pass the same objects: the figures every view shows are then computed
    once per version.  One entry, holding its argument (so no other object
    can take its id); ``fn`` must return immutable data (the views copy
    what they hand out)."""
    entry: tuple[Any, Any] = (object(), None)

    def last(arg: Any) -> Any:
        nonlocal entry
        key, value = entry
        if key is not arg:
            value = fn(arg)
            entry = (arg, value)  # one assignment: a reader sees the old pair or the new one
        return value

    return last


def validate_options(info: GameInfo, options: dict[str, Any] | None) -> dict[str, Any]:
    """Options with defaults filled in.

    Raises ``ValueError`` for an unknown name, a wrong type or a value out of
    range.  Returns a new dict holding every option of ``info.options``.
    """
    options = dict(options or {})
    out: dict[str, Any] = {}
    specs = {spec.name: spec for spec in info.options}
    unknown = set(options) - set(specs)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    for spec in info.options:
        value = options.get(spec.name, spec.default)
        if spec.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {spec.name} must be an integer")
            if (spec.lo is not None and value < spec.lo) or (spec.hi is not None and value > spec.hi):
                raise ValueError(f"option {spec.name} must be in {spec.lo}..{spec.hi}")
        elif spec.kind == "choice":
            if value not in spec.choices:
                raise ValueError(f"option {spec.name} must be one of {list(spec.choices)}")
        out[spec.name] = value
    return out


def public_view(state: State) -> View:
    """A view of a game that hides nothing but its seed (Sibala, Yahtzee,
    Shut the Box): a new dict of the state's fields but ``rng``, whose values
    are the state's own (shared, read-only)."""
    return {k: v for k, v in state.items() if k != "rng"}


def move_type(move: Any) -> Any:
    """The ``type`` of a client move.  Raises :class:`InvalidMove` when the
    move is not a dict."""
    if not isinstance(move, dict):
        raise InvalidMove("a move is a dict with a 'type'")
    return move.get("type")


def distinct_ints(value: Any, lo: int, hi: int) -> bool:
    """Whether ``value`` is a list of distinct ints (not bools) in ``lo..hi``."""
    return (
        isinstance(value, list)
        and all(isinstance(i, int) and not isinstance(i, bool) and lo <= i <= hi for i in value)
        and len(set(value)) == len(value)
    )


def match_start(info: GameInfo, players: int, options: dict[str, Any]) -> State:
    """The first fields of a match of rounds with a stake (Sibala, Shut the
    Box): ``n``, ``rounds``, ``stake`` (coins, from ``options`` with their
    defaults) and ``round`` 0.  Raises ``ValueError`` for a seat count
    outside the game's range or a bad option."""
    info.check_players(players)
    opts = info.settings(options)
    return {"n": players, "rounds": opts["rounds"], "stake": opts["stake"], "round": 0}


def match_tail(players: int, seed: bytes) -> State:
    """The last fields of a match's first state (after the game's own):
    ``wins`` and ``coins`` per seat (0), ``history`` ([]) and ``rng``
    (from the 32-byte ``seed``)."""
    return {"wins": [0] * players, "coins": [0] * players, "history": [], "rng": rng.new_rng(seed)}


class NoCoins:
    """The :class:`Engine` methods of a game where no coins move and a
    player who leaves mid-game is replaced by a bot (6 Nimmt!, Yahtzee)."""

    def coins_to_sit(self, options: dict[str, Any]) -> int:
        return 0

    def leave(self, state: State, seat: int) -> None:
        return None

    def leave_cost(self, state: State, seat: int) -> int:
        return 0  # a bot plays a left seat: leaving itself costs nothing

    def leave_payee(self, state: State, seat: int) -> int | None:
        return None  # nothing is paid

    def leaves_freely(self, state: State, seat: int) -> bool:
        return False  # every seat plays to the end: a left one by a bot


def most_rounds_won(state: State) -> Outcome | None:
    """The outcome of a match of ``state["rounds"]`` rounds (RULES.md 1 and
    5): whoever won the most rounds (``state["wins"]``), ties share; scores
    are rounds won; coins from ``state["coins"]``; detail ``{"kind":
    "most_rounds_won", "wins": the winners' rounds won}``.  None while
    rounds remain."""
    if state["round"] < state["rounds"]:
        return None
    wins = state["wins"]
    best = max(wins)
    return Outcome(
        winners=[s for s, w in enumerate(wins) if w == best],
        scores=list(wins),
        coins=list(state["coins"]),
        summary=f"most rounds won: {best}",
        detail={"kind": "most_rounds_won", "wins": best},
    )
