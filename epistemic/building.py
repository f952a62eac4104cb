"""S5 models from a description: the atoms, a law, and what each agent observes.

:func:`describe_model` builds the model most puzzles start from.  Its
worlds are the valuations of the atoms that satisfy the law (a
propositional formula); each agent observes some of the atoms and cannot
tell apart worlds that agree on them.  That is the whole model: nothing
else is known, and every agent knows the law and who observes what.

A world is named by its true atoms, in the order the atoms were given,
separated by single spaces (``"p q"``); the world where no atom is true is
named ``"-"``.  No atom name contains a space or is ``"-"``, so names are
unambiguous, and they are strings, so the model can be saved as JSON
(:mod:`epistemic.model_json`).  The worlds come in binary counting order,
the first atom being the lowest bit: ``-``, ``p``, ``q``, ``p q``, ``r``, ...

Examples
--------
Two children, each seeing the other's forehead only:

>>> from epistemic import Agent, holds, parse_formula
>>> a, b = Agent("a"), Agent("b")
>>> m = describe_model(["ma", "mb"], "ma | mb", {a: ["mb"], b: ["ma"]}, actual=["ma", "mb"])
>>> m.worlds
['ma', 'mb', 'ma mb']
>>> m.partition(a)        # a sees whether mb, not whether ma
[['ma'], ['mb', 'ma mb']]
>>> holds(m, parse_formula("~Kw_a ma & ~Kw_b mb & [!~Kw_a ma] Kw_b mb"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np

from .agents import Agent
from .checking import truth_array
from .errors import ModelError
from .formulas import TOP, And, Atom, Bottom, Formula, FormulaError, Iff, Implies, Not, Or, Top, subformulas
from .kripke import KripkeModel
from .relations import FEW_WORLDS, Partition
from .syntax import parse_formula
from .validators import instance_of

__all__ = ["MAX_ATOMS", "MAX_WORLDS", "describe_model", "valuation_name"]

#: Most atoms a description may have: the law is evaluated on all ``2**k`` valuations.
MAX_ATOMS = 24
#: Most worlds (valuations satisfying the law) a described model may have.
MAX_WORLDS = 2 ** 20
#: Name of the world where no atom is true.
NO_ATOM = "-"

_PROPOSITIONAL = (Atom, Top, Bottom, Not, And, Or, Implies, Iff)
_CHUNK = 2 ** 16  # valuations evaluated at a time: bounds the checker's cache to a few megabytes


def valuation_name(true_atoms: Iterable[str], atoms: Iterable[str] | None = None) -> str:
    """The name :func:`describe_model` gives the world where ``true_atoms`` hold.

    The true atoms are written in the order of ``atoms`` (default: sorted),
    separated by spaces; no true atom at all is ``"-"``.

    Examples
    --------
    >>> valuation_name({"q", "p"}), valuation_name(["q", "p"], atoms=["q", "p"]), valuation_name([])
    ('p q', 'q p', '-')
    """
    true_atoms = set(true_atoms)
    order = sorted(true_atoms) if atoms is None else [a for a in atoms if a in true_atoms]
    return " ".join(order) or NO_ATOM


def describe_model(atoms: Iterable[str], law: Formula | str = TOP,
                   observes: Mapping[Agent, Iterable[str]] | None = None,
                   actual: Iterable[str] | str | None = None) -> KripkeModel:
    """The S5 model of the valuations of ``atoms`` that satisfy ``law``.

    Parameters
    ----------
    atoms : iterable of str
        The atom names, distinct; at most :data:`MAX_ATOMS`.
    law : Formula or str, default TOP
        A propositional formula (atoms, constants, ``~ & | -> <->``), or its
        text for :func:`~epistemic.parse_formula`.  Only the valuations
        where it holds become worlds.
    observes : mapping of Agent to iterable of str
        The atoms each agent observes.  An agent cannot tell apart the
        worlds that agree on its atoms.  The agents of the model are the
        keys; an agent observing nothing has one block.
    actual : iterable of str, str or None
        The actual world: the atoms true in it (a collection of names, or
        the world's name, such as ``"p q"`` or ``"-"``).  ``None``, the
        default, makes every world actual, so that ``holds(model, f)``
        asks whether ``f`` holds in every world the description allows.

    Returns
    -------
    KripkeModel
        Worlds named as the module says, each with the set of its true
        atoms as facts, and a partition per agent.

    Raises
    ------
    FormulaError
        When the law is not propositional, cannot be read, or names an atom
        not among ``atoms``.
    ModelError
        For more than :data:`MAX_ATOMS` atoms or :data:`MAX_WORLDS` worlds,
        repeated atoms, an unknown observed atom, a law no valuation
        satisfies, or an actual valuation the law excludes.

    Notes
    -----
    The law is evaluated by the model checker on the whole valuation space,
    ``2**k`` valuations, in chunks of ``2**16``; the truth of each atom there
    is a bit column computed with numpy.  Time and memory are
    ``O(2**k * len(law))`` for the law and ``O(worlds * k)`` for the model.

    Examples
    --------
    >>> from epistemic import Agent, holds, parse_formula
    >>> a = Agent("a")
    >>> m = describe_model(["p", "q"], "p -> q", {a: ["p"]})
    >>> m.worlds, m.partition(a)
    (['-', 'q', 'p q'], [['-', 'q'], ['p q']])
    >>> holds(m, parse_formula("K_a (p -> q) & (p -> K_a q)"))
    True
    >>> describe_model(["p"], "K_a p", {a: ["p"]})
    Traceback (most recent call last):
    ...
    epistemic.formulas.FormulaError: a law is propositional: it cannot use Knows (in 'K_a p')
    """
    names = _atom_names(atoms)
    law = _law(law, names)
    agents = _observations(observes, names)
    kept = _satisfying(law, names)
    if not len(kept):
        raise ModelError(f"no valuation of {_listing(names)} satisfies the law {str(law)!r}")
    if len(kept) > MAX_WORLDS:
        raise ModelError(f"the law leaves {len(kept)} valuations; a described model has at most "
                         f"{MAX_WORLDS} worlds")

    true = _true_atoms(kept, names)
    facts = [frozenset(t) for t in true]
    worlds = [" ".join(t) or NO_ATOM for t in true]
    relations = {}
    for agent, seen in agents.items():
        mask = sum((1 << names.index(atom) for atom in seen), 0)
        relations[agent] = Partition(kept & mask)
    if actual is None:
        actual_worlds = worlds
    else:
        actual_worlds = [_actual_world(actual, names, kept)]
    return KripkeModel(worlds, facts, relations, actual_worlds)


def _true_atoms(codes: np.ndarray, names: list[str]) -> list[tuple[str, ...]]:
    """The true atoms of each valuation, in the order of ``names``: the low
    and high halves of the codes are looked up in two small tables, so each
    world costs one concatenation."""
    half = (len(names) + 1) // 2
    low = [tuple(n for i, n in enumerate(names[:half]) if c >> i & 1) for c in range(1 << half)]
    high = [tuple(n for i, n in enumerate(names[half:]) if c >> i & 1) for c in range(1 << (len(names) - half))]
    lows, highs = (codes & ((1 << half) - 1)).tolist(), (codes >> half).tolist()
    return [low[a] + high[b] for a, b in zip(lows, highs)]


def _listing(names: list[str]) -> str:
    return ", ".join(names) if names else "no atoms"


def _atom_names(atoms) -> list[str]:
    if isinstance(atoms, str):
        raise ModelError(f"give the atoms as a collection of names, not the text {atoms!r}")
    names = list(atoms)
    for name in names:
        Atom(name)  # FormulaError for a bad name
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise ModelError(f"atom {twice!r} is given twice")
    if len(names) > MAX_ATOMS:
        raise ModelError(f"{len(names)} atoms are too many: a described model has at most {MAX_ATOMS} "
                         f"(its law is checked on all 2**{len(names)} valuations)")
    return names


def _law(law, names: list[str]) -> Formula:
    if isinstance(law, str):
        law = parse_formula(law)
    instance_of(law, Formula, "a law is a formula or its text", error=FormulaError)
    for f in subformulas(law):
        if not isinstance(f, _PROPOSITIONAL):
            raise FormulaError(f"a law is propositional: it cannot use {type(f).__name__} (in {str(f)!r})")
        if isinstance(f, Atom) and f.name not in names:
            raise FormulaError(f"the law names atom {f.name!r}, which is not among the atoms "
                               f"({_listing(names)})")
    return law


def _observations(observes, names: list[str]) -> dict[Agent, frozenset[str]]:
    out = {}
    for agent, seen in (observes or {}).items():
        instance_of(agent, Agent, "agents must be Agent objects", error=ModelError)
        if isinstance(seen, str):
            raise ModelError(f"give the atoms {agent} observes as a collection of names, not the text {seen!r}")
        seen = frozenset(seen)
        unknown = sorted(str(x) for x in seen if x not in names)
        if unknown:
            raise ModelError(f"{agent} observes {unknown[0]!r}, which is not among the atoms ({_listing(names)})")
        out[agent] = seen
    return out


def _satisfying(law: Formula, names: list[str]) -> np.ndarray:
    """The codes (bit ``i`` set: atom ``names[i]`` true) of the valuations where ``law`` holds.

    Each chunk of the valuation space is a model with no agents whose atoms'
    truth arrays are computed with numpy and given to the checker's cache
    (under the key it uses, ``("truth", atom)``), so the checker evaluates
    the connectives and never reads the facts of millions of worlds.
    """
    total = 1 << len(names)
    law_atoms = [f for f in subformulas(law) if isinstance(f, Atom)]
    nothing: frozenset[str] = frozenset()
    kept = []
    for start in range(0, total, _CHUNK):
        codes = np.arange(start, min(start + _CHUNK, total), dtype=np.int64)
        if len(codes) <= FEW_WORLDS:
            # so few worlds are checked by their facts (see epistemic.checking.truth_array), not the cache
            facts = [frozenset(n for i, n in enumerate(names) if code >> i & 1) for code in codes.tolist()]
            kept.append(codes[truth_array(KripkeModel(range(len(codes)), facts, {}, []), law)])
            continue
        space = KripkeModel(range(len(codes)), [nothing] * len(codes), {}, [])
        for atom in law_atoms:
            column = ((codes >> names.index(atom.name)) & 1).astype(bool)
            column.flags.writeable = False
            space.cache["truth", atom] = column
        kept.append(codes[truth_array(space, law)])
    return np.concatenate(kept)


def _actual_world(actual, names: list[str], kept: np.ndarray) -> str:
    """The name of the actual world, checked against the atoms and the law."""
    if isinstance(actual, str):
        true = [] if actual == NO_ATOM else actual.split()
    else:
        try:
            true = list(actual)
        except TypeError:
            raise ModelError(f"the actual world is a collection of true atoms or a world's name, "
                             f"got {actual!r}") from None
    unknown = [x for x in true if x not in names]
    if unknown:
        raise ModelError(f"the actual world makes {unknown[0]!r} true, which is not among the atoms "
                         f"({_listing(names)})")
    code = sum((1 << names.index(x) for x in set(true)), 0)
    place = int(np.searchsorted(kept, code))
    name = valuation_name(true, names)
    if place == len(kept) or kept[place] != code:
        raise ModelError(f"the actual world {name!r} does not satisfy the law")
    return name
