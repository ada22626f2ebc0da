"""Coins at stud tables over real websockets: settlement exactly once, escapes,
timeouts, stand-ups, tiers, and a crash between a game's end and its payout."""

from __future__ import annotations

import asyncio
import random
import secrets

import pytest

from lobby import ratings, tables
from lobby.client import LobbyClient, LobbyRefused
from lobby.config import Settings
from lobby.rooms import Rooms
from lobby.store import connect, now_ms

from .support import coins, coins_moved, connected, playing, polled, seated

pytestmark = pytest.mark.waits  # mostly real-time waits (live games on turn clocks): run beside other workers' CPU-bound tests (tests/scheduling.py)


async def _settled(client, table):
    return await client.wait_for(table, lambda v: v["status"] in ("finished", "closed") and v["result"] is not None, timeout=60)


async def _stats(client) -> dict:
    return (await client.request({"t": "me"}))["stats"]


async def test_four_players_beginner_game_conserves_coins(lobby):
    async with connected(lobby.ws, ["Ann", "Bo", "Cy", "Di"]) as cs:
        before = [await coins(c) for c in cs]
        table = await seated(cs, "stud", seats=4, turn_ms=10000, options={"tier": "beginner"}, games=1)
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=120) for i, c in enumerate(cs)))
        result = finals[0]["result"]
        # the payout follows the final commit; wait until every balance moved by its coins
        moved = await coins_moved(cs, before, result["coins"])
        assert moved == result["coins"]
        assert sum(moved) == 0, "no coin created or lost"
        assert result["coins"][result["winners"][0]] > 0
        stats = await _stats(cs[0])
        assert stats["stud:games"] == 1


async def test_escape_settlement_is_exact(lobby):
    async with connected(lobby.ws, ["Ann", "Bo", "Cy"]) as cs:
        before = [await coins(c) for c in cs]
        table = await seated(cs, "stud", seats=3, turn_ms=10000, options={"tier": "beginner"}, games=1)
        view = await cs[0].wait_for(table, playing)
        state = view["state"]
        pot = state["pot"]
        dealer = state["dealer"]
        leaver = next(s for s in range(3) if s != dealer)
        await cs[leaver].request({"t": "leave", "table": table})
        final = await _settled(cs[dealer], table)
        assert final["state"]["escaped"] == leaver
        expected = [0, 0, 0]
        expected[leaver] = -pot
        expected[dealer] = pot
        assert final["result"]["coins"] == expected
        assert await coins_moved(cs, before, expected) == expected
        stats = await _stats(cs[leaver])
        assert stats["stud:escapes"] == 1


async def test_timeout_folds_and_counts_a_disconnect(lobby):
    async with connected(lobby.ws, ["Ann", "Bo"]) as cs:
        table = await seated(cs, "stud", seats=2, turn_ms=1000, options={"tier": "casual"}, games=1)
        view = await cs[0].wait_for(table, playing)
        first = view["to_act"][0]
        other = 1 - first
        # nobody moves: the seat to act folds when its deadline passes, and the other wins
        final = await _settled(cs[0], table)
        assert final["state"]["players"][first]["folded"] and final["result"]["winners"] == [other]
        assert final["timeouts"][first] == 1
        stats = await polled(lambda: _stats(cs[first]), lambda s: s.get("stud:disconnects") == 1)
        assert stats["stud:disconnects"] == 1


async def test_tiers_need_coins_and_refuse_bots(lobby):
    async with connected(lobby.ws, ["Ann"]) as (c,):
        with pytest.raises(LobbyRefused) as exc:
            await c.open("stud", seats=2, options={"tier": "expert"})
        assert exc.value.code == "insufficient_coins"
        # the refusal carries its figures, for a page to word in its language
        assert exc.value.frame["need"] == 50000 and exc.value.frame["have"] == await coins(c)
        with pytest.raises(LobbyRefused) as exc:
            await c.open("stud", seats=2, bots=True, options={"tier": "beginner"})
        assert exc.value.code == "bad_options"
        tv = await c.open("stud", seats=2, options={"tier": "beginner"})
        with pytest.raises(LobbyRefused) as exc:
            await c.open("stud", seats=2, options={"tier": "beginner"})
        assert exc.value.code == "already_seated", "one coin table at a time"
        await c.request({"t": "leave", "table": tv.table_id})


def test_a_join_refused_for_coins_says_what_is_needed_and_had():
    """A join at a coin table the player cannot afford is refused with its
    figures (``need``, ``have``: coins; the error frame carries them)."""
    doc = tables.new_table("u", "stud", now=0, seats=2, turn_ms=5000, options={"tier": "beginner"})
    doc = tables.join(doc, "a", "A", None, 0, bytes(32), {"balances": {"a": 5000}}).doc
    with pytest.raises(tables.LobbyError) as exc:
        tables.join(doc, "b", "B", None, 1, bytes(32), {"balances": {"a": 5000, "b": 700}})
    assert exc.value.code == "insufficient_coins" and exc.value.figures == {"need": 1000, "have": 700}


async def test_player_below_the_minimum_is_stood_up(redis_server, lobby_factory):
    proc = lobby_factory(prefix="poor", env={"LOBBY_GRANT_COINS": "1000"})
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        table = await seated(cs, "stud", seats=2, turn_ms=10000, options={"tier": "beginner"})
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=120) for i, c in enumerate(cs)))
        loser = 1 - finals[0]["result"]["winners"][0]
        view = await cs[0].wait_for(table, lambda v: any(n["reason"] == "insufficient_coins" for n in v["notices"]), timeout=20)
        assert view["seats"][loser]["left"]
        assert [n["name"] for n in view["notices"]] == [["Ann", "Bo"][loser]]
        assert await coins(cs[loser]) < 1000
        with pytest.raises(LobbyRefused) as exc:
            await cs[loser].request({"t": "ready", "table": table})
        assert exc.value.code == "not_seated"


async def test_settlement_after_a_crash_is_applied_exactly_once(redis_server, lobby_factory):
    """A game's final commit landed but its process died before paying out:
    any live process pays it from the table's timer, once; replays pay nothing."""
    prefix = "crash"
    store = await connect(redis_server.url, prefix)
    try:
        settings = Settings(key_prefix=prefix)
        rooms = Rooms(store, settings)
        pids = ["pa" + str(now_ms()), "pb" + str(now_ms())]
        for pid in pids:
            await store.create_player(pid, "tok-" + pid, pid, 5000, 60)
        table_id = f"crash{now_ms()}"
        doc = tables.new_table(table_id, "sibala", now=now_ms(), seats=2, turn_ms=5000, options={"rounds": 1, "stake": 100})
        for i, pid in enumerate(pids):
            doc = tables.join(doc, pid, f"P{i}", None, now_ms(), bytes(32), {"balances": {p: 5000 for p in pids}}).doc
        # play the game out with the engine, as a process would
        while doc["status"] == "playing":
            seat = [s for s in range(2) if doc["state"]["order"][doc["state"]["pos"]] == s][0]
            doc = tables.move(doc, pids[seat], tables.turn_id(doc, seat), {"type": "roll"}, now_ms()).doc
        coins = doc["result"]["coins"]
        assert doc["settlement"]["done"] is False and sum(coins) == 0
        # the final commit lands; the payout does not (the process "dies")
        assert (await store.commit(table_id, 0, doc))[0] == 1
        assert await store.balances(pids) == {pids[0]: 5000, pids[1]: 5000}
        await store.schedule(table_id, 0)
        lobby_factory(prefix=prefix)  # a live process finds the due timer and pays out
        loaded = await polled(lambda: store.load_room(table_id), lambda loaded: loaded[1]["settlement"]["done"], timeout_s=10)
        assert loaded[1]["settlement"]["done"]
        paid = await store.balances(pids)
        assert [paid[p] - 5000 for p in pids] == coins
        # a second payout attempt (another process, a retry) changes nothing
        for entry in doc["settlement"]["players"]:
            applied, _ = await store.apply_settlement(entry["pid"], doc["settlement"]["id"], entry["coins"], entry["stats"], "sibala", 60)
            assert not applied
        await rooms.settle(table_id)
        assert await store.balances(pids) == paid
    finally:
        await store.redis.aclose()


async def test_a_game_starts_when_every_seated_player_pressed_start(redis_server, lobby_factory):
    proc = lobby_factory(prefix="votes", env={"LOBBY_READY_MS": "1500"})
    async with connected(proc.ws, ["Ann", "Bo", "Cy"]) as (ann, bo, cy):
        table = await seated([ann, bo], "stud", seats=4, options={"tier": "casual"})
        await ann.request({"t": "start", "table": table})
        view = await bo.wait_for(table, lambda v: v["start_votes"] == [0])
        assert view["status"] == "waiting", "one press of two does not start the game"
        await bo.request({"t": "start", "table": table})
        view = await ann.wait_for(table, lambda v: v["status"] == "playing")
        assert [s["name"] for s in view["seats"]] == ["Ann", "Bo"]
        # another table: Cy never presses start and is stood up when the window closes
        tv2 = await ann.open("stud", seats=4, options={"tier": "casual"})
        await cy.join(tv2.table_id)
        await bo.join(tv2.table_id)
        await ann.request({"t": "start", "table": tv2.table_id})
        await bo.request({"t": "start", "table": tv2.table_id})
        view = await ann.wait_for(tv2.table_id, lambda v: v["status"] == "playing", timeout=15)
        assert [s["name"] for s in view["seats"]] == ["Ann", "Bo"]
        assert view["notices"] == [{"name": "Cy", "reason": "sat_out"}], "not pressing start means not playing: said neutrally"


async def test_coins_cannot_be_promised_twice(lobby):
    """Leaving a running coin game (a bot plays the seat on) does not free its
    coins for another table, and two joins racing for two coin tables cannot
    both win."""
    async with connected(lobby.ws, ["Ann", "Bo", "Cy", "Di", "Eve"]) as (ann, bo, cy, di, eve), LobbyClient(lobby.ws, token=di.token) as di2:
        stake = {"rounds": 5, "stake": 100}
        t1 = await bo.open("sibala", seats=2, turn_ms=20000, options=stake)
        await ann.join(t1.table_id)
        await ann.wait_for(t1.table_id, lambda v: v["status"] == "playing")
        await ann.request({"t": "leave", "table": t1.table_id})  # a bot plays Ann's seat to the end
        view = await bo.wait_for(t1.table_id, lambda v: v["seats"][1]["left"] or v["seats"][0]["left"])
        assert view["status"] == "playing"
        t2 = await cy.open("sibala", seats=2, options=stake)
        with pytest.raises(LobbyRefused) as exc:
            await ann.join(t2.table_id)
        assert exc.value.code == "already_seated"
        # the same player from two connections joins two tables at once
        t3 = await eve.open("sibala", seats=3, options=stake)
        results = await asyncio.gather(di.join(t2.table_id), di2.join(t3.table_id), return_exceptions=True)
        won = [r for r in results if not isinstance(r, Exception)]
        lost = [r for r in results if isinstance(r, LobbyRefused)]
        assert len(won) == 1 and len(lost) == 1 and lost[0].code == "already_seated", results


def test_a_player_who_cannot_afford_the_table_is_stood_up_at_the_start():
    doc = tables.new_table("t", "stud", now=0, seats=3, turn_ms=5000, options={"tier": "beginner"})
    rich = {"a": 5000, "b": 5000, "c": 5000}
    for pid in "ab":
        doc = tables.join(doc, pid, pid.upper(), None, 0, bytes(32), {"balances": rich}).doc
    # C joins, filling the table, while A's balance has since dropped below the minimum
    change = tables.join(doc, "c", "C", None, 1, bytes(32), {"balances": {"a": 900, "b": 5000, "c": 5000}})
    d = change.doc
    assert change.log["kind"] == "start" and d["status"] == "playing"
    assert [s["name"] for s in d["seats"]] == ["B", "C"]
    assert d["notices"] == [{"name": "A", "reason": "insufficient_coins"}]
    # too few left: the table waits for players instead of failing the join
    two = tables.new_table("u", "stud", now=0, seats=2, turn_ms=5000, options={"tier": "beginner"})
    two = tables.join(two, "a", "A", None, 0, bytes(32), {"balances": rich}).doc
    change = tables.join(two, "b", "B", None, 1, bytes(32), {"balances": {"a": 900, "b": 5000}})
    d = change.doc
    assert change.log["kind"] == "wait" and d["status"] == "waiting" and change.seats == {"b": 1}
    assert d["seats"][0] is None and d["seats"][1]["name"] == "B"


@pytest.mark.parametrize("backend", ["redis", "cluster"])
async def test_a_join_that_lost_a_race_reads_the_balances_of_who_sat_meanwhile(backend, request, monkeypatch):
    """Two processes seat the last two players of a coin table at once: the
    one whose commit loses the race retries on a doc with the other player
    seated.  The balances it read before held only the players it knew of;
    the retry reads them again rather than take the newcomer for a player
    with no coins (before: the newcomer was stood up with
    ``insufficient_coins`` as the game started without them; seen as a
    flaky ``not_seated`` in the merge test on the cluster)."""
    url = request.getfixturevalue("redis_server").url if backend == "redis" else request.getfixturevalue("redis_cluster").url
    prefix = "lz" + secrets.token_hex(3)
    store_a, store_b = await connect(url, prefix), await connect(url, prefix)
    try:
        rooms_a, rooms_b = (Rooms(s, Settings(key_prefix=prefix)) for s in (store_a, store_b))
        for pid in ("ann", "bo", "dee"):
            await store_a.create_player(pid, "tok-" + pid + prefix, pid.title(), 20_000, 600)
        doc, _ = await rooms_a.open("sibala", "ann", "Ann", seats=3, options={"stake": 100, "rounds": 1})
        table = doc["id"]
        read = ratings.with_balances  # the coins (and ratings) a game's start reads
        raced = asyncio.Event()

        async def balances_then_bo_sits(store, game, pids):
            out = await read(store, game, pids)
            if store is store_a and len(pids) > 1 and not raced.is_set():  # Dee's join read Ann's and Dee's coins: Bo sits now, elsewhere
                raced.set()
                await rooms_b.join(table, "bo", "Bo")
            return out

        monkeypatch.setattr(ratings, "with_balances", balances_then_bo_sits)
        await rooms_a.join(table, "dee", "Dee")
        assert raced.is_set(), "the race this test is about did not happen"
        final = (await store_a.load_room(table))[1]
        assert final["status"] == "playing"
        assert sorted(s["name"] for s in final["seats"] if s and not s["left"]) == ["Ann", "Bo", "Dee"]
        assert final["notices"] == []
    finally:
        await store_a.aclose()
        await store_b.aclose()


async def test_one_players_two_quick_requests_on_two_processes_get_the_same_seat_at_a_coin_table(request):
    """The same player's quick request reaches two processes at once (a
    double click, a retry): the first claims the player's coins for the
    table it opens; the second, which found no open table yet, was refused
    ``already_seated`` naming that very table (break-it pass).  Now it is
    given that seat."""
    url = request.getfixturevalue("redis_server").url
    prefix = "dq" + secrets.token_hex(3)
    store_a, store_b = await connect(url, prefix), await connect(url, prefix)
    try:
        rooms_a, rooms_b = (Rooms(s, Settings(key_prefix=prefix, quick_wait_ms=60_000)) for s in (store_a, store_b))
        await store_a.create_player("ann", "tok-ann" + prefix, "Ann", 20_000, 600)
        options = {"stake": 100, "rounds": 1}
        claimed = asyncio.Event()
        claim = store_a.claim_coin_table

        async def claim_then_tell(*args):
            out = await claim(*args)
            claimed.set()
            return out

        slot = store_b.quick_slot
        forced = []

        async def no_slot_until_the_coins_are_claimed(*args):
            if not forced:  # B's first look: nothing open yet, though A already holds the coins for its table
                forced.append(True)
                await claimed.wait()
                return None
            return await slot(*args)

        store_a.claim_coin_table = claim_then_tell
        store_b.quick_slot = no_slot_until_the_coins_are_claimed
        first, second = await asyncio.gather(
            rooms_a.quick("sibala", "ann", "Ann", False, options), rooms_b.quick("sibala", "ann", "Ann", False, options)
        )
        assert forced, "the race this test is about did not happen"
        assert first == second, (first, second)
        doc = (await store_a.load_room(first[0]))[1]
        assert [s["pid"] for s in doc["seats"] if s] == ["ann"]
        assert await store_a.player_tables("ann") == [first[0]]
    finally:
        await store_a.aclose()
        await store_b.aclose()
