"""Group commit: :class:`Batcher` sends what the lobby submits to Redis as
one pipeline per round trip (:class:`lobby.store.Store` holds one)."""

from __future__ import annotations

import asyncio
import os
from typing import Any

import redis.exceptions
from hiredis import pack_command
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

from . import metrics
from .redis_wire import wire_for

#: reconnects of the batcher's connection before its commands fail (backoff 20 ms .. 1 s)
SEND_RETRIES = 8


#: the batcher's wire, not looked at yet
_UNSET: Any = object()


class Batcher:
    """Group commit: commands go to Redis as one pipeline per round trip
    (not transactional: each command or script runs on its own), as a
    database batches its log writes.  One round trip is in flight at a
    time; what is submitted meanwhile goes in the next one, sent when it
    returns (or at the end of the event-loop turn when none is in flight).
    So at low load a command waits for nothing, and under load batches grow
    with it: redis-py costs ~100-400 µs of CPU per round trip whatever it
    carries and ~10 µs per pipelined command.  Commands keep their order.
    ``scripts`` maps the SHA-1 of each script sent with EVALSHA to its
    source, reloaded after a Redis restart (scripts are not persisted)
    before the refused commands are re-sent.
    """

    def __init__(self, redis: Any, scripts: dict[str, str]) -> None:
        self.redis = redis
        self.scripts = scripts
        self._pending: list[tuple[list[tuple[Any, ...]], asyncio.Future]] = []
        self._scheduled = False
        self._running: asyncio.Task | None = None
        self._conn: Any = None
        #: the hot path's own connection (:mod:`lobby.redis_wire`), None where it does not apply; made on the first send
        self._wire: Any = _UNSET
        #: give the CPU away after each send (a Redis on the same machine, see :func:`lobby.store.connect`)
        self.yield_cpu = False
        self.cluster = isinstance(redis, RedisCluster)

    def submit(self, commands: list[tuple[Any, ...]]) -> "asyncio.Future[list[Any]]":
        """Queue ``commands`` (argument tuples of raw Redis commands) for the
        next flush.  The future gives one reply per command, an exception
        object in place of a command's error reply; it fails as a whole when
        Redis cannot be reached (``RedisError``/``OSError``)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._pending.append((commands, future))
        if not self._scheduled and self._running is None:
            self._scheduled = True
            loop.call_soon(self._flush)
        return future

    def _flush(self) -> None:
        self._scheduled = False
        if self._running is not None or not self._pending:
            return
        batch, self._pending = self._pending, []
        self._running = asyncio.ensure_future(self._run(batch))

    async def _run(self, batch: list[tuple[list[tuple[Any, ...]], asyncio.Future]]) -> None:
        try:
            # No deadline once sent: a commit sent is committed or not only
            # when Redis says so (a stalled Redis delays the reply; answering
            # "busy" meanwhile would be a lie once the script runs).
            replies = await self._execute([c for commands, _ in batch for c in commands])
        except BaseException as exc:
            self._next()
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            if not isinstance(exc, Exception):
                raise
            return
        # what came in meanwhile goes out before the callers of this batch
        # run (their deliveries would otherwise hold it back)
        self._next()
        i = 0
        for commands, future in batch:
            if not future.done():
                future.set_result(replies[i : i + len(commands)])
            i += len(commands)

    def _next(self) -> None:
        self._running = None
        self._flush()

    async def _send(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """One round trip on the batcher's own connection (one round trip
        is in flight at a time, so one connection serves them all): a
        :class:`lobby.redis_wire.Wire` (hiredis packs the commands into one
        write and parses every reply as it arrives, no coroutine per reply),
        or where it does not apply (TLS, another connection class) redis-py's
        connection, both without the per-call pool, retry and pipeline
        bookkeeping, which cost more than the commands.  A cluster client
        gets its pipeline (it routes each command to its node).  Connection
        errors are retried with backoff for a few seconds, as the client's
        other commands are."""
        if self.cluster:
            pipe = self.redis.pipeline(transaction=False)
            for command in commands:
                pipe.execute_command(*command)
            return await pipe.execute(raise_on_error=False)
        if self._wire is _UNSET:
            pool = self.redis.connection_pool
            self._wire = wire_for(pool.connection_kwargs, pool.connection_class)
        delay = 0.02
        for attempt in range(SEND_RETRIES + 1):
            try:
                return await (self._send_wire(commands) if self._wire is not None else self._send_conn(commands))
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
                await self._disconnect()
                if attempt == SEND_RETRIES:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
        raise AssertionError("unreachable")

    async def _send_wire(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        wire = self._wire
        if not wire.is_connected:
            await wire.connect()
        replies = wire.submit(commands)
        if self.yield_cpu:
            os.sched_yield()  # a Redis on this core runs the batch now, not when we idle
        return await replies

    async def _send_conn(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        conn = self._conn
        if conn is None:
            conn = self._conn = await self.redis.connection_pool.get_connection()
        if not conn.is_connected:
            await conn.connect()
        # hiredis packs in C (~3 µs a commit script against redis-py's ~15)
        await conn.send_packed_command([pack_command(c) for c in commands], check_health=False)
        if self.yield_cpu:
            os.sched_yield()
        replies: list[Any] = []
        for _ in commands:
            try:
                replies.append(await conn.read_response())
            except redis.exceptions.ResponseError as exc:
                replies.append(exc)
        return replies

    async def _disconnect(self) -> None:
        if self._wire is not None and self._wire is not _UNSET:
            await self._wire.disconnect()
        if self._conn is not None:
            await self._conn.disconnect()

    async def aclose(self) -> None:
        """Close the batcher's own connection."""
        await self._disconnect()

    async def _execute(self, commands: list[tuple[Any, ...]], reload: bool = True) -> list[Any]:
        metrics.ROUND_TRIPS.inc()
        metrics.BATCHED.inc(len(commands))
        replies = await self._send(commands)
        missing = [i for i, r in enumerate(replies) if isinstance(r, NoScriptError)]
        if missing and reload:
            for source in self.scripts.values():
                await self.redis.script_load(source)
            again = await self._execute([commands[i] for i in missing], reload=False)
            for i, reply in zip(missing, again):
                replies[i] = reply
        return replies
