"""Imported once by the lobby processes' forkserver, never by a test
(tests/lobby_fork.py's ``PRELOAD``): what every lobby process would do
alike, done once before the forks.

- the imports of ``python -m lobby`` (``lobby.__main__``: the engines,
  uvicorn, the confusables and name data);
- the name tables a process builds on the first name it reads (the first
  guest's ``hello``, which every test makes): the confusables' prototypes,
  the Han variants, the page words, ... (:mod:`lobby.name_keys`,
  :mod:`lobby.text`: ~0.2 CPU-s a process). The functions that build them
  are pure and cached, so a process that inherits them answers as one
  that built them itself.
"""

from __future__ import annotations

import lobby.__main__  # noqa: F401
from lobby import name_keys, text

for _raw in ("Ann", "Ivan Petrov", "Ιωάννης", "山田太郎", "やまだ", "김민준", "محمد", "Zoë 7"):
    _name = text.clean_name(_raw)
    name_keys.name_keys(_name)
    name_keys.lookup_keys(_name)
