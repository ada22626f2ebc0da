"""Back means the timeout count starts again (a fresh English pass at
390x844, 6 Nimmt! with 2 bots, 5 s turns: timed out twice, away, pressed
"I'm back", the away bar went; one missed turn later a bot played turns 4,
5, 6 for the seat, and in another game turns 4-8).  RULES.md: away only
after two timeouts in a row.  Over real websockets, in every game a person
can play alone with bots: two timeouts mark the seat away; after ``back``
one timeout leaves it a person's seat, the second in a row marks it away.
A plain back passed this in every game; what failed was 6 Nimmt!'s back
in the turn that made the seat away, with its row choice still to make
(``test_tables.test_back_in_the_turn_that_made_the_seat_away_counts_that_turn_no_more``)."""

from __future__ import annotations

import pytest

from .support import connected, replayed

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

GAMES = {
    "sibala": {"rounds": 6},
    "yahtzee": {},
    "shut_the_box": {"rounds": 6},
}  # stud: bots sit only where no coins move


def _own_timeouts(view, seat):
    """This version's timeout events of ``seat``: the clock's (False) or a bot's (True)."""
    return [e["bot"] for e in view["events"] if e.get("type") == "timeout" and e["seat"] == seat]


# 6 Nimmt! is left to tests/lobby/test_tables.py's unit test: a forced pick
# below every row adds a forced row choice to the same turn, which a live
# table's random deal makes happen or not (a full run saw it fail so)
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_one_timeout_after_back_is_not_away_two_are(game, lobby_factory):
    proc = lobby_factory(prefix=f"awayback{game[:3]}", env={"LOBBY_AWAY_AFTER": "2", "LOBBY_BOT_DELAY_MS": "150"})
    async with connected(proc.ws, ["Idle"]) as (idle,):
        idle.keep_frames = True
        tv = await idle.open(game, seats=3, bots=True, games=1, turn_ms=1000, options=GAMES[game])
        table = tv.table_id
        await idle.request({"t": "start", "table": table})
        await idle.wait_for(table, lambda v: v["status"] != "waiting", timeout=15)
        seat = idle.tables[table].seat
        await idle.wait_for(table, lambda v: v["seats"][seat]["away"] or v["status"] != "playing", timeout=30)
        await idle.request({"t": "back", "table": table})
        await idle.wait_for(table, lambda v: not v["seats"][seat]["away"] or v["status"] != "playing", timeout=10)
        await idle.wait_for(table, lambda v: v["seats"][seat]["away"] or v["status"] != "playing", timeout=30)
        clock = 0  # the clock's timeouts since back
        backed = False
        for _, v in replayed(idle.frames, table):
            if any(e.get("type") == "back" for e in v["events"]):
                backed, clock = True, 0
                continue
            if not backed or v["status"] != "playing" and not _own_timeouts(v, seat):
                continue
            kinds = _own_timeouts(v, seat)
            if False in kinds:
                clock += 1
                assert v["seats"][seat]["away"] == (clock >= 2), f"after back, timeout {clock}: away only from the second in a row"
                if clock == 2:
                    break
            elif True in kinds:
                assert clock >= 2, "a bot played the seat after back with fewer than two timeouts in a row"
        assert backed and clock == 2, f"the game ran out before two timeouts after back ({clock})"
