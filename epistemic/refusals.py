"""Where knowledge is refused, and the lines that say why.

Knowledge is factive: ``K``, ``Kw``, ``E``, ``C`` and ``D`` are refused
where a named agent's relation is not an equivalence, as for an outsider
after a private announcement, and the refusal says in one line what the
operator asks, why the agent may be mistaken, and what to write instead
(``B`` for belief).  Worlds no formula tells apart count as one for this
(:func:`may_know` looks at the bisimulation contraction), so contracting a
model never changes what is refused; ``D``, which contraction does not
preserve, needs the relations themselves to be equivalences.  Both engines, the explicit one
(:mod:`epistemic.checking`) and the symbolic one, refuse in these words,
and so do they refuse an announcement false at the actual world
(:func:`untruthful`).

Examples
--------
>>> from epistemic import Agent, KripkeModel
>>> b = Agent("b")
>>> swap = KripkeModel.from_relations([b], {"w": {"p"}, "v": set()}, {b: [("w", "v"), ("v", "w")]}, actual="w")
>>> may_know(swap, b), unmet_property(swap, b)
(False, 'reflexive')
"""

from __future__ import annotations

from collections.abc import Sequence

from .agents import Agent
from .bisimulation import contraction
from .errors import ModelError
from .formulas import AGENT_WORD, Common, Distributed, Everybody, Formula, Knows, KnowsWhether, to_text
from .kripke import KripkeModel
from .relations import Partition, Relation

__all__ = ["KnowledgeOperator", "agent_relation", "may_know", "unmet_property", "why_not_knowledge",
           "refuse_where_mistaken", "not_knowledge", "asking", "knowledge_refused", "untruthful",
           "at_the_actual", "quoted", "QUOTED"]


#: The operators that ask what agents know, and are refused where one of them may be mistaken.
KnowledgeOperator = Knows | KnowsWhether | Everybody | Common | Distributed


def agent_relation(model: KripkeModel, agent: Agent) -> Relation:
    """``agent``'s relation in ``model``, refused in one line where a formula names an agent
    the model does not have.

    Examples
    --------
    >>> from epistemic import KripkeModel
    >>> m = KripkeModel.from_relations([Agent("a")], {"w": set()}, {}, actual="w", reflexive=True)
    >>> agent_relation(m, Agent("b"))
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: the formula names b, who is not an agent of the model
    """
    if agent not in model.agents:
        raise ModelError(f"the formula names {agent}, who is not an agent of the model")
    return model.relation_of(agent)


def may_know(model: KripkeModel, agent: Agent) -> bool:
    """Whether ``agent``'s relation in ``model`` is an equivalence once bisimilar
    worlds are merged: where it is, ``K_agent`` is knowledge (what the agent
    knows is true, and the agent knows what it knows) for every formula.

    Checked on the bisimulation contraction, so a model and its contraction
    agree; cached.  An equivalence stays one when bisimilar worlds merge,
    so a relation that is not one after merging was not one before either.

    Examples
    --------
    >>> from epistemic import Agent, KripkeModel, parse_formula, private_event, update
    >>> a, b = Agent("a"), Agent("b")
    >>> m = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {a: [("w", "v")], b: [("w", "v")]},
    ...                                actual="w", reflexive=True, symmetric=True)
    >>> told = update(m, private_event([a, b], None, [a], precondition=parse_formula("p")))
    >>> may_know(told, a), may_know(told, b)
    (True, False)

    Where ``a`` knew p already, telling it changes nothing ``b`` could be
    wrong about: the world the update adds is bisimilar to the actual one.

    >>> knew = KripkeModel.from_relations([a, b], {"w": {"p"}, "v": set()}, {b: [("w", "v")]},
    ...                                   actual="w", reflexive=True, symmetric=True)
    >>> idle = update(knew, private_event([a, b], None, [a], precondition=parse_formula("p")))
    >>> len(idle), idle.is_equivalence(b), may_know(idle, b)
    (3, False, True)
    """
    relation = agent_relation(model, agent)
    if isinstance(relation, Partition):
        return True
    key = ("may know", agent)
    if key not in model.cache:
        model.cache[key] = (relation.is_equivalence()
                            or contraction(model)[0].relation_of(agent).is_equivalence())
    return model.cache[key]


def unmet_property(model: KripkeModel, agent: Agent) -> str | None:
    """``None`` where ``agent`` may know (:func:`may_know`), else the first
    property of an equivalence (``"reflexive"``, ``"symmetric"``,
    ``"transitive"``) that its relation lacks once bisimilar worlds are merged."""
    if may_know(model, agent):
        return None
    return contraction(model)[0].relation_of(agent).unmet_property()


def why_not_knowledge(model: KripkeModel, agent: Agent, *, pooled: bool = False,
                      lost: bool | None = None) -> str | None:
    """Why ``agent``'s relation in ``model`` is no knowledge, in words
    (:func:`not_knowledge`), or ``None`` where the agent may know
    (:func:`may_know`).

    ``pooled`` asks it for distributed knowledge, which bisimulation does
    not keep: of the relation itself, not of the relation once bisimilar
    worlds are merged.  ``lost`` says whether an update took the
    equivalence away; by default, whether the relation was one before the
    model's first update (:attr:`~epistemic.KripkeModel.s5_before`).

    Examples
    --------
    >>> b = Agent("b")
    >>> swap = KripkeModel.from_relations([b], {"w": {"p"}, "v": set()}, {b: [("w", "v"), ("v", "w")]}, actual="w")
    >>> why_not_knowledge(swap, b)
    "b's relation here is not an equivalence (it is not reflexive: b may rule out the world it is in, so what b knows may be false)"
    """
    relation = agent_relation(model, agent)
    if not pooled:
        if may_know(model, agent):
            return None
        relation = contraction(model)[0].relation_of(agent)
    unmet = relation.unmet_property()
    if unmet is None:
        return None
    if lost is None:
        lost = agent in (model.s5_before or ())
    # a reflexive relation that is KD45 is an equivalence: only one that is not reflexive may be belief
    return not_knowledge(agent, unmet, lost=lost, belief=unmet == "reflexive" and relation.is_kd45())


def refuse_where_mistaken(model: KripkeModel, f: KnowledgeOperator) -> None:
    """Raise :class:`ModelError` where knowledge operator ``f`` names an agent who may be mistaken.

    Examples
    --------
    >>> from epistemic import KripkeModel, parse_formula
    >>> b = Agent("b")
    >>> swap = KripkeModel.from_relations([b], {"w": {"p"}, "v": set()}, {b: [("w", "v"), ("v", "w")]}, actual="w")
    >>> refuse_where_mistaken(swap, parse_formula("K_b p"))
    Traceback (most recent call last):
    ...
    epistemic.errors.ModelError: K_b asks what b knows, but b's relation here is not an equivalence ...: write B_b ...
    """
    agents = [f.agent] if isinstance(f, (Knows, KnowsWhether)) else sorted(f.group, key=lambda a: a.name)
    for agent in agents:
        # distributed knowledge is not kept by bisimulation: its relations themselves must be equivalences
        reason = why_not_knowledge(model, agent, pooled=isinstance(f, Distributed))
        if reason is not None:
            raise ModelError(knowledge_refused(f, agent, reason))


#: What an agent may get wrong where its relation lacks each property of an equivalence.
_UNMET = {"reflexive": "{name}'s relation here is not an equivalence (it is not reflexive: {name} may rule out "
                       "the world it is in, so what {name} knows may be false)",
          "symmetric": "{name}'s relation here is not an equivalence (it is not symmetric: {name} may not know "
                       "what it does not know)",
          "transitive": "{name}'s relation here is not an equivalence (it is not transitive: {name} may not know "
                        "what it knows)"}
_BELIEF = ("{name}'s relation here is not an equivalence but one of belief (it is not reflexive: {name} may rule "
           "out the world it is in, and believe what is false)")


def not_knowledge(agent: Agent, unmet: str, *, lost: bool = False, belief: bool = False) -> str:
    """Why ``agent``'s relation is no knowledge, in words: it lacks property
    ``unmet`` (see :meth:`~epistemic.relations.Relation.unmet_property`);
    ``lost`` says that it was an equivalence before an update, which the
    agent may not have seen, and ``belief`` that it is one of belief
    (serial, transitive and Euclidean: KD45).  The symbolic engine says the
    same.

    Examples
    --------
    >>> not_knowledge(Agent("b"), "reflexive", lost=True)
    "b's relation here is not an equivalence (b may be mistaken, as after an announcement b did not see)"
    >>> not_knowledge(Agent("b"), "reflexive", belief=True)
    "b's relation here is not an equivalence but one of belief (it is not reflexive: b may rule out the world it is in, and believe what is false)"
    >>> not_knowledge(Agent("b"), "transitive")
    "b's relation here is not an equivalence (it is not transitive: b may not know what it knows)"
    """
    name = agent.name
    if lost:
        return (f"{name}'s relation here is not an equivalence ({name} may be mistaken, "
                f"as after an announcement {name} did not see)")
    return (_BELIEF if belief and unmet == "reflexive" else _UNMET[unmet]).format(name=name)


def asking(f: KnowledgeOperator, agent: Agent) -> tuple[str, str]:
    """What knowledge operator ``f`` asks of ``agent``, and what to ask
    instead where the agent may be mistaken, in words."""
    name = agent.name
    if isinstance(f, (Knows, KnowsWhether)):
        one = name if AGENT_WORD.fullmatch(name) else "{" + name + "}"
        if isinstance(f, Knows):
            return f"K_{one} asks what {name} knows", f"write B_{one} for what {name} believes"
        return f"Kw_{one} asks whether {name} knows", f"write B_{one} φ | B_{one} ~φ for what {name} believes"
    group = "{" + ",".join(sorted(a.name for a in f.group)) + "}"
    if isinstance(f, Everybody):
        return (f"E_{group} asks what everybody in {group} knows",
                f"write EB_{group} for what everybody in {group} believes")
    if isinstance(f, Common):
        return f"C_{group} asks what is common knowledge in {group}", f"write CB_{group} for common belief"
    return (f"D_{group} asks what {group} know together",
            "distributed knowledge needs every relation of the group to be an equivalence")


def knowledge_refused(f: KnowledgeOperator, agent: Agent, reason: str) -> str:
    """The one line that refuses knowledge operator ``f`` where ``agent``'s
    relation is not an equivalence, for ``reason`` (:func:`why_not_knowledge`)."""
    asked, instead = asking(f, agent)
    return f"{asked}, but {reason}: {instead}"


#: A claim in a message quotes a formula up to this many characters.
QUOTED = 60


def quoted(formula: Formula) -> str:
    """``formula`` as written, cut to :data:`QUOTED` characters, to quote in a message."""
    shown = to_text(formula)
    return shown if len(shown) <= QUOTED else shown[:QUOTED - 4] + " ..."


def at_the_actual(actual: Sequence) -> str:
    """Where an announcement or event is refused: at the actual world (or
    every actual world) of these names, in a message.

    Examples
    --------
    >>> at_the_actual(["w"]), at_the_actual(["w", "v"])
    ('the actual world w', 'every actual world (w, v)')
    """
    if len(actual) == 1:
        return f"the actual world {actual[0]}"
    return f"every actual world ({', '.join(str(w) for w in actual[:5])}{', ...' if len(actual) > 5 else ''})"


def untruthful(formula: Formula, actual: Sequence) -> str:
    """The line refusing to announce ``formula`` where it is false at every
    actual world (``actual``, their names); both engines and
    :func:`~epistemic.apply_act` say it.

    Examples
    --------
    >>> from epistemic import parse_formula
    >>> untruthful(parse_formula("~p"), ["w"])
    '~p is false at the actual world w: it cannot be announced truthfully'
    """
    return f"{quoted(formula)} is false at {at_the_actual(actual)}: it cannot be announced truthfully"
