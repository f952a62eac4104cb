"""How ``[E, e]ψ`` is written: event models in the text syntax of formulas.

An event model is written inline, in parentheses: its events, each with
its precondition after a colon (none: it can happen everywhere) and its
changes in braces, then each agent's relation, as blocks of events it
cannot tell apart or as arrows, then the designated events (left out when
they are just the event the formula is about)::

    [(h: heads, t: ~heads, skip; alice: {h} {t} {skip}; bob: h -> skip, t -> skip, skip -> skip), h] K_alice heads
    [(flip {heads := ~heads}; alice: {flip}; bob: {flip}), flip] K_bob ~heads

A change is ``p := φ`` (after the event, ``p`` is true exactly where ``φ``
was true before it), ``+p`` (``p`` becomes true) or ``-p`` (false).  The
grammar is in :mod:`epistemic.syntax`, which reads this text; this module
writes it, for :func:`epistemic.to_text` (which asks the event model,
:meth:`epistemic.EventModel.text_pieces`).

Examples
--------
>>> from epistemic import Act, Agent, Atom, Event, EventModel, to_text
>>> a = Agent("a")
>>> told = EventModel([a], [Event("told", precondition=Atom("p"), adds={"q"})], {a: [("told", "told")]}, ["told"])
>>> to_text(Act(told, "told", Atom("q")))
'[(told: p {+q}; a: {told}), told] q'
"""

from __future__ import annotations

from .agents import Agent
from .formulas import BRACED_NAME, TOP, Atom, Formula, FormulaError, _agent_text

__all__ = ["DESIGNATED", "act_pieces", "event_arrows", "event_blocks"]

#: The word that starts the designated events of an event model written inline.
DESIGNATED = "designated"


def _event_text(name: object) -> str:
    """The name of an event, checked to be one the syntax can write."""
    if not isinstance(name, str) or not BRACED_NAME.fullmatch(name):
        raise FormulaError(f"event name {name!r} cannot be written in the text syntax: "
                           f"use letters, digits, underscores and primes")
    return name


def _atom_text(name: object, event: str) -> str:
    try:
        return Atom(name).name  # type: ignore[arg-type]
    except FormulaError:
        raise FormulaError(f"event {event!r} changes {name!r}, which is not an atom name, "
                           f"so it has no text") from None


def _relation_agent(agent: Agent) -> str:
    # the bare word starts the designated events: such an agent is written in braces
    return "{" + agent.name + "}" if agent.name == DESIGNATED else _agent_text(agent)


def event_blocks(pairs: frozenset[tuple[str, str]], names: list[str]) -> list[list[str]] | None:
    """The relation ``pairs`` as blocks of events, ordered as ``names``, when
    it is an equivalence on all ``names``; else ``None``."""
    seen = {e: [f for f in names if (e, f) in pairs] for e in names}
    blocks: list[list[str]] = []
    for e in names:
        if e not in seen[e] or any(seen[f] != seen[e] for f in seen[e]):
            return None
        if seen[e][0] == e:
            blocks.append(seen[e])
    return blocks


def event_arrows(pairs: frozenset[tuple[str, str]], names: list[str]) -> list[tuple[str, str]]:
    """The relation ``pairs`` as arrows, in the order of the events ``names``."""
    order = {name: i for i, name in enumerate(names)}
    return sorted(pairs, key=lambda pair: (order[pair[0]], order[pair[1]]))


def _chance_pieces(pairs: tuple, spell: dict, loosest: int) -> list:
    """How likely an event is to happen, after its name: ``(q)``, or ``(q if φ, ...)``."""
    pieces: list = [spell.get("gap", " ") + "("]
    for i, (condition, q) in enumerate(pairs):
        pieces.append(", " if i else "")
        pieces.append(spell["number"](q))
        if condition != TOP or i < len(pairs) - 1:   # a last number alone holds everywhere
            pieces += [spell.get("if", " if "), (condition, loosest)]
    pieces.append(")")
    return pieces


def _observed(given: dict | None, f: str, spell: dict) -> str:
    """An arrow's observation probability, where the agent's at its event are given."""
    if given is None:
        return ""
    return f"{spell.get('gap', ' ')}({spell['number'](given.get(f, 0))})"


def act_pieces(model, event: str, spell: dict, loosest: int) -> list:
    """What ``[E, e]`` is written as, for the event model ``model`` and the
    event ``event``: texts and ``(formula, least strength)`` pairs, as
    :func:`epistemic.formulas.to_text` takes them (``spell``: its spellings;
    ``loosest``: the strength of a whole formula).

    Raises
    ------
    FormulaError
        For a part that has no text: a precondition given as a function, a
        changed fact that is not an atom name, or a name the syntax cannot write.
    """
    names = [_event_text(e.name) for e in model.events]
    word = spell.get("event", str)
    opening, closing = spell.get("set", ("{", "}"))
    semicolon = spell.get("semicolon", "; ")
    colon, gap = spell.get("colon", ":"), spell.get("gap", " ")
    chances = dict(model.occurrence)
    observed = {(agent, e): dict(pairs) for agent, e, pairs in model.observation}
    pieces: list = ["[("]
    for i, e in enumerate(model.events):
        pieces.append(", " if i else "")
        pieces.append(word(e.name))
        if e.name in chances:
            pieces += _chance_pieces(chances[e.name], spell, loosest)
        if e.precondition is not None:
            if not isinstance(e.precondition, Formula):
                raise FormulaError(f"event {e.name!r} has a precondition given as a function, "
                                   f"which has no text")
            pieces += [colon + " ", (e.precondition, loosest)]
        changes: list = []
        for atom, formula in sorted(e.assign, key=lambda pair: pair[0]):
            changes += [", ", f"{spell['atom'](_atom_text(atom, e.name))}{spell.get('assign', ' := ')}",
                        (formula, loosest)]
        for sign, facts in (("+", e.adds), ("-", e.removes)):
            changes += [text for atom in sorted(_atom_text(f, e.name) for f in facts)
                        for text in (", ", sign + spell["atom"](atom))]
        if changes:
            pieces += [gap + opening, *changes[1:], closing]
    arrow = spell["implies"]
    for agent in sorted(model.agents, key=lambda a: a.name):
        pairs = frozenset((e, f) for who, e, f in model.arrows if who == agent)
        weighed = any(who == agent for who, _ in observed)
        blocks = None if weighed else event_blocks(pairs, names)
        if blocks is not None:
            shown = gap.join(opening + ", ".join(word(e) for e in block) + closing for block in blocks)
        else:
            shown = ", ".join(f"{word(e)}{arrow}{word(f)}" + _observed(observed.get((agent, e)), f, spell)
                              for e, f in event_arrows(pairs, names))
        who = spell["agent"](agent) if "event" in spell else _relation_agent(agent)
        pieces.append(f"{semicolon}{who}{colon}" + (f" {shown}" if shown else ""))
    if tuple(model.actual) != (event,):
        pieces.append(f"{semicolon}{spell.get('designated', DESIGNATED)} " + ", ".join(word(e) for e in model.actual))
    pieces.append(f"), {word(event)}] ")
    return pieces
