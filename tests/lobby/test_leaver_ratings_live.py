"""Who is rated when a person leaves a rated game (issue #15's third pass:
the one who stayed read "not rated" and could not tell why), against a real
Redis: in each of the five games, at a coin table where the game has one
and at a casual one, of two people one leaves as the game starts and a bot
finishes the seat (stud: the escape ends the hand).  The rule is issue
#16's, kept on purpose (docs/security.md, rating farming from people who
leave; lobby/ratings.py, *Who left*): the leaver is rated as the last of
the game, and the one who stayed is not rated at all, at every kind of
table.  The page's words for it: tests/browser/test_ratings_browser.py.
"""

from __future__ import annotations

import random
import re
import secrets
from pathlib import Path

import pytest

import engines
from lobby import ratings, tables
from lobby.config import Settings
from lobby.rooms import Rooms
from lobby.sessions import new_token
from lobby.store import connect, now_ms

#: (game, options, whether coins move there): a coin table of every game that has one, and a casual table of each
TABLES = [
    ("sibala", {"rounds": 2, "stake": 10}, True),
    ("sibala", {"rounds": 2, "stake": 0}, False),
    ("shut_the_box", {"rounds": 1, "stake": 10}, True),
    ("shut_the_box", {"rounds": 1, "stake": 0}, False),
    ("stud", {"tier": "beginner"}, True),
    ("stud", {"tier": "casual"}, False),
    ("six_nimmt", {}, False),
    ("yahtzee", {}, False),
]


#: the page's words (static/i18n.js): its Leave dialog and how it says a record
I18N = (Path(__file__).resolve().parents[2] / "static" / "i18n.js").read_text(encoding="utf-8")


def said(key: str) -> tuple[str, str]:
    """The English and Chinese text of i18n key ``key`` (a plain string)."""
    return tuple(re.findall(rf'\n    {key}: "([^"\n]*)"', I18N))  # type: ignore[return-value]


def dialog_promises(doc: dict) -> dict[str, int]:
    """What the Leave dialog shown to seat 0 of ``doc`` (as it starts, as
    static/screens/table.js picks it: stud's escape where leaving costs,
    else the coin or casual wording) says the record will count: its
    ``escapes`` and ``losses`` (1 where it says so, in both languages)."""
    view = tables.views(doc, [0])[0]
    cost = (view["leave_cost"] or [0])[0]
    key = "leave_escape_ask" if cost else ("leave_running_ask_coins" if view["coins_to_sit"] else "leave_running_ask")
    en, zh = said(key)
    promised = {"escapes": int("an escape" in en), "losses": int("a loss in your record" in en)}
    assert promised == {"escapes": int("记为逃跑" in zh), "losses": int("记一场负" in zh)}, (key, en, zh)
    assert ("a loss in your rating" in en) == ("等级分也按输一场计" in zh), (key, en, zh)
    return {**promised, "rating_loss": int("a loss in your rating" in en)}


def _played_with_a_leaver(game: str, options: dict, pids: list[str]) -> tuple[dict, dict[str, int]]:
    """A two-seat table of ``game`` played to its end through the real
    transitions, its seat 0's player leaving as it starts; seat 1 plays the
    engine's bot move in time, a bot plays seat 0 at its deadlines.  Also
    what the Leave dialog promised seat 0 then (:func:`dialog_promises`)."""
    now = now_ms()
    engine = engines.get(game)
    balances = {"balances": {pid: 100_000 for pid in pids}}
    doc = tables.new_table(f"t{secrets.token_hex(5)}", game, now=now, seats=2, turn_ms=1000, min_turn_ms=1000, options=options)
    for i, pid in enumerate(pids):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), balances).doc
    assert doc["status"] == "playing"
    promised = dialog_promises(doc)
    doc = tables.leave(doc, pids[0], now).doc
    rng = random.Random(3)
    while doc["status"] == "playing":
        now += 10
        state = doc["state"]
        if 1 in engine.to_act(state):
            mv = engine.bot_move(engine.view(state, 1), 1, rng)
            doc = tables.move(doc, pids[1], tables.turn_id(doc, 1), mv, now).doc
        else:
            now += 60_000
            doc = tables.due(doc, now, bytes(32), rng, {**balances, "present": set(pids)}).doc
    return doc, promised


@pytest.mark.parametrize(("game", "options", "coins"), TABLES, ids=[f"{g}-{'coins' if c else 'casual'}" for g, _, c in TABLES])
async def test_a_leaver_loses_rating_and_the_one_who_stayed_is_not_rated_at_every_table(redis_server, game, options, coins):
    prefix = f"leave{secrets.token_hex(3)}"
    store = await connect(redis_server.url, prefix)
    try:
        pids = [f"r{secrets.token_hex(6)}" for _ in range(2)]
        for i, pid in enumerate(pids):
            await store.create_player(pid, new_token(), f"P{i}", 100_000, 600)
        doc, promised = _played_with_a_leaver(game, options, pids)
        assert bool(doc["coins_to_sit"]) is coins
        assert [ratings.absent(s) for s in doc["seats"]] == [True, False]
        assert ratings.pending(doc), "a game of two people is rated, whoever left"
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix=prefix)).settle(doc["id"])
        _, final = await store.load_room(doc["id"])
        per_seat = final["settlement"]["ratings"]
        assert final["settlement"]["done"] and per_seat[1] is None, per_seat
        assert per_seat[0]["rating_delta"] < 0, "the leaver loses, as the last of the game"
        view = tables.views(final, [1])[1]
        assert view["ratings"] == per_seat and view["players"][0]["left"] and view["players"][0]["bot"]
        leaver, stayed = [await store.player(pid) for pid in pids]
        assert leaver[f"{game}:rated"] == 1 and f"{game}:rated" not in stayed
        # the Leave dialog said what the record now shows: an escape where it said one, a loss where it said one
        record = {k: int(leaver.get(f"{game}:{k}", 0)) for k in ("escapes", "losses")}
        assert record == {"escapes": promised["escapes"], "losses": promised["losses"]}, (game, record, promised)
        assert promised["rating_loss"] == 1, "a rated game's leaver loses rating: the dialog says so"
        assert await ratings.current(store, game, pids[1:]) == {pids[1]: (ratings.MU0, ratings.SIGMA0)}
    finally:
        await store.aclose()
