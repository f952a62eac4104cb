"""Models join the command line through the entry-point group ``epistemic.models``.

A third-party package is made here as its installed form: a module and a
``.dist-info`` folder whose ``entry_points.txt`` registers it, on a folder
put on ``sys.path``.  Its entry point names its :class:`Card` (``--help``
imports no model) or, as packages written before cards do, its whole
:class:`Command`.
"""

from __future__ import annotations

import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

from cli_runs import run
from epistemic.cli.main import BUILT_IN
from epistemic.models import GROUP, Command, load_commands, registered_names
from epistemic.models import cards
from epistemic.models.cards import CARDS
from epistemic.models.commands import Card, load_cards

ROOT = Path(__file__).resolve().parent.parent

HELLO = '''
from epistemic import EpistemicError
from epistemic.models import Command

def add_arguments(parser):
    parser.add_argument("--to", default="world")

def run(args, out):
    if args.to == "nobody":
        raise EpistemicError("there is nobody to greet")
    out.write(f"hello, {args.to}\\n")
    return 0

COMMAND = Command("say hello", add_arguments, run)
NOT_A_COMMAND = 42
'''


def install(folder, distribution: str, entries: dict[str, str], module: str | None = None):
    """Make ``distribution`` look installed in ``folder``, registering ``entries``."""
    if module is not None:
        (folder / f"{distribution}_module.py").write_text(textwrap.dedent(module))
    info = folder / f"{distribution}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n")
    lines = "\n".join(f"{name} = {value}" for name, value in entries.items())
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}\n")


def test_the_packages_own_models_are_registered():
    assert {"centipede", "pirates", "puzzle"} <= set(registered_names(reserved=BUILT_IN))
    commands, problems = load_commands(reserved=BUILT_IN)
    assert problems == []
    assert all(isinstance(c, Command) for c in commands.values())


def test_the_packages_own_cards_say_what_their_commands_say():
    cards, problems = load_cards(reserved=BUILT_IN)
    commands, _ = load_commands(reserved=BUILT_IN)
    assert problems == [] and set(cards) == set(commands)
    for name, card in {**BUILT_IN, **cards}.items():
        assert isinstance(card, Card), name
        command = card.load()
        assert isinstance(command, Command) and command.help == card.help, name


def test_the_packages_cards_are_the_ones_its_metadata_registers():
    with open(ROOT / "pyproject.toml", "rb") as f:
        declared = tomllib.load(f)["project"]["entry-points"][GROUP]
    names = {card: name for name, card in vars(cards).items() if isinstance(card, Card)}
    assert declared == {name: f"epistemic.models.cards:{names[card]}" for name, card in CARDS.items()}
    assert set(registered_names(reserved=BUILT_IN)) >= set(CARDS)


def test_help_lists_every_command(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in ("centipede", "check", "pirates", "puzzle"):
        assert name in out


def test_a_third_party_model_joins(tmp_path, monkeypatch, capsys):
    install(tmp_path, "hello", {"hello": "hello_module:COMMAND"}, HELLO)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "hello" in registered_names()
    assert run(capsys, "hello", "--to", "Ada") == (0, "hello, Ada\n", "")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "say hello" in out
    # its bad input is reported as the built-in commands' is
    assert run(capsys, "hello", "--to", "nobody") == (2, "", "epistemic hello: error: there is nobody to greet\n")


def test_a_broken_model_is_left_out_with_a_warning(tmp_path, monkeypatch, capsys):
    install(tmp_path, "broken", {"broken": "broken_module:COMMAND"}, "raise RuntimeError('oops\\nsecond line')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "--help")
    assert code == 0 and "centipede" in out
    assert err == ("epistemic: warning: model 'broken' of broken 1.0 is left out: "
                   "it cannot be loaded (RuntimeError: oops)\n")
    # a command that names another model does not even import the broken one
    code, out, err = run(capsys, "centipede", "--length", "2")
    assert code == 0 and err == ""


@pytest.mark.parametrize("entries, problem", [
    ({"check": "hello_module:COMMAND"}, "model 'check' of intruder 1.0 is left out: the name 'check' is taken"),
    ({"pirates": "hello_module:COMMAND"}, "model 'pirates' of intruder 1.0 is left out: the name 'pirates' is taken"),
    ({"Hello_World": "hello_module:COMMAND"}, "model 'Hello_World' of intruder 1.0 is left out: "
                                              "a command's name is a lower-case word"),
    ({"number": "hello_module:NOT_A_COMMAND"}, "model 'number' of intruder 1.0 is left out: "
                                                "hello_module:NOT_A_COMMAND is not a Command but of type int"),
])
def test_a_model_that_cannot_join_is_named(tmp_path, monkeypatch, entries, problem):
    install(tmp_path, "intruder", entries, HELLO.replace("hello_module", "intruder_module"))
    (tmp_path / "hello_module.py").write_text(HELLO)
    monkeypatch.syspath_prepend(str(tmp_path))
    commands, problems = load_commands(reserved=BUILT_IN)
    assert problems == [problem]
    assert commands["pirates"].help == "the pirate game with public and subgroup promises"


def test_only_loads_the_model_asked_for(tmp_path, monkeypatch):
    install(tmp_path, "broken", {"broken": "broken_module:COMMAND"}, "raise RuntimeError('oops')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    commands, problems = load_commands(only="centipede")
    assert list(commands) == ["centipede"] and problems == []


CLASHING = HELLO.replace('parser.add_argument("--to", default="world")', 'parser.add_argument("-h")')


def test_a_model_whose_options_clash_is_left_out(tmp_path, monkeypatch, capsys):
    install(tmp_path, "clash", {"clash": "clash_module:COMMAND"}, CLASHING)
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "--help")
    assert code == 0 and "centipede" in out and "clash" not in out
    assert err.startswith("epistemic: warning: model 'clash' of clash 1.0 is left out: its options cannot be added "
                          "(ArgumentError: ")
    assert run(capsys, "check", "--help")[0] == 0


def test_asking_for_a_model_left_out_names_the_commands_there_are(tmp_path, monkeypatch, capsys):
    install(tmp_path, "broken", {"broken": "broken_module:COMMAND"}, "raise RuntimeError('oops')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "broken")
    assert code == 2 and out == ""
    warning, error = err.splitlines()
    assert warning.startswith("epistemic: warning: model 'broken' of broken 1.0 is left out")
    assert "invalid choice: 'broken'" in error and "'centipede'" in error and "'pirates'" in error


def test_the_command_lines_own_commands_do_not_load_models(tmp_path, monkeypatch, capsys):
    install(tmp_path, "broken", {"broken": "broken_module:COMMAND"}, "raise RuntimeError('oops')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "check", str(ROOT / "docs" / "examples" / "letter.json"), "p")
    assert (code, err) == (0, "") and out.startswith("true at p")


#: A package of the present form: its entry point names a card, in a module apart from the command's.
HELLO_CARDS = '''
from epistemic.models.commands import Card

HELLO = Card("say hello", "hello_module:COMMAND")
NUMBER = Card("not a command", "hello_module:NOT_A_COMMAND")
BROKEN = Card("cannot be imported", "broken_module:COMMAND")
'''


@pytest.fixture
def cards_installed(tmp_path, monkeypatch):
    """``hello`` installed with a card, and two cards of commands that cannot run, ``number`` and ``broken``."""
    install(tmp_path, "hello", {"hello": "hello_cards:HELLO", "number": "hello_cards:NUMBER",
                                "broken": "hello_cards:BROKEN"}, HELLO)
    (tmp_path / "hello_cards.py").write_text(HELLO_CARDS)
    (tmp_path / "broken_module.py").write_text("raise RuntimeError('oops')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for module in ("hello_cards", "hello_module", "broken_module"):
        monkeypatch.delitem(sys.modules, module, raising=False)


def test_a_model_named_by_its_card_is_listed_without_importing_it(cards_installed, capsys):
    code, out, err = run(capsys, "--help")
    assert (code, err) == (0, "") and "say hello" in out and "cannot be imported" in out
    assert "hello_cards" in sys.modules
    assert "hello_module" not in sys.modules and "broken_module" not in sys.modules
    assert run(capsys, "hello", "--to", "Ada") == (0, "hello, Ada\n", "")
    assert run(capsys, "hello", "--to", "nobody") == (2, "", "epistemic hello: error: there is nobody to greet\n")


@pytest.mark.parametrize("name, problem", [
    ("broken", "model 'broken' of hello 1.0 is left out: it cannot be loaded (RuntimeError: oops)"),
    ("number", "model 'number' of hello 1.0 is left out: hello_module:NOT_A_COMMAND is not a Command but of type int"),
])
def test_a_card_whose_command_cannot_run_is_named_when_it_is_asked_for(cards_installed, capsys, name, problem):
    code, out, err = run(capsys, name)
    assert code == 2 and out == ""
    warning, error = err.splitlines()
    assert warning == f"epistemic: warning: {problem}"
    assert f"invalid choice: {name!r}" in error and "'hello'" in error
    # loading every command whole finds it too
    assert problem in load_commands()[1]


def test_a_model_whose_card_cannot_be_made_is_left_out(tmp_path, monkeypatch, capsys):
    install(tmp_path, "bad", {"bad": "bad_cards:BAD"}, None)
    (tmp_path / "bad_cards.py").write_text("from epistemic.models.commands import Card\nBAD = Card('bad', 'bad.py')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    code, out, err = run(capsys, "--help")
    assert code == 0 and "centipede" in out
    assert err == ("epistemic: warning: model 'bad' of bad 1.0 is left out: it cannot be loaded (EpistemicError: "
                   "a card names where its command lives as 'module:name', got 'bad.py')\n")
