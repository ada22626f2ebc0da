"""Matchmaking and the life of a table before it starts, live: two real
lobby processes on one Redis (and on the cluster), raw protocol clients.

Issue #13, items 1-3 and parts of 4 and 9: a quick-match player who
vanishes gives the seat up after a short grace (a reload keeps it);
concurrent quick requests fill one table; one request gets exactly one
outcome; waiting tables expire; a table whose last game is over closes.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import urllib.request
from typing import Any

import pytest

from lobby.client import LobbyClient

from ..security.support import Raw, store_of

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

#: the grace of a vanished player's seat in these tests (ms): long enough
#: for a reconnect, short enough to wait for
GRACE_MS = 1_500


@pytest.fixture(scope="module", params=["redis", "cluster"])
def pair(request, redis_server, module_lobby_factory):
    """Two lobby processes on one Redis (or the cluster), with a short seat
    grace and a key prefix of their own."""
    url = redis_server.url if request.param == "redis" else request.getfixturevalue("redis_cluster").url
    prefix = "mm" + secrets.token_hex(3)
    env = {"LOBBY_ABSENT_GRACE_MS": str(GRACE_MS), "LOBBY_QUICK_WAIT_MS": "60000"}
    return [module_lobby_factory(redis_url=url, env=env, prefix=prefix) for _ in range(2)]


def listed(proc: Any) -> set[str]:
    return {t["id"] for t in json.loads(urllib.request.urlopen(proc.http + "/api/tables", timeout=5).read())}


async def until(predicate, timeout: float = 15.0, what: str = "condition"):
    """Poll an async ``predicate`` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = await predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


async def pid_of(store, token: str) -> str:
    return (await store.redis.get(f"{store.p}:session:{token}")).decode()


async def test_a_vanished_quick_player_gives_up_the_seat_and_the_table_closes(pair):
    a_proc, b_proc = pair
    store = await store_of(a_proc)
    options = {"rounds": 41}
    try:
        gone = await Raw.connect(a_proc.ws, name="Vanish")
        joined = await gone.request({"t": "quick", "game": "sibala", "options": options})
        assert joined["t"] == "joined", joined
        table = joined["table"]
        pid = await pid_of(store, gone.token)
        assert table in listed(a_proc)
        gone.ws.transport.abort()  # the TCP connection drops: no close frame

        async def cleared():
            loaded = await store.load_room(table)
            waiting = {x.decode() for x in await store.redis.zrange(store.waiting_key("sibala"), 0, -1)}
            return (
                loaded is not None
                and loaded[1]["status"] == "closed"
                and table not in listed(b_proc)
                and table not in waiting
                and await store.redis.get(store.quick_key("sibala", {**options, "stake": 0})) is None
                and not await store.player_tables(pid)
            )

        await until(cleared, what="the absent player's seat given up and the table closed")
        # the next quick player is not seated with the absent one
        nxt = await Raw.connect(b_proc.ws, name="Next")
        joined = await nxt.request({"t": "quick", "game": "sibala", "options": options})
        assert joined["t"] == "joined" and joined["table"] != table
        snap = await nxt.recv()
        assert snap["t"] == "snapshot" and [s["name"] for s in snap["view"]["seats"] if s] == ["Next"]
        await nxt.close()
    finally:
        await store.aclose()


async def test_a_reload_within_the_grace_keeps_the_seat(pair):
    a_proc, b_proc = pair
    store = await store_of(a_proc)
    try:
        first = await Raw.connect(a_proc.ws, name="Reload")
        joined = await first.request({"t": "quick", "game": "sibala", "options": {"rounds": 42}})
        table = joined["table"]
        pid = await pid_of(store, first.token)
        await first.close()

        async def marked():
            loaded = await store.load_room(table)
            return loaded is not None and pid in (loaded[1].get("absent") or {})

        await until(marked, what="the seat marked absent")
        again = await Raw.connect(b_proc.ws, token=first.token)  # the reload, on the other process

        async def resolved():
            loaded = await store.load_room(table)
            return loaded is not None and pid not in (loaded[1].get("absent") or {}) and loaded

        loaded = await until(resolved, what="the absence resolved by the grace's timer")
        doc = loaded[1]
        assert doc["status"] == "waiting" and [s["pid"] for s in doc["seats"] if s] == [pid], "the seat is kept"
        assert table in listed(a_proc) and await store.player_tables(pid) == [table]
        rejoined = await again.request({"t": "join", "table": table})
        assert rejoined["t"] == "joined" and rejoined["seat"] == joined["seat"]
        await again.request({"t": "leave", "table": table})
        await again.close()
    finally:
        await store.aclose()


async def test_concurrent_quick_requests_fill_one_table(pair):
    for round_no in range(3):
        players = [await Raw.connect(pair[i % 2].ws, name=f"Q{round_no}x{i}") for i in range(3)]
        options = {"rounds": 10 + round_no}
        for p in players:
            p.ref += 1
        await asyncio.gather(*(p.send({"t": "quick", "game": "sibala", "options": options, "ref": p.ref}) for p in players))
        tables = set()
        for p in players:
            while True:
                frame = await p.recv()
                if frame.get("ref") == p.ref:
                    assert frame["t"] == "joined", frame
                    tables.add(frame["table"])
                    break
        assert len(tables) == 1, f"round {round_no}: three quick requests at once landed at {len(tables)} tables"
        for p in players:
            await p.close()


async def test_one_request_gets_one_outcome_when_the_follow_limit_is_reached(pair):
    a_proc, _ = pair
    store = await store_of(a_proc)
    openers = [await Raw.connect(a_proc.ws, name=f"Opener{i}") for i in range(3)]
    follower = await Raw.connect(a_proc.ws, name="Follower")
    try:
        ids = []
        for i in range(17):
            joined = await openers[i % 3].request({"t": "open", "game": "sibala", "seats": 3, "private": True})
            assert joined["t"] == "joined", joined
            ids.append(joined["table"])
        for table in ids[:16]:
            snap = await follower.request({"t": "watch", "table": table})
            assert snap["t"] == "snapshot"
        pid = await pid_of(store, follower.token)
        before = {t: (await store.load_room(t))[0] for t in ids}
        requests = [
            {"t": "open", "game": "sibala", "options": {"rounds": 43}},
            {"t": "join", "table": ids[16]},  # a table it does not follow yet
            {"t": "quick", "game": "sibala", "options": {"rounds": 43}},
        ]
        for message in requests:
            reply = await follower.request(message)
            assert reply["t"] == "error" and reply["code"] == "too_many_tables", (message, reply)
        assert await store.player_tables(pid) == [], "no seat was taken"
        assert {t: (await store.load_room(t))[0] for t in ids} == before, "no table changed"
        waiting = {x.decode() for x in await store.redis.zrange(store.waiting_key("sibala"), 0, -1)}
        for table in waiting:
            loaded = await store.load_room(table)
            assert loaded is None or pid not in {s["pid"] for s in loaded[1]["seats"] if s}
    finally:
        for raw in [*openers, follower]:
            await raw.close()
        await store.aclose()


async def test_one_request_gets_exactly_one_reply(pair):
    """The refused request's ref is answered once: no ``joined`` before the error."""
    a_proc, _ = pair
    openers = [await Raw.connect(a_proc.ws, name=f"Many{i}") for i in range(3)]
    follower = await Raw.connect(a_proc.ws, name="Counted")
    try:
        for i in range(16):
            joined = await openers[i % 3].request({"t": "open", "game": "sibala", "private": True})
            assert "table" in joined, joined
            await follower.request({"t": "watch", "table": joined["table"]})
        follower.ref += 1
        ref = follower.ref
        await follower.send({"t": "open", "game": "sibala", "ref": ref})
        await follower.send({"t": "ping", "ref": ref + 1})
        answers = []
        while True:
            frame = await follower.recv()
            if frame.get("ref") == ref + 1:
                break
            if frame.get("ref") == ref:
                answers.append(frame["t"])
        assert answers == ["error"], answers
    finally:
        for raw in [*openers, follower]:
            await raw.close()


def one_lobby(request, lobby_factory, backend: str, env: dict[str, str]) -> Any:
    """One lobby process of its own on the single Redis or the cluster."""
    url = request.getfixturevalue("redis_server").url if backend == "redis" else request.getfixturevalue("redis_cluster").url
    return lobby_factory(redis_url=url, env=env, prefix="mm" + secrets.token_hex(3))


@pytest.mark.parametrize("backend", ["redis", "cluster"])
async def test_a_waiting_table_nobody_comes_to_expires(backend, request, lobby_factory):
    proc = one_lobby(request, lobby_factory, backend, {"LOBBY_WAITING_TTL_MS": "1500"})
    store = await store_of(proc)
    c = LobbyClient(proc.ws, name="Patient")
    await c.connect()
    try:
        tv = await c.open("sibala", seats=3)
        await c.wait_for(tv.table_id, lambda v: v["status"] == "waiting")
        assert tv.table_id in listed(proc)
        closed = await c.wait_for(tv.table_id, lambda v: v["status"] == "closed", timeout=15)
        assert all(s is None for s in closed["seats"])
        pid = await pid_of(store, c.token)
        assert tv.table_id not in listed(proc) and await store.player_tables(pid) == []
    finally:
        await c.close()
        await store.aclose()


@pytest.mark.parametrize("backend", ["redis", "cluster"])
async def test_a_table_that_reaches_its_games_limit_closes(backend, request, lobby_factory):
    proc = one_lobby(request, lobby_factory, backend, {"LOBBY_READY_MS": "500"})
    c = LobbyClient(proc.ws, name="Limited")
    await c.connect()
    try:
        tv = await c.open("sibala", seats=2, bots=True, games=1, turn_ms=5000, options={"rounds": 1})
        await c.request({"t": "start", "table": tv.table_id})
        final = await c.play(tv.table_id, timeout=60)
        assert final["next"] is None and final["game_no"] == 1 and final["result"] is not None
        closed = await c.wait_for(tv.table_id, lambda v: v["status"] == "closed", timeout=15)
        assert closed["next"] is None and closed["result"] == final["result"]
        assert tv.table_id not in listed(proc)
    finally:
        await c.close()


async def test_a_quick_request_fills_a_waiting_table_of_its_kind_that_lost_its_key(pair):
    """A waiting quick table the key does not name (it went back to waiting,
    or its key was taken over) is filled before another table is opened."""
    a_proc, b_proc = pair
    store = await store_of(a_proc)
    options = {"rounds": 44}
    first = await Raw.connect(a_proc.ws, name="Older")
    second = await Raw.connect(b_proc.ws, name="Newer")
    try:
        joined = await first.request({"t": "quick", "game": "sibala", "options": options})
        key = store.quick_key("sibala", {**options, "stake": 0})
        assert (await store.redis.get(key)).decode().startswith(joined["table"] + "|")
        await store.redis.delete(key)
        again = await second.request({"t": "quick", "game": "sibala", "options": options})
        assert again["t"] == "joined" and again["table"] == joined["table"]
    finally:
        await first.close()
        await second.close()
        await store.aclose()
