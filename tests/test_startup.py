"""Every command starts with what it uses: each case runs in a fresh process, and what that
process imported is read from ``sys.modules`` as it ends.  No case is timed.

``benchmarks/startup.py`` measures what these leave out (time and memory).
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli_runs import HUNG
from epistemic.models import cards
from epistemic.models.commands import Card

ROOT = Path(__file__).resolve().parent.parent

#: Libraries that no command needs to list the commands or tell its version.
HEAVY = ("numpy", "networkx", "sympy", "graphviz", "pygraphviz", "dd", "matplotlib", "dask", "distributed",
         "starlette", "uvicorn", "scipy", "pygambit", "pyspiel")

#: The models of this package: the modules and packages of ``epistemic.models`` that its cards name.
MODELS = {card.where.split(":")[0].split(".")[2] for card in vars(cards).values() if isinstance(card, Card)}

#: The packages whose public names are imported when first used.
LAZY = ("epistemic", "epistemic.models", "epistemic.visualize", "epistemic.workbench")


def imported(code: str) -> set[str]:
    """The modules in ``sys.modules`` as a fresh Python ends, having run ``code``."""
    watch = ("import atexit, json, sys\n"
             "atexit.register(lambda: sys.__stderr__.write('\\nMODULES ' + json.dumps(sorted(sys.modules)) + '\\n'))\n")
    done = subprocess.run([sys.executable, "-c", watch + code], capture_output=True, text=True, timeout=HUNG,
                          cwd=ROOT, stdin=subprocess.DEVNULL)
    last = done.stderr.rstrip().splitlines()[-1]
    assert last.startswith("MODULES "), done.stderr
    return set(json.loads(last.removeprefix("MODULES ")))


def command(*argv: str) -> str:
    """Code that runs ``epistemic argv...`` as its console script does."""
    return f"import sys\nsys.argv = ['epistemic', *{list(argv)!r}]\nfrom epistemic.cli.main import main\nmain()\n"


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in HEAVY)


def models(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m.startswith("epistemic.models.") and m.split(".")[2] in MODELS)


@pytest.mark.parametrize("argv", [("--version",), ("--help",), ()], ids=" ".join)
def test_listing_the_commands_loads_no_model_and_no_heavy_library(argv):
    modules = imported(command(*argv))
    assert "epistemic.cli.main" in modules
    assert heavy(modules) == [] and models(modules) == []


def test_the_version_reads_no_metadata_of_plug_ins():
    assert "importlib.metadata" not in imported(command("--version"))


@pytest.mark.parametrize("package", LAZY)
def test_importing_a_package_loads_no_model_and_no_heavy_library(package):
    modules = imported(f"import {package}")
    assert heavy(modules) == [] and models(modules) == []


def test_a_command_loads_its_own_model_alone():
    assert len(MODELS) >= 7
    modules = imported(command("centipede", "--length", "3"))
    assert models(modules) == ["epistemic.models.centipede"]
    # this package's own card is known without reading any package's metadata
    assert "importlib.metadata" not in modules


def puzzles(modules: set[str]) -> list[str]:
    """The puzzles' own modules among ``modules`` (not the registry, its cards, or the command)."""
    return sorted(m for m in modules if m.split(".")[:3] == ["epistemic", "models", "puzzles"]
                  and m.split(".")[3:] not in ([], ["cards"], ["common"], ["cli"]))


def test_the_symbolic_puzzle_loads_its_own_puzzle_and_the_symbolic_engine_alone():
    # the command benchmarks/startup.py measures, on fewer diners: the same imports
    modules = imported(command("puzzle", "dining-cryptographers", "n=20", "--engine", "symbolic"))
    assert "epistemic.symbolic.bdds" in modules
    # no numpy (the explicit engine's arrays), networkx, sympy or Graphviz: dd, the diagrams, alone
    assert [m for m in heavy(modules) if m.split(".")[0] != "dd"] == []
    assert puzzles(modules) == ["epistemic.models.puzzles.dining_cryptographers"]
    # nor any drawing code: the command's options name the pictures' limit and renderers alone
    assert {m for m in modules if m.startswith("epistemic.visualize.")} <= {
        "epistemic.visualize.errors", "epistemic.visualize.limits", "epistemic.visualize.render"}


def test_listing_the_puzzles_loads_none_of_them():
    modules = imported(command("puzzle", "--help"))
    assert "epistemic.models.puzzles.cards" in modules
    assert puzzles(modules) == [] and heavy(modules) == []
    # the registry's names, asked for as the command line and the workbench ask for them
    modules = imported("from epistemic.models.puzzles import PUZZLES\n"
                       "listed = sorted(PUZZLES), 'cheryl' in PUZZLES, len(PUZZLES)\n")
    assert puzzles(modules) == [] and heavy(modules) == []


@pytest.mark.parametrize("package", LAZY)
def test_every_public_name_imports_and_dir_lists_it(package):
    names = "', '".join(importlib.import_module(package).__all__)
    # in a fresh process, where no other import has made a name's module ready before it is asked for
    code = (f"import {package} as p\n"
            f"assert set(p.__all__) <= set(dir(p)), set(p.__all__) - set(dir(p))\n"  # before any is used
            f"missing = [n for n in ['{names}'] if not hasattr(p, n)]\n"
            f"assert missing == [], missing\n"
            f"from {package} import *\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HUNG, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("package", LAZY)
def test_what_mypy_sees_is_what_python_finds(package):
    """The names a package imports for the type checker are its public names, each from the
    module its ``__getattr__`` imports it from."""
    module = importlib.import_module(package)
    tree = ast.parse(Path(module.__file__).read_text())
    typed = {alias.name: node.module for block in tree.body
             if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING"
             for node in block.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert set(typed) == set(module.__all__) - {"__version__"}
    for name, where in typed.items():
        value = getattr(module, name)
        assert value is getattr(importlib.import_module(f"{package}.{where}"), name), name


def test_an_unknown_name_is_an_attribute_error():
    import epistemic
    with pytest.raises(AttributeError, match="module 'epistemic' has no attribute 'Kripke'"):
        epistemic.Kripke  # noqa: B018
    assert not hasattr(epistemic, "Kripke")


def test_a_name_is_looked_up_once():
    import epistemic
    agent = epistemic.Agent
    assert vars(epistemic)["Agent"] is agent  # kept: the next use finds it without the module __getattr__


def test_the_symbolic_engine_loads_its_diagrams_without_networkx_and_leaves_networkx_importable():
    # dd imports networkx only to offer graphs the engine never asks for
    code = ("import sys\n"
            "import epistemic.symbolic.bdds as bdds\n"
            "print('networkx' in sys.modules, bdds.BACKEND, bdds.Manager().bdd is not None)\n"
            "import networkx\n"
            "print(networkx.DiGraph.__name__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HUNG, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout, done.stderr) == (0, "False dd.cudd True\nDiGraph\n", "")
