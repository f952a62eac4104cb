"""Time, peak memory and size of the pirate game's text report, JSON and tables.

Run ``python benchmarks/pirates_json.py``.  Each case solves the game and
writes its report to a sink that only counts the characters, in a fresh
process.  Measured on a shared 2-core machine, with 100 coins: the text
report of 100,000 pirates is 2.5 KB (6.3 MB with every round, as it was
before long plays were cut), of 1,000,000 pirates 2.7 KB (94 MB); once the
game is solved (about 4 s and 40 s), composing the report takes 0.02 s
and 0.25 s, every round 0.6 s and 5.6 s.  10,000 pirates write 2.4 MB of
compact JSON in about 1.6 s (70 MB peak), 100,000 write 39 MB in about
15 s (170 MB peak); the table excerpt (``--tables``) of 10,000 pirates
takes about 1 s; the per-voter detail of 2,000 pirates is about 200 MB.
"""

from __future__ import annotations

import io

from harness import main

from epistemic.models.pirates import PirateGame
from epistemic.models.pirates.report import format_report, write_json

CASES = [
    ("text report, n = 100,000", dict(pirates=100_000, coins=100, form="text")),
    ("text report --all-rounds, n = 100,000", dict(pirates=100_000, coins=100, form="all-rounds")),
    ("text report, n = 1,000,000", dict(pirates=1_000_000, coins=100, form="text")),
    ("text report --all-rounds, n = 1,000,000", dict(pirates=1_000_000, coins=100, form="all-rounds")),
    ("compact --json, n = 2,000", dict(pirates=2_000, coins=100, form="compact")),
    ("compact --json, n = 10,000", dict(pirates=10_000, coins=100, form="compact")),
    ("compact --json, n = 100,000", dict(pirates=100_000, coins=100, form="compact")),
    ("--json-detail, n = 500", dict(pirates=500, coins=100, form="detail")),
    ("--tables excerpt, n = 10,000", dict(pirates=10_000, coins=100, form="tables")),
]


class _Counter(io.TextIOBase):
    """A text sink that keeps only the number of characters written."""

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)


def run_case(spec: dict) -> dict:
    game = PirateGame(spec["pirates"], spec["coins"])
    out = _Counter()
    if spec["form"] == "tables":
        out.write(format_report(game, tables=True))
    elif spec["form"] in ("text", "all-rounds"):
        out.write(format_report(game, all_rounds=spec["form"] == "all-rounds"))
    else:
        write_json(game, out, detail=spec["form"] == "detail")
    return {"mb": out.written / 1e6}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case, [("mb", "MB written", ".2f")])
