"""Sockets that never finish their request head or upgrade, never sign in,
or sign in and follow nothing are closed; the others are served on."""

from __future__ import annotations

import asyncio
import json
import socket
import urllib.request

import websockets

from .support import Raw, open_table



async def test_sockets_that_never_sign_in_or_follow_nothing_are_closed(lobby_factory):
    # before: both stayed open forever
    proc = lobby_factory(prefix="sec-idle", env={"LOBBY_HELLO_TIMEOUT_S": "1", "LOBBY_IDLE_TIMEOUT_S": "1"})
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

        assert await asyncio.wait_for(closed(silent, False), 10) == 1008
        assert await asyncio.wait_for(closed(idle, True), 10) == 1000
        # one more idle period after that, the ones that follow something are still served
        later = await Raw.connect(proc.ws, name="Later")
        assert await asyncio.wait_for(closed(later, True), 10) == 1000
        for raw in (watcher, lister):
            assert (await raw.request({"t": "ping"}))["t"] == "pong"
    finally:
        for raw in (silent, idle, watcher, lister):
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
