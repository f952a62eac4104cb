"""The wheel of the distribution ``epistemic-framework`` installs the package ``epistemic``, and
nothing else at the top of site-packages, and the command ``epistemic``.

On a package index the name ``epistemic`` is another project's: the distribution
is named ``epistemic-framework``, which is what ``pip install`` and the metadata
(its version, its entry points) must use.

The repository keeps ``epistemic/``, ``models/``, ``visualize/`` and ``cli/``
side by side; the wheel must carry them as ``epistemic``,
``epistemic.models``, ``epistemic.visualize`` and ``epistemic.cli``, so that a
user's own ``models.py`` or ``visualize.py`` never clashes with them.  The
wheel is built from a copy of the repository, installed into a fresh virtual
environment, and used from a folder that holds such files.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import epistemic
from cli_runs import HUNG

ROOT = Path(__file__).resolve().parent.parent
#: Folders of the repository and the names they are installed under.
PARTS = {"epistemic": "epistemic", "cli": "epistemic.cli", "models": "epistemic.models",
         "visualize": "epistemic.visualize", "workbench": "epistemic.workbench"}
SKIPPED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                                 ".hypothesis", ".mypy_cache")


def _run(*command, cwd=None, env=None) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, timeout=HUNG)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source") / "epistemic"
    shutil.copytree(ROOT, source, ignore=SKIPPED)
    dist = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, source)
    (built,) = dist.glob("epistemic_framework-*.whl")
    return built


@pytest.fixture(scope="module")
def environment(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed; its dependencies
    are borrowed from this environment, so that no network is needed."""
    env = tmp_path_factory.mktemp("env")
    _run(sys.executable, "-m", "venv", "--without-pip", env)
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    env_site = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    # A path line of a .pth file joins sys.path after the environment's own
    # site-packages, and the .pth files in it are not run: this environment's
    # editable install of the repository stays out of the new one.
    Path(env_site, "borrowed_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheel)
    return env


@pytest.fixture()
def user_folder(tmp_path) -> Path:
    """A folder such as a student's, with a ``models.py`` and a ``visualize.py`` of its own."""
    for name in ("models", "visualize"):
        (tmp_path / f"{name}.py").write_text(f"MINE = {name!r}\n")
    return tmp_path


def test_the_wheel_holds_only_epistemic_at_the_top(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"epistemic"}


def test_the_wheel_holds_every_module_of_the_repository(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = set()
    for folder, package in PARTS.items():
        for path in (ROOT / folder).rglob("*.py"):
            if "__pycache__" not in path.parts:
                inside = path.relative_to(ROOT / folder).as_posix()
                expected.add(package.replace(".", "/") + "/" + inside)
    assert expected - names == set()


def test_the_cli_runs_beside_a_users_own_models_and_visualize(environment, user_folder):
    bin_dir = environment / ("Scripts" if os.name == "nt" else "bin")
    done = _run(bin_dir / "epistemic", "pirates", "--pirates", "5", "--coins", "3",
                "--promise", "p2: 1 1 0 1 to p3 p4 p5", cwd=user_folder)
    assert "p1 is thrown overboard" in done.stdout
    done = _run(bin_dir / "epistemic", "puzzle", "cheryl", cwd=user_folder)
    assert "July 16" in done.stdout
    done = _run(bin_dir / "python", "-m", "epistemic.cli", "--help", cwd=user_folder)
    assert all(name in done.stdout for name in ("centipede", "check", "pirates", "puzzle"))


def test_the_public_api_imports_beside_a_users_own_models_and_visualize(environment, user_folder):
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    # run from the user's folder, which Python puts first on sys.path
    script = (
        "import models, visualize\n"
        "assert models.MINE == 'models' and visualize.MINE == 'visualize'\n"
        "import epistemic\n"
        "from epistemic import Agent, KripkeModel, PredictionDAG, parse_formula\n"
        "from epistemic.models.pirates import PirateGame, promise\n"
        "from epistemic.models.puzzles import PUZZLES, solve\n"
        "from epistemic.visualize import reason_picture, kripke_picture\n"
        "game = PirateGame(5, 3, [promise(5, 2, [1, 1, 0, 1], hearers=[3, 4, 5])])\n"
        "print(game.play().outcome.row(), epistemic.__file__)\n"
    )
    done = _run(python, "-c", script, cwd=user_folder)
    row, location = done.stdout.split(") ")
    assert row + ")" == "(1, 1, 0, 1)"
    assert Path(location.strip()).is_relative_to(environment)


def test_python_started_in_the_checkout_imports_the_whole_package(environment):
    # after `pip install .`, Python started in the repository finds its
    # epistemic/ folder first: the models, pictures and command line beside
    # it must come with it
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    script = ("import epistemic.models.centipede, epistemic.visualize, epistemic.cli.main\n"
              "print(epistemic.models.centipede.__file__)\n")
    done = _run(python, "-c", script, cwd=ROOT)
    assert Path(done.stdout.strip()) == ROOT / "models" / "centipede.py"


def test_the_wheel_carries_the_license_the_type_marker_and_the_version(wheel):
    archive = zipfile.ZipFile(wheel)
    names = set(archive.namelist())
    assert "epistemic/py.typed" in names  # PEP 561: the package's own hints are used by type checkers
    (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
    fields = archive.read(metadata).decode()
    assert "\nName: epistemic-framework\n" in fields
    # an SPDX expression (PEP 639), which setuptools requires of builds from 2027-02-18 on
    assert "\nLicense-Expression: MIT\n" in fields
    (licence,) = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert archive.read(licence).decode().startswith("MIT License")
    assert f"\nVersion: {epistemic.__version__}\n" in fields


def test_the_installed_command_and_package_tell_their_version(environment, user_folder):
    bin_dir = environment / ("Scripts" if os.name == "nt" else "bin")
    done = _run(bin_dir / "epistemic", "--version", cwd=user_folder)
    assert done.stdout == f"epistemic {epistemic.__version__}\n"
    done = _run(bin_dir / "python", "-c", "import epistemic, importlib.metadata as m; "
                "print(epistemic.__version__, m.version('epistemic-framework'))", cwd=user_folder)
    assert done.stdout.split() == [epistemic.__version__] * 2


def test_the_distribution_is_epistemic_framework_with_the_command_and_the_entry_points(environment, user_folder):
    python = environment / ("Scripts" if os.name == "nt" else "bin") / "python"
    script = ("import json, importlib.metadata as m\n"
              "from epistemic.plugins import entries\n"
              "d = m.distribution('epistemic-framework')\n"
              "points = {}\n"
              "for e in d.entry_points:\n"
              "    points.setdefault(e.group, {})[e.name] = e.value\n"
              "print(json.dumps({'name': d.metadata['Name'], 'points': points,\n"
              "                  'providers': m.packages_distributions().get('epistemic'),\n"
              "                  'models': sorted({e.dist.name for e in entries('epistemic.models')})}))\n")
    found = json.loads(_run(python, "-c", script, cwd=user_folder).stdout)
    assert found["name"] == "epistemic-framework" and set(found["providers"]) == {"epistemic-framework"}
    assert found["points"]["console_scripts"] == {"epistemic": "epistemic.cli.main:main"}
    with open(ROOT / "pyproject.toml", "rb") as f:
        declared = tomllib.load(f)["project"]["entry-points"]
    assert {group: found["points"][group] for group in declared} == declared
    assert found["models"] == ["epistemic-framework"]   # this package's models, first and under its name
