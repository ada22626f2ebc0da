"""A move frame from an earlier game of a table never plays in a later one.

Seen (a hostile pass): turn ids named only the engine's decision, so they
repeated from game to game of one table (stud ``g.d2.a0.s1``, sibala
``r0.s0``); seat 1's game-1 frame ``{"turn": "g.d2.a0.s1", "move": {"type":
"fold"}}`` sent again during game 4 got ``ok`` and seat 1 folded.  What
must hold: every turn id a seat was given in game 1, sent again at each of
that seat's decisions in later games, is refused ``turn_over`` and changes
nothing (the table's version stays).  Over real websockets, a real lobby
process and redis-server.
"""

from __future__ import annotations

import random

import pytest

import engines
from lobby.client import LobbyClient, LobbyRefused

from .support import connected, seated


async def play_game(cs: list[LobbyClient], table: str, game_no: int, stale: dict[int, set[str]], seen: dict[int, set[str]]) -> int:
    """Play game ``game_no`` of ``table`` with the engine's bot, one decision
    at a time; before each of a seat's moves, send every id in
    ``stale[seat]`` with that same move and check it is refused
    ``turn_over`` with the version unchanged.  Each turn id a seat is given
    is added to ``seen[seat]``.  Returns how many stale frames were sent."""
    by_seat = {c.tables[table].seat: c for c in cs}
    rng = random.Random(game_no)
    sent = 0
    view = await cs[0].wait_for(table, lambda v: v["game_no"] == game_no and v["status"] != "waiting", timeout=10)
    while view["status"] == "playing":
        seat = view["to_act"][0]
        mover = by_seat[seat]
        tv = mover.tables[table]
        view = await mover.wait_for(table, lambda v, n=cs[0].tables[table].version: tv.version >= n, timeout=5)
        turn = view["turns"][str(seat)]
        seen[seat].add(turn)
        move = engines.get(view["game"]).bot_move(view["state"], seat, rng)
        for old in sorted(stale.get(seat, ())):
            before = tv.version
            with pytest.raises(LobbyRefused) as refused:
                await mover.move(table, old, move)
            assert refused.value.code == "turn_over", (game_no, old, turn)
            assert tv.version == before, "a refused stale frame changes nothing"
            sent += 1
        version = (await mover.move(table, turn, move))["version"]
        view = await cs[0].wait_for(table, lambda v, n=version: cs[0].tables[table].version >= n, timeout=5)
    return sent


@pytest.mark.parametrize(("game", "options", "later"), [("sibala", {"rounds": 2}, 2), ("stud", {"tier": "casual"}, 4)])
async def test_a_turn_id_from_an_earlier_game_is_over(lobby_factory, game, options, later):
    """Sibala repeats its ids every game (each seat rolls each round), so
    game 2 alone met every game-1 id again; a 2-seat stud table meets
    some within a few games (its ``g.d<deal>.a<n>.s<seat>`` ids repeat)."""
    proc = lobby_factory(prefix=f"stale{game}", env={"LOBBY_READY_MS": "10000", "LOBBY_RATE_PER_S": "1000", "LOBBY_RATE_BURST": "1000"})  # many frames a second, on purpose
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        table = await seated(cs, game, seats=2, turn_ms=30000, options=options)
        first: dict[int, set[str]] = {0: set(), 1: set()}
        await play_game(cs, table, 1, {}, first)
        sent = 0
        for game_no in range(2, 2 + later):
            for c in cs:
                await c.request({"t": "ready", "table": table})
            sent += await play_game(cs, table, game_no, first, {0: set(), 1: set()})
        assert sent > 0
