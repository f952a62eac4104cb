"""The rules the test suite keeps.

No test depends on the clock: Hypothesis runs without a deadline, no test sets
one, and no test sleeps to wait for something (a sleep between two looks at
the thing waited for, in a loop, is a wait; a sleep alone is a race, lost on a
busy machine).  And a test that needs an optional extra or a system tool is
skipped where it is missing, but fails where ``EPISTEMIC_EXTRAS_REQUIRED`` is
set, as CI sets it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import settings

from cli_runs import HUNG
from conftest import PROFILE
from extras import REQUIRED

TESTS = Path(__file__).resolve().parent

#: Sleeps that wait for nothing, by file and the line's code: what they are instead.
NOT_WAITS = {
    ("sweep_cells.py", "time.sleep(pause)"): "a slow cell's own work, its length asked for by the test",
}

#: Sleeps that do wait for something, in tests of other parts, each to be made a wait on the thing itself.
RACES_LEFT: dict[tuple[str, str], str] = {}


def _python_files():
    return sorted(TESTS.rglob("*.py"))


def deadlines_set(source: str) -> list[int]:
    """The lines where Hypothesis's settings (``settings(...)``, a decorator or a profile)
    are given a ``deadline`` other than ``None``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
        if name not in ("settings", "register_profile"):
            continue
        found.extend(k.value.lineno for k in node.keywords
                     if k.arg == "deadline" and not (isinstance(k.value, ast.Constant) and k.value.value is None))
    return found


def sleeps_alone(source: str) -> list[int]:
    """The lines of each ``time.sleep`` (or ``sleep`` from ``time``) of more than nothing
    that is not inside a loop of its own function."""
    tree = ast.parse(source)
    names = {alias.asname or alias.name for node in ast.walk(tree)
             if isinstance(node, ast.ImportFrom) and node.module == "time"
             for alias in node.names if alias.name == "sleep"}
    found = []
    # (node, inside a loop of the function it is in), on an explicit stack
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, looped = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                stack.append((child, False))
                continue
            if isinstance(child, ast.Call) and not looped and _is_sleep(child.func, names):
                nothing = (child.args and isinstance(child.args[0], ast.Constant) and child.args[0].value == 0)
                if not nothing:
                    found.append(child.lineno)
            stack.append((child, looped or isinstance(child, (ast.While, ast.For, ast.AsyncFor))))
    return sorted(found)


def _is_sleep(function: ast.expr, names: set[str]) -> bool:
    if isinstance(function, ast.Attribute):
        return function.attr == "sleep" and isinstance(function.value, ast.Name) and function.value.id == "time"
    return isinstance(function, ast.Name) and function.id in names


def test_hypothesis_runs_with_the_suites_profile_and_no_deadline():
    assert settings.default.deadline is None
    assert settings.get_profile(PROFILE).deadline is None


def test_the_checks_find_a_deadline_and_a_sleep_that_waits():
    source = textwrap.dedent("""\
        import time
        from time import sleep
        @settings(max_examples=5, deadline=None)
        def fine(): pass
        @settings(deadline=500)
        def timed(): pass
        settings.register_profile("ci", deadline=timedelta(seconds=1))
        def waits():
            start()
            time.sleep(0.5)
            while not ready():
                time.sleep(0.05)
            for _ in range(10):
                sleep(0.1)
            time.sleep(0)
            sleep(1)
    """)
    assert deadlines_set(source) == [5, 7]
    assert sleeps_alone(source) == [10, 16]


def test_no_test_sets_a_hypothesis_deadline():
    found = [f"{path.relative_to(TESTS)}:{line}" for path in _python_files()
             for line in deadlines_set(path.read_text(encoding="utf-8"))]
    assert found == []


def test_no_test_sleeps_to_wait_for_something():
    left = {**NOT_WAITS, **RACES_LEFT}
    found, seen = [], set()
    for path in _python_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for number in sleeps_alone("\n".join(lines)):
            code = lines[number - 1].split("#")[0].strip()
            if (path.name, code) in left:
                seen.add((path.name, code))
            else:
                found.append(f"{path.relative_to(TESTS)}:{number}: {code}")
    assert found == []
    assert seen == set(left), "a listed sleep is gone: take it off the list"


# system tools ------------------------------------------------------------------------------------------
TOOL_TESTS = '''
import pytest
from extras import system_tool

absent = system_tool("no-such-tool", lambda: None, "apt-get install no-such-tool")
present = system_tool("python", lambda: sys.executable, "")

@absent
def test_absent():
    pass

@present
def test_present():
    pass

@absent
class TestAbsent:
    def test_in_a_class(self):
        pass
'''


EXTRA_TESTS = '''
from extras import extra

extra("no_such_module_anywhere", "nothing")

def test_never_collected():
    pass
'''


#: The hint for the extra, made here so that the check of the hints in the repository does not read it
NOTHING_HINT = "pip install -e '.[" + "nothing]'"


def _run_tool_tests(folder: Path, required: bool) -> subprocess.CompletedProcess:
    (folder / "test_tools.py").write_text("import sys\n" + TOOL_TESTS, encoding="utf-8")
    (folder / "test_extra.py").write_text(EXTRA_TESTS, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != REQUIRED}
    env["PYTHONPATH"] = str(TESTS)
    if required:
        env[REQUIRED] = "1"
    # the hooks that read the marks come from extras.py, as this suite's conftest.py takes them in
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "extras", "-p", "no:cacheprovider",
                           "-p", "no:randomly", "-rEs", "-W", "error::pytest.PytestUnknownMarkWarning",
                           "--continue-on-collection-errors", "test_tools.py", "test_extra.py"], cwd=folder, env=env, capture_output=True, text=True, timeout=HUNG)


def test_a_missing_system_tool_skips_its_tests_where_not_required(tmp_path):
    done = _run_tool_tests(tmp_path, required=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 3 skipped" in done.stdout
    assert "no-such-tool is not installed (apt-get install no-such-tool)" in done.stdout
    assert f"no_such_module_anywhere is not installed, from the extra nothing: {NOTHING_HINT}" in done.stdout


def test_a_missing_system_tool_fails_its_tests_where_required(tmp_path):
    done = _run_tool_tests(tmp_path, required=True)
    assert done.returncode == 1, done.stdout + done.stderr
    # failed as it is set up, before any fixture starts what is missing: pytest counts an error
    assert "1 passed, 3 errors" in done.stdout
    said = f"\nno-such-tool is not installed (apt-get install no-such-tool) ({REQUIRED} is set: it must be installed)\n"
    assert "ERROR at setup of test_absent" in done.stdout and done.stdout.count(said) == 2
    assert "ERROR collecting test_extra.py" in done.stdout
    assert (f"no_such_module_anywhere is not installed, from the extra nothing: {NOTHING_HINT} "
            f"({REQUIRED} is set: it must be installed)") in done.stdout


# installing them in CI -----------------------------------------------------------------------------------
ROOT = TESTS.parent
ALL_FOUR = "chromium graphviz texlive-latex-base texlive-pictures"


def _system_tools(folder: Path, programs: dict[str, str]) -> subprocess.CompletedProcess:
    """``.ci/system-tools`` run where the programs on the PATH are the shell scripts ``programs``
    (and the few it needs to run at all)."""
    bin_dir = folder / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("mktemp", "tail", "rm"):
        (bin_dir / name).symlink_to(shutil.which(name))
    for name, script in programs.items():
        (bin_dir / name).write_text(f"#!{shutil.which('sh')}\n{script}\n")
        (bin_dir / name).chmod(0o755)
    return subprocess.run([shutil.which("bash"), str(ROOT / ".ci" / "system-tools")], cwd=folder,
                          env={"PATH": str(bin_dir), "HOME": str(folder)}, capture_output=True, text=True,
                          timeout=HUNG)


def test_ci_stops_where_the_system_tools_cannot_be_installed(tmp_path):
    done = _system_tools(tmp_path / "no-apt", {})
    assert done.returncode == 1
    assert done.stderr == (f".ci/system-tools: {ALL_FOUR} missing, and no apt-get to install them: "
                           f"the tests that use them would fail\n")
    done = _system_tools(tmp_path / "apt-fails", {"apt-get": 'echo "E: Unable to locate package $5" >&2; exit 100'})
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (f".ci/system-tools: apt-get could not install {ALL_FOUR}: "
                                            f"the tests that use them would fail")
    assert "E: Unable to locate package chromium" in done.stderr   # apt-get's own words are shown


def test_ci_installs_what_is_missing_and_nothing_else(tmp_path):
    log = tmp_path / "apt.log"
    apt = f'echo "$*" >> {log}'
    done = _system_tools(tmp_path / "bare", {"apt-get": apt})
    assert (done.returncode, done.stderr) == (0, "")
    assert log.read_text() == f"install -y -qq --no-install-recommends {ALL_FOUR}\n"
    log.unlink()
    tools = {"chromium": "", "dot": "", "pdflatex": "", "kpsewhich": 'echo "/usr/share/texmf/$1"', "apt-get": apt}
    done = _system_tools(tmp_path / "equipped", tools)
    assert (done.returncode, done.stderr, log.exists()) == (0, "", False)
    # TeX without TikZ
    tools["kpsewhich"] = 'case "$1" in tikz.sty) exit 1;; *) echo "/usr/share/texmf/$1";; esac'
    done = _system_tools(tmp_path / "no-tikz", tools)
    assert (done.returncode, done.stderr) == (0, "")
    assert log.read_text() == "install -y -qq --no-install-recommends texlive-pictures\n"
