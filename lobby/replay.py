"""Replays: re-run a table's games from its commit log and check them.

A table's log (``Store.room_log``) holds, per game, a ``start`` record
(game, options, seats, table context, seed hash), every applied move as
``[seat, move]`` in commit order (players', bots' and forced ones alike),
engine-level leaves, and a final record carrying the revealed ``seed`` and
the ``result``.  :func:`verify` re-runs each finished game with the engine and
reports whether the seed matches its published hash and the result matches.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from typing import Any

import engines

from .store import unpack
from .tables import state_digest


def games(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Split a log into games: each ``{"start": record, "steps": [...],
    "seed": hex|None, "result": dict|None}``; a step is ``["move", seat,
    move]``, ``["move", seat, move, mark]`` for the last move of a decision
    the lobby played for a person (``mark``: ``{"kind": "timeout" | "bot" |
    "left", "key": the engine's move_key, "moves": how many steps it took,
    this one the last}``, from the log's ``marks``), or ``["leave", seat]``."""
    out: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for rec in records:
        if rec.get("kind") == "start":
            current = {"start": rec, "steps": [], "checks": [], "seed": None, "result": None}
            out.append(current)
        if current is None:
            continue
        marks = {m[0]: {"kind": m[1], "key": m[2], "moves": m[3]} for m in rec.get("marks", ())}
        for i, (seat, mv) in enumerate(rec.get("moves", [])):
            current["steps"].append(["move", seat, mv, marks[i]] if i in marks else ["move", seat, mv])
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


def same_result(rerun: dict[str, Any] | None, logged: dict[str, Any] | None) -> bool:
    """Whether a re-run's result is the logged one: equal in every field
    the log holds, winners, scores and coins always (a game logged before a
    result field was added, such as ``detail``, lacks it)."""
    if rerun is None or logged is None:
        return rerun == logged
    return {"winners", "scores", "coins"} <= set(logged) and all(rerun.get(k) == v for k, v in logged.items())


def verify_game(game: dict[str, Any]) -> dict[str, Any]:
    """Check one finished game: the seed against its published hash, every
    logged intermediate state and the result against a re-run.  Returns
    ``{"game_no", "seed_ok", "result_ok", "error"}``."""
    start = game["start"]
    entry = {"game_no": start["game_no"], "seed_ok": False, "result_ok": False, "error": None}
    entry["seed_ok"] = hashlib.sha256(bytes.fromhex(game["seed"])).hexdigest() == start["seed_hash"]
    try:
        entry["result_ok"] = same_result(rerun(game), game["result"])
    except ValueError as exc:
        entry["error"] = str(exc)
    return entry


def frames(game: dict[str, Any], viewer: int | None) -> list[dict[str, Any]]:
    """Every step of a finished game as seen by ``viewer`` (a seat, or None
    for the public view): ``[{"step": i, "action": step or None, "view":
    engine view after it, "to_act": seats, "events": public events of the
    step}]``, starting with the dealt position (step 0).  The last step of
    a decision the lobby played for a person (a step with a mark: see
    :func:`games`) has ``"forced": [seat, kind, key]`` (an entry of the
    table view's ``forced``) and, when time ran out or a bot played the
    away seat, the lobby's ``timeout`` event after the engine's, as the
    live table had it.  Raises ``ValueError`` if the log does not replay."""
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
        frame = {"step": i, "action": step, "view": engine.view(state, viewer), "to_act": engine.to_act(state), "events": events}
        if len(step) > 3:
            mark, seat = step[3], step[1]
            frame["forced"] = [seat, mark["kind"], mark["key"]]
            if mark["kind"] != "left":  # a left seat's moves are marked by the seat, as live
                played = [s[2] for s in game["steps"][i - mark["moves"] : i]]
                public = [engine.public_move(state, seat, mv) for mv in played]
                frame["events"] = [*events, {"type": "timeout", "seat": seat, "bot": mark["kind"] == "bot", "moves": public}]
        out.append(frame)
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


# -- built once per finished game (run in the replay worker processes) ----------


def scan(raw: list[bytes], offset: int, open_game: list[Any] | None) -> tuple[dict[int, dict[str, Any]], list[Any] | None]:
    """Index log records by game, for :mod:`lobby.reads`.

    ``raw`` are msgpack log records at log positions ``offset, offset+1,
    ...``; ``open_game`` is ``[game_no, first position, seats]`` of a game
    begun before ``offset`` and not finished (or None).  Returns ``(finished,
    open_game)``: ``{game_no: {"span": [first, last] (log positions,
    inclusive), "seats": n, "owners": {str(seat): player id}}}`` for each
    game that finished within ``raw`` (bots' seats have no owner), and the
    game still open after it, or None."""
    finished: dict[int, dict[str, Any]] = {}
    for at, data in enumerate(raw, offset):
        rec = unpack(data)
        if rec.get("kind") == "start":
            open_game = [rec["game_no"], at, len(rec["seats"])]
        if open_game is not None and "seed" in rec:
            players = (rec.get("settlement") or {}).get("players", [])
            owners = {str(p["seat"]): p["pid"] for p in players if p.get("pid")}
            finished[open_game[0]] = {"span": [open_game[1], at], "seats": open_game[2], "owners": owners}
            open_game = None
    return finished, open_game


def _finished_game(raw: list[bytes]) -> dict[str, Any]:
    done = [g for g in games([unpack(x) for x in raw]) if g["seed"] is not None]
    if len(done) != 1:
        raise ValueError("the log span holds no finished game")
    return done[0]


def json_bytes(value: Any) -> bytes:
    """Compact UTF-8 JSON, as Starlette's ``JSONResponse`` renders it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def record_json(raw: list[bytes]) -> bytes:
    """The :func:`public_record` of the one finished game in the log span
    ``raw`` (msgpack records), as JSON.  Raises ``ValueError`` if the span
    holds no finished game."""
    return json_bytes(public_record(_finished_game(raw)))


def frame_pages(raw: list[bytes], table_id: str, viewer: int | None, page_size: int) -> list[bytes]:
    """Re-run the one finished game of the log span ``raw`` once for
    ``viewer`` (a seat or None: the public view) and cut its :func:`frames`
    into pages of ``page_size`` frames: one gzipped JSON body per page, as
    ``GET /api/tables/{id}/replay/{game_no}`` serves it.  Raises
    ``ValueError`` if the log does not replay."""
    game = _finished_game(raw)
    steps = frames(game, viewer)
    start = game["start"]
    head = {
        "table": table_id,
        "game_no": start["game_no"],
        "game": start["game"],
        "options": start["options"],
        "seed_hash": start["seed_hash"],
        "seed": game["seed"],
        "seat": viewer,
        "seats": start["seats"],
        "result": game["result"],
    }
    count = max(1, -(-len(steps) // page_size))
    return [
        gzip.compress(json_bytes({**head, "page": p, "pages": count, "frames_total": len(steps), "frames": steps[p * page_size : (p + 1) * page_size]}), 6, mtime=0)
        for p in range(count)
    ]
