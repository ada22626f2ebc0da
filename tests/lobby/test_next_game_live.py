"""After a game, staying to look at the result is normal: not pressing
ready means not playing the next game.  With too few ready the table closes
politely (``closed_reason`` ``no_next_game``, nobody shown as left, no
notice); when others play on, who did not press is stood up as ``sat_out``.
Over real websockets, with a short ready window."""

from __future__ import annotations

import asyncio
import random

from .support import connected, replayed, seated


def finished(view) -> bool:
    return view["status"] == "finished"


async def test_nobody_ready_closes_the_table_politely(lobby_factory):
    proc = lobby_factory(prefix="nextnone", env={"LOBBY_READY_MS": "1000"})
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        for c in cs:
            c.keep_frames = True
        table = await seated(cs, "sibala", seats=2, turn_ms=10000, options={"rounds": 1})
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)))
        assert finals[0]["next"] is not None, "another game could follow"
        closed = await cs[0].wait_for(table, lambda v: v["status"] == "closed", timeout=10)
        assert closed["closed_reason"] == "no_next_game"
        assert closed["events"] == [{"type": "closed", "reason": "no_next_game"}]
        assert [s["left"] for s in closed["seats"]] == [False, False], "nobody is shown as having left"
        assert closed["notices"] == [] and closed["next"] is None
        assert closed["result"] == finals[0]["result"], "the result stays on show"
        for _, view in replayed(cs[1].frames, table):
            assert not any(s["left"] for s in view["seats"] if s), view["status"]


async def test_who_did_not_press_ready_sits_out_the_next_game(lobby_factory):
    proc = lobby_factory(prefix="nextsome", env={"LOBBY_READY_MS": "1500"})
    async with connected(proc.ws, ["Ann", "Bo", "Cy"]) as cs:
        for c in cs:
            c.keep_frames = True
        table = await seated(cs, "sibala", seats=3, turn_ms=10000, options={"rounds": 1})
        await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)))
        for c in cs[:2]:
            await c.request({"t": "ready", "table": table})
        started = await cs[0].wait_for(table, lambda v: v["status"] == "playing" and v["game_no"] == 2, timeout=10)
        assert [s["name"] for s in started["seats"]] == ["Ann", "Bo"]
        assert started["notices"] == [{"name": "Cy", "reason": "sat_out"}], "a neutral reason, not a penalty"
        # while the result was on show, Cy's seat was never marked left
        for _, view in replayed(cs[2].frames, table):
            if view["game_no"] == 1:
                assert not view["seats"][2]["left"]


async def test_the_only_other_person_leaving_after_ready_closes_at_once(lobby_factory):
    """Ann pressed ready and Bo, the only other person, leaves: nobody can
    come, so the table closes now (``too_few``), not at the end of a ready
    window far longer than the wait here."""
    proc = lobby_factory(prefix="nexttoofew", env={"LOBBY_READY_MS": "120000"})
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        table = await seated(cs, "sibala", seats=2, turn_ms=10000, options={"rounds": 1})
        await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(cs)))
        await cs[0].request({"t": "ready", "table": table})
        await cs[1].request({"t": "leave", "table": table})
        closed = await cs[0].wait_for(table, lambda v: v["status"] == "closed", timeout=5)
        assert closed["closed_reason"] == "too_few" and closed["events"] == [{"type": "closed", "reason": "too_few"}]
        assert closed["next"] is None and closed["seats"][1]["left"] and not closed["seats"][0]["left"]


async def test_from_a_game_s_last_move_to_the_next_game_s_first_turn_a_table_of_four_makes_two_versions(lobby, request):
    """Four people finish a game and press ready at once: on one Redis the
    game's end (its last move, payout, ratings and history) is one commit
    and the next game's start another; the ready marks are no versions, so
    every viewer, a spectator too, gets at most two deltas over that span.
    (A cluster's payout is a step of its own, on the players' slots, and
    its mark one commit more: three.)"""
    most = 2 if request.node.callspec.params["lobby"] == "redis" else 3
    async with connected(lobby.ws, ["Ann", "Bo", "Cy", "Dee", "Eve"]) as cs:
        for c in cs:
            c.keep_frames = True
        players, spectator = cs[:4], cs[4]
        table = await seated(players, "sibala", seats=4, turn_ms=20000, options={"rounds": 1}, games=2)
        await spectator.request({"t": "watch", "table": table})
        await asyncio.gather(*(c.play(table, random.Random(i), timeout=60, games=2) for i, c in enumerate(players)))
        for c in cs:
            await c.wait_for(table, lambda v: v["game_no"] == 2, timeout=20)
        for c in cs:
            views = list(replayed(c.frames, table))
            end = next(f["version"] for f, v in views if v["status"] == "finished" and v["game_no"] == 1)
            start = next(f["version"] for f, v in views if v["status"] == "playing" and v["game_no"] == 2)
            assert start - end + 1 <= most, (c.name, end, start)
            between = [f for f, _ in views if f["t"] == "delta" and end <= f["version"] <= start]
            assert len(between) <= most, (c.name, [(f["base"], f["version"]) for f in between])


async def test_a_ready_mark_for_a_seat_nobody_holds_is_refused_by_redis(redis_server):
    """The marks beside the doc keep a seat its player left as ``-``: a mark
    for it (a process whose copy of the table is older than the leave) is
    refused, no frame says that seat is ready, and the others' marks work."""
    from lobby import tables
    from lobby.store import connect, now_ms

    store = await connect(redis_server.url, "marksgone")
    try:
        doc = tables.new_table("mg1", "sibala", now=now_ms(), seats=3, turn_ms=20_000)
        assert (await store.commit("mg1", 0, doc, marks=("", "3:01-")))[0] == 1
        assert await store.mark_ready("mg1", 3, 2) is None, "the seat's player left"
        assert await store.mark_ready("mg1", 2, 0) is None, "another game's"
        assert await store.mark_ready("mg1", 3, 0) == b"3:11-"
    finally:
        await store.aclose()
