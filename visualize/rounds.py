"""A story drawn round by round: one picture of the model after each announcement.

Every picture has the worlds of the first round in the same places, those
the announcements removed greyed, so that the pages turned one after the
other show the model shrink.  Images are written as numbered files
(``cube.svg`` becomes ``cube-01.svg``, ``cube-02.svg``, ...: round 0, the
start, is file 01), and TikZ as one document of one page per round.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Mapping, Sequence

from epistemic import KripkeModel

from .errors import PictureError
from .kripke import MAX_WORLDS, kripke_picture, world_positions
from .layout import Position
from .picture import Picture
from .tikz import kripke_tikz, tikz_document

__all__ = ["round_pictures", "rounds_tikz", "round_files", "numbered_paths"]


def _checked(rounds: Sequence[tuple[str, KripkeModel]], max_worlds: int | None) -> KripkeModel:
    rounds = list(rounds)
    if not rounds:
        raise PictureError("a story has at least its first round")
    first = rounds[0][1]
    if max_worlds is not None and len(first) > max_worlds:
        raise PictureError(f"the model has {len(first):,} worlds, too many to draw legibly "
                           f"(the limit is {max_worlds} worlds)")
    return first


def round_pictures(rounds: Sequence[tuple[str, KripkeModel]], *, renderer: str = "auto",
                   max_worlds: int | None = MAX_WORLDS,
                   positions: Mapping[Hashable, Position] | None = None,
                   holds: Sequence[Iterable[Hashable] | None] | None = None, **options) -> list[Picture]:
    """One picture per round: ``rounds`` are ``(title, model)``, the first
    model the one every later one was cut from.

    Parameters
    ----------
    rounds : sequence of (str, KripkeModel)
    renderer : str
        The Graphviz engine that lays out a first round that is no cube.
    max_worlds : int or None
        Refuse a first round of more worlds, before any work.
    positions : mapping, optional
        The worlds' places (default: :func:`~epistemic.visualize.kripke.world_positions`).
    holds : sequence, optional
        Per round, the worlds where ``claim`` holds (or ``None``): each page
        shades its own.
    **options
        Passed to :func:`~epistemic.visualize.kripke_picture`.

    Examples
    --------
    >>> from epistemic import Agent
    >>> a = Agent("a")
    >>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> later = m.restricted(["w"])
    >>> pictures = round_pictures([("start", m), ("after p", later)])
    >>> [p.source.count("dashed") for p in pictures]
    [0, 3]
    """
    first, placed, shaded = _pages(rounds, max_worlds, positions, holds, renderer)
    return [kripke_picture(model, title=title, earlier=first, positions=placed, max_worlds=None, holds=truth,
                           **options) for (title, model), truth in zip(rounds, shaded)]


def rounds_tikz(rounds: Sequence[tuple[str, KripkeModel]], *, renderer: str = "auto",
                max_worlds: int | None = MAX_WORLDS, positions: Mapping[Hashable, Position] | None = None,
                holds: Sequence[Iterable[Hashable] | None] | None = None, **options) -> str:
    """A TikZ document of one page per round, laid out as :func:`round_pictures`."""
    first, placed, shaded = _pages(rounds, max_worlds, positions, holds, renderer)
    return tikz_document([kripke_tikz(model, title=title, earlier=first, positions=placed, holds=truth,
                                      document=False, **options) for (title, model), truth in zip(rounds, shaded)])


def round_files(rounds: Sequence[tuple[str, KripkeModel]], path: str, image_format: str, *,
                renderer: str = "auto", dpi: int | None = None, **options) -> list[tuple[str, bytes]]:
    """The pages of :func:`round_pictures`, rendered as ``(file, bytes)``:
    numbered image files named after ``path`` (see :func:`numbered_paths`),
    or, for the format ``"tex"``, one TikZ document of a page per round.
    ``dpi`` is for PNG only; ``options`` are both drawings'."""
    if image_format == "tex":
        return [(path, rounds_tikz(rounds, renderer=renderer, **options).encode("utf-8"))]
    pictures = round_pictures(rounds, renderer=renderer, **options)
    return [(file, picture.pipe(image_format, renderer, dpi if image_format == "png" else None))
            for file, picture in zip(numbered_paths(path, len(pictures)), pictures)]


def _pages(rounds, max_worlds, positions, holds, renderer):
    """The first model, the worlds' places and each round's shading."""
    first = _checked(rounds, max_worlds)
    placed = positions if positions is not None else world_positions(first, renderer)
    shaded = list(holds) if holds is not None else [None] * len(rounds)
    if len(shaded) != len(rounds):
        raise PictureError(f"holds names {len(shaded)} rounds of {len(rounds)}")
    return first, placed, shaded


def numbered_paths(path: str | os.PathLike, count: int) -> list[str]:
    """The files of ``count`` pages named after ``path``: a number before the suffix.

    Examples
    --------
    >>> numbered_paths("cube.svg", 3)
    ['cube-01.svg', 'cube-02.svg', 'cube-03.svg']
    >>> numbered_paths("out/rounds.PNG", 1)
    ['out/rounds-01.PNG']
    """
    stem, suffix = os.path.splitext(os.fspath(path))
    digits = max(2, len(str(count)))
    return [f"{stem}-{i:0{digits}d}{suffix}" for i in range(1, count + 1)]
