"""How the text syntax reads an event model written inline (see :mod:`epistemic.syntax`).

An event model is written in parentheses: its events, each with how likely
it is to happen (optional), its precondition after a colon and its changes
in braces; then each agent's relation, as blocks of the events it cannot
tell apart or as arrows, an arrow with the agent's observation probability
(optional); then the designated events.  :mod:`epistemic.event_text`
writes the same text.

How likely an event is to happen at a world is a number in parentheses
after its name, or numbers each with the condition where it holds, the
first that holds counting (0 where none does, and a last number without
a condition holds everywhere); either every event has one or none does.
An arrow ``e -> f (q)`` says that when ``e`` happens, the agent takes it for
``f`` with probability ``q``; the arrows from one event either all have
one or none do (even).  This is the product update with probabilities of
van Benthem, Gerbrandy and Kooi (2009), :mod:`epistemic.probability.product`.

Examples
--------
The host of the Monty Hall problem opens a door with neither the car nor
the player's pick (door 1) behind it, at random where he may open either:

>>> from epistemic import parse_event_model
>>> host = parse_event_model("(open2 (1/2 if car1, 1 if car3): ~car2, open3 (1/2 if car1, 1 if car2): ~car3; "
...                          "player: {open2} {open3}; designated open2, open3)")
>>> [(e, [(str(c), str(q)) for c, q in pairs]) for e, pairs in host.occurrence][0]
('open2', [('car1', '1/2'), ('car3', '1')])
>>> fog = parse_event_model("(h, t; a: h -> h (3/4), h -> t (1/4), t -> t, t -> h; designated h)")
>>> fog.observation
((Agent('a'), 'h', (('h', Fraction(3, 4)), ('t', Fraction(1, 4)))),)
>>> parse_event_model("(h (1/2), t; a: {h, t}; designated h)")
Traceback (most recent call last):
...
epistemic.syntax.FormulaSyntaxError: line 1, column 11: event 't' has no probability of happening, though 'h' has: give every event one, or none
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, NoReturn

from ._lexer import Token
from .agents import Agent
from .errors import ModelError
from .event_text import DESIGNATED
from .events import Event, EventModel
from .formulas import TOP, Act, Atom, Formula, FormulaError
from .probability.reading import read_number

__all__ = ["MAX_EVENT_PAIRS", "MAX_EVENT_NESTING", "EventModelReading"]

#: The most pairs of events the event models written in one text may relate, over all their
#: agents: a block of n events an agent cannot tell apart is n² pairs, an arrow one.  Counted as
#: each block or arrow is read, before its pairs are made: a text within the longest text read
#: may write a block of 100,000 events, ten billion pairs.  An event model of this many pairs
#: takes about a tenth of a second and 15 MB to read, and a product update by it about two seconds.
MAX_EVENT_PAIRS = 100_000

#: The most event models written one inside another's precondition or change.
MAX_EVENT_NESTING = 100

#: An error names at most this many of an event model's events.
_LISTED = 10
#: The word before the condition where an event's probability of happening holds.
_IF = "if"


class EventModelReading:
    """The event models of the text syntax, a part of its parser (``epistemic.syntax._Parser``)."""

    event_models: Mapping[str, EventModel]
    event_pairs: int     # what the event models read so far relate, against MAX_EVENT_PAIRS
    event_nesting: int   # event models open around the formula being read

    if TYPE_CHECKING:   # the parser's own
        def peek(self) -> Token: ...

        def take(self) -> Token: ...

        def at(self, *ops: str) -> bool: ...

        def fail(self, message: str, token: Token | None = None) -> NoReturn: ...

        def expect(self, op: str, what: str, opened: Token | None = None) -> Token: ...

        def formula(self) -> Formula: ...

        def braced_name(self, what: str = "an agent name") -> str: ...

    # event models ----------------------------------------------------------------
    def act(self, opening: Token) -> Callable[[Formula], Formula]:
        """``[E, e]`` after its ``[``: the event model, by name or written
        out in parentheses, and the event."""
        t = self.peek()
        build: Callable[[str | None], EventModel]
        if self.at("("):
            names, build = self.event_model()
        elif t.kind == "modal" or t.word():
            name = self.braced_name("an event model's name")
            if name not in self.event_models:
                known = ", ".join(sorted(self.event_models)) or "none are given"
                self.fail(f"no event model is named {name!r} (known: {known})", t)
            model = self.event_models[name]
            names, build = dict.fromkeys(e.name for e in model.events), (lambda _: model)
        else:
            self.fail(f"expected an event model after '[', its name or its events in parentheses, "
                      f"found {t.shown()}")
        self.expect(",", "',' and the event")
        event = self.event_name(names)
        self.expect("]", "']'", opening)
        return functools.partial(Act, build(event), event)

    def event_model(self) -> tuple[dict[str, None], Callable[[str | None], EventModel]]:
        """An event model written out: its event names, and the model as a
        function of the event a formula is about (``None`` for none), its
        designated event unless others are named."""
        opening = self.take()
        if self.event_nesting >= MAX_EVENT_NESTING:
            self.fail(f"event models are nested more than {MAX_EVENT_NESTING} deep (one inside an event's "
                      f"precondition or change is one level deeper)", opening)
        events: list[Event] = []
        defined: dict[str, Token] = {}
        occurrence: dict[str, tuple[tuple[Formula, Fraction], ...]] = {}
        while True:
            t = self.peek()
            name = self.braced_name("an event name")
            if name in defined:
                self.fail(f"event {name!r} is defined twice (first at column {defined[name].column}"
                          + ("" if defined[name].line == t.line else f" of line {defined[name].line}") + ")", t)
            defined[name] = t
            chance = self.chance(name) if self.at("(") else None
            if events and (chance is None) == bool(occurrence):   # unlike the events before it
                lacking, given = (name, events[0].name) if chance is None else (events[0].name, name)
                self.fail(f"event {lacking!r} has no probability of happening, though {given!r} has: "
                          f"give every event one, or none", defined[lacking])
            if chance is not None:
                occurrence[name] = chance
            events.append(self.event(name))
            if not self.at(","):
                break
            self.take()
        names = dict.fromkeys(defined)
        relations: dict[Agent, list[tuple[str, str]]] = {}
        observation: dict[Agent, dict[str, dict[str, Fraction]]] = {}
        designated: list[str] = []
        expected = "',', ';' or ')'"
        while self.at(";"):
            self.take()
            t = self.peek()
            if t.kind == "word" and t.raw == DESIGNATED:
                self.take()
                if self.at(":"):
                    self.fail(f"an agent named {DESIGNATED!r} is written in braces: {{{DESIGNATED}}}:")
                designated = self.event_names(names, "is designated twice")
                expected = "',' or ')'"
                break
            agent = self.relation_agent()
            if agent in relations:
                self.fail(f"{agent.name} is given a relation twice", t)
            self.expect(":", f"':' and the relation of {agent.name}")
            relations[agent], observed = self.relation(agent, names)
            if observed:
                observation[agent] = observed
            expected = "';' or ')'"
        closing = self.expect(")", expected, opening)

        def build(event: str | None) -> EventModel:
            actual = designated or ([] if event is None else [event])
            if not actual:
                self.fail(f"name the designated events: '; {DESIGNATED} e' before the ')'", closing)
            try:
                return EventModel(list(relations), events, relations, actual, occurrence=occurrence or None,
                                  observation=observation or None)
            except ModelError as error:   # a probability the reading could not check alone (a sum)
                self.fail(str(error), opening)
        return names, build

    def chance(self, name: str) -> tuple[tuple[Formula, Fraction], ...]:
        """How likely event ``name`` is to happen, after its name: ``(q)``, or ``(q if φ, ...)``, the
        first condition that holds counting, a last ``q`` alone holding everywhere."""
        opening = self.take()
        self.event_nesting += 1
        pairs: list[tuple[Formula, Fraction]] = []
        everywhere = False   # a number without a condition was read: it comes last
        while True:
            if everywhere:
                self.fail(f"the probability of {name!r} without a condition holds everywhere: it comes last")
            q = self.probability(f"the probability of {name!r}")
            condition: Formula = TOP
            everywhere = not (self.peek().kind == "word" and self.peek().raw == _IF)
            if not everywhere:
                self.take()
                condition = self.formula()
            pairs.append((condition, q))
            if not self.at(","):
                break
            self.take()
        self.expect(")", "')'" if everywhere else "',' or ')'", opening)
        self.event_nesting -= 1
        return tuple(pairs)

    def probability(self, what: str) -> Fraction:
        """A number from 0 to 1."""
        t = self.peek()
        q = read_number(self)   # type: ignore[arg-type]
        if q > 1:
            self.fail(f"{what} is {q}, above 1", t)
        return q

    def event(self, name: str) -> Event:
        """One event after its name: ``: precondition`` and ``{changes}``, both optional."""
        precondition = None
        self.event_nesting += 1
        if self.at(":"):
            self.take()
            precondition = self.formula()
        assign: dict[str, Formula] = {}
        facts: dict[str, set[str]] = {"+": set(), "-": set()}
        if self.at("{"):
            brace = self.take()
            while True:
                t = self.peek()
                if self.at("+", "-"):
                    self.take()
                    atom = self.atom_name()
                    if atom in facts[t.text]:
                        self.fail(f"event {name!r} {'adds' if t.text == '+' else 'removes'} {atom!r} twice", t)
                    facts[t.text].add(atom)
                else:
                    atom = self.atom_name()
                    if atom in assign:
                        self.fail(f"event {name!r} assigns {atom!r} twice", t)
                    self.expect(":=", f"':=' and the formula {atom} takes")
                    assign[atom] = self.formula()
                if not self.at(","):
                    break
                self.take()
            self.expect("}", "',' or '}'", brace)
        self.event_nesting -= 1
        return Event(name, precondition, facts["+"], facts["-"], assign)

    def atom_name(self) -> str:
        t = self.peek()
        if t.kind == "word":
            self.take()
            try:
                return Atom(t.text).name
            except FormulaError:
                self.fail(f"{t.text!r} is not an atom name, so no event can change it", t)
        self.fail(f"expected a change: 'p := formula', '+p' or '-p', found {t.shown()}")

    def relation_agent(self) -> Agent:
        if self.at("{"):
            brace = self.take()
            name = self.braced_name()
            self.expect("}", "'}'", brace)
            return Agent(name)
        return Agent(self.braced_name(f"an agent's name, or {DESIGNATED!r} and the designated events"))

    def relation(self, agent: Agent, names: dict[str, None]
                 ) -> tuple[list[tuple[str, str]], dict[str, dict[str, Fraction]]]:
        """An agent's relation after its colon: blocks of events it cannot
        tell apart, every event in one; or arrows ``e -> f``, each perhaps with
        the agent's observation probability, ``e -> f (q)``; or nothing.
        Each block and arrow is counted against :data:`MAX_EVENT_PAIRS` before its pairs are made.
        Returns the pairs and the observation probabilities, by event and event."""
        pairs: list[tuple[str, str]] = []
        observed: dict[str, dict[str, Fraction]] = {}
        bare: dict[str, Token] = {}   # the first arrow without a probability from each event
        if self.at("{"):
            placed: set[str] = set()
            while self.at("{"):
                brace = self.take()
                at = self.peek()
                block = self.event_names(names, "is twice in one block")
                for e in block:
                    if e in placed:
                        self.fail(f"event {e!r} is already in another block of {agent.name}", at)
                placed.update(block)
                self.relate(len(block) ** 2, brace, f"{agent.name}'s block of {len(block):,} events")
                pairs += [(e, f) for e in block for f in block]
                self.expect("}", "',' or '}'", brace)
            missing = [e for e in names if e not in placed]
            if missing:
                self.fail(f"event {missing[0]!r} is in no block of {agent.name} (blocks hold every event once; "
                          f"write arrows for any other relation)")
            return pairs, observed
        while not self.at(";", ")"):
            at = self.peek()
            self.relate(1, at, f"an arrow of {agent.name}'s")
            e = self.event_name(names)
            self.expect("->", "'->' and the event it points to")
            f = self.event_name(names)
            pairs.append((e, f))
            if self.at("("):
                opening = self.take()
                observed.setdefault(e, {})[f] = self.probability(f"{agent.name}'s observation probability of "
                                                                 f"{f!r} at {e!r}")
                self.expect(")", "')'", opening)
            else:
                bare.setdefault(e, at)
            if not self.at(","):
                break
            self.take()
        for e, at in bare.items():
            if e in observed:
                self.fail(f"this arrow of {agent.name}'s from {e!r} has no probability, though another has: "
                          f"give every arrow from {e!r} one, or none (even)", at)
        return pairs, observed

    def relate(self, pairs: int, at: Token, what: str) -> None:
        """Count ``pairs`` more pairs of events, which ``what`` at ``at`` relates, against
        :data:`MAX_EVENT_PAIRS`."""
        self.event_pairs += pairs
        if self.event_pairs > MAX_EVENT_PAIRS:
            self.fail(f"{what} makes the event models relate {self.event_pairs:,} pairs of events, "
                      f"more than the {MAX_EVENT_PAIRS:,} one text may", at)

    def event_names(self, names: dict[str, None], twice: str) -> list[str]:
        """Distinct event names, separated by commas (``twice``: what a repeated one is told)."""
        out: dict[str, None] = {}
        while True:
            t = self.peek()
            e = self.event_name(names)
            if e in out:
                self.fail(f"event {e!r} {twice}", t)
            out[e] = None
            if not self.at(","):
                return list(out)
            self.take()

    def event_name(self, names: dict[str, None]) -> str:
        t = self.peek()
        name = self.braced_name("an event name")
        if name not in names:
            listed = ", ".join(itertools.islice(names, _LISTED)) + (", ..." if len(names) > _LISTED else "")
            self.fail(f"the event model has no event {name!r} (its events: {listed})", t)
        return name

