"""Skill-matched quick play: the band schedule, when a table opened apart
starts, and four waiting players of whom the two closest are seated together."""

from __future__ import annotations

import math

from lobby import matching
from lobby.store import connect

from .support import connected


def test_the_band_widens_with_the_tables_age_to_anyone_by_three_quarters_of_the_wait():
    wait = 8000
    assert [matching.band(age, wait) for age in (0, 1999, 2000, 3999, 4000, 5999)] == [2, 2, 4, 4, 8, 8]
    assert matching.band(6000, wait) == math.inf == matching.band(60_000, wait)


def test_a_table_opened_apart_starts_before_the_tables_it_passed_over():
    now, wait = 100_000, 8000
    passed = [{"start_at": now + 5000}, {"start_at": now + 7000}]
    assert matching.start_at(now + wait, passed, now, wait) == now + 5000 - 1000
    assert matching.start_at(now + wait, [], now, wait) == now + wait
    assert matching.start_at(now + wait, [{"start_at": now + 300}], now, wait) == now, "never in the past"


async def test_quick_match_seats_the_two_closest_of_four_waiting_players(redis_server, lobby_factory):
    prefix = "skill"
    wait = 4000
    proc = lobby_factory(prefix=prefix, env={"LOBBY_QUICK_WAIT_MS": str(wait)})
    store = await connect(redis_server.url, prefix)
    try:
        mus = {"A": 10.0, "B": 40.0, "C": 25.0, "D": 12.0}  # A and D are the closest pair
        async with connected(proc.ws, list(mus)) as clients:
            for c, mu in zip(clients, mus.values()):
                pid = await store.session_player(c.token, 600)
                await store.set_player_fields(pid, {"sibala:rmu": round((mu - 25) * 1e6), "sibala:rated": 5})
            options = {"rounds": 1}
            seated = {}
            for name, c in zip(mus, clients):  # one after another, well within the narrowest band's quarter of the wait
                seated[name] = (await c.quick("sibala", options=options)).table_id
            assert seated["D"] == seated["A"], seated
            assert len({seated["A"], seated["B"], seated["C"]}) == 3, "B and C are out of every band: tables of their own"
            views = {name: await c.wait_for(seated[name], lambda v: True) for name, c in zip(mus, clients)}
            first = await store.load_room(seated["A"])
            assert views["A"]["start_at"] <= first[1]["created"] + wait
            # the tables opened apart start before the one they passed over (nobody waits past the quick wait)
            assert views["B"]["start_at"] <= views["A"]["start_at"] - wait // 8
            assert views["C"]["start_at"] <= views["B"]["start_at"] - wait // 8
    finally:
        await store.aclose()
