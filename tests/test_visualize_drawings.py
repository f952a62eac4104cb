"""The generic drawings of :mod:`epistemic.visualize`: Kripke models, knowledge
tables, why-graphs and summarized DAGs, checked on their DOT source (which
needs no Graphviz engine) and, where an engine is installed, rendered.
"""

from __future__ import annotations

import enum
import re
import warnings
from itertools import pairwise

import networkx as nx
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from epistemic import (
    Agent,
    Announcement,
    Knowledge,
    KripkeModel,
    Reason,
    announce,
)
from epistemic.explanation import OMITTED
from epistemic.visualize import (
    FILLS,
    Palette,
    PictureError,
    dag_picture,
    knowledge_table,
    kripke_picture,
    reason_picture,
    summarize,
    write_images,
)

from picture_checks import edges_of, needs_engine, node_lines, svg_texts


# Kripke models ------------------------------------------------------------------------

A, B = Agent("a"), Agent("b")


def s5_model() -> KripkeModel:
    """a cannot tell w from v; b cannot tell any of the three worlds apart."""
    return KripkeModel.from_relations(
        [A, B], {"w": {"fact-p"}, "v": {"fact-q"}, "u": set()},
        {A: [("w", "v")], B: [("w", "v"), ("v", "u"), ("w", "u")]},
        actual="w", reflexive=True, symmetric=True)


def test_kripke_s5_links():
    model = s5_model()
    assert model.is_equivalence(A) and model.is_equivalence(B)
    dot = kripke_picture(model).source
    nodes = node_lines(dot, "w")
    ids = {w: f"w{i}" for i, w in enumerate(model.worlds)}
    assert set(nodes) == set(ids.values())
    for w, ident in ids.items():
        assert ("peripheries=2" in nodes[ident]) == (w in model.actual)
    edges = edges_of(dot)
    assert all(attrs.get("dir") == "none" for _, _, attrs in edges)
    assert all(u != v for u, v, _ in edges)  # knowledge draws no loops
    # b cannot tell any of the three worlds apart: his lines, joining every pair, are not drawn, and the
    # legend says what they would have said
    drawn = sorted((tuple(sorted((u, v))), attrs["label"]) for u, v, attrs in edges)
    assert drawn == [(tuple(sorted((ids["w"], ids["v"]))), "a")]
    legend = dot.replace("<BR/>", " ")
    assert "b: cannot tell any of the worlds apart (no lines drawn: they would join every pair)" in legend
    assert "b: cannot tell the linked worlds apart" not in legend


def test_each_agents_link_is_drawn_once_in_its_own_line():
    model = KripkeModel.from_relations([A, B], {"w": {"fact-p"}, "v": {"fact-q"}, "u": set()},
                                       {A: [("w", "v")], B: [("w", "v")]}, actual="w", reflexive=True,
                                       symmetric=True)
    edges = edges_of(kripke_picture(model).source)
    assert sorted(attrs["label"] for _, _, attrs in edges) == ["a", "b"]
    styles = {attrs["label"]: (attrs["style"], attrs["color"]) for _, _, attrs in edges}
    assert styles["a"] != styles["b"]


def test_kripke_belief_links_are_arrows_with_loops():
    p1, p2, p3 = Agent("p1"), Agent("p2"), Agent("p3")
    model = announce(KripkeModel.initial([p1, p2, p3]), Announcement.private(p2, "x", [p3]))
    assert model.is_kd45(p1) and not model.is_equivalence(p1)
    assert model.is_equivalence(p2) and model.is_equivalence(p3)
    dot = kripke_picture(model, legend=False).source
    ids = {w: f"w{i}" for i, w in enumerate(model.worlds)}
    (actual,) = model.actual
    (other,) = set(model.worlds) - {actual}
    edges = {(u, v): attrs for u, v, attrs in edges_of(dot)}
    # p1 wrongly believes nothing was said: an arrow to the other world, and its loop there
    assert set(edges) == {(ids[actual], ids[other]), (ids[other], ids[other])}
    for attrs in edges.values():
        assert attrs["label"] == "p1" and "dir" not in attrs
    # the loop at the actual world belongs to p2 and p3 only, who know: not drawn
    assert (ids[actual], ids[actual]) not in edges


def test_kripke_mutual_belief_arrows_are_drawn_once():
    model = KripkeModel.from_relations([A], {"w": (), "v": ()}, {A: [("w", "v"), ("v", "w")]}, actual="w")
    assert not model.is_equivalence(A)  # no loops: not knowledge
    edges = edges_of(kripke_picture(model, legend=False).source)
    assert len(edges) == 1 and edges[0][2]["dir"] == "both"


def test_kripke_world_limit():
    model = KripkeModel.from_relations([A], {i: () for i in range(5)}, {}, actual=0, reflexive=True)
    with pytest.raises(PictureError, match="the limit is 4 worlds"):
        kripke_picture(model, max_worlds=4)
    assert len(node_lines(kripke_picture(model, max_worlds=5).source, "w")) == 5
    assert len(node_lines(kripke_picture(model, max_worlds=None).source, "w")) == 5


def test_kripke_rejects_other_things():
    with pytest.raises(PictureError):
        kripke_picture(nx.DiGraph())


@needs_engine
def test_kripke_svg_shows_worlds_and_facts():
    svg = kripke_picture(s5_model(), title="Three worlds").pipe("svg")
    texts = svg_texts(svg)
    for text in ("w", "v", "u", "fact-p", "fact-q", "nothing holds", "Three worlds"):
        assert text in texts, text


# knowledge tables ---------------------------------------------------------------

P1, P2, P3 = Agent("p1"), Agent("p2"), Agent("p3")
TOLD = Announcement.private(P2, "x", [P3])
SAID = Announcement(P1, "y")
EVERYTHING = Knowledge.of([TOLD, SAID])


def table_rows(source: str) -> list[str]:
    return re.findall(r"<TR>(.*?)</TR>", source)


def test_knowledge_table_marks():
    columns = [TOLD, SAID]
    rows = [(a.name, EVERYTHING.seen_by(a)) for a in (P1, P2, P3)]
    dot = knowledge_table(columns, rows).source
    assert dot.count("✓</FONT>") == sum(a in k for _, k in rows for a in columns) == 5
    body = table_rows(dot)[1:]
    assert len(body) == 3
    for (heading, knowledge), row in zip(rows, body):
        marks = re.findall(r'<FONT POINT-SIZE="14">(.)</FONT>', row)
        assert marks == ["✓" if a in knowledge else "·" for a in columns], heading
        assert f"<B>{heading}</B>" in row
        assert set(re.findall(r'BGCOLOR="(#\w+)"', row)) == {"#FFFFFF"}  # no groups: no colour


def test_knowledge_table_colours_rows_by_group():
    palette = Palette(["knows 2"])
    rows = [(a.name, EVERYTHING.seen_by(a)) for a in (P1, P2, P3)]
    dot = knowledge_table([TOLD, SAID], rows, group=lambda k: f"knows {len(k)}", palette=palette).source
    wider = palette.extended(["knows 1"])
    for (_, knowledge), row in zip(rows, table_rows(dot)[1:]):
        name = f"knows {len(knowledge)}"
        assert set(re.findall(r'BGCOLOR="(#\w+)"', row)) == {wider.swatch(name).fill}
        assert f"<I>{name}</I>" in row
    # the given palette's colour comes first, whatever the order of the rows
    assert wider.swatch("knows 2").fill == FILLS[0]
    assert "<B>knows</B>" in table_rows(dot)[0]


def test_knowledge_table_cuts_long_tables_to_max_rows():
    rows = [(f"a{i}", EVERYTHING.seen_by(P1)) for i in range(30)]
    dot = knowledge_table([TOLD, SAID], rows, max_rows=10).source
    body = table_rows(dot)[1:]
    # max_rows rows in all: the first nine, and one that counts the 21 left out
    assert len(body) == 10 and [f"<B>a{i}</B>" in row for i, row in enumerate(body[:9])] == [True] * 9
    assert "and 21 more rows" in body[-1] and "a9" not in dot
    assert len(table_rows(knowledge_table([TOLD], rows[:10], max_rows=10).source)) == 11  # ten fit whole


def test_knowledge_table_rejects_bad_rows():
    with pytest.raises(PictureError, match="p1"):
        knowledge_table([TOLD], [("p1", {TOLD})])
    with pytest.raises(PictureError):
        knowledge_table([TOLD], [])


# why-graphs ---------------------------------------------------------------------

def reason_nodes(source: str) -> dict[str, str]:
    return node_lines(source, "r")


def node_with(nodes: dict[str, str], claim: str) -> str:
    (ident,) = [i for i, line in nodes.items() if f"{claim}<BR" in line]
    return ident


def test_equal_reasons_are_drawn_once():
    # two distinct but equal objects, and one shared object
    root = Reason("claim-root", because=[Reason("claim-a", because=[Reason("claim-s")]),
                                         Reason("claim-b", because=[Reason("claim-s")])])
    dot = reason_picture(root).source
    nodes = reason_nodes(dot)
    assert len(nodes) == 4
    ids = {c: node_with(nodes, c) for c in ("claim-root", "claim-a", "claim-b", "claim-s")}
    edges = {(u, v) for u, v, _ in edges_of(dot)}
    assert len(edges_of(dot)) == 4
    assert edges == {(ids["claim-root"], ids["claim-a"]), (ids["claim-root"], ids["claim-b"]),
                     (ids["claim-a"], ids["claim-s"]), (ids["claim-b"], ids["claim-s"])}


def test_several_trees_share_their_reasons():
    shared = Reason("claim-s", values=[("n", 1)])
    dot = reason_picture([Reason("claim-a", because=[shared]), Reason("claim-b", because=[shared])]).source
    assert len(reason_nodes(dot)) == 3 and len(edges_of(dot)) == 2


class Kind(enum.Enum):
    VOTE = "vote"
    OTHER = "other"


def test_reasons_of_different_kinds_are_different_boxes():
    root = Reason("claim-root", because=[Reason("claim-x", kind=Kind.VOTE), Reason("claim-x")])
    assert len(reason_nodes(reason_picture(root).source)) == 3


@pytest.mark.parametrize("cut_first", [True, False])
def test_cut_reason_and_full_reason_are_one_box(cut_first):
    full = Reason("claim-x", knowledge="K", kind=Kind.OTHER, because=[Reason("claim-y", knowledge="K")])
    cut = Reason(f"claim-x {OMITTED}", knowledge="K", kind=Kind.OTHER)
    elsewhere = Reason("claim-z", knowledge="K", because=[full])
    root = Reason("claim-root", knowledge="K", because=[cut, elsewhere] if cut_first else [elsewhere, cut])
    dot = reason_picture(root).source
    assert OMITTED not in dot
    nodes = reason_nodes(dot)
    assert len(nodes) == 4
    x, y = node_with(nodes, "claim-x"), node_with(nodes, "claim-y")
    edges = {(u, v) for u, v, _ in edges_of(dot)}
    assert (node_with(nodes, "claim-root"), x) in edges and (node_with(nodes, "claim-z"), x) in edges
    assert (x, y) in edges and len(edges_of(dot)) == 4


def test_a_reason_cut_everywhere_says_so():
    dot = reason_picture(Reason("claim-root", because=[Reason(f"claim-x {OMITTED}")])).source
    assert OMITTED in dot


def test_reasons_across_knowledge_have_heavy_arrows():
    root = Reason("claim-root", knowledge="K1", because=[Reason("claim-same", knowledge="K1"),
                                                         Reason("claim-other", knowledge="K2")])
    dot = reason_picture(root).source
    nodes = reason_nodes(dot)
    edges = {v: attrs for _, v, attrs in edges_of(dot)}
    assert "penwidth" in edges[node_with(nodes, "claim-other")]
    assert "penwidth" not in edges[node_with(nodes, "claim-same")]
    assert "heavy arrow" in dot  # and the legend says what it means


def test_reasons_are_filled_by_the_palette():
    palette = Palette(["K2", "K1"])
    root = Reason("claim-root", knowledge="K1", because=[Reason("claim-other", knowledge="K2"),
                                                         Reason("claim-new", knowledge="K3")])
    nodes = reason_nodes(reason_picture(root, palette=palette).source)
    wider = palette.extended(["K3"])
    for claim, group in (("claim-root", "K1"), ("claim-other", "K2"), ("claim-new", "K3")):
        assert f'fillcolor="{wider.swatch(group).fill}"' in nodes[node_with(nodes, claim)]


def test_marked_reasons_have_a_double_border():
    root = Reason("claim-root", because=[Reason("claim-odd"), Reason("claim-even")])
    dot = reason_picture(root, marked=lambda r: r.claim == "claim-odd", marked_note="odd one").source
    nodes = reason_nodes(dot)
    assert "peripheries=2" in nodes[node_with(nodes, "claim-odd")]
    assert "peripheries=2" not in nodes[node_with(nodes, "claim-even")]
    assert "peripheries=2" not in nodes[node_with(nodes, "claim-root")]
    assert "odd one" in dot


def test_reason_limit():
    root = Reason("r", because=[Reason(f"leaf {i}") for i in range(4)])  # 5 distinct reasons
    with pytest.raises(PictureError, match="4"):
        reason_picture(root, max_reasons=4)
    assert len(reason_nodes(reason_picture(root, max_reasons=5).source)) == 5


def test_deep_chain_is_drawn_without_recursion():
    chain = Reason("leaf")
    for i in range(3000):
        chain = Reason(f"step {i}", because=[chain])
    dot = reason_picture(chain, max_reasons=None, chain=None, max_boxes=None).source
    assert len(reason_nodes(dot)) == 3001 and len(edges_of(dot)) == 3000
    # shortened as a chain of alike reasons, it is a few boxes around one gap
    short = reason_picture(chain, max_reasons=None).source
    assert len(reason_nodes(short)) < 10 and "more reasons like" in short
    with pytest.raises(PictureError, match="more than 2,000 distinct reasons"):
        reason_picture(chain, max_reasons=2_000)


@pytest.mark.parametrize("bad", ["a claim", [], [Reason("a"), "b"], (Reason("a"), None)])
def test_reason_picture_rejects_non_reasons(bad):
    with pytest.raises(PictureError):
        reason_picture(bad)


@pytest.mark.parametrize("bad", [None, 3])
def test_reason_picture_rejects_non_iterables(bad):
    with pytest.raises(PictureError):
        reason_picture(bad)


# DAGs -----------------------------------------------------------------------------

@st.composite
def dags(draw):
    """``(graph, group of each node, max_nodes)``: edges go from lower to higher
    numbers, with chain links made likely so that runs of one group occur."""
    n = draw(st.integers(1, 40))
    groups = draw(st.lists(st.integers(1, draw(st.integers(1, 3))), min_size=n, max_size=n))
    links = draw(st.lists(st.integers(0, 4), min_size=n - 1, max_size=n - 1))
    edges = {(i, i + 1) for i, linked in enumerate(links) if linked}
    if n > 1:
        extra = st.tuples(st.integers(0, n - 2), st.integers(1, n - 1)).filter(lambda e: e[0] < e[1])
        edges |= set(draw(st.lists(extra, max_size=draw(st.sampled_from([0, 3, n])))))
    graph = nx.DiGraph()
    graph.add_nodes_from(draw(st.permutations(range(n))))  # summaries must not rely on node order
    graph.add_edges_from(sorted(edges))
    return graph, groups, draw(st.integers(1, 40))


@given(dags())
@settings(max_examples=300, deadline=None)
def test_summaries_cover_the_graph(case):
    graph, groups, max_nodes = case
    n = graph.number_of_nodes()
    try:
        s = summarize(graph, group=groups.__getitem__, max_nodes=max_nodes)
    except PictureError:
        event("too many groups")
        # only when even one box per group is too many
        assert len(set(groups)) > max_nodes
        return
    event(f"level {s.level}")
    box_of = {v: box for box, nodes in s.boxes.items() for v in nodes}
    assert sorted(v for nodes in s.boxes.values() for v in nodes) == list(range(n))  # each node once
    # nothing is merged unless needed
    assert (s.level == "nodes") == (n <= max_nodes) and s.level in ("nodes", "runs", "groups")
    if s.level == "nodes":
        assert all(nodes == [box] for box, nodes in s.boxes.items())
        assert set(s.edges) == set(graph.edges)
    elif s.level == "runs":
        for box, nodes in s.boxes.items():
            assert {groups[v] for v in nodes} == {s.groups[box]}
            for x, y in pairwise(nodes):
                assert set(graph.successors(x)) == {y} and set(graph.predecessors(y)) == {x}
    else:
        for box, nodes in s.boxes.items():
            assert s.groups[box] == box
            assert set(nodes) == {v for v in range(n) if groups[v] == box}
    for u, v in graph.edges:
        if box_of[u] != box_of[v]:
            assert (box_of[u], box_of[v]) in s.edges
    for a, b in s.edges:
        assert a != b
        assert any(graph.has_edge(u, v) for u in s.boxes[a] for v in s.boxes[b])
    # the brief asks this unless the level is "groups"; the code holds it there too
    assert len(s.boxes) <= max_nodes


def test_long_chain_is_three_boxes():
    chain = nx.path_graph(1000, create_using=nx.DiGraph)
    s = summarize(chain, group=lambda n: "all", max_nodes=10)
    assert s.level == "runs"
    assert list(s.boxes.values()) == [[0], list(range(1, 999)), [999]]
    assert set(s.edges) == {(0, 1), (1, 999)}
    dot = dag_picture(chain, label=lambda n: ([f"node {n}"], []), group=lambda n: "all", max_nodes=10,
                      what="pirates").source
    assert "1,000 pirates summarized" in dot and "998 pirates" in dot
    assert len(node_lines(dot, "n")) == 3


def test_summary_falls_back_to_groups():
    # a star has no chains, so only one box per group fits
    star = nx.DiGraph([(0, i) for i in range(1, 9)])
    s = summarize(star, group=lambda n: n % 2, max_nodes=3)
    assert s.level == "groups"
    assert s.boxes == {0: [0, 2, 4, 6, 8], 1: [1, 3, 5, 7]}
    assert set(s.edges) == {(0, 1)}
    with pytest.raises(PictureError):
        summarize(star, group=lambda n: n % 3, max_nodes=2)


def test_summary_joins_edge_labels():
    g = nx.MultiDiGraph()
    g.add_edge("a", "b", why="x")
    g.add_edge("a", "b", why="y")
    g.add_edge("a", "b", why="x")
    s = summarize(g, group=lambda n: 0, edge_label=lambda u, v, d: d["why"])
    assert s.edges == {("a", "b"): ["x", "y"]}
    dot = dag_picture(g, label=lambda n: ([n], []), group=lambda n: 0, edge_label=lambda u, v, d: d["why"]).source
    assert [attrs["label"] for _, _, attrs in edges_of(dot)] == ["x; y"]


def test_dag_picture_boxes_nodes_by_group():
    g = nx.DiGraph([(1, 2), (2, 3), (3, 4)])
    dot = dag_picture(g, label=lambda n: ([f"node-{n}"], [("value", n)]), group=lambda n: f"g{n % 2}",
                      title="Small").source
    assert dot.count("subgraph cluster") == 2
    nodes = node_lines(dot, "n")
    assert len(nodes) == 4 and all("peripheries" not in line for line in nodes.values())
    assert all(f"node-{n}<BR" in dot and f"value {n}" in dot for n in g)
    assert len(edges_of(dot)) == 3
    assert "Small" in dot and "summarized" not in dot


@pytest.mark.parametrize("max_nodes", [0, -1, True, 2.5, "3"])
def test_max_nodes_must_be_positive(max_nodes):
    g = nx.DiGraph([(1, 2)])
    with pytest.raises(PictureError):
        summarize(g, group=lambda n: 0, max_nodes=max_nodes)
    with pytest.raises(PictureError):
        dag_picture(g, label=lambda n: ([str(n)], []), group=lambda n: 0, max_nodes=max_nodes)


def test_dag_picture_rejects_cycles_and_non_graphs():
    with pytest.raises(PictureError, match="cycle"):
        dag_picture(nx.DiGraph([(1, 2), (2, 1)]), label=lambda n: ([str(n)], []), group=lambda n: 0)
    for bad in ([(1, 2)], nx.Graph([(1, 2)]), None):
        with pytest.raises(PictureError):
            dag_picture(bad, label=lambda n: ([str(n)], []), group=lambda n: 0)


def test_summarize_rejects_a_non_graph():
    with pytest.raises(PictureError):
        summarize([(1, 2)], group=lambda n: 0)


def test_summarize_rejects_a_cycle():
    # walking back along a cycle of one group would never stop
    with pytest.raises(PictureError, match="cycle"):
        summarize(nx.cycle_graph(5, create_using=nx.DiGraph), group=lambda n: 0, max_nodes=2)


# every drawing renders -------------------------------------------------------------

def every_drawing():
    why = Reason("p5 votes no", values=[("offered", 1)], knowledge="K1",
                 because=[Reason("p2 keeps his promise & <more>", knowledge="K2")])
    chain = nx.path_graph(100, create_using=nx.DiGraph)
    return {
        "kripke": kripke_picture(s5_model(), title="Who knows"),
        "belief": kripke_picture(announce(KripkeModel.initial([P1, P2, P3]), TOLD)),
        "table": knowledge_table([TOLD, SAID], [(a.name, EVERYTHING.seen_by(a)) for a in (P1, P2, P3)],
                                 group=lambda k: f"knows {len(k)}", title="Table"),
        "why": reason_picture(why, marked=lambda r: r.knowledge == "K2", title="Why\nsecond line"),
        "dag": dag_picture(chain, label=lambda n: ([f"node {n}"], []), group=lambda n: n // 50, max_nodes=10),
    }


@needs_engine
@pytest.mark.parametrize("name", ["belief", "dag", "kripke", "table", "why"])
def test_every_drawing_renders_cleanly(name):
    # the HTML-like labels must be valid: Graphviz reports bad ones as errors or warnings
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        svg = every_drawing()[name].pipe("svg")
    assert [str(w.message) for w in seen] == []
    assert svg_texts(svg)


def test_palette_past_eighteen_groups_is_white_and_bold():
    palette = Palette(range(25))
    swatches = [palette.swatch(i) for i in range(25)]
    assert len(set(swatches[:18])) == 18
    assert all(s.fill == "#FFFFFF" and s.border == "bold" for s in swatches[18:])


def test_too_many_groups_side_by_side_are_drawn_by_class():
    """Twenty groups of one node fit in the boxes, but twenty frames in a row do not
    read: past max_groups the classes are drawn, and the legend lists those."""
    star = nx.DiGraph([(0, k) for k in range(1, 20)])
    s = summarize(star, group=lambda n: n, max_nodes=60, coarse=lambda g: g % 3, max_groups=12)
    assert s.level == "coarse" and sorted(s.boxes) == [0, 1, 2]
    assert summarize(star, group=lambda n: n, max_nodes=60, coarse=lambda g: g % 3, max_groups=20).level == "nodes"
    source = dag_picture(star, label=lambda n: ([f"node {n}"], []), group=lambda n: n,
                         coarse=lambda g: f"class {g % 3}").source
    assert source.count("subgraph cluster") == 3


def test_summary_by_class_when_groups_are_too_many():
    star = nx.DiGraph([(0, i) for i in range(1, 30)])
    s = summarize(star, group=lambda n: n, max_nodes=5, coarse=lambda g: g % 3)
    assert s.level == "coarse" and sorted(s.boxes) == [0, 1, 2]
    assert sorted(len(v) for v in s.boxes.values()) == [10, 10, 10]
    with pytest.raises(PictureError, match="classes"):
        summarize(star, group=lambda n: n, max_nodes=2, coarse=lambda g: g % 3)


def test_write_images_is_all_or_nothing(tmp_path):
    good = tmp_path / "a.svg"
    with pytest.raises(PictureError, match="missing"):
        write_images([(good, b"<svg/>"), (tmp_path / "missing" / "b.svg", b"<svg/>")])
    assert list(tmp_path.iterdir()) == []
    assert write_images([(good, b"<svg/>")]) == [good] and good.read_bytes() == b"<svg/>"
