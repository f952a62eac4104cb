"""What a model offers the ``epistemic`` command line, and how it joins it.

A model joins by naming, in the entry-point group ``epistemic.models`` of its
distribution's metadata, a :class:`Card`: its one-line help and where its
:class:`Command` lives.  The entry point's name is its subcommand.  The models
of this package join that way, their cards in :mod:`epistemic.models.cards`
(see ``pyproject.toml``), and so can any installed package::

    [project.entry-points."epistemic.models"]
    centipede = "epistemic.models.cards:CENTIPEDE"

``epistemic --help`` reads the cards alone; a model's code is imported when
its command runs, so that one broken or slow model stops no other.  An entry
point may also name the :class:`Command` itself, which is then imported to
list it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable
from typing import TextIO, cast

import attrs

from epistemic.errors import EpistemicError
from epistemic.plugins import entries, first_line, origin


__all__ = ["Command", "Card", "GROUP", "MAX_DEPTH", "registered_names", "load_commands", "load_cards",
           "whole_number_argument", "whole_number_between", "seconds_argument", "plain_text", "HelpFormatter",
           "progress_printer", "end_progress",
           "write_pictures", "add_resolution_argument", "add_label_style_argument", "check_export_destination",
           "check_file_destination", "OutputFile",
           "EXPORT_SUFFIXES"]

#: The entry-point group models register in.
GROUP = "epistemic.models"

#: What a subcommand's name may be: a word in lower case, with hyphens.
_NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")

#: The most levels of reasons a command shows: deeper explanations are
#: unreadable as text, and JSON encoders recurse on nesting.
MAX_DEPTH = 200


#: Inline reStructuredText a docstring may hold: ``literal``, and a role such as :mod:`x` or :func:`~a.b`.
_LITERAL = re.compile(r"``(.+?)``")
_ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`(~?)([^`<]*?)(?:\s*<[^>]*>)?`")


#: What is a value, never an option, though it starts with a minus: a minus and a digit (``-1,2``, ``-1/2``, ``-.5``).
_NEGATIVE = re.compile(r"-\.?[0-9]")


def plain_text(text: str) -> str:
    """``text`` with the inline markup of a docstring taken out, as a terminal shows it.

    A command's help may come from a docstring; ``--help`` prints it as it is.

    Examples
    --------
    >>> plain_text("``epistemic serve``: see :mod:`epistemic.workbench` and :func:`~epistemic.acts.apply_act`")
    'epistemic serve: see epistemic.workbench and apply_act'
    """
    text = _LITERAL.sub(r"\1", text)
    # a role's target as its text shows it: ~ keeps the last part of the dotted name
    return _ROLE.sub(lambda m: m.group(2).rsplit(".", 1)[-1] if m.group(1) else m.group(2), text)


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """``--help`` as the commands print it: descriptions and epilogs laid out as written, and
    every text in plain words (:func:`plain_text`), whatever docstring it was taken from."""

    def _format_text(self, text: str) -> str:
        return super()._format_text(plain_text(text))

    def _expand_help(self, action: argparse.Action) -> str:
        return plain_text(super()._expand_help(action))


@attrs.frozen
class Command:
    """A model's subcommand of ``epistemic``.

    Parameters
    ----------
    help : str
        One line for ``epistemic --help``.
    add_arguments : callable
        ``add_arguments(parser)`` adds the command's options to its
        :class:`argparse.ArgumentParser`.
    run : callable
        ``run(args, out)`` does the work, writes to ``out`` and returns the
        exit status.  Bad input raises :class:`~epistemic.EpistemicError`
        with a one-line message; the command line prints it and exits with 2.
    description, epilog : str, optional
        Shown by the command's own ``--help``, above and below the options.

    Examples
    --------
    >>> def add_arguments(parser):
    ...     parser.add_argument("--name", default="world")
    >>> def run(args, out):
    ...     out.write(f"hello, {args.name}\\n")
    ...     return 0
    >>> hello = Command("say hello", add_arguments, run)
    >>> parser = argparse.ArgumentParser(prog="epistemic")
    >>> _ = hello.add_to(parser.add_subparsers(dest="command"), "hello")
    >>> import sys
    >>> hello.run(parser.parse_args(["hello", "--name", "Ada"]), sys.stdout)
    hello, Ada
    0
    """

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, TextIO], int]
    description: str | None = None
    epilog: str | None = None

    def add_to(self, subparsers, name: str, **options) -> argparse.ArgumentParser:
        """Add this command as subcommand ``name`` of ``subparsers``."""
        parser = subparsers.add_parser(name, help=self.help, description=self.description or self.help,
                                       epilog=self.epilog, formatter_class=HelpFormatter, **options)
        # argparse takes only -12 and -1.5 for numbers, and anything else after a minus for an
        # unknown option: a morsel -1,2 or a fraction -1/2 is a value, told right or wrong by its reader
        parser._negative_number_matcher = _NEGATIVE
        self.add_arguments(parser)
        return parser


#: Where a command lives: a module's dotted name, a colon and a name in it (dotted for an attribute's).
_WHERE = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def _where(card: Card, attribute: attrs.Attribute, value: str) -> None:
    if not isinstance(value, str) or not _WHERE.fullmatch(value):
        raise EpistemicError(f"a card names where its command lives as 'module:name', got {value!r}")


@attrs.frozen
class Card:
    """What ``epistemic --help`` shows of a command, and where the command lives.

    A model's entry point names its card, in a module light to import, so that
    listing the commands imports none of them: the :class:`Command` is
    imported when it runs (:meth:`load`).

    Parameters
    ----------
    help : str
        One line for ``epistemic --help``, the command's own ``help``.
    where : str
        ``"module:name"``: the module that holds the :class:`Command`, and its name there.

    Examples
    --------
    >>> card = Card("the centipede game, solved by backward induction", "epistemic.models.centipede:COMMAND")
    >>> card.load().help == card.help
    True
    >>> Card("say hello", "hello.py")
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: a card names where its command lives as 'module:name', got 'hello.py'
    """

    help: str
    where: str = attrs.field(validator=_where)

    def load(self) -> object:
        """What :attr:`where` names, its module imported: the command, for a card that is right."""
        module, _, name = self.where.partition(":")
        found: object = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        return found

    def add_to(self, subparsers, name: str, **options) -> argparse.ArgumentParser:
        """Add subcommand ``name`` to ``subparsers`` as ``epistemic --help`` lists it: its
        help alone, without the command's options, which :meth:`load` brings."""
        return subparsers.add_parser(name, help=self.help, **options)


def seconds_argument(most: float) -> Callable[[str], float]:
    """An argument type for a number of seconds above 0 and at most ``most``.

    Examples
    --------
    >>> seconds_argument(600)("2.5")
    2.5
    >>> seconds_argument(600)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected more than 0 and at most 600 seconds, got '0'
    """
    def seconds(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
        if not 0 < value <= most:
            raise argparse.ArgumentTypeError(f"expected more than 0 and at most {most:g} seconds, got {text!r}")
        return value
    return seconds


def whole_number_argument(text: str) -> int:
    """An argument type for whole numbers written in ASCII digits.

    ``int`` alone would also take ``'1_000'``, ``' 7'`` and non-ASCII digits.

    Examples
    --------
    >>> whole_number_argument("-12")
    -12
    >>> whole_number_argument("1_000")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number, got '1_000'
    """
    if not re.fullmatch(r"-?[0-9]+", text):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    try:
        return int(text)
    except ValueError:  # Python reads at most a few thousand digits
        raise argparse.ArgumentTypeError(f"a number of {len(text.lstrip('-')):,} digits is too long") from None


def whole_number_between(least: int, most: int) -> Callable[[str], int]:
    """An argument type for a whole number from ``least`` to ``most``.

    Examples
    --------
    >>> whole_number_between(1, 100_000)("250")
    250
    >>> whole_number_between(1, 100_000)("1" + "0" * 30)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number from 1 to 100,000, got '1000000000000000000000000000000'
    """
    def between(text: str) -> int:
        value = whole_number_argument(text)
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"expected a whole number from {least:,} to {most:,}, got {text!r}")
        return value
    return between


def add_resolution_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--dpi N``, the resolution of PNG pictures, as every drawing command takes it
    (checked with :func:`epistemic.visualize.render.check_dpi` before any work)."""
    from epistemic.visualize.render import MAX_DPI, MIN_DPI

    parser.add_argument("--dpi", type=whole_number_argument, default=None, metavar="N",
                        help=f"resolution of PNG pictures, {MIN_DPI} to {MAX_DPI} dots per inch (default: 96)")


def add_label_style_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--label-style full|compact``: whole sentences in the boxes of explanation
    pictures, or only their first clause, for print."""
    from epistemic.visualize.reasons import LABEL_STYLES

    parser.add_argument("--label-style", choices=LABEL_STYLES, default="full",
                        help="full sentences in the boxes, or compact ones for print (default: full)")


#: What a file written in SMCDEL's language may be called.
EXPORT_SUFFIXES = (".smcdel.txt", ".smcdel", ".txt")


def check_export_destination(path: str, others: Iterable[str | None] = ()) -> str:
    """Make sure an SMCDEL file can be written to ``path`` (``-``: standard output): named as one, in
    a folder that exists and can be written, and not one of ``others`` (the
    file read, the pictures asked for).  Returns the path.

    Raises
    ------
    EpistemicError
        Naming the fault.
    """
    if path == "-":
        return path   # standard output
    return check_file_destination(path, EXPORT_SUFFIXES, "--export-smcdel", "the SMCDEL file", others)


def check_file_destination(path: str, suffixes: tuple[str, ...], option: str, what: str,
                           others: Iterable[str | None] = ()) -> str:
    """Make sure ``option`` can write ``what`` to ``path``: a name ending in one of ``suffixes``
    (in any case), a destination :func:`epistemic.files.check_destination` takes, and
    not one of ``others`` (the files read, the pictures asked for; a link and the file
    it names are one).  Returns the path.

    >>> check_file_destination("game.gbt", (".efg",), "--export-efg", "the Gambit file")
    Traceback (most recent call last):
    ...
    epistemic.errors.EpistemicError: --export-efg writes a file named .efg, got 'game.gbt'
    """
    if not path.lower().endswith(suffixes):
        raise EpistemicError(f"{option} writes a file named {_either(suffixes)}, got {path!r}")
    whole = os.path.realpath(path)
    if any(other is not None and os.path.realpath(other) == whole for other in others):
        raise EpistemicError(f"{path!r} is asked for twice: as {what} and as another file read or written")
    from epistemic.files import check_destination

    check_destination(path)
    return path


def _either(suffixes: tuple[str, ...]) -> str:
    return suffixes[0] if len(suffixes) == 1 else ", ".join(suffixes[:-1]) + " or " + suffixes[-1]


#: A file a command writes: ``(path, data)``, or ``(path, data, note)`` where its line on standard
#: error says more than its size (``wrote game.efg (41 nodes, 1,154 bytes)``).
OutputFile = tuple[str, bytes] | tuple[str, bytes, str]


def write_pictures(images: Iterable[OutputFile]) -> None:
    """Write the files a command made, pictures, pages and exports alike, all or none
    (:func:`epistemic.files.write_files`), then say on standard error what was written:
    ``wrote FILE (N bytes)`` for each ``(path, data)``, ``wrote FILE (NOTE, N bytes)``
    for each ``(path, data, note)``.

    Every command writes its files after the work and before it prints its result,
    so that a file that cannot be written leaves nothing printed and no file changed.
    """
    from epistemic.files import write_files

    images = list(images)
    write_files((path, data) for path, data, *_ in images)
    for path, data, *note in images:
        print(f"wrote {path} ({''.join(n + ', ' for n in note)}{len(data):,} bytes)", file=sys.stderr)


def progress_printer(what: str) -> Callable[..., None] | None:
    """A callback ``show(done, total=None)`` that keeps a count of ``what`` on
    one line of standard error while long work runs, or ``None`` where standard
    error is no terminal (a log or a pipe gets no progress lines)."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int | None = None) -> None:
        tail = f" of {total:,}" if total else ""
        print(f"\r{what}: {done:,}{tail}", end="", file=sys.stderr, flush=True)
    return show


def end_progress(printer: Callable[..., None] | None) -> None:
    """Clear the line that ``printer`` (from :func:`progress_printer`) kept."""
    if printer is not None:
        print("\r\033[K", end="", file=sys.stderr, flush=True)


def registered_names(group: str = GROUP, reserved: Iterable[str] = ()) -> list[str]:
    """The names registered in ``group`` that :func:`load_commands` would try, sorted.

    Read from the metadata alone: no model is imported.
    """
    taken = set(reserved)
    names = []
    for ep in entries(group):
        if _NAME.fullmatch(ep.name) and ep.name not in taken:
            taken.add(ep.name)
            names.append(ep.name)
    return sorted(names)


def load_commands(group: str = GROUP, reserved: Iterable[str] = (), only: str | None = None
                  ) -> tuple[dict[str, Command], list[str]]:
    """The registered commands by name, and a one-line problem for each left out.

    A model is left out when its name is not a lower-case word, is
    ``reserved`` or already taken (this package's models come first), when
    importing it fails, when it names something that is neither a
    :class:`Command` nor a :class:`Card` of one, or when its options cannot be
    added to a parser.  With ``only``, just the model of that name is imported.
    """
    commands, problems = _join(group, reserved, only, whole=True)
    return cast(dict[str, Command], commands), problems  # whole: every card was loaded and checked


def load_cards(group: str = GROUP, reserved: Iterable[str] = ()) -> tuple[dict[str, Card | Command], list[str]]:
    """What ``epistemic --help`` lists: the registered commands by name, each as its entry
    point names it, and a one-line problem for each left out.

    A :class:`Card` is taken as it is, its command not imported: a fault of the command
    shows when it runs (:func:`load_commands`).  A :class:`Command` named by the entry
    point itself is checked as :func:`load_commands` checks it.
    """
    return _join(group, reserved, None, whole=False)


def _join(group: str, reserved: Iterable[str], only: str | None, whole: bool
          ) -> tuple[dict[str, Card | Command], list[str]]:
    """The registered commands, each a :class:`Command` (with ``whole``, or where the entry
    point names one) or a :class:`Card`, and the problems of those left out."""
    taken = set(reserved)
    commands: dict[str, Card | Command] = {}
    problems: list[str] = []
    for ep in entries(group):
        if only is not None and ep.name != only:
            continue
        where = f"model {ep.name!r} of {origin(ep)}"
        if not _NAME.fullmatch(ep.name):
            problems.append(f"{where} is left out: a command's name is a lower-case word")
            continue
        if ep.name in taken:
            problems.append(f"{where} is left out: the name {ep.name!r} is taken")
            continue
        named = ep.value
        try:
            value: object = ep.load()
            if isinstance(value, Card) and whole:
                named, value = value.where, value.load()
        except Exception as error:  # a model's own bug must not stop the command line
            problems.append(f"{where} is left out: it cannot be loaded ({first_line(error)})")
            continue
        if not isinstance(value, Card | Command):
            problems.append(f"{where} is left out: {named} is not a Command but of type {type(value).__name__}")
            continue
        if isinstance(value, Command):
            try:  # on a parser of its own: a model whose options clash must not spoil the others'
                value.add_to(argparse.ArgumentParser().add_subparsers(), ep.name)
            except Exception as error:
                problems.append(f"{where} is left out: its options cannot be added ({first_line(error)})")
                continue
        taken.add(ep.name)
        commands[ep.name] = value
    return commands, problems
