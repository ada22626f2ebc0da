"""6 Nimmt! over real websockets: ten players at once, a player who never
picks (timeouts, then away and played by a bot), and a spectator who never
learns a pick before the reveal."""

from __future__ import annotations

import asyncio
import random
import re

import pytest

from lobby import replay
from lobby.client import LobbyRefused
from lobby.store import connect

from .support import api, connected, polled, replayed, seated
from .test_timeout_events_live import timeout_seen, timeouts

pytestmark = pytest.mark.waits  # mostly real-time waits (live games on turn clocks): run beside other workers' CPU-bound tests (tests/scheduling.py)


async def test_ten_clients_play_a_whole_game_watched(lobby):
    async with connected(lobby.ws, [*(f"P{i}" for i in range(10)), "Spec"]) as (*clients, spec):
        tv = await clients[0].open("six_nimmt", seats=10, turn_ms=10000, options={"end_threshold": 10}, games=1)
        table = tv.table_id
        spec.keep_frames = True
        await spec.watch(table)
        for c in clients[1:]:
            await c.join(table)
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=120) for i, c in enumerate(clients)))
        final = finals[0]
        assert final["status"] == "finished"
        scores = final["result"]["scores"]
        assert max(scores) > 10, "the game ends after the round in which someone exceeds the threshold"
        assert final["result"]["winners"] == [s for s, v in enumerate(scores) if v == min(scores)]
        assert final["timeouts"] == [0] * 10
        # the spectator: never a hand or a pick, only who has picked
        for _, view in replayed(spec.frames):
            state = view["state"]
            if state is None:
                continue
            assert state["hand"] is None and state["my_pick"] is None
            assert all(isinstance(p, bool) for p in state["picked"])
            for event in view["events"]:
                if event.get("type") == "picked":
                    assert set(event) <= {"type", "seat"}, event
        assert view["result"] == final["result"]


async def test_a_player_who_never_picks_goes_away_and_comes_back(lobby):
    async with connected(lobby.ws, ["Idle", "A0", "A1"]) as (idle, *active):
        table = await seated([idle, *active], "six_nimmt", seats=3, turn_ms=1000, options={"end_threshold": 1}, games=1)
        plays = [asyncio.create_task(c.play(table, random.Random(i), timeout=120)) for i, c in enumerate(active)]
        # two timeouts in a row mark the idle seat away: a bot plays it from then on
        away = await idle.wait_for(table, lambda v: v["seats"][0]["away"], timeout=30)
        assert away["timeouts"][0] >= 2
        # the player comes back by acting
        await idle.request({"t": "back", "table": table})
        back = await idle.wait_for(table, lambda v: not v["seats"][0]["away"] or v["status"] != "playing")
        assert back["timeouts"][0] == 0 or back["status"] != "playing"
        await idle.play(table, random.Random(9), timeout=120)
        finals = await asyncio.gather(*plays)
        assert finals[0]["status"] == "finished"
        store = await connect(lobby.redis_url, "lobby")
        try:
            log = await store.room_log(table)
        finally:
            await store.redis.aclose()
        forced = [m for r in log if r.get("kind") == "forced" for m in r["timeouts"]]
        assert forced.count(0) >= 2, "the idle seat's first moves were forced by timeouts"
        report = replay.verify(log)
        assert report and all(r["seed_ok"] and r["result_ok"] for r in report)


async def _play_high(c, table: str) -> None:
    """Play ``c``'s seat at once, until the game is over: the highest card
    each pick (so an idle seat's forced lowest pick is the one below the
    rows), the cheapest row when a row is its to take."""
    seat, sent = c.tables[table].seat, set()
    while True:
        v = await c.wait_for(table, lambda v: v["status"] != "playing" or v["turns"].get(str(seat)) not in (None, *sent), timeout=60)
        if v["status"] != "playing":
            return
        turn = v["turns"][str(seat)]
        sent.add(turn)
        s = v["state"]
        mv = {"type": "pick", "card": max(s["hand"])} if s["phase"] == "pick" else {"type": "choose_row", "row": s["cheapest_row"]}
        try:
            await c.move(table, turn, mv)
        except LobbyRefused:
            pass


async def test_a_turn_whose_pick_and_row_choice_both_run_out_counts_once(lobby_factory):
    """One slow turn is one timeout: a row choice forced right after the same
    turn's forced pick (the pick was below every row) does not count again,
    so it cannot mark the seat away on its own (RULES.md: twice in a row)."""
    proc = lobby_factory(prefix="snonce", env={"LOBBY_AWAY_AFTER": "0"})  # never away: the count itself is read
    async with connected(proc.ws, ["Idle", "Bo", "Cy"]) as (idle, bo, cy):
        idle.keep_frames = True
        table = await seated([idle, bo, cy], "six_nimmt", seats=3, turn_ms=1000, games=1)
        players = [asyncio.create_task(_play_high(c, table)) for c in (bo, cy)]
        try:
            chosen = await timeout_seen(idle, table, lambda e: e["seat"] == 0 and e["moves"][0]["type"] == "choose_row", timeout_s=90)
            event, view = chosen[0]
            assert event["bot"] is False
            picks = [e for e, v in timeouts(idle, table) if e["seat"] == 0 and e["moves"][0]["type"] == "pick"]
            assert view["timeouts"][0] == len(picks), "the forced row choice belongs to the forced pick's turn: counted once"
        finally:
            for t in players:
                t.cancel()
            await asyncio.gather(*players, return_exceptions=True)


async def test_a_row_choice_after_a_forced_low_pick_gets_a_whole_turn(lobby_factory):
    """When the clock plays my lowest card and it is below every row, the
    row is still mine to choose, with a whole turn for it (docs/play.md,
    6 Nimmt!: the table takes the row only if that time runs out too): its
    deadline is ``turn_ms`` after the forced pick was played, not what was
    left of the pick's turn (a fresh pass saw 3.2 s a few seconds in)."""
    turn_ms = 1000  # the sibling tests' turn: a forced pick below every row came after 20 turns once
    proc = lobby_factory(prefix="snrow", env={"LOBBY_AWAY_AFTER": "0"})
    async with connected(proc.ws, ["Idle", "Bo", "Cy"]) as (idle, bo, cy):
        idle.keep_frames = True
        table = await seated([idle, bo, cy], "six_nimmt", seats=3, turn_ms=turn_ms, games=1)
        players = [asyncio.create_task(_play_high(c, table)) for c in (bo, cy)]
        try:
            # the version in which the clock played Idle's pick and left it a row to choose
            def low_pick(v):
                return v["status"] == "playing" and 0 in v["to_act"] and v["state"]["phase"] == "choose" and any(
                    e.get("type") == "timeout" and e["seat"] == 0 and e["moves"][0]["type"] == "pick" for e in v["events"]
                )

            async def read():
                frames = list(replayed(idle.frames, table))
                return [(prev, v) for (_, prev), (_, v) in zip(frames, frames[1:]) if low_pick(v)]

            (before, view), *_ = await polled(read, bool, 90)
            pick_due = before["deadlines"][str(0)]
            row_due = view["deadlines"][str(0)]
            assert row_due - pick_due >= turn_ms, f"the forced row choice got {row_due - pick_due} ms, not a whole turn ({turn_ms} ms)"
        finally:
            for t in players:
                t.cancel()
            await asyncio.gather(*players, return_exceptions=True)


async def test_a_changed_pick_is_never_shown_to_another_seat_and_the_reveal_plays_it(lobby):
    """A seat picks, changes its pick, and the reveal plays the second card:
    the other seat and a spectator (every frame, snapshot or delta) and the
    table list never see either card before the reveal."""
    async with connected(lobby.ws, ["Ann", "Bo", "Spec"]) as (ann, bo, spec):
        bo.keep_frames = spec.keep_frames = True  # from the first snapshot on
        table = await seated([ann, bo], "six_nimmt", seats=2, turn_ms=60000, options={"end_threshold": 1}, games=1)
        await spec.watch(table)
        view = await ann.wait_for(table, lambda v: v["state"] is not None and 0 in v["to_act"])
        turn = view["turns"]["0"]
        first, second = view["state"]["hand"][:2]
        await ann.move(table, turn, {"type": "pick", "card": first})
        picked = await ann.wait_for(table, lambda v: v["state"]["my_pick"] == first)
        assert picked["to_act"] == [1], "nobody waits for a seat that has picked"
        await ann.move(table, turn, {"type": "pick", "card": second})  # the same turn id: a change
        changed = await ann.wait_for(table, lambda v: v["state"]["my_pick"] == second)
        assert first in changed["state"]["hand"] and second not in changed["state"]["hand"]
        status, listing = await api(lobby.http, "GET", "/api/tables")
        line = next(t for t in listing if t["id"] == table)  # the table list: who sits, never a state
        assert status == 200 and not {"state", "picks", "my_pick", "hand"} & set(line), line
        await bo.wait_for(table, lambda v: v["state"]["picked"] == [True, False])
        await spec.wait_for(table, lambda v: v["state"]["picked"] == [True, False])
        before_reveal = {id(f) for c in (bo, spec) for f in c.frames}
        bo_turn = (await bo.wait_for(table, lambda v: 1 in v["to_act"]))["turns"]["1"]
        await bo.move(table, bo_turn, {"type": "pick", "card": min(bo.tables[table].view["state"]["hand"])})
        revealed = await spec.wait_for(table, lambda v: v["state"]["last_reveal_at"] == {"round": 0, "turn": 0})
        assert {"seat": 0, "card": second} in [{"seat": e["seat"], "card": e["card"]} for e in revealed["state"]["last_reveal"]]
        for client in (bo, spec):
            frames = [f for f in client.frames if id(f) in before_reveal]
            assert frames, "frames were kept"
            for frame, view in replayed(frames, table):
                state = view["state"]
                if state is None:
                    continue
                assert state["my_pick"] is None and state["last_reveal"] == []
                assert first not in (state["hand"] or []) and second not in (state["hand"] or [])
                for event in view["events"]:
                    assert event["type"] != "revealed" and (event["type"] != "picked" or set(event) == {"type", "seat"}), event
                    assert event.get("type") != "timeout", event
                raw = str(frame.get("patch", frame.get("view")))
                assert not re.search(rf"'(card|my_pick)': ({first}|{second})\b", raw), raw
