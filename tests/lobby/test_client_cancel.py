"""The test and command-line client (lobby/client.py) ends when cancelled,
whatever its connection does at that moment: a cancelled ``play`` whose
lobby process died as the game ended once waited for ever (a reply's
ConnectionError came with the cancellation, and Python 3.11's
``asyncio.wait_for`` raised the error, which ``play`` takes as a lost
move, instead of the cancellation)."""

from __future__ import annotations

import asyncio

import pytest

from lobby.client import LobbyClient


class _Socket:
    """A connected websocket as far as sending goes (a pure unit)."""

    async def send(self, data: bytes) -> None:
        pass


async def _dropped_request() -> asyncio.Future:
    """A ping request whose reply then fails as a lost connection fails it."""
    client = LobbyClient("ws://127.0.0.1:9/ws", name="Ann")
    client._ws = _Socket()
    task = asyncio.ensure_future(client.request({"t": "ping"}))
    while not client._pending:
        await asyncio.sleep(0)
    next(iter(client._pending.values())).set_exception(ConnectionError("connection lost"))
    return task


async def test_a_request_cancelled_as_its_connection_drops_is_cancelled():
    task = await _dropped_request()
    task.cancel()  # in the same event-loop turn as the reply's error
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_a_request_whose_connection_drops_raises_connection_error():
    with pytest.raises(ConnectionError):
        await (await _dropped_request())


async def test_a_request_without_a_reply_times_out():
    client = LobbyClient("ws://127.0.0.1:9/ws", name="Ann")
    client._ws = _Socket()
    with pytest.raises(TimeoutError):
        await client.request({"t": "ping"}, timeout=0.05)
