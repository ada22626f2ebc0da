"""A lobby process for the security tests that need no special settings
(module scope: one process serves a module's tests)."""

from __future__ import annotations

import pytest

from tests.conftest import LobbyProcess


@pytest.fixture(scope="module")
def sec_lobby(redis_server):
    proc = LobbyProcess(redis_server.url, prefix="sec").start()
    yield proc
    proc.stop()
