"""The order and the workers the suite hands its tests to
(tests/scheduling.py)."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import SimpleNamespace

from .scheduling import WaitsAside, pick, scope_of, waits_file

ROOT = Path(__file__).resolve().parent.parent


def test_the_files_read_as_waiting_are_those_whose_module_carries_the_waits_mark():
    marked, read = set(), set()
    for path in sorted(ROOT.glob("tests/**/test_*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("tests/browser/"):  # one by one whatever their marks
            continue
        module = importlib.import_module(name[: -len(".py")].replace("/", "."))
        marks = getattr(module, "pytestmark", [])
        if any(m.name == "waits" for m in (marks if isinstance(marks, list) else [marks])):
            marked.add(name)
        if waits_file(path):
            read.add(name)
    assert "tests/security/test_quotas.py" in marked
    assert read == marked


def test_a_file_s_tests_are_one_unit_and_each_browser_test_is_its_own():
    assert scope_of("tests/engines/test_stud.py::test_x[a]", ROOT) == scope_of("tests/engines/test_stud.py::Deal::test_y", ROOT)
    assert scope_of("tests/engines/test_stud.py::test_x", ROOT) == "tests/engines/test_stud.py"
    assert scope_of("tests/security/test_quotas.py::test_x", ROOT) == "waits:tests/security/test_quotas.py"
    browser = "tests/browser/test_forms_browser.py::test_x[360x740]"
    assert scope_of(browser, ROOT) == browser


QUEUE = ["tests/a.py", "waits:tests/b.py", "tests/c.py", "waits:tests/d.py", "tests/browser/test_e.py::t1"]


def test_the_waiting_files_go_to_the_worker_set_aside_and_the_rest_to_the_others_in_order():
    assert pick(QUEUE, aside=True, browsing=False) == "waits:tests/b.py"
    assert pick(QUEUE, aside=False, browsing=False) == "tests/a.py"
    assert pick(QUEUE[2:], aside=False, browsing=False) == "tests/c.py"


def test_the_worker_set_aside_takes_other_files_once_no_file_waits_but_never_a_browser_test():
    assert pick(["tests/browser/test_e.py::t1", "tests/c.py"], aside=True, browsing=False) == "tests/c.py"
    assert pick(["tests/browser/test_e.py::t1"], aside=True, browsing=False) is None
    assert pick([], aside=True, browsing=False) is None


def test_a_worker_that_ran_a_browser_test_is_given_browser_tests_only():
    assert pick(["waits:tests/d.py", "tests/c.py", "tests/browser/test_e.py::t1"], aside=False, browsing=True) == "tests/browser/test_e.py::t1"
    assert pick(["waits:tests/d.py", "tests/c.py"], aside=False, browsing=True) is None
    assert pick(["waits:tests/d.py"], aside=False, browsing=False) == "waits:tests/d.py"


class _Worker:
    """A worker as the scheduler sees one: what it was sent, and whether it
    was told to stop (a unit's stand-in for xdist's WorkerController)."""

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.sent: list[int] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        self.sent += indices

    def shutdown(self) -> None:
        self.shutting_down = True


def test_a_worker_that_may_take_nothing_left_is_stopped_at_once_so_its_last_test_runs(tmp_path):
    (tmp_path / "tests" / "browser").mkdir(parents=True)
    (tmp_path / "tests" / "test_w.py").write_text("import pytest\n\npytestmark = pytest.mark.waits\n")
    collection = ["tests/test_w.py::t", "tests/test_a.py::t1", "tests/test_a.py::t2", "tests/test_a.py::t3"]
    collection += [f"tests/browser/test_b_browser.py::t{i}" for i in range(4)]
    config = SimpleNamespace(getvalue=lambda name: ["2*popen"], option=SimpleNamespace(loadscopereorder=True), rootpath=tmp_path)
    sched = WaitsAside(config)
    aside, other = _Worker("gw0"), _Worker("gw1")
    for worker in (aside, other):
        sched.add_node(worker)
        sched.add_node_collection(worker, collection)
    sched.schedule()
    assert [collection[i] for i in aside.sent] == ["tests/test_w.py::t"]
    sched.mark_test_complete(aside, 0)  # its waits file done: only browser tests are left for it
    assert aside.shutting_down, "the set-aside worker, which takes no browser test, is stopped"
    assert not any(collection[i].startswith("tests/browser/") for i in aside.sent)
    done = 0
    while done < len(other.sent):  # the other worker runs what it is sent, and is sent more
        sched.mark_test_complete(other, other.sent[done])
        done += 1
    assert sorted(collection[i] for i in other.sent) == sorted(collection[1:]), "the other worker runs every other test"
    assert other.shutting_down


def test_a_lone_worker_runs_the_waiting_files_first_and_the_browser_tests_last():
    queue = ["tests/a.py", "tests/browser/test_e.py::t1", "waits:tests/b.py"]
    assert pick(queue, aside=False, browsing=False, alone=True) == "waits:tests/b.py"
    assert pick(queue[:2], aside=False, browsing=False, alone=True) == "tests/a.py"
    assert pick(queue[1:2], aside=False, browsing=True, alone=True) == "tests/browser/test_e.py::t1"


def test_one_worker_runs_every_test_of_a_waiting_file_another_file_and_browser_tests(tmp_path):
    (tmp_path / "tests" / "browser").mkdir(parents=True)
    (tmp_path / "tests" / "test_w.py").write_text("import pytest\n\npytestmark = pytest.mark.waits\n")
    collection = ["tests/browser/test_b_browser.py::t0", "tests/browser/test_b_browser.py::t1", "tests/test_a.py::t1", "tests/test_a.py::t2", "tests/test_w.py::t"]
    config = SimpleNamespace(getvalue=lambda name: ["1*popen"], option=SimpleNamespace(loadscopereorder=True), rootpath=tmp_path)
    sched = WaitsAside(config)
    only = _Worker("gw0")
    sched.add_node(only)
    sched.add_node_collection(only, collection)
    sched.schedule()
    done = 0
    while done < len(only.sent):
        sched.mark_test_complete(only, only.sent[done])
        done += 1
    ran = [collection[i] for i in only.sent]
    assert sorted(ran) == sorted(collection), "every test runs on the one worker"
    assert ran[0] == "tests/test_w.py::t" and ran[-1].startswith("tests/browser/"), ran
    assert only.shutting_down
