"""How the store's values are held: msgpack (:func:`pack`, :func:`unpack`)
and wall-clock milliseconds (:func:`now_ms`)."""

from __future__ import annotations

import time
from typing import Any

import msgpack

from .protocol import packb


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch (deadlines are wall-clock so
    that every process and the browser agree on them)."""
    return int(time.time() * 1000)


def pack(value: Any) -> bytes:
    return packb(value)


def unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)
