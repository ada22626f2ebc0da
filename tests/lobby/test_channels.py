"""Every message of a table's and a player's channel decodes to what was
encoded, and the bytes the Lua scripts publish decode to the right type."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from lobby import tables
from lobby.channels import Balance, ChatLine, ReadyMarks, Revoked, TableRecord, TableVersion, decode_player, decode_table
from lobby.store import connect, now_ms


@pytest.mark.parametrize(
    "msg",
    [TableVersion(1, msgpack.packb({"a": 1})), TableVersion(2**63, b"\x80"), TableRecord(9, msgpack.packb({"kind": "move"})), ChatLine(b"1700000000000-3", msgpack.packb({"text": "hi|there"})), ReadyMarks(b"2:0101")],
)
def test_a_table_message_round_trips(msg):
    assert decode_table(msg.encode()) == msg


@pytest.mark.parametrize("msg", [Balance(0), Balance(-25), Balance(10**12), Revoked(("s1", "s2"), "ab12"), Revoked((), "n")])
def test_a_player_message_round_trips(msg):
    assert decode_player(msg.encode()) == msg


def test_a_version_keeps_its_doc_packed_until_asked():
    msg = decode_table(TableVersion(7, msgpack.packb({"x": [1, 2]})).encode())
    assert isinstance(msg, TableVersion) and msg.doc() == {"x": [1, 2]}


def test_bytes_that_are_no_message_are_refused():
    with pytest.raises(ValueError):
        decode_table(bytes(8) + b"no separator")
    with pytest.raises(ValueError):
        decode_player(b"twelve")


async def _next(sub) -> bytes:
    while (msg := await sub.get_message(timeout=1.0)) is None:
        pass
    return msg[1]


async def test_what_the_scripts_publish_decodes_to_its_type(redis_server):
    store, other = await connect(redis_server.url, "chan"), await connect(redis_server.url, "chan")
    sub = store.pubsub()
    try:
        doc = tables.new_table("ch1", "sibala", now=now_ms(), turn_ms=20_000)
        await other.follow(["ch1"], now_ms() + 60_000)  # another process follows: commits are published
        await sub.subscribe(store.room_channel("ch1"), store.player_channel("p1"))
        assert await store.commit("ch1", 0, doc, commit_id="c1") == (1, None)
        got = decode_table(await asyncio.wait_for(_next(sub), 10))
        assert isinstance(got, TableVersion) and got.version == 1 and got.doc()["id"] == doc["id"]

        record = {"kind": "move", "at": 2, "moves": [[0, {"type": "roll"}]], "v": 2}
        assert await store.commit("ch1", 1, doc, record, commit_id="c2", append=True) == (2, None)
        got = decode_table(await asyncio.wait_for(_next(sub), 10))
        assert isinstance(got, TableRecord) and got.version == 2 and got.record() == record

        line_id = await store.add_chat("ch1", {"at": 1, "name": "Ann", "text": "a|b", "spectator": False}, 10, 10, 1000)
        got = decode_table(await asyncio.wait_for(_next(sub), 10))
        assert isinstance(got, ChatLine) and got.line_id.decode() == line_id and msgpack.unpackb(got.packed)["text"] == "a|b"

        await store.redis.hset(store.room_key("ch1"), "r", "1:00")  # a next game open, as a commit ending one leaves it
        assert await store.mark_ready("ch1", 1, 1) == b"1:01"
        assert decode_table(await asyncio.wait_for(_next(sub), 10)) == ReadyMarks(b"1:01")

        await store.apply_settlements("ch1:1", [("p1", 25, {})], "sibala", 60)
        got = decode_player(await asyncio.wait_for(_next(sub), 10))
        assert isinstance(got, Balance)
    finally:
        await sub.aclose()
        await store.aclose()
        await other.aclose()
