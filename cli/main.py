"""``epistemic``: one subcommand per model.

The command line is the composition root: ``check`` is its own, and every
other subcommand is a model that registered itself
(:mod:`epistemic.models.commands`).  Bad input ends with a one-line message
on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Mapping

from epistemic import __version__
from epistemic.errors import EpistemicError
from epistemic.models.cards import CARDS
from epistemic.models.commands import Card, Command, HelpFormatter, load_cards, load_commands

__all__ = ["main", "build_parser", "BUILT_IN"]

#: The command line's own subcommands, which no model may take; each module is imported when its command runs.
BUILT_IN: dict[str, Card] = {
    "check": Card("check a formula in a Kripke model saved as JSON", "epistemic.cli.check:COMMAND"),
    "experiment": Card("sweep a model's experiment over a grid of parameters, into SQLite",
                       "epistemic.cli.experiment:COMMAND"),
    "plan": Card("find a shortest plan that reaches an epistemic goal, or check one, from EPDDL files or a model",
                 "epistemic.cli.plan:COMMAND"),
    "grade": Card("grade a class's answers to an exercise sheet, as CSV", "epistemic.cli.grade:COMMAND"),
    "serve": Card("the course workbench in the browser: models, formulas, updates and exercises",
                  "epistemic.cli.serve:COMMAND"),
    "update": Card("apply announcements and events to a model saved as JSON, and save the model after them",
                   "epistemic.cli.update:COMMAND"),
}

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like the rest of the tool's."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser(commands: Mapping[str, Command | Card]) -> argparse.ArgumentParser:
    """The parser of ``epistemic`` with ``commands`` as its subcommands, in name order; a
    :class:`Card` adds its name and help alone, enough for ``epistemic --help``."""
    parser = _Parser(prog="epistemic", description=__doc__.splitlines()[0], formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"epistemic {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in sorted(commands):
        commands[name].add_to(sub, name)
    return parser


def _commands(argv: list[str]) -> dict[str, Command | Card]:
    """The commands the parser needs for ``argv``: the one the first word names, made ready;
    else, for ``--help`` or a word that names none, the cards of every command there is."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first in BUILT_IN:
        return {first: _command(BUILT_IN[first])}
    if first in CARDS:  # this package's models: their names are theirs, and no metadata need be read
        return {first: _command(CARDS[first])}
    if first is None and not any(a.startswith("-h") or a.startswith("--h") for a in argv):
        return {}  # --version, or no command: no command is listed, and no model's metadata read
    problems: list[str] = []
    if first is not None:
        models, problems = load_commands(reserved=BUILT_IN, only=first)
        if first in models:
            _warn(problems)
            return {first: models[first]}
    # the word names no command that works: list every one there is, but not the card of one
    # whose command failed just now
    cards, listed = load_cards(reserved=BUILT_IN)
    cards.pop(first or "", None)
    _warn(list(dict.fromkeys(problems + listed)))
    return {**BUILT_IN, **cards}


def _command(card: Card) -> Command:
    command = card.load()
    assert isinstance(command, Command), card  # this package's cards name its own commands
    return command


def _warn(problems: list[str]) -> None:
    for problem in problems:
        print(f"epistemic: warning: {problem}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    commands = _commands(argv)
    args = build_parser(commands).parse_args(argv)
    try:
        command = commands[args.command]
        assert isinstance(command, Command), args.command  # _commands made ready the one the first word names
        code = _run(command, args)
        sys.stdout.flush()  # a closed pipe shows here, not in Python's own flush at exit
        return code
    except EpistemicError as error:
        print(f"epistemic {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader left (``| head``): stop quietly, and keep Python from complaining at exit
        sys.stdout = open(os.devnull, "w")
        return 0
    except UnicodeEncodeError:
        print(f"epistemic {args.command}: error: the output has characters this terminal's encoding cannot "
              f"show (set PYTHONIOENCODING=utf-8)", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"epistemic {args.command}: error: cannot write the output: {error.strerror or error}",
              file=sys.stderr)
        return 1


def _run(command: Command, args: argparse.Namespace) -> int:
    """``command`` run, a formula naming an atom the model does not have, and a requirement an EPDDL file
    uses without declaring it, said on one line."""
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def note(message, category, *rest, **named):
            # a command that never loaded the engines can warn of no unknown atom: they are not imported for it
            engines = sys.modules.get("epistemic.engines")
            epddl = sys.modules.get("epistemic.epddl.lexer")
            if engines is not None and issubclass(category, engines.UnknownAtomWarning):
                print(f"epistemic {args.command}: note: {message}", file=sys.stderr)
            elif epddl is not None and issubclass(category, epddl.EpddlWarning):
                print(f"epistemic {args.command}: warning: {message}", file=sys.stderr)
            else:
                shown(message, category, *rest, **named)

        warnings.showwarning = note
        return command.run(args, sys.stdout)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
