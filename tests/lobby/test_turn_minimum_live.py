"""The shortest turn a table may have is the server's ``LOBBY_MIN_TURN_MS``
(5000 by default: no person acts in 1 s); the welcome says it
(``turn_ms``: ``min``, ``max``, ``default``, and ``urgent``: the last part
of a turn in which the page warns, ``LOBBY_URGENT_MS``), and a shorter one is refused
``bad_options`` with reason ``turn_ms`` and the bounds as figures."""

from __future__ import annotations

import pytest

from lobby.client import LobbyRefused
from lobby.tables import MAX_TURN_MS

from .support import connected


@pytest.mark.parametrize("lobby", ["redis"], indirect=True)
async def test_a_turn_below_the_server_s_minimum_is_refused_with_its_bounds(lobby_factory, lobby):
    proc = lobby_factory(env={"LOBBY_MIN_TURN_MS": "5000"}, prefix="turnmin-live")
    async with connected(proc.ws, ["Hasty"]) as (c,):
        assert c.welcome["turn_ms"] == {"min": 5000, "max": MAX_TURN_MS, "default": 20_000, "urgent": 5000}
        with pytest.raises(LobbyRefused) as refused:
            await c.open("sibala", seats=2, turn_ms=4999)
        frame = refused.value.frame
        assert (frame["code"], frame.get("reason"), frame.get("min"), frame.get("max")) == ("bad_options", "turn_ms", 5000, MAX_TURN_MS), frame
        tv = await c.open("sibala", seats=2, turn_ms=5000)
        assert (await c.wait_for(tv.table_id, lambda v: v["status"] == "waiting"))["turn_ms"] == 5000
    # the suite's own lobby allows the 0.3 s turns its tests use (tests/conftest.py TEST_ENV)
    async with connected(lobby.ws, ["Tester"]) as (c,):
        assert c.welcome["turn_ms"]["min"] == 300
        assert c.welcome["turn_ms"]["urgent"] == 5000  # the 5 s warning a short turn is all of
        tv = await c.open("sibala", seats=2, turn_ms=300)
        assert (await c.wait_for(tv.table_id, lambda v: v["status"] == "waiting"))["turn_ms"] == 300
