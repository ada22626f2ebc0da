"""Refusals that name what was wrong (the hostile tester of issue #15's third
pass): an over-long text field gets its own field's code and a reason, not
the schema's bare ``bad_message``; a move or a frame of a type nobody knows
(or the server's own ``_timeout``) is refused as unknown, naming the type,
and leaves the table as it was."""

from __future__ import annotations

import random

import pytest

import engines

from .support import Raw, hello, live_table, store_of


@pytest.mark.parametrize(
    "name",
    ["x" * 25, "x" * 201, "x" * 3000, "名" * 1000, "  " + "y" * 2500 + "  "],
)
async def test_an_over_long_name_is_bad_name_with_its_reason(sec_lobby, name):
    """The schema cut names at 200 characters with bad_message and no
    reason: a 3000-character name got a refusal the page could not word."""
    raw = await Raw.connect(sec_lobby.ws)
    try:
        reply = await raw.request({"t": "hello", "proto": 1, "name": name})
        assert reply["t"] == "error", reply
        assert (reply["code"], reply.get("reason")) == ("bad_name", "length"), reply
    finally:
        await raw.close()


async def test_an_over_long_frame_is_still_closed_by_the_frame_guard(sec_lobby):
    """The guard stays: a frame over LOBBY_MAX_FRAME bytes closes with 1009."""
    raw = await Raw.connect(sec_lobby.ws)
    await raw.send({"t": "hello", "proto": 1, "name": "x" * 5000})
    with pytest.raises(Exception):
        await raw.recv()
    assert raw.ws.close_code == 1009


@pytest.mark.parametrize(
    ("text", "reason"),
    [("c" * 201, "length"), ("c" * 801, "length"), ("c" * 3000, "length"), ("", "empty"), ("   ", "empty"), ("a\u202eb", "control"), ("\u3164", "invisible")],
)
async def test_a_bad_chat_line_is_bad_text_with_its_reason(sec_lobby, text, reason):
    """Chat lines over 800 characters were cut by the schema, the rest by
    the chat's check, both bad_message without a reason."""
    raw = await Raw.connect(sec_lobby.ws)
    try:
        await hello(raw, "Chatty")
        opened = await raw.request({"t": "open", "game": "sibala", "seats": 4, "turn_ms": 60_000})
        table = opened["table"]
        reply = await raw.request({"t": "chat", "table": table, "text": text})
        assert (reply["code"], reply.get("reason")) == ("bad_text", reason), reply
        if reason == "length":
            assert reply["max"] == 200
    finally:
        await raw.close()


@pytest.mark.parametrize("kind", ["_timeout", "_internal", "fly", "welcome", "x" * 300])
async def test_an_unknown_frame_type_is_named(sec_lobby, kind):
    """``{"t": "_timeout"}`` was refused as "unknown message type" naming nothing."""
    raw = await Raw.connect(sec_lobby.ws)
    try:
        reply = await raw.request({"t": kind})
        assert (reply["code"], reply.get("reason")) == ("bad_message", "unknown_type"), reply
        assert repr(kind[:32]) in reply["msg"], reply
        assert len(reply["msg"]) < 80, reply
    finally:
        await raw.close()


@pytest.mark.parametrize("game", sorted(engines.REGISTRY))
async def test_an_unknown_or_internal_move_is_unknown_move_and_never_played(sec_lobby, game):
    """``{"type": "_timeout"}`` got "move needs a type" (it has one), and an
    unknown type each engine's own sentence: both are ``unknown_move``
    naming the type (cut short), in every game, and the table is untouched."""
    store = await store_of(sec_lobby)
    table, clients = await live_table(sec_lobby.ws, game, 2, moves=0, rng=random.Random(5))
    try:
        view = clients[0].tables[table].view
        seat = view["to_act"][0]
        mover = next(c for c in clients if c.tables[table].seat == seat)
        turn = mover.tables[table].view["turns"][str(seat)]
        twin = await Raw.connect(sec_lobby.ws, token=mover.token)
        await twin.request({"t": "join", "table": table})
        version = await store.room_version(table)
        for kind in ("_timeout", "_deal", "fly", "ROLL", "z" * 60):
            reply = await twin.request({"t": "move", "table": table, "turn": turn, "move": {"type": kind}})
            assert reply["t"] == "error" and reply["code"] == "unknown_move", (kind, reply)
            assert repr(kind[:32]) in reply["msg"], reply
            assert await store.room_version(table) == version
        await twin.close()
    finally:
        for c in clients:
            await c.close()
        await store.redis.aclose()
