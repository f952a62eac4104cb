"""The seed ``004``'s figures: three-player Piglet's Figures 3, 4 and 5 from
``epistemic piglet --players 3 --plot``, and two-player Pig's Figure 6 from
``epistemic pig --plot --surface``; the data drawn are the model's.
"""

from __future__ import annotations

import struct

import pytest

from cli_runs import run
from picture_checks import PNG_MAGIC

pytest.importorskip("matplotlib")

import epistemic.models.pig.cli_three as cli_three  # noqa: E402
from epistemic.models.pig import pig, piglet, solve  # noqa: E402
from epistemic.models.pig.figures import HEAD_GRID, figure  # noqa: E402
from epistemic.models.pig.three import expected_gains  # noqa: E402
from epistemic.models.pig.three_variants import coalition_gains, gains_by_head_probability  # noqa: E402
from epistemic.visualize import hold_map, hold_surface  # noqa: E402


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def values(series) -> list:
    return [y for _, y in series.points]


# the command line ------------------------------------------------------------------

@pytest.mark.parametrize("figure_name, goal", [("gains", 4), ("coalition", 4), ("bias", 3), (None, 2)])
def test_each_figure_is_a_png_and_the_report_is_unchanged(figure_name, goal, capsys, tmp_path):
    path = tmp_path / "figure.png"
    report = ["piglet", "--players", "3", "--goal", str(goal)]
    _, plain, _ = run(capsys, *report)
    chosen = ["--figure", figure_name] if figure_name else []
    code, out, err = run(capsys, *report, "--plot", str(path), *chosen)
    assert code == 0 and out == plain
    data = path.read_bytes()
    assert err == f"wrote {path} ({len(data):,} bytes)\n"
    # the figure drawn is the one asked for (Figure 3 by default), at the goal and p given
    expected = figure(figure_name or "gains", goal, 0.5).pipe("png")
    assert data == expected and png_size(data) == (1080, 810)


def test_the_pig_surface_is_figure_6_and_the_map_stays_the_default(capsys, tmp_path):
    surface, flat = tmp_path / "surface.png", tmp_path / "map.png"
    assert run(capsys, "pig", "--goal", "12", "--hold-at", "0", "--plot", str(surface), "--surface")[0] == 0
    assert run(capsys, "pig", "--goal", "12", "--hold-at", "0", "--plot", str(flat))[0] == 0
    rules = pig(12)
    holds = solve(rules).hold_values().tolist()
    title = f"Hold values: {rules.describe()}"
    assert surface.read_bytes() == hold_surface(holds, title=title).pipe("png")
    assert flat.read_bytes() == hold_map(holds, title=title).pipe("png")
    # two-player Piglet draws its surface too
    code, _, _ = run(capsys, "piglet", "--goal", "5", "--plot", str(tmp_path / "piglet.svg"), "--surface")
    assert code == 0 and (tmp_path / "piglet.svg").read_bytes() == hold_surface(
        solve(piglet(5)).hold_values().tolist(), title=f"Hold values: {piglet(5).describe()}").pipe("svg")


def test_the_figures_work_shows_progress(capsys, tmp_path, monkeypatch):
    seen: list[tuple] = []

    def printer(what):
        seen.append((what,))
        return lambda done, total=None: seen.append((done, total))

    monkeypatch.setattr(cli_three, "progress_printer", printer)
    assert run(capsys, "piglet", "--players", "3", "--goal", "1", "--plot", str(tmp_path / "f.png"),
               "--figure", "bias")[0] == 0
    assert seen[0] == ("figure 5: coin biases solved",)
    assert seen[1:] == [(n, len(HEAD_GRID)) for n in range(1, len(HEAD_GRID) + 1)]


@pytest.mark.parametrize("argv, message", [
    (["piglet", "--players", "3", "--figure", "gains"], "--figure names the picture that --plot FILE draws"),
    (["piglet", "--figure", "coalition", "--plot", "{dir}/f.png"], "--figure draws three-player Piglet's figures"),
    (["piglet", "--players", "3", "--goal", "16", "--figure", "bias", "--plot", "{dir}/f.png"],
     "the biased-coin figure is drawn for goals 1 to 15, got 16"),
    (["piglet", "--players", "3", "--plot", "{dir}/f.dot"], "cannot draw '{dir}/f.dot': a figure is png, svg, pdf"),
    (["piglet", "--players", "3", "--plot", "{dir}/missing/f.png"], "does not exist"),
    (["piglet", "--players", "3", "--goal", "41", "--plot", "{dir}/f.png"], "goals 1 to 40"),
    (["piglet", "--players", "3", "--surface", "--plot", "{dir}/f.png"], "--surface is for two players"),
    (["pig", "--surface"], "--surface draws the hold values that --plot FILE writes: give --plot"),
    (["pig", "--surface", "--plot", "{dir}/f.dot"], "a hold surface is png, svg, pdf"),
    (["piglet", "--players", "3", "--figure", "dip", "--plot", "{dir}/f.png"], "invalid choice: 'dip'"),
])
def test_bad_figures_are_one_line_exit_2_before_the_work(argv, message, capsys, tmp_path, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("solved before refusing")

    monkeypatch.setattr(cli_three, "solve", no_work)
    monkeypatch.setattr("epistemic.models.pig.cli.solve", no_work)
    code, out, err = run(capsys, *[a.format(dir=tmp_path) for a in argv])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert message.format(dir=tmp_path) in err
    assert list(tmp_path.iterdir()) == []


# the data drawn are the model's -----------------------------------------------------

def test_figure_3_draws_each_players_gain_by_goal():
    drawing = figure("gains", 6, 0.5).drawing
    data = expected_gains(6, 0.5)
    assert [s.name for s in drawing.series] == ["player 1", "player 2", "player 3"]
    for n, series in enumerate(drawing.series):
        assert series.points == tuple((goal, gains[n]) for goal, gains in data)
    assert drawing.zero_line and drawing.markers
    # seed: "the expected gain of Player 2 decreases slightly when the goal score goes from 3 to 4"
    assert values(drawing.series[1])[3] < values(drawing.series[1])[2]


def test_figure_3_reuses_a_solved_game_and_refuses_another():
    from epistemic.models.pig.three import PigletError, solve as solve_three

    game = solve_three(9, 0.5)
    assert figure("gains", 9, 0.5, solved=game).drawing == figure("gains", 9, 0.5).drawing
    with pytest.raises(PigletError, match="reuses a float game at p = 0.4"):
        figure("gains", 9, 0.4, solved=game)


def test_figure_4_draws_player_one_alone_and_against_the_coalition():
    drawing = figure("coalition", 6, 0.5).drawing
    data = coalition_gains(6, 0.5)
    alone, together = drawing.series
    assert values(alone) == [a[0] for _, a, _ in data] and values(together) == [c[0] for _, _, c in data]
    assert [values(s) for s in drawing.below] == [[c[n] - a[n] for _, a, c in data] for n in range(3)]
    # seed: the coalition makes no difference for small goals and lowers player 1's
    # gain, and player 3's ("self-sacrifice for the coalition's goal"), above 4
    assert values(drawing.below[0])[:3] == [0, 0, 0]
    assert values(drawing.below[0])[5] < 0 and values(drawing.below[2])[5] < 0


def test_figure_5_breaks_where_the_equilibria_differ_and_dips_at_goal_10():
    heads = (0.29, 0.3, 0.45, 0.5)
    drawing = figure("bias", 10, 0.5, heads=heads).drawing
    data = dict(gains_by_head_probability(heads, (1, 3, 5, 10)))
    assert [s.name for s in drawing.series] == ["goal 1", "goal 3", "goal 5", "goal 10"]
    for series, goal in zip(drawing.series, (1, 3, 5, 10)):
        # a gap exactly where the equilibria's gains differ, the model's gain elsewhere
        assert series.points == tuple((p, gain if unique else None) for p, gain, unique in data[goal])
    goal_10 = dict(drawing.series[3].points)
    assert goal_10[0.29] is None and goal_10[0.3] is not None
    # seed: "for a goal score G = 10 ..., Player 1's expected gain is higher when p = 0.45 than when p = 0.5"
    assert goal_10[0.45] > goal_10[0.5]
    assert 0.45 in HEAD_GRID and 0.5 in HEAD_GRID and 0.29 in HEAD_GRID


def test_figure_5_draws_the_papers_goals_up_to_the_goal_and_the_goal():
    names = [s.name for s in figure("bias", 4, 0.5, heads=(0.3, 0.6)).drawing.series]
    assert names == ["goal 1", "goal 3", "goal 4"]
