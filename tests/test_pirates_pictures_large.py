"""Pictures of a large pirate game: 300 pirates, 8 subgroup promises, 256 knowledge states.

p2 to p9 each promise a coin to p101-p300 and tell a different half of
p45-p300, so that the pirates hold all 256 sets of the eight promises: the
case whose why-graph was once 32,767 pixels wide, with a legend of about
100 entries and a knowledge table of 256 rows.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from epistemic.cli.main import main
from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates import cli as pirates_cli
from epistemic.models.pirates.pictures import knowledge_picture, prediction_dag_picture, why_picture
from epistemic.visualize import MAX_BOXES, Picture
from cli_runs import HUNG
from picture_checks import PNG_MAGIC, needs_engine
from tex import needs_latex

PIRATES, COINS = 300, 100


def _row(maker):
    return [1] * 100 + [0] * (PIRATES - maker + 1 - 100)


def _hearers(maker):
    return [45 + k for k in range(256) if k >> (maker - 2) & 1]


@pytest.fixture(scope="module")
def game():
    return PirateGame(PIRATES, COINS, [promise(PIRATES, m, _row(m), hearers=_hearers(m)) for m in range(2, 10)])


def boxes(dot: str) -> list[str]:
    return re.findall(r"^\s*([rg]\d+) \[", dot, re.M)


def legend_rows(dot: str) -> int:
    """The rows of a why-graph's legend, which stands under the title, in the graph's label."""
    label = next(line for line in dot.splitlines() if line.lstrip().startswith("label=<<TABLE"))
    legend = label[label.index('<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2">'):]
    return legend.count("<TR>") - 1  # less the title


def test_the_why_graph_of_256_knowledge_states_is_summarized(game):
    assert len(game.knowledge_groups()) == 256
    # a merged box's long note is wrapped, each line in italics: read its lines as one
    dot = why_picture(game, "p1 overboard", depth=6).source.replace('</I><BR ALIGN="LEFT"/><I>', " ")
    dot = dot.replace('<BR ALIGN="LEFT"/>', " ")
    assert len(boxes(dot)) <= MAX_BOXES
    assert "reasons summarized" in dot
    # 64 voter groups on 64 knowledge states vote no for the same numbers: one box
    assert "p37-p100 vote no in round 1: each is offered 0 coins" in dot
    assert re.search(r"<I>\d+ knowledge states: knows no promise; knows p2&#x27;s promise; …</I>", dot)
    assert legend_rows(dot) <= 12 + 6  # at most twelve colours, then the marks


def test_the_legend_counts_the_colours_it_leaves_out():
    from epistemic import Reason
    from epistemic.visualize import reason_picture
    tree = Reason("root", knowledge="k0", because=[Reason(f"claim {i}", knowledge=f"k{i}") for i in range(1, 20)])
    dot = reason_picture(tree).source
    assert "and 9 more, each named in its boxes" in dot      # 20 colours: 11 shown and 9 counted
    shown = re.findall(r'<TD BGCOLOR="#[0-9A-F]{6}" WIDTH="28"', dot)
    assert len(shown) == 11


def test_the_knowledge_table_counts_the_rows_it_leaves_out(game):
    dot = knowledge_picture(game).source
    headings = re.findall(r'ALIGN="LEFT"><B>([^<]*)</B></TD>', dot)
    assert len(headings) == 23
    # 256 groups, 23 drawn: the last row counts the other 233 and names their pirates
    more = re.search(r"<I>… and ([\d,]+) more knowledge groups: ([^<]*)</I>", dot)
    assert more and int(more.group(1)) == 256 - 23
    assert more.group(2) == "p65-p76, p78-p108, p110-p172 and p174-p300 (233 pirates)"


def test_the_dag_of_256_knowledge_states_is_summarized(game):
    dot = prediction_dag_picture(game).source
    assert len(re.findall(r"^\s*n\d+ \[", dot, re.M)) <= 60


def test_the_dag_of_more_promise_counts_than_boxes_uses_ranges():
    promises = [promise(40, m, [0] * (40 - m) + [3], hearers=[m, 40]) for m in range(2, 15)]
    dot = prediction_dag_picture(PirateGame(40, 3, promises), max_nodes=5).source
    assert re.search(r"<I>knows \d+-\d+ promises</I>", dot)


# limits before solving ----------------------------------------------------------------
def big_argv():
    argv = ["pirates", "-n", str(PIRATES), "-m", str(COINS)]
    for m in range(2, 10):
        argv += ["--promise", f"p{m}: {' '.join(map(str, _row(m)))} to {' '.join(f'p{h}' for h in _hearers(m))}"]
    return argv


@needs_engine
def test_pictures_over_a_limit_are_refused_before_solving_and_the_others_written(tmp_path, capsys, monkeypatch):
    events = []
    play = PirateGame.play
    monkeypatch.setattr(PirateGame, "play", lambda self: events.append("solve") or play(self))
    refuse = pirates_cli._refuse
    monkeypatch.setattr(pirates_cli, "_refuse", lambda path, why: events.append("refuse") or refuse(path, why))
    files = {flag: tmp_path / name for flag, name in [("--draw", "why.svg"), ("--draw-dag", "dag.svg"),
                                                       ("--draw-knowledge", "k.svg"), ("--draw-kripke", "m.svg")]}
    argv = big_argv() + ["--why", "p1 overboard"] + [x for flag, path in files.items() for x in (flag, str(path))]
    assert main(argv) == pirates_cli.EXIT_PICTURE_REFUSED
    out, err = capsys.readouterr()
    assert events[0] == "refuse" and "solve" in events  # the refusal came before any solving
    refusals = [line for line in err.splitlines() if "not drawn" in line]
    assert refusals == [f"epistemic pirates: not drawn: {files['--draw-kripke']}: the Kripke model has 256 "
                        f"worlds, more than the 200 a picture holds"]
    assert not files["--draw-kripke"].exists()
    assert all(files[flag].read_bytes().startswith(b"<?xml") for flag in ("--draw", "--draw-dag", "--draw-knowledge"))
    assert out.startswith("Pirate game: 300 pirates, 100 coins") and "Round 1: p1 proposes" in out  # and the report


def test_a_why_graph_too_deep_is_refused_before_solving(tmp_path, capsys, monkeypatch):
    def no_solving(self, *args):
        raise AssertionError("the game was solved")
    monkeypatch.setattr(PirateGame, "play", no_solving)
    monkeypatch.setattr(PirateGame, "prediction", no_solving)
    from epistemic.models.pirates.picture_limits import picture_refusals
    game = PirateGame(PIRATES, COINS, [promise(PIRATES, m, _row(m), hearers=_hearers(m)) for m in range(2, 10)])
    refused = picture_refusals(game, ["why", "kripke", "dag"], questions=3, depth=200)
    assert set(refused) == {"why", "kripke"}
    assert "draw it with --depth 130 or less" in refused["why"]
    assert len(game.solver.dag) == 0


# paper-ready output -------------------------------------------------------------------
def seed_game():
    # seed, first subgroup story: p2 tells {p2, ..., p5} he will divide 1 1 0 1
    return PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_MAGIC)
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


@needs_engine
def test_dpi_scales_the_png():
    picture = why_picture(seed_game(), "p5 vote round 1")
    low, high = png_size(picture.pipe("png", dpi=50)), png_size(picture.pipe("png", dpi=150))
    assert 2.8 < high[0] / low[0] < 3.2 and 2.8 < high[1] / low[1] < 3.2


@pytest.mark.parametrize("dpi", ["10", "601", "-3"])
def test_bad_dpi_is_one_line_and_writes_nothing(tmp_path, capsys, monkeypatch, dpi):
    monkeypatch.chdir(tmp_path)
    argv = ["pirates", "-n", "5", "-m", "3", "--why", "p5 vote round 1", "--draw", "why.png", "--dpi", dpi]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "from 50 to 600 dots per inch" in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_compact_labels_keep_the_first_clause():
    game = seed_game()
    full = why_picture(game, "p5 vote round 1").source
    compact = why_picture(game, "p5 vote round 1", label_style="compact").source
    assert "p5 votes no in round 1: he is offered" in full
    assert "p5 votes no in round 1<BR" in compact and "he is offered" not in compact
    assert "offered 1 · expects 1" in compact  # the numbers stay
    assert len(compact) < len(full)
    dag = prediction_dag_picture(game, label_style="compact").source
    assert "buying the cheapest votes" not in dag and "buying the cheapest votes" in prediction_dag_picture(game).source
    table = knowledge_picture(game, label_style="compact").source
    assert "p2&#x27;s promise to p2-p5" in table and "1 1 0 1" not in table


def test_an_unknown_label_style_is_refused():
    from epistemic.models.pirates.game import PirateGameError
    from epistemic.visualize import PictureError
    with pytest.raises(PictureError, match="label style"):
        why_picture(seed_game(), "p5 vote round 1", label_style="tiny")
    with pytest.raises(PirateGameError, match="label style"):
        knowledge_picture(seed_game(), label_style="tiny")


def tikz_lines(tex: str) -> list[str]:
    body = tex.strip().splitlines()
    assert body[0].startswith("%") and body[1].startswith("\\begin{tikzpicture}") and body[-1] == "\\end{tikzpicture}"
    return body[2:-1]


@needs_engine
def test_tikz_of_a_why_graph_is_well_formed():
    tex = why_picture(seed_game(), "p5 vote round 1").pipe("tex").decode()
    lines = tikz_lines(tex)
    assert all(re.fullmatch(r"\\(path|node)\[.*;", line) for line in lines)
    assert tex.count("{") == tex.count("}") and tex.count("[") == tex.count("]")
    texts = " ".join(re.findall(r"\] at \([-\d.]+,[-\d.]+\) \{(.*)\};", tex))
    assert "p5 votes no in round 1: he is offered 1" in texts and "$\\cdot$ expects 1" in texts
    assert "\\bfseries] at" in tex and "\\itshape] at" in tex  # the numbers in bold, the knowledge in italics
    assert not re.search(r"[^\x00-\x7f]", tex)  # every symbol written the LaTeX way


@needs_engine
@needs_latex("tikz", "geometry")
def test_tikz_of_a_why_graph_compiles(tmp_path):
    (tmp_path / "why.tex").write_bytes(why_picture(seed_game(), "p1 overboard").pipe("tex"))
    (tmp_path / "paper.tex").write_text("\\documentclass{article}\n\\usepackage{tikz}\n"
                                        "\\usepackage[paperwidth=60cm,paperheight=60cm]{geometry}\n"
                                        "\\begin{document}\n\\input{why.tex}\n\\end{document}\n")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "paper.pdf").read_bytes().startswith(b"%PDF")


@needs_engine
def test_cli_writes_tikz(tmp_path, capsys):
    path = tmp_path / "why.tex"
    assert main(["pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3 p4 p5", "--why", "p5 vote round 1",
                 "--draw", str(path), "--label-style", "compact"]) == 0
    lines = tikz_lines(path.read_text())
    assert any("p5 votes no in round 1}" in line for line in lines)


def test_a_picture_is_a_value_whatever_its_format():
    assert Picture("digraph { a }").pipe("dot") == b"digraph { a }"
