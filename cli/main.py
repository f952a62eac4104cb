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

from epistemic import EpistemicError, UnknownAtomWarning, __version__
from epistemic.models import Command, load_commands, registered_names
from epistemic.models.commands import HelpFormatter

from . import check, experiment, grade, serve, update

__all__ = ["main", "build_parser", "BUILT_IN"]

#: The command line's own subcommands, which no model may take.
BUILT_IN: dict[str, Command] = {"check": check.COMMAND, "experiment": experiment.COMMAND, "grade": grade.COMMAND,
                              "serve": serve.COMMAND, "update": update.COMMAND}

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like the rest of the tool's."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser(commands: dict[str, Command]) -> argparse.ArgumentParser:
    """The parser of ``epistemic`` with ``commands`` as its subcommands, in name order."""
    parser = _Parser(prog="epistemic", description=__doc__.splitlines()[0], formatter_class=HelpFormatter)
    parser.add_argument("--version", action="version", version=f"epistemic {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for name in sorted(commands):
        commands[name].add_to(sub, name)
    return parser


def _commands(argv: list[str]) -> dict[str, Command]:
    """The built-in commands and the registered models; when the first argument
    names a command, only that one is made ready."""
    first = next((a for a in argv if not a.startswith("-")), None)
    if first in BUILT_IN:
        return {first: BUILT_IN[first]}
    only = first if first in registered_names(reserved=BUILT_IN) else None
    models, problems = load_commands(reserved=BUILT_IN, only=only)
    if only is not None and only not in models:  # it was left out: name every command there is
        models, problems = load_commands(reserved=BUILT_IN)
    for problem in problems:
        print(f"epistemic: warning: {problem}", file=sys.stderr)
    return {**BUILT_IN, **models}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    commands = _commands(argv)
    args = build_parser(commands).parse_args(argv)
    try:
        code = _run(commands[args.command], args)
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
    """``command`` run, a formula naming an atom the model does not have said on one line."""
    with warnings.catch_warnings():
        shown = warnings.showwarning

        def note(message, category, *rest, **named):
            if issubclass(category, UnknownAtomWarning):
                print(f"epistemic {args.command}: note: {message}", file=sys.stderr)
            else:
                shown(message, category, *rest, **named)

        warnings.showwarning = note
        return command.run(args, sys.stdout)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
