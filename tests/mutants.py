"""Deliberate breaks (mutants) of the core modules, and the tests that must catch them.

Each mutant of the table (``tests/mutant_table.py``) replaces one exact
snippet of one source file.  Running

    python tests/mutants.py

copies the repository to a temporary folder, makes a fresh virtual
environment in which ``epistemic`` is that copy (its dependencies borrowed
from the running interpreter's environment; see :func:`make_copy`), checks
that the named tests pass on the unchanged copy, then applies each mutant in
turn to the copy, runs only the tests it names (``pytest -x -q``, with the
running interpreter's version and packages, and a fixed hypothesis seed so
that a run can be repeated) and puts the file back.  The working tree is
never touched.

It prints one line per mutant, ``killed`` (by which test) or ``SURVIVED``,
and exits 1 if a mutant survived, if the named tests fail without any
mutant, or if a snippet is not found exactly once in its file (so the table
fails loudly when the code it breaks is refactored).

Options
-------
--list          print the table and exit
--only TEXT     run only the mutants whose module or description contains TEXT
--sample N      run only N mutants, a window of the table that moves on with each
                commit (see :func:`rotating_sample`); ``.ci/run`` runs one on
                every submission, so that each mutant's turn comes once in every
                ceil(len(MUTANTS) / N) submissions, not only when the whole
                table is run by hand
--rotation R    with --sample, take window R instead of HEAD's (see :func:`commit_rotation`)
--each          run each named test on its own, and count a mutant killed only
                if every one of its tests catches it (slower; checks the table)
--survey        run the whole test suite (except the wheel install test) for
                each mutant and list every test that fails, to choose the
                tests a mutant should name
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import tomllib
from pathlib import Path

from mutant_table import AREAS, MUTANTS, Mutant

ROOT = Path(__file__).resolve().parent.parent


# checking the table ------------------------------------------------------------------

def table_problems(root: Path) -> list[str]:
    """Snippets not found exactly once, and mutants that change nothing."""
    problems = []
    for number, m in enumerate(MUTANTS, start=1):
        source = (root / m.path).read_text(encoding="utf-8")
        count = source.count(m.snippet)
        if count != 1:
            problems.append(f"mutant {number} ({m.path}: {m.description}): snippet found {count} times")
        if m.snippet == m.replacement:
            problems.append(f"mutant {number} ({m.path}: {m.description}): replacement equals snippet")
        if not m.tests:
            problems.append(f"mutant {number} ({m.path}: {m.description}): names no test")
    return problems


def print_table() -> None:
    for number, m in enumerate(MUTANTS, start=1):
        print(f"{number:2}. {m.path}: {m.description}")
        print(f"    - {m.snippet!r}")
        print(f"    + {m.replacement!r}")
        for test in m.tests:
            print(f"    caught by {test}")


# the rotating sample --------------------------------------------------------------------------

def interleaved() -> list[int]:
    """The table's numbers (from 1), each area's spread evenly over the whole order.

    Mutant ``i`` of area ``r`` of ``k`` mutants stands at ``(i + phase) / k`` of
    the way, the phases ``(r + 1/2) / areas`` staggered so that the areas' first
    mutants do not crowd the start: any run of consecutive entries takes from
    each area about its share of the table (within one mutant), not the small
    areas first.
    """
    placed, start = [], 1
    for rank, area in enumerate(AREAS.values()):
        phase = (rank + 0.5) / len(AREAS)
        placed.extend(((i + phase) / len(area), rank, start + i) for i in range(len(area)))
        start += len(area)
    return [number for *_, number in sorted(placed)]


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def commit_rotation() -> int:
    """The rotation of the checkout's HEAD: how many commits lead to it, so that
    successive submissions take successive windows; in a shallow clone, whose
    count is not the history's, a number read from HEAD's hash (0 where git cannot tell)."""
    count = _git("rev-list", "--count", "HEAD")
    if _git("rev-parse", "--is-shallow-repository") == "false" and count and count.isdigit():
        return int(count)
    head = _git("rev-parse", "HEAD")
    return int(head[:12], 16) if head else 0


def rotating_sample(size: int, rotation: int) -> list[int]:
    """Window ``rotation`` of ``size`` consecutive entries of :func:`interleaved`, wrapping round.

    The same rotation always gives the same mutants, so a run can be repeated;
    successive rotations cover the whole table in ``ceil(len(MUTANTS) / size)`` runs.
    """
    order = interleaved()
    size = min(size, len(order))
    start = rotation * size % len(order)
    return sorted((order + order)[start:start + size])


# the copy and its environment ------------------------------------------------------------

#: Left out of the copy: anywhere, and at the top of the repository only.
_SKIP_ANYWHERE = {"__pycache__", ".pytest_cache", ".hypothesis"}
_SKIP_AT_TOP = {".git", ".venv", "venv", "build", "dist", "out"}


def _skip(folder: str, names: list[str]) -> set[str]:
    top = Path(folder).resolve() == ROOT
    return {name for name in names
            if name in _SKIP_ANYWHERE or name.endswith((".pyc", ".egg-info")) or (top and name in _SKIP_AT_TOP)}


_FINDER = """\
# Maps the package's parts to the folders of the mutants' copy, as an editable install does.
import sys
from importlib.util import spec_from_file_location
from pathlib import Path

MAPPING = {mapping!r}


class CopyFinder:
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        folder = MAPPING.get(fullname)
        if folder is None:
            return None
        return spec_from_file_location(fullname, Path(folder, "__init__.py"),
                                       submodule_search_locations=[folder])


sys.meta_path.insert(0, CopyFinder)
"""


def package_dirs() -> dict[str, str]:
    """Where each part of the package lives in the repository (pyproject's package-dir)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]["package-dir"]


def make_copy(base: Path) -> tuple[Path, Path]:
    """Copy the repository under ``base`` and a fresh virtual environment in
    which ``epistemic`` is the copy; return the copy and the environment's interpreter.

    The environment has no pip and installs nothing: one ``.pth`` file maps the
    package's parts to the copy's folders (what an editable install does),
    another borrows the dependencies (numpy, networkx, pytest, hypothesis, ...)
    from the running environment.  The borrowed folder's own ``.pth`` files,
    among them the running environment's editable install of the working tree,
    are not processed, so nothing there can shadow the copy.
    """
    copy = base / "repo"
    shutil.copytree(ROOT, copy, ignore=_skip, symlinks=True)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    mapping = {name: str(copy / folder) for name, folder in package_dirs().items()}
    (purelib / "epistemic_mutants_copy.py").write_text(_FINDER.format(mapping=mapping), encoding="utf-8")
    (purelib / "epistemic_mutants_copy.pth").write_text("import epistemic_mutants_copy\n", encoding="utf-8")
    borrowed = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (purelib / "zz_borrowed_dependencies.pth").write_text("\n".join(borrowed) + "\n", encoding="utf-8")
    check_imports(copy, python)
    return copy, python


def check_imports(copy: Path, python: Path) -> None:
    """Every mutated module, and each part of the package, must load from the copy."""
    modules = sorted({*package_dirs(), *(module_name(m.path) for m in MUTANTS)})
    code = ("import importlib, sys\n"
            f"for name in {modules!r}:\n"
            "    print(importlib.import_module(name).__file__)\n")
    done = subprocess.run([str(python), "-c", code], cwd=copy.parent, capture_output=True, text=True,
                          env=child_env())
    if done.returncode != 0:
        raise SystemExit(f"the copy's environment cannot import the package:\n{done.stderr}")
    out = done.stdout.split()
    resolved = copy.resolve()
    strays = [f for f in out if not Path(f).resolve().is_relative_to(resolved)]
    if strays or len(out) != len(modules):
        raise SystemExit(f"the copy's environment imports code from outside the copy: {strays or out}")


def module_name(path: str) -> str:
    """The installed name of the module at ``path`` (``models/pirates/predict.py``
    is ``epistemic.models.pirates.predict``)."""
    parts = Path(path).with_suffix("").parts
    package = {folder: name for name, folder in package_dirs().items()}[parts[0]]
    return ".".join([package, *parts[1:]])


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a restored file must never meet its mutant's bytecode
    return env


def run_pytest(copy: Path, python: Path, args: list[str], timeout: int) -> tuple[int, str]:
    shutil.rmtree(copy / ".hypothesis", ignore_errors=True)  # no failing examples carried over
    # one process: a mutant's few tests would wait longer for workers than they run (--survey spreads)
    workers = [] if "-n" in args else ["-n", "0"]
    command = [str(python), "-m", "pytest", "-p", "no:cacheprovider", "--hypothesis-seed=0", *workers, *args]
    try:
        done = subprocess.run(command, cwd=copy, env=child_env(), capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return -1, f"timed out after {timeout} s"
    return done.returncode, done.stdout + done.stderr


_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)


def failures(output: str) -> list[str]:
    return _FAILED.findall(output)


# running the mutants ------------------------------------------------------------------------

def apply(copy: Path, m: Mutant) -> tuple[Path, str]:
    """Put the mutant in the copy; return the file and its original text."""
    target = copy / m.path
    original = target.read_text(encoding="utf-8")
    if original.count(m.snippet) != 1:
        raise SystemExit(f"{m.path}: snippet not found exactly once in the copy")
    target.write_text(original.replace(m.snippet, m.replacement), encoding="utf-8")
    return target, original


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the table of mutants and exit")
    parser.add_argument("--only", metavar="TEXT", help="run only mutants whose module or description contains TEXT")
    parser.add_argument("--survey", action="store_true",
                        help="run the whole suite for each mutant and list every failing test")
    parser.add_argument("--each", action="store_true",
                        help="run each named test on its own: every one must catch its mutant")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="run N mutants, a window of the table that moves on with each commit")
    parser.add_argument("--rotation", type=int, metavar="R",
                        help="with --sample: the window to take (default: the commit count)")
    parser.add_argument("--timeout", type=int, default=300, help="seconds allowed per pytest run")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample takes a number of mutants of at least 1")
    if args.rotation is not None and args.sample is None:
        parser.error("--rotation needs --sample")

    if args.list:
        print_table()
        return 0
    problems = table_problems(ROOT)
    for p in problems:
        print(f"TABLE ERROR: {p}")
    broken = {n for n, m in enumerate(MUTANTS, start=1)
              if (ROOT / m.path).read_text(encoding="utf-8").count(m.snippet) != 1}
    chosen = [(n, m) for n, m in enumerate(MUTANTS, start=1)
              if not args.only or args.only in m.path or args.only in m.description]
    if args.sample is not None:
        rotation = commit_rotation() if args.rotation is None else args.rotation
        sample = set(rotating_sample(args.sample, rotation))
        chosen = [(n, m) for n, m in chosen if n in sample]
        print(f"the sample of rotation {rotation}: mutants {', '.join(map(str, sorted(sample)))} "
              f"of {len(MUTANTS)}", flush=True)
    if not chosen:
        print("no mutant chosen")
        return 1

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="epistemic-mutants-") as tmp:
        print(f"copying the repository, and an environment that imports the copy, to {tmp} ...", flush=True)
        copy, python = make_copy(Path(tmp))
        named = list(dict.fromkeys(t for n, m in chosen for t in m.tests if n not in broken))
        if not args.survey:
            print(f"checking that the {len(named)} named tests pass without mutants ...", flush=True)
            rc, out = run_pytest(copy, python, ["-q", *named], args.timeout)
            if rc != 0:
                print(out[-4000:])
                print("the named tests do not pass on the unchanged code: fix them first")
                return 1
        survived, errors = [], []
        for i, (number, m) in enumerate(chosen, start=1):
            label = f"[{i}/{len(chosen)}] #{number} {m.path}: {m.description}"
            print(label + " ... ", end="", flush=True)
            if number in broken:
                errors.append(number)
                print("TABLE ERROR: the snippet is not in the file exactly once", flush=True)
                continue
            target, original = apply(copy, m)
            began = time.monotonic()
            try:
                if args.survey:
                    rc, out = run_pytest(copy, python, ["-q", "-n", "auto", "tests", "-p", "no:warnings",
                                                        "--ignore=tests/test_install.py"], args.timeout * 4)
                elif args.each:
                    runs = [(test, *run_pytest(copy, python, ["-x", "-q", test], args.timeout))
                            for test in m.tests]
                    missed = [test for test, code, _ in runs if code == 0]
                    rc = 0 if missed else max(code for _, code, _ in runs)
                    out = "\n".join(text for *_, text in runs)
                else:
                    rc, out = run_pytest(copy, python, ["-x", "-q", *m.tests], args.timeout)
            finally:
                target.write_text(original, encoding="utf-8")
            took = f" ({time.monotonic() - began:.1f} s)"
            failed = failures(out)
            if rc == 0:
                survived.append(number)
                print("SURVIVED" + (f" {' '.join(missed)}" if args.each else "") + took, flush=True)
            elif rc == 1 and failed and args.each:
                print(f"killed by each of its {len(m.tests)} tests{took}", flush=True)
            elif rc == 1 and failed:
                print((f"killed by {failed[0]}" if not args.survey else f"killed ({len(failed)} tests)") + took,
                      flush=True)
                if args.survey:
                    for f in failed:
                        print(f"      {f}")
            else:
                errors.append(number)
                print(f"ERROR (pytest exit status {rc})", flush=True)
                print("\n".join("      " + line for line in out.strip().splitlines()[-15:]))
    elapsed = time.monotonic() - started
    print(f"{len(chosen) - len(survived) - len(errors)} of {len(chosen)} mutants killed "
          f"in {elapsed:.0f} s" + (f"; survived: {survived}" if survived else "")
          + (f"; errors: {errors}" if errors else ""))
    return 1 if survived or errors or problems else 0


if __name__ == "__main__":
    sys.exit(main())
