"""Found by hostile testing: a command answered ``busy`` was committed anyway.

docs/protocol.md says of ``busy`` that the state did not change, so a client
may simply retry.  The batcher once had a 5 s deadline per round trip: a
Redis that stalled for longer (SIGSTOP, a long fork, a slow disk) made the
lobby answer ``busy`` and drop the connection, but the commit script was
already sent and ran as soon as Redis resumed, so a retried chat line was in
the log twice and a retried move was refused with ``turn_over`` although it
was played.  A sent round trip now waits for its reply: a stall delays the
answer, it never turns into a false refusal.  (Chat lines now go to the
table's chat stream, not its log, through the same batcher.)
"""

from __future__ import annotations

import asyncio
import signal

import pytest

from lobby.client import LobbyClient
from lobby.redis_server import RedisServer
from lobby.store import connect

pytestmark = pytest.mark.waits  # mostly real-time waits (a Redis held busy): run beside other workers' CPU-bound tests (tests/scheduling.py)

#: longer than the deadline the batcher once had (5 s)
STALL_S = 6.0


async def test_a_command_sent_during_a_redis_stall_is_answered_once_it_ran(tmp_path, lobby_factory):
    server = RedisServer(tmp_path / "redis").start()
    lobby = lobby_factory(redis_url=server.url, prefix="busy")
    client = LobbyClient(lobby.ws, name="Ann")
    resume = None
    try:
        await client.connect()
        tv = await client.open("sibala", seats=2, turn_ms=30000)
        await client.wait_for(tv.table_id, lambda v: True, timeout=10)  # attached: chat is allowed
        server.proc.send_signal(signal.SIGSTOP)
        resume = asyncio.get_running_loop().call_later(STALL_S, server.proc.send_signal, signal.SIGCONT)
        reply = await client.request({"t": "chat", "table": tv.table_id, "text": "hello once"}, timeout=STALL_S + 20)
        assert reply["t"] == "ok"  # not busy: the chat did land
        store = await connect(server.url, "busy")
        try:
            texts = [line["text"] for line in await store.chat_lines(tv.table_id, 10)]
        finally:
            await store.aclose()
        assert texts == ["hello once"]
    finally:
        if resume is not None:
            resume.cancel()
        server.proc.send_signal(signal.SIGCONT)
        await client.close()
        lobby.stop()
        server.stop()
