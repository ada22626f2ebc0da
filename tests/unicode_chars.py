"""Unicode's characters for the tests that check a rule over a whole class
of them (tests/lobby/test_name_keys.py, tests/lobby/test_names.py)."""

from __future__ import annotations

import unicodedata

#: every assigned character but the surrogates and the private-use ones (no
#: class a test reads holds one): a seventh of the 1.1 M code points, read
#: once per process; each test process collects the modules that scan it,
#: and two dozen scans of every code point cost ~10 CPU-s each time
ASSIGNED = [ch for ch in map(chr, range(0x110000)) if unicodedata.category(ch) not in ("Cn", "Cs", "Co")]


def chars(test) -> list[str]:
    """Every assigned character (:data:`ASSIGNED`) for which ``test`` is true, in code point order."""
    return [ch for ch in ASSIGNED if test(ch)]
