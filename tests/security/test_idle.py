"""Sockets that never finish their request head or upgrade, never sign in,
or sign in and follow nothing are closed; the others are served on."""

from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.request

import pytest
import websockets

from .support import Raw, open_table, server_rows

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)


async def test_sockets_that_never_sign_in_or_follow_nothing_are_closed(lobby_factory):
    # before: both stayed open forever (3 s limits: a loaded box's sign-in fits in them)
    proc = lobby_factory(prefix="sec-idle", env={"LOBBY_HELLO_TIMEOUT_S": "3", "LOBBY_IDLE_TIMEOUT_S": "3"})
    silent = await Raw.connect(proc.ws)
    idle = await Raw.connect(proc.ws, name="Idle")
    watcher = await Raw.connect(proc.ws, name="Watcher")
    lister = await Raw.connect(proc.ws, name="Lister")
    try:
        opened = await open_table(watcher)
        assert opened["t"] == "joined"
        assert (await lister.request({"t": "tables", "sub": True}))["t"] == "tables"

        async def closed(raw: Raw, ping: bool) -> int:
            while True:
                try:
                    if ping:  # pings (5 a second, within the rate) do not keep a socket that follows nothing
                        await raw.send({"t": "ping"})
                    await raw.recv(0.2)
                    await asyncio.sleep(0.2)
                except asyncio.TimeoutError:
                    continue
                except websockets.ConnectionClosed:
                    return raw.ws.close_code

        assert await asyncio.wait_for(closed(silent, False), 30) == 1008
        assert await asyncio.wait_for(closed(idle, True), 30) == 1000
        # one more idle period after that, the ones that follow something are still served
        later = await Raw.connect(proc.ws, name="Later")
        assert await asyncio.wait_for(closed(later, True), 30) == 1000
        for raw in (watcher, lister):
            assert (await raw.request({"t": "ping"}))["t"] == "pong"
    finally:
        for raw in (silent, idle, watcher, lister):
            await raw.close()


async def test_a_socket_that_follows_only_a_closed_table_is_idle(lobby_factory):
    """Found by the break-it pass: opening a table and leaving it (it
    closes) kept the socket 'following' a table that changes no more."""
    proc = lobby_factory(prefix="sec-idle2", env={"LOBBY_HELLO_TIMEOUT_S": "3", "LOBBY_IDLE_TIMEOUT_S": "3"})
    raw = await Raw.connect(proc.ws, name="Leaver")
    try:
        opened = await open_table(raw)
        assert opened["t"] == "joined"
        assert (await raw.request({"t": "leave", "table": opened["table"]}))["t"] == "left"

        async def closed() -> int:
            while True:
                try:
                    await raw.recv(0.2)
                except asyncio.TimeoutError:
                    continue
                except websockets.ConnectionClosed:
                    return raw.ws.close_code

        assert await asyncio.wait_for(closed(), 30) == 1000
    finally:
        await raw.close()


def _eof_within(sock: socket.socket, timeout_s: float) -> bool:
    sock.settimeout(timeout_s)
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


async def test_unfinished_upgrades_and_silent_tcp_connections_are_closed(lobby_factory):
    # before: uvicorn timed out only idle keep-alive connections, never a first request head
    proc = lobby_factory(prefix="sec-head", env={"LOBBY_HEADER_TIMEOUT_S": "1"})
    upgraded = await Raw.connect(proc.ws, name="Stays")
    silent = socket.create_connection(("127.0.0.1", proc.port))
    partial = socket.create_connection(("127.0.0.1", proc.port))
    partial.sendall(b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n")
    try:
        assert (await open_table(upgraded))["t"] == "joined"
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, _eof_within, silent, 10), "a silent TCP connection stayed open"
        assert await loop.run_in_executor(None, _eof_within, partial, 10), "an unfinished upgrade stayed open"
        # past the header timeout, a finished upgrade and new requests are served
        assert (await upgraded.request({"t": "ping"}))["t"] == "pong"
        assert json.loads(urllib.request.urlopen(proc.http + "/healthz", timeout=5).read())["ok"]
    finally:
        silent.close()
        partial.close()
        await upgraded.close()


def _trickle_until_closed(sock: socket.socket, limit_s: float, slow: bytes = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000) -> bool:
    """Send ``slow`` (by default a request head) one byte every 0.3 s; True
    once the server closes."""
    sock.settimeout(0.3)
    deadline = time.monotonic() + limit_s
    for byte in slow:
        if time.monotonic() > deadline:
            return False
        try:
            sock.sendall(bytes([byte]))
            if sock.recv(1024) == b"":
                return True
        except socket.timeout:
            continue
        except (BrokenPipeError, ConnectionResetError):
            return True
    return False


def _cut_within(sock: socket.socket, limit_s: float) -> bool:
    """True once the server closed or reset ``sock`` (its TCP state, read
    without taking a byte of what it sent), within ``limit_s`` s."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]
        if state in (7, 8):  # TCP_CLOSE (a reset), TCP_CLOSE_WAIT (a FIN)
            return True
        time.sleep(0.1)
    return False


async def test_a_client_that_takes_no_byte_of_its_responses_is_cut(lobby_factory):
    """A client that pipelined 300 requests and read nothing paused the
    server's writes for good (the break-it pass held 60 such connections
    from one address for 150 s, +11 MB): it is reset ``LOBBY_SEND_TIMEOUT_S``
    after it last took bytes; a client that reads is served on."""
    proc = lobby_factory(prefix="sec-send", env={"LOBBY_SEND_TIMEOUT_S": "1"})
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", proc.port))
    sock.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 300)
    try:
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, _cut_within, sock, 15), "a client that reads nothing kept its connection"
        with urllib.request.urlopen(proc.http + "/static/style.css", timeout=5) as r:
            assert len(r.read()) > 30_000
    finally:
        sock.close()


async def test_a_slow_second_request_head_on_a_kept_alive_socket_is_closed(lobby_factory):
    """Found by the break-it pass: the request-head deadline was armed once
    per TCP connection, so after one quick request a second head trickled
    in a byte at a time was never cut (uvicorn's keep-alive timer stops at
    its first byte)."""
    proc = lobby_factory(prefix="sec-head2", env={"LOBBY_HEADER_TIMEOUT_S": "1"})
    sock = socket.create_connection(("127.0.0.1", proc.port))
    try:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(5)
        assert b"200" in sock.recv(4096).split(b"\r\n", 1)[0]
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, _trickle_until_closed, sock, 8), "a trickled second head stayed open"
    finally:
        sock.close()


def test_an_upgraded_socket_lets_go_of_its_request_head_timer():
    """Found by W4's memory per connection (18.8 -> 20.2 KiB): the timer
    held every upgraded connection's HTTP protocol object (its h11 buffers,
    ~6 KiB) until it fired.  Pure: the protocol with a stand-in transport."""
    import gc
    import weakref

    import uvicorn
    from uvicorn.config import Config

    from lobby.__main__ import HeaderTimeoutProtocol

    async def scenario() -> None:
        async def app(scope, receive, send):  # never reached: the stand-in transport cannot upgrade
            await receive()

        config = Config(app, ws="websockets-sansio", lifespan="off", log_level="critical")
        config.load()
        server_state = uvicorn.server.ServerState()

        class Transport(asyncio.Transport):
            def __init__(self) -> None:
                super().__init__()
                self.protocol = None
                self.closed = False

            def get_extra_info(self, name, default=None):
                return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.1", 5000)}.get(name, default)

            def set_protocol(self, protocol):
                self.protocol = protocol

            def get_protocol(self):
                return self.protocol

            def write(self, data):
                pass

            def is_closing(self):
                return self.closed

            def close(self):
                self.closed = True

            def pause_reading(self):
                pass

            def resume_reading(self):
                pass

        transport = Transport()
        protocol = HeaderTimeoutProtocol(config=config, server_state=server_state, app_state={})
        transport.set_protocol(protocol)
        protocol.connection_made(transport)
        timer = protocol._head_timer
        protocol.data_received(
            b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        assert transport.get_protocol() is not protocol  # upgraded: the websocket protocol has the socket
        assert timer.cancelled()
        gone = weakref.ref(protocol)
        del protocol
        gc.collect()
        assert gone() is None, "nothing keeps the HTTP protocol of an upgraded socket alive"
        transport.get_protocol().connection_lost(None)

    asyncio.run(scenario())


async def test_a_request_body_trickled_in_is_cut_at_the_request_deadline(lobby_factory):
    """A request's head and body together have one deadline: a body sent a
    byte at a time (or never finished) is closed with it, as a head is."""
    proc = lobby_factory(prefix="sec-body", env={"LOBBY_HEADER_TIMEOUT_S": "1"})
    sock = socket.create_connection(("127.0.0.1", proc.port))
    try:
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        # a whole head declaring a 4096-byte body, then the body a byte at a time
        sock.sendall(b"POST /api/account/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n")
        assert await loop.run_in_executor(None, _trickle_until_closed, sock, 10, b"a" * 4096), "a trickled body stayed open"
        assert time.monotonic() - started < 8
        assert json.loads(urllib.request.urlopen(proc.http + "/healthz", timeout=5).read())["ok"]
        assert "Traceback" not in proc.log_path.read_text(errors="replace"), "a client gone mid-body is no error of ours"
    finally:
        sock.close()


async def test_one_address_holds_a_bounded_number_of_http_connections(lobby_factory):
    """``LOBBY_CONNS_PER_ADDR`` HTTP connections from one address at once:
    the next is closed at once; once one goes, another may come; an
    upgraded websocket no longer counts."""
    proc = lobby_factory(prefix="sec-conns", env={"LOBBY_CONNS_PER_ADDR": "4", "LOBBY_HEADER_TIMEOUT_S": "30"})
    upgraded = [await Raw.connect(proc.ws, name=f"Up{i}") for i in range(5)]  # over the cap, yet served: upgrades let go
    held = [socket.create_connection(("127.0.0.1", proc.port)) for _ in range(4)]
    loop = asyncio.get_running_loop()
    extra = socket.create_connection(("127.0.0.1", proc.port))
    try:
        assert await loop.run_in_executor(None, _eof_within, extra, 5), "a connection past the cap stayed open"
        for raw in upgraded:
            assert (await raw.request({"t": "ping"}))["t"] == "pong"
        held.pop().close()
        again = None
        for _ in range(50):  # the server sees the close on its next loop turn: try until it has
            again = socket.create_connection(("127.0.0.1", proc.port))
            again.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            again.settimeout(5)
            try:
                if b"200" in again.recv(4096).split(b"\r\n", 1)[0]:
                    break
            except (ConnectionResetError, socket.timeout):
                pass
            again.close()
            again = None
        assert again is not None, "a freed place was never taken again"
        again.close()
    finally:
        extra.close()
        for sock in held:
            sock.close()
        for raw in upgraded:
            await raw.close()


async def test_responses_a_client_never_takes_are_bounded_and_dropped_after_the_close(lobby_factory):
    """A client that pipelined requests and read nothing made the kernel
    hold 3.6 MB of responses per connection (its send buffer autotuned), and
    the keep-alive close left them to it as an orphan for minutes (a
    black-box pass: ~200 MB in 12 s from one address).  Now a connection
    holds at most twice ``HTTP_SEND_BUFFER_BYTES``, and one closed before
    its peer took its bytes stays the lobby's until it is reset
    ``LOBBY_SEND_TIMEOUT_S`` on: no orphan with bytes is left."""
    from lobby.__main__ import HTTP_SEND_BUFFER_BYTES

    proc = lobby_factory(prefix="sec-orphan", env={"LOBBY_SEND_TIMEOUT_S": "3"})
    socks = []
    for count in (100, 5, 5):  # 100 fill the buffer; 5 (190 KB) fit in it, done, then closed by the keep-alive
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", proc.port))
        sock.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * count)
        socks.append(sock)
    peers = {sock.getsockname()[1] for sock in socks}
    try:
        held = []
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            rows = server_rows(proc.port, peers)
            held.append(max((unsent for unsent, _ in rows), default=0))
            if not any(unsent for unsent, _ in rows) and len(held) > 4:
                break
            await asyncio.sleep(0.25)
        assert max(held) > 100_000, held  # the responses did wait in the kernel
        assert max(held) <= 2 * HTTP_SEND_BUFFER_BYTES, max(held)
        assert not [row for row in server_rows(proc.port, peers) if row[0]], "bytes left held after the close"
    finally:
        for sock in socks:
            sock.close()


async def test_a_websocket_closed_while_its_client_reads_nothing_leaves_no_orphan(lobby_factory):
    """A websocket that never reads, cut by the server (here for flooding,
    1008), was closed with its close frame still in the kernel: an orphan in
    FIN-WAIT-1 for ~95 s, no longer counted against its address (a black-box
    pass grew 29 of them from one address).  Now the lobby keeps such a
    socket until its client takes the bytes, or resets it
    ``LOBBY_SEND_TIMEOUT_S`` on."""
    proc = lobby_factory(prefix="sec-wsorphan", env={"LOBBY_SEND_TIMEOUT_S": "3", "LOBBY_RATE_PER_S": "5", "LOBBY_RATE_BURST": "5"})
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", proc.port))
    raw = Raw(await websockets.connect(proc.ws, sock=sock, max_size=None, compression=None))
    peer = {sock.getsockname()[1]}
    try:
        await raw.request({"t": "hello", "proto": 1, "name": "Sloth"})
        raw.ws.transport.pause_reading()  # from now on it reads nothing at all
        orphans, cut_at, start = [], None, time.monotonic()
        while time.monotonic() - start < 60:
            rows = server_rows(proc.port, peer)
            orphans += [row for row in rows if row[0] and row[1] == 0]
            if cut_at is None:
                try:
                    await raw.send({"t": "tables"})  # replies it never takes, past the rate limit: closed 1008
                except websockets.ConnectionClosed:
                    cut_at = time.monotonic()
            if not rows:
                break
            await asyncio.sleep(0.1)
        assert not server_rows(proc.port, peer), "the socket is still there"
        assert not orphans, orphans
    finally:
        raw.ws.transport.abort()


async def _reading_nothing(proc, name: str) -> tuple[Raw, set[int]]:
    """A signed-in websocket whose client then reads nothing at all (a 4 KiB
    receive buffer): ``(raw, {its local port})``."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", proc.port))
    raw = Raw(await websockets.connect(proc.ws, sock=sock, max_size=None, compression=None, ping_interval=None))
    await raw.request({"t": "hello", "proto": 1, "name": name})
    raw.ws.transport.pause_reading()
    return raw, {sock.getsockname()[1]}


async def _gone_within(proc, peer: set[int], seconds: float) -> float | None:
    """Seconds until the server holds no socket of ``peer`` (None: still there)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if not server_rows(proc.port, peer):
            return time.monotonic() - start
        await asyncio.sleep(0.1)
    return None


async def test_pings_from_a_client_that_reads_no_pong_are_limited_as_messages(lobby_factory):
    """Websocket pings are answered only within the message rate: a client
    flooding them while reading nothing (a black-box pass: 125-byte pings,
    the process grew by 100 MB of pongs in 13 s and another client's ping
    took 2 s) is reset once past the burst."""
    proc = lobby_factory(prefix="sec-pingflood", env={"LOBBY_RATE_PER_S": "5", "LOBBY_RATE_BURST": "5"})
    raw, peer = await _reading_nothing(proc, "Pinger")
    try:
        for _ in range(200):
            try:
                raw.ws.protocol.send_ping(b"x" * 125)
                raw.ws.transport.write(b"".join(raw.ws.protocol.data_to_send()))
            except Exception:
                break
            await asyncio.sleep(0.005)
        assert await _gone_within(proc, peer, 10) is not None, "the flooding socket is still open"
        other = await Raw.connect(proc.ws, name="Other")
        assert (await other.request({"t": "ping"}))["t"] == "pong", "the server answers others"
        await other.ws.close()
    finally:
        raw.ws.transport.abort()


async def test_a_close_a_client_never_lets_end_is_a_reset_at_the_send_deadline(lobby_factory):
    """A client that reads nothing once the server's buffers hold its bytes
    never answers the keepalive ping; the close that follows waits for
    asyncio's buffer to be written, which it never is (a black-box pass
    saw such a socket open 607 s): the lobby resets it
    ``LOBBY_SEND_TIMEOUT_S`` after the close began."""
    proc = lobby_factory(prefix="sec-stuckclose", env={"LOBBY_WS_PING_S": "1", "LOBBY_SEND_TIMEOUT_S": "2", "LOBBY_RATE_PER_S": "100000", "LOBBY_RATE_BURST": "100000"})
    raw, peer = await _reading_nothing(proc, "Stuck")
    try:
        for _ in range(3000):  # pongs past what the kernel's buffers take: the rest waits in asyncio's
            raw.ws.protocol.send_ping(b"x" * 125)
        raw.ws.transport.write(b"".join(raw.ws.protocol.data_to_send()))
        # ping at 1 s, unanswered at 2 s, the close's deadline 2 s on
        assert await _gone_within(proc, peer, 20) is not None, "the socket is still open"
    finally:
        raw.ws.transport.abort()
