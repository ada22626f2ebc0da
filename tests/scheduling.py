"""The suite's pytest-xdist scheduler (tests/conftest.py's
``pytest_xdist_make_scheduler``, for ``--dist loadgroup``)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from xdist.scheduler import LoadScopeScheduling

#: A file's ``pytestmark`` line that marks all its tests ``waits``.
_WAITS_MARK = re.compile(r"^pytestmark\s*=.*\bpytest\.mark\.waits\b", re.M)


@lru_cache(maxsize=None)
def waits_file(path: Path) -> bool:
    """Whether the test file at ``path`` marks its tests ``waits`` in its
    ``pytestmark`` line. The controller of the workers collects no test, so
    it reads the mark in the source (tests/test_scheduling.py checks that
    the two agree)."""
    try:
        return _WAITS_MARK.search(path.read_text(encoding="utf-8")) is not None
    except OSError:
        return False


def scope_of(nodeid: str, root: Path) -> str:
    """The unit a test is handed out in: a browser test alone (its fixtures
    are the worker's), any other test with its file's (module fixtures:
    lobbies, a cluster, started once), named ``waits:<file>`` when the file
    is marked ``waits``. ``root``: the directory node ids are relative to
    (pytest's rootdir)."""
    path = nodeid.split("::")[0]
    if path.startswith("tests/browser/"):
        return nodeid
    return f"waits:{path}" if waits_file(root / path) else path


def pick(scopes: list[str], aside: bool, browsing: bool, alone: bool = False) -> str | None:
    """The scope a worker is given next from ``scopes`` (the queue, in the
    order tests/conftest.py sorted the tests: the others' files, then the
    browser tests), or None when none may ever run there (the queue only
    shrinks). ``aside``: the worker the waits files go to, which takes no
    browser test; ``browsing``: a worker that has been given a browser test,
    which takes browser tests only; ``alone``: the only worker, which takes
    the waits files, then the other files, then the browser tests."""

    def first(fits) -> str | None:
        return next((s for s in scopes if fits(s)), None)

    def waits(scope: str) -> bool:
        return scope.startswith("waits:")

    def browser(scope: str) -> bool:
        return scope.startswith("tests/browser/")

    if alone:
        return first(waits) or first(lambda s: not browser(s)) or first(browser)
    if aside:
        return first(waits) or first(lambda s: not browser(s))
    if browsing:
        return first(browser)
    return first(lambda s: not waits(s)) or first(waits)


class WaitsAside(LoadScopeScheduling):
    """Each file of tests other than the browser's to one worker whole, the
    browser tests one by one, in the order tests/conftest.py's
    ``pytest_collection_modifyitems`` sorted them (:func:`scope_of`), with
    the files marked ``waits`` (quota windows, idle timeouts, live games:
    most of their time spent waiting in real time) set aside for the first
    worker, one after the other, while the others use the cores on the
    rest (:func:`pick`). Handed out among the others, several workers
    waited at once and left the two cores idle for half-minute stretches.

    The worker set aside takes no browser test, so three run at once on
    four workers: on the two-core box a fourth beside them made every
    browser test slower and costlier (each Chromium, lobby and driver
    fighting for the cores: docs/testing.md has the runs). A worker that has
    been given a browser test is given no other kind (Playwright's event
    loop stays open to the session's end, and an asyncio test could not
    start its own); another takes a waits file only when nothing else is
    left and it has run no browser test. With one worker, nothing is set
    aside: it runs the waits files first, the browser tests last.

    A worker runs the last test it holds only once it is given another or
    told to stop, so a worker that may take nothing left in the queue is
    stopped at once: the set-aside worker's last waits file once waited
    three minutes for the browser tests to end.

    pytest-xdist's own ``loadgroup`` groups by ``xdist_group`` marks in
    the node ids, which it can no longer rename under pytest 9.2."""

    def __init__(self, config, log=None) -> None:
        super().__init__(config, log)
        self._root = config.rootpath
        self._aside = None
        self._browsing: set = set()

    def _split_scope(self, nodeid: str) -> str:
        return scope_of(nodeid, self._root)

    def _assign_work_unit(self, node) -> None:
        if self._aside is None and len(self.nodes) > 1:
            self._aside = node
        for done in [scope for scope, unit in self.workqueue.items() if all(unit.values())]:
            del self.workqueue[done]  # run by a worker that then crashed: xdist queued its whole workload again
        scope = pick(list(self.workqueue), node is self._aside, node in self._browsing, alone=len(self.nodes) == 1)
        if scope is None:  # nothing here for it now or later: its last test runs, and it stops
            node.shutdown()
            return
        if scope.startswith("tests/browser/"):
            self._browsing.add(node)
        self.workqueue.move_to_end(scope, last=False)
        super()._assign_work_unit(node)
        if not self.workqueue:  # the workers pick left idle
            for other, work in self.assigned_work.items():
                if other is not node and not other.shutting_down and self._pending_of(work) == 0:
                    other.shutdown()
