"""The documents name tests as their evidence (docs/security.md's threat
table above all): every test and test file they name exists.  The table
once cited two tests by names a rule change had retired, beside a rule
the code no longer followed (a seat away at a game's end)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
#: "::test_name", "::test_prefix_*" (a family), "::test_name[param]"
TEST_REF = re.compile(r"::(test_\w+)(\*)?")
#: a test module by path ("tests/lobby/test_x.py") or by name ("test_x.py")
FILE_REF = re.compile(r"(?<![\w/.])((?:tests/[\w/]+/)?test_\w+\.(?:py|mjs))\b")


def _defined() -> set[str]:
    names: set[str] = set()
    for path in ROOT.glob("tests/**/*.py"):
        names.update(re.findall(r"^\s*(?:async )?def (test_\w+)", path.read_text(), re.M))
    return names


def _modules() -> set[str]:
    files = [*ROOT.glob("tests/**/test_*.py"), *ROOT.glob("tests/**/*.test.mjs")]
    return {str(p.relative_to(ROOT)) for p in files} | {p.name for p in files}


def test_every_test_the_documents_name_exists():
    defined = _defined()
    missing = [
        f"{doc.relative_to(ROOT)}: ::{m.group(1)}{m.group(2) or ''}"
        for doc in DOCS for m in TEST_REF.finditer(doc.read_text())
        if not (any(name.startswith(m.group(1)) for name in defined) if m.group(2) else m.group(1) in defined)
    ]
    assert len(defined) > 500
    assert missing == []


def test_every_test_file_the_documents_name_exists():
    modules = _modules()
    missing = [f"{doc.relative_to(ROOT)}: {m.group(1)}" for doc in DOCS for m in FILE_REF.finditer(doc.read_text()) if m.group(1) not in modules]
    assert missing == []


def test_the_references_are_read_as_written():
    assert [m.groups() for m in TEST_REF.finditer("`test_abuse.py::test_origin_*`, `::test_a_b[redis]`")] == [("test_origin_", "*"), ("test_a_b", None)]
    assert [m.group(1) for m in FILE_REF.finditer("`tests/lobby/test_x.py::test_y`, test_z.py, static/test_w.py")] == ["tests/lobby/test_x.py", "test_z.py"]
