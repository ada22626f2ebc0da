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

from .tables import state_digest


def games(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Split a log into games: each ``{"start": record, "steps": [...],
    "seed": hex|None, "result": dict|None}``; a step is ``["move", seat,
    move]`` or ``["leave", seat]``."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for rec in records:
        if rec.get("kind") == "start":
            current = {"start": rec, "steps": [], "checks": [], "seed": None, "result": None}
            out.append(current)
        if current is None:
            continue
        for seat, mv in rec.get("moves", []):
            current["steps"].append(["move", seat, mv])
        if rec.get("kind") == "leave" and rec.get("engine_leave"):
            current["steps"].append(["leave", rec["seat"]])
        if rec.get("state_hash"):
            current["checks"].append([len(current["steps"]), rec["state_hash"]])
        if "seed" in rec:
            current["seed"], current["result"] = rec["seed"], rec["result"]
            current = None
    return out


def rerun(game: dict[str, Any]) -> dict[str, Any]:
    """Re-run one finished game; returns the engine's outcome dict.
    Raises ``ValueError`` if a logged move is illegal (the engine's error)
    or a logged state hash differs from the re-run state's."""
    start = game["start"]
    engine = engines.get(start["game"])
    seed = bytes.fromhex(game["seed"])
    state = engine.initial_state(len(start["seats"]), start["options"], seed, start.get("table"))
    checks = {at: digest for at, digest in game.get("checks", [])}
    for i, step in enumerate(game["steps"], 1):
        if step[0] == "leave":
            left = engine.leave(state, step[1])
            if left is not None:
                state = left[0]
        else:
            state, _ = engine.apply(state, step[1], step[2])
        if i in checks and state_digest(state) != checks[i]:
            raise ValueError(f"state after step {i} differs from the one logged")
    outcome = engine.result(state)
    if outcome is None:
        raise ValueError("the logged moves do not finish the game")
    return outcome.to_dict()


def verify(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Check every finished game of a log: ``[{"game_no", "seed_ok",
    "result_ok", "error"}]``, one per finished game."""
    return [verify_game(g) for g in games(records) if g["seed"] is not None]


def from_public(record: dict[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`public_record`: a game as :func:`verify_game` takes it."""
    start = {k: record[k] for k in ("game_no", "game", "options", "seats", "table", "seed_hash")}
    return {"start": start, "steps": record["steps"], "checks": record.get("checks", []), "seed": record["seed"], "result": record["result"]}


def verify_game(game: dict[str, Any]) -> dict[str, Any]:
    """Check one finished game: the seed against its published hash, every
    logged intermediate state and the result against a re-run.  Returns
    ``{"game_no", "seed_ok", "result_ok", "error"}``."""
    start = game["start"]
    entry = {"game_no": start["game_no"], "seed_ok": False, "result_ok": False, "error": None}
    entry["seed_ok"] = hashlib.sha256(bytes.fromhex(game["seed"])).hexdigest() == start["seed_hash"]
    try:
        entry["result_ok"] = rerun(game) == game["result"]
    except ValueError as exc:
        entry["error"] = str(exc)
    return entry


def frames(game: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
    """Every step of a finished game as seen by ``viewer`` (a seat, or None
    for the public view): ``[{"step": i, "action": step or None, "view":
    engine view after it, "to_act": seats, "events": public events of the
    step}]``, starting with the dealt position (step 0).
    Raises ``ValueError`` if the log does not replay."""
    start = game["start"]
    engine = engines.get(start["game"])
    state = engine.initial_state(len(start["seats"]), start["options"], bytes.fromhex(game["seed"]), start.get("table"))
    out = [{"step": 0, "action": None, "view": engine.view(state, viewer), "to_act": engine.to_act(state), "events": []}]
    for i, step in enumerate(game["steps"], 1):
        events: list[Any] = []
        if step[0] == "leave":
            left = engine.leave(state, step[1])
            if left is not None:
                state, events = left
        else:
            state, events = engine.apply(state, step[1], step[2])
        out.append({"step": i, "action": step, "view": engine.view(state, viewer), "to_act": engine.to_act(state), "events": events})
    return out


def public_record(game: dict[str, Any]) -> dict[str, Any]:
    """What ``GET /api/tables/{id}/replay`` publishes of one finished game:
    everything needed to re-run it (game, options, seats, table context,
    seed and its hash, the steps in order) and its result."""
    start = game["start"]
    return {
        "game_no": start["game_no"],
        "game": start["game"],
        "options": start["options"],
        "seats": start["seats"],
        "table": start.get("table"),
        "seed_hash": start["seed_hash"],
        "seed": game["seed"],
        "steps": game["steps"],
        "checks": game["checks"],
        "result": game["result"],
    }
