"""``--export-efg FILE``: a model's game written for Gambit, as every command that has one offers it.

The destination and the tree's size are checked before any work
(:func:`check_efg_destination`, :func:`check_efg_size`); the file is made
with the command's output (:func:`efg_file`) and written with its other
files, all or nothing, before the result is printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from epistemic.extensive import MAX_NODES, check_size
from epistemic.models.commands import check_file_destination, end_progress, progress_printer

__all__ = ["add_efg_argument", "check_efg_destination", "check_efg_size", "efg_file", "EFG_SUFFIX"]

#: What a Gambit file is called.
EFG_SUFFIX = ".efg"


def add_efg_argument(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--export-efg FILE``."""
    parser.add_argument("--export-efg", metavar="FILE",
                        help=f"write the game tree in Gambit's .efg format (at most {MAX_NODES:,} nodes)")


def check_efg_destination(path: str, others: Iterable[str | None] = ()) -> str:
    """Make sure a Gambit file can be written to ``path``: named ``.efg``, in a folder
    that exists and can be written, and not one of ``others`` (the files read, the
    pictures asked for).  Returns the path."""
    return check_file_destination(path, (EFG_SUFFIX,), "--export-efg", "the Gambit file", others)


def check_efg_size(game: Any) -> int:
    """The number of nodes of ``game``'s tree, refused in one line past the limit, before any work."""
    from epistemic.export import extensive_form  # here: only an export needs the writers

    return check_size(extensive_form(game), MAX_NODES)


def efg_file(game: Any, path: str, size: int) -> tuple[str, bytes, str]:
    """``(path, its bytes, what it holds)``: ``game``, whose tree :func:`check_efg_size`
    found to have ``size`` nodes, in Gambit's format, for
    :func:`~epistemic.models.commands.write_pictures` to write with the command's other
    files (a count of the nodes written out shows while a large tree is, on a terminal)."""
    from epistemic.export import to_efg

    show = progress_printer("nodes written")
    try:
        text = to_efg(game, progress=show, nodes=size)
    finally:
        end_progress(show)
    return path, text.encode("utf-8"), f"{size:,} nodes"
