"""A turn's deadline fires on time however long the timer poll: each lobby
process sleeps until the earliest timer it knows of (the earliest in Redis at
its last look, or one it wrote since), and ``LOBBY_TIMER_POLL_MS`` only caps
how long it goes without looking (for a timer another process wrote)."""

from __future__ import annotations

from .support import connected, playing, seated


async def test_deadlines_fire_on_time_with_a_minute_long_timer_poll(lobby_factory):
    proc = lobby_factory(prefix="tmwake", env={"LOBBY_TIMER_POLL_MS": "60000"})
    async with connected(proc.ws, ["Ann", "Bo"]) as (ann, bo):
        table = await seated([ann, bo], "sibala", seats=2, turn_ms=1000, options={"rounds": 1})
        start = await ann.wait_for(table, playing)
        first = start["to_act"]
        # nobody moves: the first turn's deadline plays for its seat (the
        # deadline written by the commit that started the game), then the
        # next turn's (written by the timer's own commit): two timeouts in a
        # few seconds, where a poll of a minute would have waited a minute
        timed_out = lambda v: [e["seat"] for e in v["events"] if e.get("type") == "timeout"]  # noqa: E731
        after_first = await ann.wait_for(table, lambda v: bool(timed_out(v)), timeout=8)
        assert timed_out(after_first) == first, after_first["events"]
        second = await ann.wait_for(table, lambda v: bool(timed_out(v)) and timed_out(v) != first, timeout=8)
        assert set(timed_out(second)).isdisjoint(first), second["events"]
