"""Kripke pictures: agents' lines, cube layouts, fixed colours of truth, rounds, TikZ."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from cli_runs import HUNG, run
from picture_checks import edges_of, needs_engine, node_lines
from tex import needs_tikz
from epistemic import Agent, KripkeModel
from epistemic.models.puzzles import muddy_children
from epistemic.visualize import (FALSE_FILL, REMOVED, TRUE_FILL, PictureError, agent_line, cube_positions,
                                 kripke_picture, kripke_tikz)
from epistemic.visualize.style import AGENT_LINES
from epistemic.visualize.kripke import LAYERED_LINKS, links
from epistemic.relations import Partition

EXAMPLE = str(Path(__file__).parent.parent / "docs" / "examples" / "muddy-children.json")


def test_the_first_agents_lines_differ_in_style_alone():
    # greyscale keeps style and width, not hue: those must tell the six apart
    looks = [(line.style, line.width) for line in AGENT_LINES]
    assert len(set(looks)) == len(AGENT_LINES) == 6
    assert len({line.colour for line in AGENT_LINES}) == 6
    assert agent_line(6) == agent_line(0)


def test_each_agent_draws_its_own_line():
    model = muddy_children.initial_model(4, 2)
    edges = edges_of(kripke_picture(model).source)
    look = {}
    for _, _, attrs in edges:
        look.setdefault(attrs["label"], set()).add((attrs["style"], attrs["penwidth"], attrs["color"]))
    assert sorted(look) == ["c1", "c2", "c3", "c4"]
    assert all(len(seen) == 1 for seen in look.values())          # one line per agent
    assert len({next(iter(seen)) for seen in look.values()}) == 4   # and no two alike


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_cube_edges_of_one_agent_are_parallel_and_flip_one_atom(n):
    model = muddy_children.initial_model(n, 1)
    place = cube_positions(model, spacing=1.0)
    assert place is not None
    points = list(place.values())
    assert min(((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
               for i, p in enumerate(points) for q in points[:i]) == pytest.approx(1.0, abs=2e-3)
    for agent in model.agents:
        directions = set()
        for block in model.partition(agent):
            for u in block:
                for v in block:
                    if u < v:
                        assert len(model.facts(u) ^ model.facts(v)) == 1
                        dx, dy = (place[v][0] - place[u][0], place[v][1] - place[u][1])
                        sign = 1 if (dx, dy) > (0, 0) else -1
                        directions.add((sign * dx, sign * dy))
        first = next(iter(directions))
        # positions are rounded to a thousandth of an inch
        assert all(abs(x - first[0]) < 0.005 and abs(y - first[1]) < 0.005 for x, y in directions), agent


def test_no_cube_for_worlds_that_share_a_valuation_or_too_many_atoms():
    a = Agent("a")
    twins = KripkeModel.from_relations([a], {"w": {"p"}, "v": {"p"}, "u": {"q"}}, {}, actual="w", reflexive=True)
    assert cube_positions(twins) is None
    sparse = KripkeModel.from_relations([a], {i: {f"x{i}"} for i in range(8)}, {}, actual=0, reflexive=True)
    assert cube_positions(sparse) is None
    assert "layout=neato" not in kripke_picture(sparse).source
    with pytest.raises(PictureError, match="no cube"):
        kripke_picture(sparse, layout="cube")


def _fills(dot: str) -> dict[str, str]:
    return {ident: re.search(r'fillcolor="([^"]+)"', line).group(1)
            for ident, line in node_lines(dot, "w").items() if "fillcolor" in line}


@given(st.sets(st.integers(0, 7)))
@settings(max_examples=25, deadline=None)
def test_truth_is_one_colour_whatever_the_set(truth):
    model = muddy_children.initial_model(3, 2)
    holds = [model.worlds[i] for i in truth]
    fills = _fills(kripke_picture(model, holds=holds, claim="φ").source)
    assert fills == {f"w{i}": TRUE_FILL if i in truth else FALSE_FILL for i in range(8)}


def test_check_colours_true_and_false_alike_in_two_pictures(capsys, tmp_path):
    # the actual world {m1, m2} is w1 of the listed structure; the two formulas disagree there
    for formula, verdict in (("~K_c1 m1", True), ("K_c1 m1", False)):
        model, why = tmp_path / f"model-{verdict}.dot", tmp_path / f"why-{verdict}.dot"
        code, _, err = run(capsys, "check", EXAMPLE, formula, "--draw-model", str(model), "--draw", str(why))
        assert code == 0, err
        dot = model.read_text()
        fills = _fills(dot)
        assert set(fills.values()) == {TRUE_FILL, FALSE_FILL}
        actual = next(i for i, line in node_lines(dot, "w").items() if "peripheries=2" in line)
        assert fills[actual] == (TRUE_FILL if verdict else FALSE_FILL)
        assert "pirate" not in dot.lower() and formula in dot
        # the explanation's question box has the verdict's colour, whichever colour it met first
        root = node_lines(why.read_text(), "r")["r0"]
        assert f'fillcolor="{TRUE_FILL if verdict else FALSE_FILL}"' in root
        # ~K_c1 m1 rests on K_c1 m1, of the other verdict: a plain arrow, and no word of knowledge groups
        arrows = [line for line in why.read_text().splitlines() if "->" in line]
        assert arrows and not any("penwidth" in line for line in arrows)
        assert "other knowledge" not in why.read_text()


def test_puzzle_draws_every_round_with_the_removed_worlds_greyed(capsys, tmp_path):
    code, out, err = run(capsys, "puzzle", "muddy-children", "n=3", "k=2", "--draw", str(tmp_path / "cube.dot"))
    assert code == 0, err
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["cube-01.dot", "cube-02.dot", "cube-03.dot", "cube-04.dot"]
    left = [8, 7, 4, 1]   # the worlds of each round, as the text says
    places = None
    for name, kept in zip(files, left):
        dot = (tmp_path / name).read_text()
        nodes = node_lines(dot, "w")
        assert len(nodes) == 8
        assert sum(f'color="{REMOVED}"' in line for line in nodes.values()) == 8 - kept
        # the worlds stay where they are from one round to the next
        where = {i: re.search(r'pos="([^"]+)"', line).group(1) for i, line in nodes.items()}
        assert places in (None, where)
        places = where
    assert "round 3 of 3: c1, c2 know whether they are muddy" in (tmp_path / files[-1]).read_text()


def test_a_puzzle_title_ending_in_a_question_is_not_followed_by_a_comma(capsys, tmp_path):
    code, out, err = run(capsys, "puzzle", "drinking-logicians", "--draw", str(tmp_path / "bar.dot"))
    assert code == 0, err
    first = (tmp_path / "bar-01.dot").read_text(encoding="utf-8")
    assert "<B>Drinking logicians: does everyone want a beer? — start (8 worlds)</B>" in first
    assert not any("?," in p.read_text(encoding="utf-8") for p in tmp_path.iterdir())


@pytest.mark.parametrize("argv, message", [
    (["muddy-children", "--draw", "cube.jpg"], "cannot tell the image format of 'cube.jpg'"),
    (["muddy-children", "n=8", "--draw", "cube.svg"], "starts with 256 worlds, too many to draw"),
    (["muddy-children", "n=40", "--engine", "symbolic", "--draw", "cube.svg"],
     "starts with 1,099,511,627,776 worlds"),
    (["sum-and-product", "--draw", "cube.tex"], "starts with 2,352 worlds"),
    (["muddy-children", "--draw", "missing/cube.svg"], "does not exist"),
    (["muddy-children", "--draw", "cube.png", "--dpi", "20"], "the resolution must be from 50 to 600"),
    # 140 worlds, under the limit of worlds, but 1,750 links: refused before a layout of minutes
    (["russian-cards", "--draw", "cards.svg"], "the model has 1,750 links between its worlds, too many to draw"),
])
def test_puzzle_refuses_bad_drawings_in_one_line(capsys, tmp_path, monkeypatch, argv, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "puzzle", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_check_refuses_a_model_too_large_to_draw(capsys, tmp_path):
    big = tmp_path / "big.json"
    big.write_text('{"format": "epistemic-knowledge-structure", "version": 1, '
                   '"vocabulary": ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"], "law": "p1 | ~p1", '
                   '"observables": {"a": ["p1"]}, "actual": [[]]}')
    code, out, err = run(capsys, "check", str(big), "p1", "--draw-model", str(tmp_path / "m.svg"))
    assert code == 2 and out == "" and "256 worlds, too many to draw" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json"]


def _balanced(tex: str) -> bool:
    depth = 0
    for c in re.sub(r"\\[{}]", "", tex):
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return False
    return depth == 0


def test_tikz_has_every_world_and_link_and_balanced_braces():
    model = muddy_children.initial_model(3, 2)
    later = model.restricted([w for w in model.worlds if w != "CCC"])
    tex = kripke_tikz(later, earlier=model, holds=["MMC"], claim="K_c1 m1 & {x}")
    assert _balanced(tex)
    assert tex.count("\\node[world") == 8 and tex.count("gone") >= 2
    links = re.findall(r"\\draw\[(agent\d)[^\]]*\] \((w\d)\) -- ", tex)
    assert len(links) == 12                      # the cube's edges, three of them removed
    assert {style for style, _ in links} == {"agent0", "agent1", "agent2"}
    assert "K\\_c1 m1 \\& \\{x\\}" in tex and "\\begin{document}" in tex and tex.endswith("\\end{document}\n")


def test_puzzle_tikz_is_one_document_a_page_a_round(capsys, tmp_path):
    path = tmp_path / "rounds.tex"
    code, _, err = run(capsys, "puzzle", "muddy-children", "n=3", "--draw", str(path))
    assert code == 0, err
    tex = path.read_text()
    assert tex.count("\\begin{tikzpicture}") == 4 and _balanced(tex)


@needs_tikz
def test_tikz_compiles(tmp_path):
    (tmp_path / "m.tex").write_text(kripke_tikz(muddy_children.initial_model(3, 2), holds=["MMC"]))
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "m.tex"], cwd=tmp_path, capture_output=True,
                          timeout=HUNG)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "m.pdf").stat().st_size > 1000


@needs_tikz
def test_rounds_tikz_compiles_to_a_page_a_round(capsys, tmp_path):
    code, _, err = run(capsys, "puzzle", "muddy-children", "n=3", "--draw", str(tmp_path / "r.tex"))
    assert code == 0, err
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "r.tex"], cwd=tmp_path, capture_output=True,
                          timeout=HUNG)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "r.pdf").read_bytes().count(b"/Type /Page\n") + (tmp_path / "r.pdf").read_bytes().count(
        b"/Type/Page") >= 4 or b"4 pages" in done.stdout


def test_each_round_shades_its_own_worlds_and_links_pass_under_the_worlds():
    from epistemic import Agent, KripkeModel
    from epistemic.visualize import rounds_tikz
    a = Agent("a")
    m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
                                   actual="w", reflexive=True, symmetric=True)
    tex = rounds_tikz([("start", m), ("after p", m.restricted(["w"]))], holds=[["v"], ["w"]], claim="c",
                      no_facts="nothing at all", positions={"w": (0.0, 0.0), "v": (2.0, 0.0)})
    first, second = tex.split("\\end{kripkepage}")[:2]
    # the start shades v true and w false; after p, w is true and v is greyed
    assert "fill=falsefill, actual] (w0)" in first and "fill=truefill] (w1)" in first
    assert "fill=truefill, actual] (w0)" in second and "gone] (w1)" in second
    assert "nothing at all" in first
    # every link is drawn on the layer below the worlds
    assert first.index("\\begin{pgfonlayer}{links}") > first.rindex("\\node[world")
    with pytest.raises(PictureError, match="holds names 1 rounds of 2"):
        rounds_tikz([("start", m), ("after p", m)], holds=[["v"]])


def test_round_files_are_numbered_to_sort_in_order():
    from epistemic.visualize import numbered_paths
    assert numbered_paths("cube.svg", 3) == ["cube-01.svg", "cube-02.svg", "cube-03.svg"]
    # numbered with as many digits as the last page needs, at least two: the names sort as the pages do
    pages = numbered_paths("out/rounds.PNG", 120)
    assert pages[0] == "out/rounds-001.PNG" and pages[-1] == "out/rounds-120.PNG" and sorted(pages) == pages
    assert sorted(numbered_paths("r.png", 12)) == numbered_paths("r.png", 12)


@needs_engine
def test_dpi_sets_the_resolution_of_every_png(capsys, tmp_path):
    """Twice the dots per inch, twice the pixels each way, for check's two pictures and puzzle's rounds."""
    def pixels(path: Path) -> tuple[int, int]:
        data = path.read_bytes()
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")

    sizes = {}
    for dpi in ("72", "144"):
        model, why, cube = (tmp_path / f"{name}-{dpi}.png" for name in ("model", "why", "cube"))
        assert run(capsys, "check", EXAMPLE, "K_c1 m1", "--draw-model", str(model), "--draw", str(why),
                   "--dpi", dpi)[0] == 0
        assert run(capsys, "puzzle", "muddy-children", "n=3", "k=2", "--draw", str(cube), "--dpi", dpi)[0] == 0
        sizes[dpi] = [pixels(p) for p in (model, why, tmp_path / f"cube-{dpi}-02.png")]
    for (w, h), (w2, h2) in zip(sizes["72"], sizes["144"]):
        assert abs(w2 - 2 * w) <= 2 and abs(h2 - 2 * h) <= 2
    code, _, err = run(capsys, "check", EXAMPLE, "m1", "--draw", str(tmp_path / "x.png"), "--dpi", "601")
    assert code == 2 and "the resolution must be from 50 to 600" in err and not (tmp_path / "x.png").exists()


def test_many_links_are_placed_by_springs_and_too_many_refused():
    """Sixty worlds in blocks of five for each of three agents: hundreds of links, which a
    layered layout orders for seconds to minutes; past the limit no layout is tried."""
    agents = [Agent(x) for x in "abc"]
    blocks = {agents[0]: [i // 5 for i in range(60)], agents[1]: [i % 12 for i in range(60)],
              agents[2]: [(i // 5 + i) % 12 for i in range(60)]}
    m = KripkeModel([f"w{i}" for i in range(60)], [frozenset({f"p{i % 7}"}) for i in range(60)],
                    {a: Partition(b) for a, b in blocks.items()}, ["w0"])
    assert len(links(m)) > LAYERED_LINKS
    assert "layout=neato" in kripke_picture(m, layout="graphviz").source
    small = muddy_children.initial_model(3, 2)
    assert "layout=neato" not in kripke_picture(small, layout="graphviz").source
    with pytest.raises(PictureError, match=f"{len(links(m)):,} links between its worlds, too many"):
        kripke_picture(m, max_links=len(links(m)) - 1)


def test_check_draws_compact_labels_for_print(capsys, tmp_path):
    full, compact = tmp_path / "full.dot", tmp_path / "compact.dot"
    assert run(capsys, "check", EXAMPLE, "K_c1 m1", "--draw", str(full))[0] == 0
    assert run(capsys, "check", EXAMPLE, "K_c1 m1", "--draw", str(compact), "--label-style", "compact")[0] == 0
    # the claim keeps its first clause, the verdict; the reason after the colon is left out
    assert "c1 cannot rule" in full.read_text() and "c1 cannot rule" not in compact.read_text()
    assert "K_c1 m1 is false at {m1, m2}" in compact.read_text()


def _legend_texts(dot: str) -> list[str]:
    """The texts of a Kripke picture's legend rows, each on one line."""
    return [t.replace("<BR/>", " ") for t in re.findall(r'BALIGN="LEFT">(.*?)</TD>', dot)]


def _line_samples(dot: str) -> list[str]:
    """The colours of the agents' line samples in a legend."""
    return re.findall(r'SIDES="B" BORDER="\d+"(?: STYLE="\w+")? COLOR="(#[0-9A-F]{6})"', dot)


def test_the_legend_names_only_the_agents_whose_lines_are_drawn():
    """p2-p5 know which promises were made: no link of theirs is drawn, so the legend shows no
    line for them (a line sample for a line that is nowhere is what a reader trips over), and
    says that they have none."""
    from epistemic.models.pirates import PirateGame, promise
    from epistemic.models.pirates.pictures import kripke_model_picture

    dot = kripke_model_picture(PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])).source
    legend = _legend_texts(dot)
    assert [t for t in legend if t.startswith("p")] == [
        "p1: arrow w → v: at w, considers v possible", "p2-p5: no link: tell every world from every other"]
    assert _line_samples(dot) == [agent_line(0).colour]
    assert {attrs["label"] for _, _, attrs in edges_of(dot)} == {"p1"}


def test_a_round_that_leaves_no_link_names_no_line():
    code_worlds = muddy_children.initial_model(3, 2)
    last = code_worlds.restricted(["MMC"])
    dot = kripke_picture(last, earlier=code_worlds).source
    assert _line_samples(dot) == []
    assert "c1-c3: no link: tell every world from every other" in _legend_texts(dot)
    tex = kripke_tikz(last, earlier=code_worlds)
    assert "c1-c3: no link: tell every world from every other" in tex and "cannot tell the linked" not in tex


def test_the_bar_is_drawn_as_a_cube_of_the_logicians_links():
    """The drinking logicians' first round: the bartender, who tells no two of the 8 worlds apart,
    would draw 28 links; none is drawn and the legend says why.  Each logician knows only her own
    wish, so the worlds she cannot tell apart make a face of the cube: its 4 edges are drawn, not
    its diagonals, which the chain of edges implies.  24 links in all, 2 on each edge of the cube."""
    from epistemic.models.puzzles import drinking_logicians as bar

    model = bar.initial_model(3)
    dot = kripke_picture(model).source
    edges = edges_of(dot)
    ids = {f"w{i}": w for i, w in enumerate(model.worlds)}
    assert "bartender" not in {attrs["label"] for _, _, attrs in edges}
    assert len(edges) == 24
    assert all(len(model.facts(ids[u]) ^ model.facts(ids[v])) == 1 for u, v, _ in edges)   # no diagonal
    legend = _legend_texts(dot)
    assert "bartender: cannot tell any of the worlds apart (no lines drawn: they would join every pair)" in legend
    assert any("a chain of its links reaches" in t for t in legend)
    assert len(_line_samples(dot)) == 3
    # the pages that follow keep the cube, and draw a removed link once whoever's it was
    later = model.restricted([w for w in model.worlds if w.startswith("Y")])
    removed = [attrs for _, _, attrs in edges_of(kripke_picture(later, earlier=model).source)
               if attrs.get("color") == REMOVED]
    assert len(removed) == 12 - 4   # the cube's edges less the face left


def test_without_places_every_pair_an_agent_cannot_tell_apart_is_linked():
    """Only a picture whose worlds are placed drops the links a chain of nearer ones implies."""
    a = Agent("a")
    worlds = {"u": {"p"}, "v": {"q"}, "w": {"r"}, "x": set()}
    m = KripkeModel.from_relations([a], worlds, {a: [(s, t) for s in "uvw" for t in "uvw" if s < t]},
                                   actual="u", reflexive=True, symmetric=True)
    assert len(links(m)) == 3


@needs_engine
def test_names_with_backslashes_are_drawn_as_they_are(tmp_path):
    """A backslash in a name is no escape: an agent x\\ does not end its label's quotes (which made
    the picture fail), a\\n is no line break, and worlds and TikZ show theirs too."""
    a, b = Agent("a\\n"), Agent("x\\")
    m = KripkeModel.from_relations([a, b], {"C:\\w": {"p"}, "v\\": set()}, {a: [("C:\\w", "v\\")],
                                   b: [("C:\\w", "v\\")]}, actual="C:\\w", reflexive=True, symmetric=True)
    picture = kripke_picture(m)
    labels = sorted(attrs["label"] for _, _, attrs in edges_of(picture.source))
    assert labels == ["a\\\\n", "x\\\\"]
    tex = kripke_tikz(m)
    assert "C:\\textbackslash{}w" in tex and "x\\textbackslash{}" in tex
    from picture_checks import svg_texts
    texts = svg_texts(picture.pipe("svg"))
    for name in ("a\\n", "x\\", "C:\\w", "v\\"):
        assert name in texts


def test_a_dag_edge_label_with_a_backslash_is_drawn_as_it_is():
    import networkx as nx
    from epistemic.visualize import dag_picture

    g = nx.DiGraph()
    g.add_edge(1, 2, label="C:\\new <x>")
    dot = dag_picture(g, label=lambda n: ([f"node {n}"], []), group=lambda n: "all",
                      edge_label=lambda u, v, data: data["label"]).source
    assert [attrs["label"] for _, _, attrs in edges_of(dot)] == ["C:\\\\new <x>"]
