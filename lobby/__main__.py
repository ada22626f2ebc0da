"""``python -m lobby``: serve the lobby (embedded Redis unless REDIS_URL is set).

Options: ``--host`` (default 127.0.0.1), ``--port`` (default 8000),
``--data-dir`` (default ./.lobby-data: the private Redis's append-only file).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from . import bundle, endpoints, failpoints, quota, tcp
from .app import create_app
from .config import Settings
from .redis_server import RedisServer


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lobby", description="Serve the game lobby.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--data-dir", default="./.lobby-data", help="where the private Redis keeps its data")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    failpoints.arm()
    missing = endpoints.missing_vendor()
    if missing:
        # without them the page would sit at "Connecting…" with no word why
        parser.exit(2, f"python -m lobby: the browser libraries are not installed ({', '.join(missing)} under {endpoints.NODE_MODULES}); run `npm ci` in {endpoints.ROOT} (scripts/setup.sh does)\n")
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    bundle.build_if_stale()
    server = None
    overrides = {}
    if not os.environ.get("REDIS_URL"):
        server = RedisServer(args.data_dir).start()
        overrides["redis_url"] = server.url
        logging.getLogger("lobby").info("private redis-server on %s, data in %s", server.url, args.data_dir)
    settings = Settings.from_env(**overrides)
    try:
        run(create_app(settings), args.host, args.port, settings, args.log_level)
    except KeyboardInterrupt:
        # uvicorn re-raises the Ctrl-C it drained for: a stop, not a crash
        stopped = True
    else:
        stopped = False
    finally:
        if server is not None:
            server.stop()
    if stopped:
        raise SystemExit(128 + signal.SIGINT)


class DrainingServer(uvicorn.Server):
    """uvicorn, but on SIGTERM/SIGINT every client first gets a ``bye`` frame
    and a 1001 close (reconnect elsewhere) before uvicorn closes sockets."""

    async def main_loop(self) -> None:
        """uvicorn's loop (the Date header, the exit flag), ticking once a
        second, not ten times: an idle process's ten wake-ups a second were
        half its CPU. A signal wakes it at once (:meth:`handle_exit`)."""
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        should_exit = await self.on_tick(0)
        while not should_exit:
            try:
                await asyncio.wait_for(self._wake.wait(), 1.0)
            except TimeoutError:
                pass
            self._wake.clear()
            should_exit = await self.on_tick(0)  # a multiple of ten: the Date header at each tick

    def handle_exit(self, sig, frame) -> None:
        super().handle_exit(sig, frame)
        loop = getattr(self, "_loop", None)
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._wake.set)

    async def shutdown(self, sockets=None) -> None:
        lobby = getattr(self.config.app.state, "lobby", None)
        if lobby is not None:
            await lobby.drain()
        await super().shutdown(sockets)


#: kernel send buffer of each HTTP connection (bytes; Linux doubles it):
#: autotuned, it grew to 3.6 MB for a client that pipelined requests and read
#: nothing; 128 KiB still sends 2.5 MB/s to a client 100 ms away
HTTP_SEND_BUFFER_BYTES = 128 * 1024


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 HTTP protocol, but a connection that has not sent a
    whole request, head and body, ``header_timeout_s`` seconds after it
    opened or after its last response (an upgrade that never finishes, a
    socket that sends nothing, a head or a body trickled in a byte at a
    time) is closed, and a client address (the TCP peer, unless it is a
    trusted proxy) holds at most ``slots.cap`` (``Settings.conns_per_addr``) HTTP connections at
    once: the next one is closed at once; a client that takes no byte of
    a response for ``send_timeout_s`` seconds (its buffers full, or a
    finished response still unsent) is cut.  The kernel holds at most
    :data:`HTTP_SEND_BUFFER_BYTES` of responses for a connection, and a
    connection closed while its peer has not taken all of them is kept
    (its address's slot too, not left to the kernel as an orphan) until
    it has, or reset ``send_timeout_s`` after the close.  uvicorn's own
    ``timeout_keep_alive`` runs only while no byte of a next request came,
    and h11 puts no deadline on a body."""

    header_timeout_s: float = 10.0
    send_timeout_s: float = 30.0
    trusted: tuple = ()
    #: the HTTP connections open per client address (this process's)
    slots = quota.AddressSlots(64)

    def connection_made(self, transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        tcp.limit_send_buffer(transport.get_extra_info("socket"), HTTP_SEND_BUFFER_BYTES)
        self._head_timer = self.loop.call_later(self.header_timeout_s, self._head_timeout)
        self._send_timer: asyncio.TimerHandle | None = None
        self._addr = None
        peer = transport.get_extra_info("peername")
        addr = quota.client_address({"client": peer}, ()) if isinstance(peer, tuple) else None
        if addr is not None and not quota.is_trusted(peer[0], self.trusted):
            if not self.slots.take(addr):
                transport.close()
                return
            self._addr = addr

    def _let_go(self) -> None:
        """This connection no longer counts against its address."""
        addr, self._addr = self._addr, None
        if addr is not None:
            self.slots.give_back(addr)

    def pause_writing(self) -> None:
        super().pause_writing()
        # the client takes nothing while its buffers stay full: a deadline on that
        self._send_deadline()

    def resume_writing(self) -> None:
        super().resume_writing()
        # it took bytes: the deadline starts again for what is left
        self._no_send_deadline()
        if self.transport.get_write_buffer_size():
            self._send_deadline()

    def _send_deadline(self) -> None:
        if self._send_timer is None:
            self._send_timer = self.loop.call_later(self.send_timeout_s, self._send_timeout)

    def _no_send_deadline(self) -> None:
        if self._send_timer is not None:
            self._send_timer.cancel()
            self._send_timer = None

    def _send_timeout(self) -> None:
        # a response still not taken (a close() would wait for it forever)
        self._send_timer = None
        if self.transport.get_protocol() is self and self.transport.get_write_buffer_size():
            tcp.reset(self.transport.get_extra_info("socket"))  # the kernel drops what it holds for the client too
            self.transport.abort()

    def on_response_complete(self) -> None:
        if self.transport.get_write_buffer_size():
            self._send_deadline()  # a response not all taken yet: send_timeout_s for the rest
        super().on_response_complete()
        # the next request head on a kept-alive socket gets its own deadline
        # (uvicorn's keep-alive timer stops at the first byte of it)
        self._head_timer.cancel()
        if not self.transport.is_closing():
            self._head_timer = self.loop.call_later(self.header_timeout_s, self._head_timeout)

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_timer.cancel()
        self._no_send_deadline()
        # a peer that has not taken all its bytes keeps its address's slot until it has (or is reset)
        if exc is not None or not tcp.linger(self.loop, self.transport.get_extra_info("socket"), self.send_timeout_s, self._let_go):
            self._let_go()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event) -> None:  # type: ignore[no-untyped-def]
        # the head is complete and the socket goes to the websocket protocol:
        # let go of the timer now, or it would keep this protocol object (and
        # its h11 buffers, ~6 KiB) alive for the whole timeout per connection
        self._head_timer.cancel()
        self._no_send_deadline()
        self._let_go()  # websockets have limits of their own (hello, idle)
        super().handle_websocket_upgrade(event)

    def _head_timeout(self) -> None:
        # h11 is IDLE until a whole request head arrived and SEND_BODY until
        # its whole body did; a socket handed to the websocket protocol is
        # not ours to close
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()


class LingeringWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol, with deadlines for a peer that
    takes nothing:

    - a connection closed while its peer has not taken all its bytes (the
      close frame waits behind what it left) is kept, not left to the kernel
      as an orphan, until they are taken or reset ``send_timeout_s`` on
      (:func:`lobby.tcp.linger`);
    - a close begun (the app's, the peer's, or a keepalive ping unanswered
      for ``ws_ping_timeout``) that has not ended ``send_timeout_s`` on is a
      reset: asyncio closes a transport only once its buffer is written,
      which a peer that reads nothing never lets happen;
    - pings take ``ping_rate_per_s`` tokens (burst ``ping_burst``), as
      messages do (``LOBBY_RATE_PER_S``), and are answered only while less
      than ``send_queue_bytes`` wait for the peer: past either, a reset
      (each pong was written for a peer that could flood pings and read
      none: a black-box pass grew a process by 100 MB in 13 s)."""

    send_timeout_s: float = 30.0
    send_queue_bytes: int = 1_048_576
    ping_rate_per_s: float = 20.0
    ping_burst: float = 40.0

    def connection_made(self, transport) -> None:  # type: ignore[no-untyped-def]
        super().connection_made(transport)
        self.lost = False
        self.close_deadline: asyncio.TimerHandle | None = None
        self.ping_tokens = self.ping_burst
        self.ping_at = self.loop.time()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if self.close_deadline is not None:
            self.close_deadline.cancel()
        if exc is None:
            tcp.linger(self.loop, self.transport.get_extra_info("socket"), self.send_timeout_s, lambda: None)
        super().connection_lost(exc)

    def cut(self) -> None:
        """Reset the connection now (nothing more is sent to its peer)."""
        if not self.lost:
            tcp.reset(self.transport.get_extra_info("socket"))
            self.transport.abort()

    def closing(self) -> None:
        """A close has begun: reset ``send_timeout_s`` on unless it ended."""
        if self.close_deadline is None and not self.lost:
            self.close_deadline = self.loop.call_later(self.send_timeout_s, self.cut)

    def handle_ping(self) -> None:
        now = self.loop.time()
        self.ping_tokens = min(self.ping_burst, self.ping_tokens + (now - self.ping_at) * self.ping_rate_per_s)
        self.ping_at = now
        if self.ping_tokens < 1 or self.transport.get_write_buffer_size() > self.send_queue_bytes:
            self.cut()
            return
        self.ping_tokens -= 1
        super().handle_ping()

    def handle_close(self, event) -> None:  # type: ignore[no-untyped-def]
        super().handle_close(event)
        self.closing()

    def keepalive_timeout(self) -> None:
        super().keepalive_timeout()
        self.closing()

    def handle_parser_exception(self) -> None:
        super().handle_parser_exception()
        self.closing()

    async def send(self, message) -> None:  # type: ignore[no-untyped-def]
        await super().send(message)
        if message.get("type") == "websocket.close":
            self.closing()


def run(app, host: str, port: int, settings: Settings, log_level: str = "info") -> None:
    """Serve ``app`` with uvicorn, tuned for this protocol (small frames, no
    compression, bounded shutdown, a deadline for request heads), taking
    the TCP peer as the client address (``X-Forwarded-For`` is the lobby's
    to judge: ``LOBBY_TRUSTED_PROXIES``)."""
    protocol = type("HeaderTimeout", (HeaderTimeoutProtocol,), {
        "header_timeout_s": float(settings.header_timeout_s),
        "send_timeout_s": float(settings.send_timeout_s),
        "trusted": quota.trusted_networks(settings.trusted_proxies),
        "slots": quota.AddressSlots(settings.conns_per_addr),
    })
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol,
        proxy_headers=False,
        timeout_keep_alive=5,
        ws=type("Lingering", (LingeringWebSocketProtocol,), {
            "send_timeout_s": float(settings.send_timeout_s),
            "send_queue_bytes": settings.send_queue_bytes,
            "ping_rate_per_s": float(settings.rate_per_s),
            "ping_burst": float(settings.rate_burst),
        }),
        ws_max_size=settings.max_frame,
        ws_per_message_deflate=False,
        ws_ping_interval=settings.ws_ping_s,
        ws_ping_timeout=settings.ws_ping_s,
        timeout_graceful_shutdown=settings.drain_s,
        log_level=log_level,
        lifespan="on",
    )
    DrainingServer(config).run()


if __name__ == "__main__":
    main()
