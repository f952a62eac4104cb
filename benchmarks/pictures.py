"""Time and peak memory of drawing and rendering pictures.

Run ``python benchmarks/pictures.py``.  Each case runs in a fresh process,
solves its game, draws the picture and renders it as SVG and PNG; the time
includes solving.
"""

from __future__ import annotations

from harness import main

from epistemic import Agent, Announcement, KripkeModel, announce
from epistemic.models.pirates import PirateGame
from epistemic.models.pirates.pictures import knowledge_picture, prediction_dag_picture, why_picture
from epistemic.models.pirates.syntax import parse_promise
from epistemic.visualize import kripke_picture

PROMISES_1000 = [
    "p10: " + " ".join(["0"] * 990) + " 100 to p10-p400",
    "p300: " + " ".join(["1"] * 100) + " " + " ".join(["0"] * 600) + " 0 to p300-p700 p5",
    "p700: " + " ".join(["2"] * 50) + " " + " ".join(["0"] * 250) + " 0 to p1-p50 p700-p1000",
]

CASES = [
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
]


def picture_of(spec: dict):
    if spec["kind"] == "kripke":
        agents = [Agent(f"a{i}") for i in range(1, spec["agents"] + 1)]
        model = KripkeModel.initial(agents)
        for k in range(spec["announcements"]):
            hearers = agents[k * 7: k * 7 + 20]
            model = announce(model, Announcement.private(agents[k], f"fact {k}", hearers))
        return kripke_picture(model)
    game = PirateGame(spec["pirates"], spec["coins"], [parse_promise(p, spec["pirates"]) for p in spec["promises"]])
    if spec["kind"] == "why":
        return why_picture(game, spec["question"], depth=spec["depth"])
    if spec["kind"] == "dag":
        return prediction_dag_picture(game)
    return knowledge_picture(game)


def run_case(spec: dict) -> dict:
    picture = picture_of(spec)
    svg, png = picture.pipe("svg"), picture.pipe("png")
    return {"dot_kib": len(picture.source) / 1024, "svg_kib": len(svg) / 1024, "png_kib": len(png) / 1024}


if __name__ == "__main__":
    main(__file__, __doc__.splitlines()[0], CASES, run_case,
         [("dot_kib", "DOT KiB", ".0f"), ("svg_kib", "SVG KiB", ".0f"), ("png_kib", "PNG KiB", ".0f")])
