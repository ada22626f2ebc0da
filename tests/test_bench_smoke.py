"""The benchmark's one-minute smoke run (bench/run.py --smoke): every cell runs
against all three servers — ours, the bare-websockets floor and Colyseus —
W6 (an arena's start) against ours alone, and every step is valid.  Targets are the full run's business, not this
test's: it checks that the benchmark works, not how fast we are."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.waits  # mostly real-time waits: run beside other workers' CPU-bound tests (tests/conftest.py)

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_smoke_runs_every_cell_on_every_server(tmp_path):
    out = tmp_path / "smoke.jsonl"
    run = subprocess.run(
        [sys.executable, "bench/run.py", "--smoke", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    records = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    cells = [r for r in records if "cell" in r]
    ran = {(r["cell"], r["peer"]) for r in cells}
    assert ran == {(c, p) for c in ("w1", "w2", "w3", "w4", "w5") for p in ("lobby", "floor", "colyseus")} | {("w6", "lobby")}
    assert all(r["ok"] for r in cells), [r for r in cells if not r["ok"]]
    ours = [s for r in cells if r["peer"] == "lobby" and r["cell"] not in ("w4", "w6") for s in r["steps"]]
    assert ours and all(s["deliveries"] > 0 and s["errors"] == 0 and s["lost"] == 0 for s in ours)
    # the arena's start: every player paired, every table of the start at its first turn, moves delivered
    [arena] = [r["arena"] for r in cells if r["cell"] == "w6"]
    assert arena["unpaired"] == 0 and arena["wave_tables"] >= 1 and arena["first_turn_ms"]["n"] == arena["wave_tables"], arena
    assert arena["deliveries"] > 0 and arena["errors"] == 0, arena
    print(run.stdout[-3000:])
