"""The order and the workers the suite hands its tests to
(tests/scheduling.py)."""

from __future__ import annotations

import importlib
from pathlib import Path

from .scheduling import pick, scope_of, waits_file

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


def test_the_worker_set_aside_takes_the_rest_once_no_file_waits():
    assert pick(["tests/c.py", "tests/browser/test_e.py::t1"], aside=True, browsing=False) == "tests/c.py"
    assert pick(["tests/browser/test_e.py::t1"], aside=True, browsing=True) == "tests/browser/test_e.py::t1"


def test_a_worker_that_ran_a_browser_test_is_given_browser_tests_only():
    assert pick(["waits:tests/d.py", "tests/browser/test_e.py::t1"], aside=False, browsing=True) == "tests/browser/test_e.py::t1"
    assert pick(["waits:tests/d.py"], aside=False, browsing=True) is None
    assert pick(["waits:tests/d.py"], aside=False, browsing=False) == "waits:tests/d.py"
    assert pick([], aside=True, browsing=False) is None
