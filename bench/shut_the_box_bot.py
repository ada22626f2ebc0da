"""Solo turns of Shut the Box played by the engine's optimal bot.

Prints the observed shut rate with a 95 % Wilson interval beside the exact
probability from the bot's dynamic programme (opening position), the mean
final score beside its expectation, and turns per second.  Dice come from
``random.Random(seed)``; the decisions are ``ENGINE.bot_move`` on a view.

    python bench/shut_the_box_bot.py [--turns 100000] [--seed 2024]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.shut_the_box import ENGINE, TILES, coverings, expected_score, shut_probability  # noqa: E402


def play_turn(rnd: random.Random) -> int:
    """One solo turn from a full box; returns the final score (0: box shut)."""
    view = {"open": list(TILES), "throw": None}
    while view["open"]:
        move = ENGINE.bot_move(view, 0, rnd)
        throw = sum(rnd.randint(1, 6) for _ in range(move.get("dice", 2)))
        if not coverings(view["open"], throw):
            break
        view["throw"] = throw
        move = ENGINE.bot_move(view, 0, rnd)
        view = {"open": [t for t in view["open"] if t not in move["tiles"]], "throw": None}
    return sum(view["open"])


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    start = time.perf_counter()
    exact = shut_probability(TILES)
    expect = expected_score(TILES)
    dp_seconds = time.perf_counter() - start

    rnd = random.Random(args.seed)
    start = time.perf_counter()
    finals = [play_turn(rnd) for _ in range(args.turns)]
    seconds = time.perf_counter() - start

    n = len(finals)
    shut = finals.count(0)
    lo, hi = wilson(shut, n)
    mean = sum(finals) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in finals) / (n - 1))
    print(f"turns:            {n} (seed {args.seed})")
    print(f"shut rate:        {shut / n:.5f}  95% CI [{lo:.5f}, {hi:.5f}]  ({shut} shut)")
    print(f"exact (DP):       {exact:.5f}  {'inside' if lo <= exact <= hi else 'OUTSIDE'} the interval")
    print(f"mean final score: {mean:.3f} +- {1.96 * sd / math.sqrt(n):.3f}  (DP expectation {expect:.3f})")
    print(f"DP solve:         {dp_seconds:.2f} s")
    print(f"speed:            {n / seconds:,.0f} turns/s ({seconds:.1f} s)")


if __name__ == "__main__":
    main()
