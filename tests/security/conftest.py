"""A lobby process for the security tests that need no special settings
(module scope: one process serves a module's tests)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def sec_lobby(module_lobby_factory):
    return module_lobby_factory(prefix="sec")
