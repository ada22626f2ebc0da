"""Several lobby processes on one Redis: shared tables, races, fail-over,
Redis restarts, graceful shutdown.  Real processes, real redis-server,
loopback only; every wait is bounded and driven by events, not sleeps."""

from __future__ import annotations

import asyncio
import random
import signal

import pytest

from lobby import replay
from lobby.client import LobbyClient, LobbyRefused
from lobby.redis_server import RedisServer
from lobby.store import connect

from .support import coins, coins_moved, connected, playing, seated

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

#: short games of every kind, for mixed-table tests: (game, seats, options)
MIXED = [
    ("sibala", 3, {"rounds": 2}),
    ("yahtzee", 2, {}),
    ("shut_the_box", 3, {"rounds": 1}),
    ("six_nimmt", 4, {"end_threshold": 5}),
    ("stud", 3, {"tier": "casual"}),
]


async def _verify_logs(redis_url: str, prefix: str, finals: dict[str, dict]) -> None:
    store = await connect(redis_url, prefix)
    try:
        for table_id, final in finals.items():
            report = replay.verify(await store.room_log(table_id))
            assert report, f"{table_id}: no finished game in the log"
            assert all(r["seed_ok"] and r["result_ok"] for r in report), (table_id, report)
            games = replay.games(await store.room_log(table_id))
            assert games[-1]["result"] == final["result"]
    finally:
        await store.redis.aclose()


async def test_player_on_one_process_spectator_on_another(redis_server, lobby_factory):
    a, b = lobby_factory(prefix="two"), lobby_factory(prefix="two")
    async with connected([a.ws, a.ws, b.ws], ["Ann", "Bo", "Spec"]) as (*players, spec):
        tv = await players[0].open("sibala", seats=2, turn_ms=5000, options={"rounds": 3})
        await spec.watch(tv.table_id)
        await spec.wait_for(tv.table_id, lambda v: True)
        await players[1].join(tv.table_id)
        finals = await asyncio.gather(*(p.play(tv.table_id, timeout=60) for p in players))
        seen = await spec.wait_for(tv.table_id, lambda v: v["status"] == "finished")
        for key in ("state", "result", "seed", "seats"):
            assert seen[key] == finals[0][key] == finals[1][key]
        versions = spec.tables[tv.table_id].versions
        # each delta once, in order; versions may skip (docs/protocol.md: a
        # delta leads from the viewer's version to the newest, which two
        # commits of one moment make one step)
        assert versions == sorted(set(versions)), "each delta exactly once, in order"
        assert spec.tables[tv.table_id].snapshots == 1, "no resync: every delta applied to the version it was made from"
        await _verify_logs(redis_server.url, "two", {tv.table_id: seen})


async def test_conflicting_moves_through_two_processes_apply_once(redis_server, lobby_factory):
    a, b = lobby_factory(prefix="race"), lobby_factory(prefix="race")
    async with connected([a.ws, b.ws], ["Ann", "Bo"]) as (ann_a, bo), LobbyClient(b.ws, token=ann_a.token) as ann_b:
        # ann_b: the same player on the other process
        tv = await ann_a.open("sibala", seats=2, turn_ms=30000, options={"rounds": 12})
        table = tv.table_id
        await bo.join(table)
        await ann_b.join(table)
        bo_task = asyncio.create_task(bo.play(table, timeout=120))
        pairs = 0
        while True:
            view = await ann_a.wait_for(table, lambda v: v["status"] == "finished" or "0" in v["turns"], timeout=30)
            if view["status"] == "finished":
                break
            turn = view["turns"]["0"]
            await ann_b.wait_for(table, lambda v: v["turns"].get("0") == turn or v["status"] == "finished")
            results = await asyncio.gather(
                ann_a.move(table, turn, {"type": "roll"}), ann_b.move(table, turn, {"type": "roll"}), return_exceptions=True
            )
            oks = [r for r in results if isinstance(r, dict) and r["t"] == "ok"]
            refused = [r for r in results if isinstance(r, LobbyRefused)]
            assert len(oks) == 1 and len(refused) == 1, results
            assert refused[0].code in ("turn_over", "not_your_turn", "table_finished")
            pairs += 1
            await ann_a.wait_for(table, lambda v: v["turns"].get("0") != turn)
        final = await bo_task
        assert pairs == 12
        assert final["timeouts"] == [0, 0]
        assert all(r["rolls"][0] is not None for r in final["state"]["history"])
        await _verify_logs(redis_server.url, "race", {table: final})


async def test_timer_fires_once_when_the_process_that_set_it_is_dead(redis_server, lobby_factory):
    a, b = lobby_factory(prefix="dead"), lobby_factory(prefix="dead")
    async with connected([[a.ws, b.ws], [b.ws]], ["Ann", "Bo"]) as (ann, bo):
        table = await seated([ann, bo], "sibala", seats=2, turn_ms=1500, options={"rounds": 1})
        view = await ann.wait_for(table, playing)
        await ann.move(table, view["turns"]["0"], {"type": "roll"})  # committed by process A, which sets Bo's timer
        a.kill()
        # Bo never rolls: process B must fire the timer A set, exactly once
        final = await bo.wait_for(table, lambda v: v["status"] == "finished", timeout=20)
        assert final["timeouts"] == [0, 1]
        assert all(r is not None for r in final["state"]["history"][0]["rolls"])
        await asyncio.wait_for(ann.connected.wait(), 10)
        assert ann.reconnects >= 1
        await _verify_logs(redis_server.url, "dead", {table: final})


async def _mixed_tables(urls: list[str], count: int, rng: random.Random, spectate_urls: list[str]):
    """Open ``count`` tables of mixed games: one client-played seat per table
    (on a rotating process, failing over to the others), bots in the other
    seats, and a spectator each."""
    tables = []
    for i in range(count):
        game, seats, options = MIXED[i % len(MIXED)]
        order = urls[i % len(urls):] + urls[: i % len(urls)]
        player = LobbyClient(order, name=f"p{i}")
        spec = LobbyClient(spectate_urls[(i + 1) % len(spectate_urls):] + spectate_urls[: (i + 1) % len(spectate_urls)], name=f"s{i}")
        await player.connect()
        await spec.connect()
        tv = await player.open(game, seats=seats, turn_ms=4000, bots=True, options=options, games=1)
        await spec.watch(tv.table_id)
        tables.append((tv.table_id, player, spec))
    return tables


async def test_kill9_one_of_three_processes_mid_game(redis_server, lobby_factory):
    rng = random.Random(20261129)
    procs = [lobby_factory(prefix="kill") for _ in range(3)]
    urls = [p.ws for p in procs]
    tables = await _mixed_tables(urls, 18, rng, urls)
    # two stud tables where coins move: every seat is a client (no bots there)
    coin_tables = []
    for i in range(2):
        pair = [LobbyClient(urls[(i + k) % 3:] + urls[: (i + k) % 3], name=f"c{i}{k}") for k in range(2)]
        for c in pair:
            await c.connect()
        table_id = await seated(pair, "stud", seats=2, turn_ms=4000, options={"tier": "beginner"}, games=1)
        coin_tables.append((table_id, pair, [await coins(c) for c in pair]))
    victim = procs[rng.randrange(3)]
    watch_table, _, watch_spec = tables[rng.randrange(len(tables))]
    kill_at = rng.randint(3, 8)
    try:
        for table_id, player, _ in tables:
            await player.send({"t": "start", "table": table_id})
        plays = [asyncio.create_task(player.play(table_id, random.Random(i), timeout=180)) for i, (table_id, player, _) in enumerate(tables)]
        coin_plays = [asyncio.create_task(c.play(t, random.Random(k), timeout=180)) for t, pair, _ in coin_tables for k, c in enumerate(pair)]
        await watch_spec.wait_for(watch_table, lambda v: watch_spec.tables[watch_table].version >= kill_at, timeout=60)
        victim.kill()
        finals = await asyncio.gather(*plays)
        spec_finals = {}
        # finished, or closed after it (its ready window, 30 s, can run out
        # while a client of the killed process reconnects on a loaded box):
        # either way with the game's result
        for (table_id, player, spec), final in zip(tables, finals):
            assert final["status"] in ("finished", "closed") and final["result"], final["status"]
            seen = await spec.wait_for(table_id, lambda v: v["status"] in ("finished", "closed") and v["result"], timeout=60)
            assert seen["result"] == final["result"]
            spec_finals[table_id] = seen
            for client in (player, spec):
                versions = client.tables[table_id].versions
                assert versions == sorted(versions), "versions only go forward"
                assert versions[-1] == client.tables[table_id].version
        await _verify_logs(redis_server.url, "kill", spec_finals)
        assert sum(c.reconnects for _, p, s in tables for c in (p, s)) > 0, "someone was on the killed process"
        # coins: each balance moved by exactly its game's result, the sum by nothing
        coin_finals = await asyncio.gather(*coin_plays)
        for n, (table_id, pair, before) in enumerate(coin_tables):
            result = coin_finals[2 * n]["result"]
            moved = await coins_moved(pair, before, result["coins"], timeout_s=6)
            assert moved == result["coins"] and sum(moved) == 0
    finally:
        for _, player, spec in tables:
            await player.close()
            await spec.close()
        for _, pair, _ in coin_tables:
            for c in pair:
                await c.close()


async def test_redis_killed_and_restarted_mid_game_loses_nothing(tmp_path, lobby_factory):
    server = RedisServer(tmp_path / "aof").start()
    try:
        procs = [lobby_factory(redis_url=server.url, prefix="aof") for _ in range(2)]
        urls = [p.ws for p in procs]
        tables = await _mixed_tables(urls, 5, random.Random(7), urls)
        acks: dict[str, list[int]] = {t: [] for t, _, _ in tables}
        for table_id, player, _ in tables:
            await player.send({"t": "start", "table": table_id})

            def record(frame, table_id=table_id):
                if frame.get("t") == "ok" and frame.get("table") == table_id:
                    acks[table_id].append(frame["version"])

            player.on_frame = record
        plays = [asyncio.create_task(player.play(table_id, random.Random(i), timeout=180)) for i, (table_id, player, _) in enumerate(tables)]
        first_table, first_player, _ = tables[0]
        await first_player.wait_for(first_table, lambda v: first_player.tables[first_table].version >= 4, timeout=60)
        server.kill()
        server.start()  # same port, same append-only file
        finals = await asyncio.gather(*plays)
        assert all(f["status"] == "finished" for f in finals)
        store = await connect(server.url, "aof")
        try:
            for table_id, _, _ in tables:
                log = await store.room_log(table_id)
                versions = [r["v"] for r in log]
                assert versions == list(range(1, len(log) + 1)), "every committed version is in the log, once"
                assert set(acks[table_id]) <= set(versions), "every acknowledged move survived the restart"
                report = replay.verify(log)
                assert report and all(r["seed_ok"] and r["result_ok"] for r in report)
        finally:
            await store.redis.aclose()
        for table_id, player, spec in tables:
            await player.close()
            await spec.close()
    finally:
        server.stop()


async def test_sigterm_says_bye_and_exits_in_bounded_time(redis_server, lobby_factory):
    proc = lobby_factory(prefix="term")
    client = LobbyClient([proc.ws], name="Ann")
    await client.connect()
    got_bye = asyncio.Event()
    client.on_frame = lambda f: got_bye.set() if f.get("t") == "bye" else None
    proc.proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(got_bye.wait(), 10)
    loop = asyncio.get_running_loop()
    code = await loop.run_in_executor(None, lambda: proc.proc.wait(15))
    assert code in (0, -signal.SIGTERM)  # uvicorn re-raises the signal it handled
    await client.close()
