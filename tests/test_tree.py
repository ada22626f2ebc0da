"""The tree as shipped: no half-done merge, and every browser module parses.

A merge once left ``<<<<<<<``/``>>>>>>>`` lines in static/i18n.js: every page
stayed blank (the module did not parse) while every Python test passed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.M)


def _tracked() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_file_holds_merge_conflict_markers():
    hits = []
    for path in _tracked():
        if path.suffix in {".png", ".ico", ".woff", ".woff2"} or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        hits += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}" for m in MARKER.finditer(text)]
    assert hits == []


def test_every_browser_module_parses(tmp_path):
    """``node --check`` on each static/ script as an ES module (the README
    needs Node, so the test command has it)."""
    node = shutil.which("node")
    assert node, "Node is needed (README)"
    bad = []
    for path in sorted((ROOT / "static").rglob("*.js")):
        copy = tmp_path / (path.stem + ".mjs")
        copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
        run = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
        if run.returncode:
            bad.append(f"{path.relative_to(ROOT)}: {run.stderr.strip().splitlines()[-1] if run.stderr.strip() else run.returncode}")
    assert bad == []
