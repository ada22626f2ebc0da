"""Abusive clients against a real lobby process: a flooder (rate limit, then
1008), a client that stops reading (dropped as a slow reader, then resyncs),
and websockets from foreign origins (refused before the upgrade).

Each is judged by what arrives, never by sleeping: the other players at the
table keep getting every delta and finish their game."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import urllib.error
import urllib.request

import msgpack
import pytest
import websockets

from lobby.client import LobbyClient, LobbyRefused
from lobby.protocol import CloseCode
from lobby.session import Conn, RateLimiter

from ..lobby.support import connected, playing, seated
from .support import Raw, metric, pack, server_rows, unpack

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)


async def _play_all(clients: list[LobbyClient], table: str) -> list[dict]:
    return await asyncio.gather(*(c.play(table, random.Random(i), timeout=90) for i, c in enumerate(clients)))


def _check_uninterrupted(clients: list[LobbyClient], table: str, finals: list[dict]) -> None:
    """Every player finished, from one snapshot and deltas alone (never had
    to resync), and all agree on the end."""
    for c, final in zip(clients, finals):
        tv = c.tables[table]
        assert final["status"] in ("finished", "closed"), final["status"]
        assert tv.snapshots == 1, f"{c.name} had to resync"
        assert tv.versions == sorted(set(tv.versions))
        assert final["result"] == finals[0]["result"]


# -- rate limit ---------------------------------------------------------------------


async def test_flooder_is_refused_then_closed_and_its_table_plays_on(lobby_factory):
    proc = lobby_factory(prefix="sec-rate", env={"LOBBY_RATE_PER_S": "20", "LOBBY_RATE_BURST": "40"})
    async with connected(proc.ws, ["Ann", "Bo", "Flo"]) as players:
        table = await seated(players, "sibala", seats=3, turn_ms=1000, options={"rounds": 3})
        await players[0].wait_for(table, playing)
        flooder_client = players[2]
        game = asyncio.ensure_future(_play_all(players[:2], table))  # Flo never moves: timeouts play its seat

        # Flo's second connection (same token, resumes its seat) floods pings
        flood = await Raw.connect(proc.ws, token=flooder_client.token, max_queue=None)
        joined = await flood.request({"t": "join", "table": table})
        assert joined["t"] == "joined"
        counts = {"pong": 0, "rate_limited": 0, "delta": 0, "snapshot": 0}
        refs_refused: list[int] = []
        sent = 0
        close_code = None

        async def reader() -> None:
            nonlocal close_code
            try:
                async for data in flood.ws:
                    frame = unpack(data)
                    kind = frame.get("code") if frame["t"] == "error" else frame["t"]
                    counts[kind] = counts.get(kind, 0) + 1
                    if kind == "rate_limited":
                        refs_refused.append(frame.get("ref"))
            except websockets.ConnectionClosed:
                pass
            close_code = flood.ws.close_code

        read = asyncio.ensure_future(reader())
        try:
            for sent in range(1, 5001):  # bounded: the server closes long before
                await flood.send({"t": "ping", "ref": 1000 + sent})
        except websockets.ConnectionClosed:
            pass
        await asyncio.wait_for(read, 10)
        assert close_code == CloseCode.WS_1008_POLICY_VIOLATION
        assert counts["rate_limited"] > 3 * 40, counts  # every refusal was sent before the close
        assert all(ref is not None and ref > 1000 for ref in refs_refused), "refusals echo the ref"
        assert counts["pong"] + counts["rate_limited"] <= sent
        assert counts["pong"] >= 40 - 2  # the burst went through (less hello and join)

        # the two others play to the end; Flo's seat is forced by the clock
        finals = await asyncio.wait_for(game, 90)
        _check_uninterrupted(players[:2], table, finals)
        assert finals[0]["status"] == "finished"
        assert finals[0]["timeouts"][2] >= 1 or finals[0]["seats"][2].get("away")
        assert metric(proc, 'lobby_errors_total{code="rate_limited"}') >= counts["rate_limited"]


def test_rate_limiter_forgives_a_client_that_slows_down(monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("lobby.session.time.monotonic", lambda: clock[0])
    limiter = RateLimiter(20, 40)
    # a burst of 100: 40 pass, 60 refused, not yet flooding (limit 120)
    results = [limiter.allow() for _ in range(100)]
    assert results.count(True) == 40 and not limiter.flooding
    # then 10 s at the allowed rate: strikes drain, every message passes
    for _ in range(200):
        clock[0] += 0.06
        assert limiter.allow()
    assert limiter.strikes == 0
    # another burst of 100 is again only refused, not closed: forgiven
    results = [limiter.allow() for _ in range(100)]
    assert not limiter.flooding
    # persistent flooding (3x the rate for 10 s) is
    for _ in range(600):
        clock[0] += 1 / 60
        limiter.allow()
    assert limiter.flooding


# -- slow reader ----------------------------------------------------------------------


async def test_slow_reader_is_dropped_others_unaffected_then_resyncs(lobby_factory):
    proc = lobby_factory(
        prefix="sec-slow", env={"LOBBY_SEND_QUEUE": "64", "LOBBY_RATE_PER_S": "100000", "LOBBY_RATE_BURST": "100000"}
    )
    async with connected(proc.ws, [f"P{i}" for i in range(3)]) as players:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a tiny receive window
        sock.connect(("127.0.0.1", proc.port))
        sock.setblocking(False)
        slow = Raw(await websockets.connect(proc.ws, sock=sock, max_size=None, compression=None))
        try:
            welcome = await slow.request({"t": "hello", "proto": 1, "name": "Slow"})
            tv = await players[0].open("yahtzee", seats=3, turn_ms=20_000)
            table = tv.table_id
            snap = await slow.request({"t": "watch", "table": table})
            assert snap["t"] == "snapshot"
            for c in players[1:]:
                await c.join(table)
            await players[0].wait_for(table, lambda v: v["status"] == "playing")
            game = asyncio.ensure_future(_play_all(players, table))

            slow.ws.transport.pause_reading()  # from now on it reads nothing at all
            dropped_before = metric(proc, "lobby_slow_clients_dropped_total")
            requests = 0
            for requests in range(1, 200_001):  # deltas of the game plus snapshots it asks for and never reads
                await slow.send({"t": "sync", "table": table})
                if requests % 100 == 0 and metric(proc, "lobby_slow_clients_dropped_total") > dropped_before:
                    break
            else:
                pytest.fail("the slow reader was never dropped")

            finals = await asyncio.wait_for(game, 90)  # the others finish, untouched
            _check_uninterrupted(players, table, finals)
            assert finals[0]["status"] == "finished"

            # the server lets go of it: a peer that takes nothing, not even the
            # close frame, has its TCP connection reset (seen when it writes)
            for attempt in range(400):
                try:
                    await slow.ws.send(pack({"t": "ping"}))
                except websockets.ConnectionClosed:
                    break
                await asyncio.sleep(0.05)
            else:
                pytest.fail("the server kept the slow reader's connection open")
            # reading again gives nothing more than the end
            slow.ws.transport.resume_reading()
            with pytest.raises(websockets.ConnectionClosed) as closed:
                for _ in range(1_000_000):
                    await asyncio.wait_for(slow.ws.recv(), 10)
            code = closed.value.rcvd.code if closed.value.rcvd else None
            assert code in (CloseCode.WS_1013_TRY_AGAIN_LATER, None), closed.value  # 1013, or reset after the grace

            # it reconnects with its token and resyncs from a snapshot
            again = await Raw.connect(proc.ws, token=welcome["token"])
            snap = await again.request({"t": "watch", "table": table})
            assert snap["t"] == "snapshot"
            assert snap["version"] == players[0].tables[table].version
            assert snap["view"]["status"] == "finished" and snap["view"]["result"] == finals[0]["result"]
            await again.close()
            print(f"\nslow reader: dropped while it had sent {requests} requests it never read the answers of; close {code}")
        finally:
            await slow.ws.close()


async def test_a_slow_reader_of_large_snapshots_is_dropped_by_the_bytes_it_holds(lobby_factory):
    """A socket that asks for a large snapshot again and again (a table
    with a full chat: ~35 KB) and never reads held up to 512 of them (~18
    MB: 40 such sockets took a process from 66 to 328 MB): the queue is
    bounded in bytes too (``LOBBY_SEND_QUEUE_BYTES``), long before 512
    frames."""
    proc = lobby_factory(prefix="sec-slowbytes", env={
        "LOBBY_SEND_QUEUE_BYTES": "131072", "LOBBY_CHAT_INTERVAL_MS": "0", "LOBBY_CHAT_TABLE_LINES": "1000", "LOBBY_RATE_PER_S": "100000", "LOBBY_RATE_BURST": "100000"})
    async with connected(proc.ws, ["Host"]) as (host,):
        table = (await host.open("six_nimmt", seats=4, turn_ms=300_000)).table_id
        for i in range(60):
            assert (await host.request({"t": "chat", "table": table, "text": f"{i} " + "长" * 190}))["t"] == "ok"
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", proc.port))
        sock.setblocking(False)
        slow = Raw(await websockets.connect(proc.ws, sock=sock, max_size=None, compression=None))
        try:
            await slow.request({"t": "hello", "proto": 1, "name": "Slow"})
            snap = await slow.request({"t": "watch", "table": table})
            assert len(pack(snap)) > 20_000, len(pack(snap))
            slow.ws.transport.pause_reading()  # from now on it reads nothing at all
            dropped_before = metric(proc, "lobby_slow_clients_dropped_total")
            for requests in range(1, 101):  # 100 snapshots: far under 512 frames, ~2 MB
                try:
                    await slow.send({"t": "sync", "table": table})
                except websockets.ConnectionClosed:
                    break
                if metric(proc, "lobby_slow_clients_dropped_total") > dropped_before:
                    break
            assert metric(proc, "lobby_slow_clients_dropped_total") > dropped_before, "held 100 large snapshots"
            # the lobby lets go of the bytes it had for it too: a reset, no orphan left to the kernel holding them
            peer = {sock.getsockname()[1]}
            for _ in range(80):
                if not [row for row in server_rows(proc.port, peer) if row[0]]:
                    break
                await asyncio.sleep(0.25)
            assert not [row for row in server_rows(proc.port, peer) if row[0]], server_rows(proc.port, peer)
        finally:
            await slow.ws.close()


async def test_send_queue_overflow_closes_at_once_and_close_flushes():
    conn = Conn(None, 4)
    for i in range(4):
        conn.send(b"%d" % i)
    assert not conn.closed
    conn.send(b"over")
    assert conn.closed and conn.close_code == CloseCode.WS_1013_TRY_AGAIN_LATER
    assert conn.queue.qsize() == 1 and conn.queue.get_nowait() is None  # nothing more is written
    conn.send(b"late")
    assert conn.queue.empty()

    heavy = Conn(None, 512, queue_bytes=100)  # bytes count too: two 60-byte frames overflow it
    heavy.send(b"x" * 60)
    assert not heavy.closed
    heavy.send(b"y" * 60)
    assert heavy.closed and heavy.close_code == CloseCode.WS_1013_TRY_AGAIN_LATER

    polite = Conn(None, 4)
    polite.send(b"a")
    polite.send(b"b")
    polite.close(CloseCode.WS_1008_POLICY_VIOLATION)  # flushes what is queued first
    assert [polite.queue.get_nowait() for _ in range(3)] == [b"a", b"b", None]


# -- origin allow-list --------------------------------------------------------------------


async def _origin_result(url: str, origin: str | None = None, headers: list | None = None) -> str:
    try:
        async with websockets.connect(url, origin=origin, additional_headers=headers) as ws:
            await ws.send(pack({"t": "hello", "proto": 1, "name": "O", "ref": 1}))
            reply = msgpack.unpackb(await asyncio.wait_for(ws.recv(), 5))
            assert reply["t"] == "welcome"
            return "accepted"
    except websockets.InvalidStatus as exc:
        return f"http {exc.response.status_code}"
    except websockets.ConnectionClosed as exc:
        return f"close {exc.rcvd.code if exc.rcvd else None}"


async def test_origin_allow_list(lobby_factory):
    from lobby.redis_server import free_port

    for _ in range(5):  # the Origin names the port: a port chosen free can be taken first
        port = free_port()
        try:
            proc = lobby_factory(prefix="sec-origin", port=port, env={"LOBBY_ORIGINS": f"https://games.example.com, http://127.0.0.1:{port}"})
            break
        except RuntimeError as exc:
            assert "address already in use" in str(exc), exc
    else:
        raise AssertionError("five ports chosen free were all taken first")
    url = proc.ws
    assert await _origin_result(url, "https://games.example.com") == "accepted"
    assert await _origin_result(url, "HTTPS://Games.Example.com:443") == "accepted"  # same origin, spelled otherwise
    assert await _origin_result(url, f"http://127.0.0.1:{port}") == "accepted"
    assert await _origin_result(url) == "accepted"  # no Origin: not a browser
    for foreign in (
        "https://evil.example",
        "http://games.example.com",  # other scheme
        "https://games.example.com:8443",  # other port
        "https://games.example.com.evil.example",
        "https://evil.example/https://games.example.com",
        "null",
        "https://user@games.example.com",
    ):
        assert await _origin_result(url, foreign) == "http 403", foreign
    two = [("Origin", "https://evil.example")]
    # two Origin headers: the websocket layer refuses them (400) before the app would (403)
    assert await _origin_result(url, "https://games.example.com", headers=two) in ("http 400", "http 403")


async def test_origin_same_host_when_unset(lobby_factory):
    proc = lobby_factory(prefix="sec-origin2", env={"LOBBY_ORIGINS": ""})
    url = proc.ws
    assert await _origin_result(url, f"http://127.0.0.1:{proc.port}") == "accepted"
    assert await _origin_result(url, f"https://127.0.0.1:{proc.port}") == "accepted"
    assert await _origin_result(url) == "accepted"
    for foreign in (f"http://localhost:{proc.port}", f"http://127.0.0.1:{proc.port + 1}", "http://127.0.0.1", "https://evil.example", "null"):
        assert await _origin_result(url, foreign) == "http 403", foreign


@pytest.mark.parametrize(
    "origins, host, origin, allowed",
    [
        ("", "games.example.com", "https://games.example.com", True),  # behind a proxy on 443 that keeps Host
        ("", "games.example.com", "http://games.example.com", True),
        ("", "games.example.com", "https://games.example.com:8443", False),
        ("", "127.0.0.1:8000", "https://games.example.com", False),  # a proxy that rewrites Host: set LOBBY_ORIGINS
        ("https://games.example.com", "127.0.0.1:8000", "https://games.example.com", True),
        ("https://games.example.com", "games.example.com", "https://evil.example", False),
        ("", "[::1]:8000", "http://[::1]:8000", True),
        ("", "games.example.com", "null", False),
        ("", "games.example.com", "https://games.example.com/", True),
        ("", "games.example.com", "https://games.example.com/x", False),
    ],
)
def test_origin_rule(origins, host, origin, allowed):
    from starlette.websockets import WebSocket

    from lobby.session import origin_allowed

    scope = {"type": "websocket", "path": "/ws", "scheme": "ws", "headers": [(b"host", host.encode()), (b"origin", origin.encode())]}
    ws = WebSocket(scope, receive=None, send=None)
    assert origin_allowed(ws, origins) is allowed


async def test_a_table_list_filter_names_a_registered_game_or_is_refused(lobby):
    """The table list's cache keeps one entry per registered game: a
    ``game`` filter no engine has is refused (HTTP 400, a websocket error
    frame) rather than cached, whatever its length."""
    for game in ("nosuchgame", "x" * 6000, "sibala\u0000"):
        url = f"{lobby.http}/api/tables?game={urllib.request.quote(game)}"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=10)
        assert refused.value.code == 400 and json.loads(refused.value.read())["code"] == "unknown_game"
    assert isinstance(json.loads(urllib.request.urlopen(f"{lobby.http}/api/tables?game=sibala", timeout=10).read()), list)
    async with connected(lobby.ws, ["Flt"]) as (client,):
        assert isinstance((await client.request({"t": "tables", "game": "sibala"}))["tables"], list)
        with pytest.raises(LobbyRefused) as refused:
            await client.request({"t": "tables", "game": "nosuchgame"})
        assert refused.value.code == "unknown_game"
