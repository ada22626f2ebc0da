"""Conventions of the test tree itself."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_test_imports_conftest_by_path():
    # fixtures come through pytest; plain helpers live in support modules
    # (tests/lobby/support.py, tests/security/support.py, tests/browser/helpers.py)
    pattern = re.compile(r"^\s*(from\s+(\.+|tests\.(\w+\.)*)conftest\s+import|import\s+tests\.(\w+\.)*conftest)", re.M)
    offenders = [str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == [], f"use the fixtures (lobby_factory, module_lobby_factory...) instead: {offenders}"
