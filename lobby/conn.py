"""One websocket connection's outgoing side (:class:`Conn`): frames written
straight to the socket where the server allows it
(:mod:`lobby.uvicorn_adapter`), else through a bounded queue and a writer
task; the fan-out holds one for every viewer.  :mod:`lobby.session`
re-exports it."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from . import metrics, tcp, uvicorn_adapter
from .protocol import CloseCode

if TYPE_CHECKING:
    from .fanout import Viewer

#: how long a closing connection may take to send what is queued and the
#: close frame before its TCP connection is reset (s)
CLOSE_GRACE_S = 2.0
#: the reason sent with a close code, where it has one
CLOSE_REASONS = {CloseCode.SIGNED_OUT: "signed out"}


class Conn:
    """One websocket connection's outgoing side.

    ``send`` never waits.  In the common case it writes the frame straight
    to the socket (``fast``: the server's websocket protocol object when it
    is uvicorn's sans-I/O one, whose ASGI ``send`` does exactly this and
    awaits nothing while the transport is writable: :mod:`lobby.uvicorn_adapter`).  Only while the
    kernel and transport buffers are full (a slow reader), or on another
    server, frames wait in a bounded queue drained by a writer task made
    then; a connection whose queue is full (``queue_size`` frames, or
    ``queue_bytes`` bytes: a few large snapshots weigh as much as many
    deltas) is closed with 1013 (it
    reconnects and resyncs), so nobody waits for it.  ``close`` ends the
    connection after what is queued has been sent (``flush``) or at once,
    dropping the queue; a peer that takes not even the close frame within
    :data:`CLOSE_GRACE_S` is reset (``abort``).
    """

    __slots__ = ("id", "ws", "transport", "fast", "queue_size", "queue_bytes", "queued_bytes", "_queue", "_writer", "pid", "name", "closed",
                 "close_code", "tables", "last_chat", "lobby_sub", "token", "__weakref__")

    def __init__(self, ws: Any, queue_size: int, transport: Any = None, fast: Any = None, queue_bytes: int = 1 << 20) -> None:
        self.id = secrets.token_hex(8)
        self.ws = ws
        self.transport = transport
        self.fast = fast if uvicorn_adapter.can_write_directly(fast) else None
        self.queue_size = queue_size
        self.queue_bytes = queue_bytes
        self.queued_bytes = 0  # of the frames in the queue
        self._queue: asyncio.Queue[bytes | None] | None = None
        self._writer: asyncio.Task | None = None
        self.pid: str | None = None
        self.name: str | None = None
        self.token: str | None = None  # the session it signed in with (checked by accounts.revoked)
        self.closed = False
        self.close_code: int | None = None
        self.tables: dict[str, "Viewer"] = {}
        self.last_chat = 0.0  # monotonic time of the last chat line
        self.lobby_sub: bool | str = False  # table-list pushes: False, True (all) or a game id

    @property
    def queue(self) -> "asyncio.Queue[bytes | None]":
        """Frames waiting for the writer (``None``: the close), made on first use."""
        if self._queue is None:
            self._queue = asyncio.Queue(self.queue_size)
        return self._queue

    @property
    def queued(self) -> int:
        """Frames waiting for the writer (0 unless this is a slow reader)."""
        return 0 if self._queue is None else self._queue.qsize()

    @property
    def idle(self) -> bool:
        """Nothing is waiting to be written, nor being written by the writer."""
        return (self._writer is None or self._writer.done()) and (self._queue is None or self._queue.empty())

    def send(self, data: bytes, kind: str | None = "msg", wire: bytes | None = None) -> None:
        """Send ``data`` now or queue it; ``kind`` labels the frames-sent
        metric (None: the caller counts).  ``wire``: ``data`` already framed
        (:func:`frame_bytes`), for bytes sent to many connections."""
        if self.closed:
            return
        if kind is not None:
            metrics.frames_sent(kind).inc()
        fast = self.fast
        if fast is not None and self.idle and uvicorn_adapter.writable(fast):
            try:
                uvicorn_adapter.write_binary(fast, data, wire)
                return
            except Exception:  # the connection went away under us: the reader sees it
                self.closed = True
                return
        try:
            if self.queued_bytes + len(data) > self.queue_bytes:
                raise asyncio.QueueFull
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            metrics.DROPPED.inc()
            self.close(CloseCode.WS_1013_TRY_AGAIN_LATER, flush=False)
            return
        self.queued_bytes += len(data)
        self._start_writer()

    def close(self, code: int, flush: bool = True) -> None:
        """Close with ``code`` after what is queued is sent; with ``flush``
        False (or when the queue is full) drop what is queued and close at once."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        queue = self.queue
        if not flush or queue.full():
            while not queue.empty():
                queue.get_nowait()
            self.queued_bytes = 0
        queue.put_nowait(None)
        self._start_writer()
        if self.ws is not None:
            asyncio.get_running_loop().call_later(CLOSE_GRACE_S, self._abort_unless_done)

    def _abort_unless_done(self) -> None:
        if self._writer is not None and not self._writer.done():
            self._writer.cancel()
            self.abort()

    def abort(self) -> None:
        """Reset the TCP connection now (a peer that takes nothing more): the
        kernel drops what it still holds for it too."""
        self.closed = True
        if self.transport is not None:
            try:
                tcp.reset(self.transport.get_extra_info("socket"))
                self.transport.abort()
            except Exception:  # already gone
                pass

    def _start_writer(self) -> None:
        if self.ws is not None and (self._writer is None or self._writer.done()):
            self._writer = asyncio.ensure_future(self._write())

    async def wait_sent(self, timeout_s: float) -> bool:
        """Wait up to ``timeout_s`` for the writer (if any) to finish; False if it did not."""
        if self._writer is None or self._writer.done():
            return True
        done, _ = await asyncio.wait({self._writer}, timeout=timeout_s)
        return bool(done)

    async def _write(self) -> None:
        """Send queued frames until the queue is empty, or until the close
        sentinel, then the close frame.  Never raises."""
        queue = self.queue
        try:
            while not queue.empty():
                data = queue.get_nowait()
                if data is None:
                    code = self.close_code or CloseCode.WS_1000_NORMAL
                    await self.ws.close(code, CLOSE_REASONS.get(code))
                    return
                self.queued_bytes -= len(data)
                await self.ws.send_bytes(data)
        except Exception:
            pass  # the peer went away: the session's read loop sees the disconnect
