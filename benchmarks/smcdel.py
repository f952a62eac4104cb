"""SMCDEL files read and answered: the muddy children scaled up, time and peak memory.

Run ``python benchmarks/smcdel.py``.  Each case writes an SMCDEL file of n
muddy children and times reading it and answering every query on the
symbolic engine (each case in a fresh process, its peak memory the
process's, interpreter included):

* "SMCDEL's five" asks, for n children, the five queries of SMCDEL's
  ``Examples/MuddyChildren.smcdel.txt`` grown to n: what the first child
  knows at the state where all are muddy; that nobody knows at first; what
  two children know together; where someone knows after the father speaks
  (n states); and, the long one, that after the father and n - 1 rounds of
  "nobody knows" every child is muddy (n announcements stacked);
* "the puzzle exported" is ``epistemic puzzle muddy-children n=N k=N
  --export-smcdel``: the puzzle's three questions after every round, each
  behind the announcements so far, 3 (n + 1) queries.

The goal for 40 children, SMCDEL's five, is under 2 s.
"""

from __future__ import annotations

import os
import tempfile

from harness import main

from epistemic.models.puzzles import solve
from epistemic.smcdel import answer, read_smcdel, write_story

CASES = [(f"SMCDEL's five, n = {n}", {"n": n, "kind": "five"}) for n in (10, 20, 40, 60)] + \
        [(f"the puzzle exported, n = {n}", {"n": n, "kind": "exported"}) for n in (10, 20, 40)]


def five_queries(n: int) -> str:
    """SMCDEL's muddy children example grown to ``n`` children (``c1`` ... ``cn``)."""
    children = range(1, n + 1)
    seen = "\n".join(f"     c{i}: {','.join(str(j) for j in children if j != i)}" for i in children)
    nobody = " & ".join(f"~ (c{i} knows whether {i})" for i in children)
    somebody = " | ".join(f"(c{i} knows whether {i})" for i in children)
    father = "|".join(map(str, children))
    rounds = "\n".join(f"  [ ! ( {nobody} ) ]" for _ in range(n - 1))
    return f"""-- {n} muddy children
VARS {','.join(map(str, children))}
LAW  Top
OBS
{seen.lstrip()}
TRUE? {{{','.join(map(str, children))}}}
  c1 knows that ({' & '.join(map(str, children[1:]))}) & ~ c1 knows whether 1
VALID? ( {nobody} )
VALID? ((c1,c2) distknow whether 1) & ((c1,c2) distknow whether 2)
WHERE? < ! ({father}) > ( {somebody} )
VALID? [ ! ({father}) ]
{rounds}
  ({' & '.join(map(str, children))})
"""


def run_case(spec: dict) -> dict:
    n = spec["n"]
    text = five_queries(n) if spec["kind"] == "five" else \
        write_story(solve("muddy-children", engine="symbolic", n=n, k=n).story)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "muddy.smcdel.txt")
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        import time
        start = time.perf_counter()
        file = read_smcdel(path)
        read = time.perf_counter() - start
        answers = [answer(file, q) for q in file.queries]
    values = [a.value for a in answers if a.value is not None]
    return {"queries": len(answers), "kib": len(text) / 1024, "read_s": read,
            "all_true": all(values) if spec["kind"] == "five" else sum(values)}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("queries", "queries", "d"), ("kib", "file KiB", ".0f"), ("read_s", "reading s", ".3f"),
          ("all_true", "true", "")])
