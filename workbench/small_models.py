"""How many worlds a countermodel search needs before its "valid" can be trusted.

A validity or equivalence exercise is graded by searching the S5 models of
at most ``max_worlds`` worlds (:mod:`epistemic.validity`).  A countermodel
found is a countermodel: "invalid" and "not equivalent" are sure.  But "no
countermodel" is sure only when every formula with a countermodel has one
within the bound.  :func:`worlds_needed` works out a number of worlds that is
enough for the formula at hand, with proofs that hold for every formula it
answers for, and says when it has none.

The formula is first written without its announcements and event models, by
the reduction axioms of dynamic epistemic logic (van Ditmarsch, van der Hoek
and Kooi, *Dynamic Epistemic Logic*, 2007, chapters 4 and 6): ``[E, e] p`` is
``pre(e) -> post(e, p)``, and ``[E, e] K_a phi`` is ``pre(e) -> K_a [E, f] phi``
for every event f that agent a cannot tell from e, both sides true at the
same worlds of every model.  (Common knowledge after an act has no such
axiom in this language, and no bound is given for it.)  Then, on S5 models:

* **without common knowledge**, a model where the formula fails can be
  unravelled into a tree of the agents' cells and cut down to the worlds that
  witness its false knowledge claims (Blackburn, de Rijke and Venema, *Modal
  Logic*, 2001, chapter 2): a world at depth i needs, for each agent b
  other than the one it was reached by, at most one witness per subformula
  K_b psi of modal depth at most d - i, where d is the formula's modal depth.
  The tree's size is the bound: with one agent, the number of K subformulas
  plus one (Ladner's bound for S5, 1977);
* **with common knowledge**, a filtration through the formula's subformulas,
  with K_a C_G psi added for each C_G psi and each a in G, keeps every
  relation an equivalence and the truth of each subformula (Fagin, Halpern,
  Moses and Vardi, *Reasoning about Knowledge*, 1995, chapter 3): at most
  2 to the power of the atoms, K subformulas and C subformulas it holds.

Both bounds hold for every formula without distributed knowledge of a group
of two or more, whose relation is an intersection that neither argument
keeps; for such a formula none is given.  The bounds are enough, not least:
a smaller model often shows a fault, but only a search up to the bound shows
that there is none.

Examples
--------
>>> from epistemic import parse_formula as f
>>> worlds_needed(f("K_a p -> K_a K_a p")).worlds      # two K subformulas, one agent
3
>>> worlds_needed(f("E_{a,b} p -> E_{a,b} E_{a,b} p")).worlds
9
>>> worlds_needed(f("E_{a,b} E_{a,b} p <-> C_{a,b} p")).worlds
256
>>> worlds_needed(f("D_{a,b} p")).worlds is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import cast

import attrs

from epistemic import (BOTTOM, TOP, Act, Agent, And, Announce, AnnounceDiamond, AnnouncePrivately, AnnounceWhether,
                       Atom, Believes, Common, CommonBelief, Distributed, Everybody, EverybodyBelieves, EventModel,
                       Formula, Iff, Implies, Knows, KnowsWhether, Not, Or, Possible, conjunction)
from epistemic.formulas import Bottom, Top

__all__ = ["Bound", "worlds_needed", "written_out", "doubt", "MOST_NODES"]

#: The most formulas the translation without acts may make: past it, no bound is worked out.
MOST_NODES = 100_000


@attrs.frozen
class Bound:
    """A number of worlds enough to find a countermodel of a formula that has one.

    ``worlds`` is ``None`` when none is worked out, and ``why`` then says why;
    otherwise ``why`` names the argument that gives it.
    """

    worlds: int | None
    why: str


class _NoBound(Exception):
    """The formula holds something no bound here covers: the message says what."""


def worlds_needed(formula: Formula) -> Bound:
    """A number of worlds within which every S5 countermodel of ``formula`` has a smaller
    copy, or why none is worked out (see the module's notes)."""
    nodes = _Nodes()
    try:
        root = _Translation(nodes).of(formula)
    except _NoBound as reason:
        return Bound(None, str(reason))
    return nodes.bound(root)


def written_out(formula: Formula) -> Formula | None:
    """``formula`` without announcements and event models, true at the same worlds of every S5
    model (beliefs written as knowledge, one agent's common knowledge as its knowledge), as
    :func:`worlds_needed` weighs it; ``None`` where it cannot be written out.

    Examples
    --------
    >>> from epistemic import parse_formula as f, to_text
    >>> to_text(written_out(f("[!q] K_a p")))
    'q -> K_a (q -> p)'
    >>> to_text(written_out(f("[!p]_{a} B_b ~p")))      # b, not told, believes nothing happened
    'p -> K_b ~p'
    """
    nodes = _Nodes()
    try:
        root = _Translation(nodes).of(formula)
    except _NoBound:
        return None
    return nodes.formula(root)


def doubt(formula: Formula, max_worlds: int) -> str | None:
    """What a grade that found no countermodel of ``formula`` on models of at most
    ``max_worlds`` worlds must say of itself: ``None`` when the bound is enough.

    Examples
    --------
    >>> from epistemic import parse_formula as f
    >>> doubt(f("E_{a,b} p -> E_{a,b} E_{a,b} p"), 2)
    'the answer may be wrong: models of up to 9 worlds are needed to be sure, the sheet allows 2'
    >>> doubt(f("K_a p -> p"), 2) is None
    True
    >>> doubt(f("D_{a,b} p -> K_a p"), 3)
    'the answer may be wrong: no number of worlds is known to be enough for distributed knowledge of a group, the sheet allows 3'
    """
    bound = worlds_needed(formula)
    if bound.worlds is None:
        return (f"the answer may be wrong: no number of worlds is known to be enough for {bound.why}, "
                f"the sheet allows {max_worlds}")
    if bound.worlds <= max_worlds:
        return None
    return (f"the answer may be wrong: models of up to {_count(bound.worlds)} worlds are needed to be sure, "
            f"the sheet allows {max_worlds}")


def _count(n: int) -> str:
    """``n`` as a reader takes it in: written out up to a billion, else as a power.

    >>> _count(65536), _count(2 ** 40), _count(3 ** 30)
    ('65,536', '2^40', 'about 10^14')
    """
    if n <= 10 ** 9:
        return f"{n:,}"
    if n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    return f"about 10^{len(str(n)) - 1}"


class _Nodes:
    """Formulas without acts, each made once and named by a number: ``(kind, ...)`` where the
    parts after the kind are numbers of other nodes, an atom's name, or an agent's or group's.

    Kinds: ``atom``, ``top``, ``bot``, ``not``, ``and``, ``or``, ``imp``, ``iff``, ``box``
    (``K_a``, what agent a knows; on S5 models believing is knowing), ``common`` (``C_G``).
    Each node's parts come before it, so that a walk in number order is bottom-up.
    """

    def __init__(self) -> None:
        self.nodes: list[tuple] = [("top",), ("bot",)]
        self.number: dict[tuple, int] = {("top",): 0, ("bot",): 1}
        self.top, self.bot = 0, 1

    def make(self, kind: str, *parts) -> int:
        # equivalences only, so that the fewer nodes make a bound no larger
        top, bot = self.top, self.bot
        if kind == "not":
            inner = self.nodes[parts[0]]
            if inner[0] == "not":
                return inner[1]
            if parts[0] in (top, bot):
                return bot if parts[0] == top else top
        elif kind == "imp":
            if parts[0] == top or parts[1] == top or parts[0] == bot:
                return parts[1] if parts[0] == top else top
            if parts[1] == bot:
                return self.make("not", parts[0])
        elif kind in ("and", "or"):
            absorbing, neutral = (bot, top) if kind == "and" else (top, bot)
            if absorbing in parts:
                return absorbing
            parts = tuple(sorted({p for p in parts if p != neutral}))
            if len(parts) < 2:
                return parts[0] if parts else neutral
        node = (kind, *parts)
        found = self.number.get(node)
        if found is None:
            if len(self.nodes) >= MOST_NODES:
                raise _NoBound(f"a formula this large once its acts are written out (more than {MOST_NODES:,} "
                               "subformulas)")
            found = self.number[node] = len(self.nodes)
            self.nodes.append(node)
        return found

    def conjunction(self, parts: list[int]) -> int:
        return self.make("and", *parts)

    def below(self, root: int) -> list[int]:
        """The nodes inside ``root`` (itself included), in number order."""
        seen, stack = {root}, [root]
        while stack:
            for part in self._parts(stack.pop()):
                if part not in seen:
                    seen.add(part)
                    stack.append(part)
        return sorted(seen)

    def _parts(self, n: int) -> Iterator[int]:
        node = self.nodes[n]
        if node[0] == "box":
            yield node[2]
        elif node[0] == "common":
            yield node[2]
        elif node[0] not in ("atom", "top", "bot"):
            yield from node[1:]

    def formula(self, root: int) -> Formula:
        """The node ``root`` as a formula."""
        made: dict[int, Formula] = {}
        for n in self.below(root):   # parts first
            kind, *parts = self.nodes[n]
            if kind == "atom":
                made[n] = Atom(parts[0])
            elif kind in ("top", "bot"):
                made[n] = TOP if kind == "top" else BOTTOM
            elif kind == "not":
                made[n] = Not(made[parts[0]])
            elif kind == "box":
                made[n] = Knows(Agent(parts[0]), made[parts[1]])
            elif kind == "common":
                made[n] = Common([Agent(a) for a in parts[0]], made[parts[1]])
            elif kind == "and":
                made[n] = conjunction([made[p] for p in parts])
            else:
                made[n] = {"or": Or, "imp": Implies, "iff": Iff}[kind](made[parts[0]], made[parts[1]])
        return made[root]

    def bound(self, root: int) -> Bound:
        inside = self.below(root)
        atoms = [n for n in inside if self.nodes[n][0] == "atom"]
        boxes = [n for n in inside if self.nodes[n][0] == "box"]
        commons = [n for n in inside if self.nodes[n][0] == "common"]
        # the filtration's closure: K_a C_G psi for each C_G psi and each a of G
        closure = {(self.nodes[b][1], self.nodes[b][2]) for b in boxes}
        closure |= {(a, c) for c in commons for a in self.nodes[c][1]}
        filtration = 2 ** (len(atoms) + len(closure) + len(commons))
        if commons:
            return Bound(filtration, "a filtration through its subformulas (it has common knowledge)")
        tree = self._tree(inside, boxes)
        if tree <= filtration:
            return Bound(tree, "the tree of worlds that witness its knowledge claims")
        return Bound(filtration, "a filtration through its subformulas")

    def _tree(self, inside: list[int], boxes: list[int]) -> int:
        depth: dict[int, int] = {}
        for n in inside:   # parts first
            node = self.nodes[n]
            below = [depth[p] for p in self._parts(n)]
            depth[n] = (1 if node[0] == "box" else 0) + max(below, default=0)
        d = max(depth.values(), default=0)
        agents = sorted({self.nodes[b][1] for b in boxes})
        # within[b][k]: the K_b subformulas of modal depth at most k, each of which may need a witness
        within = {a: [sum(1 for b in boxes if self.nodes[b][1] == a and depth[b] <= k) for k in range(d + 1)]
                  for a in agents}
        # worlds[via] at depth i: a world reached by agent via (None: the root) and those below it
        worlds: dict[str | None, int] = {via: 1 for via in [None, *agents]}
        for i in range(d - 1, -1, -1):
            worlds = {via: 1 + sum(within[b][d - i] * worlds[b] for b in agents if b != via)
                      for via in [None, *agents]}
        return worlds[None]


@attrs.frozen
class _Action:
    """What an act is to the translation: ``key`` names it, each event's precondition and changes
    are nodes, and ``alike(agent, event)`` gives the events the agent cannot tell the event from."""

    key: object
    pre: dict[str, int] = attrs.field(eq=False)
    post: dict[str, dict[str, int]] = attrs.field(eq=False)
    alike: Callable[[str, str], tuple[str, ...]] = attrs.field(eq=False)


class _Translation:
    """A formula as a node of :class:`_Nodes`, its acts written out by the reduction axioms."""

    def __init__(self, nodes: _Nodes):
        self.nodes = nodes
        self.done: dict[Formula, int] = {}
        self.pushed: dict[tuple, int] = {}

    def of(self, formula: Formula) -> int:
        stack = [formula]
        while stack:
            f = stack[-1]
            if f in self.done:
                stack.pop()
                continue
            waiting = [g for g in _needs(f) if g not in self.done]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            self.done[f] = self._one(f)
        return self.done[formula]

    def _one(self, f: Formula) -> int:
        make, t = self.nodes.make, self.done
        if isinstance(f, Atom):
            return make("atom", f.name)
        if isinstance(f, (Top, Bottom)):
            return self.nodes.top if isinstance(f, Top) else self.nodes.bot
        if isinstance(f, Not):
            return make("not", t[f.arg])
        if isinstance(f, (And, Or, Implies, Iff)):
            kind = {And: "and", Or: "or", Implies: "imp", Iff: "iff"}[type(f)]
            return make(kind, t[f.left], t[f.right])
        if isinstance(f, (Knows, Believes)):
            return make("box", f.agent.name, t[f.arg])
        if isinstance(f, Possible):
            return make("not", make("box", f.agent.name, make("not", t[f.arg])))
        if isinstance(f, KnowsWhether):
            return make("or", make("box", f.agent.name, t[f.arg]), make("box", f.agent.name, make("not", t[f.arg])))
        if isinstance(f, (Everybody, EverybodyBelieves)):
            return self.nodes.conjunction([make("box", a, t[f.arg]) for a in _names(f.group)])
        if isinstance(f, (Common, CommonBelief, Distributed)):
            group = _names(f.group)
            if len(group) == 1:   # on S5 models one agent's common knowledge, and distributed, are knowing
                return make("box", group[0], t[f.arg])
            if isinstance(f, Distributed):
                raise _NoBound("distributed knowledge of a group")
            return make("common", tuple(group), t[f.arg])
        if isinstance(f, (Announce, AnnounceDiamond)):
            action = _Action(("public", t[f.announced]), {"!": t[f.announced]}, {"!": {}}, lambda agent, e: (e,))
            after = self._push(action, "!", t[f.arg])
            return after if isinstance(f, Announce) else make("and", t[f.announced], after)
        if isinstance(f, (AnnouncePrivately, AnnounceWhether)):
            return self._told(f)
        if isinstance(f, Act):
            return self._push(self._event_model(cast(EventModel, f.action)), f.event, t[f.arg])
        raise _NoBound(f"the operator {type(f).__name__}")

    def _told(self, f: AnnouncePrivately | AnnounceWhether) -> int:
        """A group told, alone (the others believe nothing happened) or told whether (the others
        see that it is): its events as :func:`epistemic.events.announcement_event` makes them."""
        make, told, group = self.nodes.make, self.done[f.announced], frozenset(_names(f.group))
        if isinstance(f, AnnouncePrivately):
            action = _Action(("private", told, group), {"told": told, "skip": self.nodes.top},
                             {"told": {}, "skip": {}},
                             lambda agent, e: (e,) if agent in group or e == "skip" else ("skip",))
            return self._push(action, "told", self.done[f.arg])
        action = _Action(("whether", told, group), {"yes": told, "no": make("not", told)}, {"yes": {}, "no": {}},
                         lambda agent, e: (e,) if agent in group else ("yes", "no"))
        # the event that happens is the one whose precondition holds
        return make("and", make("imp", told, self._push(action, "yes", self.done[f.arg])),
                    make("imp", make("not", told), self._push(action, "no", self.done[f.arg])))

    def _event_model(self, events: EventModel) -> _Action:
        pre, post = {}, {}
        for event in events.events:
            if event.precondition is not None and not isinstance(event.precondition, Formula):
                raise _NoBound("an event whose precondition is a function")
            pre[event.name] = self.nodes.top if event.precondition is None else self.done[event.precondition]
            changes = {str(fact): self.nodes.bot for fact in event.removes}
            changes.update({str(fact): self.nodes.top for fact in event.adds})
            changes.update({atom: self.done[formula] for atom, formula in event.assign})
            post[event.name] = changes
        arrows: dict[tuple[str, str], list[str]] = {}
        for agent, source, target in sorted(events.arrows, key=lambda arrow: (arrow[0].name, arrow[1], arrow[2])):
            arrows.setdefault((agent.name, source), []).append(target)
        # an agent with no arrow from the event considers nothing possible after it
        return _Action(events, pre, post, lambda agent, e: tuple(arrows.get((agent, e), ())))

    def _push(self, action: _Action, event: str, root: int) -> int:
        """``[action, event]`` before the node ``root``, written out: bottom-up over ``root``'s
        nodes for each event reached, each (event, node) made once."""
        make, nodes = self.nodes.make, self.nodes.nodes
        stack = [(event, root)]
        while stack:
            e, n = key = stack[-1]
            if (action.key, *key) in self.pushed:
                stack.pop()
                continue
            node = nodes[n]
            kind = node[0]
            if kind == "common":
                raise _NoBound("common knowledge after an announcement or an event")
            if kind == "box":
                needs = [(f, node[2]) for f in action.alike(node[1], e)]
            elif kind in ("atom", "top", "bot"):
                needs = []
            else:
                needs = [(e, part) for part in node[1:]]
            waiting = [k for k in needs if (action.key, *k) not in self.pushed]
            if waiting:
                stack.extend(waiting)
                continue
            stack.pop()
            pre = action.pre[e]
            if kind == "atom":
                inner = action.post[e].get(node[1], n)
            elif kind in ("top", "bot"):
                inner = n
            elif kind == "box":
                inner = self.nodes.conjunction([make("box", node[1], self.pushed[(action.key, *k)]) for k in needs])
            else:
                inner = make(kind, *(self.pushed[(action.key, *k)] for k in needs))
            self.pushed[(action.key, e, n)] = make("imp", pre, inner)
        return self.pushed[(action.key, event, root)]


def _needs(f: Formula) -> list[Formula]:
    """What the translation of ``f`` is made from: its operands, and an event model's formulas."""
    out = list(f.operands())
    if isinstance(f, Act):
        for e in cast(EventModel, f.action).events:
            if isinstance(e.precondition, Formula):
                out.append(e.precondition)
            out.extend(formula for _, formula in e.assign)
    return out


def _names(group) -> list[str]:
    return sorted(a.name for a in group)
