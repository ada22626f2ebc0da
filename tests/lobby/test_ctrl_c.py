"""The README's ``scripts/run.sh``, stopped with Ctrl-C: the lobby drains,
stops its private Redis and exits quietly (no traceback for a user's stop),
also once a replay was read (its worker processes, spawned then, get the
terminal's Ctrl-C too: a fresh README check saw their KeyboardInterrupt
tracebacks)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from lobby.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


def _as_from_a_terminal() -> None:
    """In the lobby's process before it runs: Ctrl-C's default action, as a
    terminal's shell gives it.  A suite started in the background by a
    script (CI) runs with SIGINT ignored, which children inherit, and a
    Python started so never turns SIGINT into KeyboardInterrupt: the lobby
    then stops on it all the same but exits 0."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _healthy(proc: subprocess.Popen, port: int, log) -> bool:
    """True once ``proc`` itself (its pid) answers /healthz on ``port``;
    False if it exited because another process holds the port."""
    deadline = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            assert "address already in use" in log.read_text(), log.read_text()
            return False
        assert time.monotonic() < deadline, "the lobby did not become healthy"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=0.5) as r:
                if r.status == 200 and json.loads(r.read())["pid"] == proc.pid:
                    return True
        except OSError:
            pass
        time.sleep(0.05)


@pytest.mark.parametrize("read_a_replay", [False, True], ids=["idle", "after-a-replay"])
def test_ctrl_c_stops_the_lobby_and_its_private_redis_quietly(tmp_path, read_a_replay):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    log = tmp_path / "lobby.log"
    with open(log, "wb") as out:
        for _ in range(5):  # a port chosen free can be taken before the lobby binds it
            port = free_port()
            out.seek(0)
            out.truncate()
            proc = subprocess.Popen(
                [sys.executable, "-m", "lobby", "--port", str(port), "--data-dir", str(tmp_path / "data"), "--log-level", "info"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                preexec_fn=_as_from_a_terminal,
            )
            try:
                if _healthy(proc, port, log):
                    break
            except BaseException:
                proc.kill()
                proc.wait()
                raise
        else:
            raise AssertionError("five ports chosen free were all taken first")
        try:
            redis_port = int(re.search(r"private redis-server on redis://127\.0\.0\.1:(\d+)", log.read_text()).group(1))
            if read_a_replay:
                url = f"ws://127.0.0.1:{port}/ws"
                client = [sys.executable, "-m", "lobby.client", "--url", url]
                played = subprocess.run([*client, "play", "--game", "sibala", "--players", "2", "--tables", "1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True)
                table = json.loads(played.stdout.splitlines()[0])["table"]
                checked = subprocess.run([*client, "verify", "--table", table], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=True)
                assert json.loads(checked.stdout)["ok"], checked.stdout
            os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole group
            rc = proc.wait(30)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    text = log.read_text()
    assert "Traceback" not in text, text[-2000:]
    assert rc == 128 + signal.SIGINT  # the shell's code for a stop by Ctrl-C
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", redis_port)) != 0, "the private redis-server outlived the lobby"
