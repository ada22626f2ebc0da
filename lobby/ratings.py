"""Ratings per game (openskill's Weng–Lin Plackett–Luce), leaderboards and
profiles.

Which games count.  A finished game with at least two people (seats with
a player, a seat they left included) is rated; a game of one person and
bots is not (nothing about people is learnt from it).  Bots in a rated
game take part with a fixed rating, the newcomer's (μ 25, σ 25/3), never
updated: finishing ahead of a bot is evidence of skill, the bots' rating
cannot be pumped or drained, and a person's rating is not moved by the
bots' record.

Who left.  A person *played the game to its end* unless they left it
mid-game (a bot finished their seat).  A seat away at the end (timed out
``away_after`` turns in a row, a bot then playing for it) was not left: it
keeps the result the game gives it, rated and counted like any other (a
win while away is a win; only leaving forfeits: issue #28).  Nobody
gains or loses rating from a person who did not play it to its end (issue
#16: an account opening a private table for fresh guests who left at the
start ranked first every time: 1000 to 1409 shown in ten games): each person
who did is rated from the game among those who did (and the bots), ranks
taken among them; if fewer than two people did, they are not rated for
that game (their seat's change is None, as a bot's).  Each person who did
not is rated from the whole game with their seat ranked below every other,
the other absent ones included (each one's update is their own, so when
every person was absent, each still loses, whichever seat their bot won
with): an abandonment is a loss, else leaving a game one is losing would
escape it; their record counts a loss, never a win (the settlement,
lobby/tables/play.py).  Their update touches no one else's, so
leaving neither helps nor hurts the others.  :func:`absent` says who;
:func:`changes` computes both.  (What this leaves open, throwaway guests
who stay and lose, private tables: docs/security.md, *Collusion*.)

The model.  :data:`MODEL` is openskill's ``PlackettLuce`` with its
defaults (μ 25, σ 25/3, β 25/6, τ 25/300): a free-for-all of 2..10 seats
is a full ranking of one-player teams, which is what Plackett–Luce models
(Weng & Lin 2011, algorithm 4): cost linear in the seats, ties shared
(equal ranks), and a game of two is the Bradley–Terry case.  Ranks come
from the result: winners first, then every seat by score in the
direction the winners' scores show (6 Nimmt!: fewer bull heads is better;
the others: more), equal scores tied.  Ratings are stored, and
leaderboards ranked, by openskill's ordinal μ − 3σ (0 for a newcomer).

What people see.  The ordinal reads badly (a newcomer has 0, one loss
makes it negative), so the figure shown everywhere (result panel,
leaderboard, profile) is :func:`shown`: ``round(1000 + 20 × ordinal)``,
never below 0: a newcomer has 1000, one lost game of two about 963, a
strong regular 1500..1800; it orders players exactly as the ordinal does
(up to rounding).  A game's change is the signed difference of that figure
(after − before, each rounded first, so the panel's "1037 (+37)" adds up).
A rating is *provisional* (shown with a mark) while σ is above
:data:`PROVISIONAL_SIGMA` (6, from the newcomer's 8.33: about the first
ten two-person games; longer in big games, which teach less per seat).

Exactly once.  A rated game's changes are computed once and recorded in
its settlement (``settlement.ratings``, one entry per seat, and each
player's ``stats`` ``rp``, ``rm`` and ``rated``: the change in natural
parameters, below) by the compare-and-set commit that ends the game
(:func:`rated`, from :meth:`Rooms.update`), before anything is paid; the
settlement is then applied as coins are (:meth:`Store.apply_settlements`:
once per settlement id and player, in the same script as the coins), so a
process killed at any point leaves the recorded changes to apply, never
twice.  A settlement committed unrated (by an older process) is rated by
:func:`rate` first.  Leaderboards and recent games follow, idempotent.

In any order.  Each game is rated from its players' ratings at its
*start* (read with their coins in the round trip that starts it, kept in
the doc as ``rated_from``), and what it adds is stored as increments of
the natural parameters of the player's Gaussian: the precision 1/σ² and
the precision-weighted mean μ/σ² (``<game>:rp`` and ``<game>:rm``, in
units of 1/:data:`NSCALE`, on top of the base ``<game>:rmu`` and
``<game>:rsigma``, μ − 25 and σ − 25/3 in millionths, which ratings from
before this way left and nothing writes now: :func:`stored`).  Integer
increments add up to the same sum whatever order the games' payouts
commit in, so a player's rating, its leaderboard row, ``me`` and the
profile are the same figure however games that overlapped ended (issue
#27, kind 2).  Games played one after the other are rated exactly as
openskill rates them in turn (the next starts from what the last left);
games that overlap combine as independent evidence does (precisions
add), close to any order in turn: 18 simultaneous two-person games, 9
won and 9 lost against newcomers, leave a newcomer at 1164 shown, in
turn 1080..1153 by the order; six wins at once over newcomers 1318, in
turn 1300 (the seventeenth pass: each game's step is taken at the σ
the player started it with, larger than in turn); adding each game's
change of σ instead (the fourteenth pass's exploit) gave 1289 for the
9-9 record.  σ stays within
[:data:`SIGMA_FLOOR`, σ0] however many games overlap.  A result panel
goes from the rating as stored at the game's end (read then, every game
that ended before it in it) to that with this game's increments: the
figure ``me`` and the profile show once it is paid (unless another game
of the player was paid between that read and this commit).
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, cast

from openskill.models import PlackettLuce

import engines

from . import tables
from .name_keys import mark_rows
from .player_store import public_id  # noqa: F401 (re-exported: ratings.public_id)
from .protocol import ErrorCode, lookup_keys
from .store import Store, now_ms
from .tables import LobbyError

if TYPE_CHECKING:
    from .rooms import Rooms

MODEL = PlackettLuce()
MU0 = MODEL.mu
SIGMA0 = MODEL.sigma
#: stored base units per rating point (``<game>:rmu``, ``<game>:rsigma``)
SCALE = 1_000_000
#: stored units per unit of precision 1/σ² and of μ/σ² (``<game>:rp``, ``<game>:rm``)
NSCALE = 10**12
#: σ never reads below this, however many games overlapped (their precisions add);
#: a player rated one game at a time settles near 2
SIGMA_FLOOR = 1.0
#: the player-hash fields of a game's rating, ``<game>:<field>``: base μ, base σ, precision, mean
FIELDS = ("rmu", "rsigma", "rp", "rm")
#: the precision 1/σ² a stored rating reads within: σ in [SIGMA_FLOOR, σ0]
LEAST_PRECISION, MOST_PRECISION = 1 / SIGMA0**2, 1 / SIGMA_FLOOR**2
#: what the commit script needs to read a stored rating as :func:`stored` does:
#: (μ0, σ0, base scale, natural scale, least precision, most precision)
STORED_BASE = (MU0, SIGMA0, SCALE, NSCALE, LEAST_PRECISION, MOST_PRECISION)
#: players per leaderboard page
PAGE = 50
#: the shown rating: DISPLAY_BASE + DISPLAY_SCALE × ordinal, rounded, never below 0
DISPLAY_BASE = 1000
DISPLAY_SCALE = 20
#: a rating is shown as provisional while σ is above this
PROVISIONAL_SIGMA = 6.0
#: what the settlement (and so the table view) keeps of each seat's change
SHOWN_CHANGE = ("before", "after", "delta", "rating", "rating_delta", "provisional")
#: recent games kept per player (profile)
KEEP_RECENT = 20
#: recent games a profile shows
SHOWN_RECENT = 10


def ordinal(mu: float, sigma: float) -> float:
    """The shown rating: μ − 3σ (openskill's ordinal)."""
    return mu - 3 * sigma


def shown(ordinal_value: float) -> int:
    """The rating people see for an ordinal (module docstring): a
    newcomer's 0 is 1000; never negative."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal_value))


def provisional(sigma: float) -> bool:
    """Whether a rating of this σ is shown as provisional (few games yet)."""
    return sigma > PROVISIONAL_SIGMA


def stored(raw_mu: Any = None, raw_sigma: Any = None, raw_p: Any = None, raw_m: Any = None) -> tuple[float, float]:
    """``(μ, σ)`` of a rating as stored (the fields :data:`FIELDS`, each
    None for a newcomer): the base (μ0 + rmu/:data:`SCALE`, σ0 +
    rsigma/:data:`SCALE`) with the natural-parameter increments added,
    precision L = 1/σb² + rp/:data:`NSCALE` (kept within
    [1/σ0², 1/:data:`SIGMA_FLOOR`²]) and E = μb/σb² + rm/:data:`NSCALE`: μ
    = E/L, σ = 1/√L (without increments: the base, exactly).
    lobby/lua/commit.lua's leaderboard row computes the same, in the same
    steps."""
    mb = MU0 + int(raw_mu or 0) / SCALE
    sb = SIGMA0 + int(raw_sigma or 0) / SCALE
    p, m = int(raw_p or 0), int(raw_m or 0)
    if not p and not m:
        return mb, sb  # the base alone, exactly
    precision = min(max(1 / (sb * sb) + p / NSCALE, LEAST_PRECISION), MOST_PRECISION)
    mean = mb / (sb * sb) + m / NSCALE
    return mean / precision, 1 / math.sqrt(precision)


def fields(game: str) -> list[str]:
    """The player-hash fields holding a rating in ``game`` (:data:`FIELDS`)."""
    return [f"{game}:{field}" for field in FIELDS]


def increments(start: tuple[float, float], after: tuple[float, float]) -> dict[str, int]:
    """What one game adds to a player's stored rating: ``{"rp", "rm"}``,
    the change of precision 1/σ² and of μ/σ² from ``start`` ``(μ, σ)`` (the
    rating at the game's start) to ``after`` (openskill's update), in
    units of 1/:data:`NSCALE`."""
    (mu0, sigma0), (mu1, sigma1) = start, after
    return {
        "rp": round((1 / (sigma1 * sigma1) - 1 / (sigma0 * sigma0)) * NSCALE),
        "rm": round((mu1 / (sigma1 * sigma1) - mu0 / (sigma0 * sigma0)) * NSCALE),
    }


def absent(seat: tables.Seat | None) -> bool:
    """Whether a person held ``seat`` but did not play the game to its end
    (module docstring, *Who left*): they left it mid-game (a bot took it
    over: ``left`` and ``bot``; a seat left after the game ended, or left
    freely with nothing more to play (stud: folded,
    :func:`lobby.tables.leave`), keeps ``bot`` false).  An away seat that
    never left played it: it keeps its result.  False for a bot's seat or
    an empty one."""
    return bool(seat and seat.get("pid") and seat.get("left") and seat.get("bot"))


def ranks(doc: tables.TableDoc, among: list[int] | None = None, last: int | None = None) -> list[int]:
    """Each seat's rank in the table's finished game (1: best; equal ranks
    tie): winners, then by score in the winners' direction; an
    :func:`absent` seat after every other.  With ``last`` (a seat number):
    that seat alone below every other, absent ones included (its own
    update as a loss, :func:`changes`).  With ``among`` (seat numbers):
    the ranks of those seats among themselves only, in that order."""
    result = doc["result"]
    scores, winners = result["scores"], set(result["winners"])
    higher = not winners or max(scores[w] for w in winners) >= max(scores)
    keys = [
        (2 if seat == last else int(absent(s)), seat not in winners, -scores[seat] if higher else scores[seat])
        for seat, s in enumerate(doc["seats"])
    ]
    if among is not None:
        keys = [keys[seat] for seat in among]
    return [1 + sum(other < key for other in keys) for key in keys]


def pending(doc: tables.TableDoc) -> bool:
    """Whether the table's pending settlement is of a rated game not rated yet."""
    st = doc.get("settlement")
    return bool(st) and not st["done"] and "ratings" not in st and len(st["players"]) >= 2 and doc.get("result") is not None


def changes(doc: tables.TableDoc, current: dict[str, tuple[float, float]]) -> list[dict[str, Any] | None]:
    """The rating change of each seat of a finished rated game, from the
    players' ``current`` ``(μ, σ)`` (bots: fixed), by the rule of the
    module docstring (*Who left*): per seat None (a bot, or a person who
    played to the end with fewer than two people doing so) or
    ``{"before", "after", "delta"}`` (ordinals, 2 decimals), ``"rating"``
    and ``"rating_delta"`` (the shown figure after and its change:
    :func:`shown`), ``"provisional"``, and ``mu`` and ``sigma`` (the new
    ones) for the settlement."""
    seats = [s or {} for s in doc["seats"]]
    teams = [[MODEL.rating(*(current[s["pid"]] if s.get("pid") else (MU0, SIGMA0)))] for s in seats]
    new: dict[int, Any] = {}
    gone = [seat for seat, s in enumerate(seats) if absent(s)]
    for seat in gone:  # each absent person: the whole game, ranked below every other seat (a loss, even if all are absent)
        new[seat] = MODEL.rate(teams, ranks=ranks(doc, last=seat))[seat][0]
    stayed = [seat for seat in range(len(seats)) if seat not in gone]
    if sum(1 for seat in stayed if seats[seat].get("pid")) >= 2:  # the game among those who played it to its end
        among = MODEL.rate([teams[seat] for seat in stayed], ranks=ranks(doc, stayed))
        new.update((seat, rated) for seat, (rated,) in zip(stayed, among) if seats[seat].get("pid"))
    out: list[dict[str, Any] | None] = []
    for seat, (old,) in enumerate(teams):
        if seat not in new:
            out.append(None)
            continue
        after_rating = new[seat]
        out.append({**shown_change((old.mu, old.sigma), (after_rating.mu, after_rating.sigma)), "mu": after_rating.mu, "sigma": after_rating.sigma})
    return out


def shown_change(before: tuple[float, float], after: tuple[float, float]) -> dict[str, Any]:
    """A seat's line of a result panel for a rating going from ``before`` to
    ``after`` (each ``(μ, σ)``): ``{"before", "after", "delta"}`` (ordinals,
    2 decimals), ``"rating"`` and ``"rating_delta"`` (the shown figure after
    and its change: :func:`shown`) and ``"provisional"``."""
    b, a = ordinal(*before), ordinal(*after)
    return {"before": round(b, 2), "after": round(a, 2), "delta": round(a - b, 2), "rating": shown(a), "rating_delta": shown(a) - shown(b), "provisional": provisional(after[1])}


def with_ratings(
    doc: tables.TableDoc,
    settlement_id: str,
    per_seat: list[dict[str, Any] | None],
    current: dict[str, tuple[float, float]],
    now: int,
    stored_now: dict[str, tuple[int, int, int, int]],
) -> tables.Change | None:
    """The table transition that records a game's rating changes in its
    pending settlement (``per_seat`` from :func:`changes` on ``current``,
    the players' ratings at the game's start): each rated player's
    ``stats`` (not one whose change is None) gaining :func:`increments`
    (``rp``, ``rm``) and ``rated`` 1, and ``settlement.ratings`` per seat
    (:data:`SHOWN_CHANGE`): from the rating as stored at the game's end
    (``stored_now``: pid -> the :data:`FIELDS` as integers, every game
    that ended before this one in them) to that with this game's
    increments, so its "after" is what ``me`` and the profile show once it
    is paid; log ``{"kind": "rated", "id"}``.  None when that settlement is
    not pending unrated (the contract of :mod:`lobby.tables`)."""
    st = doc.get("settlement")
    if not st or st["id"] != settlement_id or st["done"] or "ratings" in st:
        return None
    d = cast(tables.TableDoc, dict(doc, settlement=dict(st), events=[]))
    players = []
    shown_lines: list[dict[str, Any] | None] = [None] * len(per_seat)
    for entry in st["players"]:
        change = per_seat[entry["seat"]]
        if change is None:  # not rated for this game (too few people played it to its end)
            players.append(entry)
            continue
        added = increments(current[entry["pid"]], (change["mu"], change["sigma"]))
        players.append(dict(entry, stats=dict(entry["stats"], **added, rated=1)))
        rmu, rsigma, rp, rm = stored_now[entry["pid"]]
        shown_lines[entry["seat"]] = shown_change(stored(rmu, rsigma, rp, rm), stored(rmu, rsigma, rp + added["rp"], rm + added["rm"]))
    d["settlement"]["players"] = players
    d["settlement"]["ratings"] = shown_lines
    return tables.Change(d, {"kind": "rated", "at": now, "id": settlement_id})


def rated(change: tables.Change, current: dict[str, tuple[float, float]], stored_now: dict[str, tuple[int, int, int, int]]) -> tables.Change:
    """``change`` (one that ends a rated game: :func:`pending` of its doc)
    with the game's rating changes recorded in its settlement, as
    :func:`with_ratings` records them, from the players' ``current``
    ratings: the table commits the end of the game and its ratings at once
    (its events and log record stay the change's own)."""
    doc = change.doc
    st = doc["settlement"]
    recorded = with_ratings(doc, st["id"], changes(doc, current), current, change.log.get("at", 0), stored_now)
    if recorded is None:
        return change
    d = recorded.doc
    d["events"] = doc["events"]
    return tables.Change(d, change.log, change.seats)


def at_start(doc: tables.TableDoc) -> dict[str, tuple[float, float]]:
    """The ratings ``(μ, σ)`` the players of the table's game had when it
    started (the doc's ``rated_from``, read with their coins by the
    commit that started it), by pid; empty for a game started without
    them (by a transition given no ``ratings``, or an older process): those
    are read at the game's end (:meth:`Rooms.update`)."""
    return {pid: (float(mu), float(sigma)) for pid, (mu, sigma) in (doc.get("rated_from") or {}).items()}


async def current(store: Store, game: str, pids: list[str]) -> dict[str, tuple[float, float]]:
    """Each player's ``(μ, σ)`` in ``game`` now."""
    return {pid: stored(*row) for pid, row in (await stored_fields(store, game, pids)).items()}


async def stored_fields(store: Store, game: str, pids: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """Each player's rating in ``game`` as stored now: the :data:`FIELDS`
    as integers (0 where absent), in one round trip."""
    rows = await store.run([("HMGET", store.player_key(pid), *fields(game)) for pid in pids]) if pids else []
    return {pid: cast(tuple[int, int, int, int], tuple(int(v or 0) for v in row)) for pid, row in zip(pids, rows)}


async def with_balances(store: Store, game: str, pids: list[str]) -> tuple[dict[str, int], dict[str, tuple[float, float]]]:
    """Each player's coins (0 for an unknown player) and ``(μ, σ)`` in
    ``game``, in one round trip: what a game's start reads (the coins
    to sit, the ratings it is rated from: :func:`at_start`)."""
    rows = await store.run([("HMGET", store.player_key(pid), "coins", *fields(game)) for pid in pids]) if pids else []
    return (
        {pid: int(row[0]) if row[0] is not None else 0 for pid, row in zip(pids, rows)},
        {pid: stored(*row[1:]) for pid, row in zip(pids, rows)},
    )


async def rate(rooms: Rooms, table_id: str, doc: tables.TableDoc) -> None:
    """Compute and commit the rating changes of the table's pending rated
    game (:func:`pending`), once: a lost race leaves the first commit's.
    That commit settles the table (its side effects pay it out).  Games
    ending through :meth:`Rooms.update` are rated in their last commit
    (:func:`rated`); this is for a table whose settlement was committed
    unrated (by an older process)."""
    st = doc["settlement"]
    now_fields = await stored_fields(rooms.store, doc["game"], [e["pid"] for e in st["players"]])
    now_ratings = {pid: stored(*row) for pid, row in now_fields.items()}
    per_seat = changes(doc, now_ratings)
    await rooms.update(table_id, lambda d, now, ctx: with_ratings(d, st["id"], per_seat, now_ratings, now, now_fields))


async def settled(store: Store, doc: tables.TableDoc) -> None:
    """After a settlement was applied on its own (a cluster: the commit
    that ends a game cannot span the players' slots), its history
    (:func:`history_cmds`) is written, and each rated player's leaderboard
    row from their rating as stored now (with every game applied so far,
    as ``me`` and the profile show it; two payouts of one player racing on
    a cluster may leave the row one game behind until their next game)."""
    rated = rated_pids(doc)
    now = await current(store, doc["game"], rated) if rated else {}
    await store.run(history_cmds(store, doc) + [store.board_cmd(doc["game"], pid, ordinal(*now[pid])) for pid in rated])


def rated_pids(doc: tables.TableDoc) -> list[str]:
    """The players a finished game's settlement rated (their leaderboard
    rows change)."""
    st = doc["settlement"]
    if "ratings" not in st:
        return []
    return [e["pid"] for e in st["players"] if st["ratings"][e["seat"]] is not None]


def history_cmds(store: Store, doc: tables.TableDoc) -> list[tuple[Any, ...]]:
    """The commands that record a finished game's settlement, each
    ``(name, key, *args)`` and idempotent: the game among each player's
    recent ones (not a private table's: its id lets anyone watch it), and
    the public ids of the players.  The leaderboard rows are written from
    the players' stored ratings after the payout (:func:`settled`,
    :class:`lobby.store.Payout`), never from this game's figure alone."""
    st, game = doc["settlement"], doc["game"]
    commands: list[tuple[Any, ...]] = []
    # the table's readable name rides along: the profile outlives the table
    # and each player's result in it (game_result)
    at = now_ms()
    for e in st["players"]:
        pid = e["pid"]
        if not doc.get("private"):  # a private table's id is its only lock: never published
            shown = {"name": tables.table_name(doc), "opened_by": doc.get("opened_by"), "result": game_result(e)}
            entry = f"{doc['id']}/{doc['game_no']}/{game}/{json.dumps(shown, ensure_ascii=False, separators=(',', ':'))}"
            commands += store.recent_cmds(pid, entry, at, KEEP_RECENT)
        commands.append(("SET", store.pub_key(public_id(pid)), pid))
    return commands


def game_result(entry: dict[str, Any]) -> str:
    """A player's result in one game from its settlement entry
    (:class:`lobby.tables.SettlementEntry`): "escaped" (stud's escape),
    "left" (left during the game: a bot played on), "won" (among the
    winners: a shared win too) or "lost"."""
    stats = entry["stats"]
    if stats.get("escapes"):
        return "escaped"
    if entry.get("left"):
        return "left"
    return "won" if stats.get("wins") else "lost"


def of_player(record: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The ratings in a player record (:meth:`Store.player`): for each game
    they were rated in, :func:`figures` and ``"rated"`` (games)."""
    out = {}
    for game in engines.REGISTRY:
        rated = int(record.get(f"{game}:rated", 0) or 0)
        if rated:
            out[game] = {**figures(*stored(*(record.get(f) for f in fields(game)))), "rated": rated}
    return out


def figures(mu: float, sigma: float) -> dict[str, Any]:
    """A rating as the API gives it: ``{"ordinal" (2 decimals), "rating"
    (shown), "provisional", "mu", "sigma" (3 decimals)}``."""
    value = ordinal(mu, sigma)
    return {"ordinal": round(value, 2), "rating": shown(value), "provisional": provisional(sigma), "mu": round(mu, 3), "sigma": round(sigma, 3)}


async def _names(store: Store, game: str, pids: list[str]) -> list[tuple[str | None, bool, float]]:
    """Each player's ``(name, claimed, σ in game)``: an account's or a
    guest's (a guest may hold an account's name from before the claim)."""
    rows = await store.run([("HMGET", store.player_key(pid), "name", "claimed", *fields(game)) for pid in pids])
    return [(None if name is None else name.decode(), claimed is not None and claimed != b"0", stored(*rating)[1]) for name, claimed, *rating in rows]


async def leaderboard(store: Store, game: str, page: int, me: str | None = None) -> dict[str, Any]:
    """A page of a game's leaderboard: ``{"game", "page", "pages",
    "total", "players": [{"rank" (1: the top), "id" (public), "name",
    "mark" (when the name reads as one above it on the page:
    :func:`lobby.name_keys.list_marks`), "claimed" (an account; else a
    guest), "ordinal", "rating" (shown),
    "provisional"}], "you": {"rank", "ordinal", "rating", "provisional"} | null}`` (``you`` with the
    asking player's token: their own place, on any page).  Raises
    ``UNKNOWN_GAME``."""
    tables.known_game(game)
    entries, total = await store.board(game, page * PAGE, PAGE)
    names = await _names(store, game, [pid for pid, _ in entries])
    players = [
        {"rank": page * PAGE + i + 1, "id": public_id(pid), "name": name, "claimed": claimed, "ordinal": round(value, 2), "rating": shown(value), "provisional": provisional(sigma)}
        for i, ((pid, value), (name, claimed, sigma)) in enumerate(zip(entries, names))
    ]
    mark_rows(players)
    you = None
    if me is not None:
        rank = await store.board_rank(game, me)
        if rank is not None:
            mu, sigma = (await current(store, game, [me]))[me]
            mine = figures(mu, sigma)
            you = {"rank": rank + 1, **{k: mine[k] for k in ("ordinal", "rating", "provisional")}}
    return {"game": game, "page": page, "pages": -(-total // PAGE), "total": total, "players": players, "you": you}


async def profile(store: Store, ref: str) -> dict[str, Any]:
    """A player's profile by public id or claimed name: ``{"id", "name",
    "claimed", "games": {game: {"ordinal", "rating", "provisional", "mu", "sigma", "rated",
    "rank" (1-based or null), "games", "wins", "losses", "escapes",
    "disconnects" (games with a timeout)}} (counts of the player's record,
    as ``me`` sends them; games they
    played), "recent": [{"table", "game_no", "game", "at", "name" (the
    table's readable name), "opened_by" (its opener's name, None for a
    quick table), "result" (the player's: "won", "lost", "left",
    "escaped", or None for an entry from before results: game_result),
    "replay" (the URL of that table's replay list from that game)}], "arenas": :meth:`Store.player_arenas`}``.  No player id, no
    token.  Raises ``NO_SUCH_PLAYER``."""
    pid = None
    if len(ref) == 16 and all(c in "0123456789abcdef" for c in ref):
        (raw,) = await store.run([("GET", store.pub_key(ref))])
        pid = raw.decode() if raw is not None else None
    if pid is None and 0 < len(ref) <= 64:
        pid = next((owner for owner in await store.name_owners(lookup_keys(ref)) if owner is not None), None)
    record = await store.player(pid) if pid else {}
    if not record:
        raise LobbyError(ErrorCode.NO_SUCH_PLAYER, "no such player")
    rated = of_player(record)
    games: dict[str, dict[str, Any]] = {}
    for game in engines.REGISTRY:
        if not record.get(f"{game}:games"):
            continue
        rank = await store.board_rank(game, pid) if game in rated else None
        games[game] = {
            **rated.get(game, {**figures(MU0, SIGMA0), "rated": 0}),
            "rank": None if rank is None else rank + 1,
            **{k: int(record.get(f"{game}:{k}", 0)) for k in ("games", "wins", "losses", "escapes", "disconnects")},
        }
    recent = []
    for entry, at in await store.recent(pid, SHOWN_RECENT):
        table_id, game_no, game, *rest = entry.split("/", 3)
        shown = json.loads(rest[0]) if rest else {}  # an entry from before table names: none
        recent.append(
            {
                "table": table_id,
                "game_no": int(game_no),
                "game": game,
                "at": at,
                "name": shown.get("name") or tables.generated_name(table_id),
                "opened_by": shown.get("opened_by"),
                "result": shown.get("result"),  # an entry from before results: None
                "replay": f"/api/tables/{table_id}/replay?from={game_no}",
            }
        )
    arenas = await store.player_arenas(pid)
    return {"id": public_id(pid), "name": record.get("name"), "claimed": bool(record.get("claimed")), "games": games, "recent": recent, "arenas": arenas}
