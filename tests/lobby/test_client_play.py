"""``LobbyClient.play`` (the terminal client and the load tests' player)
keeps playing past the server's message rate: a move refused
``rate_limited`` is sent again, not left to the turn's clock."""

from __future__ import annotations

import asyncio
import random

import pytest

from .support import connected, playing

pytestmark = pytest.mark.waits  # mostly real-time waits (live games with bots): run beside other workers' CPU-bound tests (tests/scheduling.py)


async def test_a_move_refused_for_its_rate_is_sent_again(lobby_factory):
    # 4 messages a second, burst 2: the bots' moves outrun it at once
    proc = lobby_factory(env={"LOBBY_RATE_PER_S": "4", "LOBBY_RATE_BURST": "2"})
    async with connected(proc.ws, ["Ann", "Bo"]) as (ann, bo):
        # the turn's clock (60 s) would play a stalled move long after the
        # 30 s this test allows the game
        table = (await ann.open("shut_the_box", seats=2, turn_ms=60_000, options={"rounds": 1}, games=1)).table_id
        await bo.join(table)
        await ann.wait_for(table, playing)
        finals = await asyncio.wait_for(asyncio.gather(*(p.play(table, random.Random(i)) for i, p in enumerate((ann, bo)))), 30)
        assert finals[0]["status"] == "finished"
        assert any(e["code"] == "rate_limited" for e in ann.errors + bo.errors), "the rate was reached"
        assert not [f for f in finals[0].get("forced") or [] if f[1] == "timeout"], "no move was left to the clock"
