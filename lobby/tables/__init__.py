"""The table document and its pure transitions: :mod:`lobby.tables.doc`
(this step moves the module into a package; the next one splits it)."""

from __future__ import annotations

from .doc import *  # noqa: F403
from .doc import _copy, _start, engines, ErrorCode  # noqa: F401
