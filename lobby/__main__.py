"""``python -m lobby``: serve the lobby (embedded Redis unless REDIS_URL is set).

Options: ``--host`` (default 127.0.0.1), ``--port`` (default 8000),
``--data-dir`` (default ./.lobby-data: the private Redis's append-only file).
"""

from __future__ import annotations

import argparse
import logging
import os

import uvicorn

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
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    server = None
    overrides = {}
    if not os.environ.get("REDIS_URL"):
        server = RedisServer(args.data_dir).start()
        overrides["redis_url"] = server.url
        logging.getLogger("lobby").info("private redis-server on %s, data in %s", server.url, args.data_dir)
    settings = Settings.from_env(**overrides)
    try:
        run(create_app(settings), args.host, args.port, settings, args.log_level)
    finally:
        if server is not None:
            server.stop()


class DrainingServer(uvicorn.Server):
    """uvicorn, but on SIGTERM/SIGINT every client first gets a ``bye`` frame
    and a 1001 close (reconnect elsewhere) before uvicorn closes sockets."""

    async def shutdown(self, sockets=None) -> None:
        lobby = getattr(self.config.app.state, "lobby", None)
        if lobby is not None:
            await lobby.drain()
        await super().shutdown(sockets)


def run(app, host: str, port: int, settings: Settings, log_level: str = "info") -> None:
    """Serve ``app`` with uvicorn, tuned for this protocol (small frames, no
    compression, bounded shutdown)."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=settings.max_frame,
        ws_per_message_deflate=False,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=settings.drain_s,
        log_level=log_level,
        lifespan="on",
    )
    DrainingServer(config).run()


if __name__ == "__main__":
    main()
