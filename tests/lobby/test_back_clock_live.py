"""Taking a seat back gives its player a turn clock (issue #15, a tester at
390x844: pressing "I'm back" while a bot played their Yahtzee turn, after
two bot rolls, left almost no time: one roll, then the clock scored 0 for
them and marked the seat time's up again).  Over real websockets: the
seat's deadline after ``back`` is the table's turn time from then, and it
stays a person's clock through the moves that follow."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from .support import connected, replayed, seated

pytestmark = pytest.mark.waits  # mostly real-time waits (turn clocks run out): run beside other workers' CPU-bound tests (tests/scheduling.py)

TURN_MS = 3000


async def test_back_mid_turn_gives_a_fresh_turn_clock(lobby_factory):
    proc = lobby_factory(prefix="backclk", env={"LOBBY_AWAY_AFTER": "1", "LOBBY_BOT_DELAY_MS": "2000"})  # back well before the bot's next roll
    async with connected(proc.ws, ["Idle", "Bo"]) as (idle, bo):
        table = await seated([idle, bo], "yahtzee", seats=2, turn_ms=TURN_MS, games=1)
        bo_plays = asyncio.create_task(bo.play(table, random.Random(1)))
        try:
            seat = idle.tables[table].seat

            def bot_rolled_twice(v):
                state = v.get("state") or {}
                return v["status"] == "playing" and v["seats"][seat]["away"] and seat in v["to_act"] and state.get("rolls") == 2

            await idle.wait_for(table, bot_rolled_twice, timeout=30)
            asked = int(time.time() * 1000)
            await idle.request({"t": "back", "table": table})
            view = await idle.wait_for(table, lambda v: not v["seats"][seat]["away"])
            assert seat in view["to_act"] and view["state"]["rolls"] == 2, "back before the bot's third roll"
            assert view["deadlines"][str(seat)] >= asked + TURN_MS, "back: the table's turn time from then"
            turn = view["turns"][str(seat)]
            rolled_at = int(time.time() * 1000)
            await idle.move(table, turn, {"type": "roll", "hold": []})
            view = await idle.wait_for(table, lambda v: v["turns"].get(str(seat)) not in (None, turn))
            assert view["deadlines"][str(seat)] >= rolled_at + TURN_MS, "each decision of the turn has the turn time"
            assert view["timeouts"][seat] == 0 and not view["seats"][seat]["away"]
        finally:
            bo_plays.cancel()


async def test_a_seat_is_away_in_every_version_a_bot_plays_it(lobby_factory):
    """Issue #15 (seen once at 390x844): the log named a seat's moves "a bot
    played for you" while its header said "time's up", not "away", and the
    away bar was hidden.  Every version whose events have a bot's move for
    a person's seat (``timeout`` with ``bot``) shows that seat away, and the
    version of the timeout that made it away (the ``away_after``-th in a row)
    shows it away already: the page never has a bot move without the bar."""
    proc = lobby_factory(prefix="awayver", env={"LOBBY_AWAY_AFTER": "2"})
    async with connected(proc.ws, ["Idle", "Bo"]) as (idle, bo):
        idle.keep_frames = True
        table = await seated([idle, bo], "yahtzee", seats=2, turn_ms=1000, games=1)
        bo_plays = asyncio.create_task(bo.play(table, random.Random(2)))
        try:
            seat = idle.tables[table].seat
            await idle.wait_for(table, lambda v: sum(1 for e in v["events"] if e.get("type") == "timeout" and e.get("bot") and e["seat"] == seat) > 0, timeout=30)
        finally:
            bo_plays.cancel()
        timed_out = 0
        bot_versions = 0
        for _, view in replayed(idle.frames, table):
            for ev in view["events"]:
                if ev.get("type") != "timeout" or ev["seat"] != seat:
                    continue
                if ev["bot"]:
                    bot_versions += 1
                    assert view["seats"][seat]["away"], "a bot played a seat the view does not show away"
                else:
                    timed_out += 1
                    assert view["seats"][seat]["away"] == (timed_out >= 2), "away from the second timeout in a row on"
        assert timed_out == 2 and bot_versions >= 1
