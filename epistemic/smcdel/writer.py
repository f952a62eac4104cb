"""Knowledge structures and formulas written in SMCDEL's language.

A structure's variables are numbered (an atom ``pn`` keeps the number
``n``, where every variable is such an atom and none is numbered 0;
otherwise they are numbered from 1 in order) and its agents keep their
names where SMCDEL can write them.  Comments SMCDEL skips record what
the numbers stand for, so that :func:`~epistemic.smcdel.read_smcdel` gives
back the same atoms and agents::

    -- names: 1 m1, 2 m2
    -- agents: {"child1": "child_1"}
    -- padding: 3
    -- actual: {1,2}

A padding variable, false in every state, is what an agent observing
nothing observes: SMCDEL's ``OBS`` lists at least one variable an agent.

Examples
--------
>>> from epistemic import Agent, parse_formula
>>> from epistemic.symbolic import KnowledgeStructure
>>> s = KnowledgeStructure.build(["m1", "m2"], parse_formula("m1 | m2"), {Agent("a"): ["m2"], Agent("b"): []},
...                              actual=[{"m1"}])
>>> print(write_smcdel(s, [("VALID?", parse_formula("K_a m2 | ~K_a m2"))]))
-- names: 1 m1, 2 m2
-- padding: 3
-- actual: {1}
VARS 1,2,3
LAW  AND (1 | 2, ~ 3)
OBS  a: 2
     b: 3
VALID? (a knows that 2) | ~ (a knows that 2)
<BLANKLINE>
>>> to_smcdel(parse_formula("C_{a,b} (m1 -> [!m1] Kw_a m2)"), numbering(s))
'(a, b) comknow that (1 -> ([! 1] (a knows whether 2)))'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..agents import Agent
from ..errors import ModelError
from ..formulas import (Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom, Believes,
                        Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula, Iff,
                        Implies, Knows, KnowsWhether, Not, Or, Possible, Top)
from ..probability.formulas import CommonPBelief, Probability
from ..story import Story
from ..symbolic.convert import from_kripke
from ..symbolic.structure import KnowledgeStructure, State, described
from ..validators import is_whole
from .grammar import formula_size
from .lexer import KEYWORDS

__all__ = ["Numbering", "numbering", "to_smcdel", "write_smcdel", "write_story", "law_text", "MAX_LAW_TERMS",
           "MAX_WRITTEN"]

#: A law with no formula of its own is written as the paths of its diagram
#: (one conjunction each): at most this many.
MAX_LAW_TERMS = 20_000
#: A formula is written with at most this many parts (SMCDEL's language
#: has no way to name a part and use it twice).
MAX_WRITTEN = 1_000_000

_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9]*")
_NUMBERED = re.compile(r"p([0-9]+)")
_RESERVED = frozenset(word for word, _ in KEYWORDS)


@attrs.frozen
class Numbering:
    """What a structure's variables and agents are called in SMCDEL: each
    variable's number, each atom name's variable, each agent's name, and
    the padding variable's number (``None`` where no agent needs it)."""

    numbers: dict[str, int]
    atoms: dict[str, str]
    agents: dict[Agent, str]
    padding: int | None = None

    def atom(self, name: str) -> str:
        # an atom the structure does not have is false everywhere
        return str(self.numbers[self.atoms[name]]) if name in self.atoms else "Bot"


def _agent_names(agents: Iterable[Agent]) -> dict[Agent, str]:
    out: dict[Agent, str] = {}
    taken: set[str] = set()
    for agent in sorted(agents, key=lambda a: a.name):
        name = agent.name
        if not _NAME.fullmatch(name) or name in _RESERVED:
            name = "".join(c for c in name if c.isascii() and c.isalnum()) or "agent"
            if not name[0].isalpha():
                name = "a" + name
            if name in _RESERVED:
                name += "1"
        base, i = name, 1
        while name in taken:
            i += 1
            name = f"{base}{i}"
        taken.add(name)
        out[agent] = name
    return out


def numbering(structure: KnowledgeStructure) -> Numbering:
    """The numbers and names ``structure`` is written with.

    Raises
    ------
    ModelError
        When an agent has a relation (belief): SMCDEL's files hold observing agents only.
    """
    if structure.relations:
        agent = sorted(structure.relations, key=lambda a: a.name)[0]
        raise ModelError(f"{agent} considers states possible by a relation, not by observing variables, and "
                         "SMCDEL's files hold observing agents only")
    reading = {v: a for a, v in structure.atoms.items()}
    named = [reading.get(v) for v in structure.variables]
    given = [_NUMBERED.fullmatch(n) if n is not None else None for n in named]
    kept = [int(m.group(1)) for m in given if m is not None]
    if all(given) and len(set(kept)) == len(kept) and 0 not in kept:
        numbers = dict(zip(structure.variables, kept))
    else:
        numbers = {v: i for i, v in enumerate(structure.variables, 1)}
    padding = None
    if any(not seen for seen in structure.observables.values()):
        padding = max(numbers.values(), default=0) + 1
    return Numbering(numbers, dict(structure.atoms), _agent_names(structure.agents), padding)


def _group(agents, n: Numbering) -> str:
    strangers = sorted(a.name for a in agents if a not in n.agents)
    if strangers:
        raise ModelError(f"the formula names {strangers[0]}, who is not an agent of the structure")
    return ", ".join(sorted(n.agents[a] for a in agents))


def _unwritable(f: Formula) -> str | None:
    if isinstance(f, AnnouncePrivately):
        return ("a private announcement ([!φ]_G: the others believe nothing happened), which SMCDEL's language "
                "does not have (its group announcements let the others see that the group learned whether φ)")
    if isinstance(f, Act):
        return "an event model, which SMCDEL's files do not have"
    if isinstance(f, (Probability, CommonPBelief)):
        return "about probabilities, which SMCDEL's language does not have"
    return None


def to_smcdel(formula: Formula, n: Numbering) -> str:
    """``formula`` in SMCDEL's language, each compound part in parentheses
    (a run of ``&`` or of ``|`` written flat).

    Raises
    ------
    ModelError
        For a construct SMCDEL's language has not: a private announcement,
        an event model.
    """
    size = formula_size(formula)
    if size > MAX_WRITTEN:
        raise ModelError(f"the formula written out has {size:,} parts (those it shares written each time), more "
                         f"than the {MAX_WRITTEN:,} a file holds")
    done: dict[int, str] = {}
    stack: list[tuple[Formula, bool]] = [(formula, False)]
    while stack:
        f, ready = stack.pop()
        if id(f) in done:
            continue
        if not ready:
            why = _unwritable(f)
            if why is not None:
                raise ModelError(f"{f} is {why}")
            stack.append((f, True))
            stack.extend((g, False) for g in f.operands() if id(g) not in done)
            continue
        done[id(f)] = _written(f, n, done)
    return _bare(done[id(formula)])


def _bare(text: str) -> str:
    """``text`` without the parentheses around it as a whole, where they are."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    for i, c in enumerate(text):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and i < len(text) - 1:
            return text
    return text[1:-1]


def _written(f: Formula, n: Numbering, done: dict[int, str]) -> str:
    def w(g: Formula) -> str:
        return done[id(g)]

    def name(agent: Agent) -> str:
        if agent not in n.agents:
            raise ModelError(f"the formula names {agent}, who is not an agent of the structure")
        return n.agents[agent]

    if isinstance(f, Atom):
        return n.atom(f.name)
    if isinstance(f, Top):
        return "Top"
    if isinstance(f, Bottom):
        return "Bot"
    if isinstance(f, Not):
        return "~ " + w(f.arg)
    if isinstance(f, (And, Or)):
        op = " & " if isinstance(f, And) else " | "
        left = w(f.left)
        if type(f.left) is type(f) and left.startswith("("):   # the same operator groups to the left
            left = left[1:-1]
        return f"({left}{op}{w(f.right)})"
    if isinstance(f, Implies):
        return f"({w(f.left)} -> {w(f.right)})"
    if isinstance(f, Iff):
        return f"({w(f.left)} iff {w(f.right)})"
    if isinstance(f, (Knows, Believes)):
        return f"({name(f.agent)} knows that {w(f.arg)})"
    if isinstance(f, Possible):
        return f"~ ({name(f.agent)} knows that ~ {w(f.arg)})"
    if isinstance(f, KnowsWhether):
        return f"({name(f.agent)} knows whether {w(f.arg)})"
    if isinstance(f, (Everybody, EverybodyBelieves)):
        return "AND (" + ", ".join(f"{name(a)} knows that {w(f.arg)}" for a in sorted(f.group, key=lambda a: a.name)) + ")"
    if isinstance(f, (Common, CommonBelief)):
        return f"(({_group(f.group, n)}) comknow that {w(f.arg)})"
    if isinstance(f, Distributed):
        return f"(({_group(f.group, n)}) distknow that {w(f.arg)})"
    if isinstance(f, Announce):
        return f"([! {_bare(w(f.announced))}] {w(f.arg)})"
    if isinstance(f, AnnounceDiamond):
        return f"(<! {_bare(w(f.announced))}> {w(f.arg)})"
    assert isinstance(f, AnnounceWhether), f   # the rest were refused before
    return f"([{_group(f.group, n)} ?! {_bare(w(f.announced))}] {w(f.arg)})"


def law_text(structure: KnowledgeStructure, n: Numbering) -> str:
    """The law: its own formula where the structure has one, or else the
    paths of its diagram to true, one conjunction of literals each.

    Raises
    ------
    ModelError
        When the diagram has more than :data:`MAX_LAW_TERMS` such paths
        (counted before any is written).
    """
    if structure.law_formula is not None:
        return to_smcdel(structure.law_formula, n)
    m, law = structure.manager, structure.law
    if law == m.true:
        return "Top"
    if law == m.false:
        return "Bot"
    paths = m.paths(law)
    if paths > MAX_LAW_TERMS:
        raise ModelError(f"the state law's diagram has {paths:,} paths to true, more than the {MAX_LAW_TERMS:,} "
                         "a file writes out (one conjunction each)")
    terms = []
    for path in _each_path(structure):
        literals = [str(n.numbers[v]) if value else f"~ {n.numbers[v]}" for v, value in path]
        terms.append(literals[0] if len(literals) == 1 else "AND (" + ", ".join(literals) + ")")
    return terms[0] if len(terms) == 1 else "OR (" + ", ".join(terms) + ")"


def _terminal(structure: KnowledgeStructure, node) -> bool:
    return node == structure.manager.true or node == structure.manager.false


def _each_path(structure: KnowledgeStructure):
    """Each path of the law's diagram to true, as its (variable, value) steps."""
    m = structure.manager
    stack: list[tuple[Any, bool, tuple]] = [(structure.law, False, ())]
    while stack:
        node, flip, path = stack.pop()
        if _terminal(structure, node):
            if (node == m.true) != flip:
                yield path
            continue
        below = flip != node.negated
        stack.append((node.low, below, (*path, (node.var, False))))
        stack.append((node.high, below, (*path, (node.var, True))))


def _state(state: State, n: Numbering) -> str:
    return "{" + ",".join(str(x) for x in sorted(n.numbers[v] for v in state if v in n.numbers)) + "}"


def _given_state(structure: KnowledgeStructure, given, n: Numbering) -> State:
    """The state a ``TRUE?`` query is asked at: a state of the structure, or
    the names of its true atoms or their numbers in the file (a set, list or
    tuple of them).

    Raises
    ------
    ModelError
        For anything else, naming what was given.
    """
    if isinstance(given, (set, frozenset, list, tuple)) and not isinstance(given, State):
        if given and all(is_whole(x) for x in given):
            variables = {x: v for v, x in n.numbers.items()}
            strangers = sorted(x for x in given if x not in variables)
            if strangers:
                raise ModelError(f"a TRUE? query's state names {strangers[0]}, which numbers no variable of the "
                                 f"structure (they are {','.join(map(str, sorted(variables)))})")
            state = State(variables[x] for x in given)
            if not structure.is_state(state):
                shown = "{" + ",".join(map(str, sorted(set(given)))) + "}"
                raise ModelError(f"a TRUE? query's state {shown} is not a state: the law is false there")
            return state
        if all(isinstance(x, str) for x in given):
            try:
                return structure.state(given)
            except ModelError as fault:
                raise ModelError(f"a TRUE? query's state: {fault}") from None
    elif isinstance(given, State):
        return structure.state(given)
    raise ModelError(f"a TRUE? query's state is a state of the structure, or the names of its true atoms or their "
                     f"numbers in the file (a set, list or tuple of them), not {described(given)}")


def write_smcdel(structure: KnowledgeStructure, queries: Sequence[tuple] = (), title: str = "") -> str:
    """``structure`` as an SMCDEL file, with ``queries`` after it: each
    ``("VALID?", φ)``, ``("WHERE?", φ)`` or ``("TRUE?", φ, state)``, and
    after these, optionally, a comment to write above the query.  A
    ``TRUE?`` state is one of the structure's (as its ``actual`` and
    :func:`~epistemic.worlds_where` give them), the names of its true atoms,
    or the numbers its true variables have in the file (a set, list or tuple
    of names or of numbers).

    Raises
    ------
    ModelError
        For a structure SMCDEL's files cannot hold (an agent with a
        relation, no agent at all, a law too large to write), a formula its
        language cannot write, or a ``TRUE?`` state that is none of the
        structure's, or given as anything else.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> s = KnowledgeStructure.build(["p", "q"], parse_formula("p | q"), {Agent("a"): ["p"]})
    >>> f = parse_formula("K_a p")
    >>> print(write_smcdel(s, [("TRUE?", f, {"p"}), ("TRUE?", f, [2])]), end="")
    -- names: 1 p, 2 q
    VARS 1,2
    LAW  1 | 2
    OBS  a: 1
    TRUE? {1} a knows that 1
    TRUE? {2} a knows that 1
    >>> write_smcdel(s, [("TRUE?", f, "p")])
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: a TRUE? query's state is a state of the structure, or the names of its true atoms or their numbers in the file (a set, list or tuple of them), not str 'p'
    """
    if not structure.agents:
        raise ModelError("the structure has no agent, and SMCDEL's files list at least one under OBS")
    n = numbering(structure)
    written = []
    for query in queries:
        kind, formula = query[0], query[1]
        comment = query[3] if len(query) > 3 else ""
        written += [f"-- {line}" for line in comment.splitlines() if line.strip()]
        head = f"TRUE? {_state(_given_state(structure, query[2], n), n)}" if kind == "TRUE?" else kind
        written.append(f"{head} {to_smcdel(formula, n)}")
    law = law_text(structure, n)
    lines = [f"-- {line}" for line in title.splitlines() if line.strip()]
    names = {n.numbers[v]: a for a, v in n.atoms.items()}
    if any(names.get(x) != f"p{x}" for x in n.numbers.values()):
        hidden = {x for x in n.numbers.values() if x not in names}
        taken = set(names.values())
        for x in sorted(hidden):   # a variable no atom reads: named, so as not to be taken for pN
            name = f"_x{x}"
            while name in taken:
                name = "_" + name
            names[x] = name
            taken.add(name)
        lines.append("-- names: " + ", ".join(f"{x} {names[x]}" for x in sorted(names)))
    renamed = {short: a.name for a, short in sorted(n.agents.items(), key=lambda i: i[1]) if short != a.name}
    if renamed:   # as JSON: an agent's name may hold commas and spaces
        lines.append("-- agents: " + json.dumps(renamed, ensure_ascii=False))
    if n.padding is not None:
        lines.append(f"-- padding: {n.padding}")
        law = f"AND ({law}, ~ {n.padding})"
    if structure.actual:
        lines.append("-- actual: " + " ".join(_state(s, n) for s in structure.actual))
    variables = sorted(n.numbers.values()) + ([n.padding] if n.padding is not None else [])
    lines.append("VARS " + ",".join(map(str, variables)))
    lines.append(f"LAW  {law}")
    for i, (agent, short) in enumerate(sorted(n.agents.items(), key=lambda item: item[1])):
        seen = sorted(n.numbers[v] for v in structure.observables[agent]) or [n.padding or 0]
        lines.append(f"{'OBS ' if i == 0 else '    '} {short}: {','.join(map(str, seen))}")
    lines += written
    return "\n".join(lines) + "\n"


def write_story(story: Story, title: str = "") -> str:
    """A story as an SMCDEL file: its first model, and after every round
    each of its questions as a ``TRUE?`` query at each actual state, behind
    the announcements made so far (``[! φ1] [! φ2] … question``): SMCDEL
    answers them as the story did.

    Raises
    ------
    ModelError
        As :func:`write_smcdel`.
    """
    start = story.rounds[0].model
    structure = start if isinstance(start, KnowledgeStructure) else from_kripke(start)
    queries = []
    said: list[Formula] = []
    for r in story.rounds:
        if r.formula is not None:
            said.append(r.formula)
        for label, question in story.questions:
            asked = question
            for announced in reversed(said):
                asked = Announce(announced, asked)
            where = "at the start" if r.announcement is None else f"after round {r.number}: {r.announcement}"
            for i, state in enumerate(structure.actual):
                queries.append(("TRUE?", asked, state, f"{label}, {where}" if i == 0 else ""))
    return write_smcdel(structure, queries, title)
