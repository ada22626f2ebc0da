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
import secrets

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


def _played_with_a_leaver(game: str, options: dict, pids: list[str]) -> dict:
    """A two-seat table of ``game`` played to its end through the real
    transitions, its seat 0's player leaving as it starts; seat 1 plays the
    engine's bot move in time, a bot plays seat 0 at its deadlines."""
    now = now_ms()
    engine = engines.get(game)
    balances = {"balances": {pid: 100_000 for pid in pids}}
    doc = tables.new_table(f"t{secrets.token_hex(5)}", game, now=now, seats=2, turn_ms=1000, min_turn_ms=1000, options=options)
    for i, pid in enumerate(pids):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), balances).doc
    assert doc["status"] == "playing"
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
    return doc


@pytest.mark.parametrize(("game", "options", "coins"), TABLES, ids=[f"{g}-{'coins' if c else 'casual'}" for g, _, c in TABLES])
async def test_a_leaver_loses_rating_and_the_one_who_stayed_is_not_rated_at_every_table(redis_server, game, options, coins):
    prefix = f"leave{secrets.token_hex(3)}"
    store = await connect(redis_server.url, prefix)
    try:
        pids = [f"r{secrets.token_hex(6)}" for _ in range(2)]
        for i, pid in enumerate(pids):
            await store.create_player(pid, new_token(), f"P{i}", 100_000, 600)
        doc = _played_with_a_leaver(game, options, pids)
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
        assert await ratings.current(store, game, pids[1:]) == {pids[1]: (ratings.MU0, ratings.SIGMA0)}
    finally:
        await store.aclose()
