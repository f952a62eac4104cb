"""Time and peak memory of drawing plots: crossout boards and outcome scatters.

Run ``python benchmarks/plots.py``.  Each case runs in a fresh process,
makes the plot from its numbers and renders it as PNG, SVG and PDF; the
time includes importing matplotlib.
"""

from __future__ import annotations

import random
from itertools import combinations

from harness import main

from epistemic.visualize import MAX_BOARD_MORSELS, MAX_OUTCOME_POINTS, crossout_board, outcome_scatter

CASES = [
    ("crossout board, 8 morsels", dict(kind="board", morsels=8, crowded=False)),
    (f"crossout board, {MAX_BOARD_MORSELS} morsels with the order of play",
     dict(kind="board", morsels=MAX_BOARD_MORSELS, crowded=False)),
    (f"crossout board, {MAX_BOARD_MORSELS} crowded morsels (by rank)",
     dict(kind="board", morsels=MAX_BOARD_MORSELS, crowded=True)),
    ("outcome scatter, 3,432 outcomes of 14 morsels", dict(kind="outcomes", morsels=14)),
    (f"outcome scatter, {MAX_OUTCOME_POINTS:,} distinct points", dict(kind="points", points=MAX_OUTCOME_POINTS)),
]


def plot_of(spec: dict):
    rng = random.Random(1)
    if spec["kind"] == "board":
        n = spec["morsels"]
        bs = list(range(1, n + 1))
        rng.shuffle(bs)
        if spec["crowded"]:
            dinner = [(a + (10_000 if a % 3 == 0 else 0), b) for a, b in zip(range(1, n + 1), bs)]
        else:
            dinner = list(zip(range(1, n + 1), bs))
        order = list(range(n))
        rng.shuffle(order)
        return crossout_board(dinner, [(i, k % 2) for k, i in enumerate(order)],
                              eaten=[(i, t % 2) for t, i in enumerate(reversed(order))])
    if spec["kind"] == "outcomes":
        n = spec["morsels"]
        bs = list(range(1, n + 1))
        rng.shuffle(bs)
        dinner = list(zip(range(1, n + 1), bs))
        total = sum(bs)
        outcomes = [(sum(dinner[i][0] for i in alice), total - sum(dinner[i][1] for i in alice))
                    for alice in combinations(range(n), n // 2)]
        return outcome_scatter(outcomes, against_crossout=outcomes[::5], crossout=max(outcomes))
    side = int(spec["points"] ** 0.5)
    points = [(i, j) for i in range(side) for j in range(side)][:spec["points"]]
    return outcome_scatter(points, against_crossout=points[::3], crossout=points[-1])


def run_case(spec: dict) -> dict:
    plot = plot_of(spec)
    png, svg, pdf = (plot.pipe(f) for f in ("png", "svg", "pdf"))
    return {"png_kib": len(png) / 1024, "svg_kib": len(svg) / 1024, "pdf_kib": len(pdf) / 1024}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("png_kib", "PNG KiB", ".0f"), ("svg_kib", "SVG KiB", ".0f"), ("pdf_kib", "PDF KiB", ".0f")])
