"""A process started on a port chosen free still starts when another
process takes that port first (two test workers, or anything else on the
machine, can be handed the same free port between its choice and its bind),
and is never mistaken for the process that took it."""

from __future__ import annotations

import json
import os
import socket
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer

from lobby.redis_server import RedisServer, free_port


def _ports(first: int):
    """A port chooser that hands out ``first``, then free ports."""
    handed = [first]

    def pick() -> int:
        return handed.pop() if handed else free_port()

    return pick


def test_a_redis_server_whose_chosen_port_was_taken_starts_on_another(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        server = RedisServer(tmp_path, appendonly=False, pick_port=_ports(busy)).start()
        try:
            assert server.port != busy
            assert server._answering_pid() == server.proc.pid
        finally:
            server.stop()


def test_a_redis_server_on_a_given_port_that_is_taken_says_so(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        server = RedisServer(tmp_path, port=busy, appendonly=False)
        try:
            server.start()
        except RuntimeError as exc:
            assert "exited" in str(exc)
        else:
            raise AssertionError("a given port is kept, and a taken one is an error")
        finally:
            server.stop()


class _OtherLobby(BaseHTTPRequestHandler):
    """Another process's lobby: healthy, with its own pid."""

    def do_GET(self) -> None:
        body = json.dumps({"ok": True, "pid": os.getpid()}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def test_a_lobby_process_is_not_mistaken_for_another_one_on_its_port(lobby_factory):
    other = HTTPServer(("127.0.0.1", 0), _OtherLobby)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        taken = other.server_address[1]
        proc = lobby_factory(prefix="ports", pick_port=_ports(taken))
        assert proc.port != taken
        with urllib.request.urlopen(f"{proc.http}/healthz", timeout=5) as r:
            assert json.loads(r.read())["pid"] == proc.proc.pid
    finally:
        other.shutdown()
        other.server_close()
