"""Stewart's survivors under each rule variant: with M = 100 coins and up to
1,000 pirates, the crews whose first proposer lives, beyond 2M.

Run ``python benchmarks/pirate_rules.py [COINS] [MOST]``.  Each variant is
solved once, by one solver of MOST pirates: the game of m pirates is the
tail of that game from round MOST - m + 1 (see
``epistemic.models.pirates.surviving_crews``).  docs/pirates.md shows its
output for the defaults.
"""

from __future__ import annotations

import sys
import time

from epistemic.models.pirates import Rules, surviving_crews

VARIANTS = [
    ("seed: half of the votes, the proposer votes", Rules()),
    ("strict majority", Rules(majority="strict")),
    ("the proposer abstains", Rules(proposer_votes=False)),
    ("strict majority, the proposer abstains", Rules(majority="strict", proposer_votes=False)),
    ("peaceful voters", Rules(indifferent="yes")),
    ("a doomed proposer keeps everything", Rules(doomed_proposer="keeps")),
]


def runs(values: list[int]) -> str:
    """``values`` (sorted) with runs of consecutive numbers as ``a-b``."""
    parts: list[str] = []
    start = prev = None
    for v in [*values, None]:
        if v is not None and prev is not None and v == prev + 1:
            prev = v
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = v
    return ", ".join(parts)


def main(coins: int = 100, most: int = 1_000) -> None:
    print(f"M = {coins} coins, crews of 1 to {most:,} pirates")
    for name, rules in VARIANTS:
        began = time.perf_counter()
        alive = surviving_crews(most, coins, rules)
        seconds = time.perf_counter() - began
        dead = [m for m in range(1, 2 * coins + 1) if m not in set(alive)]
        print(f"\n{name} ({seconds:.2f} s)")
        print(f"  up to 2M = {2 * coins}, the first proposer dies with: {runs(dead) or 'none'}")
        print(f"  beyond 2M he lives with: {runs([m for m in alive if m > 2 * coins])}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
