"""Sibala over real websockets against a real lobby process and redis-server."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import subprocess
import sys

import msgpack
import pytest
import websockets

import engines
from engines import sibala
from engines.base import validate_options
from lobby.client import LobbyClient, LobbyRefused

from .support import connected, playing, replayed, seated

pytestmark = pytest.mark.waits  # mostly real-time waits (live games on turn clocks): run beside other workers' CPU-bound tests (tests/scheduling.py)

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def replay_sibala(view: dict) -> None:
    """Check a finished Sibala table against the engine: the seed matches its
    published hash and re-rolling from it gives every roll and the result."""
    seed = bytes.fromhex(view["seed"])
    assert hashlib.sha256(seed).hexdigest() == view["seed_hash"]
    eng = sibala.ENGINE
    n = len(view["seats"])
    state = eng.initial_state(n, validate_options(eng.info, view["options"]), seed)
    while eng.to_act(state):
        state, _ = eng.apply(state, eng.to_act(state)[0], {"type": "roll"})
    assert state["history"] == view["state"]["history"]
    assert eng.result(state).to_dict() == view["result"]


async def test_full_match_three_clients_and_a_spectator(lobby):
    async with connected(lobby.ws, ["Ann", "Bo", "Cy", "Spec"]) as (*clients, watcher):
        tv = await clients[0].open("sibala", seats=3, turn_ms=5000, options={"rounds": 3})
        table = tv.table_id
        watcher.keep_frames = True
        await watcher.watch(table)
        await watcher.wait_for(table, lambda v: v["status"] == "waiting")
        await clients[1].join(table)
        await clients[2].join(table)
        finals = await asyncio.gather(*(c.play(table, random.Random(i), timeout=60) for i, c in enumerate(clients)))
        spec_final = await watcher.wait_for(table, lambda v: v["status"] == "finished")
        for key in ("state", "result", "seed", "seats"):
            for final in finals:
                assert final[key] == finals[0][key]
            assert spec_final[key] == finals[0][key], "the spectator ends with the players' public view"
        replay_sibala(spec_final)
        assert [s["name"] for s in spec_final["seats"]] == ["Ann", "Bo", "Cy"]
        assert len(spec_final["state"]["history"]) == 3
        # the spectator saw every version from its snapshot on, in order, no gap
        versions = watcher.tables[table].versions
        assert versions == list(range(versions[0], versions[-1] + 1))
        # and the seed in no frame before the end: replay the frames in order
        seed = spec_final["seed"]
        for frame, view in replayed(watcher.frames):
            if seed.encode() in msgpack.packb(frame):
                assert view["status"] == "finished", "the seed is revealed only with the end"
        for c in clients:
            vs = c.tables[table].versions
            assert vs == sorted(vs) and len(set(vs)) == len(vs)


async def test_timeout_forces_a_roll(lobby):
    async with connected(lobby.ws, ["Slow", "Fast"]) as (a, b):
        table = await seated([a, b], "sibala", seats=2, turn_ms=1000, options={"rounds": 1})
        view = await a.wait_for(table, playing)
        assert view["to_act"] == [0]
        deadline = view["deadlines"]["0"]
        b.keep_frames = True
        # nobody at seat 0 moves: the server rolls for it when the deadline passes
        after = await b.wait_for(table, lambda v: v["state"]["rolls"][0] is not None or v["status"] != "playing", timeout=15)
        assert after["timeouts"][0] == 1
        assert after["state"]["rolls"][0] is not None
        forced_at = [f["now"] for f in b.frames if f.get("t") == "delta"][-1]
        assert forced_at >= deadline, "the forced roll came at or after the deadline"
        assert after["to_act"] == [1] and after["turns"]["1"] == "1:r0.s1"


async def test_reconnect_with_token_resumes_seat(lobby):
    async with connected(lobby.ws, ["Ann", "Bo"]) as (a, b):
        table = await seated([a, b], "sibala", seats=2, turn_ms=20000, options={"rounds": 2})
        await a.wait_for(table, playing)
        token = a.token
        await a.close()
        # a new connection with the same token: welcome lists the table, join resumes seat 0
        async with LobbyClient(lobby.ws, token=token) as again:
            assert again.player["name"] == "Ann"
            tv2 = await again.join(table)
            assert tv2.seat == 0
            view = await again.wait_for(table, playing)
            assert again.tables[table].snapshots == 1
            assert view["seats"][0]["name"] == "Ann"
            turn = view["turns"]["0"]
            await again.move(table, turn, {"type": "roll"})
            view = await again.wait_for(table, lambda v: v["state"]["rolls"][0] is not None)
            assert view["timeouts"][0] == 0


async def test_dropped_socket_reconnects_by_itself(lobby):
    async with connected(lobby.ws, ["Ann", "Bo"]) as (a, b):
        table = await seated([a, b], "sibala", seats=2, turn_ms=20000, options={"rounds": 1})
        await a.wait_for(table, playing)
        await a._ws.close()  # the network drops; the client reconnects and resumes
        await asyncio.wait_for(_until(lambda: a.reconnects == 1 and a.connected.is_set()), 10)
        await a.wait_for(table, lambda v: a.tables[table].snapshots >= 2)
        finals = await asyncio.gather(a.play(table, timeout=30), b.play(table, timeout=30))
        assert finals[0]["status"] == "finished" and finals[0]["timeouts"] == [0, 0]


async def _until(pred):
    while not pred():
        await asyncio.sleep(0.01)


async def _raw(lobby, frames):
    """Send raw frames after a hello; return the replies to them."""
    replies = []
    async with websockets.connect(lobby.ws) as ws:
        await ws.send(msgpack.packb({"t": "hello", "proto": 1, "name": "Raw", "ref": 1}))
        welcome = msgpack.unpackb(await ws.recv())
        assert welcome["t"] == "welcome"
        for frame in frames:
            await ws.send(frame)
            replies.append(msgpack.unpackb(await asyncio.wait_for(ws.recv(), 5)))
        await ws.send(msgpack.packb({"t": "ping", "ref": 9}))
        assert msgpack.unpackb(await ws.recv())["t"] == "pong"  # the connection lives on
    return replies


async def test_malformed_frames_get_errors_and_change_nothing(lobby):
    async with connected(lobby.ws, ["Ann", "Bo"]) as (a, b):
        t = await seated([a, b], "sibala", seats=2, turn_ms=20000)
        view = await a.wait_for(t, playing)
        version = a.tables[t].version
        turn = view["turns"]["0"]
        bad = [
            b"\xc1",  # never-used msgpack byte
            b"\x92\x01",  # truncated array
            msgpack.packb([1, 2, 3]),
            msgpack.packb({"t": "move"}),
            msgpack.packb({"t": "move", "table": t, "turn": turn, "move": {"type": "roll", "dice": [6, 6, 6, 6]}}),
            msgpack.packb({"t": "move", "table": t, "turn": turn, "move": {"type": "_timeout"}}),
            msgpack.packb({"t": "move", "table": t, "turn": turn, "move": "roll"}),
            msgpack.packb({"t": "move", "table": t, "turn": "r9.s0", "move": {"type": "roll"}}),
            msgpack.packb({"t": "nope"}),
            msgpack.packb({"t": "join", "table": "../../etc"}),
            msgpack.packb({"t": "watch", "table": "doesnotexist"}),
        ]
        replies = await _raw(lobby, bad)
        codes = [r["code"] for r in replies]
        assert all(r["t"] == "error" for r in replies)
        # a move's shape before the sender's seat (docs/protocol.md, Error codes): the malformed one is bad_move
        assert codes == [
            "bad_frame", "bad_frame", "bad_frame", "bad_message", "bad_move", "unknown_move",
            "bad_message", "not_seated", "bad_message", "bad_message", "no_such_table",
        ]
        # seat 1 (not to act) and seat 0 with a stale turn are refused too
        with pytest.raises(LobbyRefused) as exc:
            await b.move(t, turn, {"type": "roll"})
        assert exc.value.code == "not_your_turn"
        with pytest.raises(LobbyRefused) as exc:
            await a.move(t, "1:r0.s1", {"type": "roll"})
        assert exc.value.code == "turn_over"
        with pytest.raises(LobbyRefused) as exc:
            await a.move(t, turn, {"type": "roll", "dice": [6, 6, 6, 6]})
        assert exc.value.code == "bad_move"
        reply = await a.request({"t": "sync", "table": t})
        assert reply["t"] == "snapshot" and reply["version"] == version, "the table is untouched"


async def test_quick_match_with_bots_and_listing(lobby):
    import urllib.request

    async with LobbyClient(lobby.ws, name="Quick") as c:
        tv = await c.quick("sibala", bots=True)
        listed = json.loads(urllib.request.urlopen(lobby.http + "/api/tables").read())
        assert any(t["id"] == tv.table_id for t in listed)
        view = await c.wait_for(tv.table_id, lambda v: v["status"] == "playing", timeout=15)
        assert sum(1 for s in view["seats"] if s["bot"]) == len(view["seats"]) - 1
        final = await c.play(tv.table_id, timeout=60)
        assert final["status"] == "finished" and final["next"] is not None, "the table offers another game"
        await c.request({"t": "leave", "table": tv.table_id})
        closed = await c.wait_for(tv.table_id, lambda v: v["status"] == "closed")
        assert closed["next"] is None
        listed = json.loads(urllib.request.urlopen(lobby.http + "/api/tables").read())
        assert all(t["id"] != tv.table_id for t in listed), "closed tables leave the live list"


def test_cli_play_and_watch(lobby):
    out = subprocess.run(
        [sys.executable, "-m", "lobby.client", "--url", lobby.ws, "play", "--game", "sibala", "--players", "3", "--tables", "2", "--turn-ms", "5000"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(records) == 2
    for rec in records:
        assert rec["game"] == "sibala" and len(rec["players"]) == 3
        assert rec["result"]["winners"]
        for versions in rec["versions"].values():
            assert versions == list(range(versions[0], versions[-1] + 1))
    # watch: a finished table prints its snapshot and ends
    table = records[0]["table"]
    out = subprocess.run([sys.executable, "-m", "lobby.client", "--url", lobby.ws, "watch", "--table", table], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    frames = [json.loads(line) for line in out.stdout.splitlines()]
    assert frames[0]["t"] == "snapshot" and frames[0]["view"]["status"] == "finished"


async def test_table_list_pushes_follow_the_game_filter_and_spectators(lobby):
    async with connected(lobby.ws, ["Sub", "Op", "Spec"]) as (sub, opener, spec):
        pushes: list[dict] = []
        got = asyncio.Event()

        def on_frame(frame):
            if frame.get("t") == "tables" and "ref" not in frame:
                pushes.append(frame)
                got.set()

        sub.on_frame = on_frame
        await sub.request({"t": "tables", "game": "sibala", "sub": True})
        y = await opener.open("yahtzee", seats=2)
        s = await opener.open("sibala", seats=2)
        await spec.watch(s.table_id)

        async def until(pred):
            while not any(pred(p) for p in pushes):
                got.clear()
                await got.wait()

        def sibala_watched(push):
            return any(t["id"] == s.table_id and t["spectators"] == 1 for t in push["tables"])

        await asyncio.wait_for(until(sibala_watched), 10)
        assert all(t["game"] == "sibala" for p in pushes for t in p["tables"])
        assert all(t["id"] != y.table_id for p in pushes for t in p["tables"])


async def test_play_again_keeps_seats_and_starts_a_new_match(lobby):
    async with connected(lobby.ws, ["Ann", "Bo"]) as (a, b):
        table = await seated([a, b], "sibala", seats=2, turn_ms=5000, options={"rounds": 1})
        first = await asyncio.gather(a.play(table, timeout=30), b.play(table, timeout=30))
        assert first[0]["status"] == "finished" and first[0]["next"]["ready"] == [False, False]
        hash1 = first[0]["seed_hash"]
        await a.request({"t": "ready", "table": table})
        view = await b.wait_for(table, lambda v: v["next"] and v["next"]["ready"][0])
        assert view["status"] == "finished"
        await b.request({"t": "ready", "table": table})
        second = await a.wait_for(table, lambda v: v["game_no"] == 2 and v["status"] == "playing")
        assert [s["name"] for s in second["seats"]] == ["Ann", "Bo"]
        assert second["seed_hash"] != hash1 and second["seed"] is None
        assert second["state"]["round"] == 0 and second["state"]["wins"] == [0, 0]


async def test_chat_is_text_kept_and_rate_limited(lobby):
    async with connected(lobby.ws, ["Ann", "Spec"]) as (a, spec):
        tv = await a.open("sibala", seats=2)
        await spec.watch(tv.table_id)
        await spec.wait_for(tv.table_id, lambda v: True)
        await a.request({"t": "chat", "table": tv.table_id, "text": "  <b>hi</b>  "})
        with pytest.raises(LobbyRefused) as exc:
            await a.request({"t": "chat", "table": tv.table_id, "text": "again"})
        assert exc.value.code == "rate_limited"
        with pytest.raises(LobbyRefused) as exc:
            await spec.request({"t": "chat", "table": tv.table_id, "text": "bell\x07"})
        assert exc.value.code == "bad_text"
        await spec.request({"t": "chat", "table": tv.table_id, "text": "from the rail"})
        for c in (a, spec):
            lines = await c.wait_chat(tv.table_id, lambda lines: len(lines) == 2)
            assert [(x["name"], x["text"], x["spectator"]) for x in lines] == [("Ann", "<b>hi</b>", False), ("Spec", "from the rail", True)]


async def test_start_alone_is_too_few_players_and_changes_nothing(lobby):
    async with connected(lobby.ws, ["Ann"]) as (a,):
        tv = await a.open("sibala", seats=3)
        await a.wait_for(tv.table_id, lambda v: v["status"] == "waiting")
        version = tv.version
        with pytest.raises(LobbyRefused) as exc:
            await a.request({"t": "start", "table": tv.table_id})
        assert exc.value.code == "too_few_players"
        reply = await a.request({"t": "sync", "table": tv.table_id})
        assert reply["version"] == version and reply["view"]["status"] == "waiting" and reply["view"]["start_votes"] == []
