""""Away at the end" means a bot played for the seat (issue #15, fourth
pass): in Sibala two people let every turn run out, the second timeout
being each one's last roll, so no bot ever rolled for them; the result
still said "Alice was away at the end (a bot finished the game): rated as a
loss".  The rule (lobby/ratings.py, *Who left*): a seat is away at the end
only if a bot played for it while away; a seat whose timeouts reach the
away count on its own last move played it (by the clock) to the end.  In
all five games, against a real Redis: the seat whose forced move ends the
game is not marked away.  Away is not leaving: a seat a bot did play for
while away is marked so in the game's record and keeps the result the game
gives it, in its rating and its record alike.
"""

from __future__ import annotations

import copy
import random
import secrets

import pytest

import engines
from lobby import ratings, tables
from lobby.config import Settings
from lobby.rooms import Rooms
from lobby.sessions import new_token
from lobby.store import connect, now_ms

GAMES = [("sibala", {"rounds": 2}), ("shut_the_box", {"rounds": 1}), ("stud", {"tier": "casual"}), ("six_nimmt", {}), ("yahtzee", {})]


async def _settled(redis_server, doc: dict, pids: list[str]) -> dict:
    """``doc`` (a finished table of ``pids``) committed and settled in a
    fresh Redis namespace: the stored doc after its settlement."""
    prefix = f"awayend{secrets.token_hex(3)}"
    store = await connect(redis_server.url, prefix)
    try:
        for i, pid in enumerate(pids):
            await store.create_player(pid, new_token(), f"P{i}", 100_000, 600)
        assert ratings.pending(doc)
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix=prefix)).settle(doc["id"])
        _, final = await store.load_room(doc["id"])
        assert final["settlement"]["done"]
        return final
    finally:
        await store.aclose()


def _last_move_timed_out(game: str, options: dict, pids: list[str]) -> tuple[dict, int]:
    """Two people at ``game`` (away after one timeout) play the engine's bot
    move in time, until a seat's running out of time would end the game:
    then it runs out.  The finished doc and that seat."""
    now = now_ms()
    engine = engines.get(game)
    doc = tables.new_table(f"t{secrets.token_hex(5)}", game, now=now, seats=2, turn_ms=1000, min_turn_ms=1000, options=options, away_after=1)
    for i, pid in enumerate(pids):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), {"balances": {}}).doc
    rng = random.Random(5)
    ctx = {"balances": {}, "present": set(pids)}
    while doc["status"] == "playing":
        now += 10
        trial = tables.due(copy.deepcopy(doc), tables.next_due(doc), bytes(32), random.Random(0), ctx)
        if trial is not None and trial.doc["status"] != "playing" and trial.log["timeouts"]:
            return trial.doc, trial.log["timeouts"][-1]
        seat = engine.to_act(doc["state"])[0]
        mv = engine.bot_move(engine.view(doc["state"], seat), seat, rng)
        doc = tables.move(doc, pids[seat], tables.turn_id(doc, seat), mv, now).doc
    raise AssertionError(f"{game}: no game ended on a timeout")


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
async def test_a_seat_whose_last_move_timed_out_played_to_the_end(redis_server, game, options):
    pids = [f"r{secrets.token_hex(6)}" for _ in range(2)]
    doc, seat = _last_move_timed_out(game, options, pids)
    assert not any(kind == "bot" for _, kind, _ in doc["forced"]), "no bot played for anyone"
    assert not ratings.absent(doc["seats"][seat]), "its timeouts reached the away count on the game's last move: no bot finished it"
    final = await _settled(redis_server, doc, pids)
    per_seat = final["settlement"]["ratings"]
    assert per_seat[0] is not None and per_seat[1] is not None, "two people played it to its end: both rated among themselves"
    assert not tables.views(final, [seat])[seat]["seats"][seat]["away"], "the page is not told it was away"


async def test_sibala_two_people_who_let_every_turn_run_out_were_not_finished_by_a_bot(redis_server):
    """The testers' table: two people and a bot, 2 rounds, the people never
    roll.  The second timeout of each is their last roll of the game: no bot
    rolled for either, so neither is away at the end; with 3 rounds a bot
    rolls each one's third, and they are."""
    for rounds, away in ((2, False), (3, True)):
        pids = [f"r{secrets.token_hex(6)}" for _ in range(2)]
        now = now_ms()
        doc = tables.new_table(f"t{secrets.token_hex(5)}", "sibala", now=now, seats=3, turn_ms=6000, options={"rounds": rounds}, bots=True)
        for i, pid in enumerate(pids):
            doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), {"balances": {}}).doc
        doc = tables.begin(doc, now, bytes(32), fill_bots=True, ctx={"balances": {}}).doc
        rng = random.Random(1)
        while doc["status"] == "playing":
            doc = tables.due(doc, tables.next_due(doc), bytes(32), rng, {"balances": {}, "present": set(pids)}).doc
        assert doc["game_timeouts"][:2] == [2, 2], "two timeouts each (then a bot rolls)"
        assert [s["away"] for s in doc["seats"]] == [away, away, False], rounds
        assert not any(ratings.absent(s) for s in doc["seats"]), "away is not leaving: each keeps its result"
        final = await _settled(redis_server, doc, pids)
        per_seat = final["settlement"]["ratings"]
        assert per_seat[0] is not None and per_seat[1] is not None
        if not away:
            assert [s["away"] for s in tables.views(final, [0])[0]["seats"]] == [False, False, False]
            assert not any(p.get("away") for p in tables.views(final, [0])[0]["players"]), "the game's record: nobody away"


async def test_sibala_people_away_at_the_end_keep_the_game_s_result_in_rating_and_record(redis_server):
    """Two people both time out twice, are marked away, and bots finish the
    game: one seat's bot wins.  Away is not leaving (lobby/ratings.py, *Who
    left*): each keeps the result the game gives their seat, so the winner
    records a win and gains rating, the other records a loss and loses it,
    and the game's record still says both were away.  (Until then an away
    winner was rated and counted as a loss: 'counted as a loss' on a win.)"""
    pids = [f"r{secrets.token_hex(6)}" for _ in range(2)]
    now = now_ms()
    doc = tables.new_table(f"t{secrets.token_hex(5)}", "sibala", now=now, seats=2, turn_ms=2000, min_turn_ms=1000, options={"rounds": 5})
    for i, pid in enumerate(pids):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), {"balances": {}}).doc
    doc = tables.begin(doc, now, bytes(32), ctx={"balances": {}}).doc
    rng = random.Random(3)
    while doc["status"] == "playing":
        doc = tables.due(doc, tables.next_due(doc), bytes(32), rng, {"balances": {}, "present": set(pids)}).doc
    assert [s["away"] for s in doc["seats"]] == [True, True], "a bot rolled for both while away"
    assert not any(ratings.absent(s) for s in doc["seats"]), "away is not leaving"
    winners = doc["result"]["winners"]
    assert len(winners) == 1, "one seat's bot won (seed 3)"
    (winner,) = winners
    final = await _settled(redis_server, doc, pids)
    per_seat = final["settlement"]["ratings"]
    assert per_seat[winner]["delta"] > 0 and per_seat[1 - winner]["delta"] < 0, per_seat
    for entry in final["settlement"]["players"]:
        won = entry["seat"] == winner
        assert (entry["stats"]["wins"], entry["stats"]["losses"]) == (int(won), int(not won)), entry
    # the game's record says both were away; the result stands as the game gave it
    assert [p.get("away") for p in tables.views(final, [None])[None]["players"]] == [True, True]
