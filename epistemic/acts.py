"""Acts: an announcement or an event, read and applied to a model as a step of its own.

A formula ``[!p] K_a p`` says what holds after p is announced; the act
``[!p]`` is the announcement alone, written as the bracket of such a
formula.  :func:`parse_act` reads one: a public announcement ``[!φ]``, a
private one ``[!φ]_G`` (the others believe nothing happened), a
semi-private one ``[?φ]_G`` (the group learns whether φ, the others see
that it does), or an event of an event model, written out or named,
``[(h: p, t: ~p; a: {h} {t}; b: {h, t}), h]`` or ``[look, h]``.  It gives
the dynamic operator with ``top`` after it.  :func:`apply_act` applies it
at the actual worlds and returns the model afterwards, in which whatever
followed the bracket holds exactly where the dynamic formula says it does
(a property test checks this on random models, acts and formulas).

A public announcement keeps the worlds where the formula holds, with their
names.  The other acts are product updates: each world of the result is a
pair of an old world and an event, named ``w.told`` (world ``w``, event
``told``), and only the worlds reachable from the actual ones are kept,
so that a long history stays as small as what it says.  A private
announcement's events are ``told`` and ``skip`` (what the others believe
happened), a semi-private one's are named by what holds in each (``w.p``
and ``w.~p`` after ``[?p]_G``: the formula and its negation), an event
model's its own.

Examples
--------
>>> from epistemic import Agent, KripkeModel, holds, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
...                                actual="w", reflexive=True, symmetric=True)
>>> told = apply_act(m, parse_act("[!p]_{a}"))
>>> told.worlds, sorted(told.actual)
(['w.told', 'w.skip', 'v.skip'], ['w.told'])
>>> holds(told, parse_formula("K_a p & ~B_b p & B_b ~K_a p"))
True
>>> apply_act(m, parse_act("[!p]")).worlds
['w']
>>> apply_act(m, parse_act("[!~p]"))
Traceback (most recent call last):
...
epistemic.errors.ModelError: ~p is false at the actual world w: it cannot be announced truthfully
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

from .building import MAX_WORLDS
from .checking import after_announcement, truth_array
from .refusals import at_the_actual, quoted, untruthful
from .errors import ModelError
from .agents import Agent
from .events import EventModel, announcement_event, check_event_model, public_event
from .formulas import TOP, Act, Announce, AnnouncePrivately, AnnounceWhether, Formula, FormulaError, to_text
from .kripke import KripkeModel, World
from .syntax import _Parser, _read, named_event_models
from .updates import update
from .validators import instance_of

__all__ = ["SEPARATOR", "MAX_WORLDS", "parse_act", "act_text", "apply_act", "act_event_model"]

#: Between the old world and the event in the name of a world after a product update: ``w.told``.
#: Event names written as text hold no dot, so the two parts can be read back.
SEPARATOR = "."

#: The kinds of act, as ``apply_act`` names them when given something else.
_KINDS = "[!φ], [!φ]_{a,b}, [?φ]_{a,b} or [E, e]"


def act_text(act: Formula) -> str:
    """The act as written: the bracket of :func:`parse_act`'s formula, without the ``top`` after it.

    Examples
    --------
    >>> act_text(parse_act("[!p&q]_{b,a}"))
    '[!p & q]_{a,b}'
    """
    return to_text(act).removesuffix(" top")


def parse_act(text: str, event_models: Mapping[str, EventModel] | None = None) -> Formula:
    """The act written in ``text``: the bracket of a dynamic formula, alone.

    Parameters
    ----------
    text : str
        ``[!φ]``, ``[!φ]_G``, ``[?φ]_G`` or ``[E, e]``, the event model
        ``E`` written out or named (see :func:`epistemic.parse_formula`).
    event_models : mapping of str to EventModel, optional
        The event models ``[name, e]`` may name.

    Returns
    -------
    Formula
        An :class:`~epistemic.Announce`, :class:`~epistemic.AnnouncePrivately`,
        :class:`~epistemic.AnnounceWhether` or :class:`~epistemic.Act` whose
        formula after the bracket is ``top``.

    Raises
    ------
    FormulaSyntaxError
        With the line and column of the first fault, when ``text`` is not
        exactly one act.
    FormulaError
        When ``event_models`` is not a mapping of names to event models.

    Examples
    --------
    >>> parse_act("[?p & q]_{a,b}")
    AnnounceWhether([Agent('a'), Agent('b')], And(Atom('p'), Atom('q')), TOP)
    >>> parse_act("[!p] K_a p")
    Traceback (most recent call last):
    ...
    epistemic.syntax.FormulaSyntaxError: line 1, column 6: expected the end of the act, found 'K_'
    """
    instance_of(text, str, "an act's text must be a string", type_name=True, error=FormulaError)
    return _read(text, named_event_models(event_models), _one_act, "the end of the act")


def _one_act(parser: _Parser) -> Formula:
    """One act, read with the parser of formulas: its bracket and nothing after it."""
    t = parser.peek()
    if t.kind == "op" and t.text in ("[!", "[?"):
        opener = parser.take()
        made: list = []
        parser.closed(opener, parser.formula(), made)
        return made[0](TOP)
    if t.kind == "op" and t.text == "[":
        parser.take()
        return parser.act(t)(TOP)
    parser.fail(f"expected an act, {_KINDS}, found {t.shown()}")


def apply_act(model: KripkeModel, act: Formula, *, limit: int | None = None) -> KripkeModel:
    """``model`` after ``act`` happens at its actual worlds.

    Whatever formula ``act`` holds after its bracket is left aside: for
    every formula ψ put there, ψ holds in the result where the dynamic
    formula holds in ``model``, at every actual world where the act can
    happen.

    Parameters
    ----------
    model : KripkeModel
    act : Formula
        An :class:`~epistemic.Announce`, :class:`~epistemic.AnnouncePrivately`,
        :class:`~epistemic.AnnounceWhether` or :class:`~epistemic.Act`, as
        :func:`parse_act` gives.
    limit : int, optional
        The most worlds a product update may make (the worlds times the
        events, counted before it is made); by default :data:`MAX_WORLDS`.

    Returns
    -------
    KripkeModel
        For a public announcement, the model restricted to the worlds where
        the formula holds (their names kept); else the product update,
        restricted to the worlds reachable from its actual ones, each named
        ``w.e`` for the old world ``w`` and the event ``e`` (a clash of names
        ends in ``#2``, ``#3``, ...).  Its actual worlds are those where the
        act happened: an announcement at the actual worlds where its formula
        holds, a semi-private one at each actual world with the event that
        matches the formula's truth there, ``[E, e]`` with the event ``e``
        at the actual worlds where it can happen.

    Raises
    ------
    ModelError
        When the act cannot happen at any actual world (a false announcement,
        an event whose precondition fails), names an agent the model does
        not have, has an event model over other agents, would make a product
        of more than ``limit`` worlds, or asks what an agent knows
        where it may be mistaken (see :func:`epistemic.refusals.may_know`).
    FormulaError
        When ``act`` is no act.

    Examples
    --------
    Alice looks at a coin while Bob watches (semi-private): she learns the
    face, and he learns that she did.

    >>> from epistemic import Agent, KripkeModel, holds, parse_formula
    >>> alice, bob = Agent("alice"), Agent("bob")
    >>> coin = KripkeModel.from_relations([alice, bob], {"heads": {"heads"}, "tails": set()},
    ...                                   {alice: [("heads", "tails")], bob: [("heads", "tails")]},
    ...                                   actual="heads", reflexive=True, symmetric=True)
    >>> looked = apply_act(coin, parse_act("[(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t}), h]"))
    >>> looked.worlds, sorted(looked.actual), looked.origin("heads.h")
    (['heads.h', 'tails.t'], ['heads.h'], ('heads', 'h'))
    >>> holds(looked, parse_formula("K_alice heads & ~Kw_bob heads & K_bob Kw_alice heads"))
    True
    >>> apply_act(coin, parse_act("[(h: heads, t: ~heads; alice: {h} {t}; bob: {h, t}), t]"))
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: event 't' cannot happen at the actual world heads: its precondition ~heads is false there
    """
    instance_of(model, KripkeModel, "apply_act updates a KripkeModel", type_name=True, error=ModelError)
    if not isinstance(act, (Announce, AnnouncePrivately, AnnounceWhether, Act)):
        raise FormulaError(f"an act is {_KINDS}, got {type(act).__name__}")
    if not model.actual:
        raise ModelError("the model has no actual world, where the act would happen")
    if isinstance(act, Announce):
        _refuse_false(model, act.announced)
        return after_announcement(model, act.announced)
    events = _events(model, act)
    products = len(model) * len(events.events)
    limit = MAX_WORLDS if limit is None else limit
    if products > limit:
        raise ModelError(f"the update may make {products:,} worlds ({len(model):,} worlds times "
                         f"{len(events.events)} events), more than the {limit:,} an act may make")
    return _readable(update(model, events).generated())


def _events(model: KripkeModel, act: AnnouncePrivately | AnnounceWhether | Act) -> EventModel:
    """The event model of ``act``, with the events that happen as its designated ones;
    refused where none can happen at an actual world."""
    if isinstance(act, Act):
        action = check_event_model(act.action, model.agents)
        pre = action.event(act.event).precondition
        if isinstance(pre, Formula) or pre is None:
            _refuse_false(model, pre, f"event {act.event!r} cannot happen")
        elif not any(bool(pre(model, w)) for w in model.actual):
            raise ModelError(f"event {act.event!r} cannot happen at {_where(model)}: its precondition fails there")
    elif isinstance(act, AnnouncePrivately):
        _refuse_false(model, act.announced)
    return act_event_model(act, model.agents)


def act_event_model(act: Formula, agents: Iterable[Agent]) -> EventModel:
    """The event model of ``act`` among ``agents``, the events that happen designated,
    whether or not they can happen anywhere.

    A public announcement ``[!φ]`` is one event, ``told``, with precondition φ,
    that every agent sees; a private or semi-private one is
    :func:`~epistemic.events.announcement_event`'s; ``[E, e]`` is ``E``
    designating ``e``.

    Raises
    ------
    ModelError
        When the act names an agent not among ``agents``, or its event model
        is over other agents.
    FormulaError
        When ``act`` is no act.

    Examples
    --------
    >>> from epistemic import Agent
    >>> told = act_event_model(parse_act("[!p]_{a}"), [Agent("a"), Agent("b")])
    >>> [e.name for e in told.events], told.actual
    (['told', 'skip'], ('told',))
    >>> act_event_model(parse_act("[?p]_{a}"), [Agent("a")]).actual
    ('p', '~p')
    """
    agents = frozenset(agents)
    if isinstance(act, Announce):
        return public_event(agents, None, precondition=act.announced)
    if isinstance(act, Act):
        action = check_event_model(act.action, agents)
        action.event(act.event)
        # the same model, its probabilities too, designating the event that happens
        return action.designating([act.event])
    if not isinstance(act, (AnnouncePrivately, AnnounceWhether)):
        raise FormulaError(f"an act is {_KINDS}, got {type(act).__name__}")
    # told whether: the event that happens is the one matching the formula's truth, yes or no,
    # both designated
    return announcement_event(agents, act, "the act")


def _refuse_false(model: KripkeModel, formula: Formula | None, cannot: str = "") -> None:
    """Raise :class:`ModelError` where ``formula`` (``None``: true) is false at every actual world."""
    if formula is None:
        return
    truth = truth_array(model, formula)
    if any(truth[model.index(w)] for w in model.actual):
        return
    if cannot:
        raise ModelError(f"{cannot} at {_where(model)}: its precondition {quoted(formula)} is false there")
    raise ModelError(untruthful(formula, sorted(model.actual, key=model.index)))


def _where(model: KripkeModel) -> str:
    return at_the_actual(sorted(model.actual, key=model.index))


def _readable(model: KripkeModel) -> KripkeModel:
    """The product ``model`` with each world named after its origin, ``w.e``; names that
    would clash (a world ``1`` and a world ``"1"``, an event named with a dot) end in ``#k``."""
    bases = []
    for w in model.worlds:
        old, event = _origin(model, w)
        bases.append(f"{old}{SEPARATOR}{event}")
    counts = Counter(bases)
    taken = set(bases)
    names: dict[World, str] = {}
    for w, base in zip(model.worlds, bases):
        name, k = base, 1
        while counts[base] > 1 and (name == base or name in taken):
            k += 1
            name = f"{base}#{k}"
        taken.add(name)
        names[w] = name
    return model.renamed(names)


def _origin(model: KripkeModel, world: World) -> tuple[World, str]:
    origin = model.origin(world)
    assert origin is not None, "a product's worlds have origins"
    return origin

