"""SMCDEL's queries answered, on either engine, as SMCDEL prints them.

``TRUE? {s} φ`` and ``VALID? φ`` are answered ``True`` or ``False``;
``WHERE? φ`` lists the states where φ holds, each as the numbers of its
true variables (``[1,3]``), in the order of those lists (SMCDEL lists them
in the order its diagram enumerates them, which may differ).  Past
:data:`LISTED_STATES` states, those listed are the first in the
structure's own order (binary numbers whose bit i is the i-th variable),
on either engine.

Examples
--------
>>> from epistemic.smcdel import parse_smcdel
>>> f = parse_smcdel("VARS 1,2 LAW 1 | 2 OBS a: 1 b: 2 "
...                  "TRUE? {1} a knows that 1 VALID? a knows whether 1 WHERE? ~ b knows that 2")
>>> [answer(f, q).text() for q in f.queries]
['True', 'True', '[1]']
>>> answer(f, f.queries[2], engine="explicit").states
[[1]]
"""

from __future__ import annotations

import attrs

from ..checking import truth_array
from ..formulas import FormulaError
from ..kripke import KripkeModel
from ..symbolic.checking import holds, truth
from ..symbolic.convert import to_kripke
from .lexer import SmcdelError
from .reader import Query, SmcdelFile

__all__ = ["Answer", "answer", "LISTED_STATES"]

#: ``WHERE?`` lists at most this many states, and says how many there are.
LISTED_STATES = 10_000


@attrs.frozen
class Answer:
    """A query's answer: ``value`` for ``TRUE?`` and ``VALID?``; for
    ``WHERE?`` the states (each its true variables' numbers) and how many
    there are (more than listed past :data:`LISTED_STATES`)."""

    query: Query
    value: bool | None = None
    states: list[list[int]] | None = None
    count: int = 0

    def text(self) -> str:
        """The answer as SMCDEL prints it: ``True``, ``False``, or the states one a line."""
        if self.states is None:
            return str(self.value)
        lines = ["[" + ",".join(map(str, s)) + "]" for s in self.states]
        if self.count > len(self.states):
            lines.append(f"... {self.count - len(self.states):,} more states ({self.count:,} in all)")
        return "\n".join(lines)

    def to_dict(self) -> dict:
        out: dict = {"query": self.query.kind, "line": self.query.line, "formula": self.query.text}
        if self.query.state is not None:
            out["state"] = list(self.query.state)
        if self.states is None:
            out["answer"] = self.value
        else:
            out["answer"] = self.states
            out["count"] = self.count
        return out


def answer(file: SmcdelFile, query: Query, engine: str = "symbolic", model: KripkeModel | None = None) -> Answer:
    """The answer to ``query``, on the file's structure (``"symbolic"``) or
    on its states listed as a Kripke model (``"explicit"``; pass ``model``,
    made by :func:`~epistemic.symbolic.to_kripke`, to list it once for
    several queries).

    Raises
    ------
    SmcdelError
        For ``TRUE?`` at a valuation the law rules out: SMCDEL evaluates the
        formula's diagram there, this framework only at states; and for a
        formula the checker refuses (announcements nested past what it
        reaches), at the query's line and column, as every fault of a file.
    ModelError
        When the structure is too large to list for the explicit engine.
    """
    try:
        return _answer(file, query, engine, model)
    except FormulaError as error:
        raise SmcdelError(query.line, query.column, str(error)) from None


def _answer(file: SmcdelFile, query: Query, engine: str, model: KripkeModel | None) -> Answer:
    structure = file.structure
    state = None
    if query.state is not None:
        state = file.state(query.state)
        if not structure.is_state(state):
            shown = "{" + ",".join(map(str, query.state)) + "}"   # as written
            raise SmcdelError(query.line, query.column, f"{shown} is not a state: the law is false there (SMCDEL "
                                                        "evaluates the formula there all the same; this framework "
                                                        "evaluates formulas at states only)")
    if engine == "explicit":
        listed = model if model is not None else to_kripke(structure)
        true = truth_array(listed, query.formula)
        if state is not None:
            return Answer(query, value=bool(true[listed.index(structure.name(state))]))
        if query.kind == "VALID?":
            return Answer(query, value=bool(true.all()))
        holding = [_numbers(w) for w, yes in zip(listed.worlds, true) if yes]
        return Answer(query, states=sorted(holding[:LISTED_STATES]), count=len(holding))
    if state is not None:
        return Answer(query, value=holds(structure, query.formula, state))
    u = truth(structure, query.formula)
    if query.kind == "VALID?":
        return Answer(query, value=(structure.law & ~u) == structure.manager.false)
    count = structure.count(u)
    # past the limit, the states that come first in the structure's own order (as the listing's
    # worlds come), whichever engine answers
    found = structure.ordered(u, LISTED_STATES)
    numbers = sorted(file.numbers_of(s) for s in found)
    return Answer(query, states=numbers, count=count)


def _numbers(world) -> list[int]:
    """A listed state's numbers, from its name (``[1,3]``)."""
    inside = str(world).strip("[]")
    return [int(n) for n in inside.split(",")] if inside else []
