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


def pick(scopes: list[str], aside: bool, browsing: bool) -> str | None:
    """The scope a worker is given next from ``scopes`` (the queue, in the
    order tests/conftest.py sorted the tests: the others' files, then the
    browser tests): ``aside`` when it is the worker the waits files go to,
    ``browsing`` when it has been given a browser test; None when none may
    run there."""
    first_waits = next((s for s in scopes if s.startswith("waits:")), None)
    if aside and first_waits is not None:
        return first_waits
    first_other = next((s for s in scopes if not s.startswith("waits:")), None)
    if first_other is not None and (not browsing or first_other.startswith("tests/browser/")):
        return first_other
    return None if browsing else first_waits


class WaitsAside(LoadScopeScheduling):
    """Each file of tests other than the browser's to one worker whole, the
    browser tests one by one, in the order tests/conftest.py's
    ``pytest_collection_modifyitems`` sorted them (:func:`scope_of`), with
    the files marked ``waits`` (quota windows, idle timeouts, live games:
    most of their time spent waiting in real time) set aside for the first
    worker, one after the other, while the others use the cores on the
    rest (:func:`pick`). Handed out among the others, several workers
    waited at once and left the two cores idle for half-minute stretches.

    A worker that has been given a browser test is given no other kind
    (Playwright's event loop stays open to the session's end, and an
    asyncio test could not start its own): the first worker takes the rest
    of the queue once the waits files are done; another takes a waits file
    only when nothing else is left and it has run no browser test.

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
        if self._aside is None:
            self._aside = node
        scope = pick(list(self.workqueue), node is self._aside, node in self._browsing)
        if scope is None:  # shut down with the others once the queue is empty
            return
        if scope.startswith("tests/browser/"):
            self._browsing.add(node)
        self.workqueue.move_to_end(scope, last=False)
        super()._assign_work_unit(node)
        if not self.workqueue:  # the workers pick left idle
            for other, work in self.assigned_work.items():
                if other is not node and not other.shutting_down and self._pending_of(work) == 0:
                    other.shutdown()
