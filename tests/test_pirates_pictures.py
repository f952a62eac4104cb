"""Pictures of pirate games: golden DOT files, rendered images, colours, CLI.

The golden files in ``tests/golden`` are the DOT sources of a few fixed
games.  When a drawing changes on purpose, rewrite them with
``EPISTEMIC_UPDATE_GOLDEN=1 pytest tests/test_pirates_pictures.py`` and
look at the pictures before committing.
"""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from epistemic.cli.main import main
from epistemic.models.pirates import PirateGame, promise
from epistemic.models.pirates.pictures import (game_palette, knowledge_picture, kripke_model_picture,
                                     prediction_dag_picture, why_picture)
from epistemic.models.pirates.game import PirateGameError
from epistemic.visualize import PictureError

GOLDEN = Path(__file__).parent / "golden"
SVG = "{http://www.w3.org/2000/svg}"


def subgroup_game():
    # seed, first subgroup story: p2 tells {p2, ..., p5} he will divide 1 1 0 1
    return PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])


def p4_game():
    # seed, second subgroup story: p4 tells p5 alone he will divide 2 2
    return PirateGame(5, 4, [promise(5, 4, [2, 2], hearers=[5])])


CASES = {
    "why_p5_vote_round_1": lambda: why_picture(subgroup_game(), "p5 vote round 1", depth=6),
    "why_p1_overboard_p4_promise": lambda: why_picture(p4_game(), "p1 overboard", depth=4),
    "why_offer_round_2_seven_pirates": lambda: why_picture(PirateGame(7, 1), "offer round 2"),
    "knowledge_p2_promise": lambda: knowledge_picture(subgroup_game()),
    "kripke_p2_promise": lambda: kripke_model_picture(subgroup_game()),
    "dag_p4_promise": lambda: prediction_dag_picture(p4_game()),
    "dag_1000_pirates": lambda: prediction_dag_picture(PirateGame(1000, 100)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_dot(name):
    source = CASES[name]().source
    path = GOLDEN / f"{name}.dot"
    if os.environ.get("EPISTEMIC_UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(source, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with EPISTEMIC_UPDATE_GOLDEN=1"
    assert source == path.read_text(encoding="utf-8")


def svg_text(data: bytes) -> str:
    root = ET.fromstring(data)
    return " ".join(t.text for t in root.iter(f"{SVG}text") if t.text)


def test_why_svg_carries_the_reasoning():
    data = why_picture(subgroup_game(), "p5 vote round 1").pipe("svg")
    text = svg_text(data)
    # seed, first subgroup story: p5 is offered 1 coin by p1, expects 1 from p2's promise, votes no
    for words in ("p5 votes no in round 1", "offered 1 · expects 1", "knows p2's promise",
                  "knows no promise", "p1 thinks 0 · expects 1", "Why p5 votes no in round 1?"):
        assert words in text


def test_png_and_pdf_render(tmp_path):
    picture = knowledge_picture(subgroup_game())
    png = picture.render(tmp_path / "k.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5_000
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert width > 200 and height > 100
    pdf = prediction_dag_picture(p4_game()).render(tmp_path / "d.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 5_000


def fills_by_label(source: str) -> dict[str, set[str]]:
    """Knowledge label -> fill colours of the boxes that carry it."""
    found: dict[str, set[str]] = {}
    for line in source.splitlines():
        fill = re.search(r'fillcolor="(#[0-9A-F]{6})"', line)
        label = re.search(r"<I>(knows [^<]*)</I>", line.replace("&#x27;", "'"))
        if fill and label:
            found.setdefault(label.group(1), set()).add(fill.group(1))
    return found


def test_one_knowledge_one_colour_in_every_picture():
    game = p4_game()
    palette = game_palette(game)
    assert palette.groups == ("knows no promise", "knows p4's promise")
    pictures = [why_picture(game, "p1 overboard"), why_picture(game, "p5 vote round 1"),
                knowledge_picture(game)]
    for picture in pictures:
        for label, fills in fills_by_label(picture.source).items():
            assert fills == {palette.swatch(label).fill}, (label, fills)
    dag = prediction_dag_picture(game).source
    for label in palette.groups:
        # each frame of the DAG is labelled with its knowledge and its boxes filled alike
        frame = dag.split(f"<I>{label}</I>".replace("'", "&#x27;"))[1].split("}")[0]
        assert set(re.findall(r'fillcolor="(#[0-9A-F]{6})"', frame)) == {palette.swatch(label).fill}


def test_differences_of_knowledge_are_marked():
    dot = why_picture(subgroup_game(), "p1 overboard").source
    marked = [line for line in dot.splitlines() if "peripheries=2" in line]
    # seed, first subgroup story: p1, knowing no promise, misjudges p2 and p5
    assert len(marked) == 2
    assert any("p5 expects 1 coin if the offer fails, but" in line for line in marked)
    assert any("p2 expects 1 coin if the offer fails, but" in line for line in marked)
    # p1's own prediction is made on other knowledge: the arrow to it is heavy
    assert re.search(r"-> r\d+ \[color=\"#000000\" penwidth=2.6\]", dot)


def test_several_questions_share_one_picture():
    game = subgroup_game()
    both = why_picture(game, ["p5 vote round 1", "p4 vote round 1"]).source
    one = why_picture(game, "p5 vote round 1").source
    boxes = lambda dot: len(re.findall(r"^\s*r\d+ \[", dot, re.M))
    assert boxes(one) < boxes(both) < 2 * boxes(one)
    assert "Why p5 votes no in round 1?" in both and "Why p4 votes no in round 1?" in both


def test_large_games_are_summarized():
    dot = prediction_dag_picture(PirateGame(1000, 100)).source
    boxes = re.findall(r"^\s*n\d+ \[", dot, re.M)
    assert len(boxes) <= 60
    assert "1,000 predictions summarized" in dot
    small = prediction_dag_picture(PirateGame(1000, 100), max_nodes=2000).source
    assert "summarized" not in small and len(re.findall(r"^\s*n\d+ \[", small, re.M)) == 1000


def test_knowledge_picture_of_many_pirates_groups_them():
    game = PirateGame(200, 10, [promise(200, 10, [0] * 190 + [10], hearers=range(100, 201)),
                                promise(200, 50, [1] * 10 + [0] * 141, hearers=range(150, 201))])
    dot = knowledge_picture(game).source
    rows = re.findall(r"<TR><TD BGCOLOR=\"#[0-9A-F]{6}\" ALIGN=\"LEFT\"><B>([^<]*)</B>", dot)
    assert rows == ["p1-p9, p11-p49 and p51-p99", "p10 and p100-p149", "p50", "p150-p200"]


def test_bad_questions_are_pirate_errors():
    with pytest.raises(PirateGameError):
        why_picture(subgroup_game(), "p9 vote round 1")
    with pytest.raises(PirateGameError):
        why_picture(subgroup_game(), [])
    with pytest.raises(PirateGameError):
        why_picture(subgroup_game(), [3])


def test_a_deep_explanation_is_summarized_not_drawn_as_a_hairball():
    game = PirateGame(400, 100)
    dot = why_picture(game, "outcome", depth=None).source
    assert len(re.findall(r"^\s*[rg]\d+ \[", dot, re.M)) <= 60
    with pytest.raises(PictureError, match="smaller depth"):
        from epistemic.models.pirates.explore import explain
        from epistemic.visualize import reason_picture
        reason_picture(explain(game, "outcome", None), max_reasons=300)


def test_long_chains_of_alike_reasons_are_shortened():
    game = PirateGame(60, 5)   # p1-p? die one after another: a long chain of failed offers
    full = why_picture(game, "outcome", depth=40)
    # the gap names the proposers it leaves out, and each dies as the ones drawn around it do
    assert "p3-p17: each thrown overboard in turn, for the same reason (15 reasons left out)" in full.source
    boxes = lambda dot: len(re.findall(r"^\s*[rg]\d+ \[", dot, re.M))
    from epistemic.models.pirates.explore import explain
    from epistemic.visualize import reason_picture
    every = reason_picture(explain(game, "outcome", 40), chain=None).source
    assert "more reasons like" not in every
    assert boxes(full.source) < boxes(every) - 10


def test_prediction_dag_of_a_table():
    game = subgroup_game()
    k = game.knowledge_of(1)
    dot = prediction_dag_picture(game, k).source
    assert "Predictions of the table of a pirate who knows no promise" in dot
    assert len(re.findall(r"^\s*n\d+ \[", dot, re.M)) == 5
    with pytest.raises(PirateGameError):
        prediction_dag_picture(game, "everything")


# command line ---------------------------------------------------------------------------
GAME = ["pirates", "-n", "5", "-m", "3", "--promise", "p2: 1 1 0 1 to p3 p4 p5"]


def test_cli_draws_every_picture(tmp_path, capsys):
    files = {flag: tmp_path / name for flag, name in [("--draw", "why.svg"), ("--draw-dag", "dag.png"),
                                                       ("--draw-knowledge", "k.pdf"), ("--draw-kripke", "m.dot")]}
    argv = GAME + ["--why", "p5 vote round 1"] + [x for flag, path in files.items() for x in (flag, str(path))]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "p5 votes no in round 1" in out
    assert all(f"wrote {path}" in err for path in files.values())
    assert "p5 votes no in round 1" in svg_text(files["--draw"].read_bytes())
    assert files["--draw-dag"].read_bytes().startswith(b"\x89PNG")
    assert files["--draw-knowledge"].read_bytes().startswith(b"%PDF")
    assert files["--draw-kripke"].read_text().startswith("digraph kripke {")


def test_cli_draw_without_why_draws_the_dag(tmp_path, capsys):
    path = tmp_path / "dag.dot"
    assert main(["pirates", "-n", "4", "-m", "2", "--draw", str(path)]) == 0
    assert path.read_text().startswith("digraph dag {")


@pytest.mark.parametrize("extra, message", [
    (["--draw", "why.jpg"], "cannot tell the image format"),
    (["--draw", "missing/why.svg"], "does not exist"),
    (["--draw", "a.svg", "--draw-dag", "a.svg"], "same file"),
    (["--why", "p9 vote round 1", "--draw", "why.svg"], "p9"),
])
def test_cli_bad_pictures_write_nothing(tmp_path, capsys, monkeypatch, extra, message):
    monkeypatch.chdir(tmp_path)
    assert main(GAME + extra + ["--draw-knowledge", "k.svg"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_cli_missing_renderer_is_one_line(tmp_path, capsys, monkeypatch):
    import epistemic.visualize.render as render
    monkeypatch.setattr(render, "_pygraphviz", lambda: None)
    monkeypatch.setattr(render, "_dot_program", lambda: None)
    assert main(GAME + ["--draw", str(tmp_path / "why.png")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "no Graphviz engine is installed" in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
    # the DOT source needs no engine
    assert main(GAME + ["--draw", str(tmp_path / "why.dot")]) == 0


def many_makers_game():
    # two knowledge states whose short labels would coincide: p22 hears p11's promise, p23 hears p12's
    promises = []
    for maker in (2, 5, 8, 11, 12, 14, 17, 20):
        hearers = [22] if maker == 11 else [23] if maker == 12 else [22, 23]
        promises.append(promise(25, maker, [0] * (25 - maker) + [5], hearers=hearers))
    return PirateGame(25, 5, promises)


def test_distinct_knowledge_never_shares_a_name_or_colour():
    game = many_makers_game()
    dot = knowledge_picture(game).source
    rows = dict(re.findall(r"<B>(p2[23])</B></TD>.*?<I>(knows [^<]*)</I>", dot))
    assert rows["p22"] != rows["p23"]
    assert "p11" in rows["p22"] and "p12" in rows["p23"]
    dag = prediction_dag_picture(game).source
    frames = re.findall(r"label=<<I>([^<]*)</I>>", dag)
    assert len(frames) == len(set(frames))
    assert "rounds 2-2<BR" not in dag and "p2 and p2" not in dag


def test_a_game_of_many_knowledge_states_is_summarized_by_class():
    dot = prediction_dag_picture(many_makers_game(), max_nodes=12).source
    assert "each box stands for all of them in one class of knowledge" in dot
    assert re.search(r"<I>knows \d+ promises?</I>", dot)


def test_seventh_knowledge_group_has_its_own_border():
    game = PirateGame(10, 5, [promise(10, 2, [0, 0, 0, 0, 0, 0, 1, 0, 4], hearers=[3]),
                              promise(10, 3, [1, 0, 1, 0, 1, 0, 1, 1], hearers=[4, 5, 6]),
                              promise(10, 4, [1, 1, 1, 1, 1, 0, 0], hearers=[7]),
                              promise(10, 5, [0, 1, 0, 1, 0, 3], hearers=[9]),
                              promise(10, 6, [1, 1, 1, 1, 1], hearers=[10]),
                              promise(10, 7, [2, 2, 1, 0], hearers=[8]),
                              promise(10, 8, [1, 1, 3])])
    dot = knowledge_picture(game).source
    assert len(game_palette(game).groups) > 6
    styled = re.findall(r'<TD BGCOLOR="(#[0-9A-F]{6})"( STYLE="(?:dashed|dotted)")? ALIGN="LEFT"><B>', dot)
    assert len(set(styled)) == len(styled) == len(game.knowledge_groups())


def test_why_title_says_whose_prediction():
    dot = why_picture(subgroup_game(), ["p5 vote round 1 as p1", "p5 vote round 1"]).source
    assert "Why p5 votes yes in round 1? (as p1 predicts it)" in dot
    assert "Why p5 votes no in round 1?" in dot


def test_cli_unwritable_folder_writes_nothing(tmp_path, capsys):
    first = tmp_path / "a.svg"
    assert main(GAME + ["--draw", str(first), "--draw-dag", "/proc/epistemic-test.svg"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot write '/proc/epistemic-test.svg'" in err
    assert list(tmp_path.iterdir()) == []


#: The width of the column of the site's pages (furo's content, 46em of 16 pixels): a picture wider
#: than this is shrunk to fit it, and its 10-point text with it.
PAGE_PIXELS = 736


def test_the_pirate_notebooks_pictures_fit_the_page():
    """Each picture the pirate notebook shows is drawn no wider than the page's column, so that
    the page never shrinks its text (the why-graph's was once shrunk to about 7 pixels)."""
    import ast
    import contextlib
    import io
    import json

    from epistemic.visualize import Picture

    notebook = Path(__file__).resolve().parent.parent / "docs" / "notebooks" / "pirates.ipynb"
    names: dict = {}
    widths = {}
    for number, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        shown = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(tree, f"cell {number}", "exec"), names)
            value = eval(compile(ast.Expression(shown.value), f"cell {number}", "eval"), names) if shown else None
        if isinstance(value, Picture):
            svg = ET.fromstring(value.pipe("svg"))
            widths[number] = float(svg.get("width").removesuffix("pt")) * 4 / 3   # points to CSS pixels
    assert len(widths) == 3   # the Kripke model, the why-graph and the prediction DAG
    assert all(width <= PAGE_PIXELS for width in widths.values()), widths
