"""Unicode's characters for the tests that check a rule over a whole class
of them (tests/lobby/test_name_keys.py, tests/lobby/test_names.py)."""

from __future__ import annotations

import unicodedata

#: every assigned character but the surrogates and the private-use ones (no
#: class a test reads holds one): a seventh of the 1.1 M code points, read
#: once per process; each test process collects the modules that scan it,
#: and two dozen scans of every code point cost ~10 CPU-s each time
ASSIGNED = [ch for ch in map(chr, range(0x110000)) if unicodedata.category(ch) not in ("Cn", "Cs", "Co")]

#: :data:`ASSIGNED` by general category ("Zs": the space separators), each in code point order
BY_CATEGORY: dict[str, list[str]] = {}
for _ch in ASSIGNED:
    BY_CATEGORY.setdefault(unicodedata.category(_ch), []).append(_ch)


def chars(test) -> list[str]:
    """Every assigned character (:data:`ASSIGNED`) for which ``test`` is true, in code point order."""
    return [ch for ch in ASSIGNED if test(ch)]


def chars_of(categories: tuple[str, ...], test) -> list[str]:
    """:func:`chars` of a ``test`` true only of characters of ``categories``
    (general categories, "Zs", or their first letters, "L"), read among
    those alone: a scan of a few hundred characters, not of all 280,000.
    Where ``test`` reads a character's Unicode name ("... LETTER SMALL
    ..."), ``categories`` is what such names are (letters, marks)."""
    among = sorted(ch for cat, group in BY_CATEGORY.items() if cat in categories or cat[0] in categories for ch in group)
    return [ch for ch in among if test(ch)]
