"""A table's versions are published only to processes that follow it.

The committing process delivers its own commits from memory, so a table
whose viewers are all on one process costs no pub/sub at all; another
process that attaches a viewer follows the table first, and from then on
every commit is published to it.  And a commit re-sent after a lost reply
(the batcher re-sends a round trip whose connection broke) knows itself by
its commit id instead of reading as a lost race.
"""

from __future__ import annotations

import asyncio
import random
import signal

from lobby import tables
from lobby.redis_server import RedisServer
from lobby.channels import ReadyMarks, TableVersion, decode_table
from lobby.store import connect, now_ms

from ..security.support import store_of
from .support import connected, playing, seated


async def _first_message(sub) -> bytes:
    while True:
        msg = await sub.get_message(timeout=1.0)
        if msg is not None:
            return msg[1]


async def _first_version(sub) -> int:
    """The first version published, past ready marks (no version)."""
    while not isinstance(msg := decode_table(await _first_message(sub)), TableVersion):
        pass
    return msg.version


async def test_versions_are_published_only_while_another_process_follows(lobby):
    store = await store_of(lobby)
    sub = store.pubsub()
    try:
        async with connected(lobby.ws, ["Ann", "Bo"]) as players:
            table = (await players[0].open("sibala", seats=2, turn_ms=20_000, options={"rounds": 1}, games=2)).table_id
            await sub.subscribe(store.room_channel(table))  # listening, not following
            await players[1].join(table)
            finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(players)))
            assert finals[0]["status"] == "finished"
            (played, _) = await store.load_room(table)
            assert played >= 4  # open, join, start, the rolls: none of them published

            await store.follow([table], now_ms() + 60_000)  # another process follows now
            await players[0].request({"t": "ready", "table": table})
            # pub/sub keeps order on a connection: had any earlier version been
            # published, it would arrive before this ready mark (no version: kept beside the doc)
            assert decode_table(await asyncio.wait_for(_first_message(sub), 10)) == ReadyMarks(b"1:10")
            await players[1].request({"t": "ready", "table": table})  # everyone is ready: the start is a commit
            assert await asyncio.wait_for(_first_version(sub), 10) == played + 1
            assert (await store.load_room(table))[0] == played + 1, "the marks made no version"
    finally:
        await sub.aclose()
        await store.aclose()


async def test_a_re_sent_commit_that_had_landed_is_a_success_not_a_conflict(lobby):
    store = await store_of(lobby)
    try:
        doc = tables.new_table("resend1", "sibala", now=now_ms(), turn_ms=20_000)
        assert await store.commit("resend1", 0, doc, commit_id="c1") == (1, None)
        # the same commit again: its first reply was lost, Redis had run it
        assert await store.commit("resend1", 0, doc, commit_id="c1") == (1, None)
        # another writer's commit on the same base is a conflict, as ever
        version, current = await store.commit("resend1", 0, doc, commit_id="c2")
        assert version is None and current is not None and current[0] == 1
    finally:
        await store.aclose()


async def test_a_version_published_while_a_process_was_not_listening_reaches_its_viewers(tmp_path, lobby_factory):
    """Found by the break-it pass: redis-py reconnects a subscription by
    itself, so a version published while it was down (a Redis restart, a
    killed pub/sub connection) reached the other process's viewers only
    with the table's next commit, which may never come.  Now a reconnect
    reads every local table again.  Process B is stopped while its
    subscription is killed and the move is committed, so the publish
    certainly finds nobody listening."""
    server = RedisServer(tmp_path / "aof").start()
    try:
        a, b = [lobby_factory(redis_url=server.url, prefix="gap") for _ in range(2)]
        async with connected([a.ws, a.ws, b.ws], ["Ann", "Bo", "Spec"]) as (ann, bo, spec):
            table = await seated([ann, bo], "sibala", seats=2, turn_ms=60_000)
            await spec.watch(table)
            view = await ann.wait_for(table, playing)
            await spec.wait_for(table, playing)
            seat = view["to_act"][0]
            mover = (ann, bo)[seat]
            admin = await connect(server.url, "gap")
            b.proc.send_signal(signal.SIGSTOP)
            try:
                await admin.redis.execute_command("CLIENT", "KILL", "TYPE", "pubsub")
                reply = await mover.move(table, mover.tables[table].view["turns"][str(seat)], {"type": "roll"})
                assert reply["t"] == "ok", reply
            finally:
                b.proc.send_signal(signal.SIGCONT)
                await admin.aclose()
            # no commit follows this one: the spectator on B must get it anyway
            await spec.wait_for(table, lambda v: spec.tables[table].version >= reply["version"], timeout=15)
    finally:
        server.stop()
