"""What one move costs inside the engines: ``apply`` and the views of every
seat and a spectator, per game (no lobby, no Redis, no network).

    .venv/bin/python bench/engine_costs.py             # a few seconds
    .venv/bin/python bench/engine_costs.py --repeats 9

For each case (game, seats) a few games are played out with random legal
moves from fixed seeds (never a fold while another move is legal, so stud
reaches its showdown) and recorded as ``(state, seat, move)`` steps.  Each
repeat then times, over the whole recorded game, ``engine.apply`` of every
step and ``engine.view`` of every viewer (each seat and None) of every state
an apply returned; each step's fastest repeat is kept.  Printed per case:
steps, mean and worst µs per step of apply, of views, and of both, and the
total ms of both per game.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

import engines
from engines.base import validate_options

CASES = [("six_nimmt", 10), ("six_nimmt", 4), ("stud", 4), ("yahtzee", 4), ("sibala", 4), ("shut_the_box", 4)]


def record(game: str, seats: int, seed: int) -> list[tuple[dict, int, dict]]:
    """One game of random legal moves as ``(state before, seat, move)`` steps."""
    engine = engines.get(game)
    rnd = random.Random(seed)
    state = engine.initial_state(seats, validate_options(engine.info, {}), hashlib.sha256(b"costs-%d" % seed).digest())
    steps = []
    while to_act := engine.to_act(state):
        seat = rnd.choice(to_act)
        legal = engine.legal_moves(state, seat)
        move = rnd.choice([m for m in legal if m["type"] != "fold"] or legal)
        steps.append((state, seat, move))
        state, _ = engine.apply(state, seat, move)
    return steps


def measure(game: str, steps: list[tuple[dict, int, dict]], seats: int, repeats: int, games: int) -> dict[str, float]:
    """Fastest-of-``repeats`` ns per step of apply and of all views."""
    engine = engines.get(game)
    viewers = [None, *range(seats)]
    clock = time.perf_counter_ns
    best_apply = [float("inf")] * len(steps)
    best_views = [float("inf")] * len(steps)
    for _ in range(repeats):
        for i, (state, seat, move) in enumerate(steps):
            t0 = clock()
            after, _ = engine.apply(state, seat, move)
            t1 = clock()
            for viewer in viewers:
                engine.view(after, viewer)
            t2 = clock()
            best_apply[i] = min(best_apply[i], t1 - t0)
            best_views[i] = min(best_views[i], t2 - t1)
    both = [a + v for a, v in zip(best_apply, best_views)]
    n = len(steps)
    return {
        "steps": n,
        "apply": sum(best_apply) / n / 1e3,
        "apply_max": max(best_apply) / 1e3,
        "views": sum(best_views) / n / 1e3,
        "views_max": max(best_views) / 1e3,
        "both": sum(both) / n / 1e3,
        "both_max": max(both) / 1e3,
        "game_ms": sum(both) / 1e6 / games,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=3, help="games recorded per case")
    args = parser.parse_args()
    print("| game | seats | steps | apply µs mean / max | views µs mean / max | both µs mean / max | game ms |")
    print("|---|---|---|---|---|---|---|")
    for game, seats in CASES:
        steps = [step for seed in range(args.games) for step in record(game, seats, seed)]
        r = measure(game, steps, seats, args.repeats, args.games)
        print(
            f"| {game} | {seats} | {r['steps']} | {r['apply']:.1f} / {r['apply_max']:.0f} "
            f"| {r['views']:.1f} / {r['views_max']:.0f} | {r['both']:.1f} / {r['both_max']:.0f} | {r['game_ms']:.1f} |"
        )


if __name__ == "__main__":
    main()
