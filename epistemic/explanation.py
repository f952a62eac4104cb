"""Explanation trees: a claim and the reasons it rests on.

A :class:`Reason` is one readable sentence, the prediction it is read off
(a node key of a :class:`~epistemic.PredictionDAG`, or ``None``), a few
numbers worth showing beside it, a short label of the knowledge it is made
on, what sort of claim it is (a member of the model's own
:class:`enum.Enum`), for a verdict whether it is true, and the reasons it
rests on.  Games build these trees; front ends print them as indented text
or draw them.

Chains of reasons can be as long as a game has rounds (thousands), so every
operation here walks the tree with an explicit stack, never by recursion.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

import attrs

from .errors import EpistemicError
from .validators import instance_of, is_whole, text_line, validator, whole_number

__all__ = ["Reason", "OMITTED"]

#: What a claim says when its own reasons were cut off by a depth limit.
OMITTED = "(deeper reasons omitted)"


def _to_values(value: Iterable) -> tuple[tuple[str, int], ...]:
    out = []
    for pair in value:
        try:
            name, number = pair
        except (TypeError, ValueError):
            name = number = None
        if not isinstance(name, str) or not is_whole(number):
            raise EpistemicError(f"a reason's values are (name, whole number) pairs, got {pair!r}")
        out.append((name, number))
    return tuple(out)


def _to_because(value: Iterable) -> tuple[Reason, ...]:
    out = tuple(value)
    for child in out:
        instance_of(child, Reason, "a reason rests on reasons")
    return out


def _check_label(instance, attribute, value):
    if value is not None:
        instance_of(value, str, f"a reason's {attribute.name} is text")


def _check_kind(instance, attribute, value):
    if value is not None:
        instance_of(value, enum.Enum, "a reason's kind is a member of an enum.Enum")


def _check_verdict(instance, attribute, value):
    if value is not None:
        instance_of(value, bool, "a reason's verdict is True or False")


# Equality and hashing are written by hand: the ones attrs generates recurse
# into ``because`` and would exceed Python's recursion limit on long chains.
@attrs.frozen(eq=False, repr=False)
class Reason:
    """A claim, and the reasons it rests on.

    Reasons are values: two trees with equal claims, keys, values, labels,
    kinds, verdicts and reasons compare and hash equal.  The hash is
    computed once, from the already-built reasons, so it costs nothing
    however deep the tree is.

    Parameters
    ----------
    claim : str
        One readable sentence.
    key : hashable, optional
        The prediction-DAG node the claim is read off, or ``None``.
    values : iterable of (str, int)
        Numbers worth showing beside the claim, such as ``("offered", 1)``.
    knowledge : str, optional
        A short label of the knowledge the claim is made on.
    because : iterable of Reason
        The reasons the claim rests on, most important first.
    kind : enum.Enum, optional
        What sort of claim this is: a member of the model's own enumeration
        of claims (a vote, a difference of knowledge); pictures may draw
        kinds differently, and :meth:`to_dict` writes the member's value.
    verdict : bool, optional
        For a claim that something is true or false, such as a model
        checker's verdict on a formula, which of the two.  The claim says it
        in words; this says it as data (pictures colour by it).

    Examples
    --------
    >>> leaf = Reason("p2 promised to offer 1 1 0 1", key=(2, "K"), knowledge="knows p2's promise")
    >>> why = Reason("p5 votes no", values=[("offered", 1), ("expects", 1)], because=[leaf])
    >>> print(why.to_text())
    p5 votes no  (offered 1, expects 1)
      p2 promised to offer 1 1 0 1  [knows p2's promise]
    >>> why == Reason("p5 votes no", values=(("offered", 1), ("expects", 1)), because=(leaf,))
    True
    >>> [depth for depth, _ in why.walk()]
    [0, 1]
    """

    claim: str = attrs.field(validator=validator(text_line, "a claim is one non-empty line of text"))
    key: Hashable | None = None
    values: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_to_values)
    knowledge: str | None = attrs.field(default=None, validator=_check_label)
    because: tuple[Reason, ...] = attrs.field(default=(), converter=_to_because)
    kind: enum.Enum | None = attrs.field(default=None, validator=_check_kind)
    verdict: bool | None = attrs.field(default=None, validator=_check_verdict)
    _hash: int = attrs.field(init=False)

    def __attrs_post_init__(self):
        own = (self.claim, self.key, self.values, self.knowledge, self.kind, self.verdict)
        try:
            h = hash((own, tuple(child._hash for child in self.because)))
        except TypeError:
            raise EpistemicError(f"a reason's key must be hashable, got {self.key!r}") from None
        object.__setattr__(self, "_hash", h)

    # values -------------------------------------------------------------------
    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Reason):
            return NotImplemented
        # Subtrees are often shared, so pairs already compared are skipped.
        stack, seen = [(self, other)], set()
        while stack:
            a, b = stack.pop()
            if a is b or (id(a), id(b)) in seen:
                continue
            seen.add((id(a), id(b)))
            if (a._hash != b._hash or a.claim != b.claim or a.key != b.key or a.values != b.values
                    or a.knowledge != b.knowledge or a.kind != b.kind or a.verdict != b.verdict
                    or len(a.because) != len(b.because)):
                return False
            stack.extend(zip(a.because, b.because))
        return True

    def __repr__(self) -> str:
        parts = [repr(self.claim)]
        if self.key is not None:
            parts.append(f"key={self.key!r}")
        if self.values:
            parts.append(f"values={self.values!r}")
        if self.knowledge is not None:
            parts.append(f"knowledge={self.knowledge!r}")
        if self.kind is not None:
            parts.append(f"kind={self.kind!r}")
        if self.verdict is not None:
            parts.append(f"verdict={self.verdict!r}")
        if self.because:
            n = len(self.because)
            parts.append(f"because=<{n} reason{'s' if n != 1 else ''}>")
        return f"Reason({', '.join(parts)})"

    # traversal ----------------------------------------------------------------
    def walk(self) -> Iterator[tuple[int, Reason]]:
        """``(depth, reason)`` for this reason (depth 0) and all below it, in
        reading order: each reason before the reasons it rests on.

        A subtree shared by two parents is visited once under each.

        Examples
        --------
        >>> tree = Reason("a", because=[Reason("b", because=[Reason("c")]), Reason("d")])
        >>> [(d, r.claim) for d, r in tree.walk()]
        [(0, 'a'), (1, 'b'), (2, 'c'), (1, 'd')]
        """
        stack = [(0, self)]
        while stack:
            depth, reason = stack.pop()
            yield depth, reason
            stack.extend((depth + 1, child) for child in reversed(reason.because))

    def edges(self) -> Iterator[tuple[Reason, Reason]]:
        """``(reason, reason it rests on)`` pairs in reading order, as a
        drawing needs them.

        Examples
        --------
        >>> tree = Reason("a", because=[Reason("b", because=[Reason("c")]), Reason("d")])
        >>> [(p.claim, c.claim) for p, c in tree.edges()]
        [('a', 'b'), ('b', 'c'), ('a', 'd')]
        """
        stack = [(self, child) for child in reversed(self.because)]
        while stack:
            parent, reason = stack.pop()
            yield parent, reason
            stack.extend((reason, child) for child in reversed(reason.because))

    def height(self) -> int:
        """The number of levels below this reason (0 for a leaf).

        Examples
        --------
        >>> chain = Reason("last")
        >>> for i in range(5000):
        ...     chain = Reason(f"step {i}", because=[chain])
        >>> chain.height()
        5000
        """
        return max(depth for depth, _ in self.walk())

    # text ---------------------------------------------------------------------
    def line(self) -> str:
        """The claim with its values and knowledge label, on one line.

        Examples
        --------
        >>> Reason("p5 expects 1 coin", values=[("expects", 1)], knowledge="knows no promise").line()
        'p5 expects 1 coin  (expects 1)  [knows no promise]'
        """
        return self._line(self.claim)

    def _line(self, claim: str) -> str:
        text = claim
        if self.values:
            text += "  (" + ", ".join(f"{name} {number}" for name, number in self.values) + ")"
        if self.knowledge is not None:
            text += f"  [{self.knowledge}]"
        return text

    def to_text(self, max_depth: int | None = None, indent: str = "  ") -> str:
        """The tree as indented lines, each reason below the claim it supports.

        Parameters
        ----------
        max_depth : int, optional
            Show only this many levels below the root; a reason whose own
            reasons are cut says so.  ``None`` shows everything.
        indent : str
            Added once per level.

        Examples
        --------
        >>> tree = Reason("a", because=[Reason("b", because=[Reason("c")])])
        >>> print(tree.to_text(max_depth=1))
        a
          b (deeper reasons omitted)
        """
        if max_depth is not None:
            whole_number(max_depth, "max_depth", at_least=0)
        lines = []
        stack = [(0, self)]
        while stack:
            depth, reason = stack.pop()
            if reason.because and max_depth is not None and depth >= max_depth:
                cut = reason.claim if reason.claim.endswith(OMITTED) else f"{reason.claim} {OMITTED}"
                lines.append(indent * depth + reason._line(cut))
                continue
            lines.append(indent * depth + reason.line())
            stack.extend((depth + 1, child) for child in reversed(reason.because))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def to_dict(self, max_depth: int | None = None, key: Callable[[Hashable], Any] | None = None) -> dict:
        """The tree as nested dictionaries and lists, ready for :func:`json.dumps`.

        Each reason becomes ``{"claim", "key", "values", "knowledge",
        "kind", "because"}`` with ``values`` as a dictionary (names are expected to
        be unique within a reason) and ``kind`` as its enum member's value;
        the verdict is left out, since the claim says it.  ``key`` turns node keys into plain
        data; by default tuples become lists, numbers, strings and ``None``
        stay, and anything else becomes its ``str``.  The result is nested as
        deeply as the tree: cut it with ``max_depth`` before handing a long
        chain to a recursive encoder.

        Examples
        --------
        >>> tree = Reason("a", key=(1, frozenset()), values=[("yes", 2)], because=[Reason("b")])
        >>> tree.to_dict()
        {'claim': 'a', 'key': [1, 'frozenset()'], 'values': {'yes': 2}, 'knowledge': None, 'kind': None, \
'because': [{'claim': 'b', 'key': None, 'values': {}, 'knowledge': None, 'kind': None, 'because': []}]}
        >>> tree.to_dict(max_depth=0)["claim"]
        'a (deeper reasons omitted)'
        """
        if max_depth is not None:
            whole_number(max_depth, "max_depth", at_least=0)
        plain = _plain if key is None else key
        root: dict = {}
        stack: list[tuple[Reason, int, list | None]] = [(self, 0, None)]
        while stack:
            reason, depth, siblings = stack.pop()
            cut = bool(reason.because) and max_depth is not None and depth >= max_depth
            claim = reason.claim
            if cut and not claim.endswith(OMITTED):
                claim = f"{claim} {OMITTED}"
            node = {"claim": claim, "key": plain(reason.key), "values": dict(reason.values),
                    "knowledge": reason.knowledge, "kind": None if reason.kind is None else reason.kind.value,
                    "because": []}
            if siblings is None:
                root = node
            else:
                siblings.append(node)
            if not cut:
                stack.extend((child, depth + 1, node["because"]) for child in reversed(reason.because))
        return root


def _plain(key: Any) -> Any:
    """A node key as JSON-ready data (keys are shallow, so recursion is safe here)."""
    if key is None or isinstance(key, (bool, int, float, str)):
        return key
    if isinstance(key, (tuple, list)):
        return [_plain(part) for part in key]
    return str(key)
