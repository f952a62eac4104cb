"""What a search for a plan found: the plan, why the search stopped, and what it explored.

:class:`SearchResult` is the answer of :func:`epistemic.planning.search`,
named by its :class:`Strategy` and its :class:`Stop`; it turns into plain
data (``--json``) and into a few lines for a terminal.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

__all__ = ["SearchResult", "Stop", "Strategy"]


class Strategy(str, enum.Enum):
    """The order in which states are expanded (see :mod:`epistemic.planning.search`)."""

    BREADTH_FIRST = "breadth-first"
    ASTAR = "astar"
    GREEDY = "greedy"


class Stop(str, enum.Enum):
    """Why a search stopped."""

    FOUND = "found"              # a plan reaches the goal
    EXHAUSTED = "exhausted"      # every reachable state was searched: no plan exists
    MAX_STATES = "max-states"
    MAX_SECONDS = "max-seconds"
    MAX_MEMORY = "max-memory"


def _sizes(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _plan(value) -> tuple[str, ...] | None:
    return None if value is None else tuple(value)


@attrs.frozen
class SearchResult:
    """What a search found, why it stopped, and what it explored.

    Attributes
    ----------
    task : str
        The task's name.
    strategy : Strategy
    stop : Stop
        Why the search stopped.
    plan : tuple of str or None
        The actions' names, when ``stop`` is ``FOUND``.
    expanded : int
        States whose successors were made.
    seen : int
        Distinct states met (bisimilar states count once), the initial one included.
    depth : int
        The most actions on the way to a state met.
    frontier : int
        States met and not yet expanded when the search stopped.
    plan_sizes : tuple of int
        The worlds of the contracted state before the plan and after each of its actions.
    largest : int
        The worlds of the largest contracted state met.
    seconds : float
        Time the search took, by its clock.
    peak_memory : int
        The most bytes resident in the process read while searching.
    """

    task: str
    strategy: Strategy
    stop: Stop
    plan: tuple[str, ...] | None = attrs.field(converter=_plan)
    expanded: int
    seen: int
    depth: int
    frontier: int
    plan_sizes: tuple[int, ...] = attrs.field(converter=_sizes)
    largest: int
    seconds: float
    peak_memory: int

    @property
    def found(self) -> bool:
        """Whether a plan was found."""
        return self.plan is not None

    def to_dict(self) -> dict:
        """The result as plain data, ready for :func:`json.dumps`."""
        return {"task": self.task, "strategy": self.strategy.value, "stop": self.stop.value,
                "plan": None if self.plan is None else list(self.plan),
                "plan_length": None if self.plan is None else len(self.plan),
                "expanded": self.expanded, "seen": self.seen, "depth": self.depth, "frontier": self.frontier,
                "plan_sizes": list(self.plan_sizes), "largest": self.largest, "seconds": self.seconds,
                "peak_memory": self.peak_memory}

    def to_text(self) -> str:
        """A few lines for a terminal.

        Examples
        --------
        >>> from epistemic.planning import search
        >>> from epistemic.planning.examples import coin_in_the_box
        >>> print(search(coin_in_the_box(), clock=lambda: 0.0).to_text())
        coin in the box, B_a tails: plan of 2 actions (breadth-first)
          1. open_a
          2. peek_a
        expanded 2 states, seen 5, deepest 2, largest 4 worlds; 0.00 s
        """
        why = {Stop.FOUND: f"plan of {len(self.plan or ())} action{'' if len(self.plan or ()) == 1 else 's'}",
               Stop.EXHAUSTED: "no plan: every reachable state was searched",
               Stop.MAX_STATES: "stopped at the bound on states seen",
               Stop.MAX_SECONDS: "stopped at the bound on seconds",
               Stop.MAX_MEMORY: "stopped at the bound on memory"}[self.stop]
        lines = [f"{self.task}: {why} ({self.strategy.value})"]
        lines += [f"  {i}. {name}" for i, name in enumerate(self.plan or (), start=1)]
        lines.append(f"expanded {self.expanded:,} states, seen {self.seen:,}, deepest {self.depth}, "
                     f"largest {self.largest:,} worlds; {self.seconds:.2f} s")
        return "\n".join(lines)
