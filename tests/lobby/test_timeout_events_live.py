"""Timeouts are said: when a deadline plays for a seat, the version's public
``events`` carry ``{"type": "timeout", "seat", "bot", "moves"}`` with what
was played, as public as the game allows (6 Nimmt!: a pick stays hidden
until the reveal), over real websockets; bots' own seats are never timed out."""

from __future__ import annotations

import random
from typing import Any

import engines
from lobby.client import LobbyClient, LobbyRefused

from .support import connected, playing, polled, replayed, seated


def timeouts(client: LobbyClient, table: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``(event, view)`` of every ``timeout`` event in the client's kept frames."""
    return [(e, view) for _, view in replayed(client.frames, table) for e in view["events"] if e.get("type") == "timeout"]


async def timeout_seen(client: LobbyClient, table: str, match, timeout_s: float = 10.0) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The client's timeout events that ``match``, read until there is one."""

    async def read():
        return [(e, v) for e, v in timeouts(client, table) if match(e)]

    return await polled(read, bool, timeout_s)


async def act_while(client: LobbyClient, table: str, seat: int, going, rng: random.Random) -> dict[str, Any]:
    """Play ``seat`` with the engine's bot while ``going(view)``; the view that ended it."""
    sent: set[str] = set()
    while True:
        view = await client.wait_for(table, lambda v: not going(v) or v["turns"].get(str(seat)) not in (None, *sent), timeout=20)
        if not going(view):
            return view
        turn = view["turns"][str(seat)]
        sent.add(turn)
        try:
            await client.move(table, turn, engines.get("six_nimmt").bot_move(view["state"], seat, rng))
        except LobbyRefused:
            pass  # the turn moved on meanwhile: the next view decides


async def test_six_nimmt_timeout_says_the_card_only_once_it_is_revealed(lobby_factory):
    proc = lobby_factory(prefix="tosix", env={"LOBBY_AWAY_AFTER": "1"})
    async with connected(proc.ws, ["Idle", "Bo", "Cy", "Spec"]) as (idle, bo, cy, spec):
        for c in (idle, bo, cy, spec):
            c.keep_frames = True
        table = await seated([idle, bo, cy], "six_nimmt", seats=3, turn_ms=1500, games=1)
        await spec.watch(table)
        start = await idle.wait_for(table, playing)
        lowest = min(start["state"]["hand"])
        first_turn = lambda v: v["status"] == "playing" and (v["state"]["round"], v["state"]["turn"]) == (0, 0)  # noqa: E731
        # Bo and Cy pick at once; Idle's deadline picks its lowest card, the last pick: revealed in the same commit
        for c in (bo, cy):
            await act_while(c, table, c.tables[table].seat, lambda v: first_turn(v) and not v["state"]["picked"][v["state"]["seat"]], random.Random(1))
        forced = await timeout_seen(spec, table, lambda e: e["seat"] == 0 and not e["bot"])
        event, view = forced[0]
        assert event == {"type": "timeout", "seat": 0, "bot": False, "moves": [{"type": "pick", "card": lowest}]}
        assert any(r["seat"] == 0 and r["card"] == lowest for r in view["state"]["last_reveal"]), "the card is public by now"
        assert view["timeouts"][0] == 1
        # one timeout marks Idle away (LOBBY_AWAY_AFTER=1): next turn a bot picks for it at once, before the others
        hidden = await timeout_seen(spec, table, lambda e: e["seat"] == 0 and e["bot"] and e["moves"][0]["type"] == "pick")
        event, view = hidden[0]
        assert event == {"type": "timeout", "seat": 0, "bot": True, "moves": [{"type": "pick"}]}, "a card was chosen for you: not which"
        assert view["state"]["picked"][0] and not view["state"]["picked"][1]
        own = await idle.wait_for(table, lambda v: v["state"]["my_pick"] is not None)
        assert own["state"]["my_pick"] in start["state"]["hand"], "the seat's own view says which"
        for c in (idle, bo, cy, spec):  # nobody was told the card before the reveal
            for e, v in timeouts(c, table):
                if e["moves"] and e["moves"][0]["type"] == "pick" and "card" in e["moves"][0]:
                    assert any(r["seat"] == e["seat"] and r["card"] == e["moves"][0]["card"] for r in v["state"]["last_reveal"])


async def test_yahtzee_timeout_names_the_category_spent_and_bots_are_never_timed_out(lobby_factory):
    proc = lobby_factory(prefix="toyz")
    async with connected(proc.ws, ["Ann"]) as (ann,):
        ann.keep_frames = True
        tv = await ann.open("yahtzee", seats=2, turn_ms=1000, bots=True, games=1)
        await ann.request({"t": "start", "table": tv.table_id})
        table = tv.table_id
        view = await ann.wait_for(table, playing)
        me = ann.tables[table].seat
        forced = await timeout_seen(ann, table, lambda e: True)
        event, after = forced[0]
        assert event["seat"] == me and event["bot"] is False
        roll, score = event["moves"]
        assert roll == {"type": "roll"} and score["type"] == "score"
        assert score["category"] in after["state"]["sheets"][me], "the category spent is the one on the score card"
        assert after["timeouts"][me] == 1
        await ann.wait_for(table, lambda v: v["state"]["sheets"][1 - me], timeout=10)  # the bot has scored too
        assert all(e["seat"] == me for e, _ in timeouts(ann, table)), "a bot's seat is never timed out"
        assert view["seats"][1 - me]["bot"]


async def test_stud_timeout_says_you_folded(lobby_factory):
    proc = lobby_factory(prefix="tostud")
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        for c in cs:
            c.keep_frames = True
        table = await seated(cs, "stud", seats=2, turn_ms=1000, options={"tier": "casual"}, games=1)
        view = await cs[0].wait_for(table, playing)
        first = view["to_act"][0]
        forced = await timeout_seen(cs[1 - first], table, lambda e: True)
        event, after = forced[0]
        assert event == {"type": "timeout", "seat": first, "bot": False, "moves": [{"type": "fold"}]}
        assert after["state"]["players"][first]["folded"]
