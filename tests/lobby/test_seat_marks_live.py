"""Two different players never show the same name at one table: a name that
shares a name key with one the table already shows (the same name, another
case, a look-alike) sits with a mark ("Ana ②"), which every viewer, the
table list and the chat show alike; a bot never takes a name like a seated
player's.  Real process, real Redis, real websockets."""

from __future__ import annotations

import pytest

from lobby.protocol import name_keys, shown_name

from .support import api, connected, playing, polled

pytestmark = pytest.mark.timeout(120)


def _shown(view):
    return [shown_name(s["name"], s.get("mark", 0)) for s in view["seats"] if s]


def _apart(names):
    """Whether no two of ``names`` share a name key."""
    keys = [set(name_keys(n)) for n in names]
    return all(not keys[i] & keys[j] for i in range(len(keys)) for j in range(i))


async def test_two_guests_with_one_name_or_look_alikes_at_a_table_are_shown_apart_to_everyone(lobby_factory):
    """Two guests "Ana", a third "ΑΝΑ" (Greek capitals), a "Mira", a "Mı̇ra"
    (dotless ı, a dot above), a "Miˑra" (a modifier tick) and an "Ana 2"
    (whose keys are the mark ②'s: a name may not end in a number sign
    itself) at one table: the later ones sit marked, and a
    spectator, the table list and the chat show those marks."""
    proc = lobby_factory(prefix="seatmarks")
    names = ["Ana", "Ana 2", "Ana", "\u0391\u039d\u0391", "Mira", "M\u0131\u0307ra", "Bo", "Mi\u02d1ra"]
    async with connected(proc.ws, [*names, "Rail"]) as clients:
        *players, rail = clients
        tv = await players[0].open("six_nimmt", seats=8, turn_ms=300_000)
        table = tv.table_id
        for c in players[1:]:
            await c.join(table)
        await rail.watch(table)
        view = await rail.wait_for(table, lambda v: sum(1 for s in v["seats"] if s) == len(names))
        marks = [s.get("mark", 0) for s in view["seats"] if s]
        assert marks == [0, 0, 3, 4, 0, 2, 0, 3], view["seats"]
        # "Ana 2" (a name) has the keys of "Ana ②": the second Ana is ③, not ②
        assert _shown(view) == ["Ana", "Ana 2", "Ana ③", "ΑΝΑ ④", "Mira", "Mı̇ra ②", "Bo", "Miˑra ③"]
        assert _apart(_shown(view))
        # every seated player's view says the same
        for c in players:
            seen = await c.wait_for(table, lambda v: sum(1 for s in v["seats"] if s) == len(names))
            assert _shown(seen) == _shown(view)
        # the table list's line
        async def listed():
            return [t for t in (await api(proc.http, "GET", "/api/tables"))[1] if t["id"] == table]

        (line,) = await polled(listed, lambda found: bool(found) and sum(1 for s in found[0]["seats"] if s) == len(names))
        assert [s.get("mark", 0) for s in line["seats"] if s] == marks
        # a chat line of the second plain Ana names her as her seat does
        await players[2].request({"t": "chat", "table": table, "text": "hi"})
        lines = await rail.wait_chat(table, lambda ls: any(x["text"] == "hi" for x in ls))
        assert [x["name"] for x in lines if x["text"] == "hi"] == ["Ana ③"]


async def test_a_player_who_leaves_and_comes_back_beside_a_twin_gets_a_mark_and_the_twins_keeps_hers(lobby_factory):
    """Marks are given at join and kept while the player sits: the first Ana
    leaving does not rename the second, and coming back she is marked apart
    from both names shown."""
    proc = lobby_factory(prefix="seatmarks2")
    async with connected(proc.ws, ["Ana", "ana", "Rail"]) as (first, second, rail):
        table = (await first.open("six_nimmt", seats=5, turn_ms=300_000)).table_id
        await second.join(table)
        await first.request({"t": "leave", "table": table})
        await rail.watch(table)
        view = await rail.wait_for(table, lambda v: sum(1 for s in v["seats"] if s) == 1)
        assert _shown(view) == ["ana ②"]
        await first.join(table)
        view = await rail.wait_for(table, lambda v: sum(1 for s in v["seats"] if s) == 2)
        assert sorted(_shown(view)) == ["Ana", "ana ②"]


async def test_a_bot_never_sits_under_a_name_like_a_seated_players(lobby_factory):
    """Bots take bare names ("Ada", "Bao", ...); players named like one in
    another script, case, with a full stop or a mark ("Аԁа́" in Cyrillic
    with an acute, "BAO.", "C‐leo") see bots with other names, in their view and the game's
    players."""
    proc = lobby_factory(prefix="seatmarks3")
    async with connected(proc.ws, ["\u0410\u0501\u0430\u0301", "BAO.", "C\u2010leo"]) as clients:
        table = (await clients[0].open("sibala", seats=6, bots=True, turn_ms=300_000, options={"rounds": 1})).table_id
        for c in clients[1:]:
            await c.join(table)
        for c in clients:
            await c.request({"t": "start", "table": table})
        view = await clients[0].wait_for(table, playing)
        bots = [s["name"] for s in view["seats"] if s and s["bot"]]
        assert len(bots) == 3 and not {"Ada", "Bao", "Cleo"} & set(bots), view["seats"]
        assert _apart(_shown(view)) and _apart([p["name"] for p in view["players"]])



async def test_a_notice_names_a_marked_player_with_the_mark(lobby_factory):
    """Two "Ana"s at a table; the second does not press start in time and
    sits out: the notice names "Ana ②", not a bare "Ana" that reads as either."""
    proc = lobby_factory(prefix="seatmarks4", env={"LOBBY_READY_MS": "1500"})
    async with connected(proc.ws, ["Ana", "Ana", "Bo"]) as (first, second, bo):
        table = (await first.open("sibala", seats=4, turn_ms=300_000, options={"rounds": 1})).table_id
        for c in (second, bo):
            await c.join(table)
        for c in (first, bo):
            await c.request({"t": "start", "table": table})
        view = await first.wait_for(table, lambda v: bool(v["notices"]), timeout=20)
        assert [(n["name"], n["reason"]) for n in view["notices"]] == [("Ana ②", "sat_out")]


async def test_a_seated_player_renamed_like_another_chats_under_the_name_the_seat_shows(lobby_factory):
    """Bob, seated beside Ana, signs in again as "Ana": his seat keeps
    showing "Bob", and so do his chat lines (they once read "Ana", unmarked)."""
    from ..security.support import Raw

    proc = lobby_factory(prefix="seatmarks5")
    async with connected(proc.ws, ["Ana", "Bob", "Rail"]) as (ana, bob, rail):
        table = (await ana.open("sibala", seats=4, turn_ms=300_000)).table_id
        await bob.join(table)
        renamed = await Raw.connect(proc.ws, name="Ana", token=bob.token)  # a hello with a token and a new name
        try:
            assert (await renamed.request({"t": "join", "table": table}))["t"] != "error"  # my own seat again
            assert (await renamed.request({"t": "chat", "table": table, "text": "I am the real Ana"}))["t"] != "error"
            await rail.watch(table)
            lines = await rail.wait_chat(table, lambda ls: any(x["text"] == "I am the real Ana" for x in ls))
            view = await rail.wait_for(table, lambda v: True)
        finally:
            await renamed.close()
        assert [x["name"] for x in lines if x["text"] == "I am the real Ana"] == ["Bob"], (lines, view["seats"])
        assert _shown(view)[:2] == ["Ana", "Bob"]
