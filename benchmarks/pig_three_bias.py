"""The gaps of three-player Piglet's Figure 5 on a grid of thousandths of the probability of a head.

Run ``python benchmarks/pig_three_bias.py`` (a few minutes: each case solves
its goal anew, in floats, at each of the 999 probabilities 0.001 to 0.999).
A *gap* is a probability at which some state within the goal has pure
equilibria with different gains, or none (``unique`` false in
:func:`~epistemic.models.pig.three_variants.gains_by_head_probability`);
``no equilibrium`` counts those where some state has none, so that the
start has no gain at all.  The figure's grid of hundredths sees only the
gaps that fall on a hundredth.
"""

from __future__ import annotations

from harness import main

from epistemic.models.pig.three_variants import gains_by_head_probability

#: The probabilities of a head: thousandths.
THOUSANDTHS = tuple(n / 1000 for n in range(1, 1000))
#: Gaps listed in full up to this many; more are counted, and the first listed.
LISTED = 16

CASES = [(f"goal {goal}, thousandths", dict(goal=goal)) for goal in (1, 3, 5, 10)]


def run_case(spec: dict) -> dict:
    (_, rows), = gains_by_head_probability(THOUSANDTHS, [spec["goal"]])
    gaps = [p for p, _, unique in rows if not unique]
    none = [p for p, gain, _ in rows if gain is None]
    shown = ", ".join(f"{p:g}" for p in gaps[:LISTED]) + (", ..." if len(gaps) > LISTED else "")
    return {"gaps": len(gaps), "none": len(none), "where": shown or "-",
            "undetermined": ", ".join(f"{p:g}" for p in none) or "-"}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("gaps", "gaps", ","), ("none", "no equilibrium", ","), ("undetermined", "at", ""),
          ("where", "gaps at", "")])
