"""``--export-efg FILE``: a model's game written for Gambit, as every command that has one offers it.

The destination and the tree's size are checked before any work
(:func:`check_efg_destination`, then :func:`efg_text` before the rest of
the output), and the file is written all or nothing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import Any

from epistemic.export import extensive_form, write_efg
from epistemic.extensive import MAX_NODES, check_size
from epistemic.models.commands import check_file_destination, end_progress, progress_printer

__all__ = ["add_efg_argument", "check_efg_destination", "check_efg_size", "write_efg_file", "EFG_SUFFIX"]

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
    return check_size(extensive_form(game), MAX_NODES)


def write_efg_file(game: Any, path: str, size: int) -> None:
    """Write ``game``, whose tree :func:`check_efg_size` found to have ``size`` nodes, to
    ``path`` in Gambit's format, all or nothing, and say so on standard error (with a count
    of the nodes written while a large tree is written, on a terminal)."""
    show = progress_printer("nodes written")
    try:
        written = write_efg(game, path, progress=show, nodes=size)
    finally:
        end_progress(show)
    print(f"wrote {path} ({size:,} nodes, {written:,} bytes)", file=sys.stderr)
