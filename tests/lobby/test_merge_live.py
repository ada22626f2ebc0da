"""Waiting quick tables of one kind merge rather than wait apart, live: two
real lobby processes on one Redis (and on the cluster), real clients.

Issue #13, item 2's last part: a waiting quick table that would keep
waiting below its minimum moves its players to an older waiting quick
table of the same game and options; the emptied table closes naming where
they went (``moved_to``) and the moved player's client follows.
"""

from __future__ import annotations

import asyncio
import secrets

import pytest

from lobby import tables
from lobby.client import LobbyClient
from lobby.config import Settings
from lobby.rooms import Rooms
from lobby.store import connect as store_connect
from lobby.store import now_ms

from ..security.support import store_of
from .test_matchmaking_live import listed, until

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

#: quick-match timers of these tests (ms): the first wait long enough for
#: three requests to fill a table, the retry short enough to wait for
ENV = {"LOBBY_QUICK_WAIT_MS": "3000", "LOBBY_QUICK_RETRY_MS": "300", "LOBBY_READY_MS": "30000"}


@pytest.mark.parametrize("stake", [0, 100], ids=["free", "coins"])
@pytest.mark.parametrize("backend", ["redis", "cluster"])
async def test_two_waiting_quick_tables_of_one_kind_merge_into_the_older(backend, stake, request, lobby_factory):
    url = request.getfixturevalue("redis_server").url if backend == "redis" else request.getfixturevalue("redis_cluster").url
    prefix = "mg" + secrets.token_hex(3)
    a_proc, b_proc = (lobby_factory(redis_url=url, env=ENV, prefix=prefix) for _ in range(2))
    store = await store_of(a_proc)
    options = {"rounds": 1, "stake": stake}
    kind = options
    clients = [LobbyClient(proc.ws, name=name) for proc, name in ((a_proc, "Ann"), (b_proc, "Bo"), (a_proc, "Dee"), (b_proc, "Cy"))]
    ann, bo, dee, cy = clients
    try:
        for c in clients:
            await c.connect()
        # the older table: three quick players fill it and it starts at once
        older = (await ann.quick("sibala", options=options)).table_id
        for c in (bo, dee):
            assert (await c.quick("sibala", options=options)).table_id == older
        await ann.wait_for(older, lambda v: v["status"] == "playing")
        # the newer table: opened while the older one plays, waits alone
        newer = (await cy.quick("sibala", options=options)).table_id
        assert newer != older
        # the older table's game ends, two leave, Ann asks for another:
        # it goes back to waiting with one player
        await asyncio.gather(*(c.play(older, games=1, timeout=60) for c in (ann, bo, dee)))
        for c in (bo, dee):
            await c.request({"t": "leave", "table": older})
        await ann.request({"t": "ready", "table": older})

        async def merged():
            tv = cy.tables.get(older)
            return tv is not None and tv.seat is not None and tv.view is not None and tv
        tv = await until(merged, what="the newer table's player seated at the older table, in their client")
        seated = {s["name"] for s in tv.view["seats"] if s}
        assert seated == {"Ann", "Cy"}, seated
        assert tv.view["status"] in ("waiting", "playing")
        closed = await cy.wait_for(newer, lambda v: v["status"] == "closed")
        assert closed["moved_to"] == older and closed["notices"][-1] == {"name": "Cy", "reason": "moved"}
        assert all(s is None for s in closed["seats"])
        doc = (await store.load_room(newer))[1]
        assert doc["status"] == "closed" and doc["moved_to"] == older
        waiting = {x.decode() for x in await store.redis.zrange(store.waiting_key("sibala"), 0, -1)}
        assert newer not in waiting and newer not in listed(a_proc) and newer not in listed(b_proc)
        key = await store.redis.get(store.quick_key("sibala", kind))
        assert key is None or not key.decode().startswith(newer + "|")
        cy_pid = (await store.redis.get(f"{store.p}:session:{cy.token}")).decode()
        assert await store.player_tables(cy_pid) == [older]
        if stake:  # the moved player's coins are promised at the table they sit at now
            assert (await store.coin_table(cy_pid))[0] == older
        # the older table plays its next game with the two of them
        await ann.wait_for(older, lambda v: v["status"] == "playing" and {s["name"] for s in v["seats"]} == {"Ann", "Cy"})
    finally:
        for c in clients:
            await c.close()
        await store.aclose()


@pytest.mark.parametrize("backend", ["redis", "cluster"])
async def test_a_move_cut_short_after_its_first_commit_is_finished_not_repeated(backend, request):
    """A process died between the two commits of a move, and the target
    then started with the moved player: the source's next retry gives the
    seat up to that table (``moved_to``) rather than move the player to a
    third table (before: they were seated at three tables)."""
    url = request.getfixturevalue("redis_server").url if backend == "redis" else request.getfixturevalue("redis_cluster").url
    store = await store_connect(url, "mc" + secrets.token_hex(3))
    try:
        rooms = Rooms(store, Settings(key_prefix=store.p, quick_retry_ms=300))
        now = now_ms()

        async def quick_table(table_id: str, created: int, seats: int, pid: str) -> dict:
            doc = tables.new_table(table_id, "sibala", now=created, seats=seats, turn_ms=5000, quick=True, start_at=created + 100)
            doc = tables.join(doc, pid, pid.upper(), None, created, bytes(32)).doc
            await rooms.create(doc)
            return doc

        target = await quick_table("t" + secrets.token_hex(4), now - 3000, 2, "pa")
        third = await quick_table("w" + secrets.token_hex(4), now - 2000, 3, "pb")
        source = await quick_table("s" + secrets.token_hex(4), now - 1000, 3, "pc")
        # the first commit of a move lands (the target fills and starts), the second never does
        await rooms.update(target["id"], lambda d, t, ctx: tables.seat_moved(d, [("pc", "PC")], source["id"], t, bytes(32), ctx))
        assert (await store.load_room(target["id"]))[1]["status"] == "playing"
        loaded = await store.load_room(source["id"])
        assert tables.stranded(loaded[1])
        out = await rooms.merge(source["id"], loaded)
        assert out is not None and out[1]["status"] == "closed" and out[1]["moved_to"] == target["id"]
        assert out[1]["events"] == [{"type": "moved", "to": target["id"], "seats": [0]}]
        assert tables.seat_of((await store.load_room(third["id"]))[1], "pc") is None, "not moved to a third table"
        assert await store.player_tables("pc") == [target["id"]]
    finally:
        await store.aclose()


async def test_a_seat_taken_at_an_older_table_is_no_half_done_move(redis_server):
    """A player who plays at an older quick table and asks for another game
    opens a newer one; when that one is stranded, the seat at the older
    (running) table is theirs, not a move cut short: they are not moved
    into that game (found by the break-it pass: the newer table closed with
    moved_to the running one)."""
    store = await store_connect(redis_server.url, "mh" + secrets.token_hex(3))
    try:
        rooms = Rooms(store, Settings(key_prefix=store.p, quick_retry_ms=300))
        now = now_ms()
        older = tables.new_table("o" + secrets.token_hex(4), "sibala", now=now - 3000, seats=2, turn_ms=5000, quick=True)
        for pid in ("pa", "pb"):
            older = tables.join(older, pid, pid.upper(), None, now - 3000, bytes(32)).doc
        assert older["status"] == "playing"
        await rooms.create(older)
        newer = tables.new_table("n" + secrets.token_hex(4), "sibala", now=now - 1000, seats=3, turn_ms=5000, quick=True, start_at=now - 900)
        newer = tables.join(newer, "pa", "PA", None, now - 1000, bytes(32)).doc
        await rooms.create(newer)
        loaded = await store.load_room(newer["id"])
        assert tables.stranded(loaded[1]) and set(await store.player_tables("pa")) == {older["id"], newer["id"]}
        await rooms.merge(newer["id"], loaded)
        after = (await store.load_room(newer["id"]))[1]
        assert after.get("moved_to") != older["id"] and tables.seat_of(after, "pa") is not None, after
    finally:
        await store.aclose()
