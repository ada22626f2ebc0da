"""A refusal names the first thing wrong in the order docs/protocol.md gives
(review leftovers of issue #15): a frame's shape (its fields, then a
move's own fields, which the table's game judges) before the table's state
(whose turn, which turn id).  Seen: a stale move that also carried an
unknown field was answered ``turn_over``, the same field on the current
turn ``bad_move``; and a ``ping`` of ``now`` 2^64-1 got a ``pong``.  Over
real websockets, a real lobby process and redis-server; the connection
lives on after every refusal.
"""

from __future__ import annotations

import random

import pytest

import engines

from .support import Raw, hello, live_table, safe_move, store_of


@pytest.mark.parametrize("now", [2**64 - 1, 2**63, 8_640_000_000_000_001, -1, -(2**63)])
async def test_a_ping_of_an_absurd_time_is_bad_message_and_the_socket_lives(sec_lobby, now):
    raw = await Raw.connect(sec_lobby.ws)
    try:
        await hello(raw, "Pinger")
        reply = await raw.request({"t": "ping", "now": now})
        assert (reply["t"], reply["code"]) == ("error", "bad_message"), reply
        assert "now" in reply["msg"] and "ms since" in reply["msg"], reply
        assert (await raw.request({"t": "ping", "now": 1_700_000_000_000}))["t"] == "pong"
        assert (await raw.request({"t": "ping"}))["t"] == "pong"
    finally:
        await raw.close()


def _wrong_shape(move: dict) -> dict:
    """``move`` with a field no game knows."""
    return {**move, "zz_unknown": 1}


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
async def test_a_move_s_shape_is_judged_before_its_turn(sec_lobby, game):
    """The mover's current turn and a stale one, a move with an unknown field
    and one of an unknown type: the shape's code (``bad_move``,
    ``unknown_move``) whatever the turn id; a well-formed stale move
    ``turn_over``; the other seat the shape's code too, then (when it need
    not act) ``not_your_turn``.  Nothing changes the table."""
    store = await store_of(sec_lobby)
    rng = random.Random(7)
    table, clients = await live_table(sec_lobby.ws, game, 2, moves=0, rng=rng)
    try:
        view = clients[0].tables[table].view
        seat = view["to_act"][0]
        mover = next(c for c in clients if c.tables[table].seat == seat)
        other = next(c for c in clients if c is not mover)
        mine = mover.tables[table].view
        turn = mine["turns"][str(seat)]
        good = safe_move(mine, seat, rng)
        twin = await Raw.connect(sec_lobby.ws, token=mover.token)
        await twin.request({"t": "join", "table": table})
        them = await Raw.connect(sec_lobby.ws, token=other.token)
        await them.request({"t": "join", "table": table})
        version = await store.room_version(table)
        for who, turn_id in ((twin, turn), (twin, "0:stale"), (twin, turn + "x"), (them, turn)):
            reply = await who.request({"t": "move", "table": table, "turn": turn_id, "move": _wrong_shape(good)})
            assert (reply["t"], reply["code"]) == ("error", "bad_move"), (turn_id, reply)
            reply = await who.request({"t": "move", "table": table, "turn": turn_id, "move": {"type": "fly"}})
            assert (reply["t"], reply["code"]) == ("error", "unknown_move"), (turn_id, reply)
        reply = await twin.request({"t": "move", "table": table, "turn": "0:stale", "move": good})
        assert reply["code"] == "turn_over", reply
        if other.tables[table].seat not in view["to_act"]:  # 6 Nimmt!: both pick at once
            reply = await them.request({"t": "move", "table": table, "turn": turn, "move": good})
            assert reply["code"] == "not_your_turn", reply
        # a frame's own fields first, for every type: an unknown one before the table is looked up
        reply = await twin.request({"t": "leave", "table": "nosuchtable", "zz_unknown": 1})
        assert reply["code"] == "bad_message", reply
        assert await store.room_version(table) == version
        # the socket lives on: the right move still plays
        reply = await twin.request({"t": "move", "table": table, "turn": turn, "move": good})
        assert reply["t"] == "ok" and reply["version"] > version, reply
        await twin.close()
        await them.close()
    finally:
        for c in clients:
            await c.close()
        await store.redis.aclose()


@pytest.mark.parametrize("turn_ms", [-5, 600_001, 2**40, 299])
async def test_a_turn_time_out_of_range_is_bad_options_with_its_bounds(sec_lobby, turn_ms):
    """Any int turn time outside the lobby's bounds is the documented
    ``bad_options`` reason ``turn_ms`` with ``min`` and ``max`` (a hostile
    pass saw -5, 600001 and 2^40 answered ``bad_message`` with no bounds,
    as only 0..600000 reached the turn-time rule); a turn time that is not
    an int stays ``bad_message``."""
    raw = await Raw.connect(sec_lobby.ws)
    try:
        await hello(raw, "Timer")
        reply = await raw.request({"t": "open", "game": "sibala", "turn_ms": turn_ms})
        assert (reply["t"], reply["code"], reply.get("reason")) == ("error", "bad_options", "turn_ms"), reply
        assert isinstance(reply["min"], int) and isinstance(reply["max"], int) and reply["min"] <= reply["max"], reply
        for bad in ("5000", 5000.0, None, True):
            reply = await raw.request({"t": "open", "game": "sibala", "turn_ms": bad})
            assert (reply["t"], reply["code"]) == ("error", "bad_message"), (bad, reply)
        assert (await raw.request({"t": "ping"}))["t"] == "pong"
    finally:
        await raw.close()


async def test_a_frame_nested_too_deeply_echoes_its_ref(sec_lobby):
    """The error a frame causes echoes its ``ref`` when the frame is a
    msgpack map with a valid one, even when it is refused for its shape
    (nested too deeply: a hostile pass got ``bad_frame`` without it)."""
    raw = await Raw.connect(sec_lobby.ws)
    try:
        await hello(raw, "Nester")
        deep: dict = {}
        for _ in range(8):
            deep = {"x": deep}
        await raw.send({"t": "ping", "ref": 77, **deep})
        reply = await raw.recv()
        while reply.get("t") != "error":
            reply = await raw.recv()
        assert (reply["code"], reply.get("ref")) == ("bad_frame", 77), reply
        assert (await raw.request({"t": "ping"}))["t"] == "pong"
    finally:
        await raw.close()
