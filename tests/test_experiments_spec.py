"""Sweeps without a cluster: specs, the results database, summaries, and the command's faults."""

from __future__ import annotations

import json
import os
from pathlib import Path
import math
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from cli_runs import HUNG
from sweep_cells import find, on_terminal

from epistemic.experiments import (BusyError, ResultStore, Row, SpecError, StoreError, Summary, run_sweep,
                                   spec_from_text, t_quantile)
from epistemic.experiments.spec import MAX_CELLS

HEAD = 'model = "tests"\nexperiment = "square"\n'


def spec(text: str):
    return spec_from_text(text, find)


# --- specs -----------------------------------------------------------------------------------

def test_a_grid_is_every_combination_with_defaults_filled_in():
    s = spec(HEAD + '[grid]\nn = {from = 1, to = 5, step = 2}\npause = [0, 0.5]\n')
    cells = list(s.cells())
    assert s.size == len(cells) == 6
    assert [c.parameters for c in cells[:2]] == [{"n": 1, "pause": 0.0, "fail_at": -1, "unless": "", "hold_from": -1},
                                                {"n": 1, "pause": 0.5, "fail_at": -1, "unless": "", "hold_from": -1}]
    # a cell is known by its parameters, whatever order the spec wrote them in
    again = spec(HEAD + '[grid]\npause = [0.5, 0]\nn = [5, 3, 1]\n')
    assert {c.key for c in again.cells()} == {c.key for c in cells}


def test_a_range_of_fractions_ends_at_the_value_written():
    s = spec('model = "tests"\nexperiment = "noisy"\n[grid]\ncentre = {from = 0.3, to = 0.7, step = 0.1}\n')
    assert [c.parameters["centre"] for c in s.cells()] == [0.3, 0.4, 0.5, 0.6, 0.7]


def test_seeds_make_replicates_of_each_parameter_set():
    s = spec('model = "tests"\nexperiment = "noisy"\nseeds = {from = 0, to = 2}\n[grid]\ncentre = [1, 2]\n')
    assert [(c.parameters["centre"], c.seed) for c in s.cells()] == [(1.0, 0), (1.0, 1), (1.0, 2), (2.0, 0),
                                                                     (2.0, 1), (2.0, 2)]
    assert json.loads(next(s.cells()).key) == {"centre": 1.0, "spread": 1.0, "seed": 0}


@pytest.mark.parametrize("text, message", [
    ('model = "tests"\nexperiment = "cube"\n', "model 'tests' has no experiment 'cube'"),
    ('model = "nobody"\nexperiment = "x"\n', "no installed model 'nobody' offers experiments"),
    (HEAD + "[grid]\nm = 1\n", "experiment 'square' has no parameter 'm' (it has n, pause, fail_at, unless, hold_from)"),
    (HEAD + "[grid]\nn = []\n", "grid.n is empty: give it one value or more"),
    (HEAD + "[grid]\nn = {from = 3, to = 1}\n", "grid.n is empty: it runs from 3 to 1"),
    (HEAD + "[grid]\nn = -1\n", "n must be from 0 to 1000000, got -1"),
    (HEAD + '[grid]\nn = "two"\n', "n must be a whole number, got 'two'"),
    (HEAD + "[grid]\nn = 1.5\n", "n must be a whole number, got 1.5"),
    (HEAD + "[grid]\nn = [1, 1]\n", "grid.n lists a value twice"),
    (HEAD + "[grid]\npause = 1\n", "experiment 'square' needs a value of n"),
    (HEAD + "seeds = [1]\n[grid]\nn = 1\n", "experiment 'square' draws nothing at random: give it no seeds"),
    ('model = "tests"\nexperiment = "noisy"\nseeds = [-1]\n[grid]\ncentre = 1\n', "a seed is a whole number from 0"),
    (HEAD + "grid = 3\n", "the spec's grid must be a table"),
    (HEAD + "colour = 3\n", "the spec has an unknown key 'colour'"),
    ('experiment = "square"\n', "the spec needs model = "),
    (HEAD + "[grid\n", "the spec: not TOML: "),
    (HEAD + "[grid]\nn = {from = 0, to = 100000000}\n", f"more than the {MAX_CELLS:,} a sweep may have"),
    (HEAD + "[grid]\nn = {from = 0, to = 1000}\nfail_at = {from = 0, to = 100000}\n",
     f"the spec asks for 100,101,001 cells, more than the {MAX_CELLS:,}"),
])
def test_a_bad_spec_is_one_line_naming_the_fault(text, message):
    with pytest.raises(SpecError) as error:
        spec(text)
    assert message in str(error.value) and "\n" not in str(error.value)


# --- the database ------------------------------------------------------------------------------

def _row(cell: str, status: str = "done", results=None) -> Row:
    return Row("m", "e", cell, None, status, results if status == "done" else None,
               None if status == "done" else "boom", "1", 0.5)


def test_a_finished_cell_is_written_once_and_a_failed_one_gives_way(tmp_path):
    path = str(tmp_path / "r.db")
    with ResultStore(path, writer=True) as store:
        store.record([_row("a", "failed"), _row("b", results={"x": 1})])
        store.record([_row("a", results={"x": 2}), _row("b", results={"x": 99})])
        store.record([_row("a", "failed")])
        rows = {r.cell: r for r in store.rows("m", "e")}
    assert {c: (r.status, r.results) for c, r in rows.items()} == {"a": ("done", {"x": 2}), "b": ("done", {"x": 1})}
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM cells").fetchone() == (2,)


def test_a_batch_is_written_whole_or_not_at_all(tmp_path):
    path = str(tmp_path / "r.db")
    with ResultStore(path, writer=True) as store:
        store.record([_row("a", results={"x": 1})])
        bad = Row("m", "e", "c", None, "done", {"x": object()}, None, "1", 0.1)   # not JSON: the batch fails
        with pytest.raises(TypeError):
            store.record([_row("b", results={"x": 2}), bad])
        assert sorted(store.finished("m", "e")) == ["a"]


def test_two_writers_are_refused_and_the_lock_goes_with_the_first(tmp_path):
    path = str(tmp_path / "r.db")
    first = ResultStore(path, writer=True)
    with pytest.raises(BusyError, match="another run is writing to this results database"):
        ResultStore(path, writer=True)
    with ResultStore(path) as reader:   # reading is allowed meanwhile
        assert reader.experiments() == []
    first.close()
    ResultStore(path, writer=True).close()


def test_a_file_system_without_locks_is_said_so_not_taken_for_another_run(tmp_path, monkeypatch):
    import errno
    import fcntl

    def no_locks(fd, operation):
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))
    monkeypatch.setattr(fcntl, "flock", no_locks)
    with pytest.raises(StoreError, match=r"r.db: cannot lock the results database \(No locks available\): its file "
                                         r"system takes no locks; put the database on a disk of this machine$"):
        ResultStore(str(tmp_path / "r.db"), writer=True)
    assert not (tmp_path / "r.db").exists()


def test_a_writer_killed_lets_the_lock_go(tmp_path):
    path = str(tmp_path / "r.db")
    # it holds the lock until it is killed, however long that takes, or until its standard input
    # ends, so that it never outlives the test
    holder = subprocess.Popen([sys.executable, "-c", "import sys\n"
                               "from epistemic.experiments import ResultStore\n"
                               f"s = ResultStore({path!r}, writer=True)\nprint('held', flush=True)\nsys.stdin.read()"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(BusyError):
            ResultStore(path, writer=True)
    finally:
        holder.kill()
        holder.wait()
        holder.stdin.close()
        holder.stdout.close()
    ResultStore(path, writer=True).close()


def test_a_file_that_is_no_database_is_refused(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("these are my notes\n" * 100)
    with pytest.raises(StoreError, match="not a results database"):
        ResultStore(str(path), writer=True)
    assert path.read_text() == "these are my notes\n" * 100
    with pytest.raises(StoreError, match="no such results database"):
        ResultStore(str(tmp_path / "none.db"))


@pytest.mark.parametrize("tables", ["CREATE TABLE notes (text TEXT)", "CREATE TABLE cells (name TEXT, colour TEXT)"])
def test_another_programs_database_is_refused_untouched(tmp_path, capsys, tables):
    """Its tables, even one named cells, are not a sweep's: the run is refused before it writes."""
    path = tmp_path / "theirs.db"
    with sqlite3.connect(path) as db:
        db.execute(tables)
    db.close()
    before = path.read_bytes()
    (tmp_path / "spec.toml").write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = 2\n')
    done = run_cli(capsys, "run", str(tmp_path / "spec.toml"), "--db", str(path), "--in-process")
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
    assert f"{path}: not a results database: it holds other tables" in done.stderr
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["spec.toml", "theirs.db"]
    with pytest.raises(StoreError, match="not a results database"):
        ResultStore(str(path))


def test_an_empty_database_is_taken_and_a_store_given_no_row_leaves_none(tmp_path):
    """An empty file, or SQLite's without tables, is a new database; one the store made and gave
    no row is gone once it is closed, and one it found stays as it was."""
    empty, bare = tmp_path / "empty.db", tmp_path / "bare.db"
    empty.write_bytes(b"")
    sqlite3.connect(bare).execute("PRAGMA user_version = 7").connection.close()
    before = bare.read_bytes()
    for path in (empty, bare, tmp_path / "new.db"):
        with ResultStore(str(path), writer=True) as store:
            assert store.finished("m", "e") == set() and store.experiments() == []
    assert empty.read_bytes() == b"" and bare.read_bytes() == before and not (tmp_path / "new.db").exists()
    with ResultStore(str(empty)) as reader:
        assert reader.experiments() == []
    with ResultStore(str(empty), writer=True) as store:
        store.record([Row("m", "e", '{"n":1}', None, "done", {"x": 2}, None, "1.0", 0.1)])
    with ResultStore(str(empty)) as reader:
        assert reader.experiments() == [("m", "e")]


def test_a_run_whose_scheduler_is_not_reached_leaves_no_database(tmp_path):
    pytest.importorskip("distributed", reason="the sweep extra (dask.distributed) is installed by the test extra")
    import socket

    from epistemic.experiments import SweepError
    path = tmp_path / "r.db"
    with socket.socket() as taken:  # bound, never listening: nothing answers there
        taken.bind(("127.0.0.1", 0))
        address = "tcp://127.0.0.1:%d" % taken.getsockname()[1]
        with pytest.raises(SweepError, match="no Dask scheduler answers at"):
            with ResultStore(str(path), writer=True) as store:
                run_sweep(spec(HEAD + "[grid]\nn = [1, 2]\n"), store, scheduler=address, lost_after_s=0.5)
    assert not path.exists()


@pytest.mark.parametrize("kind", ["folder", "named pipe"])
def test_a_path_that_is_no_regular_file_is_refused_unopened(tmp_path, kind):
    from cli_runs import run_child

    path = tmp_path / "r.db"
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    (tmp_path / "spec.toml").write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = 2\n')
    for argv in (["run", str(tmp_path / "spec.toml"), "--db", str(path), "--in-process"], ["show", str(path)]):
        code, out, err = run_child("experiment", *argv)  # a pipe opened would block: a process of its own
        assert (code, out) == (2, ""), err
        assert err == f"epistemic experiment: error: {path}: not a regular file but a {kind}: name a database file\n"


# --- running in this process ------------------------------------------------------------------

def test_failed_cells_are_recorded_and_retried_by_the_next_run(tmp_path):
    marker = tmp_path / "fixed"
    s = spec(HEAD + f'[grid]\nn = {{from = 0, to = 9}}\nfail_at = 4\nunless = "{marker}"\n')
    path = str(tmp_path / "r.db")
    with ResultStore(path, writer=True) as store:
        first = run_sweep(s, store, in_process=True)
        assert (first.done, first.failed, first.skipped) == (9, 1, 0)
        assert store.errors("tests", "square") == [(next(c.key for c in s.cells() if c.parameters["n"] == 4),
                                                    "ArithmeticError: cell 4 fails on purpose")]
        marker.write_text("")
        second = run_sweep(s, store, in_process=True)
        assert (second.done, second.failed, second.skipped) == (1, 0, 9)
        rows = list(store.rows("tests", "square"))
    assert sorted(r.results["square"] for r in rows) == [n * n for n in range(10)]
    assert all(r.status == "done" and r.version and r.wall_s >= 0 for r in rows)


def test_a_record_that_is_no_mapping_of_values_fails_its_cell(tmp_path):
    from epistemic.experiments import Experiment, Parameter

    bad = Experiment("bad", _bad_record, "returns a list", (Parameter("n", int, "n"),))
    s = spec_from_text('model = "tests"\nexperiment = "bad"\n[grid]\nn = [0, 1]\n', bad)
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        run_sweep(s, store, in_process=True)
        assert [e for _, e in store.errors("tests", "bad")] == [
            "TypeError: the experiment returned a list, not a mapping of results",
            "TypeError: result 'x' is a list: a record holds bool, int, float, str, NoneType"]


def _bad_record(n):
    return [n] if n == 0 else {"x": [n]}


# --- summaries ---------------------------------------------------------------------------------

@pytest.mark.parametrize("df, published", [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042),
                                           (120, 1.980)])
def test_t_quantiles_are_the_published_ones(df, published):
    # two-sided 95% critical values of Student's t (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2)
    assert round(t_quantile(0.975, df), 3) == published


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 60), st.floats(0.55, 0.995))
def test_t_quantiles_are_above_the_normals_and_fall_with_df(df, p):
    from statistics import NormalDist

    q = t_quantile(p, df)
    assert q > NormalDist().inv_cdf(p) - 1e-9
    assert t_quantile(p, df + 1) < q


def test_a_summary_groups_replicates_and_sorts_parameter_sets():
    done = [({"n": n, "k": "a"}, {"v": float(n + r), "label": "x" if r else "y"}) for n in (3, 1) for r in (0, 1, 2)]
    summary = Summary.of(done, [{"k": "a", "n": 2}] * 2, ["n", "k"])
    assert [g.parameters["n"] for g in summary.groups] == [1, 2, 3]
    assert summary.varying == ("n",) and summary.fixed == {"k": "a"} and summary.results == ("v", "label")
    one, two, three = summary.groups
    assert (one.count, one.failed, one.mean("v"), two.count, two.failed) == (3, 0, 2.0, 0, 2)
    low, high = one.interval("v")   # values 1, 2, 3: sd 1, t(2) = 4.303
    assert math.isclose(high - 2.0, 4.302653 / math.sqrt(3), rel_tol=1e-5) and math.isclose(low + high, 4.0)
    assert one.numbers("label") is None and two.interval("v") is None
    # text: the most common value, and how many replicates give it
    assert one.most_common("label") == ("x", 2) and two.most_common("label") is None


# --- the command line ---------------------------------------------------------------------------

def run_cli(capsys, *args):
    """``epistemic experiment ARGS`` run here, as the command line runs it."""
    from types import SimpleNamespace

    from epistemic.cli.main import main

    code = main(["experiment", *args])
    out, err = capsys.readouterr()
    return SimpleNamespace(returncode=code, stdout=out, stderr=err)


@pytest.mark.parametrize("spec_text, message", [
    ('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = []\n', "grid.length is empty"),
    ('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = 0\n', "length must be from 1 to 200"),
    ('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlenght = 3\n',
     "experiment 'subgame_perfect' has no parameter 'lenght'"),
    ('model = "centipedes"\nexperiment = "subgame_perfect"\n', "no installed model 'centipedes' offers experiments"),
    # a limit that binds two parameters: separate policies at goal 66 sweep three times 66 ** 4 states 200 times
    ('model = "pig"\nexperiment = "three_pig_dynamics"\n[grid]\ngoal = 66\nvariant = ["separate"]\n',
     "variant separate: three-player value iteration on Pig to 66 with a 6-sided die (a 1 busts) would sweep "
     "18,974,736 states (i, j1, j2, k) for each of 3 players up to 200 times"),
])
def test_the_command_refuses_a_bad_spec_in_one_line_before_anything_starts(tmp_path, capsys, spec_text, message):
    path = tmp_path / "spec.toml"
    path.write_text(spec_text)
    done = run_cli(capsys, "run", str(path), "--db", str(tmp_path / "r.db"))
    assert done.returncode == 2 and done.stdout == "" and message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "r.db").exists()


@pytest.mark.parametrize("seconds", ["0", "-1", "nan", "inf", "1e9"])
def test_a_wait_for_workers_out_of_bounds_is_refused_before_anything_starts(tmp_path, capsys, seconds):
    path = tmp_path / "spec.toml"
    path.write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = 2\n')
    done = run_cli(capsys, "run", str(path), "--db", str(tmp_path / "r.db"), "--wait-for-workers", seconds)
    assert (done.returncode, done.stdout) == (2, "") and not (tmp_path / "r.db").exists()
    assert done.stderr.startswith("epistemic experiment: error: --wait-for-workers must be more than 0 and at most")


def test_the_command_runs_shows_and_exports_a_spec(tmp_path, capsys):
    path = tmp_path / "spec.toml"
    path.write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = [2, 4]\nsmall = [10, 40]\n')
    db = str(tmp_path / "r.db")
    done = run_cli(capsys, "run", str(path), "--db", db, "--in-process")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("centipede.subgame_perfect: 4 cells; 0 done before, 4 done now, 0 failed")
    again = run_cli(capsys, "run", str(path), "--db", db, "--in-process")
    assert "4 done before, 0 done now" in again.stdout
    shown = run_cli(capsys, "show", db)
    assert shown.returncode == 0
    lines = shown.stdout.splitlines()
    # McKelvey and Palfrey's piles, 40 and 10: p1 takes at once; with equal piles passing to the end pays
    assert lines[:3] == ["centipede.subgame_perfect: 4 cells done, 0 failed, 4 parameter sets",
                         "  large = 40, factor = 2",
                         "  length  small  cells  taken_at   p1   p2   share"]
    assert lines[3].split() == ["2", "10", "1", "1", "40", "10", "0.25"]
    assert lines[6].split() == ["4", "40", "1", "5", "640", "640", "1"]
    exported = run_cli(capsys, "show", db, "--csv", "-")
    assert exported.stdout.splitlines()[0] == ("experiment,length,large,small,factor,cells,failed,taken_at,"
                                               "taken_at_low,taken_at_high,p1,p1_low,p1_high,p2,p2_low,p2_high,"
                                               "share,share_low,share_high")
    listed = run_cli(capsys, "list")
    assert "centipede.subgame_perfect: where subgame-perfect play ends" in listed.stdout
    assert "    length (1 to 200; default 6): moves" in listed.stdout


def test_a_third_party_model_joins_and_cannot_take_a_name_of_ours(tmp_path):
    from sweep_cells import registering_env

    env = registering_env(tmp_path)
    # a second distribution that names its experiments "centipede", as ours are named
    info = tmp_path / "usurper-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: usurper\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[epistemic.experiments]\ncentipede = sweep_cells:EXPERIMENTS\n")
    listed = subprocess.run([sys.executable, "-m", "epistemic.cli", "experiment", "list"], capture_output=True,
                            text=True, env=env, timeout=HUNG)
    assert listed.returncode == 0
    assert "tests.square: n squared, slowly if asked" in listed.stdout
    assert "tests.noisy: a draw around a centre; seeded: a spec lists replicate seeds" in listed.stdout
    assert "centipede.subgame_perfect" in listed.stdout and "centipede.square" not in listed.stdout
    assert ("warning: the experiments of model 'centipede' of usurper 1.0 are left out: the name 'centipede' is "
            "taken") in listed.stderr


def test_replicates_are_shown_with_their_mean_and_half_interval(tmp_path):
    from sweep_cells import registering_env

    spec_path = tmp_path / "noisy.toml"
    spec_path.write_text('model = "tests"\nexperiment = "noisy"\nseeds = {from = 0, to = 7}\n'
                         '[grid]\ncentre = [0, 10]\nspread = 5\n')
    db = str(tmp_path / "r.db")
    env = registering_env(tmp_path)

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "epistemic.cli", "experiment", *args], capture_output=True,
                              text=True, env=env, timeout=HUNG)
    assert cli("run", str(spec_path), "--db", db, "--in-process").returncode == 0
    shown = cli("show", db).stdout.splitlines()
    assert shown[1:3] == ["  spread = 5", "  each result: its mean over the replicate seeds, ± half its 95% "
                          "confidence interval (Student's t)"]
    with ResultStore(db) as store:
        values = [r.results["value"] for r in store.rows("tests", "noisy") if r.parameters["centre"] == 10.0]
    import statistics
    # Student's t for 7 degrees of freedom, 97.5%: 2.365 (published tables)
    half = 2.365 * statistics.stdev(values) / math.sqrt(8)
    centre, cells, value, _ = shown[5].split(None, 3)
    assert (centre, cells) == ("10", "8")
    mean, spread = value, shown[5].split("±")[1].split()[0]
    assert math.isclose(float(mean), statistics.fmean(values), rel_tol=1e-3)
    assert math.isclose(float(spread), half, rel_tol=2e-3)


def test_the_docs_database_is_what_its_spec_gives_today(tmp_path):
    # docs/experiments.md shows docs/examples/experiments/centipede.db: it must not drift from the model
    from pathlib import Path

    from epistemic.experiments import find_experiment, read_spec

    folder = Path(__file__).resolve().parent.parent / "docs" / "examples" / "experiments"
    spec = read_spec(str(folder / "centipede.toml"), find_experiment)
    with ResultStore(str(tmp_path / "r.db"), writer=True) as store:
        run_sweep(spec, store, in_process=True)
        fresh = {r.cell: r.results for r in store.rows("centipede", "subgame_perfect")}
    with ResultStore(str(folder / "centipede.db")) as store:
        shipped = {r.cell: r.results for r in store.rows("centipede", "subgame_perfect")}
    assert fresh == shipped and len(fresh) == spec.size == 40


def test_a_plot_draws_one_line_a_combination_with_its_interval_shaded(tmp_path, capsys):
    from epistemic.visualize import PictureError
    from epistemic.visualize.sweeps import sweep_chart

    done = [({"n": n, "k": k}, {"v": n * k + r, "word": "x"}) for n in (1, 2, 3) for k in (1, 2) for r in (0, 1, 2)]
    plot = sweep_chart(Summary.of(done, {}, ["n", "k"]))
    one, two = plot.drawing.series
    assert (one.name, one.points) == ("k = 1", ((1.0, 2.0), (2.0, 3.0), (3.0, 4.0)))
    # three replicates 0, 1, 2 above n * k: sd 1, t(2) = 4.303
    assert [round(hi - lo, 3) for _, lo, hi in two.band] == [round(2 * 4.302653 / math.sqrt(3), 3)] * 3
    assert plot.pipe("png")[:4] == b"\x89PNG"
    with pytest.raises(PictureError, match="--y names a result with numbers"):
        sweep_chart(Summary.of(done, {}, ["n", "k"]), y="word")
    with pytest.raises(PictureError, match="--x names a parameter that varies"):
        sweep_chart(Summary.of(done, {}, ["n", "k"]), x="m")
    db = str(Path(__file__).resolve().parent.parent / "docs" / "examples" / "experiments" / "centipede.db")
    drawn = run_cli(capsys, "show", db, "--plot", str(tmp_path / "c.svg"), "--x", "small", "--y", "share")
    assert drawn.returncode == 0 and (tmp_path / "c.svg").read_bytes().startswith(b"<?xml")
    refused = run_cli(capsys, "show", db, "--plot", str(tmp_path / "c.txt"))
    assert refused.returncode == 2 and not (tmp_path / "c.txt").exists()
    # along the factor, the other parameters (5 lengths, 4 small piles) would make 20 lines
    lines = run_cli(capsys, "show", db, "--plot", str(tmp_path / "d.png"), "--x", "factor")
    assert lines.returncode == 2 and "make 20 lines, more than the 10 a plot shows" in lines.stderr
    assert not (tmp_path / "d.png").exists()


def test_a_sweep_without_dask_installed_is_one_line_that_says_what_to_install(tmp_path, capsys, monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real(name, *a))
    path = tmp_path / "spec.toml"
    path.write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = [2, 4]\n')
    done = run_cli(capsys, "run", str(path), "--db", str(tmp_path / "r.db"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("epistemic experiment: error: sweeps run on dask.distributed: pip install "
                           "'epistemic-framework[sweep]' (or run with --in-process)\n")
    assert not (tmp_path / "r.db").exists()
    assert run_cli(capsys, "run", str(path), "--db", str(tmp_path / "r.db"), "--in-process").returncode == 0


def test_the_progress_line_shows_cells_the_rate_and_the_time_left(tmp_path, monkeypatch):
    # on a terminal the run keeps one line: cells done of those to run, the rate, and the time left
    path = tmp_path / "spec.toml"
    path.write_text('model = "centipede"\nexperiment = "subgame_perfect"\n[grid]\nlength = {from = 1, to = 60}\n')
    code, out, text = on_terminal(["experiment", "run", str(path), "--db", str(tmp_path / "r.db"), "--in-process"])
    assert code == 0 and "60 done now" in out
    assert "\rcentipede.subgame_perfect: 60 of 60 cells (100%), " in text.replace("\x1b[K", "")
    assert " a second" in text and "left" in text
    assert text.endswith("\r\x1b[K")   # the line is cleared at the end


def test_the_spec_the_docs_show_is_the_shipped_one():
    root = Path(__file__).resolve().parent.parent
    page = (root / "docs" / "experiments.md").read_text(encoding="utf-8")
    shown = page.split("```toml\n", 1)[1].split("```", 1)[0]
    assert shown == (root / "docs" / "examples" / "experiments" / "centipede.toml").read_text(encoding="utf-8")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=4, unique=True),
       st.lists(st.integers(0, 2 ** 40), min_size=1, max_size=3, unique=True))
def test_a_cell_is_known_by_the_key_its_parameters_give(centres, seeds):
    # the keys a spec makes in bulk are the canonical JSON of each cell's parameters and seed
    from epistemic.experiments import Cell

    text = (f'model = "tests"\nexperiment = "noisy"\nseeds = {seeds}\n[grid]\ncentre = {centres!r}\n'
            'spread = [0.5, 2]\n')
    cells = list(spec(text).cells())
    assert len(cells) == len(centres) * 2 * len(seeds)
    assert [c.key for c in cells] == [Cell.of(c.parameters, c.seed).key for c in cells]
    unseeded = list(spec(HEAD + '[grid]\nn = [3, 1]\nunless = ["a \\"b\\"", "é"]\n').cells())
    assert [c.key for c in unseeded] == [Cell.of(c.parameters, None).key for c in unseeded]


def test_every_shipped_spec_reads_and_is_discussed():
    from epistemic.experiments import find_experiment, read_spec

    root = Path(__file__).resolve().parent.parent
    docs = (root / "docs" / "experiments.md").read_text(encoding="utf-8")
    specs = sorted((root / "docs" / "examples" / "experiments").glob("*.toml"))
    assert len(specs) >= 10
    for path in specs:
        assert read_spec(str(path), find_experiment).size >= 1
        assert f"`{path.name}`" in docs or f"experiments/{path.name}" in docs, f"docs/experiments.md leaves out {path.name}"
