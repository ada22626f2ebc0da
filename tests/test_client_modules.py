"""The browser client's modules as Node loads them for its unit tests
(tests/js): ES modules, by the project's package.json (the benchmark's
Node scripts keep CommonJS: bench/package.json is theirs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")


def test_node_loads_the_client_s_modules_as_es_modules_without_a_warning():
    # without "type": "module" Node warned, module by module, that it had to
    # parse each again as an ES module (MODULE_TYPELESS_PACKAGE_JSON)
    run = subprocess.run(
        ["node", "--input-type=module", "-e", "await import('./static/games/clocks.js'); await import('./static/i18n.js');"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stderr
    assert "Warning" not in run.stderr, run.stderr

