"""Entry points: how installed packages add to the framework.

Models register their commands and their experiments in entry-point groups
of their distribution's metadata.  This package's own come first, then the
others by distribution and name, so that a name two packages take goes to
this package, and to the same package on every machine.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["entries", "origin", "first_line", "OWN"]

#: The distribution whose entry points win when two register the same name (its name
#: as package indexes compare names: lower case, runs of ``-``, ``_`` and ``.`` one ``-``).
OWN = "epistemic-framework"


def entries(group: str) -> list[EntryPoint]:
    """The group's entry points, this package's first, then by distribution and name."""
    # imported here: reading distributions' metadata costs a start-up that the
    # command line's own commands do without
    from importlib.metadata import entry_points

    def order(ep: EntryPoint):
        dist = re.sub(r"[-_.]+", "-", ep.dist.name).lower() if ep.dist is not None else ""
        return dist != OWN, dist, ep.name
    return sorted(entry_points(group=group), key=order)


def origin(ep: EntryPoint) -> str:
    """Where an entry point comes from, for a message: its distribution and version."""
    return f"{ep.dist.name} {ep.dist.version}" if ep.dist is not None else ep.value


def first_line(error: BaseException) -> str:
    """An exception as one line: its type and the first line of its message."""
    text = str(error)
    return f"{type(error).__name__}: {text.splitlines()[0] if text else ''}"
