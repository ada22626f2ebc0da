"""Balances are live: every change of a player's balance (a game's
settlement, an escape) is pushed as a ``balance`` frame to every connection
of that player, on whichever process it is; and a seat's view says what
leaving would cost before it is done (``leave_cost``)."""

from __future__ import annotations

import asyncio
import random

import pytest

from lobby.client import LobbyClient

from .support import coins, connected, playing, polled, seated


async def pushed(client: LobbyClient, timeout_s: float = 10.0) -> list[int]:
    """The coins of every ``balance`` frame the client kept, read until there is one."""

    async def read() -> list[int]:
        return [f["coins"] for f in client.frames if f.get("t") == "balance"]

    return await polled(read, bool, timeout_s)


@pytest.mark.parametrize("where", ["redis", "cluster"])
async def test_an_escape_pushes_the_balance_to_every_connection_of_the_player(where, request, lobby_factory):
    url = request.getfixturevalue("redis_server" if where == "redis" else "redis_cluster").url
    here = lobby_factory(prefix="bal", redis_url=url)
    there = lobby_factory(prefix="bal", redis_url=url)  # the player's second connection is on another process
    async with connected(here.ws, ["Ann", "Bo", "Cy"]) as cs:
        before = [await coins(c) for c in cs]
        table = await seated(cs, "stud", seats=3, turn_ms=10000, options={"tier": "beginner"}, games=1)
        view = await cs[0].wait_for(table, playing)
        dealer, pot = view["state"]["dealer"], view["state"]["pot"]
        leaver = next(s for s in range(3) if s != dealer)
        assert view["leave_cost"] == [pot] * 3, "everyone is still in: an escape costs the pot"
        second = LobbyClient(there.ws, token=cs[leaver].token)
        await second.connect()
        try:
            for c in (*cs, second):
                c.keep_frames = True
            cost = (await cs[leaver].wait_for(table, lambda v: True))["leave_cost"][leaver]
            await cs[leaver].request({"t": "leave", "table": table})
            assert await pushed(second) == [before[leaver] - cost], "the other process's connection is told at once"
            assert await pushed(cs[leaver]) == [before[leaver] - cost]
            assert await pushed(cs[dealer]) == [before[dealer] + cost]
            assert await coins(second) == before[leaver] - cost, "the view's leave cost is what leaving took"
            # the same payout's round trip would have told the third player too: its balance did not change
            bystander = 3 - leaver - dealer
            assert [f for f in cs[bystander].frames if f.get("t") == "balance"] == []
        finally:
            await second.close()


async def test_a_settlement_pushes_each_players_new_balance(lobby_factory):
    proc = lobby_factory(prefix="balgame")
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        for c in cs:
            c.keep_frames = True
        before = [await coins(c) for c in cs]
        table = await seated(cs, "stud", seats=2, turn_ms=10000, options={"tier": "beginner"}, games=1)
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=120) for i, c in enumerate(cs)))
        moved = finals[0]["result"]["coins"]
        assert all(moved), "a stud game moves coins for every player"
        for c, b, m in zip(cs, before, moved):
            assert await pushed(c) == [b + m]
            assert await coins(c) == b + m
