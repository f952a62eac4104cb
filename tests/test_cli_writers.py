"""Every file the command line writes goes through one checked writer (``epistemic.files``).

A destination that exists and is not a regular file (a named pipe, a device
such as ``/dev/null``, a folder), the file a symbolic link names included,
and one whose folder does not exist, are refused when the command's arguments
are read: one line naming the file, status 2, and no work done (each test
makes the command's work fail loudly should it start).  A link to a regular
file, or a dangling one whose folder exists, is written through: the file it
names is written and the link stays a link.  A fault while writing (a full
disk) is one line naming the file, status 2, nothing printed and no file
changed.  Pipes and devices are made in the test's own folder, never taken
from ``/dev``.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from cli_runs import run, run_child

ROOT = Path(__file__).resolve().parent.parent
LETTER = str(ROOT / "docs" / "examples" / "letter.json")
COURSE = str(ROOT / "docs" / "sheets" / "course.toml")
CLASS = str(ROOT / "docs" / "sheets" / "answers.csv")
SWEEP = ROOT / "docs" / "examples" / "experiments" / "centipede.db"
DINNER = ["dinner", "1,2", "2,3", "3,1"]
PIRATES = ["pirates", "-n", "3", "-m", "1"]

#: Each option that writes a file: the command with ``{}`` where the file goes, a name the
#: option takes, and the work that must not start before the destination is checked.
WRITERS = {
    "check --draw": (["check", LETTER, "K_b p", "--draw", "{}"], "why.dot", "epistemic.cli.check._models"),
    "check --draw-model": (["check", LETTER, "K_b p", "--draw-model", "{}"], "model.dot",
                           "epistemic.cli.check._models"),
    "check --html": (["check", LETTER, "K_b p", "--html", "{}"], "why.html", "epistemic.cli.check._models"),
    "check --export-smcdel": (["check", LETTER, "K_b p", "--export-smcdel", "{}"], "letter.smcdel.txt",
                              "epistemic.cli.check._models"),
    "update --output": (["update", LETTER, "[!p]", "--output", "{}"], "after.json", "epistemic.cli.update._models"),
    "grade --output": (["grade", COURSE, CLASS, "--output", "{}"], "grades.csv", "epistemic.cli.grade.load_sheet"),
    "experiment show --csv": (["experiment", "show", "{db}", "--csv", "{}"], "rows.csv",
                              "epistemic.cli.experiment.ResultStore"),
    "experiment show --plot": (["experiment", "show", "{db}", "--plot", "{}"], "means.png",
                               "epistemic.cli.experiment.ResultStore"),
    "tournament run --log": (["tournament", "run", "--bots", "coop,defect", "--rounds", "1", "--log", "{}"],
                             "game.json", "epistemic.models.tournament.cli.parse_lineup"),
    "dinner --draw-board": ([*DINNER, "--draw-board", "{}"], "board.png", "epistemic.models.dinner.cli.crossout"),
    "dinner --draw-play": ([*DINNER, "--draw-play", "{}"], "play.png", "epistemic.models.dinner.cli.crossout"),
    "dinner --draw-outcomes": ([*DINNER, "--draw-outcomes", "{}"], "outcomes.png",
                               "epistemic.models.dinner.cli.crossout"),
    "dinner --export-efg": ([*DINNER, "--export-efg", "{}"], "dinner.efg", "epistemic.models.dinner.cli.crossout"),
    "pirates --draw": ([*PIRATES, "--draw", "{}"], "dag.dot", "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --draw-dag": ([*PIRATES, "--draw-dag", "{}"], "dag.svg", "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --draw-knowledge": ([*PIRATES, "--draw-knowledge", "{}"], "knowledge.dot",
                                 "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --draw-kripke": ([*PIRATES, "--draw-kripke", "{}"], "kripke.tex",
                              "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --html": ([*PIRATES, "--html", "{}"], "game.html", "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --export-efg": ([*PIRATES, "--export-efg", "{}"], "pirates.efg",
                             "epistemic.models.pirates.game.PirateGame.play"),
    "pirates --learning --draw-kripke": ([*PIRATES, "--learning", "--draw-kripke", "{}"], "learned.dot",
                                         "epistemic.models.pirates.cli.learn"),
    "centipede --draw": (["centipede", "--length", "2", "--draw", "{}"], "why.dot",
                         "epistemic.models.centipede.Centipede.solve"),
    "centipede --export-efg": (["centipede", "--length", "2", "--export-efg", "{}"], "centipede.efg",
                               "epistemic.models.centipede.Centipede.solve"),
    "numberline --export-efg": (["numberline", "--stacks", "3", "--export-efg", "{}"], "line.efg",
                                "epistemic.models.numberline.cli.solve"),
    "puzzle --draw": (["puzzle", "muddy-children", "--draw", "{}"], "cube.dot", "epistemic.models.puzzles.cli.solve"),
    "puzzle --html": (["puzzle", "muddy-children", "--html", "{}"], "cube.html", "epistemic.models.puzzles.cli.solve"),
    "puzzle --export-smcdel": (["puzzle", "muddy-children", "--export-smcdel", "{}"], "muddy.smcdel.txt",
                               "epistemic.models.puzzles.cli.solve"),
    "pig --plot": (["pig", "--goal", "10", "--plot", "{}"], "hold.png", "epistemic.models.pig.cli.solve"),
    "piglet --players 3 --plot": (["piglet", "--players", "3", "--goal", "2", "--plot", "{}"], "gains.png",
                                  "epistemic.models.pig.cli_three.solve"),
}


def _argv(writer: str, path, tmp_path: Path) -> list[str]:
    db = tmp_path / "sweep.db"
    if not db.exists():
        db.write_bytes(SWEEP.read_bytes())   # the store is opened for writing: never the shipped one
    return [str(path) if word == "{}" else str(db) if word == "{db}" else word for word in WRITERS[writer][0]]


def _no_work(*args, **kwargs):
    raise AssertionError("the work started before the destination was checked")


# what a destination may be -------------------------------------------------------------------

def _fifo(folder: Path, name: str) -> tuple[Path, str]:
    path = folder / name
    os.mkfifo(path)
    return path, "a named pipe"


def _device(folder: Path, name: str) -> tuple[Path, str]:
    """A clone of /dev/null in ``folder``; skipped only where making a device is not permitted."""
    path = folder / name
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device is not permitted here")
    return path, "a character device"


def _folder(folder: Path, name: str) -> tuple[Path, str]:
    path = folder / name
    path.mkdir()
    return path, "a directory"


def _linked(make):
    def linked(folder: Path, name: str) -> tuple[Path, str]:
        target, kind = make(folder, "target-" + name)
        link = folder / name
        os.symlink(target, link)
        return link, kind
    linked.__name__ = f"link_to{make.__name__}"
    return linked


NOT_REGULAR = [_fifo, _device, _folder, _linked(_fifo), _linked(_device)]


def _same_kind(path: Path, kind: str) -> bool:
    mode = os.stat(path).st_mode
    return {"a named pipe": stat.S_ISFIFO, "a character device": stat.S_ISCHR, "a directory": stat.S_ISDIR}[kind](mode)


def _one_line(err: str) -> str:
    assert err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("make", NOT_REGULAR, ids=lambda make: make.__name__.strip("_"))
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_each_writer_refuses_what_is_no_regular_file_before_any_work(writer, make, tmp_path, capsys, monkeypatch):
    path, kind = make(tmp_path, WRITERS[writer][1])
    link = os.path.islink(path)
    monkeypatch.setattr(WRITERS[writer][2], _no_work)
    code, out, err = run(capsys, *_argv(writer, path, tmp_path))
    assert (code, out) == (2, "")
    shown = f"'{path}' (a link to '{os.path.realpath(path)}')" if link else f"'{path}'"
    assert _one_line(err).endswith(f"cannot write {shown}: not a regular file but {kind}\n")
    assert _same_kind(path, kind) and os.path.islink(path) == link
    assert {p.name for p in tmp_path.iterdir()} <= {path.name, "target-" + path.name, "sweep.db"}


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_each_writer_refuses_a_missing_folder_before_any_work(writer, tmp_path, capsys, monkeypatch):
    name = WRITERS[writer][1]
    monkeypatch.setattr(WRITERS[writer][2], _no_work)
    # a dangling link into a missing folder too: the file it names cannot be made
    link, missing = tmp_path / name, tmp_path / "missing" / "inner"
    os.symlink(missing / name, link)
    for path, shown, folder in ((missing / name, f"'{missing / name}'", missing),
                                (link, f"'{link}' (a link to '{missing / name}')", missing)):
        code, out, err = run(capsys, *_argv(writer, path, tmp_path))
        assert (code, out) == (2, "")
        assert _one_line(err).endswith(f"cannot write {shown}: the folder '{folder}' does not exist\n")
    assert os.path.islink(link) and not (tmp_path / "missing").exists()


# writing through a link, and faults while writing ----------------------------------------------

def _sheet(folder: Path) -> list[str]:
    """A sheet of one exercise and one answer, graded in a moment."""
    (folder / "sheet.toml").write_text('title = "t"\n[models.two]\nworlds = { w = ["p"], v = [] }\n'
                                       'links = { a = [["w", "v"]] }\nagents = ["a"]\nactual = "w"\n'
                                       '[[exercises]]\nid = "1"\ntitle = "t"\nquestion = "q"\nkind = "worlds"\n'
                                       'model = "two"\nformula = "p"\n', encoding="utf-8")
    (folder / "answers.csv").write_text("student,exercise,answer\nada,1,w\n", encoding="utf-8")
    return [str(folder / "sheet.toml"), str(folder / "answers.csv")]


#: Writers that need no optional engine to write: each is run whole.
WRITTEN = ["check --draw", "check --export-smcdel", "update --output", "grade --output", "experiment show --csv",
           "tournament run --log", "dinner --export-efg", "pirates --export-efg", "centipede --draw",
           "centipede --export-efg", "numberline --export-efg", "puzzle --export-smcdel"]


def _written_argv(writer: str, path, tmp_path: Path) -> list[str]:
    argv = _argv(writer, path, tmp_path)
    if writer == "grade --output":
        argv[1:3] = _sheet(tmp_path)
    return argv


@pytest.mark.parametrize("writer", WRITTEN)
def test_each_writer_writes_the_file_a_link_names_and_keeps_the_link(writer, tmp_path, capsys):
    name = WRITERS[writer][1]
    plain, linked, made = tmp_path / "plain" / name, tmp_path / "linked" / name, tmp_path / "made" / name
    for folder in (plain, linked, made):
        folder.parent.mkdir()
    code, out, _ = run(capsys, *_written_argv(writer, plain, tmp_path))
    assert code == 0 and plain.stat().st_size > 0
    # a link to a file: the file is replaced, the link stays
    linked.parent.joinpath("target").write_bytes(b"old")
    os.symlink("target", linked)
    # a dangling link whose folder exists: the file it names is made
    os.symlink(tmp_path / "made" / "new", made)
    for link, target in ((linked, linked.parent / "target"), (made, made.parent / "new")):
        code, again, _ = run(capsys, *_written_argv(writer, link, tmp_path))
        assert (code, again.replace(str(link), str(plain))) == (0, out)
        assert os.path.islink(link) and target.stat().st_size > 0 and target.read_bytes() != b"old"
        assert sorted(p.name for p in link.parent.iterdir()) == sorted([link.name, target.name])


def _full_disk(monkeypatch, folder: Path, name: str = "") -> None:
    """Writes into ``folder`` (into files whose name holds ``name``) fail as on a full disk."""
    write, inside = os.write, os.path.realpath(folder)

    def full(fd, data):
        where = os.readlink(f"/proc/self/fd/{fd}")
        if where.startswith(inside + os.sep) and name in os.path.basename(where):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(fd, data)
    monkeypatch.setattr(os, "write", full)


@pytest.mark.parametrize("writer", WRITTEN)
def test_a_full_disk_names_the_file_prints_nothing_and_changes_nothing(writer, tmp_path, capsys, monkeypatch):
    path = tmp_path / WRITERS[writer][1]
    path.write_bytes(b"old")
    argv = _written_argv(writer, path, tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    _full_disk(monkeypatch, tmp_path, path.name)
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert _one_line(err).endswith(f"cannot write '{path}': No space left on device\n")
    assert path.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_late_fault_in_one_file_writes_none_of_them(tmp_path, capsys, monkeypatch):
    why, efg = tmp_path / "why.dot", tmp_path / "game.efg"
    _full_disk(monkeypatch, tmp_path, "game.efg")
    code, out, err = run(capsys, "centipede", "--length", "2", "--draw", str(why), "--export-efg", str(efg))
    assert (code, out) == (2, "") and _one_line(err).endswith(f"cannot write '{efg}': No space left on device\n")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_takes_no_file_is_a_fault_named_after_the_work(tmp_path):
    """/proc takes no new file, which only writing finds: the dinner is solved, then refused, and not printed."""
    code, out, err = run_child(*DINNER, "--export-efg", "/proc/epistemic-test.efg")
    assert (code, out) == (2, "")
    assert _one_line(err).startswith("epistemic dinner: error: cannot write '/proc/epistemic-test.efg': ")


def test_a_device_given_as_the_log_stays_a_device(tmp_path):
    """The first case found: ``--log /dev/full`` as root replaced the device with a file."""
    device, _ = _device(tmp_path, "full")
    code, out, err = run_child("tournament", "run", "--bots", "coop,defect", "--rounds", "1", "--log", device)
    assert (code, out) == (2, "")
    assert err == f"epistemic tournament: error: --log: cannot write '{device}': not a regular file but a character device\n"
    assert stat.S_ISCHR(os.stat(device).st_mode) and os.stat(device).st_rdev == os.makedev(1, 3)


def test_a_link_and_the_file_it_names_are_one_file(tmp_path, capsys):
    """The model read is not overwritten through a link to it, nor one picture or page drawn over another."""
    model = tmp_path / "letter.json"
    model.write_bytes(Path(LETTER).read_bytes())
    for link, target in (("after.json", "letter.json"), ("dag.dot", "why.dot"), ("page.html", "why.dot")):
        os.symlink(target, tmp_path / link)
    asked = {"is asked for twice: as the updated model and as another file read or written":
             ["update", model, "[!p]", "--output", tmp_path / "after.json"],
             "two pictures were asked for in the same file":
             [*PIRATES, "--draw", tmp_path / "why.dot", "--draw-dag", tmp_path / "dag.dot"],
             "is asked for both as the page and as a picture":
             [*PIRATES, "--draw", tmp_path / "why.dot", "--html", tmp_path / "page.html"]}
    for says, argv in asked.items():
        code, out, err = run(capsys, *map(str, argv))
        assert (code, out) == (2, "") and says in _one_line(err)
    assert model.read_bytes() == Path(LETTER).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["after.json", "dag.dot", "letter.json", "page.html"]


def test_a_numbered_picture_that_is_a_pipe_is_refused_with_the_others_unwritten(tmp_path, capsys):
    """The rounds' numbered files are known only once the puzzle is solved: one that is a pipe is
    refused then, before any is written, and nothing is printed."""
    os.mkfifo(tmp_path / "cube-02.dot")
    code, out, err = run(capsys, "puzzle", "muddy-children", "--draw", str(tmp_path / "cube.dot"))
    assert (code, out) == (2, "")
    assert _one_line(err).endswith(f"cannot write '{tmp_path / 'cube-02.dot'}': not a regular file but a named pipe\n")
    assert os.listdir(tmp_path) == ["cube-02.dot"] and stat.S_ISFIFO(os.stat(tmp_path / "cube-02.dot").st_mode)
