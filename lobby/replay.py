"""Replays: re-run a table's games from its commit log and check them.

A table's log (``Store.room_log``) holds, per game, a ``start`` record
(game, options, seats, table context, seed hash), every applied move as
``[seat, move]`` in commit order (players', bots' and forced ones alike),
engine-level leaves, and a final record carrying the revealed ``seed`` and
the ``result``.  :func:`verify` re-runs each finished game with the engine and
reports whether the seed matches its published hash and the result matches.
"""

from __future__ import annotations

import hashlib
from typing import Any

import engines


def games(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Split a log into games: each ``{"start": record, "steps": [...],
    "seed": hex|None, "result": dict|None}``; a step is ``["move", seat,
    move]`` or ``["leave", seat]``."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for rec in records:
        if rec.get("kind") == "start":
            current = {"start": rec, "steps": [], "seed": None, "result": None}
            out.append(current)
        if current is None:
            continue
        for seat, mv in rec.get("moves", []):
            current["steps"].append(["move", seat, mv])
        if rec.get("kind") == "leave" and rec.get("engine_leave"):
            current["steps"].append(["leave", rec["seat"]])
        if "seed" in rec:
            current["seed"], current["result"] = rec["seed"], rec["result"]
            current = None
    return out


def rerun(game: dict[str, Any]) -> dict[str, Any]:
    """Re-run one finished game; returns the engine's outcome dict.
    Raises ``ValueError`` (from the engine) if a logged move is illegal."""
    start = game["start"]
    engine = engines.get(start["game"])
    seed = bytes.fromhex(game["seed"])
    state = engine.initial_state(len(start["seats"]), start["options"], seed, start.get("table"))
    for step in game["steps"]:
        if step[0] == "leave":
            left = engine.leave(state, step[1])
            if left is not None:
                state = left[0]
        else:
            state, _ = engine.apply(state, step[1], step[2])
    outcome = engine.result(state)
    if outcome is None:
        raise ValueError("the logged moves do not finish the game")
    return outcome.to_dict()


def verify(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Check every finished game of a log: ``[{"game_no", "seed_ok",
    "result_ok", "error"}]``, one per finished game."""
    report = []
    for game in games(records):
        if game["seed"] is None:
            continue
        start = game["start"]
        entry = {"game_no": start["game_no"], "seed_ok": False, "result_ok": False, "error": None}
        entry["seed_ok"] = hashlib.sha256(bytes.fromhex(game["seed"])).hexdigest() == start["seed_hash"]
        try:
            entry["result_ok"] = rerun(game) == game["result"]
        except ValueError as exc:
            entry["error"] = str(exc)
        report.append(entry)
    return report
