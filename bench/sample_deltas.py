"""Record one representative ``delta`` per game for W5's floor and Colyseus.

Plays every game offline through the lobby's own table transitions
(``lobby.tables``: open, join, move, ready, settle) with the load
generator's move choice (``chooseMove`` in ``bench/loadgen.js``: Sibala
rolls; stud checks, else calls; Yahtzee rolls once, then scores the first open
category; Shut the Box shuts the first covering set; 6 Nimmt! picks its lowest
card and takes row 0 when asked) at W5's table sizes, and after every move
projects each viewer's view and makes the patch as ``lobby.fanout`` does
(``lobby.diff``, msgpack frame).  For each game it keeps the patch
whose frame size is nearest the mean frame size over every recipient of every
move (each seat once, W5's 4 spectators) -- a seat's own patch where that
is the nearest (6 Nimmt!'s spectator frames are either small picks or large
reveals) -- and writes them to
``bench/sample_deltas.json``: the floor and the Colyseus room broadcast that
patch on each move of a table of that game.

    .venv/bin/python bench/sample_deltas.py [--moves 400] [--out bench/sample_deltas.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

from lobby import tables  # noqa: E402
from lobby.diff import diff  # noqa: E402
from lobby.protocol import encode  # noqa: E402

#: W5's tables: game -> (seats, engine options); spectators per table
LAYOUT = {
    "six_nimmt": (10, {}),
    "stud": (4, {"tier": "beginner"}),
    "yahtzee": (4, {}),
    "shut_the_box": (4, {}),
    "sibala": (4, {}),
}
SPECTATORS = 4
GRANT = 20_000


def cover(open_tiles: list[int], throw: int) -> list[int] | None:
    """The first set of open tiles summing to ``throw`` (highest tiles tried first)."""
    def walk(i: int, left: int) -> list[int] | None:
        if left == 0:
            return []
        for j in range(i, len(open_tiles)):
            t = open_tiles[len(open_tiles) - 1 - j]
            if t <= left:
                rest = walk(j + 1, left - t)
                if rest is not None:
                    return [t, *rest]
        return None

    return walk(0, throw)


def choose_move(game: str, st: dict, seat: int) -> dict | None:
    """The generator's move for ``seat`` from its own engine view ``st``."""
    if game == "sibala":
        return {"type": "roll"}
    if game == "stud":
        legal = (st.get("you") or {}).get("legal")
        if not legal:
            return None
        acts = legal["actions"]
        return {"type": "check" if "check" in acts else "call" if "call" in acts else "fold"}
    if game == "yahtzee":
        if not st["rolls"]:
            return {"type": "roll"}
        first = next(iter(st["options_scores"]), None)
        return None if first is None else {"type": "score", "category": first}
    if game == "shut_the_box":
        if st["throw"] is None:
            return {"type": "roll"}
        tiles = cover(st["open"], st["throw"])
        return None if tiles is None else {"type": "shut", "tiles": tiles}
    if game == "six_nimmt":
        if st["choosing"] is not None:
            return {"type": "choose_row", "row": 0} if st["choosing"]["seat"] == seat else None
        return {"type": "pick", "card": min(st["hand"])} if st["hand"] else None
    raise ValueError(game)


def play(game: str, moves: int, rnd: random.Random) -> dict:
    seats, options = LAYOUT[game]
    now = 1_800_000_000_000
    pids = [f"p{i}" for i in range(seats)]
    balances = {p: GRANT for p in pids}
    ctx = {"balances": balances}
    doc = tables.new_table("t" + "0" * 11, game, now=now, seats=seats, turn_ms=300_000, options=options, games=1000)
    for pid in pids:
        doc = tables.join(doc, pid, pid, None, now, rnd.randbytes(32), ctx).doc
    viewers = [*range(seats), None]
    views = {v: tables.view(doc, v) for v in viewers}
    version, made, sizes, samples = 1, 0, [], []

    def commit(new_doc: dict, is_move: bool) -> None:
        nonlocal doc, version, views
        doc, version = new_doc, version + 1
        fresh = {v: tables.view(doc, v) for v in viewers}
        for v in viewers:
            patch = diff(views[v], fresh[v])
            if not patch:
                continue
            frame = encode({"t": "delta", "table": doc["id"], "base": version - 1, "version": version, "seat": v,
                            "patch": patch, "now": now})
            if is_move:
                sizes.extend([len(frame)] * (SPECTATORS if v is None else 1))
                samples.append((len(frame), patch))
        views = fresh

    while made < moves:
        now += 200
        if doc["status"] == "finished":
            st = doc.get("settlement")
            if st and not st["done"]:
                for p in st["players"]:
                    balances[p["pid"]] += p["coins"]
                commit(tables.settled(doc, st["id"], balances, now).doc, False)
            for pid in pids:
                if doc["status"] == "finished":
                    commit(tables.ready(doc, pid, now, rnd.randbytes(32), ctx).doc, False)
            continue
        seat = doc["state"] and tables.engines.get(game).to_act(doc["state"])[0]
        st = views[seat]["state"]
        mv = choose_move(game, st, seat)
        commit(tables.move(doc, pids[seat], views[seat]["turns"][str(seat)], mv, now).doc, True)
        made += 1
    mean = statistics.fmean(sizes)
    size, patch = min(samples, key=lambda s: abs(s[0] - mean))
    return {"patch": patch, "frame_bytes": size, "mean_frame_bytes": round(mean, 1),
            "median_frame_bytes": statistics.median(sizes), "moves": made, "games": doc["game_no"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=400, help="moves played per game")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", default=str(BENCH / "sample_deltas.json"))
    args = ap.parse_args()
    out = {"_doc": "Written by bench/sample_deltas.py: per game, the lobby's patch of one move whose delta "
                   "frame is nearest the mean frame size of that game's moves (every recipient at W5's table size). "
                   "W5's floor and Colyseus broadcast it on each move of a table of that game."}
    for game in LAYOUT:
        rec = play(game, args.moves, random.Random(args.seed))
        out[game] = rec
        print(f"{game:13} {rec['moves']} moves, {rec['games']} game(s): mean frame {rec['mean_frame_bytes']} B, "
              f"median {rec['median_frame_bytes']} B, sample {rec['frame_bytes']} B")
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
