"""The protocol's small print, live: a malformed ``ref`` is refused, a
move's ``delta`` comes before its ``ok`` as docs/protocol.md says, and
docs/security.md lists every setting with its default."""

from __future__ import annotations

import pytest

from ..lobby.support import connected, playing, seated
from .support import PROTOCOL_DOC, Raw


@pytest.mark.parametrize("ref", [-1, "7", 2**31, 1.5, None, [1], True])
async def test_a_ref_that_is_not_an_int_in_range_is_refused(lobby, ref):
    # before: dropped silently, the message handled without it
    raw = await Raw.connect(lobby.ws, name="Refs")
    try:
        await raw.send({"t": "ping", "ref": ref})
        reply = await raw.recv()
        assert reply["t"] == "error" and reply["code"] == "bad_message" and "ref" not in reply, reply
        assert (await raw.request({"t": "ping"}))["t"] == "pong"  # the connection lives on
    finally:
        await raw.close()


async def test_a_moves_delta_comes_before_its_ok(lobby):
    # docs/protocol.md said `ok` then `delta`; the server sends the delta first
    async with connected(lobby.ws, ["Ord", "Der"]) as players:
        raw = None
        try:
            table = await seated(players, "sibala", seats=2, turn_ms=60_000)
            view = await players[0].wait_for(table, playing)
            mover = next(c for c in players if c.tables[table].seat == view["to_act"][0])
            raw = await Raw.connect(lobby.ws, token=mover.token)
            snap = await raw.request({"t": "join", "table": table})
            while snap["t"] != "snapshot":
                snap = await raw.recv()
            seat = snap["seat"]
            await raw.send({"t": "move", "table": table, "turn": snap["view"]["turns"][str(seat)], "move": {"type": "roll"}, "ref": 99})
            seen = []
            while True:
                frame = await raw.recv()
                seen.append(frame)
                if frame.get("ref") == 99:
                    break
            ok = seen[-1]
            assert ok["t"] == "ok", ok
            deltas = [f for f in seen if f["t"] == "delta" and f["table"] == table]
            assert deltas and deltas[-1]["version"] == ok["version"], seen
            # and that is what docs/protocol.md says
            row = next(line for line in PROTOCOL_DOC.read_text().splitlines() if line.startswith("| `move` |"))
            reply = row.split("|")[-2].strip()
            assert reply.startswith("`delta`") and reply.endswith("then `ok` (if `ref`)"), row
        finally:
            if raw is not None:
                await raw.close()



async def test_every_command_that_asks_is_answered(lobby):
    """Break-it pass: ``unwatch`` with a ``ref`` got no reply at all; a
    command with no reply of its own answers ``ok`` when it asks."""
    async with connected(lobby.ws, ["Wat"]) as (opener,):
        table = (await opener.open("sibala", seats=2)).table_id
        raw = await Raw.connect(lobby.ws, name="Watcher")
        try:
            snap = await raw.request({"t": "watch", "table": table})
            assert snap["t"] == "snapshot"
            assert await raw.request({"t": "unwatch", "table": table}) == {"t": "ok", "table": table, "ref": raw.ref}
        finally:
            await raw.close()

def test_security_doc_lists_every_setting_with_its_default():
    # before: quick-wait, ready, away, TTLs, timers and more were not in docs/security.md
    from dataclasses import fields

    from lobby.config import Settings

    text = (PROTOCOL_DOC.parent / "security.md").read_text()
    not_limits = {"redis_url", "key_prefix", "origins", "grant_coins", "process_id"}
    missing = [f.name for f in fields(Settings) if f.name not in not_limits and f"`LOBBY_{f.name.upper()}`" not in text]
    assert not missing, f"docs/security.md does not list {missing}"
    rows = [line for line in text.splitlines() if "`LOBBY_" in line and line.startswith("| ")]
    assert all(any(ch.isdigit() for ch in row.split("|")[2]) for row in rows if row.count("|") >= 5), "every row names its default"


def test_deployment_doc_lists_every_setting():
    # found by the new-user pass: docs/deployment.md said "every setting" and listed some
    from dataclasses import fields

    from lobby.config import Settings

    text = (PROTOCOL_DOC.parent / "deployment.md").read_text()
    missing = [f.name for f in fields(Settings) if f"`{f.name.upper()}`" not in text]
    assert not missing, f"docs/deployment.md does not list {missing}"
