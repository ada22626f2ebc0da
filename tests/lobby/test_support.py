"""The shared test steps of tests/lobby/support.py do what the tests rely on."""

from __future__ import annotations

import time

from .support import polled, replayed


def test_replayed_builds_each_view_from_a_snapshot_and_its_deltas():
    frames = [
        {"t": "welcome"},
        {"t": "snapshot", "table": "a", "version": 1, "view": {"n": 1, "s": "waiting"}},
        {"t": "delta", "table": "b", "version": 9, "patch": [{"op": "replace", "path": "/n", "value": 99}]},
        {"t": "delta", "table": "a", "version": 2, "patch": [{"op": "replace", "path": "/n", "value": 2}]},
        {"t": "ok", "ref": 3},
        {"t": "delta", "table": "a", "version": 3, "patch": [{"op": "replace", "path": "/s", "value": "playing"}]},
    ]
    seen = [(frame["version"], view) for frame, view in replayed(frames, "a")]
    assert seen == [(1, {"n": 1, "s": "waiting"}), (2, {"n": 2, "s": "waiting"}), (3, {"n": 2, "s": "playing"})]
    assert frames[1]["view"] == {"n": 1, "s": "waiting"}, "the kept snapshot is not patched in place"
    # without a table, every table's frames count (one table's client keeps only its own)
    assert [frame["version"] for frame, _ in replayed(frames[:2])] == [1]


async def test_polled_returns_the_first_value_that_is_done_or_the_last_at_the_deadline():
    values = iter(range(100))

    async def read() -> int:
        return next(values)

    assert await polled(read, lambda v: v == 3) == 3
    t0 = time.monotonic()
    last = await polled(read, lambda v: False, timeout_s=0.1)
    assert 4 <= last < 100 and time.monotonic() - t0 < 2
