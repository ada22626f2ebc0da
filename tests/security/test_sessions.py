"""Tokens and seats: what a token is, what presenting it allows, when it
expires; and moves a player may not make (out of turn, for another seat, at
another table, for a finished turn, replayed), each refused with its code
and leaving the table exactly as it was."""

from __future__ import annotations

import asyncio
import inspect
import random

import pytest

from lobby import sessions
from lobby.client import LobbyClient, LobbyRefused

from .support import Raw, live_table, pack, safe_move, store_of


def test_tokens_are_192_random_bits_from_the_os():
    source = inspect.getsource(sessions)
    assert "secrets.token_urlsafe(TOKEN_BYTES)" in inspect.getsource(sessions.new_token)
    assert sessions.TOKEN_BYTES * 8 >= 128
    assert "random." not in source  # no non-cryptographic generator anywhere near
    tokens = {sessions.new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    assert all(sessions.TOKEN_RE.fullmatch(t) and len(t) == 32 for t in tokens)
    # every one of the 64 symbols shows up in each of the 32 positions' union, roughly uniformly
    counts = {}
    for t in tokens:
        for ch in t:
            counts[ch] = counts.get(ch, 0) + 1
    assert len(counts) == 64
    assert max(counts.values()) < 2 * min(counts.values())
    assert not sessions.TOKEN_RE.fullmatch(next(iter(tokens)) + "\n")


async def test_token_on_a_second_connection_is_the_same_player_and_no_more(sec_lobby):
    proc = sec_lobby
    store = await store_of(proc)
    table, (a, b) = await live_table(proc.ws, "sibala", 2, moves=0, rng=random.Random(2), options={"rounds": 2})
    try:
        view = a.tables[table].view
        assert view["to_act"] == [0]

        twin = await Raw.connect(proc.ws, token=a.token)  # Ann (seat 0) again, on another socket
        assert twin.welcome["player"]["name"] == a.name and twin.welcome["token"] == a.token
        assert twin.welcome["tables"] == [table]
        joined = await twin.request({"t": "join", "table": table})
        assert joined == {"t": "joined", "table": table, "seat": 0, "ref": joined["ref"]}
        version = await store.room_version(table)

        # Ann's twin cannot play Bo's seat: not by Bo's seat number, nor by Bo's turn
        taken = await twin.request({"t": "join", "table": table, "seat": 1})
        assert taken["t"] == "joined" and taken["seat"] == 0  # her own seat, never Bo's
        turn0 = view["turns"]["0"]
        reply = await twin.request({"t": "move", "table": table, "turn": turn0.replace("s0", "s1"), "move": {"type": "roll"}})
        assert reply["code"] == "turn_over"
        assert await store.room_version(table) == version

        # Ann rolls from the twin: that is her seat's move
        ok = await twin.request({"t": "move", "table": table, "turn": turn0, "move": {"type": "roll"}})
        assert ok["t"] == "ok" and ok["version"] == version + 1
        view = await a.wait_for(table, lambda v: v["to_act"] == [1])
        turn1 = view["turns"]["1"]
        # now it is Bo's turn: Ann (either socket) naming Bo's current turn is refused
        for conn in (twin,):
            reply = await conn.request({"t": "move", "table": table, "turn": turn1, "move": {"type": "roll"}})
            assert reply["code"] == "not_your_turn"
        with pytest.raises(LobbyRefused) as exc:
            await a.move(table, turn1, {"type": "roll"})
        assert exc.value.code == "not_your_turn"
        assert await store.room_version(table) == version + 1

        # the player id never leaves the server
        pid = (await store.redis.get(f"{store.p}:session:{a.token}")).decode()
        a.keep_frames = True
        await a.request({"t": "sync", "table": table})
        frames = [pack(f) for f in a.frames] + [pack(twin.welcome)]
        assert all(pid.encode() not in f for f in frames)
        await twin.close()
    finally:
        await a.close()
        await b.close()
        await store.redis.aclose()


async def test_signing_in_as_someone_else_stops_the_old_seats_view(sec_lobby):
    proc = sec_lobby
    table, (a, b) = await live_table(proc.ws, "sibala", 2, moves=0, rng=random.Random(3), options={"rounds": 2})
    try:
        shared = await Raw.connect(proc.ws, token=a.token)  # Ann on a shared computer
        assert (await shared.request({"t": "join", "table": table}))["t"] == "joined"
        snap = await shared.recv()
        assert snap["t"] == "snapshot" and snap["seat"] == 0
        other = await shared.request({"t": "hello", "proto": 1, "name": "Cy"})  # another person signs in here
        assert other["t"] == "welcome" and other["player"]["name"] == "Cy"
        view = await a.wait_for(table, lambda v: v["status"] == "playing")
        seen = b.tables[table].version
        await a.move(table, view["turns"]["0"], {"type": "roll"})
        await b.wait_for(table, lambda v: b.tables[table].version > seen)  # delivered to every local viewer by now
        await shared.send({"t": "ping", "ref": 99})
        reply = await shared.recv()  # the very next frame: no delta before it
        assert reply["t"] == "pong", f"Ann's seat view still flows to Cy: {reply}"
        await shared.close()
    finally:
        await a.close()
        await b.close()


async def test_expired_token_is_refused(lobby_factory):
    proc = lobby_factory(prefix="sec-ttl", env={"LOBBY_TOKEN_TTL_S": "1"})
    store = await store_of(proc)
    try:
        first = await Raw.connect(proc.ws, name="Ephemeral")
        token = first.token
        await first.close()
        key = f"{store.p}:session:{token}"
        assert 0 < await store.redis.pttl(key) <= 1000
        for _ in range(200):  # until Redis has expired it (at most ~1 s), polled, bounded
            if not await store.redis.exists(key):
                break
            await asyncio.sleep(0.02)
        else:
            pytest.fail("the session key never expired")
        again = await Raw.connect(proc.ws)
        reply = await again.request({"t": "hello", "proto": 1, "token": token})
        assert reply["t"] == "error" and reply["code"] == "bad_token"
        # with a name it is a new guest with a new token; the old one stays dead
        welcome = await again.request({"t": "hello", "proto": 1, "token": token, "name": "Ephemeral"})
        assert welcome["t"] == "welcome" and welcome["token"] != token
        await again.close()
        # malformed tokens are unknown without a lookup
        other = await Raw.connect(proc.ws)
        for bad in (token + "\n", token[:-1], "x" * 128, "../" * 10):
            reply = await other.request({"t": "hello", "proto": 1, "token": bad})
            assert reply["code"] == "bad_token", bad
        await other.close()
    finally:
        await store.redis.aclose()


GAMES = [("sibala", 2, {}), ("yahtzee", 2, {}), ("shut_the_box", 2, {}), ("stud", 3, {}), ("six_nimmt", 3, {})]


@pytest.mark.parametrize("game, seats, fields", GAMES, ids=[g[0] for g in GAMES])
async def test_moves_that_are_not_yours_to_make(sec_lobby, game, seats, fields):
    proc = sec_lobby
    rng = random.Random(7)
    store = await store_of(proc)
    table, clients = await live_table(proc.ws, game, seats, moves=0, rng=rng, **fields)
    other, other_clients = await live_table(proc.ws, "sibala", 2, moves=0, rng=rng)
    try:
        by_seat = {c.tables[table].seat: c for c in clients}

        async def refused(client: LobbyClient, turn: str, move: dict, codes: set[str], at: str = table) -> None:
            version = await store.room_version(at)
            with pytest.raises(LobbyRefused) as exc:
                await client.move(at, turn, move)
            assert exc.value.code in codes, (turn, move, exc.value)
            assert await store.room_version(at) == version, "a refused move changed the table"

        view = clients[0].tables[table].view
        acting = view["to_act"][0]
        idle = [s for s in range(seats) if s not in view["to_act"]]
        current = view["turns"][str(acting)]
        mine = by_seat[acting].tables[table].view
        good = safe_move(mine, acting, rng)

        # wrong table: a move at a table where you hold no seat, or none at all
        other_view = other_clients[0].tables[other].view
        await refused(by_seat[acting], other_view["turns"][str(other_view["to_act"][0])], {"type": "roll"}, {"not_seated"}, at=other)
        with pytest.raises(LobbyRefused) as exc:
            await by_seat[acting].move("zZnoSuchTable", current, good)
        assert exc.value.code == "no_such_table"
        # out of turn / another seat's turn: a seat that need not act names the acting seat's turn
        for seat in idle:
            await refused(by_seat[seat], current, good, {"not_your_turn"})
        # a turn id that is not the current one
        await refused(by_seat[acting], current + "x", good, {"turn_over"})

        # play it once: accepted
        version = await store.room_version(table)
        reply = await by_seat[acting].move(table, current, good)
        assert reply["version"] == version + 1
        for c in clients:
            await c.wait_for(table, lambda v, c=c: c.tables[table].version >= version + 1)
        after = clients[0].tables[table].view
        still_acting = str(acting) in after["turns"] and after["turns"][str(acting)] == current

        if game == "six_nimmt":
            # a pick may be changed until the reveal (docs/protocol.md): the same
            # frame again is such a change of one's own pick, or refused once revealed
            try:
                await by_seat[acting].move(table, current, good)
            except LobbyRefused as exc:
                assert exc.code in ("turn_over", "not_your_turn"), exc
        elif not still_acting:
            # replayed (the very same frame) and finished turn: refused, nothing changes
            await refused(by_seat[acting], current, good, {"turn_over", "not_your_turn"})
        else:
            # Yahtzee and Shut the Box: several moves share one turn id (rolls, then a
            # score or a shut).  A replay is judged by the rules: a second score or
            # shut of the same thing is illegal.
            assert game in ("yahtzee", "shut_the_box"), game
    finally:
        for c in clients + other_clients:
            await c.close()
        await store.redis.aclose()



async def test_replayed_roll_within_a_yahtzee_turn_is_refused(sec_lobby):
    proc = sec_lobby
    store = await store_of(proc)
    table, clients = await live_table(proc.ws, "yahtzee", 2, moves=0, rng=random.Random(1))
    try:
        view = clients[0].tables[table].view
        seat = view["to_act"][0]
        player = next(c for c in clients if c.tables[table].seat == seat)
        turn = view["turns"][str(seat)]
        await player.move(table, turn, {"type": "roll", "hold": []})
        version = await store.room_version(table)
        with pytest.raises(LobbyRefused):
            await player.move(table, turn, {"type": "roll", "hold": []})  # the same frame again
        assert await store.room_version(table) == version
    finally:
        for c in clients:
            await c.close()
        await store.redis.aclose()
