"""Lobby processes for the tests, forked from one parent that has imported
the lobby once (``LobbyProcess`` in tests/conftest.py starts them here).

``python -m lobby`` spends most of its start importing (the engines,
uvicorn, the confusables and name data); the suite starts ~190 of them.
Here each pytest worker's first start launches the standard library's
forkserver (:mod:`multiprocessing.forkserver`), which imports
``lobby.__main__`` and this module once and builds the name tables
(:data:`PRELOAD`, tests/lobby_preload.py), and every lobby
process is a fork of it that runs :func:`serve`: the environment the test
gave (``os.environ`` replaced), the project root as cwd, stdout and stderr
on the test's log file, then ``lobby.__main__.main(argv)``.

So nothing in ``lobby`` may read the environment at import
(``lobby.failpoints.arm()`` runs at start), and a lobby process is the
forkserver's child, not the worker's: :class:`ForkedLobby` gives it
``subprocess.Popen``'s methods, its exit status coming through the
forkserver. Dying with the worker: a forked process closes its copy of the
forkserver's "alive" pipe, so the worker's death (however it dies) ends the
forkserver, whose death sends the process SIGTERM (``PR_SET_PDEATHSIG``,
as ``die_with_parent`` did for ``python -m lobby``); at the worker's normal
exit multiprocessing sends SIGTERM to every process still running
(``daemon``) and waits for it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import subprocess
import sys
from multiprocessing import forkserver
from pathlib import Path

from lobby.redis_server import die_with_parent

ROOT = Path(__file__).resolve().parent.parent

#: imported once by the forkserver; its children inherit them
PRELOAD = ["lobby.__main__", "tests.lobby_fork", "tests.lobby_preload"]

_context: multiprocessing.context.ForkServerContext | None = None


def context() -> multiprocessing.context.ForkServerContext:
    """The forkserver context, its server started (once per process) in
    the project root: its ``sys.path`` starts with its cwd, so it imports
    this tree's ``lobby`` as ``python -m lobby`` run there does."""
    global _context
    if _context is None:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        with contextlib.chdir(ROOT):
            forkserver.ensure_running()
        _context = ctx
    return _context


def serve(argv: list[str], env: dict[str, str], log_path: str) -> None:
    """In the forked process: become ``python -m lobby *argv`` with
    environment ``env``, cwd the project root, stdout and stderr appended
    to ``log_path``."""
    parent = os.getppid()
    die_with_parent()
    if os.getppid() != parent:  # the forkserver died before the line above
        os.kill(os.getpid(), signal.SIGTERM)
    alive = getattr(forkserver._forkserver, "_forkserver_alive_fd", None)
    if alive is not None:
        # while any child holds it the forkserver outlives the worker (and so would we)
        os.close(alive)
        forkserver._forkserver._forkserver_alive_fd = None
    # daemon only in the worker (SIGTERM at its exit): this process may start
    # processes of its own (the replay workers' pool), which a daemon may not
    multiprocessing.current_process().daemon = False
    fd = os.open(log_path, os.O_WRONLY | os.O_APPEND)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)
    os.chdir(ROOT)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = [str(ROOT / "lobby" / "__main__.py"), *argv]
    from lobby.__main__ import main

    main(argv)


class ForkedLobby:
    """A started lobby process with the parts of ``subprocess.Popen``
    the tests use: ``pid``, ``returncode``, ``poll()``, ``wait()``,
    ``send_signal()``, ``terminate()``, ``kill()``."""

    def __init__(self, argv: list[str], env: dict[str, str], log_path: Path) -> None:
        self.args = argv
        self._process = context().Process(target=serve, args=(argv, env, str(log_path)), daemon=True, name=f"lobby {' '.join(argv)}")
        self._process.start()
        self.pid: int = self._process.pid  # type: ignore[assignment]

    @property
    def returncode(self) -> int | None:
        """The exit code, ``-signal`` if a signal ended it; None while it runs."""
        return self._process.exitcode

    def poll(self) -> int | None:
        return self._process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self._process.join(timeout)
        if self._process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout)  # type: ignore[arg-type]
        return self._process.exitcode

    def send_signal(self, sig: int) -> None:
        if self._process.exitcode is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass  # exited, not yet reported

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)
