"""``epistemic``: one subcommand per model.

Every model module that offers a command line has ``add_parser(subparsers)``
and ``run(args, out)``; adding a model adds one line to :data:`COMMANDS`.
Bad input ends with a one-line message on standard error and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from epistemic import EpistemicError
from epistemic.models.pirates import cli as pirates_cli

from . import check as check_cli
from . import puzzle as puzzle_cli

__all__ = ["main", "COMMANDS"]

COMMANDS = {"pirates": pirates_cli, "check": check_cli, "puzzle": puzzle_cli}

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like the rest of the tool's."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="epistemic", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for module in COMMANDS.values():
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = COMMANDS[args.command].run(args, sys.stdout)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
