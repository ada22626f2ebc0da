"""Ratings: openskill's own numbers for a 10-seat 6 Nimmt! game with ties,
exactly once under a crash at any point of the settlement, the change in
the finished table's view, leaderboards and profiles over HTTP."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import signal

import pytest
from openskill.models import PlackettLuce

import engines
from lobby import ratings, tables
from lobby.config import Settings
from lobby.rooms import SETTLED_KEEP_S, Rooms
from lobby.sessions import new_token
from lobby.store import connect, now_ms

from ..security.support import store_of
from .support import api, connected, playing, polled, seated


def _finished(
    game: str, pids: list[str], options: dict, scores: list[int] | None = None, left: tuple[int, ...] = (), away: tuple[int, ...] = ()
) -> dict:
    """A table of ``game`` with ``pids`` seated, played to its end through
    the real transitions: the players of seats in ``left`` leave as it
    starts (a bot plays on), those in ``away`` never act (their turns time
    out until the seat is away), everyone else plays the engine's bot move
    in time; with ``scores``, the result's scores set to them (winners: the
    best, lowest for 6 Nimmt!)."""
    now = now_ms()
    engine = engines.get(game)
    doc = tables.new_table(f"t{secrets.token_hex(5)}", game, now=now, seats=len(pids), turn_ms=1000, min_turn_ms=1000, options=options)
    for i, pid in enumerate(pids):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), {"balances": {}}).doc
    for seat in left:
        doc = tables.leave(doc, pids[seat], now).doc
    rng = random.Random(1)
    while doc["status"] == "playing":
        now += 10
        state = doc["state"]
        mine = [seat for seat in engine.to_act(state) if seat not in left and seat not in away]
        if mine:
            seat = mine[0]
            mv = engine.bot_move(engine.view(state, seat), seat, rng)
            doc = tables.move(doc, pids[seat], tables.turn_id(doc, seat), mv, now).doc
        else:  # a bot's or an absent player's turn: its deadline plays it
            now += 60_000
            doc = tables.due(doc, now, bytes(32), rng, {"balances": {}, "present": set(pids)}).doc
    if scores is not None:
        best = min(scores) if game == "six_nimmt" else max(scores)
        doc["result"] = dict(doc["result"], scores=scores, winners=[s for s, v in enumerate(scores) if v == best])
    return doc


async def _players(store, n: int, priors: dict[int, tuple[float, float]] | None = None, game: str = "six_nimmt") -> list[str]:
    pids = [f"r{secrets.token_hex(6)}" for _ in range(n)]
    for i, pid in enumerate(pids):
        await store.create_player(pid, new_token(), f"P{i}", 1000, 600)
        if priors and i in priors:
            mu, sigma = priors[i]
            await store.set_player_fields(pid, {f"{game}:rmu": round((mu - 25) * 1e6), f"{game}:rsigma": round((sigma - 25 / 3) * 1e6), f"{game}:rated": 3})
    return pids


async def test_a_ten_seat_six_nimmt_game_with_ties_follows_openskill(redis_server):
    store = await connect(redis_server.url, "rate10")
    try:
        priors = {0: (30.0, 5.0), 3: (20.0, 7.5), 7: (27.5, 3.0)}
        pids = await _players(store, 10, priors)
        scores = [12, 30, 12, 7, 45, 30, 30, 7, 60, 12]  # lower is better; three ties
        doc = _finished("six_nimmt", pids, {"end_threshold": 20}, scores)
        assert not any(ratings.absent(seat) for seat in doc["seats"]), "all ten played it to its end"
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix="rate10")).settle(doc["id"])
        # openskill on the same inputs
        model = PlackettLuce()
        teams = [[model.rating(*priors.get(i, (25.0, 25 / 3)))] for i in range(10)]
        expected = model.rate(teams, ranks=[1 + sum(o < s for o in scores) for s in scores])
        got = await ratings.current(store, "six_nimmt", pids)
        for pid, (new,) in zip(pids, expected):
            assert abs(got[pid][0] - new.mu) < 1e-5 and abs(got[pid][1] - new.sigma) < 1e-5
        assert got[pids[2]] == got[pids[9]] != got[pids[0]], "tied seats with equal priors move alike"
        _, final = await store.load_room(doc["id"])
        assert final["settlement"]["done"]
        view = tables.view(final, 0)
        assert view["ratings"][0]["after"] == round(ratings.ordinal(*got[pids[0]]), 2)
        assert view["ratings"][3]["delta"] > 0 and view["ratings"][8]["delta"] < 0
    finally:
        await store.aclose()


async def test_a_rating_is_applied_once_whatever_point_a_killed_process_stopped_at(redis_server, lobby_factory):
    """Three tables whose process died (kill -9) at each point of a rated
    settlement: after the game's final commit, after the ratings' commit,
    after the payout but before it was marked done.  A live process
    finishes each from the table's timer; every rating moves exactly once."""
    prefix = "ratecrash"
    store = await connect(redis_server.url, prefix)
    try:
        model = PlackettLuce()
        cases = []
        for stop in ("final", "rated", "paid"):
            pids = await _players(store, 3)
            doc = _finished("sibala", pids, {"rounds": 1}, [2, 0, 1])
            fields = await ratings.stored_fields(store, "sibala", pids)
            before = {pid: ratings.stored(*row) for pid, row in fields.items()}
            per_seat = ratings.changes(doc, before)
            if stop != "final":
                doc = ratings.with_ratings(doc, doc["settlement"]["id"], per_seat, before, now_ms(), fields).doc
            if stop == "paid":
                st = doc["settlement"]
                await store.apply_settlements(st["id"], [(e["pid"], e["coins"], e["stats"]) for e in st["players"]], "sibala", SETTLED_KEEP_S)
            assert (await store.commit(doc["id"], 0, doc))[0] == 1
            await store.schedule(doc["id"], 0)
            cases.append((doc["id"], pids))
        expected = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 3, 2])
        lobby_factory(prefix=prefix)  # finds the due timers
        for table_id, pids in cases:
            loaded = await polled(lambda: store.load_room(table_id), lambda x: x[1]["settlement"]["done"], timeout_s=10)
            assert loaded[1]["settlement"]["done"], table_id
            got = await ratings.current(store, "sibala", pids)
            for pid, (new,) in zip(pids, expected):
                assert abs(got[pid][0] - new.mu) < 1e-5 and abs(got[pid][1] - new.sigma) < 1e-5, (table_id, got[pid], new)
            records = [await store.player(pid) for pid in pids]
            assert [r["sibala:rated"] for r in records] == [1, 1, 1] and [r["sibala:games"] for r in records] == [1, 1, 1]
            # another settlement attempt (a retry, another process) changes nothing
            await Rooms(store, Settings(key_prefix=prefix)).settle(table_id)
            assert await ratings.current(store, "sibala", pids) == got
    finally:
        await store.aclose()


async def test_a_game_ends_with_its_coins_ratings_and_history_in_one_commit_that_a_kill_after_it_cannot_split(redis_server, lobby_factory):
    """A real kill -9 right after the commit that ends a rated game
    (failpoint ``game_end_committed``): on one Redis that commit already
    holds everything the game's end writes, once: the settlement marked
    done, each player's stats and rating, the leaderboard and the recent
    games.  Another process's payout attempt changes nothing."""
    prefix = "ratekill" + secrets.token_hex(2)
    store = await connect(redis_server.url, prefix)
    try:
        doomed = lobby_factory(prefix=prefix, env={"LOBBY_FAILPOINTS": "game_end_committed"})
        with contextlib.suppress(Exception):  # the server dies under the clients
            async with connected(doomed.ws, [f"K{secrets.token_hex(3)}", f"L{secrets.token_hex(3)}"]) as cs:
                table = await seated(cs, "sibala", seats=2, turn_ms=5000, options={"rounds": 1}, games=1)
                plays = asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)), return_exceptions=True)
                died = asyncio.ensure_future(asyncio.to_thread(doomed.proc.wait, 60))
                await asyncio.wait([plays, died], return_when=asyncio.FIRST_COMPLETED)  # the clients may keep reconnecting
                plays.cancel()
        assert doomed.proc.wait(timeout=30) == -signal.SIGKILL, "the failpoint killed the process"
        _, at_kill = await store.load_room(table)
        st = at_kill["settlement"]
        assert st["done"] and st["ratings"], "the game's end, its ratings and its payout are one commit"
        pids = [e["pid"] for e in st["players"]]
        expected = ratings.changes(at_kill, {pid: (ratings.MU0, ratings.SIGMA0) for pid in pids})
        got = await ratings.current(store, "sibala", pids)
        for entry in st["players"]:
            want = expected[entry["seat"]]
            assert abs(got[entry["pid"]][0] - want["mu"]) < 1e-5 and abs(got[entry["pid"]][1] - want["sigma"]) < 1e-5
        assert [(await store.player(pid))["sibala:rated"] for pid in pids] == [1, 1]
        assert [(await store.player(pid))["sibala:games"] for pid in pids] == [1, 1]
        board, size = await store.board("sibala", 0, 10)
        assert size == 2 and {pid for pid, _ in board} == set(pids)
        for entry in st["players"]:
            assert abs(dict(board)[entry["pid"]] - st["ratings"][entry["seat"]]["after"]) < 0.01
        for pid in pids:
            assert [e.split("/")[:2] for e, _ in await store.recent(pid, 5)] == [[table, "1"]]
        await Rooms(store, Settings(key_prefix=prefix)).settle(table)  # once more: nothing moves
        assert await ratings.current(store, "sibala", pids) == got
        assert [(await store.player(pid))["sibala:games"] for pid in pids] == [1, 1]
    finally:
        await store.aclose()


def _close(got: tuple[float, float], want) -> bool:
    return abs(got[0] - want.mu) < 1e-5 and abs(got[1] - want.sigma) < 1e-5


async def test_a_leaver_is_ranked_last_for_their_own_update_and_the_others_are_rated_among_themselves(redis_server):
    """Issue #16's rule (lobby/ratings.py, *Who left*): the seat whose
    player left scored best (a bot played it), yet its player's own update
    ranks it last of the whole game; the three who stayed are rated from the
    game among themselves, as openskill rates those three alone."""
    store = await connect(redis_server.url, "rateleft")
    try:
        priors = {0: (28.0, 6.0), 1: (22.0, 7.0), 3: (26.0, 5.5)}
        pids = await _players(store, 4, priors, game="sibala")
        doc = _finished("sibala", pids, {"rounds": 1}, [3, 9, 1, 2], left=(1,))
        assert [ratings.absent(seat) for seat in doc["seats"]] == [False, True, False, False]
        assert ratings.ranks(doc) == [1, 4, 3, 2] and ratings.ranks(doc, [0, 2, 3]) == [1, 3, 2]
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix="rateleft")).settle(doc["id"])
        model = PlackettLuce()
        teams = [[model.rating(*priors.get(i, (25.0, 25 / 3)))] for i in range(4)]
        (whole_leaver,) = model.rate(teams, ranks=[1, 4, 3, 2])[1]
        stayers = model.rate([teams[0], teams[2], teams[3]], ranks=[1, 3, 2])
        got = await ratings.current(store, "sibala", pids)
        assert _close(got[pids[1]], whole_leaver) and got[pids[1]][0] < 22.0, "the leaver loses, as last of the whole game"
        for seat, (want,) in zip((0, 2, 3), stayers):
            assert _close(got[pids[seat]], want), (seat, got[pids[seat]], want)
        assert [(await store.player(pid))["sibala:rated"] for pid in pids] == [4, 4, 1, 4], "each rated once (three had 3 games)"
    finally:
        await store.aclose()


async def test_one_person_who_stayed_is_not_rated_and_the_leaver_still_loses(redis_server):
    """The farm in one game: of two people one left (a bot won the seat on
    the dice).  The one who stayed is not rated, gains nothing and gets no
    leaderboard place; the leaver loses as last of the game."""
    store = await connect(redis_server.url, "rateone")
    try:
        pids = await _players(store, 2, game="sibala")
        doc = _finished("sibala", pids, {"rounds": 1}, [1, 5], left=(1,))
        per_seat = ratings.changes(doc, await ratings.current(store, "sibala", pids))
        assert per_seat[0] is None and per_seat[1]["delta"] < 0
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix="rateone")).settle(doc["id"])
        stayed, leaver = [await store.player(pid) for pid in pids]
        assert stayed["sibala:games"] == 1 and "sibala:rated" not in stayed
        assert await ratings.current(store, "sibala", pids[:1]) == {pids[0]: (ratings.MU0, ratings.SIGMA0)}
        assert leaver["sibala:rated"] == 1
        _, final = await store.load_room(doc["id"])
        assert final["settlement"]["done"] and final["settlement"]["ratings"][0] is None
        board = await ratings.leaderboard(store, "sibala", 0)
        assert [p["id"] for p in board["players"]] == [ratings.public_id(pids[1])]
    finally:
        await store.aclose()


def test_a_seat_away_at_the_end_keeps_its_result_and_bots_are_not_people():
    """Away is not leaving: a seat whose every turn timed out, a bot
    finishing it, is rated by the result like the others (here it won: it
    gains).  A bot's seat is in the game, but does not make up the two
    people: one person and a bot are not rated."""
    pids = ["a", "b", "c"]
    doc = _finished("yahtzee", pids, {}, [100, 150, 300], away=(2,))
    assert doc["seats"][2]["away"] and [ratings.absent(seat) for seat in doc["seats"]] == [False, False, False]
    model = PlackettLuce()
    fresh = {pid: (ratings.MU0, ratings.SIGMA0) for pid in pids}
    per_seat = ratings.changes(doc, fresh)
    expected = model.rate([[model.rating()] for _ in range(3)], ranks=ratings.ranks(doc))
    assert [round(c["mu"], 6) for c in per_seat] == [round(r.mu, 6) for (r,) in expected]
    assert per_seat[2]["delta"] > 0, "the away seat won: a win while away is a win"
    # seats 1 and 2 a bot's: one person is left, so nobody is rated
    doc["seats"][1] = {"pid": None, "name": "Bot", "bot": True, "left": False, "away": False}
    doc["seats"][2] = dict(doc["seats"][1], name="Bot2")
    assert ratings.changes(doc, fresh) == [None, None, None]


async def test_a_game_against_bots_with_one_person_is_not_rated(redis_server):
    store = await connect(redis_server.url, "ratebots")
    try:
        (pid,) = await _players(store, 1)
        now = now_ms()
        doc = tables.new_table(f"t{secrets.token_hex(5)}", "sibala", now=now, seats=3, turn_ms=1000, min_turn_ms=1000, options={"rounds": 1}, bots=True)
        doc = tables.join(doc, pid, "Solo", None, now, bytes(32), {"balances": {}}).doc
        doc = tables.begin(doc, now, bytes(32), fill_bots=True, ctx={"balances": {}}).doc
        rng = random.Random(2)
        while doc["status"] == "playing":
            now += 60_000
            doc = tables.due(doc, now, bytes(32), rng, {"balances": {}, "present": {pid}}).doc
        assert not ratings.pending(doc)
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix="ratebots")).settle(doc["id"])
        record = await store.player(pid)
        assert record["sibala:games"] == 1 and "sibala:rated" not in record
    finally:
        await store.aclose()


async def test_the_finished_view_shows_each_seats_rating_change(lobby):
    async with connected(lobby.ws, [f"A{secrets.token_hex(3)}", f"B{secrets.token_hex(3)}"]) as cs:
        table = await seated(cs, "sibala", seats=2, turn_ms=5000, options={"rounds": 1}, games=1)
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)))
        view = await cs[0].wait_for(table, lambda v: v["ratings"] is not None, timeout=10)
        winners = finals[0]["result"]["winners"]
        for seat, change in enumerate(view["ratings"]):
            assert change["after"] - change["before"] == change["delta"] or abs(change["after"] - change["before"] - change["delta"]) < 0.02
            if len(winners) == 1:
                assert (change["delta"] > 0) == (seat in winners)
        me = await polled(lambda: cs[0].request({"t": "me"}), lambda m: "sibala" in m["ratings"])
        assert me["ratings"]["sibala"]["ordinal"] == view["ratings"][0]["after"]
        assert not any(k.endswith((":rmu", ":rsigma")) for k in me["stats"])


async def test_leaderboard_order_own_rank_and_profiles(redis_server, lobby_factory):
    prefix = "board"
    store = await connect(redis_server.url, prefix)
    try:
        proc = lobby_factory(prefix=prefix)
        rooms = Rooms(store, Settings(key_prefix=prefix))
        pids = await _players(store, 4, game="yahtzee")
        for scores in ([300, 200, 100, 50], [250, 260, 90, 40], [200, 100, 150, 30]):
            doc = _finished("yahtzee", pids, {}, scores)
            assert (await store.commit(doc["id"], 0, doc))[0] == 1
            await rooms.settle(doc["id"])
        ordinals = {pid: ratings.ordinal(*r) for pid, r in (await ratings.current(store, "yahtzee", pids)).items()}
        token = new_token()
        await store.add_session(pids[2], "s", token, 600, new=True)
        status, board = await api(proc.http, "GET", "/api/leaderboard/yahtzee", token)
        assert status == 200 and board["total"] == 4 and board["pages"] == 1
        order = sorted(pids, key=lambda p: -ordinals[p])
        assert [p["id"] for p in board["players"]] == [ratings.public_id(p) for p in order]
        assert [p["rank"] for p in board["players"]] == [1, 2, 3, 4]
        assert order[0] == pids[0] and order[-1] == pids[3]
        assert board["you"] == {
            "rank": order.index(pids[2]) + 1, "ordinal": round(ordinals[pids[2]], 2), "rating": ratings.shown(ordinals[pids[2]]), "provisional": True}
        # the shown figure orders the board as the ordinal does
        assert [p["rating"] for p in board["players"]] == sorted((p["rating"] for p in board["players"]), reverse=True)
        assert (await api(proc.http, "GET", "/api/leaderboard/yahtzee?page=1"))[1]["players"] == []
        assert (await api(proc.http, "GET", "/api/leaderboard/chess"))[0] == 404
        # a profile: by public id, with no secret in it
        status, prof = await api(proc.http, "GET", f"/api/players/{ratings.public_id(pids[0])}")
        assert status == 200 and prof["games"]["yahtzee"]["rank"] == 1 and prof["games"]["yahtzee"]["games"] == 3
        assert prof["games"]["yahtzee"]["rated"] == 3 and len(prof["recent"]) == 3
        assert prof["recent"][0]["replay"].startswith(f"/api/tables/{prof['recent'][0]['table']}/replay")
        assert pids[0] not in str(prof) and token not in str(prof)
        assert (await api(proc.http, "GET", "/api/players/nobody-here"))[0] == 404
    finally:
        await store.aclose()


async def test_a_private_table_is_not_in_the_players_recent_games(redis_server):
    """Its id is the only way in (docs/security.md): a profile must not publish it (found by the break-it pass)."""
    store = await connect(redis_server.url, "rateprivate")
    try:
        pids = await _players(store, 2, game="sibala")
        rooms = Rooms(store, Settings(key_prefix="rateprivate"))
        shown = _finished("sibala", pids, {"rounds": 1})
        hidden = dict(_finished("sibala", pids, {"rounds": 1}), private=True)
        for doc in (shown, hidden):
            assert (await store.commit(doc["id"], 0, doc))[0] == 1
            await rooms.settle(doc["id"])
        page = await ratings.profile(store, ratings.public_id(pids[0]))
        assert [r["table"] for r in page["recent"]] == [shown["id"]], page["recent"]
        assert hidden["id"] not in str(page)
    finally:
        await store.aclose()


def test_a_stored_rating_is_its_base_plus_each_game_s_precision_and_mean_increments():
    """A newcomer reads as (μ0, σ0) and a base alone exactly as stored; one
    game's increments from a rating give openskill's update of it; games
    added in any order read the same; σ stays within [SIGMA_FLOOR, σ0]
    however much precision overlapping games add or take."""
    assert ratings.stored() == (ratings.MU0, ratings.SIGMA0)
    assert ratings.stored(-15_000_000, 500_000) == (10.0, ratings.SIGMA0 + 0.5)
    model = PlackettLuce()
    start = ratings.stored(3_000_000, -2_000_000)
    won = model.rate([[model.rating(*start)], [model.rating(25, 25 / 3)]], ranks=[1, 2])[0][0]
    lost = model.rate([[model.rating(*start)], [model.rating(30, 4)]], ranks=[2, 1])[0][0]
    one = ratings.increments(start, (won.mu, won.sigma))
    assert ratings.stored(3_000_000, -2_000_000, one["rp"], one["rm"]) == pytest.approx((won.mu, won.sigma), abs=1e-9)
    two = ratings.increments(start, (lost.mu, lost.sigma))
    both = [ratings.stored(3_000_000, -2_000_000, a["rp"] + b["rp"], a["rm"] + b["rm"]) for a, b in ((one, two), (two, one))]
    assert both[0] == both[1]
    assert ratings.stored(None, None, 10**15, 0)[1] == ratings.SIGMA_FLOOR
    assert ratings.stored(None, None, -(10**12), 0)[1] == pytest.approx(ratings.SIGMA0)


def test_the_shown_rating_starts_at_1000_drops_after_a_loss_and_is_never_negative():
    model = PlackettLuce()
    newcomer = model.rating()
    assert ratings.shown(newcomer.ordinal()) == 1000 and ratings.provisional(newcomer.sigma)
    (loser,), (winner,) = model.rate([[newcomer], [model.rating()]], ranks=[2, 1])
    assert 900 < ratings.shown(loser.ordinal()) < 1000 < ratings.shown(winner.ordinal()) < 1100
    # last of ten, a hundred games in a row: low, still not negative
    for _ in range(100):
        loser = model.rate([[model.rating()] for _ in range(9)] + [[loser]], ranks=[*range(1, 10), 10])[-1][0]
    assert 0 <= ratings.shown(loser.ordinal()) < 700


async def test_the_result_panel_me_and_the_leaderboard_show_one_rating_figure(lobby_factory):
    proc = lobby_factory(prefix="shown")
    async with connected(proc.ws, [f"A{secrets.token_hex(3)}", f"B{secrets.token_hex(3)}"]) as cs:
        table = await seated(cs, "sibala", seats=2, turn_ms=5000, options={"rounds": 1}, games=1)
        await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)))
        view = await cs[0].wait_for(table, lambda v: v["ratings"] is not None, timeout=10)
        for change in view["ratings"]:
            # a newcomer's 1000, then the signed difference of the shown figure
            assert change["rating"] == ratings.shown(change["after"]) and change["rating_delta"] == change["rating"] - 1000, change
            assert change["provisional"] is True and change["rating"] > 0
        me = await polled(lambda: cs[0].request({"t": "me"}), lambda m: "sibala" in m["ratings"])
        mine = me["ratings"]["sibala"]
        assert (mine["rating"], mine["provisional"]) == (view["ratings"][0]["rating"], True)
        board = await polled(lambda: api(proc.http, "GET", "/api/leaderboard/sibala"), lambda r: r[1]["total"] == 2)
        assert sorted(p["rating"] for p in board[1]["players"]) == sorted(c["rating"] for c in view["ratings"])


async def test_an_account_gains_no_rating_from_guests_who_leave_its_private_table(lobby):
    """The farm the break-it pass found (issue #16): an account opens a
    private 2-seat Sibala table, a brand-new guest joins and leaves as the
    game starts, a bot plays the guest's seat to the end; ten such games
    took the account from 1000 to 1409, since a seat its player left always
    ranked last.  Now the account is not rated (one person stayed), the
    guests still lose rating (an abandonment), and the leaderboard has no
    place for the account."""
    async with connected(lobby.ws, [f"Farm{secrets.token_hex(3)}"]) as (farmer,):
        status, _ = await api(lobby.http, "POST", "/api/account/claim", farmer.token, {"password": "correct horse battery"})
        assert status == 200
        for i in range(10):
            async with connected(lobby.ws, [f"G{secrets.token_hex(3)}"]) as (guest,):
                table = await seated([farmer, guest], "sibala", seats=2, turn_ms=5000, private=True, games=1, options={"rounds": 1})
                await guest.wait_for(table, playing, timeout=10)
                theirs = guest.tables[table].seat
                await guest.request({"t": "leave", "table": table})
                await farmer.play(table, random.Random(i), timeout=60)
                view = await farmer.wait_for(table, lambda v: v["ratings"] is not None, timeout=10)
                mine = farmer.tables[table].seat
                assert view["ratings"][mine] is None, ("the account was rated from a game its guest left", i, view["ratings"])
                assert view["ratings"][theirs]["rating_delta"] < 0, "the guest who left still loses rating"
        me = await polled(lambda: farmer.request({"t": "me"}), lambda m: m["stats"].get("sibala:games") == 10)
        assert me["stats"]["sibala:games"] == 10 and "sibala" not in me["ratings"], me["ratings"]
        board = await api(lobby.http, "GET", "/api/leaderboard/sibala", farmer.token)
        assert board[0] == 200 and board[1]["you"] is None


async def test_recent_games_name_the_table_readably(redis_server):
    """A profile's recent games carry the table's readable name and opener
    (the page shows those, not the hex id: issue #15's fresh pass), kept in
    the entry because the table itself is gone long before the profile; an
    entry written before names gets the generated one."""
    store = await connect(redis_server.url, "ratenames")
    try:
        pids = await _players(store, 2, game="sibala")
        rooms = Rooms(store, Settings(key_prefix="ratenames"))
        doc = dict(_finished("sibala", pids, {"rounds": 1}), name="Ann/Bo's table", opened_by="Ann/Bo")
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await rooms.settle(doc["id"])
        await store.run(store.recent_cmds(pids[0], "00aa11bb22cc/3/sibala", 1, 10))  # an old entry
        recent = (await ratings.profile(store, ratings.public_id(pids[0])))["recent"]
        assert [(r["table"], r["game_no"], r["name"], r["opened_by"]) for r in recent] == [
            (doc["id"], 1, "Ann/Bo's table", "Ann/Bo"),  # a "/" in a name stays in it
            ("00aa11bb22cc", 3, tables.generated_name("00aa11bb22cc"), None),
        ]
    finally:
        await store.aclose()


async def test_recent_games_say_each_player_s_result(redis_server):
    """A profile's recent games say how the game went for that player:
    won (a shared win too), lost, or left (a bot played the seat on); an
    entry written before results has none."""
    store = await connect(redis_server.url, "rateresults")
    try:
        pids = await _players(store, 3, game="sibala")
        rooms = Rooms(store, Settings(key_prefix="rateresults"))
        doc = _finished("sibala", pids, {"rounds": 1}, left=(2,))
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await rooms.settle(doc["id"])
        await store.run(store.recent_cmds(pids[0], "00aa11bb22cc/3/sibala", 1, 10))  # an old entry
        winners = doc["result"]["winners"]
        got = [[r["result"] for r in (await ratings.profile(store, ratings.public_id(pid)))["recent"]] for pid in pids]
        assert got == [["won" if 0 in winners else "lost", None], ["won" if 1 in winners else "lost"], ["left"]], (got, winners)
    finally:
        await store.aclose()


async def test_a_table_s_next_game_is_rated_from_what_its_last_game_left(lobby):
    """Two games in a row at one table: the second starts from what the
    first left the players' ratings at (the doc's ``rated_from``, read as
    it starts), its panel goes from that to the stored rating, and every
    game counts once."""
    store = await store_of(lobby)
    try:
        async with connected(lobby.ws, [f"R{secrets.token_hex(3)}", f"S{secrets.token_hex(3)}"]) as cs:
            table = await seated(cs, "sibala", seats=2, turn_ms=20000, options={"rounds": 1}, games=2)
            await asyncio.gather(*(c.play(table, random.Random(i), timeout=60, games=2) for i, c in enumerate(cs)))
        _, doc = await store.load_room(table)
        assert doc["game_no"] == 2 and doc["settlement"]["done"]
        pids = [e["pid"] for e in doc["settlement"]["players"]]
        stored = await ratings.current(store, "sibala", pids)
        started = ratings.at_start(doc)
        assert set(started) == set(pids) and all(started[pid] != (ratings.MU0, ratings.SIGMA0) for pid in pids), "the second game started from the first's"
        assert [(await store.player(pid))["sibala:rated"] for pid in pids] == [2, 2]
        for entry in doc["settlement"]["players"]:
            shown = doc["settlement"]["ratings"][entry["seat"]]
            assert abs(shown["before"] - ratings.ordinal(*started[entry["pid"]])) < 0.01
            assert abs(shown["after"] - ratings.ordinal(*stored[entry["pid"]])) < 0.01, "the figure shown is the stored one"
    finally:
        await store.aclose()


@pytest.mark.parametrize("lobby", ["redis"], indirect=True)  # a cluster pays a game out after its commit: docs/architecture.md
async def test_games_at_several_tables_at_once_each_count_once_and_every_figure_agrees(lobby):
    """The same two players play three games at each of three tables at
    once: every game counts once, and the profile, the leaderboard and the
    stored rating (``me``) say one figure."""
    store = await store_of(lobby)
    try:
        async with connected(lobby.ws, [f"R{secrets.token_hex(3)}", f"S{secrets.token_hex(3)}"]) as cs:
            ids = [await seated(cs, "sibala", seats=2, turn_ms=20000, options={"rounds": 1}, games=3) for _ in range(3)]
            await asyncio.gather(*(c.play(t, random.Random(7 * i + j), timeout=90, games=3) for j, t in enumerate(ids) for i, c in enumerate(cs)))
        docs = [(await store.load_room(t))[1] for t in ids]
        assert all(d["game_no"] == 3 and d["settlement"]["done"] for d in docs)
        pids = [e["pid"] for e in docs[0]["settlement"]["players"]]
        stored = await ratings.current(store, "sibala", pids)
        board = dict((await store.board("sibala", 0, 10_000))[0])
        for pid in pids:
            assert (await store.player(pid))["sibala:rated"] == 9
            profile = (await ratings.profile(store, ratings.public_id(pid)))["games"]["sibala"]
            assert profile["ordinal"] == pytest.approx(board[pid], abs=0.01) == pytest.approx(ratings.ordinal(*stored[pid]), abs=0.01)
    finally:
        await store.aclose()


async def test_a_game_is_rated_from_its_players_ratings_at_its_start_whatever_ended_meanwhile(redis_server):
    """A player's game ends at another table while this one runs: this
    game's change is still openskill's update of the rating they had when
    it started, their stored rating is the start plus both games' changes,
    and this game's result panel goes from the rating with the other game
    in it to the stored one."""
    prefix = "ratestart"
    store = await connect(redis_server.url, prefix)
    rooms = Rooms(store, Settings(key_prefix=prefix))
    try:
        me, a, b = await _players(store, 3, game="sibala")
        first = await _one_move_left(rooms, "sibala", [me, a], seed=1)
        second = await _one_move_left(rooms, "sibala", [b, me], seed=2)
        await rooms.move(*second)
        _, other = await store.load_room(second[0])
        assert (await store.player(me))["sibala:rated"] == 1
        between = (await ratings.current(store, "sibala", [me]))[me]
        await rooms.move(*first)
        _, end = await store.load_room(first[0])
        newcomers = {pid: (ratings.MU0, ratings.SIGMA0) for pid in (me, a)}
        update = ratings.changes(end, newcomers)[0]
        mine = next(e["stats"] for e in end["settlement"]["players"] if e["pid"] == me)
        assert {k: mine[k] for k in ("rp", "rm")} == ratings.increments(newcomers[me], (update["mu"], update["sigma"])), "rated from the start"
        added = [mine, next(e["stats"] for e in other["settlement"]["players"] if e["pid"] == me)]
        final = ratings.stored(None, None, sum(s["rp"] for s in added), sum(s["rm"] for s in added))
        assert (await ratings.current(store, "sibala", [me]))[me] == final
        shown = end["settlement"]["ratings"][0]
        assert (shown["before"], shown["after"]) == (round(ratings.ordinal(*between), 2), round(ratings.ordinal(*final), 2))
        assert shown["rating"] == (await ratings.profile(store, ratings.public_id(me)))["games"]["sibala"]["rating"]
    finally:
        await store.aclose()


async def _one_move_left(rooms: Rooms, game: str, pids: list[str], seed: int) -> tuple[str, str, str, dict]:
    """A table of ``game`` with ``pids`` seated, started as every table is
    (the last join starts the game through :meth:`Rooms.update`, reading the
    players' coins and ratings), then played one move short of its end (long
    turns: no deadline passes meanwhile).  Returns ``(table id, pid, turn,
    move)`` of that last move (one seed, one game: the same moves and result
    whoever sits)."""
    now = now_ms()
    engine = engines.get(game)
    doc = tables.new_table(f"t{secrets.token_hex(5)}", game, now=now, seats=len(pids), turn_ms=300_000, min_turn_ms=1000, options={"rounds": 1})
    for i, pid in enumerate(pids[:-1]):
        doc = tables.join(doc, pid, f"P{i}", None, now, bytes(32), {"balances": {}}).doc
    await rooms.create(doc)
    last, dice = pids[-1], seed.to_bytes(32, "big")
    await rooms.update(doc["id"], lambda t, at, ctx: tables.join(t, last, "Last", None, at, dice, ctx), extra_pid=last)
    version, doc = await rooms.store.load_room(doc["id"])
    assert doc["status"] == "playing"
    rng = random.Random(seed)
    while True:
        (seat, *_) = engine.to_act(doc["state"])
        mv = engine.bot_move(engine.view(doc["state"], seat), seat, rng)
        after = tables.move(doc, pids[seat], tables.turn_id(doc, seat), mv, now).doc
        if after["status"] != "playing":
            assert (await rooms.store.commit(doc["id"], version, doc))[0] == version + 1
            return doc["id"], pids[seat], tables.turn_id(doc, seat), mv
        doc = after


async def test_a_player_s_two_games_ending_at_once_leave_the_leaderboard_row_as_the_profile_says(redis_server):
    """One player ends two rated games in the same round trip (a loss at
    one table, a win at another, in either order): the leaderboard row is
    the rating the player's record holds with both games applied, as
    ``me`` and the profile show it, never one game's figure alone."""
    prefix = "ratetwo"
    store = await connect(redis_server.url, prefix)
    rooms = Rooms(store, Settings(key_prefix=prefix))
    try:
        for attempt in range(12):
            me, a, b = await _players(store, 3, game="sibala")
            ends = [await _one_move_left(rooms, "sibala", [me, other] if attempt % 2 else [other, me], seed=attempt * 2 + i) for i, other in enumerate((a, b))]
            await asyncio.gather(*(rooms.move(*end) for end in ends))
            stored = await ratings.current(store, "sibala", [me, a, b])
            assert (await store.player(me))["sibala:rated"] == 2
            board, _ = await store.board("sibala", 0, 10_000)
            rows = dict(board)
            for pid in (me, a, b):
                assert abs(rows[pid] - ratings.ordinal(*stored[pid])) < 1e-6, (attempt, pid, rows[pid], stored[pid])
            assert (await ratings.profile(store, ratings.public_id(me)))["games"]["sibala"]["ordinal"] == pytest.approx(rows[me], abs=0.01)
    finally:
        await store.aclose()


async def test_a_player_s_games_that_overlap_leave_one_rating_whichever_ends_first(redis_server):
    """Two games of one player run at once (seeded: the same moves and
    results however they are seated); they end one after the other, first
    the one then the other, and for a second trio of newcomers the other
    way round: both players named "me" end at exactly the same stored
    rating, leaderboard row and profile figure, a win and a loss among them
    included (rated in turn from the rating at each game's end, the order
    moved it by up to ~9 shown points); the result panel of the game that
    ended last shows that figure."""
    prefix = "rateorder"
    store = await connect(redis_server.url, prefix)
    rooms = Rooms(store, Settings(key_prefix=prefix))
    mixed = 0
    try:
        for attempt in range(6):
            finals = []
            for order in (0, 1):
                me, a, b = await _players(store, 3, game="sibala")
                ends = [await _one_move_left(rooms, "sibala", [me, other], seed=attempt * 2 + i) for i, other in enumerate((a, b))]
                for end in ends[::-1] if order else ends:
                    await rooms.move(*end)
                wins = [next(e["stats"].get("wins", 0) for e in (await store.load_room(end[0]))[1]["settlement"]["players"] if e["pid"] == me) for end in ends]
                rows = dict((await store.board("sibala", 0, 10_000))[0])
                record = await store.player(me)
                profile = (await ratings.profile(store, ratings.public_id(me)))["games"]["sibala"]["rating"]
                _, last = await store.load_room(ends[0 if order else 1][0])
                assert last["settlement"]["ratings"][0]["rating"] == profile, "the last panel shows the profile's figure"
                finals.append(([record.get(f) for f in ratings.fields("sibala")], rows[me], profile))
            mixed += sorted(wins) == [0, 1]
            assert finals[0] == finals[1], (attempt, wins, finals)
        assert mixed, "a win and a loss ended in both orders"
    finally:
        await store.aclose()


async def test_players_whose_names_read_alike_are_told_apart_on_a_leaderboard_page(redis_server):
    """Three guests named "Zed Rowe", "Zed Rowe" and "ZED ROWE", rated in
    one game: the page shows the first name as it is and the others with
    the marks a table gives ("Zed Rowe ②", "ZED ROWE ③"), so no two rows
    read alike; a name that reads as none above it has no mark."""
    store = await connect(redis_server.url, "ratemarks")
    try:
        pids = [f"r{secrets.token_hex(6)}" for _ in range(4)]
        for pid, name in zip(pids, ["Zed Rowe", "Zed Rowe", "ZED ROWE", "Ann"]):
            await store.create_player(pid, new_token(), name, 1000, 600)
        doc = _finished("sibala", pids, {"rounds": 1}, [7, 5, 3, 1])
        assert (await store.commit(doc["id"], 0, doc))[0] == 1
        await Rooms(store, Settings(key_prefix="ratemarks")).settle(doc["id"])
        board = await ratings.leaderboard(store, "sibala", 0)
        rows = {p["id"]: p for p in board["players"]}
        zeds = [rows[ratings.public_id(pid)] for pid in pids[:3]]
        assert sorted(p.get("mark", 0) for p in zeds) == [0, 2, 3]
        assert [p.get("mark", 0) for p in sorted(zeds, key=lambda p: p["rank"])] == [0, 2, 3], "marked in the page's order"
        assert "mark" not in rows[ratings.public_id(pids[3])]
    finally:
        await store.aclose()
