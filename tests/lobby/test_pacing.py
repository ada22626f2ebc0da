"""Pacing: bots take a human-like time, and a result stays on show before
the next turn's clock starts (``LOBBY_BOT_PACE``, ``LOBBY_RESULT_PAUSE_MS``;
both off in the rest of the suite and in the benchmarks)."""

from __future__ import annotations

import asyncio
import random
import re
import statistics
from pathlib import Path

import engines
from engines import six_nimmt
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
    proc = lobby_factory(env={"LOBBY_RESULT_PAUSE_MS": "1500", "LOBBY_BOT_PACE": "1"})
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
                # a turn's deadline with no pause is at most its turn time after the commit (the frame's
                # now is later): held, it lies further (the pause, less the frame's delivery)
                assert all(due > frame["now"] + 20_000 for due in view["deadlines"].values()), (frame["now"], view["deadlines"])
                held += 1
        assert held >= 1, "a round ended with the game going on"


SIX = engines.get("six_nimmt")
#: the page's placing figures (static/games/six_nimmt.js)
SIX_JS = (Path(__file__).resolve().parents[2] / "static" / "games" / "six_nimmt.js").read_text(encoding="utf-8")


def test_the_server_places_a_reveal_with_the_page_s_figures():
    """The pause after a reveal covers the page's placing only while both
    sides hold the same figures: a card's flight and the flip before."""
    page = {name: int(ms) for name, ms in re.findall(r"\nconst (FLY_MS|FLIP_MS) = (\d+);", SIX_JS)}
    assert page == {"FLY_MS": six_nimmt.PLACE_MS, "FLIP_MS": six_nimmt.FLIP_MS}, page


def _placing(doc: tables.TableDoc, now: int, rng: random.Random) -> tuple[tables.Change, int]:
    """Play 6 Nimmt! (every seat picks the engine's bot card, a row choice
    the cheapest row) until a change places cards: (that change, its time)."""
    while True:
        now += 10
        seat = SIX.to_act(doc["state"])[0]
        mv = SIX.bot_move(SIX.view(doc["state"], seat), seat, rng)
        change = tables.move(doc, doc["seats"][seat]["pid"], tables.turn_id(doc, seat), mv, now)
        if any(e["type"] in ("placed", "row_choice") for e in change.doc["events"]):
            return change, now
        doc = change.doc


def test_a_six_nimmt_reveal_holds_every_clock_until_its_cards_are_placed():
    """After a reveal the pick clocks start once the page has placed the
    cards (the flip, 400 ms a card, half a flight more after a row take),
    or after the result pause if that is longer; after a row choice the
    rest of the reveal's cards are placed before the clocks start (they
    once started at once, taking ~1.5 s of every clock)."""
    doc = seated("six_nimmt", 4, "abcd", pause_ms=1_500)
    rng = random.Random(5)
    seen = {"reveal": 0, "row_choice": 0}
    for _ in range(40):
        change, now = _placing(doc, 100 if not seen["reveal"] else now, rng)
        events = change.doc["events"]
        placed = [e for e in events if e["type"] == "placed"]
        revealed = any(e["type"] == "revealed" for e in events)
        shown = (six_nimmt.FLIP_MS if revealed else 0) + len(placed) * six_nimmt.PLACE_MS + (200 if placed and placed[-1]["took"] else 0)
        assert SIX.shown_ms(events) == shown
        held = max(1_500 if revealed else 0, shown)
        if change.doc["status"] == tables.Status.PLAYING:
            assert [due for _, due in change.doc["deadlines"].values()] == [now + held + 5_000] * len(change.doc["deadlines"]), (events, held)
        seen["reveal" if revealed else "row_choice"] += 1
        if revealed and len(placed) == 4:
            assert held == 220 + 1_600 + (200 if placed[-1]["took"] else 0) > 1_500
        if seen["row_choice"] and seen["reveal"] >= 5 or change.doc["status"] != tables.Status.PLAYING:
            break
        doc = change.doc
    assert seen["row_choice"] >= 1, "a row was chosen and the rest of its reveal placed"


async def test_a_live_six_nimmt_table_holds_its_clocks_while_a_reveal_is_placed(lobby_factory):
    """Three people play a round of 6 Nimmt! (result pause 100 ms): every
    change that places cards starts the clocks as long after it as the
    page places them (not 100 ms, nor at once after a row choice)."""
    proc = lobby_factory(env={"LOBBY_RESULT_PAUSE_MS": "100"})
    async with connected(proc.ws, ["Ann", "Bo", "Cy"]) as players:
        ann = players[0]
        ann.keep_frames = True
        table = (await ann.open("six_nimmt", seats=3, turn_ms=20_000, options={"end_threshold": 1}, games=1)).table_id
        for p in players[1:]:
            await p.join(table)
        await ann.wait_for(table, playing)
        await asyncio.gather(*(p.play(table, random.Random(i), timeout=120) for i, p in enumerate(players)))
        held = []
        for frame, view in replayed(ann.frames, table):
            events = view.get("events") or []
            if frame["t"] == "delta" and view["status"] == "playing" and any(e.get("type") == "placed" for e in events):
                # each clock starts this long after the frame was sent: the commit's pause less the time to send it
                shown = SIX.shown_ms(events)
                for due in view["deadlines"].values():
                    assert shown - 300 < due - 20_000 - frame["now"] <= shown, (shown, due - 20_000 - frame["now"], events)
                held.append(shown)
        assert held and min(held) >= 400, held
