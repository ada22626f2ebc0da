"""Pacing: bots take a human-like time, and a result stays on show before
the next turn's clock starts (``LOBBY_BOT_PACE``, ``LOBBY_RESULT_PAUSE_MS``;
both off in the rest of the suite and in the benchmarks)."""

from __future__ import annotations

import asyncio
import random
import statistics

import engines
from lobby import tables
from lobby.tables.play import RESULT_EVENTS, bot_wait

from .support import connected, playing, replayed
from .test_tables import SEED, seated

SIBALA = engines.get("sibala")


def _until_result(doc: tables.TableDoc) -> tuple[tables.TableDoc, tables.Change, int]:
    """Roll Sibala turns until a move shows a result: (doc before, change, time)."""
    now = 100
    while True:
        now += 10
        (seat,) = SIBALA.to_act(doc["state"])
        change = tables.move(doc, doc["seats"][seat]["pid"], tables.turn_id(doc, seat), {"type": "roll"}, now)
        if any(e.get("type") in RESULT_EVENTS for e in change.doc["events"]):
            return doc, change, now
        doc = change.doc


def test_a_result_holds_the_next_turn_s_clock_for_the_pause():
    _, change, now = _until_result(seated("sibala", 2, "ab", options={"rounds": 3}, pause_ms=1_500))
    assert change.doc["status"] == tables.Status.PLAYING
    assert [due for _, due in change.doc["deadlines"].values()] == [now + 1_500 + 5_000]
    # a move without a result starts the next clock at once
    doc = seated("sibala", 2, "ab", options={"rounds": 3}, pause_ms=1_500)
    (seat,) = SIBALA.to_act(doc["state"])
    rolled = tables.move(doc, doc["seats"][seat]["pid"], tables.turn_id(doc, seat), {"type": "roll"}, 10)
    assert not any(e.get("type") in RESULT_EVENTS for e in rolled.doc["events"]), "a round's first roll ends nothing"
    assert [due for _, due in rolled.doc["deadlines"].values()] == [10 + 5_000]


def test_without_a_pause_a_result_starts_the_next_clock_at_once():
    _, change, now = _until_result(seated("sibala", 2, "ab", options={"rounds": 3}))
    assert [due for _, due in change.doc["deadlines"].values()] == [now + 5_000]


def test_a_bot_s_time_is_the_table_s_delay_unless_paced():
    doc = seated("six_nimmt", 3, "abc", bot_delay_ms=700)
    (tid,) = {entry[0] for entry in doc["deadlines"].values()}
    assert bot_wait(doc, 0, tid) == 700
    paced = dict(doc, bot_pace=True)
    waits = [bot_wait(paced, seat, tid) for seat in range(3)]
    assert waits == [bot_wait(paced, seat, tid) for seat in range(3)], "the same doc gives the same time"
    assert all(0.75 * 700 * 1.2 <= w <= 1.25 * 700 * 3 for w in waits)


def test_a_paced_bot_takes_longer_over_more_choices():
    six = dict(seated("six_nimmt", 3, "abc", bot_delay_ms=700), bot_pace=True)  # a pick among 10 cards
    sibala = dict(seated("sibala", 3, "abc", bot_delay_ms=700), bot_pace=True)  # a roll, the only move
    many = [bot_wait(dict(six, id=f"t{i}"), 0, "r0.p") for i in range(200)]
    one = [bot_wait(dict(sibala, id=f"t{i}"), 0, "r0.s0") for i in range(200)]
    assert statistics.mean(many) > 2 * statistics.mean(one)
    assert 700 * 1.2 * 0.75 <= min(one) and max(one) <= 700 * 1.2 * 1.25
    assert len(set(one)) > 50, "times spread, not one figure"


def test_the_clock_s_bot_moves_wait_for_the_pause_after_a_result():
    """Bots played by the timer (``tables.due``): after a bot's move shows a
    result, the next bot's deadline is the pause plus its own time later."""
    doc = tables.new_table("t", "sibala", now=0, seats=2, turn_ms=5_000, bots=True, bot_delay_ms=100, pause_ms=1_000, options={"rounds": 3})
    doc = tables.join(doc, "a", "A", None, 0, SEED, {"balances": {"a": 0}}).doc
    doc = tables.begin(doc, 0, SEED, fill_bots=True, ctx={"balances": {"a": 0}}).doc
    rng = random.Random(3)
    now = 0
    for _ in range(200):
        human = [s for s in SIBALA.to_act(doc["state"]) if not doc["seats"][s]["bot"]]
        if doc["status"] != tables.Status.PLAYING:
            break
        if human:
            (seat,) = human
            change = tables.move(doc, "a", tables.turn_id(doc, seat), {"type": "roll"}, now)
        else:
            now = min(due for _, due in doc["deadlines"].values())
            change = tables.due(doc, now, SEED, rng, {"balances": {}, "present": set()})
        if any(e.get("type") in RESULT_EVENTS for e in change.doc["events"]) and change.doc["status"] == tables.Status.PLAYING:
            (seat,) = SIBALA.to_act(change.doc["state"])
            (tid, due), = change.doc["deadlines"].values()
            wait = 100 if change.doc["seats"][seat]["bot"] else 5_000
            assert due == now + 1_000 + wait
            return
        doc = change.doc
    raise AssertionError("no result came")


async def test_a_live_table_holds_its_clocks_after_a_result(lobby_factory):
    proc = lobby_factory(env={"LOBBY_RESULT_PAUSE_MS": "400", "LOBBY_BOT_PACE": "1"})
    async with connected(proc.ws, ["Ann", "Bo"]) as (ann, bo):
        ann.keep_frames = True
        table = (await ann.open("sibala", seats=2, turn_ms=20_000, options={"rounds": 2}, games=1)).table_id
        await bo.join(table)
        await ann.wait_for(table, playing)
        await asyncio.gather(*(p.play(table, random.Random(i), timeout=60) for i, p in enumerate((ann, bo))))
        held = 0
        view = None
        for frame, view in replayed(ann.frames, table):
            shown = [e for e in view.get("events") or [] if e.get("type") in RESULT_EVENTS]
            if shown and view["status"] == "playing" and frame["t"] == "delta":
                assert all(due >= frame["now"] + 400 for due in view["deadlines"].values()), view["deadlines"]
                held += 1
        assert held >= 1, "a round ended with the game going on"
