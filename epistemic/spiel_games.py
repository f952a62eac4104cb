"""What a model tells OpenSpiel of a game: its name, its parameters and how to make its tree.

A :class:`SpielGame` is a plain value, so that a model can name one
without OpenSpiel installed; :mod:`epistemic.openspiel` registers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

import attrs

from .extensive import ExtensiveGame

__all__ = ["SpielGame", "PlayableGame"]


@runtime_checkable
class PlayableGame(ExtensiveGame, Protocol):
    """An :class:`~epistemic.extensive.ExtensiveGame` that also says what OpenSpiel must know
    before a play starts: every move's name, numbered in this order as OpenSpiel's actions
    (``action_names``), every chance outcome's (``chance_names``), the most moves a play
    makes (``longest``), the least and the most a player may get (``utility_range``) and,
    where the players always get the same together, that sum (``utility_sum``, else None)."""

    action_names: tuple[str, ...]
    chance_names: tuple[str, ...]
    longest: int
    utility_range: tuple[Any, Any]
    utility_sum: Any


@attrs.frozen
class SpielGame:
    """An OpenSpiel game made of one of our games.

    Parameters
    ----------
    name : str
        OpenSpiel's short name, ``epistemic_<model>``.
    long_name : str
    make : callable
        ``make(**parameters)`` makes the game's tree.
    parameters : mapping
        Each parameter's default; its type (int, float, str or bool) is the type OpenSpiel parses.
    players : (int, int)
        The fewest and the most players the parameters may ask for.
    perfect_information, stochastic : bool
    utility : {"zero_sum", "constant_sum", "general_sum"}
    """

    name: str
    long_name: str
    make: Callable[..., PlayableGame] = attrs.field(eq=False)
    parameters: tuple[tuple[str, Any], ...] = attrs.field(converter=lambda p: tuple(dict(p).items()))
    players: tuple[int, int]
    perfect_information: bool
    stochastic: bool
    utility: str = "general_sum"

    def tree(self, params: Mapping[str, Any] | None = None) -> PlayableGame:
        """The tree of the game with ``params`` (defaults for the rest)."""
        return self.make(**{**dict(self.parameters), **dict(params or {})})
