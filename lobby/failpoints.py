"""Failpoints: named places where a test makes this process die as a crash
would (it sends itself SIGKILL: no cleanup, no shutdown, nothing flushed).

A process arms them from ``LOBBY_FAILPOINTS`` (comma-separated names) when
it starts (:func:`arm`, which ``python -m lobby`` calls; not at import: the
tests fork lobby processes from one parent that imported this module once,
tests/lobby_fork.py); unset (every real deployment), :func:`hit` is one set
lookup.
The names, each at one place in the code:

- ``before_payout``: a game's last commit (its settlement, with its rating
  changes) is in Redis, its payout not yet applied (:meth:`Rooms.settle`:
  a cluster, or a table whose settlement was committed apart).
- ``game_end_committed``: on one Redis, the commit that ends a game (its
  settlement, ratings, payout and history in one script) has just landed
  and nothing after it has run (:meth:`Rooms.update`).
- ``arena_taken``: an arena's pairing took a group out of the pool
  (``lua/arena_take.lua``) and has not opened its table yet
  (:meth:`lobby.arenas.Arenas.pair`).
- ``hello_signed_out``: a resuming hello has read its token but not yet
  followed its player's pushes; it waits here until the token is gone (a
  sign-out elsewhere ran in between) and goes on (:meth:`Session.on_hello`).
"""

from __future__ import annotations

import asyncio
import os
import signal
from typing import Awaitable, Callable

_ARMED: frozenset[str] = frozenset()


def arm() -> None:
    """Arm the failpoints ``LOBBY_FAILPOINTS`` names (none when unset)."""
    global _ARMED
    _ARMED = frozenset(name.strip() for name in os.environ.get("LOBBY_FAILPOINTS", "").split(",") if name.strip())


def hit(name: str) -> None:
    """Die here (kill -9 of this process) if failpoint ``name`` is armed."""
    if name in _ARMED:
        os.kill(os.getpid(), signal.SIGKILL)


async def wait_for(name: str, condition: Callable[[], Awaitable[bool]], timeout_s: float = 60.0, poll_s: float = 0.01) -> None:
    """Wait here until ``condition()`` holds (polled every ``poll_s`` s, at
    most ``timeout_s`` s) if failpoint ``name`` is armed: the test makes
    another process act inside a window that is otherwise a few ms wide."""
    if name not in _ARMED:
        return
    async with asyncio.timeout(timeout_s):
        while not await condition():
            await asyncio.sleep(poll_s)
