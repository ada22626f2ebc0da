"""Arenas against a real redis-server and real lobby processes: pairing
taken atomically by two pairers at once, points with streaks as
docs/play.md says, games in play at the end counted, a leaver's 0."""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import secrets
import sys
import time

import pytest

from lobby import tables
from lobby.arenas import Arenas, groups, new_arena, placements
from lobby.client import LobbyClient, LobbyRefused
from lobby.config import Settings
from lobby.redis_values import now_ms
from lobby.rooms import Rooms
from lobby.store import connect

from .support import api, connected, polled

# mostly real-time waits (arenas' real-time windows and live games): run
# beside other workers' CPU-bound tests (tests/scheduling.py)
pytestmark = [pytest.mark.waits, pytest.mark.timeout(240)]

PASSWORD = "correct horse battery"
#: short arena loops, so a test waits on its deadline, never on luck
ARENA_ENV = {"LOBBY_ARENA_PAIR_MS": "50", "LOBBY_ARENA_SWEEP_MS": "200", "LOBBY_ARENA_GRACE_MS": "1000"}


async def _arenas(url: str, prefix: str) -> Arenas:
    """An :class:`Arenas` of its own connection: a pairer as a process has one."""
    store = await connect(url, prefix)
    settings = Settings.from_env(key_prefix=prefix, arena_grace_ms=1000)
    return Arenas(store, Rooms(store, settings), settings)


def _doc(arena_id: str, game: str = "sibala", seats: int = 2, start: int | None = None, seconds: int = 600, turn_ms: int = 30_000) -> dict:
    """An arena doc as :func:`new_arena` makes it, but ending ``seconds`` after its start (tests end arenas early)."""
    now = now_ms()
    doc = new_arena(arena_id, game, now=now, start=now, minutes=5, by="Test", seats=seats, turn_ms=turn_ms, min_turn_ms=1000)
    doc["start"] = now if start is None else start
    doc["end"] = doc["start"] + seconds * 1000
    return doc


async def _connected(arenas: Arenas, pids: list[str]) -> None:
    """Give players made up by a test a live connection, as a signed-in socket has."""
    await arenas.store.run([cmd for pid in pids for cmd in arenas.store.presence_cmds(pid, "test", now_ms() + 600_000)])


def _finished(arena_id: str, table_id: str, pids: list[str], scores: list[int], winners: list[int], left: tuple[str, ...] = ()) -> dict:
    """A finished arena table's doc, as far as scoring reads it."""
    seats = [{"pid": p, "name": p, "bot": p in left, "left": p in left, "away": False} for p in pids]
    return {"id": table_id, "arena": arena_id, "seats": seats, "result": {"winners": winners, "scores": scores}, "settlement": {"id": f"{table_id}:1", "done": True, "players": []}}


def test_groups_take_everyone_they_can_and_avoid_the_last_opponent():
    order = {p: (pts, 0) for p, pts in {"a": 9, "b": 8, "c": 7, "d": 1, "e": 0}.items()}
    # a met b last: a plays c instead; everyone but one is grouped
    assert groups(list(order), 2, 2, order, {"a": {"b"}, "b": {"a"}}) == [["a", "c"], ["b", "d"]]
    # nobody else is left: the same opponents again rather than waiting
    assert groups(["a", "b"], 2, 2, order, {"a": {"b"}, "b": {"a"}}) == [["a", "b"]]
    # a table of four, then the three left at one table where the game allows three
    assert groups(list("abcdefg"), 4, 2, {}, {}) == [list("abcd"), list("efg")]


def test_placements_give_two_one_zero_and_a_leaver_nothing():
    assert placements(_finished("A", "t", ["p", "q"], [5, 3], [0])) == [("p", 2, True, False), ("q", 0, False, False)]
    assert placements(_finished("A", "t", ["p", "q"], [4, 4], [0, 1])) == [("p", 1, False, False), ("q", 1, False, False)]
    # the leaver is ranked last whatever its score
    assert placements(_finished("A", "t", ["p", "q"], [5, 3], [0], left=("p",))) == [("p", 0, False, True), ("q", 2, True, False)]
    # four seats by rank: 6, 4, 2, 0; two sharing second get 3 each
    assert [b for _, b, _, _ in placements(_finished("A", "t", list("pqrs"), [9, 5, 5, 1], [0]))] == [6, 3, 3, 0]


def test_a_stud_escape_scores_nothing_for_the_leaver():
    # stud's leave is an escape that ends the game at once: the leaver's seat is ranked last
    doc = tables.new_table("t", "stud", now=0, seats=2, turn_ms=5_000, games=1)
    for pid in ("a", "b"):
        doc = tables.join(doc, pid, pid.upper(), None, 0, secrets.token_bytes(32), {"balances": {}}).doc
    ended = tables.leave(doc, "a", 10, secrets.token_bytes(32), {"balances": {}}).doc
    assert ended["status"] == tables.Status.FINISHED
    assert placements(ended) == [("a", 0, False, True), ("b", 2, True, False)]


async def test_two_pairers_never_seat_a_player_twice_nor_leave_one_waiting(redis_server):
    prefix = "arena" + secrets.token_hex(3)
    one, two = await _arenas(redis_server.url, prefix), await _arenas(redis_server.url, prefix)
    try:
        for trial in range(25):
            doc = _doc(f"pair{trial}")
            await one._store(doc)
            pids = [f"p{trial}x{i}" for i in range(9)]
            await _connected(one, pids)
            for pid in pids:
                await one.join(doc["id"], pid, pid)
            await asyncio.gather(one.pair(doc["id"]), two.pair(doc["id"]), one.pair(doc["id"]), two.pair(doc["id"]))
            # whatever a lost take left, the next passes pair the rest
            for _ in range(4):
                await asyncio.gather(one.pair(doc["id"]), two.pair(doc["id"]))
            seated: list[str] = []
            for raw in await one.store.redis.zrange(one.key(doc["id"], "tables"), 0, -1):
                loaded = await one.store.load_room(raw.decode())
                assert loaded is not None and loaded[1]["status"] == tables.Status.PLAYING and loaded[1]["arena"] == doc["id"]
                seated += [s["pid"] for s in loaded[1]["seats"]]
            waiting = [m.decode() for m in await one.store.redis.zrange(one.key(doc["id"], "pool"), 0, -1)]
            assert len(seated) == len(set(seated)) == 8, trial  # nobody at two tables
            assert sorted(seated + waiting) == sorted(pids) and len(waiting) == 1  # one left over of nine, never more
    finally:
        await one.store.aclose()
        await two.store.aclose()


async def test_a_player_with_no_connection_waits_unpaired(redis_server):
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("gone"))
        await _connected(arenas, ["here1", "here2"])
        for pid in ("here1", "gone1", "here2"):
            await arenas.join("gone", pid, pid)
        [table_id] = await arenas.pair("gone")
        loaded = await arenas.store.load_room(table_id)
        assert loaded is not None and sorted(s["pid"] for s in loaded[1]["seats"]) == ["here1", "here2"]
        assert [m.decode() for m in await arenas.store.redis.zrange(arenas.key("gone", "pool"), 0, -1)] == ["gone1"]
    finally:
        await arenas.store.aclose()


async def test_the_pairing_loop_wakes_at_an_arena_start_sooner_than_its_next_pass(redis_server):
    prefix = "arena" + secrets.token_hex(3)
    store = await connect(redis_server.url, prefix)
    # a pass a minute, no scheduled arenas: only the wake at the start pairs within the test's wait
    settings = Settings.from_env(key_prefix=prefix, arena_pair_ms=60_000, arena_every_min=0)
    arenas = Arenas(store, Rooms(store, settings), settings)
    stopping = asyncio.Event()
    loop = None
    try:
        doc = _doc("soon", start=now_ms() + 400)
        await arenas._store(doc)
        await _connected(arenas, ["s1", "s2"])
        for pid in ("s1", "s2"):
            await arenas.join("soon", pid, pid)
        loop = asyncio.create_task(arenas.run(stopping))
        paired = await polled(lambda: store.redis.zrange(arenas.key("soon", "tables"), 0, -1, withscores=True), lambda rows: bool(rows))
        assert len(paired) == 1 and paired[0][1] >= doc["start"]  # one table, opened at the start, not before
    finally:
        stopping.set()
        if loop is not None:
            loop.cancel()  # it sleeps till its next pass
            with contextlib.suppress(asyncio.CancelledError):
                await loop
        await store.aclose()


async def test_points_double_on_a_streak_of_two_wins_and_each_game_scores_once(redis_server):
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        doc = _doc("streak")
        await arenas._store(doc)
        for pid in ("w", "l"):
            await arenas.join("streak", pid, pid.upper())
        # w wins, wins, wins (doubled: 4), draws (doubled: 2), wins (2: the draw ended the streak); l never scores
        results = [([5, 1], [0]), ([5, 1], [0]), ([5, 1], [0]), ([3, 3], [0, 1]), ([5, 1], [0])]
        for n, (scores, winners) in enumerate(results):
            table = _finished("streak", f"t{n}", ["w", "l"], scores, winners)
            assert await arenas.score(table)
            assert not await arenas.score(table)  # the hook and the sweep both came: scored once
        standings = await arenas.standings("streak", "l")
        w, l = standings["top"]
        assert (w["name"], w["points"], w["sheet"], w["streak"], w["games"], w["wins"]) == ("W", 12, [2, 2, 4, 2, 2], 1, 5, 4)
        assert (l["points"], l["sheet"], l["you"]) == (1, [0, 0, 0, 1, 0], True)
    finally:
        await arenas.store.aclose()


async def test_standings_read_while_games_are_scored_are_never_half_a_game(redis_server):
    # a read of the points and then of the sheets once showed a game in the sheet but not in the points
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("torn"))
        for pid in ("x", "y"):
            await arenas.join("torn", pid, pid)
        done = asyncio.Event()

        async def scoring():
            for n in range(150):
                await arenas.score(_finished("torn", f"g{n}", ["x", "y"], [5, 1], [0]))
            done.set()

        task = asyncio.ensure_future(scoring())
        reads = 0
        while not done.is_set():
            rows = (await arenas.standings("torn", "y"))["top"]
            assert all(r["points"] == sum(r["sheet"]) and r["games"] == len(r["sheet"]) for r in rows), rows
            reads += 1
        await task
        assert reads > 10
    finally:
        await arenas.store.aclose()


async def _claimed(url: str, http: str, name: str) -> LobbyClient:
    client = LobbyClient(url, name=name + secrets.token_hex(2))
    await client.connect()
    status, _ = await api(http, "POST", "/api/account/claim", client.token, {"password": PASSWORD})
    assert status == 200
    return client


async def test_only_a_claimed_account_creates_an_arena_and_anyone_joins(lobby_factory):
    lobby = lobby_factory(env=ARENA_ENV)
    creator = await _claimed(lobby.ws, lobby.http, "Host")
    try:
        async with connected(lobby.ws, ["Guest"]) as (guest,):
            with pytest.raises(LobbyRefused) as exc:
                await guest.request({"t": "arena_create", "game": "sibala", "minutes": 10})
            assert exc.value.code == "not_claimed"
            with pytest.raises(LobbyRefused) as exc:
                await creator.request({"t": "arena_create", "game": "sibala", "minutes": 200})
            assert exc.value.code == "bad_options" and exc.value.frame["reason"] == "minutes"
            made = await creator.request({"t": "arena_create", "game": "sibala", "minutes": 10, "seats": 2, "start": now_ms() + 60_000})
            arena = made["arena"]
            assert (arena["status"], arena["players"], arena["end"] - arena["start"]) == ("upcoming", 0, 600_000)
            for _ in range(2):  # three arenas not over: the account's cap
                await creator.request({"t": "arena_create", "game": "yahtzee", "minutes": 5, "private": True})
            with pytest.raises(LobbyRefused) as exc:
                await creator.request({"t": "arena_create", "game": "sibala", "minutes": 5})
            assert exc.value.code == "too_many_arenas" and exc.value.frame["max"] == 3
            listed = await guest.request({"t": "arenas", "game": "sibala"})
            assert arena["id"] in [a["id"] for a in listed["arenas"]]
            for game in ("chess", "Sibala", "x" * 60):  # no such game: said so, not an empty list
                with pytest.raises(LobbyRefused) as exc:
                    await guest.request({"t": "arenas", "game": game})
                assert exc.value.code == "unknown_game", game
            joined = await guest.request({"t": "arena_join", "arena": arena["id"]})
            assert joined["standings"]["me"]["name"] == guest.player["name"] and joined["arena"]["players"] == 1
            # before the start, a pause withdraws
            paused = await guest.request({"t": "arena_pause", "arena": arena["id"]})
            assert paused["arena"]["players"] == 0 and paused["standings"]["me"] is None
            with pytest.raises(LobbyRefused) as exc:
                await guest.request({"t": "arena_join", "arena": "nope"})
            assert exc.value.code == "no_such_arena"
    finally:
        await creator.close()


@pytest.fixture(params=["redis", "cluster"])
def backend_url(request, redis_server) -> str:
    """The URL of the session's redis-server, then of its 3-master cluster."""
    return redis_server.url if request.param == "redis" else request.getfixturevalue("redis_cluster").url


async def test_players_on_two_processes_are_paired_and_a_leaver_scores_nothing(lobby_factory, backend_url):
    prefix = "arena" + secrets.token_hex(3)
    env = {**ARENA_ENV}
    a = lobby_factory(env=env, prefix=prefix, redis_url=backend_url)
    b = lobby_factory(env=env, prefix=prefix, redis_url=backend_url)
    arenas = await _arenas(backend_url, prefix)
    try:
        doc = _doc("live", turn_ms=20_000)
        await arenas._store(doc)
        async with connected([a.ws, b.ws, a.ws, b.ws], ["Ann", "Bo", "Cy", "Dee"]) as clients:
            paired: dict[str, asyncio.Queue] = {}
            for c in clients:
                queue = paired[c.name] = asyncio.Queue()
                c.on_frame = lambda f, q=queue: q.put_nowait(f) if f.get("t") == "arena_paired" else None
            for c in clients:
                await c.request({"t": "arena_join", "arena": "live"})
            frames = {c.name: await asyncio.wait_for(paired[c.name].get(), 10) for c in clients}
            shown = await clients[0].request({"t": "arena", "arena": "live"})
            best = next(r for r in shown["standings"]["top"] if r["playing"])
            assert shown["standings"]["featured"] == best["playing"] in {f["table"] for f in frames.values()}
            by_table: dict[str, list[LobbyClient]] = {}
            for c in clients:
                by_table.setdefault(frames[c.name]["table"], []).append(c)
            assert sorted(len(v) for v in by_table.values()) == [2, 2]
            (first, second) = by_table.values()
            for c in clients:
                await c.join(frames[c.name]["table"])
            # at one table the first player leaves at once: a bot finishes the seat, which scores 0
            leaver, stayer = first
            await leaver.wait_for(frames[leaver.name]["table"], lambda v: v["status"] == "playing")
            await leaver.request({"t": "leave", "table": frames[leaver.name]["table"]})
            await asyncio.gather(stayer.play(frames[stayer.name]["table"], timeout=60), *(c.play(frames[c.name]["table"], timeout=60) for c in second))

            async def rows():
                view = await stayer.request({"t": "arena", "arena": "live"})
                return {r["name"]: r for r in view["standings"]["top"]}

            table = await polled(rows, lambda r: sum(row["games"] for row in r.values()) == 4, timeout_s=15)
            assert (table[leaver.name]["points"], table[leaver.name]["sheet"], table[leaver.name]["paused"]) == (0, [0], True)
            assert (table[stayer.name]["points"], table[stayer.name]["sheet"]) == (2, [2])
            assert sorted(table[c.name]["points"] for c in second) in ([0, 2], [1, 1])
            # two of the three who stayed are paired again (the third waits for one more); the leaver is not

            async def queued():
                return [paired[c.name].qsize() for c in (stayer, *second)]

            assert sorted(await polled(queued, lambda n: sum(n) == 2, timeout_s=10)) == [0, 1, 1]
            assert paired[leaver.name].empty()
    finally:
        await arenas.store.aclose()


async def test_a_game_in_play_at_the_end_counts_and_nobody_is_paired_after(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    lobby = lobby_factory(env=ARENA_ENV, prefix=prefix)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        doc = _doc("ends", seconds=3, turn_ms=30_000)
        await arenas._store(doc)
        async with connected(lobby.ws, ["Eve", "Fay"]) as clients:
            got: dict[str, asyncio.Queue] = {c.name: asyncio.Queue() for c in clients}
            for c in clients:
                c.on_frame = lambda f, q=got[c.name]: q.put_nowait(f) if f.get("t") == "arena_paired" else None
                await c.request({"t": "arena_join", "arena": "ends"})
            frames = [await asyncio.wait_for(got[c.name].get(), 10) for c in clients]
            table_id = frames[0]["table"]
            for c in clients:
                await c.join(table_id)
            # nobody moves until the arena's end has passed
            over = await polled(lambda: arenas.summary("ends"), lambda s: s["status"] == "ending", timeout_s=10)
            assert over["status"] == "ending" and over["playing"] == 1
            await asyncio.gather(*(c.play(table_id, timeout=60) for c in clients))

            async def summary():
                return await clients[0].request({"t": "arena", "arena": "ends"})

            view = await polled(summary, lambda v: v["arena"]["status"] == "finished", timeout_s=15)
            rows = view["standings"]["top"]
            assert view["arena"]["status"] == "finished" and [r["games"] for r in rows] == [1, 1]
            assert sorted(r["points"] for r in rows) in ([0, 2], [1, 1])
            assert all(r["playing"] is None for r in rows)
            assert await arenas.store.redis.zcard(arenas.key("ends", "pool")) == 0  # nobody waits to be paired after the end
            assert all(q.empty() for q in got.values())
            # the arena is in both players' profiles, with their final place
            status, _ = await api(lobby.http, "POST", "/api/account/claim", clients[0].token, {"password": PASSWORD})
            assert status == 200
            place = next(i for i, r in enumerate(rows, 1) if r["name"] == clients[0].player["name"])

            async def profile():
                return (await api(lobby.http, "GET", f"/api/players/{clients[0].player['name']}"))[1]

            shown = await polled(profile, lambda p: p.get("arenas", {}).get("played") == 1, timeout_s=10)
            assert shown["arenas"]["best_rank"] == place and shown["arenas"]["recent"][0] | {"end": 0} == {"arena": "ends", "game": "sibala", "rank": place, "players": 2, "end": 0}
    finally:
        await arenas.store.aclose()


async def test_the_client_plays_an_arena_to_its_end_with_bot_clients(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    lobby = lobby_factory(env=ARENA_ENV, prefix=prefix)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("cli-listed", seconds=60))
        # `arenas` lists it (how a user finds the id to join)
        started = time.monotonic()
        listing = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "lobby.client", "--url", lobby.ws, "arenas", "--game", "sibala",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(listing.communicate(), 60)
        assert listing.returncode == 0, err.decode()[-2000:]
        listed = [json.loads(line) for line in out.decode().splitlines()]
        assert "cli-listed" in [a["id"] for a in listed] and all(a["game"] == "sibala" for a in listed)
        # the arena played starts once a client like the listing's has had three times its start-up to join
        lead_ms = max(2_000, int(3_000 * (time.monotonic() - started)))
        await arenas._store(_doc("cli", start=now_ms() + lead_ms, seconds=4, turn_ms=5_000))
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "lobby.client", "--url", lobby.ws, "arena", "--arena", "cli", "--players", "4", "--seed", "7",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), 120)
        assert proc.returncode == 0, err.decode()[-2000:]
        result = json.loads(out.decode().strip().splitlines()[-1])
        rows = result["standings"]["top"]
        assert result["arena"]["status"] == "finished" and len(rows) == 4
        assert all(r["games"] >= 1 and r["points"] == sum(r["sheet"]) >= 0 for r in rows)
        assert sum(r["games"] for r in rows) % 2 == 0  # two players a game
    finally:
        await arenas.store.aclose()


async def test_players_taken_by_a_pairer_killed_before_their_table_are_paired_by_another(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("taken"))
        doomed = lobby_factory(env={**ARENA_ENV, "LOBBY_FAILPOINTS": "arena_taken"}, prefix=prefix)
        await _connected(arenas, ["ta", "tb"])
        for pid in ("ta", "tb"):
            await arenas.join("taken", pid, pid)
        assert await asyncio.to_thread(doomed.proc.wait, 30) == -signal.SIGKILL, "the failpoint killed the pairer"
        lost = [m.decode() for m in await arenas.store.redis.zrange(arenas.key("taken", "tables"), 0, -1)]
        assert len(lost) == 1 and await arenas.store.load_room(lost[0]) is None  # taken, never seated
        assert await arenas.store.redis.zcard(arenas.key("taken", "pool")) == 0
        lobby_factory(env=ARENA_ENV, prefix=prefix)

        async def seated():
            found = []
            for raw in await arenas.store.redis.zrange(arenas.key("taken", "tables"), 0, -1):
                loaded = await arenas.store.load_room(raw.decode())
                if loaded is not None and loaded[1]["status"] == tables.Status.PLAYING:
                    found.append(sorted(s["pid"] for s in loaded[1]["seats"]))
            return found

        assert await polled(seated, lambda f: f == [["ta", "tb"]], timeout_s=15) == [["ta", "tb"]]
    finally:
        await arenas.store.aclose()


async def test_a_game_whose_process_died_at_its_end_is_scored_by_another(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("died"))
        doomed = lobby_factory(env={**ARENA_ENV, "LOBBY_FAILPOINTS": "game_end_committed"}, prefix=prefix)
        async with connected(doomed.ws, ["Gil", "Hal"]) as clients:
            for c in clients:
                await c.request({"t": "arena_join", "arena": "died"})
            frames = [await asyncio.wait_for(c.arena_paired.get(), 10) for c in clients]
            for c, f in zip(clients, frames):
                await c.join(f["table"])
            plays = [asyncio.ensure_future(c.play(f["table"], timeout=60)) for c, f in zip(clients, frames)]
            assert await asyncio.to_thread(doomed.proc.wait, 60) == -signal.SIGKILL, "the failpoint killed the process at the game's end"
            for p in plays:
                p.cancel()
            await asyncio.gather(*plays, return_exceptions=True)
        loaded = await arenas.store.load_room(frames[0]["table"])
        assert loaded is not None and loaded[1]["result"] is not None  # the game's end is committed
        assert (await arenas.standings("died", None))["top"][0]["games"] == 0  # and not scored before the kill
        lobby_factory(env=ARENA_ENV, prefix=prefix)
        rows = await polled(lambda: arenas.standings("died", None), lambda s: [r["games"] for r in s["top"]] == [1, 1], timeout_s=15)
        assert [r["games"] for r in rows["top"]] == [1, 1] and sorted(r["points"] for r in rows["top"]) in ([0, 2], [1, 1])
    finally:
        await arenas.store.aclose()


async def test_the_lobby_runs_a_scheduled_arena_of_every_game(lobby_factory):
    lobby = lobby_factory(env={**ARENA_ENV, "LOBBY_ARENA_EVERY_MIN": "30", "LOBBY_ARENA_SCHEDULED_MIN": "20"}, prefix="arena" + secrets.token_hex(3))
    async with connected(lobby.ws, ["Ivy"]) as (ivy,):

        async def listed():
            return (await ivy.request({"t": "arenas"}))["arenas"]

        arenas = await polled(listed, lambda a: len({x["game"] for x in a if x["scheduled"]}) == 5, timeout_s=10)
        ours = [a for a in arenas if a["scheduled"]]
        assert {a["game"] for a in ours} == {"sibala", "six_nimmt", "yahtzee", "shut_the_box", "stud"}
        period = 30 * 60_000
        assert all(a["start"] % period == 0 and a["end"] - a["start"] == 20 * 60_000 and a["by"] == "" for a in ours)
        assert all(a["status"] in ("running", "upcoming") for a in ours)
        joined = await ivy.request({"t": "arena_join", "arena": ours[0]["id"]})
        assert joined["standings"]["me"]["name"] == "Ivy"


async def test_a_follower_sees_the_standings_change_by_deltas_as_games_end(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    lobby = lobby_factory(env=ARENA_ENV, prefix=prefix)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("live2", turn_ms=20_000))
        async with connected(lobby.ws, ["Jo", "Kit", "Watcher"]) as (jo, kit, watcher):
            watcher.keep_frames = True
            await watcher.request({"t": "arena", "arena": "live2", "sub": True})
            for c in (jo, kit):
                await c.request({"t": "arena_join", "arena": "live2"})
            frames = [await asyncio.wait_for(c.arena_paired.get(), 10) for c in (jo, kit)]
            for c, f in zip((jo, kit), frames):
                await c.join(f["table"])
            await asyncio.gather(*(c.play(f["table"], timeout=60) for c, f in zip((jo, kit), frames)))

            async def held():
                return watcher.arenas["live2"]

            view = await polled(held, lambda v: sum(r["games"] for r in v["standings"]["top"]) == 2, timeout_s=10)
            fresh = await jo.request({"t": "arena", "arena": "live2"})
            scored = lambda rows: sorted((r["name"], r["points"], r["games"], r["sheet"]) for r in rows)  # noqa: E731 (both players are paired again meanwhile: their tables differ)
            assert scored(view["standings"]["top"]) == scored(fresh["standings"]["top"])
            assert sorted(r["points"] for r in view["standings"]["top"]) in ([0, 2], [1, 1])
            deltas = [f for f in watcher.frames if f.get("t") == "arena_delta"]
            assert len(deltas) >= 2  # the joins and pairing, then the game's end: patches, not whole standings
            await watcher.request({"t": "arena", "arena": "live2", "sub": False})
    finally:
        await arenas.store.aclose()


async def test_a_restarted_lobby_resumes_an_arena_that_started_while_it_was_down(lobby_factory, redis_server):
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        first = lobby_factory(env=ARENA_ENV, prefix=prefix)
        await arenas._store(_doc("restart", start=now_ms() + 5_000))
        await _connected(arenas, ["ra", "rb"])
        for pid in ("ra", "rb"):
            await arenas.join("restart", pid, pid)
        first.stop()  # down before the start: nobody paired yet
        assert await arenas.store.redis.zcard(arenas.key("restart", "tables")) == 0
        lobby_factory(env=ARENA_ENV, prefix=prefix)
        playing = await polled(lambda: arenas.summary("restart"), lambda s: s["playing"] == 1, timeout_s=15)
        assert playing["status"] == "running" and playing["playing"] == 1
    finally:
        await arenas.store.aclose()


async def test_players_whose_names_read_alike_are_told_apart_in_the_standings(redis_server):
    """Players named "Zed Rowe", "Zed Rowe" and "ZED ROWE" in one arena:
    the standings show the first name as it is and the others with the
    marks a table gives, in the standings' order."""
    prefix = "arena" + secrets.token_hex(3)
    arenas = await _arenas(redis_server.url, prefix)
    try:
        await arenas._store(_doc("alike"))
        names = {"a": "Zed Rowe", "b": "Zed Rowe", "c": "ZED ROWE", "d": "Ann"}
        for pid, name in names.items():
            await arenas.join("alike", pid, name)
        for n, (pids, winners) in enumerate([(["a", "d"], [0]), (["b", "d"], [0]), (["c", "d"], [0, 1])]):
            assert await arenas.score(_finished("alike", f"t{n}", pids, [5, 1], winners))
        top = (await arenas.standings("alike", None))["top"]
        zeds = [r for r in top if r["name"] != "Ann"]
        assert sorted(r["name"] for r in zeds) == ["ZED ROWE", "Zed Rowe", "Zed Rowe"]
        assert [r.get("mark", 0) for r in zeds] == [0, 2, 3], "marked in the standings' order"
        assert all("mark" not in r for r in top if r["name"] == "Ann")
    finally:
        await arenas.store.aclose()
