"""A player's move is committed as its record alone; the doc is a snapshot.

The doc is written at a game's start and end, on every change that is not a
player's move, and at least every ``tables.SNAPSHOT_EVERY`` versions; a
reader (a cold load, a lost compare-and-set, another process following the
table) re-applies the records after the snapshot with the engine
(``tables.redo``), and must get the very doc the mover committed.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import msgpack
import pytest

import engines
from lobby import tables
from lobby.protocol import packb
from lobby.store import connect

from .support import connected, playing, replayed
from .test_scale_out import MIXED as GAMES
from .test_tables import seated

def _wire(value: Any) -> Any:
    """``value`` as Redis gives it back (msgpack there and back)."""
    return msgpack.unpackb(packb(value), raw=False, strict_map_key=False)


def _bot_game(game: str, seats: int, options: dict[str, Any], rng: random.Random) -> list[tuple[tables.TableDoc, tables.Change, int]]:
    """Every move of one game played by bots through ``tables.move``:
    ``(doc before, change, version it is committed as)``."""
    doc = seated(game, seats, "abcd"[:seats], options=options)
    assert doc["status"] == tables.Status.PLAYING
    engine = engines.get(game)
    version, now, out = 10, 1_000, []
    while doc["status"] == tables.Status.PLAYING:
        seat = engine.to_act(doc["state"])[0]
        mv = engine.bot_move(engine.view(doc["state"], seat), seat, rng)
        now += 7
        change = tables.move(doc, doc["seats"][seat]["pid"], tables.turn_id(doc, seat), _wire(mv), now)
        version += 1
        out.append((doc, change, version))
        doc = change.doc
    return out


@pytest.mark.parametrize("game,seats,options", GAMES, ids=[g for g, _, _ in GAMES])
def test_a_move_re_applied_from_its_record_gives_the_doc_committed(game, seats, options):
    appended = run = longest = 0
    for trial in range(3):
        moves = _bot_game(game, seats, options, random.Random(trial))
        for before, change, version in moves:
            if not tables.appends(before, change, version):
                run = 0
                continue
            appended += 1
            run += 1
            longest = max(longest, run)
            # what a reader has: the doc before and the record, both through msgpack
            assert _wire(tables.redo(_wire(before), _wire(change.log))) == _wire(change.doc)
            # the table list reads snapshots alone: its line is the same before and after
            assert tables.summary(change.doc) == tables.summary(before)
        assert not tables.appends(*moves[-1]), "the move that ends the game writes the doc"
    assert appended > 0
    assert longest < tables.SNAPSHOT_EVERY


def test_only_a_player_s_move_during_a_game_is_appended():
    before, change, _ = _bot_game("sibala", 3, {"rounds": 2}, random.Random(1))[0]
    assert tables.appends(before, change, 17)
    assert not tables.appends(before, change, 2 * tables.SNAPSHOT_EVERY), "a snapshot every SNAPSHOT_EVERY versions"
    forced = tables.Change(change.doc, dict(change.log, kind="forced"))
    assert not tables.appends(before, forced, 17)
    with pytest.raises(ValueError):
        tables.redo(before, {"kind": "join", "at": 1})


async def test_a_reader_and_a_lost_compare_and_set_rebuild_the_doc_from_snapshot_and_records(redis_server):
    """Store level: a snapshot, then appended records; a cold load and the
    doc a refused commit brings back are the last doc committed."""
    store = await connect(redis_server.url, "appended")
    try:
        moves = _bot_game("yahtzee", 2, {}, random.Random(5))
        first, _, _ = moves[0]
        table = first["id"] = f"t{random.getrandbits(40)}"
        version, _ = await store.commit(table, 0, first, {"kind": "open", "at": 1, "v": 1})
        assert version == 1
        doc = first
        appended = 0
        for before, change, _ in moves[:40]:
            before, new = dict(before, id=table), dict(change.doc, id=table)
            append = tables.appends(before, change, version + 1)
            appended += append
            committed, conflict = await store.commit(table, version, new, dict(change.log, v=version + 1), append=append)
            assert committed == version + 1 and conflict is None
            version, doc = committed, new
            loaded = await store.load_room(table)
            assert loaded is not None and loaded[0] == version
            assert _wire(loaded[1]) == _wire(doc)
        assert appended >= 20
        v, d = await store.redis.hmget(store.room_key(table), ["v", "d"])
        assert int(d) < int(v), "the hash holds a snapshot older than the version"
        # a commit on an old version loses and brings back the doc as it is now
        committed, current = await store.commit(table, version - 3, doc, {"kind": "move", "at": 1, "moves": [[0, {"type": "roll"}]]}, append=True)
        assert committed is None and current is not None
        assert current[0] == version and _wire(current[1]) == _wire(doc)
    finally:
        await store.aclose()


async def test_processes_following_a_table_show_what_its_records_make(lobby_factory):
    """Players on one process, a spectator on another (it follows the table:
    each appended move reaches it as a record to re-apply), a third process's
    spectator arriving mid-game (a cold load: snapshot + records): every view
    of a version is the same everywhere."""
    a, b, c = lobby_factory(), lobby_factory(), lobby_factory()
    async with connected([a.ws, a.ws, b.ws, a.ws], ["Ann", "Bo", "Cy", "Di"]) as (ann, bo, far, near):
        far.keep_frames = near.keep_frames = True
        table = (await ann.open("yahtzee", seats=2, turn_ms=60_000, games=1)).table_id
        await far.watch(table)
        await near.watch(table)
        await bo.join(table)
        await ann.wait_for(table, playing)
        play = asyncio.gather(*(p.play(table, random.Random(i), timeout=120) for i, p in enumerate((ann, bo))))
        # mid-game, on a third process
        started = ann.tables[table].version
        while ann.tables[table].version < started + 12 and not play.done():
            ann.tables[table].changed.clear()
            await asyncio.wait_for(ann.tables[table].changed.wait(), 30)
        async with connected(c.ws, ["Ed"]) as (late,):
            late.keep_frames = True
            await late.watch(table)
            finals = await play
            await late.wait_for(table, lambda v: v["status"] == "finished")
            late_views = {f["version"]: v for f, v in replayed(late.frames, table)}
        assert finals[0]["status"] == "finished"
        assert not far.errors and not near.errors
        await far.wait_for(table, lambda v: v["status"] == "finished")
        near_views = {f["version"]: v for f, v in replayed(near.frames, table)}
        far_views = {f["version"]: v for f, v in replayed(far.frames, table)}
        shared = set(near_views) & set(far_views)
        assert len(shared) >= 20, "the far spectator saw the moves one by one"
        assert all(near_views[v] == far_views[v] for v in shared)
        assert set(late_views) & set(near_views)
        assert all(late_views[v] == near_views[v] for v in set(late_views) & set(near_views))
