"""Failpoints: named places where a test makes this process die as a crash
would (it sends itself SIGKILL: no cleanup, no shutdown, nothing flushed).

A process arms them from ``LOBBY_FAILPOINTS`` (comma-separated names) when
it starts; unset (every real deployment), :func:`hit` is one set lookup.
The names, each at one place in the code:

- ``before_payout``: a game's last commit (its settlement, with its rating
  changes) is in Redis, its payout not yet applied (:meth:`Rooms.settle`).
"""

from __future__ import annotations

import os
import signal

_ARMED = frozenset(name.strip() for name in os.environ.get("LOBBY_FAILPOINTS", "").split(",") if name.strip())


def hit(name: str) -> None:
    """Die here (kill -9 of this process) if failpoint ``name`` is armed."""
    if name in _ARMED:
        os.kill(os.getpid(), signal.SIGKILL)
