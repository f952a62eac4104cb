"""Time and peak memory of the number-line token game, beside the targets.

Run ``python benchmarks/numberline.py``.  Each case runs in a fresh process:
the game on stacks 1 to N solved from the empty line (every set of taken
stacks one state of the prediction DAG), and the continuous game refined
until its answer settles (its states summed over the grids solved; its
moves not counted).  The DAG keeps one choice per state and the ends'
payoffs; a state's moves are not kept but made again from the game when
asked for (as the ``moves`` column counts them).  A case's target, in
seconds, is printed beside its time: 0.5 s for 7 players on 10 stacks, 60 s
for 10 players on 20.
"""

from __future__ import annotations

from harness import main

from epistemic.models.numberline import NumberLine, solve
from epistemic.models.numberline.continuous import continuous

CASES = [
    ("7 players on 10 stacks", dict(players=7, stacks=10, target=0.5)),
    ("10 players on 20 stacks", dict(players=10, stacks=20, target=60)),
    ("3 players, continuous, 10 stacks", dict(players=3, stacks=10, continuous=True)),
]


def run_case(spec: dict) -> dict:
    if spec.get("continuous"):
        values = range(1, spec["stacks"] + 1)
        answer = continuous(values, spec["players"])
        assert answer.stable
        grids = [1 << k for k in range(answer.grid.bit_length())]
        states = sum(NumberLine(values, spec["players"], grid=g, margin=1).states() for g in grids)
        return {"states": states, "moves": 0, "grid": answer.grid, "target": "-"}
    play = solve(NumberLine.with_stacks(spec["stacks"], players=spec["players"]))
    dag = play.solved.dag
    return {"states": len(dag), "moves": sum(len(dag.children(state)) for state in dag.keys()), "grid": 1,
            "target": f"{spec['target']:g}"}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("target", "target s", ""), ("states", "states", ","), ("moves", "moves", ","), ("grid", "grid", "")])
