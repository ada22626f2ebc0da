"""Deterministic randomness kept inside a game state.

The state holds ``state["rng"] = {"seed": <64 hex chars>, "n": <draws so far>}``.
Draw *k* is SHA-256(seed || k as 8 big-endian bytes); integers are taken from
it by rejection sampling, so dice and shuffles are unbiased and a game replays
exactly from its seed.  Functions here mutate the ``rng`` dict they are given:
engines call them on a fresh copy (``s["rng"] = dict(state["rng"])``), never
on an input state's own.
"""

from __future__ import annotations

import hashlib
from typing import Any, TypeVar

T = TypeVar("T")


def new_rng(seed: bytes) -> dict[str, Any]:
    """The ``rng`` entry of a new state for a 32-byte ``seed``."""
    if not isinstance(seed, (bytes, bytearray)) or len(seed) < 16:
        raise ValueError("seed must be at least 16 bytes")
    return {"seed": bytes(seed).hex(), "n": 0}


def seed_hash(seed: bytes) -> str:
    """The public commitment to a seed: SHA-256 hex of the seed bytes."""
    return hashlib.sha256(bytes(seed)).hexdigest()


def _block(rng: dict[str, Any]) -> int:
    digest = hashlib.sha256(bytes.fromhex(rng["seed"]) + rng["n"].to_bytes(8, "big")).digest()
    rng["n"] += 1
    return int.from_bytes(digest[:8], "big")


def randbelow(rng: dict[str, Any], n: int) -> int:
    """A uniform int in ``0..n-1`` (n >= 1); advances ``rng``."""
    if n < 1:
        raise ValueError("n must be >= 1")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _block(rng)
        if x < limit:
            return x % n


def roll(rng: dict[str, Any], count: int, sides: int = 6) -> list[int]:
    """``count`` dice of ``sides`` faces, each 1..sides."""
    return [randbelow(rng, sides) + 1 for _ in range(count)]


def shuffle(rng: dict[str, Any], items: list[T]) -> list[T]:
    """A new list: ``items`` in a uniformly random order (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
