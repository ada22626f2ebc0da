"""TCP socket helpers for the server's protocols (:mod:`lobby.__main__`)
and connections (:mod:`lobby.conn`): the bytes a peer has not taken yet, a
reset, and a close that keeps the socket until those bytes are taken
instead of leaving them to the kernel as an orphan.  Linux (SIOCOUTQ)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import socket
import struct
import termios
from typing import Any, Callable

#: how often a closed connection's unsent bytes are looked at (s)
LINGER_POLL_S = 0.5


def limit_send_buffer(sock: Any, size: int) -> None:
    """Set ``sock``'s kernel send buffer to ``size`` bytes (Linux doubles
    it; no autotuning from then on); ``sock`` None: nothing."""
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)


def unsent_bytes(sock: Any) -> int:
    """Bytes the kernel holds for ``sock``'s peer, sent but not acknowledged
    or not sent yet (SIOCOUTQ; its FIN counts one); 0 when unknown."""
    try:
        return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, bytes(4)))[0]
    except (OSError, ValueError):
        return 0


def reset(sock: Any) -> None:
    """Make ``sock``'s close a reset (SO_LINGER 0): the kernel drops what it
    still holds for the peer instead of keeping it for a client that takes
    nothing.  ``sock`` None (a transport with none): nothing."""
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def resetting(sock: Any) -> bool:
    """Whether ``sock`` is set to close with a reset (:func:`reset`)."""
    try:
        on, seconds = struct.unpack("ii", sock.getsockopt(socket.SOL_SOCKET, socket.SO_LINGER, 8))
    except (OSError, struct.error):
        return False
    return bool(on) and seconds == 0


def linger(loop: asyncio.AbstractEventLoop, sock: Any, timeout_s: float, done: Callable[[], None]) -> bool:
    """Keep a connection being closed whose peer has not taken all its bytes
    (a protocol's ``connection_lost``: asyncio closes its own descriptor
    next, which alone would leave them to the kernel in FIN-WAIT-1 for
    minutes): on a duplicate descriptor, shut down for writing (the FIN
    follows the bytes), closed once they are taken, or reset ``timeout_s``
    seconds on; ``done()`` then.  False (nothing kept, ``done`` not called)
    when there is nothing to wait for: no bytes left, or a close already
    meant as a reset."""
    if sock is None or resetting(sock) or not unsent_bytes(sock):
        return False
    try:
        held = sock.dup()
        held.shutdown(socket.SHUT_WR)
    except OSError:
        return False
    deadline = loop.time() + timeout_s

    def look() -> None:
        if unsent_bytes(held):
            if loop.time() < deadline:
                loop.call_later(LINGER_POLL_S, look)
                return
            reset(held)
        held.close()
        done()

    loop.call_later(LINGER_POLL_S, look)
    return True
