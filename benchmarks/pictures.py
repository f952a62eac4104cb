"""Time and peak memory of drawing and rendering pictures.

Run ``python benchmarks/pictures.py``.  Each case runs in a fresh process,
solves its game, draws the picture and renders it as SVG and PNG; the
seconds include solving, and the columns after them split the time into
solving, drawing (the DOT source, summaries included) and rendering.  The
large cases are 300 pirates with 8 promises, each told to a different half
of p45-p300, so that the pirates hold all 256 sets of promises; the mid
ones 100 pirates with 5 such promises (32 sets).  The explorer pages
(``--html``) are built whole, their two pictures rendered inside "draw s";
their size in kilobytes is in the SVG column.
"""

from __future__ import annotations

import time

from harness import main

from epistemic import Agent, Announcement, KripkeModel, announce
from epistemic.models.pirates import PirateGame
from epistemic.models.pirates.browser import explorer_page
from epistemic.models.pirates.pictures import knowledge_picture, prediction_dag_picture, why_picture
from epistemic.models.pirates.syntax import parse_promise
from epistemic.visualize import kripke_picture

PROMISES_1000 = [
    "p10: " + " ".join(["0"] * 990) + " 100 to p10-p400",
    "p300: " + " ".join(["1"] * 100) + " " + " ".join(["0"] * 600) + " 0 to p300-p700 p5",
    "p700: " + " ".join(["2"] * 50) + " " + " ".join(["0"] * 250) + " 0 to p1-p50 p700-p1000",
]

def halves(pirates: int, coins: int, promises: int) -> list[str]:
    """``promises`` promises of p2, p3, ..., each of a coin to the lowest-ranked
    pirates, told to a different half of the ``2 ** promises`` pirates above
    p44, so that each set of the promises is held by one pirate."""
    out = []
    for m in range(2, promises + 2):
        hearers = " ".join(f"p{45 + k}" for k in range(2 ** promises) if k >> (m - 2) & 1)
        out.append(f"p{m}: " + " ".join(["1"] * coins + ["0"] * (pirates - m + 1 - coins)) + " to " + hearers)
    return out


LARGE = dict(pirates=300, coins=100, promises=halves(300, 100, 8))
MID = dict(pirates=100, coins=30, promises=halves(100, 30, 5))

CASES = [
    ("why p1 overboard, 300 pirates, 8 promises", dict(kind="why", question="p1 overboard", depth=6, **LARGE)),
    ("why p300 votes, 300 pirates, 8 promises, depth 200",
     dict(kind="why", question="p300 vote round 1", depth=200, **LARGE)),
    ("prediction DAG, 300 pirates, 8 promises", dict(kind="dag", **LARGE)),
    ("who knows which promise, 300 pirates, 8 promises", dict(kind="knowledge", **LARGE)),
    ("why p1 overboard, 100 pirates, 5 promises", dict(kind="why", question="p1 overboard", depth=6, **MID)),
    ("prediction DAG, 100 pirates, 5 promises", dict(kind="dag", **MID)),
    ("who knows which promise, 100 pirates, 5 promises", dict(kind="knowledge", **MID)),
    ("why p5 votes no, 5 pirates, subgroup promise", dict(kind="why", pirates=5, coins=3,
                                                          promises=["p2: 1 1 0 1 to p3-p5"],
                                                          question="p5 vote round 1", depth=6)),
    ("prediction DAG, 1,000 pirates, 3 promises", dict(kind="dag", pirates=1_000, coins=100,
                                                       promises=PROMISES_1000)),
    ("prediction DAG, 10,000 pirates", dict(kind="dag", pirates=10_000, coins=100, promises=[])),
    ("why p1 overboard, 1,000 pirates, depth 12", dict(kind="why", pirates=1_000, coins=100,
                                                       promises=PROMISES_1000, question="p1 overboard",
                                                       depth=12)),
    ("who knows which promise, 1,000 pirates", dict(kind="knowledge", pirates=1_000, coins=100,
                                                    promises=PROMISES_1000)),
    ("Kripke model, 7 private announcements, 60 agents", dict(kind="kripke", agents=60, announcements=7)),
    ("explorer page (--html), 300 pirates, 8 promises", dict(kind="html", **LARGE)),
    ("explorer page (--html), 1,000 pirates, 3 promises", dict(kind="html", pirates=1_000, coins=100,
                                                               promises=PROMISES_1000)),
]


def game_of(spec: dict) -> PirateGame:
    return PirateGame(spec["pirates"], spec["coins"], [parse_promise(p, spec["pirates"]) for p in spec["promises"]])


def picture_of(spec: dict, game: PirateGame | None = None):
    if spec["kind"] == "kripke":
        agents = [Agent(f"a{i}") for i in range(1, spec["agents"] + 1)]
        model = KripkeModel.initial(agents)
        for k in range(spec["announcements"]):
            hearers = agents[k * 7: k * 7 + 20]
            model = announce(model, Announcement.private(agents[k], f"fact {k}", hearers))
        return kripke_picture(model)
    game = game if game is not None else game_of(spec)
    if spec["kind"] == "why":
        return why_picture(game, spec["question"], depth=spec["depth"])
    if spec["kind"] == "dag":
        return prediction_dag_picture(game)
    return knowledge_picture(game)


def run_case(spec: dict) -> dict:
    start = time.perf_counter()
    game = None
    if spec["kind"] != "kripke":
        game = game_of(spec)
        game.play()
    solved = time.perf_counter()
    if spec["kind"] == "html":
        # a page, not a picture: its two pictures are rendered while it is built
        page = explorer_page(game).encode("utf-8")
        return {"solve_s": solved - start, "draw_s": time.perf_counter() - solved, "render_s": 0.0,
                "dot_kib": 0.0, "svg_kib": len(page) / 1024, "png_px": "page", "png_kib": 0.0}
    picture = picture_of(spec, game)
    drawn = time.perf_counter()
    svg, png = picture.pipe("svg"), picture.pipe("png")
    rendered = time.perf_counter()
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    return {"solve_s": solved - start, "draw_s": drawn - solved, "render_s": rendered - drawn,
            "dot_kib": len(picture.source) / 1024, "svg_kib": len(svg) / 1024, "png_px": f"{width}x{height}", "png_kib": len(png) / 1024}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("solve_s", "solve s", ".2f"), ("draw_s", "draw s", ".2f"), ("render_s", "render s", ".2f"),
          ("dot_kib", "DOT KiB", ".0f"), ("svg_kib", "SVG KiB", ".0f"), ("png_px", "PNG pixels", ""), ("png_kib", "PNG KiB", ".0f")])
