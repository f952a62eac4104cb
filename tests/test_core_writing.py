"""``epistemic.files`` writes a file only where a regular file is or may be, and all or nothing.

:func:`check_destination` refuses what exists and is not a regular file (a
named pipe, a device, a folder), through any symbolic links, and a folder that
cannot take the file; :func:`write_files` writes every file or none, each to a
new file renamed over its destination, the file a link names and not the link.
Pipes and devices are made in the test's own folder, never taken from ``/dev``.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from epistemic import EpistemicError, Agent, KripkeModel, save_model
from epistemic.export import write_efg
from epistemic.files import DestinationError, check_destination, write_bytes, write_files
from epistemic.models.centipede import Centipede
from epistemic.models.tournament.log import save_log
from epistemic.models.tournament.rules import TournamentError
from epistemic.visualize import Picture, PictureError


def _device(path: Path) -> None:
    """A clone of /dev/null at ``path``; skipped only where making a device is not permitted."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device is not permitted here")


def _kind(path: Path) -> str:
    mode = os.stat(path).st_mode
    return "fifo" if stat.S_ISFIFO(mode) else "device" if stat.S_ISCHR(mode) else "folder" if stat.S_ISDIR(mode) \
        else "file"


# checking a destination ------------------------------------------------------------------------

@pytest.mark.parametrize("make, kind", [(os.mkfifo, "a named pipe"), (_device, "a character device"),
                                        (os.mkdir, "a directory")], ids=["fifo", "device", "folder"])
@pytest.mark.parametrize("through", [0, 1, 2], ids=["itself", "a link", "two links"])
def test_what_is_no_regular_file_is_refused_through_any_links(make, kind, through, tmp_path):
    target = tmp_path / "out"
    make(target)
    path = target
    for n in range(through):   # a chain of relative links, each naming the one before
        os.symlink(path.name, tmp_path / f"link{n}")
        path = tmp_path / f"link{n}"
    shown = f"'{path}' (a link to '{target}')" if through else f"'{path}'"
    for check in (check_destination, lambda p: write_files([(p, b"x")])):
        with pytest.raises(DestinationError) as refused:
            check(path)
        assert str(refused.value) == f"cannot write {shown}: not a regular file but {kind}"
    assert not stat.S_ISREG(os.stat(target).st_mode) and os.path.islink(path) == bool(through)


def test_a_file_and_the_file_a_link_names_are_where_it_writes(tmp_path):
    (tmp_path / "real").mkdir()
    file = tmp_path / "real" / "model.json"
    file.write_text("old")
    os.symlink(file, tmp_path / "link.json")
    os.symlink("link.json", tmp_path / "chain.json")
    os.symlink(tmp_path / "real" / "new.json", tmp_path / "dangling.json")
    assert check_destination(file) == str(file)
    assert check_destination(tmp_path / "link.json") == check_destination(tmp_path / "chain.json") == str(file)
    # a dangling link is written through: the file it names is made
    assert check_destination(tmp_path / "dangling.json") == str(tmp_path / "real" / "new.json")
    assert check_destination(tmp_path / "fresh.json") == str(tmp_path / "fresh.json")


@pytest.mark.parametrize("path, says", [
    ("", "cannot write '': the path names no file"),
    ("{tmp}/out/", "cannot write '{tmp}/out/': the path names no file"),
    ("{tmp}/missing/out.json", "cannot write '{tmp}/missing/out.json': the folder '{tmp}/missing' does not exist"),
    ("{tmp}/file.txt/out.json", "cannot write '{tmp}/file.txt/out.json': Not a directory"),
    ("{tmp}/dangling", "cannot write '{tmp}/dangling' (a link to '{tmp}/missing/x'): the folder '{tmp}/missing' "
                       "does not exist"),
    ("{tmp}/loop", "cannot write '{tmp}/loop' (a link to '{tmp}/loop'): Too many levels of symbolic links"),
])
def test_a_destination_that_cannot_be_made_is_named_in_one_line(path, says, tmp_path):
    (tmp_path / "file.txt").write_text("a file, not a folder")
    os.symlink(tmp_path / "missing" / "x", tmp_path / "dangling")
    os.symlink("loop", tmp_path / "loop")
    path, says = path.format(tmp=tmp_path), says.format(tmp=tmp_path)
    with pytest.raises(DestinationError) as refused:
        check_destination(path)
    assert str(refused.value) == says
    # the caller's own error, as the readers take one
    with pytest.raises(TournamentError, match="^--log: cannot write"):
        check_destination(path, lambda message: TournamentError(f"--log: {message}"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling", "file.txt", "loop"]


def test_a_folder_or_file_that_cannot_be_written_is_refused(tmp_path, monkeypatch):
    """As root every mode bit is overruled, so that ``os.access`` is asked as another user would be answered."""
    (tmp_path / "kept.json").write_text("old")
    denied: set[str] = set()
    access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: os.fspath(path) not in denied and access(path, mode, **kw))
    denied.add(str(tmp_path / "kept.json"))
    with pytest.raises(DestinationError, match="kept.json': the file is not writable$"):
        write_files([(tmp_path / "kept.json", b"new")])
    denied.add(str(tmp_path))
    with pytest.raises(DestinationError, match=f"new.json': the folder '{tmp_path}' is not writable$"):
        check_destination(tmp_path / "new.json")
    assert (tmp_path / "kept.json").read_text() == "old" and os.listdir(tmp_path) == ["kept.json"]


def test_a_destination_error_is_bad_input_and_a_fault_of_the_system():
    # a command line says it in one line with status 2; code that caught OSError from save_model still does
    assert issubclass(DestinationError, EpistemicError) and issubclass(DestinationError, OSError)


# writing ---------------------------------------------------------------------------------------

def test_a_link_stays_a_link_and_the_file_it_names_is_written(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    file = tmp_path / "elsewhere" / "game.json"
    file.write_text("old")
    file.chmod(0o640)
    os.symlink(os.path.relpath(file, tmp_path), tmp_path / "game.json")
    os.symlink(tmp_path / "elsewhere" / "new.json", tmp_path / "new.json")
    assert write_files([(tmp_path / "game.json", b"new"), (tmp_path / "new.json", b"made")]) == [
        str(file), str(tmp_path / "elsewhere" / "new.json")]
    assert os.readlink(tmp_path / "game.json") == os.path.join("elsewhere", "game.json")
    assert file.read_bytes() == b"new" and (tmp_path / "elsewhere" / "new.json").read_bytes() == b"made"
    # the file replaced keeps its permissions; a new one gets those open() gives
    assert stat.S_IMODE(file.stat().st_mode) == 0o640
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "elsewhere" / "new.json").stat().st_mode) == 0o666 & ~umask
    assert sorted(os.listdir(tmp_path / "elsewhere")) == ["game.json", "new.json"]
    assert sorted(os.listdir(tmp_path)) == ["elsewhere", "game.json", "new.json"]


def test_one_file_named_twice_is_refused(tmp_path):
    os.symlink("a.json", tmp_path / "b.json")
    with pytest.raises(DestinationError, match=r"b.json' \(a link to .*a.json'\): the file is asked for twice"):
        write_files([(tmp_path / "a.json", b"1"), (tmp_path / "b.json", b"2")])
    assert os.listdir(tmp_path) == ["b.json"]


def _full_disk(monkeypatch, name: str) -> None:
    """Writes into files whose name holds ``name`` fail as on a full disk."""
    write = os.write

    def full(fd, data):
        if name in os.path.basename(os.readlink(f"/proc/self/fd/{fd}")):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(fd, data)
    monkeypatch.setattr(os, "write", full)


def test_a_full_disk_names_the_file_and_changes_none(tmp_path, monkeypatch):
    first, second = tmp_path / "first.svg", tmp_path / "second.svg"
    first.write_bytes(b"old")
    _full_disk(monkeypatch, "second.svg")
    with pytest.raises(DestinationError) as caught:
        write_files([(first, b"new"), (second, b"new")])
    assert str(caught.value) == f"cannot write '{second}': No space left on device"
    assert caught.value.__cause__ is None and first.read_bytes() == b"old" and os.listdir(tmp_path) == ["first.svg"]


def test_a_pipe_put_in_place_while_the_output_is_made_is_not_replaced(tmp_path, monkeypatch):
    """Each destination is looked at again just before it is replaced."""
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    fsync = os.fsync

    def meanwhile(fd):
        fsync(fd)
        if not second.exists():
            os.mkfifo(second)
    monkeypatch.setattr(os, "fsync", meanwhile)
    with pytest.raises(DestinationError, match="second.json': not a regular file but a named pipe$"):
        write_files([(first, b"1"), (second, b"2")])
    assert _kind(second) == "fifo" and sorted(os.listdir(tmp_path)) == ["second.json"]


def test_each_api_writer_refuses_a_pipe_and_follows_a_link(tmp_path):
    """save_model, write_efg, Picture.render and the tournament's log write through the one writer."""
    model = KripkeModel.from_relations([Agent("a")], {"w": {"p"}}, {}, actual="w", reflexive=True)
    writers = [(lambda p: save_model(model, p), "model.json", DestinationError),
               (lambda p: write_efg(Centipede(length=2), p), "game.efg", DestinationError),
               (lambda p: Picture("digraph { a -> b }").render(p), "picture.dot", PictureError),
               (lambda p: save_log(p, {"format": "epistemic-tournament-log"}), "game.json", TournamentError)]
    for write, name, error in writers:
        os.mkfifo(tmp_path / f"pipe-{name}")
        os.symlink(f"pipe-{name}", tmp_path / f"to-pipe-{name}")
        for refused in (f"pipe-{name}", f"to-pipe-{name}"):
            with pytest.raises(error, match="not a regular file but a named pipe$"):
                write(tmp_path / refused)
        (tmp_path / f"file-{name}").write_text("old")
        os.symlink(f"file-{name}", tmp_path / name)
        write(tmp_path / name)
        assert os.path.islink(tmp_path / name) and (tmp_path / f"file-{name}").read_text() != "old"
        assert _kind(tmp_path / f"pipe-{name}") == "fifo"
    assert len(os.listdir(tmp_path)) == 4 * len(writers)


# the property: all or nothing, whatever the destinations -------------------------------------------

#: What a destination may be: (name, made in the folder, whether a file may be written there).
KINDS = {
    "missing": (lambda folder, p: None, True),
    "file": (lambda folder, p: p.write_bytes(b"old"), True),
    "pipe": (lambda folder, p: os.mkfifo(p), False),
    "folder": (lambda folder, p: p.mkdir(), False),
    "link to a file": (lambda folder, p: (folder.joinpath(p.name + ".t").write_bytes(b"old"),
                                          os.symlink(p.name + ".t", p)), True),
    "link to a pipe": (lambda folder, p: (os.mkfifo(folder / (p.name + ".t")), os.symlink(p.name + ".t", p)), False),
    "dangling link": (lambda folder, p: os.symlink(p.name + ".t", p), True),
    "link into no folder": (lambda folder, p: os.symlink(os.path.join("none", p.name), p), False),
}


def _state(folder: Path) -> dict[str, tuple[str, bytes | str | None]]:
    """What is in ``folder``: each name's kind, and a file's bytes or a link's target."""
    found: dict[str, tuple[str, bytes | str | None]] = {}
    for path in folder.iterdir():
        mode = os.lstat(path).st_mode
        found[path.name] = ("link", os.readlink(path)) if stat.S_ISLNK(mode) else \
            ("file", path.read_bytes()) if stat.S_ISREG(mode) else ("other", None)
    return found


@settings(deadline=None, max_examples=60)
@given(st.lists(st.tuples(st.sampled_from(sorted(KINDS)), st.binary(max_size=64)), min_size=1, max_size=5))
def test_every_file_is_written_or_none(destinations):
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        paths = [folder / f"out{n}" for n in range(len(destinations))]
        for path, (kind, _) in zip(paths, destinations):
            KINDS[kind][0](folder, path)
        before = _state(folder)
        writable = all(KINDS[kind][1] for kind, _ in destinations)
        try:
            written = write_files([(path, payload) for path, (_, payload) in zip(paths, destinations)])
        except DestinationError:
            assert not writable and _state(folder) == before
            return
        assert writable
        for path, real, (kind, payload) in zip(paths, written, destinations):
            assert Path(real).read_bytes() == payload
            assert os.path.islink(path) == ("link" in kind)
        # no new file beside the ones written
        assert set(_state(folder)) == set(before) | {os.path.basename(real) for real in written}


def test_write_bytes_counts_what_it_wrote(tmp_path):
    assert write_bytes(b"12345", tmp_path / "five.txt") == 5 and (tmp_path / "five.txt").read_bytes() == b"12345"


def test_a_long_name_in_any_script_is_written(tmp_path):
    """The new file beside the destination has a name a folder takes, however long the destination's."""
    for name in ("é" * 120, "x" * 250, "雪" * 80):   # 240, 250 and 240 bytes
        path = tmp_path / name
        write_files([(path, b"old")])
        write_files([(path, b"new")])
        assert path.read_bytes() == b"new"
    assert len(os.listdir(tmp_path)) == 3
