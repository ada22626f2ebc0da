"""Every place the lobby reaches into the websocket server's internals:
uvicorn's sans-I/O websocket protocol (``websockets-sansio``, the protocol
object behind a Starlette ``WebSocket``) and the websockets library's
connection state.  Checked against uvicorn 0.55.0 and websockets 17.4; an
upgrade of either touches this file only.  Each function falls back to
doing nothing (or None / False) when the server is not one it knows, so
another ASGI server still works, through Starlette's ``send``.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from starlette.websockets import WebSocket
from websockets.protocol import State


def protocol_of(ws: WebSocket) -> Any:
    """The server's protocol object under a websocket, where the server
    exposes it (uvicorn's protocols hand their bound ``receive`` to the app)
    and it has an asyncio transport; else None."""
    proto = getattr(getattr(ws, "_receive", None), "__self__", None)
    return proto if hasattr(getattr(proto, "transport", None), "abort") else None


def transport_of(proto: Any) -> Any:
    """The asyncio transport of a :func:`protocol_of` object (None: none)."""
    return getattr(proto, "transport", None)


def drop_handshake(proto: Any) -> None:
    """Let go of the handshake's request and response that uvicorn's
    protocol keeps after the accept (~3 KiB of headers per connection)."""
    if proto is not None and getattr(proto, "handshake_complete", False):
        for name in ("request", "response"):
            if hasattr(proto, name):
                setattr(proto, name, None)


def spread_keepalive(proto: Any) -> None:
    """Move a new connection's first keepalive ping (uvicorn's, every
    ``ws_ping_interval`` s from the accept) to a random point of the first
    interval, so clients that connected together are not pinged together
    ever after (2,000 pings in one burst were W3's slowest frames)."""
    timer = getattr(proto, "ping_timer", None)
    interval = getattr(proto, "ping_interval", None)
    if timer is None or not interval or not hasattr(proto, "send_keepalive_ping"):
        return
    timer.cancel()
    proto.ping_timer = asyncio.get_running_loop().call_later(random.uniform(0.1, interval), proto.send_keepalive_ping)


def can_write_directly(proto: Any) -> bool:
    """Whether ``proto`` is a websocket protocol object :func:`write_binary`
    knows how to write frames to (uvicorn's ``websockets-sansio``)."""
    return proto is not None and all(hasattr(proto, a) for a in ("conn", "transport", "writable", "close_sent", "disconnected")) and hasattr(
        getattr(proto, "conn", None), "send_binary"
    )


def writable(proto: Any) -> bool:
    """Whether a frame written to ``proto`` now goes out without waiting: the
    transport takes more and the connection is neither closing nor gone."""
    return proto.writable.is_set() and not proto.close_sent and not proto.disconnected


def write_binary(proto: Any, data: bytes, wire: bytes | None = None) -> None:
    """Write ``data`` as one binary frame to ``proto``'s transport, as
    uvicorn's ASGI ``send`` does, without awaiting; ``wire``: ``data``
    already framed (``fanout.frame_bytes``), written as is when the
    connection is open and has no extension (compression) to apply.
    Raises whatever the connection raises once it went away."""
    conn = proto.conn
    if wire is not None and conn.state is State.OPEN and not conn.extensions:
        proto.transport.write(wire)  # what send_binary would frame, framed once
    else:
        conn.send_binary(data)
        proto.transport.write(b"".join(conn.data_to_send()))
