"""The hot path's Redis connection: one asyncio protocol, hiredis both ways.

The group commit (:class:`lobby.store.Batcher`) sends each moment's
commands as one write and needs every reply of that write back, in order.
redis-py's asyncio connection reads them one ``await read_response()`` at
a time (a coroutine, a buffer read and a parse per reply), which cost more
than the commands themselves at load.  :class:`Wire` writes the commands
packed by hiredis (C) in one ``transport.write`` and parses every reply
from the received bytes with one ``hiredis.Reader`` as they arrive
(``data_received``), resolving one future per round trip: no task, no
coroutine per command.  redis-py stays for everything else (the pool,
pub/sub, a cluster, TLS), and its error classes are kept: an error reply
is the exception redis-py would raise for it (``NoScriptError`` …), placed
among the replies.

Only plain TCP and unix sockets, with the URL's password, username and
database, are spoken here; :func:`wire_for` says None for anything else
(TLS, a custom connection class) and the batcher keeps redis-py's
connection there.
"""

from __future__ import annotations

import asyncio
import collections
from typing import Any

import hiredis
import redis.exceptions
from hiredis import pack_command
from redis._parsers.base import BaseParser


class _Protocol(asyncio.Protocol):
    """Replies parsed as they arrive; each waiting round trip is
    ``[future, count, replies so far]``, answered in the order sent."""

    def __init__(self) -> None:
        self.reader = hiredis.Reader()
        self.waiting: collections.deque[list[Any]] = collections.deque()
        self.transport: asyncio.Transport | None = None
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        reader, waiting = self.reader, self.waiting
        reader.feed(data)
        while waiting:
            entry = waiting[0]
            replies = entry[2]
            while len(replies) < entry[1]:
                reply = reader.gets()
                if reply is False:
                    return
                replies.append(_error(reply) if isinstance(reply, hiredis.ReplyError) else reply)
            waiting.popleft()
            if not entry[0].done():
                entry[0].set_result(replies)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        error = redis.exceptions.ConnectionError(f"Redis connection lost: {exc or 'closed'}")
        while self.waiting:
            future = self.waiting.popleft()[0]
            if not future.done():
                future.set_exception(error)


def _error(reply: hiredis.ReplyError) -> Exception:
    """The exception redis-py would raise for an error reply."""
    return BaseParser.parse_error(str(reply))


class Wire:
    """One connection to one Redis (not a cluster): :meth:`send` writes a
    round trip's commands at once and returns their replies.  Several round
    trips may be in flight; replies come back in the order sent.  Raises
    ``redis.exceptions.ConnectionError`` when the connection is lost or
    cannot be made (then :meth:`send` connects again on its next call)."""

    def __init__(self, host: str | None = "127.0.0.1", port: int = 6379, path: str | None = None, db: int = 0,
                 username: str | None = None, password: str | None = None, connect_timeout_s: float = 2.0) -> None:
        self.host, self.port, self.path, self.db = host, port, path, db
        self.username, self.password = username, password
        self.connect_timeout_s = connect_timeout_s
        self._protocol: _Protocol | None = None

    @property
    def is_connected(self) -> bool:
        return self._protocol is not None and not self._protocol.lost

    async def connect(self) -> None:
        """Open the connection (and AUTH, SELECT as the URL asks)."""
        loop = asyncio.get_running_loop()
        try:
            async with asyncio.timeout(self.connect_timeout_s):
                if self.path:
                    _, protocol = await loop.create_unix_connection(_Protocol, self.path)
                else:
                    _, protocol = await loop.create_connection(_Protocol, self.host, self.port)
        except (OSError, TimeoutError) as exc:
            raise redis.exceptions.ConnectionError(f"cannot connect to Redis: {exc}") from exc
        self._protocol = protocol
        hello: list[tuple[Any, ...]] = []
        if self.password is not None:
            hello.append(("AUTH", self.username, self.password) if self.username else ("AUTH", self.password))
        if self.db:
            hello.append(("SELECT", self.db))
        for reply in await self.send(hello) if hello else ():
            if isinstance(reply, Exception):
                await self.disconnect()
                raise redis.exceptions.AuthenticationError(str(reply)) if hello[0][0] == "AUTH" else reply

    async def send(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        """Write ``commands`` in one write and return one reply per command
        (an error reply as its exception object, not raised)."""
        if not self.is_connected:
            await self.connect()
        return await self.submit(commands)

    def submit(self, commands: list[tuple[Any, ...]]) -> "asyncio.Future[list[Any]]":
        """Write ``commands`` now (connected only: :attr:`is_connected`);
        the future gives their replies, as :meth:`send` returns them."""
        protocol = self._protocol
        assert protocol is not None and protocol.transport is not None and not protocol.lost
        future = asyncio.get_running_loop().create_future()
        protocol.waiting.append([future, len(commands), []])
        protocol.transport.write(b"".join([pack_command(c) for c in commands]))
        return future

    async def disconnect(self) -> None:
        """Close the connection (idempotent)."""
        protocol, self._protocol = self._protocol, None
        if protocol is not None and protocol.transport is not None:
            protocol.transport.close()


def wire_for(connection_kwargs: dict[str, Any], connection_class: type) -> Wire | None:
    """A :class:`Wire` for what redis-py's pool would connect to
    (``connection_kwargs`` of a ``ConnectionPool.from_url``), or None for
    a connection it does not speak (TLS or any other class)."""
    import redis.asyncio.connection as rc

    kw = connection_kwargs
    common = dict(db=int(kw.get("db") or 0), username=kw.get("username"), password=kw.get("password"),
                  connect_timeout_s=float(kw.get("socket_connect_timeout") or 2.0))
    if connection_class is rc.UnixDomainSocketConnection:
        return Wire(host=None, path=kw["path"], **common)
    if connection_class is rc.Connection:
        return Wire(host=kw.get("host", "127.0.0.1"), port=int(kw.get("port", 6379)), **common)
    return None
