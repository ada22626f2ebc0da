"""Mucked cards (issue 13, item 7): a stud hole card that was never shown
down stays hidden from everyone but its owner, in replays too, whatever
``seat=`` is asked; the revealed seed lets anyone recompute the deal
(docs/security.md says so)."""

from __future__ import annotations

import asyncio
import json
import random
import urllib.error
import urllib.request

import engines

from ..lobby.support import connected, seated
from .support import safe_move


def _get(url: str, token: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _frames_text(base: str, query: str, token: str | None = None) -> tuple[int, str, list]:
    """Status, the JSON text of every page of a replay's frames (or of the
    error) and the frames."""
    texts, frames, page, pages = [], [], 0, 1
    while page < pages:
        status, body = _get(f"{base}?page={page}{query}", token)
        if status != 200:
            return status, json.dumps(body), []
        texts.append(json.dumps(body))
        frames.extend(body["frames"])
        pages, page = body.get("pages", 1), page + 1
    return 200, "".join(texts), frames


async def test_a_hole_card_never_shown_down_stays_its_owners_in_replays(lobby):
    async with connected(lobby.ws, ["Ann", "Bob"]) as (ann, bob):
        table = await seated([ann, bob], "stud", seats=2, turn_ms=5000)
        holes, clients = {}, {}
        for c in (ann, bob):
            view = await c.wait_for(table, lambda v: v["status"] == "playing" and (v["state"]["you"] or {}).get("hole"))
            holes[c.tables[table].seat] = view["state"]["you"]["hole"]
            clients[c.tables[table].seat] = c
        view = await ann.wait_for(table, lambda v: bool(v["to_act"]))
        folder = view["to_act"][0]
        await clients[folder].move(table, view["turns"][str(folder)], {"type": "fold"})
        final = await ann.wait_for(table, lambda v: v["result"] is not None)
        assert final["state"]["showdown"] is None  # won by a fold: no card was shown down
        tokens = {seat: c.token for seat, c in clients.items()}

    base = f"{lobby.http}/api/tables/{table}/replay/1"
    quoted = {seat: json.dumps(card) for seat, card in holes.items()}  # '"Ah"': cards are unique
    # the public replay shows neither hole card, at any step
    status, text, _ = await asyncio.to_thread(_frames_text, base, "")
    assert status == 200 and not any(q in text for q in quoted.values())
    for seat in holes:
        other = 1 - seat
        # a seat's point of view: refused to anyone but its owner, whatever seat is asked
        for token in (None, tokens[other], "not-a-token"):
            status, text, _ = await asyncio.to_thread(_frames_text, base, f"&seat={seat}", token)
            assert status == 403 and json.loads(text)["code"] == "not_your_seat", (seat, token, text)
            assert not any(q in text for q in quoted.values())
        # its owner sees its own card, never the other one
        status, text, _ = await asyncio.to_thread(_frames_text, base, f"&seat={seat}", tokens[seat])
        assert status == 200 and quoted[seat] in text and quoted[other] not in text
    # the published record names no card, and tells each player which seat was theirs
    status, listing = await asyncio.to_thread(_get, f"{lobby.http}/api/tables/{table}/replay", tokens[folder])
    assert status == 200 and listing["yours"] == {"1": folder}
    assert not any(q in json.dumps(listing) for q in quoted.values())
    # but the revealed seed lets anyone recompute the deal (docs/security.md says so)
    record = listing["games"][0]
    state = engines.get("stud").initial_state(len(record["seats"]), record["options"], bytes.fromhex(record["seed"]), record["table"])
    assert {seat: state["hole"][seat] for seat in holes} == holes


async def test_hole_cards_shown_down_are_in_the_public_replay(lobby):
    """The other half of the rule: what was shown down is public, so the
    public replay is not simply blind to hole cards."""
    rng = random.Random(13)
    async with connected(lobby.ws, ["Cy", "Di"]) as (cy, di):
        table = await seated([cy, di], "stud", seats=2, turn_ms=5000)
        clients = {}
        for c in (cy, di):
            await c.wait_for(table, lambda v: v["status"] == "playing")
            clients[c.tables[table].seat] = c
        while True:  # check or call down to the showdown
            view = await cy.wait_for(table, lambda v: bool(v["to_act"]) or v["result"] is not None)
            if view["result"] is not None:
                break
            seat = view["to_act"][0]
            mover = clients[seat]
            own = await mover.wait_for(table, lambda v: v["to_act"] == [seat] and v["state"]["you"]["legal"] is not None)
            await mover.move(table, own["turns"][str(seat)], safe_move(own, seat, rng))
            await cy.wait_for(table, lambda v, turn=own["turns"][str(seat)]: v["turns"].get(str(seat)) != turn or v["result"] is not None)
        shown = {int(k): hand["cards"][0] for k, hand in view["state"]["showdown"]["hands"].items()}
    assert set(shown) == {0, 1}
    status, _, frames = await asyncio.to_thread(_frames_text, f"{lobby.http}/api/tables/{table}/replay/1", "")
    assert status == 200
    last = frames[-1]["view"]["players"]
    assert {p["seat"]: p["hole"] for p in last} == shown


async def test_a_bot_seat_s_point_of_view_is_nobody_s(lobby):
    """docs/security.md: a seat's point of view goes to its owner only, and
    bots' seats to nobody.  A bot seat has no owner, and neither has a
    request without a (valid) token: the two must not match.  Ann folds at
    once against a bot, so the bot's hole card is never shown down."""
    async with connected(lobby.ws, ["Ann"]) as (ann,):
        tv = await ann.open("stud", seats=2, bots=True, turn_ms=5000)
        table = tv.table_id
        await ann.request({"t": "start", "table": table})
        view = await ann.wait_for(table, lambda v: v["status"] == "playing" and (v["state"]["you"] or {}).get("hole"))
        mine = ann.tables[table].seat
        bot = 1 - mine
        view = await ann.wait_for(table, lambda v: v["to_act"] == [mine] or v["result"] is not None)
        if view["result"] is None:
            await ann.move(table, view["turns"][str(mine)], {"type": "fold"})
        final = await ann.wait_for(table, lambda v: v["result"] is not None)
        assert final["state"]["showdown"] is None
        token = ann.token
    record = (await asyncio.to_thread(_get, f"{lobby.http}/api/tables/{table}/replay", token))[1]["games"][0]
    state = engines.get("stud").initial_state(len(record["seats"]), record["options"], bytes.fromhex(record["seed"]), record["table"])
    hidden = json.dumps(state["hole"][bot])
    base = f"{lobby.http}/api/tables/{table}/replay/1"
    for who in (None, "not-a-token", token):
        status, text, _ = await asyncio.to_thread(_frames_text, base, f"&seat={bot}", who)
        assert status == 403 and json.loads(text)["code"] == "not_your_seat", (who, status, text[:200])
        assert hidden not in text
