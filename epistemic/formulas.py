"""Formulas of dynamic epistemic logic, as frozen values.

Each connective is one class whose operands are kept in immutable fields,
and whose hash is computed once; formulas are therefore safe memo keys,
and equal formulas are equal values.  Python operators build them:
``~p`` (not), ``p & q``, ``p | q``, ``p >> q`` (implies).

The epistemic operators take an :class:`~epistemic.Agent` (``Knows``,
``Possible``, ``KnowsWhether``, ``Believes``) or a non-empty group of them
(``Everybody``, ``Common``, ``Distributed``, and for belief
``EverybodyBelieves``, ``CommonBelief``).  Announcements are public
(``Announce`` and its dual ``AnnounceDiamond``), private to a group
(``AnnouncePrivately``: the group learns the formula, outsiders believe
nothing happened) or semi-private (``AnnounceWhether``: the group learns
whether the formula holds, outsiders know that it did).

``str(f)`` and :func:`to_text` write a formula in the text syntax that
:func:`epistemic.parse_formula` reads back; :func:`to_latex` writes it in
LaTeX.

Examples
--------
>>> p, q = Atom("p"), Atom("q")
>>> a = Agent("a")
>>> Knows(a, p & ~q) == Knows(a, And(p, Not(q)))
True
>>> sorted(atoms(Announce(p, Knows(a, q >> p))))
['p', 'q']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from .agents import Agent
from .errors import EpistemicError
from .validators import instance_of

__all__ = [
    "Formula", "Atom", "Top", "Bottom", "TOP", "BOTTOM", "Not", "And", "Or", "Implies", "Iff",
    "Knows", "Possible", "KnowsWhether", "Believes", "Everybody", "Common", "Distributed",
    "EverybodyBelieves", "CommonBelief",
    "Announce", "AnnounceDiamond", "AnnouncePrivately", "AnnounceWhether", "Act", "EventModelLike",
    "FormulaError", "atoms", "agents_of", "subformulas", "conjunction", "disjunction", "to_text",
    "to_latex", "shared",
]


class FormulaError(EpistemicError):
    """A formula is malformed: a bad atom name, agent or operand."""


#: Names of atoms: a letter or underscore, then letters, digits, underscores or primes.
ATOM_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_']*")

#: Words of the text syntax that cannot be atom names.
RESERVED = frozenset({"top", "bot", "true", "false", "not", "and", "or"})

#: Prefixes of modal operators in the text syntax, and ``P_`` of a probability ``P_a(p)``; an atom
#: may not start with one.
MODAL_PREFIX = re.compile(r"(?:Kw|K|M|B|EB|CB|E|C|D|P)_")

#: Agent names written bare after an operator (``K_alice``).
AGENT_WORD = re.compile(r"[A-Za-z0-9]+")

#: Agent names written in braces (``K_{bob_1}``).
BRACED_NAME = re.compile(r"[A-Za-z0-9_']+")


class Formula:
    """Base of all formulas: value equality, operator overloads and operands.

    The hash is computed when a formula is made, from its operands' hashes,
    and equality is checked with an explicit stack: formulas thousands of
    levels deep (a long conjunction) hash and compare without recursion.
    """

    __slots__ = ("_hash", "_propositional", "_reads", "_valuations")
    _hash: int
    _propositional: bool
    # what the checker keeps in a propositional formula, made when first asked (epistemic.checking)
    _reads: frozenset[str]
    _valuations: dict[frozenset, bool]
    # every concrete formula is an attrs class: attrs.fields() reads its operands
    __attrs_attrs__: ClassVar[tuple[attrs.Attribute[Any], ...]]
    #: Whether the class is an atom, a constant or a connective of propositional logic.
    _connective: ClassVar[bool] = False

    def __attrs_post_init__(self):
        names = _field_names(type(self))
        own = tuple(getattr(self, name) for name in names if not isinstance(getattr(self, name), Formula))
        operands = self.operands()
        object.__setattr__(self, "_hash", hash((type(self).__name__, own, tuple(op._hash for op in operands))))
        object.__setattr__(self, "_propositional",
                           self._connective and all(op._propositional for op in operands))

    @property
    def propositional(self) -> bool:
        """Whether the formula is built from atoms and constants by connectives
        alone, so that its truth at a world depends on the world's facts only.

        Examples
        --------
        >>> (Atom("p") >> ~Atom("q")).propositional, Knows(Agent("a"), Atom("p")).propositional
        (True, False)
        """
        return self._propositional

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        # made again through the constructors, which compute the hashes (attrs' own pickling
        # restores the fields only, and the hash is no field), from a list of the subformulas:
        # pickled as they nest, a formula a few hundred levels deep would pass the recursion limit
        return _rebuilt, (_flattened(self),)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Formula):
            return NotImplemented
        stack = [(self, other)]
        while stack:
            a, b = stack.pop()
            if a is b:
                continue
            if type(a) is not type(b) or a._hash != b._hash:
                return False
            for name in _field_names(type(a)):
                x, y = getattr(a, name), getattr(b, name)
                if isinstance(x, Formula):
                    stack.append((x, y))
                elif _formula_tuple(x):
                    # the terms of a linear inequality: compared on the stack too, not by the tuple's ==
                    if not isinstance(y, tuple) or len(x) != len(y):
                        return False
                    stack.extend(zip(x, y))
                elif x != y:
                    return False
        return True

    def __repr__(self) -> str:
        # written left to right from an explicit stack, so that formulas
        # thousands of levels deep have a repr, in memory linear in its length
        out: list[str] = []
        stack: list[Formula | str] = [self]
        while stack:
            item = stack.pop()
            if isinstance(item, str):
                out.append(item)
                continue
            if type(item).__repr__ is not Formula.__repr__:
                out.append(type(item).__repr__(item))
                continue
            pieces: list[Formula | str] = [f"{type(item).__name__}("]
            for i, field in enumerate(attrs.fields(type(item))):
                value = getattr(item, field.name)
                if i:
                    pieces.append(", ")
                if isinstance(value, Formula):
                    pieces.append(value)
                elif _formula_tuple(value):
                    pieces.append("(")
                    for j, g in enumerate(value):
                        pieces.extend([", ", g] if j else [g])
                    pieces.append(",)" if len(value) == 1 else ")")
                elif isinstance(value, frozenset):
                    pieces.append(repr(sorted(value, key=lambda agent: agent.name)))
                else:
                    pieces.append(repr(value))
            pieces.append(")")
            stack.extend(reversed(pieces))
        return "".join(out)

    def __ne__(self, other) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __invert__(self) -> Formula:
        return Not(self)

    def __and__(self, other: Formula) -> Formula:
        return And(self, _formula(other))

    def __or__(self, other: Formula) -> Formula:
        return Or(self, _formula(other))

    def __rshift__(self, other: Formula) -> Formula:
        return Implies(self, _formula(other))

    def operands(self) -> tuple[Formula, ...]:
        """The formulas directly inside this one."""
        return ()

    def __str__(self) -> str:
        return to_text(self)


#: The names of each formula class's fields, in order (attrs.fields() checks its argument on every call).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in attrs.fields(cls))
    return names


def _formula(value) -> Formula:
    return instance_of(value, Formula, "expected a formula", error=FormulaError)


def _flattened(formula: Formula) -> list[tuple[type, tuple, tuple[tuple[int, Any], ...]]]:
    """The distinct subformulas of ``formula``, each after its operands, as ``(class, fields,
    links)``: its fields, and a link ``(field, place)`` for each operand, its place in this list."""
    nodes: list[tuple[type, tuple, tuple[tuple[int, Any], ...]]] = []
    place: dict[int, int] = {}   # by identity: the formula holds every subformula while this runs
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, ready = stack.pop()
        if id(f) in place:
            continue
        fields = tuple(getattr(f, a.name) for a in attrs.fields(type(f)))
        if not ready:
            stack.append((f, True))
            stack.extend((g, False) for g in f.operands())
            continue
        place[id(f)] = len(nodes)
        # a field of several formulas (the terms of a linear inequality) links each by its place
        nodes.append((type(f), tuple(None if isinstance(g, Formula) or _formula_tuple(g) else g for g in fields),
                      tuple((i, place[id(g)]) if isinstance(g, Formula) else (i, tuple(place[id(h)] for h in g))
                            for i, g in enumerate(fields) if isinstance(g, Formula) or _formula_tuple(g))))
    return nodes


def _formula_tuple(value) -> bool:
    """Whether ``value`` is a field of several formulas, such as the terms of a linear inequality."""
    return isinstance(value, tuple) and bool(value) and all(isinstance(g, Formula) for g in value)


def _rebuilt(nodes: list[tuple[type, tuple, tuple[tuple[int, Any], ...]]]) -> Formula:
    """The formula :func:`_flattened` listed: the last of the list."""
    made: list[Formula] = []
    for kind, fields, links in nodes:
        values = list(fields)
        for i, j in links:
            values[i] = made[j] if isinstance(j, int) else tuple(made[k] for k in j)
        made.append(kind(*values))
    return made[-1]


def _check_formula(instance, attribute, value):
    _formula(value)


def _check_agent(instance, attribute, value):
    instance_of(value, Agent, f"{type(instance).__name__} needs an Agent", error=FormulaError)


def _to_group(value: Agent | Iterable[Agent]) -> frozenset[Agent]:
    if isinstance(value, Agent):
        value = [value]
    if isinstance(value, (str, bytes)):
        raise FormulaError(f"a group is a collection of agents, got the text {value!r}")
    try:
        group = frozenset(value)
    except TypeError:
        raise FormulaError(f"a group is a collection of agents, got {value!r}") from None
    for agent in group:
        instance_of(agent, Agent, "a group holds agents", error=FormulaError)
    return group


def _check_group(instance, attribute, value):
    if not value:
        raise FormulaError(f"{type(instance).__name__} needs a non-empty group of agents")


def _check_name(instance, attribute, value):
    if (not isinstance(value, str) or not ATOM_NAME.fullmatch(value) or value in RESERVED
            or MODAL_PREFIX.match(value)):
        raise FormulaError(f"bad atom name {value!r}: use a letter or underscore, then letters, digits, "
                           f"underscores or primes; not a reserved word, and not starting like K_")


# equality and repr are Formula's own, iterative ones.  The decorator is spelled out on
# each class, as mypy's attrs plugin recognizes it only there.
@attrs.frozen(eq=False, repr=False)
class Atom(Formula):
    """A propositional atom, true at the worlds whose facts include its name."""

    _connective = True

    name: str = attrs.field(validator=_check_name)


@attrs.frozen(eq=False, repr=False)
class Top(Formula):
    """The formula true everywhere."""

    _connective = True

    def __repr__(self) -> str:
        return "TOP"


@attrs.frozen(eq=False, repr=False)
class Bottom(Formula):
    """The formula false everywhere."""

    _connective = True

    def __repr__(self) -> str:
        return "BOTTOM"


TOP, BOTTOM = Top(), Bottom()


def _unary(cls):
    cls.operands = lambda self: (self.arg,)
    return cls


def _binary(cls):
    cls.operands = lambda self: (self.left, self.right)
    return cls


@_unary
@attrs.frozen(eq=False, repr=False)
class Not(Formula):
    """Negation."""

    _connective = True

    arg: Formula = attrs.field(validator=_check_formula)


@_binary
@attrs.frozen(eq=False, repr=False)
class And(Formula):
    """Conjunction."""

    _connective = True

    left: Formula = attrs.field(validator=_check_formula)
    right: Formula = attrs.field(validator=_check_formula)


@_binary
@attrs.frozen(eq=False, repr=False)
class Or(Formula):
    """Disjunction."""

    _connective = True

    left: Formula = attrs.field(validator=_check_formula)
    right: Formula = attrs.field(validator=_check_formula)


@_binary
@attrs.frozen(eq=False, repr=False)
class Implies(Formula):
    """Material implication."""

    _connective = True

    left: Formula = attrs.field(validator=_check_formula)
    right: Formula = attrs.field(validator=_check_formula)


@_binary
@attrs.frozen(eq=False, repr=False)
class Iff(Formula):
    """Material equivalence."""

    _connective = True

    left: Formula = attrs.field(validator=_check_formula)
    right: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Knows(Formula):
    """``K_a φ``: φ holds at every world the agent considers possible.

    Knowledge is factive: the checker refuses it where the agent's relation
    is not an equivalence (write :class:`Believes` there)."""

    agent: Agent = attrs.field(validator=_check_agent)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Possible(Formula):
    """``M_a φ``, the dual of knowledge: the agent considers a φ-world possible."""

    agent: Agent = attrs.field(validator=_check_agent)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class KnowsWhether(Formula):
    """``Kw_a φ``: the agent knows φ or knows not φ."""

    agent: Agent = attrs.field(validator=_check_agent)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Believes(Formula):
    """``B_a φ``: belief; φ holds at every world the agent considers possible,
    on any relation (KD45 after private announcements), and may be false."""

    agent: Agent = attrs.field(validator=_check_agent)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Everybody(Formula):
    """``E_G φ``: every agent of the group knows φ."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Common(Formula):
    """``C_G φ``: φ holds at every world reachable in one or more steps of
    any group member's relation."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class EverybodyBelieves(Formula):
    """``EB_G φ``: every agent of the group believes φ."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class CommonBelief(Formula):
    """``CB_G φ``: common belief, the same clause as :class:`Common` on any
    relations: φ holds at every world reachable in one or more steps."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    arg: Formula = attrs.field(validator=_check_formula)


@_unary
@attrs.frozen(eq=False, repr=False)
class Distributed(Formula):
    """``D_G φ``: φ holds at every world all group members consider possible
    together (the intersection of their relations)."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    arg: Formula = attrs.field(validator=_check_formula)


@attrs.frozen(eq=False, repr=False)
class Announce(Formula):
    """``[!φ]ψ``: after a truthful public announcement of φ, ψ holds
    (true where φ is false: the announcement cannot be made there)."""

    announced: Formula = attrs.field(validator=_check_formula)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.announced, self.arg)


@attrs.frozen(eq=False, repr=False)
class AnnounceDiamond(Formula):
    """``<!φ>ψ``: φ is true, and after announcing it ψ holds."""

    announced: Formula = attrs.field(validator=_check_formula)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.announced, self.arg)


@attrs.frozen(eq=False, repr=False)
class AnnouncePrivately(Formula):
    """``[!φ]_G ψ``: after the group alone learns φ (outsiders believe
    nothing happened), ψ holds; true where φ is false."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    announced: Formula = attrs.field(validator=_check_formula)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.announced, self.arg)


@attrs.frozen(eq=False, repr=False)
class AnnounceWhether(Formula):
    """``[?φ]_G ψ``: after the group learns whether φ while outsiders see
    that it did (a semi-private announcement), ψ holds."""

    group: frozenset[Agent] = attrs.field(converter=_to_group, validator=_check_group)
    announced: Formula = attrs.field(validator=_check_formula)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.announced, self.arg)


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class EventModelLike(Protocol):
    """What an :class:`Act` holds: an :class:`~epistemic.EventModel`, known
    here by what the formula reads of it, its named events and its arrows,
    and by how it is written, since the event models' module imports this
    one (preconditions are formulas)."""

    @property
    def events(self) -> Sequence[_Named]: ...

    @property
    def arrows(self) -> frozenset[tuple[Agent, str, str]]: ...

    def text_pieces(self, event: str, spell: dict, loosest: int) -> list:
        """``[E, event]`` written as :func:`to_text` writes a prefix."""


def _check_event_model(instance, attribute, value):
    # duck-typed: the event model's module imports this one
    if not hasattr(value, "events") or not hasattr(value, "arrows"):
        raise FormulaError(f"Act needs an EventModel, got {value!r}")


def _check_event_name(instance, attribute, value):
    if value not in [e.name for e in instance.action.events]:
        raise FormulaError(f"the event model has no event {value!r}")


@attrs.frozen(eq=False, repr=False)
class Act(Formula):
    """``[A, e]ψ``: after event ``e`` of the event model ``A`` happens (where
    its precondition holds), ψ holds; true where ``e`` cannot happen.
    Written ``[(events; relations), e] ψ`` (see :mod:`epistemic.event_text`)."""

    action: EventModelLike = attrs.field(validator=_check_event_model)
    event: str = attrs.field(validator=_check_event_name)
    arg: Formula = attrs.field(validator=_check_formula)

    def operands(self) -> tuple[Formula, ...]:
        return (self.arg,)


# walking ---------------------------------------------------------------------------
def subformulas(formula: Formula,
                operands: Callable[[Formula], Sequence[Formula]] | None = None) -> Iterator[Formula]:
    """Every formula inside ``formula`` (itself included), each once, every
    operand before the formula containing it: the order a bottom-up checker
    needs.  Iterative, so formulas of any depth are fine.  ``operands``
    says which operands of each formula to walk into (default: all).

    Examples
    --------
    >>> p, q = Atom("p"), Atom("q")
    >>> [str(f) for f in subformulas((p & q) | p)]
    ['p', 'q', 'p & q', 'p & q | p']
    """
    _formula(formula)
    done: set[Formula] = set()
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, expanded = stack.pop()
        if f in done:
            continue
        if expanded:
            done.add(f)
            yield f
            continue
        stack.append((f, True))
        stack.extend((g, False) for g in reversed(f.operands() if operands is None else operands(f))
                     if g not in done)


def atoms(formula: Formula) -> frozenset[str]:
    """The names of the atoms in ``formula``."""
    return frozenset(f.name for f in subformulas(formula) if isinstance(f, Atom))


def agents_of(formula: Formula) -> frozenset[Agent]:
    """The agents ``formula`` mentions."""
    found: set[Agent] = set()
    for f in subformulas(formula):
        agent = getattr(f, "agent", None)
        if agent is not None:
            found.add(agent)
        found.update(getattr(f, "group", ()))
        found.update(getattr(f, "agents", ()))    # a linear inequality's, one per term
    return frozenset(found)


def shared(formula: Formula, table: dict[Formula, Formula]) -> Formula:
    """``formula`` made of the formulas of ``table``: each subformula equal to
    one there is that one, and each other is added to it.

    Formulas passed through one table share every equal subformula as one
    object, so that equality between them, and a memo keyed by them, is
    settled by identity instead of a walk through both.

    Examples
    --------
    >>> table = {}
    >>> one = shared(Atom("p") & Atom("q"), table)
    >>> other = shared(~(Atom("p") & Atom("q")), table)
    >>> other.arg is one, len(table)
    (True, 4)
    """
    _formula(formula)
    made: dict[int, Formula] = {}    # by identity: the formula holds every subformula while this runs
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, ready = stack.pop()
        if id(f) in made:
            continue
        names = _field_names(type(f))
        values = [getattr(f, name) for name in names]
        if not ready:
            stack.append((f, True))
            stack.extend((g, False) for g in f.operands() if id(g) not in made)
            continue
        kept = [made[id(g)] if isinstance(g, Formula) else
                tuple(made[id(h)] for h in g) if _formula_tuple(g) else g for g in values]
        same = all(k is v or (isinstance(k, tuple) and _formula_tuple(v) and all(x is y for x, y in zip(k, v)))
                   for k, v in zip(kept, values))
        candidate = f if same else type(f)(*kept)
        made[id(f)] = table.setdefault(candidate, candidate)
    return made[id(formula)]


def conjunction(formulas: Iterable[Formula]) -> Formula:
    """``f1 & f2 & …`` (left to right), or ``TOP`` for none."""
    out: Formula | None = None
    for f in formulas:
        out = _formula(f) if out is None else And(out, _formula(f))
    return TOP if out is None else out


def disjunction(formulas: Iterable[Formula]) -> Formula:
    """``f1 | f2 | …`` (left to right), or ``BOTTOM`` for none."""
    out: Formula | None = None
    for f in formulas:
        out = _formula(f) if out is None else Or(out, _formula(f))
    return BOTTOM if out is None else out


# printing --------------------------------------------------------------------------
# The printers live beside the classes they spell, so that ``str(formula)``
# needs no other module; :mod:`epistemic.syntax` reads the text back.  The
# text syntax, in ASCII or Unicode, and LaTeX are three spellings of one
# printer: the same pieces, the same parentheses.

# binding strength: higher binds tighter
_IFF, _IMPLIES, _OR, _AND, _PREFIX, _ATOM = range(1, 7)
_STRENGTHS = {"iff": _IFF, "prefix": _PREFIX, "atom": _ATOM}
_BINARY = {Iff: ("iff", _IFF, _IFF, _IMPLIES), Implies: ("implies", _IMPLIES, _OR, _IMPLIES),
           Or: ("or", _OR, _OR, _AND), And: ("and", _AND, _AND, _PREFIX)}
# a spelling names each modal operator's prefix under these keys
_MODAL = {Knows: "K", Possible: "M", KnowsWhether: "Kw", Believes: "B", Everybody: "E", Common: "C",
          Distributed: "D", EverybodyBelieves: "EB", CommonBelief: "CB"}


def _agent_text(agent: Agent) -> str:
    name = _writable(agent, "the text syntax")
    return name if AGENT_WORD.fullmatch(name) else "{" + name + "}"


def _group_text(group) -> str:
    return "{" + ",".join(_writable(a, "the text syntax") for a in sorted(group)) + "}"


def _writable(agent: Agent, where: str) -> str:
    """The agent's name, if formulas can write it."""
    if not BRACED_NAME.fullmatch(agent.name):
        raise FormulaError(f"agent name {agent.name!r} cannot be written in {where}: "
                           f"use letters, digits, underscores and primes")
    return agent.name


#: A name LaTeX sets as it is: one letter, or digits (then primes).
_LATEX_BARE = re.compile(r"[A-Za-z]?|[0-9]+")


def _latex_name(name: str) -> str:
    """An atom's or agent's name in LaTeX math: ``p'``, ``12``, ``\\mathit{bob\\_1}'``."""
    stem = name.rstrip("'")
    if _LATEX_BARE.fullmatch(stem):
        return name
    return "\\mathit{" + stem.replace("_", "\\_") + "}" + name[len(stem):]


def _agent_latex(agent: Agent) -> str:
    return "{" + _latex_name(_writable(agent, "LaTeX")) + "}"


def _group_latex(group) -> str:
    return "{\\{" + ",".join(_latex_name(_writable(a, "LaTeX")) for a in sorted(group)) + "\\}}"


def _latex_number(q) -> str:
    """A rational number in LaTeX: ``\\frac{3}{4}``, ``-\\frac{1}{2}``, ``2``."""
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    return f"{sign}\\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"


_ASCII = {"name": "text syntax", "atom": str, "agent": _agent_text, "group": _group_text,
          "not": "~", "and": " & ", "or": " | ", "implies": " -> ", "iff": " <-> ", "top": "top", "bot": "bot",
          "K": "K_", "M": "M_", "Kw": "Kw_", "B": "B_", "E": "E_", "C": "C_", "D": "D_", "EB": "EB_", "CB": "CB_",
          "announce": ("[!", "]"), "diamond": ("<!", ">"), "private": ("[!", "]_"), "whether": ("[?", "]_"),
          # probability (epistemic.probability): P_a(φ), its comparisons, numbers, common p-belief C^{q}_G
          "P": "P_", "compare": {">=": " >= ", "<=": " <= ", ">": " > ", "<": " < ", "=": " = "},
          "number": lambda q: str(q), "level": lambda q: f"C^{{{q}}}_"}
_UNICODE = {**_ASCII, "not": "¬", "and": " ∧ ", "or": " ∨ ", "implies": " → ", "iff": " ↔ ", "top": "⊤",
            "bot": "⊥", "M": "◇_", "diamond": ("⟨!", "⟩"),
            "compare": {">=": " ≥ ", "<=": " ≤ ", ">": " > ", "<": " < ", "=": " = "}}
# Notation of van Ditmarsch, van der Hoek and Kooi, Dynamic Epistemic Logic (2007), but for
# the announcements, which keep the text syntax's "!" so that the private [!φ]_G and the
# semi-private [?φ]_G stay apart; knowing whether is Kw, as in Fan, Wang and van Ditmarsch (2015).
_LATEX = {"name": "LaTeX form", "atom": _latex_name, "agent": _agent_latex, "group": _group_latex,
          "not": "\\neg ", "and": " \\land ", "or": " \\lor ", "implies": " \\rightarrow ",
          "iff": " \\leftrightarrow ", "top": "\\top", "bot": "\\bot",
          "K": "K_", "M": "\\hat{K}_", "Kw": "\\mathit{Kw}_", "B": "B_", "E": "E_", "C": "C_", "D": "D_",
          "EB": "\\mathit{EB}_", "CB": "\\mathit{CB}_",
          "announce": ("[!", "]"), "diamond": ("\\langle !", " \\rangle"), "private": ("[!", "]_"),
          "whether": ("[?", "]_"),
          # event models inline, as in the text syntax: events named like atoms, sets in braces; math mode
          # drops spaces and sets ":" as a relation, spaced wide: a colon is punctuation, a gap is a space
          "event": _latex_name, "set": ("\\{", "\\}"), "semicolon": ";\\; ", "assign": " \\mathrel{:=} ",
          "colon": "\\colon", "gap": "\\; ",
          "designated": "\\mathrm{designated}\\;",
          "if": "\\text{ if }",
          "P": "P_", "compare": {">=": " \\geq ", "<=": " \\leq ", ">": " > ", "<": " < ", "=": " = "},
          "number": _latex_number, "level": lambda q: f"C^{{{_latex_number(q)}}}_"}


def to_text(formula: Formula, unicode: bool = False) -> str:
    """``formula`` in the text syntax, with as few parentheses as reading it
    back needs; ``parse_formula(to_text(f)) == f`` for every formula, except
    that an event model with a precondition given as a function, or a change
    of a fact that is not an atom name, has no text (:class:`FormulaError`).

    Examples
    --------
    >>> to_text(Implies(Implies(Atom("p"), Atom("q")), Atom("r")))
    '(p -> q) -> r'
    >>> to_text(Not(Knows(Agent("alice"), Atom("p"))), unicode=True)
    '¬K_alice p'
    """
    return _written(formula, _UNICODE if unicode else _ASCII)


def to_latex(formula: Formula) -> str:
    """``formula`` in LaTeX math, without ``$`` around it, with the
    parentheses of :func:`to_text` and only standard LaTeX commands (the
    notation is in ``docs/logic.md``).  Names of one letter or of digits are
    set as they are, longer ones as a word in ``\\mathit`` with ``_`` escaped.

    Raises
    ------
    FormulaError
        For an agent whose name formulas cannot write, and for an event
        model with a part that has no text (see :func:`to_text`).

    Examples
    --------
    >>> a, p, q = Agent("a"), Atom("p"), Atom("q_1")
    >>> print(to_latex(Knows(a, p & ~q) >> Common([Agent("b"), a], p)))
    K_{a} (p \\land \\neg \\mathit{q\\_1}) \\rightarrow C_{\\{a,b\\}} p
    >>> print(to_latex(Announce(p, Possible(Agent("alice"), q))))
    [!p] \\hat{K}_{\\mathit{alice}} \\mathit{q\\_1}
    """
    return _written(formula, _LATEX)


def _written(formula: Formula, spell: dict) -> str:
    # Pieces are written left to right from an explicit stack: the output is
    # built once, so memory stays linear however long or deep the formula is.
    out: list[str] = []
    stack: list = [(formula, _IFF)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        f, least = item
        pieces, strength = _pieces(f, spell)
        if strength < least:
            pieces = ["(", *pieces, ")"]
        stack.extend(reversed(pieces))
    return "".join(out)


def _pieces(f: Formula, spell: dict) -> tuple[list, int]:
    """What ``f`` is written as in the spelling ``spell``, texts and
    ``(operand, least strength)`` pairs in order, and how strongly it binds."""
    if isinstance(f, Atom):
        return [spell["atom"](f.name)], _ATOM
    if isinstance(f, Top):
        return [spell["top"]], _ATOM
    if isinstance(f, Bottom):
        return [spell["bot"]], _ATOM
    if isinstance(f, (Iff, Implies, Or, And)) and type(f) in _BINARY:
        # the exact class picks the spelling: a subclass has none of its own
        word, strength, left, right = _BINARY[type(f)]
        return [(f.left, left), spell[word], (f.right, right)], strength
    if isinstance(f, Not):
        return [spell["not"], (f.arg, _PREFIX)], _PREFIX
    if isinstance(f, (Knows, Possible, KnowsWhether, Believes)):
        return [f"{spell[_MODAL[type(f)]]}{spell['agent'](f.agent)} ", (f.arg, _PREFIX)], _PREFIX
    if isinstance(f, (Everybody, Common, Distributed, EverybodyBelieves, CommonBelief)):
        return [f"{spell[_MODAL[type(f)]]}{spell['group'](f.group)} ", (f.arg, _PREFIX)], _PREFIX
    if isinstance(f, (Announce, AnnounceDiamond)):
        opening, closing = spell["announce" if isinstance(f, Announce) else "diamond"]
        return [opening, (f.announced, _IFF), closing + " ", (f.arg, _PREFIX)], _PREFIX
    if isinstance(f, (AnnouncePrivately, AnnounceWhether)):
        opening, closing = spell["private" if isinstance(f, AnnouncePrivately) else "whether"]
        return [opening, (f.announced, _IFF), f"{closing}{spell['group'](f.group)} ", (f.arg, _PREFIX)], _PREFIX
    if isinstance(f, Act):
        # the event model writes itself (its module imports this one)
        return [*f.action.text_pieces(f.event, spell, _IFF), (f.arg, _PREFIX)], _PREFIX
    written = getattr(f, "text_pieces", None)
    if written is not None:
        # so do the formulas of probability (epistemic.probability), given the strengths
        return written(spell, _STRENGTHS)
    raise FormulaError(f"{type(f).__name__} formulas have no {spell['name']}")
