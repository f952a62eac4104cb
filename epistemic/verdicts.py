"""Why a formula is true or false at a world, as a tree of reasons.

:func:`explain_verdict` answers with a :class:`~epistemic.Reason`: when
``K_a φ`` fails at ``w`` it names the world ``a`` cannot rule out where
``φ`` fails, and explains that in turn, down to atoms.  Only what decides
the verdict is kept: one false conjunct, one witness world, one path for
common knowledge.  The tree is built with an explicit stack, and printed
with ``to_text`` or drawn with :func:`epistemic.visualize.reason_picture`.

Examples
--------
>>> from epistemic import Agent, KripkeModel, parse_formula
>>> a = Agent("a")
>>> m = KripkeModel.from_relations([a], {"w": {"p"}, "v": set()}, {a: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> print(explain_verdict(m, parse_formula("K_a p")).to_text())
K_a p is false at w: a cannot rule out v, where p is false
  p is false at v: it is not among the facts there
"""

from __future__ import annotations

import enum

from .checking import after_announcement, group_relation, truth_array, updated
from .errors import ModelError
from .events import check_event_model, private_event, whether_event
from .explanation import OMITTED, Reason
from .formulas import (Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom, Believes,
                       Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula,
                       FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Top, to_text)
from .kripke import KripkeModel, World
from .validators import whole_number_at_least

__all__ = ["explain_verdict", "verdict_of", "FormulaKind", "DEPTH"]

#: Levels of reasons kept below the verdict by default.
DEPTH = 12
#: At most this many worlds are explained where every world agrees (a true K, say).
_SHOWN = 3


class FormulaKind(str, enum.Enum):
    """The kind of a verdict's reason: the main operator of its formula.

    The values are the formula classes' names in lower case, as JSON
    output writes them.
    """

    ATOM = "atom"
    TOP = "top"
    BOTTOM = "bottom"
    NOT = "not"
    AND = "and"
    OR = "or"
    IMPLIES = "implies"
    IFF = "iff"
    KNOWS = "knows"
    POSSIBLE = "possible"
    KNOWS_WHETHER = "knowswhether"
    BELIEVES = "believes"
    EVERYBODY = "everybody"
    COMMON = "common"
    DISTRIBUTED = "distributed"
    EVERYBODY_BELIEVES = "everybodybelieves"
    COMMON_BELIEF = "commonbelief"
    ANNOUNCE = "announce"
    ANNOUNCE_DIAMOND = "announcediamond"
    ANNOUNCE_PRIVATELY = "announceprivately"
    ANNOUNCE_WHETHER = "announcewhether"
    ACT = "act"


def explain_verdict(model: KripkeModel, formula: Formula, world: World | None = None, *,
                    depth: int | None = DEPTH) -> Reason:
    """The reasons ``formula`` is true or false at ``world`` (default: the
    one actual world).

    Raises
    ------
    ModelError
        For an unknown world, or no world given when the model does not have
        exactly one actual world.
    """
    if world is None:
        if len(model.actual) != 1:
            raise ModelError("the model has no single actual world: name the world to explain")
        (world,) = model.actual
    model.index(world)
    if depth is not None:
        whole_number_at_least(depth, 0, "depth", error=ModelError)
    truth_array(model, formula)
    # depth first: an entry is (claim, key, kind, verdict, numbers of its children's entries)
    entries: list[tuple[str, tuple, FormulaKind, bool, list[int]]] = []
    stack: list[tuple] = [(model, formula, world, 0, None)]
    while stack:
        m, f, w, level, parent = stack.pop()
        claim, kind, children = _node(m, f, w)
        if children and depth is not None and level >= depth:
            claim, children = f"{claim} {OMITTED}", []
        entries.append((claim, (str(w), f), kind, bool(truth_array(m, f)[m.index(w)]), []))
        if parent is not None:
            entries[parent][4].append(len(entries) - 1)
        stack.extend((*child, level + 1, len(entries) - 1) for child in reversed(children))
    made: dict[int, Reason] = {}
    for n in range(len(entries) - 1, -1, -1):
        claim, key, kind, verdict, children = entries[n]
        made[n] = Reason(claim, key=key, kind=kind, verdict=verdict, because=[made[c] for c in children])
    return made[0]


def verdict_of(reason: Reason) -> str | None:
    """``"true"`` or ``"false"``: the verdict a reason of :func:`explain_verdict`
    carries (``None`` for reasons without one), to colour pictures by.

    Examples
    --------
    >>> verdict_of(Reason("p is true at w: it is among the facts there", verdict=True))
    'true'
    """
    return None if reason.verdict is None else _says(reason.verdict)


def _text(f: Formula, longest: int = 100) -> str:
    """A formula in a claim, shortened so that claims stay readable.

    Only small formulas are printed whole; of a large one, only its small
    operands are, so a claim costs the same however large the formula is.
    """
    def small(g: Formula) -> bool:
        # counted top-down with an early stop: never a walk of the whole formula
        stack, count = [g], 0
        while stack:
            count += 1
            if count > 40:
                return False
            stack.extend(stack.pop().operands())
        return True

    def whole(g: Formula) -> str:
        try:
            return to_text(g)
        except FormulaError:
            return f"[{type(g).__name__}] ..."

    if small(f):
        text = whole(f)
    else:
        parts = [whole(g) if small(g) else "(...)" for g in f.operands()]
        joiner = {And: " & ", Or: " | ", Implies: " -> ", Iff: " <-> "}.get(type(f))
        text = joiner.join(parts) if joiner and len(parts) == 2 else f"[{type(f).__name__}] {' '.join(parts)}"
    return text if len(text) <= longest else text[: longest - 4] + " ..."


def _says(truth: bool) -> str:
    return "true" if truth else "false"


def _node(m: KripkeModel, f: Formula, w: World):
    """``(claim, kind, [(model, formula, world), ...])`` for one verdict."""
    i = m.index(w)
    value = bool(truth_array(m, f)[i])
    head = f"{_text(f)} is {_says(value)} at {w}"
    kind = FormulaKind(type(f).__name__.lower())
    worlds = m.worlds

    def at(g: Formula, v: World):
        return (m, g, v)

    def truth(g: Formula, v: World) -> bool:
        return bool(truth_array(m, g)[m.index(v)])

    if isinstance(f, Atom):
        return f"{head}: it is {'' if value else 'not '}among the facts there", kind, []
    if isinstance(f, (Top, Bottom)):
        return f"{head}, as always", kind, []
    if isinstance(f, Not):
        return f"{head}: {_text(f.arg)} is {_says(not value)} there", kind, [at(f.arg, w)]
    if isinstance(f, And):
        if value:
            return f"{head}: both sides are true", kind, [at(f.left, w), at(f.right, w)]
        side = f.left if not truth(f.left, w) else f.right
        return f"{head}: {_text(side)} is false there", kind, [at(side, w)]
    if isinstance(f, Or):
        if not value:
            return f"{head}: both sides are false", kind, [at(f.left, w), at(f.right, w)]
        side = f.left if truth(f.left, w) else f.right
        return f"{head}: {_text(side)} is true there", kind, [at(side, w)]
    if isinstance(f, Implies):
        if not value:
            return f"{head}: its condition holds and its conclusion does not", kind, [at(f.left, w), at(f.right, w)]
        if not truth(f.left, w):
            return f"{head}: its condition {_text(f.left)} is false there", kind, [at(f.left, w)]
        return f"{head}: its conclusion {_text(f.right)} is true there", kind, [at(f.right, w)]
    if isinstance(f, Iff):
        return f"{head}: both sides are {_says(truth(f.left, w))} there", kind, [at(f.left, w), at(f.right, w)]
    if isinstance(f, (Knows, Believes, Possible, Distributed)):
        if isinstance(f, Distributed):
            names = sorted(a.name for a in f.group)
            who = (names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}") + " together"
            relation, considers = group_relation(m, f.group), "consider"
        else:
            relation, who, considers = m.relation_of(f.agent), f.agent.name, "considers"
        seen = [worlds[j] for j in relation.successors(i).tolist()]
        arg = truth_array(m, f.arg)
        bad = [v for v in seen if not arg[m.index(v)]]
        good = [v for v in seen if arg[m.index(v)]]
        if not seen:
            return f"{head}: {who} {considers} no world possible", kind, []
        if isinstance(f, Possible):
            if value:
                return f"{head}: {who} {considers} {good[0]} possible, where {_text(f.arg)} is true", kind, \
                    [at(f.arg, good[0])]
            return (f"{head}: {_text(f.arg)} is false at every world {who} {considers} possible "
                    f"({_list(seen)})"), kind, [at(f.arg, v) for v in seen[:_SHOWN]]
        if not value:
            return (f"{head}: {who} cannot rule out {bad[0]}, where {_text(f.arg)} is false"), kind, \
                [at(f.arg, bad[0])]
        return (f"{head}: {_text(f.arg)} is true at every world {who} {considers} possible ({_list(seen)})"), \
            kind, [at(f.arg, v) for v in seen[:_SHOWN]]
    if isinstance(f, KnowsWhether):
        if value:
            side = Knows(f.agent, f.arg) if truth(Knows(f.agent, f.arg), w) else Knows(f.agent, Not(f.arg))
            return f"{head}: {_text(side)} is true there", kind, [at(side, w)]
        seen = [worlds[j] for j in m.relation_of(f.agent).successors(i).tolist()]
        yes = next(v for v in seen if truth(f.arg, v))
        no = next(v for v in seen if not truth(f.arg, v))
        return (f"{head}: {f.agent.name} cannot tell {yes}, where {_text(f.arg)} is true, "
                f"from {no}, where it is false"), kind, [at(f.arg, yes), at(f.arg, no)]
    if isinstance(f, (Everybody, EverybodyBelieves)):
        agents = sorted(f.group, key=lambda a: a.name)
        single, verb = (Knows, "know") if isinstance(f, Everybody) else (Believes, "believe")
        if not value:
            a = next(a for a in agents if not truth(single(a, f.arg), w))
            return f"{head}: {a.name} does not {verb} {_text(f.arg)}", kind, [at(single(a, f.arg), w)]
        return f"{head}: each of {', '.join(a.name for a in agents)} {verb}s it", kind, \
            [at(single(a, f.arg), w) for a in agents[:_SHOWN]]
    if isinstance(f, (Common, CommonBelief)):
        return _common(m, f, w, head, kind)
    return _dynamic(m, f, w, head, kind, value)


def _list(worlds) -> str:
    shown = ", ".join(str(v) for v in worlds[:6])
    return shown + (f" and {len(worlds) - 6} more" if len(worlds) > 6 else "")


def _common(m: KripkeModel, f: Common | CommonBelief, w: World, head: str, kind: FormulaKind):
    arg = truth_array(m, f.arg)
    agents = sorted(f.group, key=lambda a: a.name)
    # breadth first from w over the group's relations, one or more steps, remembering the way
    start = m.index(w)
    parent: dict[int, tuple[int, str]] = {}
    frontier, seen = [start], set()
    found = None
    while frontier and found is None:
        nxt = []
        for x in frontier:
            for a in agents:
                for y in m.relation_of(a).successors(x).tolist():
                    if y in seen:
                        continue
                    seen.add(y)
                    parent[y] = (x, a.name)
                    if not arg[y]:
                        found = y
                        break
                    nxt.append(y)
                if found is not None:
                    break
            if found is not None:
                break
        frontier = nxt
    worlds = m.worlds
    if found is None and not seen:
        return f"{head}: the group reaches no world from {w}", kind, []
    if found is None:
        return (f"{head}: {_text(f.arg)} is true at all {len(seen)} worlds the group reaches from {w} "
                f"({_list([worlds[j] for j in sorted(seen)])})"), kind, []
    steps, y = [], found
    while True:
        x, name = parent[y]
        steps.append(f"{name} links {worlds[x]} to {worlds[y]}")
        if x == start:
            break
        y = x
    path = "; ".join(reversed(steps))
    return f"{head}: {path}, and {_text(f.arg)} is false at {worlds[found]}", kind, [(m, f.arg, worlds[found])]


def _dynamic(m: KripkeModel, f: Formula, w: World, head: str, kind: FormulaKind, value: bool):
    i = m.index(w)
    if isinstance(f, (Announce, AnnounceDiamond)):
        if not truth_array(m, f.announced)[i]:
            return f"{head}: {_text(f.announced)} is false there, so it cannot be announced", kind, \
                [(m, f.announced, w)]
        after = after_announcement(m, f.announced)
        return (f"{head}: after {_text(f.announced)} is announced, {_text(f.arg)} is {_says(value)} "
                f"at {w}"), kind, [(after, f.arg, w)]
    if isinstance(f, Act):
        events, name = check_event_model(f.action, m.agents), f.event
        column = [e.name for e in events.events].index(name)
    elif isinstance(f, AnnouncePrivately):
        if not truth_array(m, f.announced)[i]:
            return f"{head}: {_text(f.announced)} is false there, so it cannot be announced", kind, \
                [(m, f.announced, w)]
        events, column = private_event(m.agents, None, f.group, precondition=f.announced), 0
        name = "told"
    elif isinstance(f, AnnounceWhether):
        events = whether_event(m.agents, f.group, f.announced)
        column = 0 if truth_array(m, f.announced)[i] else 1
        name = ("yes", "no")[column]
    else:  # pragma: no cover - every operator is handled
        raise FormulaError(f"cannot explain {type(f).__name__}")
    after, new = updated(m, events)
    j = int(new[i, column])
    if j < 0:
        return f"{head}: event {name!r} cannot happen there", kind, []
    v = after.worlds[j]
    return (f"{head}: after event {name!r}, {_text(f.arg)} is {_says(value)} at {v} "
            f"(the pair {w}, {name})"), kind, [(after, f.arg, v)]
