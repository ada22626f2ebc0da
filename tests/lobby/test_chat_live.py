"""Chat is not game state (issue #13, item 6).

Chat lines once lived in the table doc, so every line was a compare-and-set
commit racing the players' moves: 100 spectators chatting within their
1-line/s limit cut a table's moves from ~190 to 24 in 20 s, with ``busy``
refusals.  Now a line goes to the table's own chat stream (its keys' hash
tag, trimmed, expiring with the table) and to every process's viewers as a
``chat`` frame through the table's channel; the doc and its version never
move.  Real processes, real Redis (single and cluster), real websockets.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from lobby.chat_store import CHAT_SHOWN
from lobby.client import LobbyClient, LobbyRefused
from lobby.name_keys import clashes
from lobby.tables.doc import GONE_KEPT
from lobby.store import connect

from ..security.support import metric
from .support import connected, playing

pytestmark = pytest.mark.timeout(240)


@pytest.fixture(params=["redis", "cluster"])
def redis_url(request, redis_server):
    """The single redis-server, then the 3-master cluster."""
    return redis_server.url if request.param == "redis" else request.getfixturevalue("redis_cluster").url


#: the spectators' names: none reads as another ("Rail6" and "Rail8" do, to
#: the name keys, and the second to chat would be marked "Rail8 ②")
RAIL = ["Alfa", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett", "Kilo", "Lima"]


@asynccontextmanager
async def _table_with_spectators(a_ws: str, b_ws: str, spectators: int, **fields) -> AsyncIterator[tuple[str, list[LobbyClient], list[LobbyClient]]]:
    """Ann and Bo seated at a started sibala table through process A, and
    ``spectators`` watching it through process B: ``(table, players,
    spectators)``, every client closed when the block ends."""
    async with connected([a_ws, a_ws] + [b_ws] * spectators, ["Ann", "Bo", *(f"Rail {word}" for word in RAIL[:spectators])]) as clients:
        players, specs = clients[:2], clients[2:]
        tv = await players[0].open("sibala", seats=2, **fields)
        table = tv.table_id
        await players[0].wait_for(table, lambda v: True)
        await players[1].join(table)
        for s in specs:
            await s.watch(table)
        for c in clients:
            await c.wait_for(table, playing)
        yield table, players, specs


async def test_chat_reaches_every_process_and_never_touches_the_table_doc(redis_url, lobby_factory):
    env = {"LOBBY_CHAT_TABLE_LINES": "1000"}
    a, b = lobby_factory(redis_url=redis_url, prefix="chat1", env=env), lobby_factory(redis_url=redis_url, prefix="chat1", env=env)
    store = await connect(redis_url, "chat1")
    async with _table_with_spectators(a.ws, b.ws, 12, turn_ms=300_000, options={"rounds": 1}, games=1) as (table, players, specs):
        try:
            v0 = await store.room_version(table)
            log0 = len(await store.room_log(table))
            speakers = [players[0], *specs]
            texts = [f"line {i} <b>from</b> {c.name}" for i, c in enumerate(speakers)]
            replies = await asyncio.gather(*(c.request({"t": "chat", "table": table, "text": t}) for c, t in zip(speakers, texts)))
            assert all(r["t"] == "ok" for r in replies)

            # the table doc, its version and its replay log never moved
            assert await store.room_version(table) == v0, "a chat line was committed to the table doc"
            assert len(await store.room_log(table)) == log0
            _, doc = await store.load_room(table)
            assert not doc.get("chat")

            # every viewer on both processes gets every line, once, in one order
            for c in players + specs:
                await c.wait_chat(table, lambda lines: len(lines) >= len(texts))
            order = [line["text"] for line in players[1].tables[table].chat]
            assert sorted(order) == sorted(texts)
            for c in players + specs:
                lines = c.tables[table].chat
                assert [line["text"] for line in lines] == order, c.name
                assert len({line["id"] for line in lines}) == len(lines)
                assert {line["name"]: line["spectator"] for line in lines} == {"Ann": False, **{s.name: True for s in specs}}
            assert "chat" not in players[1].tables[table].view

            # a viewer who attaches later (either process), or syncs, gets them with the snapshot
            async with connected([a.ws, b.ws], ["LateA", "LateB"]) as late:
                for c in late:
                    c.keep_frames = True
                    await c.watch(table)
                    await c.wait_chat(table, lambda lines: len(lines) == len(texts))
                    snap = next(f for f in c.frames if f["t"] == "snapshot")
                    assert [line["text"] for line in snap["chat"]] == order
            reply = await specs[0].request({"t": "sync", "table": table})
            assert [line["text"] for line in reply["chat"]] == order
            assert await store.room_version(table) == v0

            # the chat expires with the table: a day after its last line while
            # the table lives, then when the ended table does
            chat_ttl = await store.redis.ttl(store.chat_key(table))
            assert 3600 < chat_ttl <= 24 * 3600
            await asyncio.gather(*(p.play(table, timeout=60) for p in players))
            room_ttl = await store.redis.ttl(store.room_key(table))
            assert 0 < room_ttl <= 3600
            deadline = asyncio.get_running_loop().time() + 10  # the expiry follows the final commit
            while not 0 < await store.redis.ttl(store.chat_key(table)) <= room_ttl:
                assert asyncio.get_running_loop().time() < deadline, "the chat outlives its table"
                await asyncio.sleep(0.02)
        finally:
            await store.aclose()


async def test_a_table_takes_a_bounded_number_of_chat_lines(redis_url, lobby_factory):
    # 4 lines per minute: the window outlasts the test, so the count is exact
    env = {"LOBBY_CHAT_TABLE_LINES": "4", "LOBBY_CHAT_TABLE_WINDOW_MS": "60000"}
    a = lobby_factory(redis_url=redis_url, prefix="chat2", env=env)
    store = await connect(redis_url, "chat2")
    async with _table_with_spectators(a.ws, a.ws, 10, turn_ms=300_000, options={"rounds": 1}) as (table, players, specs):
        try:
            v0 = await store.room_version(table)

            async def say(c: LobbyClient) -> str:
                try:
                    return (await c.request({"t": "chat", "table": table, "text": f"hi from {c.name}"}))["t"]
                except LobbyRefused as exc:
                    return exc.code

            outcomes = await asyncio.gather(*(say(c) for c in specs))
            assert sorted(outcomes) == ["chat_busy"] * 6 + ["ok"] * 4
            assert len(await store.chat_lines(table, 100)) == 4
            assert await store.room_version(table) == v0
            # the table's limit refused them, not the connection's: the players' table plays on
            seat = players[0].tables[table].view["to_act"][0]
            mover = next(p for p in players if p.tables[table].seat == seat)
            reply = await mover.move(table, mover.tables[table].view["turns"][str(seat)], {"type": "roll"})
            assert reply["version"] == v0 + 1
        finally:
            await store.aclose()


async def test_spectators_chatting_cause_no_busy_and_no_commit_conflicts(redis_url, lobby_factory):
    # every spectator says a line every 100 ms (10 lines/s each), all let through
    env = {"LOBBY_CHAT_INTERVAL_MS": "100", "LOBBY_CHAT_TABLE_LINES": "1000"}
    a, b = lobby_factory(redis_url=redis_url, prefix="chat3", env=env), lobby_factory(redis_url=redis_url, prefix="chat3", env=env)
    async with _table_with_spectators(a.ws, b.ws, 10, turn_ms=30_000, options={"rounds": 50}) as (table, players, specs):
        conflicts0 = metric(a, "lobby_commit_conflicts_total") + metric(b, "lobby_commit_conflicts_total")
        done = asyncio.Event()
        said = [0]

        async def chatter(c: LobbyClient) -> None:
            n = 0
            while not done.is_set():
                try:
                    await c.request({"t": "chat", "table": table, "text": f"{c.name} says {n}"})
                    said[0] += 1
                except LobbyRefused as exc:
                    assert exc.code in ("rate_limited", "chat_busy"), exc
                n += 1
                await asyncio.sleep(0.1)  # pacing of the load, not a wait for anything

        chatters = [asyncio.ensure_future(chatter(s)) for s in specs]
        try:
            finals = await asyncio.gather(*(p.play(table, timeout=180) for p in players))
            done.set()
            await asyncio.gather(*chatters)
            assert finals[0]["status"] == "finished" and finals[0]["state"]["round"] == 50
            busy = [e for p in players for e in p.errors if e["code"] == "busy"]
            assert not busy, busy[:5]
            conflicts = metric(a, "lobby_commit_conflicts_total") + metric(b, "lobby_commit_conflicts_total") - conflicts0
            assert conflicts == 0, f"{conflicts} compare-and-set conflicts while spectators chatted"
            assert said[0] >= 20, "the spectators did chat during the game"
        finally:
            done.set()
            for t in chatters:
                t.cancel()


async def test_a_spectator_s_line_goes_to_the_spectators_room_not_the_players(redis_server, lobby_factory):
    """A table has two chat rooms: a spectator's line is the spectators'
    room's, a seated player's the players' room's, as every viewer gets
    them live and with a later snapshot."""
    a = lobby_factory(redis_url=redis_server.url, prefix="chatroom")
    async with _table_with_spectators(a.ws, a.ws, 1, turn_ms=300_000, options={"rounds": 1}) as (table, players, specs):
        for speaker, text in ((specs[0], "from the rail"), (players[0], "good luck")):
            assert (await speaker.request({"t": "chat", "table": table, "text": text}))["t"] == "ok"
        for c in players + specs:
            lines = await c.wait_chat(table, lambda lines: len(lines) >= 2)
            assert {line["text"]: line["room"] for line in lines} == {"from the rail": "spectators", "good luck": "players"}, c.name
        reply = await players[1].request({"t": "sync", "table": table})
        assert {line["text"]: line["room"] for line in reply["chat"]} == {"from the rail": "spectators", "good luck": "players"}


async def test_a_spectator_named_as_a_seat_chats_with_a_mark(redis_server, lobby_factory):
    """A spectator whose name reads as a seated player's ("Ann", "ANN")
    chatted under that very name beside the seat: the line gets a mark as a
    seat would ("Ann ②"); a spectator of another name gets none."""
    a = lobby_factory(redis_url=redis_server.url, prefix="chatmark")
    async with connected(a.ws, ["Ann", "Bo", "ANN", "Rail"]) as (ann, bo, same, other):
        table = (await ann.open("sibala", seats=2, turn_ms=300_000, options={"rounds": 1})).table_id
        await bo.join(table)
        for spectator in (same, other):
            await spectator.watch(table)
            await spectator.wait_for(table, playing)
        for speaker, text in ((same, "same name"), (other, "other name")):
            assert (await speaker.request({"t": "chat", "table": table, "text": text}))["t"] == "ok"
        lines = await ann.wait_chat(table, lambda lines: len(lines) >= 2)
        assert {line["text"]: line["name"] for line in lines} == {"same name": "ANN ②", "other name": "Rail"}


async def test_spectators_whose_names_read_alike_chat_with_marks_that_tell_them_apart(redis_server, lobby_factory):
    """Four spectators named "Bob", "BOB", "Bob." and "Ｂｏｂ" chat at one
    table, through two processes: the first line says "Bob", each other
    spectator's gets a mark of its own ("BOB ②", "Bob. ③", "Ｂｏｂ ④"), and a
    spectator's next line keeps the name its first had; two spectators
    whose names read as a seat's ("Ann") get a mark each, not the same one."""
    quick = {"LOBBY_CHAT_INTERVAL_MS": "1", "LOBBY_CHAT_TABLE_LINES": "50"}  # a second line at once, seven in a second
    a = lobby_factory(redis_url=redis_server.url, prefix="chatalike", env=quick)
    b = lobby_factory(redis_url=redis_server.url, prefix="chatalike", env=quick)
    async with connected(a.ws, ["Ann", "Cy", "Bob", "BOB"]) as (ann, cy, bob, bob2), connected(b.ws, ["Bob.", "Ｂｏｂ", "ANN", "Ann."]) as (bob3, bob4, ann2, ann3):
        table = (await ann.open("sibala", seats=2, turn_ms=300_000, options={"rounds": 1})).table_id
        await cy.join(table)
        speakers = [bob, bob2, bob3, bob4, ann2, ann3]
        for spectator in speakers:
            await spectator.watch(table)
            await spectator.wait_for(table, playing)
        for n, speaker in enumerate(speakers):
            assert (await speaker.request({"t": "chat", "table": table, "text": f"line {n}"}))["t"] == "ok"
        assert (await bob2.request({"t": "chat", "table": table, "text": "again"}))["t"] == "ok"
        lines = await ann.wait_chat(table, lambda lines: len(lines) >= 7)
        said = {line["text"]: line["name"] for line in lines}
        assert [said[f"line {n}"] for n in range(4)] == ["Bob", "BOB ②", "Bob. ③", "Ｂｏｂ ④"]
        assert said["again"] == "BOB ②"
        assert said["line 4"] == "ANN ②" and said["line 5"] == "Ann. ③", said


async def test_a_player_who_joins_after_a_look_alike_left_is_told_apart_from_their_chat_lines(redis_server, lobby_factory):
    """Zed opens a table; "zed" sits (marked "zed ②"), chats and leaves;
    "ZED" then takes the same seat: the seat and its chat line read
    "ZED ③", not "ZED ②" beside the leaver's line "zed ②"."""
    a = lobby_factory(redis_url=redis_server.url, prefix="chatgone")
    async with connected(a.ws, ["Zed", "zed", "ZED"]) as (host, first, second):
        table = (await host.open("six_nimmt", seats=6, turn_ms=300_000)).table_id
        await first.join(table)
        assert (await first.request({"t": "chat", "table": table, "text": "I am the first"}))["t"] == "ok"
        await first.request({"t": "leave", "table": table})
        await second.join(table)
        assert (await second.request({"t": "chat", "table": table, "text": "I am the second"}))["t"] == "ok"
        lines = await host.wait_chat(table, lambda lines: len(lines) >= 2)
        said = {line["text"]: line["name"] for line in lines}
        assert said == {"I am the first": "zed ②", "I am the second": "ZED ③"}


async def test_a_spectator_named_as_a_player_who_left_is_told_apart_from_their_chat_lines(redis_server, lobby_factory):
    """Ann opens a table; "Zed" sits, chats and leaves; a spectator named
    "ZED" then chats there: its line reads "ZED ②", not "ZED" beside the
    leaver's line "Zed"; the leaver, watching now, keeps its own name."""
    a = lobby_factory(redis_url=redis_server.url, prefix="chatgonewatch", env={"LOBBY_CHAT_INTERVAL_MS": "1"})
    async with connected(a.ws, ["Ann", "Zed", "ZED"]) as (host, leaver, spectator):
        table = (await host.open("six_nimmt", seats=6, turn_ms=300_000)).table_id
        await leaver.join(table)
        assert (await leaver.request({"t": "chat", "table": table, "text": "I sat"}))["t"] == "ok"
        await leaver.request({"t": "leave", "table": table})
        for watcher in (spectator, leaver):
            await watcher.watch(table)
        for watcher, text in ((spectator, "I watch"), (leaver, "I watch too")):
            assert (await watcher.request({"t": "chat", "table": table, "text": text}))["t"] == "ok"
        lines = await host.wait_chat(table, lambda lines: len(lines) >= 3)
        said = {line["text"]: line["name"] for line in lines}
        assert said == {"I sat": "Zed", "I watch": "ZED ②", "I watch too": "Zed"}


async def test_a_player_who_sits_after_a_look_alike_spectator_chatted_is_marked_apart_from_it(redis_server, lobby_factory):
    """Spectator "Zed" chats at a waiting table; "ZED" then sits there: the
    seat reads "ZED ②" (its chat line too), not "ZED" beside the
    spectator's line "Zed", and the spectator's next line still says "Zed"."""
    a = lobby_factory(redis_url=redis_server.url, prefix="chatwatchjoin", env={"LOBBY_CHAT_INTERVAL_MS": "1"})
    async with connected(a.ws, ["Ann", "Zed", "ZED"]) as (host, spectator, joiner):
        table = (await host.open("six_nimmt", seats=6, turn_ms=300_000)).table_id
        await spectator.watch(table)
        assert (await spectator.request({"t": "chat", "table": table, "text": "I watch"}))["t"] == "ok"
        seat = (await joiner.join(table)).seat
        assert (await joiner.request({"t": "chat", "table": table, "text": "I sit"}))["t"] == "ok"
        assert (await spectator.request({"t": "chat", "table": table, "text": "I still watch"}))["t"] == "ok"
        lines = await host.wait_chat(table, lambda lines: len(lines) >= 3)
        said = {line["text"]: line["name"] for line in lines}
        assert said == {"I watch": "Zed", "I sit": "ZED ②", "I still watch": "Zed"}
        view = await host.wait_for(table, lambda view: view["seats"][seat] is not None)
        assert view["seats"][seat]["mark"] == 2


async def test_a_player_who_joins_long_after_a_look_alike_chatted_and_left_is_marked_apart_from_its_line(redis_server, lobby_factory):
    """"Coe" sits, chats and leaves; 21 other players then sit and leave
    (more than the table keeps of players gone from its seats); "Сое" (in
    Cyrillic letters) then sits: its seat and line read "Сое ②", not "Сое"
    beside the leaver's line "Coe", which a page still shows. No line a
    client gets says who spoke (the speaker's id stays in Redis)."""
    fillers = [f"Filler{chr(65 + n)}" for n in range(GONE_KEPT + 1)]
    a = lobby_factory(redis_url=redis_server.url, prefix="chatgonelong")
    async with connected(a.ws, ["Ann", "Coe", "Сое", *fillers]) as (host, leaver, newcomer, *others):
        table = (await host.open("six_nimmt", seats=10, turn_ms=300_000)).table_id
        await leaver.join(table)
        assert (await leaver.request({"t": "chat", "table": table, "text": "I am Coe"}))["t"] == "ok"
        await leaver.request({"t": "leave", "table": table})
        for other in others:
            await _join_when_let(other, table)
            await other.request({"t": "leave", "table": table})
        view = await newcomer.join(table)
        assert (await newcomer.request({"t": "chat", "table": table, "text": "I am Coe too"}))["t"] == "ok"
        lines = await host.wait_chat(table, lambda lines: len(lines) >= 2)
        assert {line["text"]: line["name"] for line in lines} == {"I am Coe": "Coe", "I am Coe too": "Сое ②"}
        assert not any("pid" in line for line in lines)
        assert (await host.wait_for(table, lambda v: v["seats"][view.seat] is not None))["seats"][view.seat]["mark"] == 2


async def _join_when_let(client: LobbyClient, table: str) -> None:
    """``client`` sits at ``table``, asking again every 0.2 s while the table
    refuses ``busy`` (it takes as many joins as it has seats in 3 s)."""
    for _ in range(50):
        try:
            await client.join(table)
            return
        except LobbyRefused as exc:
            if exc.code != "busy":
                raise
        await asyncio.sleep(0.2)
    raise AssertionError("the table refused joins for 10 s")


async def test_look_alike_spectators_chatting_at_the_same_instant_each_get_a_mark_of_their_own(redis_server, lobby_factory):
    """Six spectators whose names read alike ("Bob", "BOB", "bob", "Bob.",
    "Ｂｏｂ", "bob。"), three on each of two processes, send their first
    lines at one instant, at three tables: at each table the six lines show
    six names of which none reads as another (one unmarked, the rest
    marked apart), however the names were read and kept meanwhile."""
    quick = {"LOBBY_CHAT_INTERVAL_MS": "1", "LOBBY_CHAT_TABLE_LINES": "50"}
    a = lobby_factory(redis_url=redis_server.url, prefix="chatrace", env=quick)
    b = lobby_factory(redis_url=redis_server.url, prefix="chatrace", env=quick)
    async with connected(a.ws, ["Ann", "Cy", "Bob", "BOB", "bob"]) as (ann, cy, *left), connected(b.ws, ["Bob.", "Ｂｏｂ", "bob。"]) as right:
        speakers = [*left, *right]
        for _ in range(3):
            table = (await ann.open("sibala", seats=2, turn_ms=300_000, options={"rounds": 1})).table_id
            await cy.join(table)
            for spectator in speakers:
                await spectator.watch(table)
                await spectator.wait_for(table, playing)
            replies = await asyncio.gather(*(s.request({"t": "chat", "table": table, "text": f"line {n}"}) for n, s in enumerate(speakers)))
            assert [r["t"] for r in replies] == ["ok"] * 6
            lines = await ann.wait_chat(table, lambda lines: len(lines) >= 6)
            names = [line["name"] for line in lines]
            assert not any(clashes(name, names[:n]) for n, name in enumerate(names)), names


def test_a_table_s_chat_stream_keeps_every_line_a_page_keeps():
    """A newcomer's name is marked apart from the speakers of the lines a
    page may still show: the stream keeps (and is read for) at least as
    many lines as static/net.js keeps per table."""
    net_js = (Path(__file__).resolve().parents[2] / "static" / "net.js").read_text(encoding="utf-8")
    [page_keeps] = re.findall(r"\nconst MAX_CHAT_LINES = (\d+);", net_js)
    assert int(page_keeps) <= CHAT_SHOWN
