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

from .checking import truth_array
from .errors import ModelError
from .events import check_event_model, private_event, whether_event
from .explanation import OMITTED, Reason
from .formulas import (Act, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether, Atom, Believes,
                       Bottom, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, Formula,
                       FormulaError, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, Top, to_text)
from .kripke import KripkeModel, World
from .probability.formulas import CommonPBelief, Probability
from .symbolic.structure import KnowledgeStructure
from .symbolic.views import StructureView
from .validators import whole_number_at_least
from .views import ModelView

__all__ = ["explain_verdict", "verdict_of", "FormulaKind", "DEPTH"]

#: Levels of reasons kept below the verdict by default.
DEPTH = 12
#: At most this many worlds are explained where every world agrees (a true K, say).
_SHOWN = 3
#: Paths that break common knowledge longer than this are told by their ends.
_PATH = 6


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
    PROBABILITY = "probability"
    COMMON_P_BELIEF = "commonpbelief"


def explain_verdict(model: KripkeModel | KnowledgeStructure, formula: Formula, world: World | None = None, *,
                    depth: int | None = DEPTH) -> Reason:
    """The reasons ``formula`` is true or false at ``world`` (default: the
    one actual world) of a Kripke model or a knowledge structure.

    A knowledge structure is explained on its diagrams, however many
    states it has: the worlds an agent considers possible are counted and
    a witness is picked from them, so the reasons name states without
    listing the structure.

    Raises
    ------
    ModelError
        For an unknown world, or no world given when the model does not have
        exactly one actual world.

    Examples
    --------
    >>> from epistemic import Agent, parse_formula
    >>> from epistemic.symbolic import KnowledgeStructure

    Forty children, none muddy, each seeing every forehead but their own:
    2**40 states, and c0 cannot rule out that his own is muddy.

    >>> kids, atoms = [Agent(f"c{i}") for i in range(40)], [f"m{i}" for i in range(40)]
    >>> s = KnowledgeStructure.build(atoms, parse_formula("top"),
    ...                              {c: atoms[:i] + atoms[i + 1:] for i, c in enumerate(kids)}, actual=[set()])
    >>> print(explain_verdict(s, parse_formula("K_c0 ~m0")).to_text())
    K_c0 ~m0 is false at {}: c0 cannot rule out {m0}, where ~m0 is false
      ~m0 is false at {m0}: m0 is true there
        m0 is true at {m0}: it is among the facts there
    """
    view = _view(model)
    if world is None:
        if len(view.actual) != 1:
            raise ModelError("the model has no single actual world: name the world to explain")
        (world,) = view.actual
    view.check_world(world)
    if depth is not None:
        whole_number_at_least(depth, 0, "depth", error=ModelError)
    view.check(formula)
    # depth first: an entry is (claim, key, kind, verdict, numbers of its children's entries)
    entries: list[tuple[str, tuple, FormulaKind, bool, list[int]]] = []
    stack: list[tuple] = [(view, formula, world, 0, None)]
    while stack:
        v, f, w, level, parent = stack.pop()
        claim, kind, children = _node(v, f, w)
        if children and depth is not None and level >= depth:
            claim, children = f"{claim} {OMITTED}", []
        entries.append((claim, (v.name(w), f), kind, v.value(f, w), []))
        if parent is not None:
            entries[parent][4].append(len(entries) - 1)
        stack.extend((*child, level + 1, len(entries) - 1) for child in reversed(children))
    made: dict[int, Reason] = {}
    for n in range(len(entries) - 1, -1, -1):
        claim, key, kind, verdict, children = entries[n]
        made[n] = Reason(claim, key=key, kind=kind, verdict=verdict, because=[made[c] for c in children])
    return made[0]


def _view(model: KripkeModel | KnowledgeStructure) -> ModelView | StructureView:
    if isinstance(model, KripkeModel):
        return ModelView(model)
    if isinstance(model, KnowledgeStructure):
        return StructureView(model)
    raise ModelError(f"expected a Kripke model or a knowledge structure, not {type(model).__name__}")


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


def _node(view, f: Formula, w):
    """``(claim, kind, [(view, formula, world), ...])`` for one verdict."""
    value = view.value(f, w)
    name = view.name
    head = f"{_text(f)} is {_says(value)} at {name(w)}"
    kind = FormulaKind(type(f).__name__.lower())

    def at(g: Formula, v):
        return (view, g, v)

    def truth(g: Formula, v) -> bool:
        return view.value(g, v)

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
            group = sorted(f.group, key=lambda a: a.name)
            names = [a.name for a in group]
            who = (names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}") + " together"
            seen, considers = view.seen(group, w), "consider"
        else:
            seen, who, considers = view.seen([f.agent], w), f.agent.name, "considers"
        if not seen.count:
            return f"{head}: {who} {considers} no world possible", kind, []
        if isinstance(f, Possible):
            if value:
                good = seen.find(f.arg, True)
                return f"{head}: {who} {considers} {name(good)} possible, where {_text(f.arg)} is true", kind, \
                    [at(f.arg, good)]
            return (f"{head}: {_text(f.arg)} is false at every world {who} {considers} possible "
                    f"({_list(view, seen)})"), kind, [at(f.arg, v) for v in seen.first(_SHOWN)]
        if not value:
            bad = seen.find(f.arg, False)
            return (f"{head}: {who} cannot rule out {name(bad)}, where {_text(f.arg)} is false"), kind, \
                [at(f.arg, bad)]
        return (f"{head}: {_text(f.arg)} is true at every world {who} {considers} possible ({_list(view, seen)})"), \
            kind, [at(f.arg, v) for v in seen.first(_SHOWN)]
    if isinstance(f, KnowsWhether):
        if value:
            side = Knows(f.agent, f.arg) if truth(Knows(f.agent, f.arg), w) else Knows(f.agent, Not(f.arg))
            return f"{head}: {_text(side)} is true there", kind, [at(side, w)]
        seen = view.seen([f.agent], w)
        yes, no = seen.find(f.arg, True), seen.find(f.arg, False)
        return (f"{head}: {f.agent.name} cannot tell {name(yes)}, where {_text(f.arg)} is true, "
                f"from {name(no)}, where it is false"), kind, [at(f.arg, yes), at(f.arg, no)]
    if isinstance(f, (Everybody, EverybodyBelieves)):
        agents = sorted(f.group, key=lambda a: a.name)
        single, verb = (Knows, "know") if isinstance(f, Everybody) else (Believes, "believe")
        if not value:
            a = next(a for a in agents if not truth(single(a, f.arg), w))
            return f"{head}: {a.name} does not {verb} {_text(f.arg)}", kind, [at(single(a, f.arg), w)]
        return f"{head}: each of {', '.join(a.name for a in agents)} {verb}s it", kind, \
            [at(single(a, f.arg), w) for a in agents[:_SHOWN]]
    if isinstance(f, (Common, CommonBelief)):
        return _common(view, f, w, head, kind)
    if isinstance(f, Probability):
        return _probability(view, f, w, head, kind)
    if isinstance(f, CommonPBelief):
        return _common_p_belief(view, f, w, head, kind, value)
    return _dynamic(view, f, w, head, kind, value)


def _probability(view, f: Probability, w, head: str, kind: FormulaKind):
    """A linear inequality: each term's weight and the worlds it comes from; or whose probability is undefined."""
    model, name = view.model, view.name
    parts: list[str] = []
    children: list[tuple] = []
    total = 0
    for coefficient, agent, arg in zip(f.coefficients, f.agents, f.args):
        measure = model.measure(agent, model.index(w))
        if measure is None:
            return (f"{head}: {agent.name} has no probability there (its probabilities weigh no world it "
                    f"considers possible)"), kind, []
        truth = truth_array(model, arg)
        weighed = [(v, q) for v, q in measure if truth[v]]
        weight = sum((q for _, q in weighed), 0 * measure[0][1] if measure else 0)
        total += coefficient * weight
        shown = ", ".join(f"{name(model.worlds[v])} {q}" for v, q in weighed[:_SHOWN])
        more = f" and {len(weighed) - _SHOWN} more" if len(weighed) > _SHOWN else ""
        parts.append(f"{agent.name} gives {_text(arg)} probability {weight}" +
                     (f" ({shown}{more})" if weighed else ""))
        children.extend((view, arg, model.worlds[v]) for v, _ in weighed[:_SHOWN])
    summed = "" if len(parts) == 1 else f"; the sum is {total}"
    return f"{head}: {'; '.join(parts)}{summed}", kind, children[:_SHOWN]


def _common_p_belief(view, f: CommonPBelief, w, head: str, kind: FormulaKind, value: bool):
    """Common p-belief: who gives φ too little weight, or that the largest evident set holds the world."""
    agents = sorted(f.group, key=lambda a: a.name)
    level = f.level
    model = view.model
    lacking = next((a for a in agents if model.measure(a, model.index(w)) is None), None)
    if lacking is not None:
        return f"{head}: {lacking.name} has no probability there", kind, []
    short = next((a for a in agents if not view.value(Probability.at_least(a, f.arg, level), w)), None)
    if short is not None:
        asked = Probability.at_least(short, f.arg, level)
        return f"{head}: {short.name} gives {_text(f.arg)} probability less than {level}", kind, [(view, asked, w)]
    if value:
        return (f"{head}: every agent of the group gives {_text(f.arg)}, and the worlds where it is common "
                f"{level}-belief, probability at least {level}"), kind, \
            [(view, Probability.at_least(a, f.arg, level), w) for a in agents[:_SHOWN]]
    return (f"{head}: each agent gives {_text(f.arg)} probability at least {level} there, but some agent gives "
            f"less than {level} to the worlds where they all do so, again and again"), kind, \
        [(view, Probability.at_least(a, f.arg, level), w) for a in agents[:_SHOWN]]


def _list(view, seen) -> str:
    shown = ", ".join(view.name(v) for v in seen.first(6))
    return shown + (f" and {seen.count - 6:,} more" if seen.count > 6 else "")


def _common(view, f: Common | CommonBelief, w, head: str, kind: FormulaKind):
    path, reached = view.reach(sorted(f.group, key=lambda a: a.name), w, f.arg)
    name = view.name
    if path is None and not reached.count:
        return f"{head}: the group reaches no world from {name(w)}", kind, []
    if path is None:
        return (f"{head}: {_text(f.arg)} is true at all {reached.count:,} worlds the group reaches from "
                f"{name(w)} ({_list(view, reached)})"), kind, []
    links = [f"{agent} links {name(x)} to {name(y)}" for x, agent, y in path]
    if len(links) > _PATH:    # a long path keeps its ends, so a claim stays a line however far it goes
        links = links[:3] + [f"{len(links) - 5} more links"] + links[-2:]
    steps = "; ".join(links)
    end = path[-1][2]
    return f"{head}: {steps}, and {_text(f.arg)} is false at {name(end)}", kind, [(view, f.arg, end)]


def _dynamic(view, f: Formula, w, head: str, kind: FormulaKind, value: bool):
    if isinstance(f, (Announce, AnnounceDiamond)):
        if not view.value(f.announced, w):
            return f"{head}: {_text(f.announced)} is false there, so it cannot be announced", kind, \
                [(view, f.announced, w)]
        return (f"{head}: after {_text(f.announced)} is announced, {_text(f.arg)} is {_says(value)} "
                f"at {view.name(w)}"), kind, [(view.announced(f.announced), f.arg, w)]
    if isinstance(f, Act):
        events, name = check_event_model(f.action, view.agents), f.event
    elif isinstance(f, AnnouncePrivately):
        if not view.value(f.announced, w):
            return f"{head}: {_text(f.announced)} is false there, so it cannot be announced", kind, \
                [(view, f.announced, w)]
        events = private_event(view.agents, None, f.group, precondition=f.announced)
        name = events.events[0].name
    elif isinstance(f, AnnounceWhether):
        events = whether_event(view.agents, f.group, f.announced)
        name = events.events[0 if view.value(f.announced, w) else 1].name
    else:  # pragma: no cover - every operator is handled
        raise FormulaError(f"cannot explain {type(f).__name__}")
    after = view.after(events, w, name)
    if after is None:
        return f"{head}: event {name!r} cannot happen there", kind, []
    later, v = after
    return (f"{head}: after event {name!r}, {_text(f.arg)} is {_says(value)} at {later.name(v)}"), \
        kind, [(later, f.arg, v)]
