"""Properties of SMCDEL files, on random structures and formulas.

* A structure and formulas written out and read back answer alike, the
  written on the explicit engine, the read on the symbolic one.
* SMCDEL's formulas, read here, hold where SMCDEL's own semantics says:
  a direct evaluator of its definitions (``eval`` in
  ``src/SMCDEL/Symbolic/S5.hs``, listing the states) is the reference.
"""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from epistemic import Agent
from epistemic import formulas as fm
from epistemic.checking import worlds_where   # the explicit engine's, which says nothing of atoms it lacks
from epistemic.smcdel import answer, parse_smcdel, write_smcdel
from epistemic.symbolic import KnowledgeStructure, to_kripke

_SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

# atom names: SMCDEL-style numbers, others, and one the structure lacks
ATOMS = ["p2", "m1", "x0", "ok"]
GHOST = "ghost"
# agent names: SMCDEL's, and some it cannot write (renamed in the file)
AGENTS = [Agent("a"), Agent("b_1"), Agent("K")]


@st.composite
def boolean(draw, atoms, depth=2):
    if depth == 0 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from([*(fm.Atom(a) for a in atoms), fm.TOP, fm.BOTTOM]))
    cls = draw(st.sampled_from([fm.Not, fm.And, fm.Or, fm.Implies, fm.Iff]))
    if cls is fm.Not:
        return fm.Not(draw(boolean(atoms, depth - 1)))
    return cls(draw(boolean(atoms, depth - 1)), draw(boolean(atoms, depth - 1)))


@st.composite
def structures(draw):
    """A law over some atoms, each agent observing some of them (maybe none), some actual states."""
    atoms = draw(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=4, unique=True))
    agents = draw(st.lists(st.sampled_from(AGENTS), min_size=1, max_size=3, unique=True))
    law = draw(boolean(atoms))
    observing = {a: draw(st.lists(st.sampled_from(atoms), unique=True)) for a in agents}
    structure = KnowledgeStructure.build(atoms, law, observing)
    states = structure.states(structure.law)
    actual = draw(st.lists(st.sampled_from(states), max_size=2, unique=True)) if states else []
    return structure.with_actual(actual)


@st.composite
def writable(draw, atoms, agents, depth=3):
    """Formulas SMCDEL's language can say, over the atoms (and one the structure lacks) and agents."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from([*(fm.Atom(a) for a in [*atoms, GHOST]), fm.TOP, fm.BOTTOM]))
    inner = writable(atoms, agents, depth - 1)
    group = st.frozensets(st.sampled_from(agents), min_size=1)
    kind = draw(st.sampled_from(["not", "and", "or", "implies", "iff", "K", "M", "Kw", "B", "E", "C", "D",
                                 "announce", "diamond", "whether"]))
    if kind == "not":
        return fm.Not(draw(inner))
    if kind in ("and", "or", "implies", "iff"):
        cls = {"and": fm.And, "or": fm.Or, "implies": fm.Implies, "iff": fm.Iff}[kind]
        return cls(draw(inner), draw(inner))
    if kind in ("K", "M", "Kw", "B"):
        cls = {"K": fm.Knows, "M": fm.Possible, "Kw": fm.KnowsWhether, "B": fm.Believes}[kind]
        return cls(draw(st.sampled_from(agents)), draw(inner))
    if kind in ("E", "C", "D"):
        cls = {"E": fm.Everybody, "C": fm.Common, "D": fm.Distributed}[kind]
        return cls(draw(group), draw(inner))
    if kind == "announce":
        return fm.Announce(draw(inner), draw(inner))
    if kind == "diamond":
        return fm.AnnounceDiamond(draw(inner), draw(inner))
    return fm.AnnounceWhether(draw(group), draw(inner), draw(inner))


def _truth_sets(model, formula) -> set:
    return {frozenset(model.facts(w)) for w in worlds_where(model, formula)}


@_SETTINGS
@given(st.data())
def test_written_and_read_back_a_structure_answers_as_before_on_the_other_engine(data):
    s = data.draw(structures())
    agents = sorted(s.agents, key=lambda a: a.name)
    formulas = data.draw(st.lists(writable(sorted(s.atoms), agents), min_size=1, max_size=3))
    back = parse_smcdel(write_smcdel(s, [("WHERE?", f) for f in formulas]))
    t = back.structure
    # the same structure: atoms, states, observations and actual states, by atom names
    assert set(t.atoms) == set(s.atoms)
    assert {t.true_atoms(x) for x in t.states(t.law)} == {s.true_atoms(x) for x in s.states(s.law)}
    names_t, names_s = {v: a for a, v in t.atoms.items()}, {v: a for a, v in s.atoms.items()}
    assert {a: {names_t[v] for v in seen} for a, seen in t.observables.items()} == \
        {a: {names_s[v] for v in seen} for a, seen in s.observables.items()}
    assert [t.true_atoms(x) for x in t.actual] == [s.true_atoms(x) for x in s.actual]
    # the same answers: the original on the explicit engine, the file on the symbolic one
    listed = to_kripke(s)
    for f, q in zip(formulas, back.queries):
        got = {t.true_atoms(back.state(numbers)) for numbers in answer(back, q).states}
        assert got == _truth_sets(listed, f)


# SMCDEL's formulas as its own syntax trees, evaluated by its definitions -----------------------------

@st.composite
def smcdel_forms(draw, variables, agents, depth=3):
    """``(constructor, ...)`` trees of SMCDEL's Form, over the numbers and agent names."""
    if depth == 0 or draw(st.integers(0, 3)) == 0:
        return draw(st.sampled_from([("Top",), ("Bot",), *(("PrpF", v) for v in variables)]))
    inner = smcdel_forms(variables, agents, depth - 1)
    group = st.lists(st.sampled_from(agents), min_size=1, max_size=len(agents), unique=True)
    kinds = ["Neg", "Conj", "Disj", "Xor", "OneOf", "Impl", "Equi", "Forall", "Exists"]
    if agents:   # with no agents: a boolean formula (a law, or what Forall and Exists quantify)
        kinds += ["K", "Kw", "Ck", "Ckw", "Dk", "Dkw", "PubAnnounce", "PubAnnounceW", "PubDia", "PubDiaW",
                  "Announce", "AnnounceW", "Dia", "DiaW"]
    kind = draw(st.sampled_from(kinds))
    if kind == "Neg":
        return ("Neg", draw(inner))
    if kind in ("Conj", "Disj", "Xor", "OneOf"):
        return (kind, tuple(draw(st.lists(inner, min_size=1, max_size=3))))
    if kind in ("Impl", "Equi", "PubAnnounce", "PubAnnounceW", "PubDia", "PubDiaW"):
        return (kind, draw(inner), draw(inner))
    if kind in ("Forall", "Exists"):   # over boolean formulas: the reader refuses the rest
        return (kind, tuple(draw(st.lists(st.sampled_from(variables), min_size=1, max_size=2, unique=True))),
                draw(smcdel_forms(variables, [], depth - 1)))
    if kind in ("K", "Kw"):
        return (kind, draw(st.sampled_from(agents)), draw(inner))
    if kind in ("Ck", "Ckw", "Dk", "Dkw"):
        return (kind, tuple(draw(group)), draw(inner))
    return (kind, tuple(draw(group)), draw(inner), draw(inner))


def smcdel_text(f) -> str:
    """The tree in SMCDEL's syntax, every part in parentheses."""
    kind, args = f[0], f[1:]
    t = smcdel_text
    if kind in ("Top", "Bot"):
        return kind
    if kind == "PrpF":
        return str(args[0])
    if kind == "Neg":
        return f"(~ {t(args[0])})"
    if kind in ("Conj", "Disj", "Xor", "OneOf"):
        word = {"Conj": "AND", "Disj": "OR", "Xor": "XOR", "OneOf": "ONEOF"}[kind]
        return f"{word} ({', '.join(map(t, args[0]))})"
    if kind in ("Impl", "Equi"):
        return f"({t(args[0])} {'->' if kind == 'Impl' else 'iff'} {t(args[1])})"
    if kind in ("Forall", "Exists"):
        return f"({kind} {','.join(map(str, args[0]))} {t(args[1])})"
    if kind in ("K", "Kw"):
        return f"({kind} {args[0]} {t(args[1])})"
    if kind in ("Ck", "Ckw", "Dk", "Dkw"):
        word = {"Ck": "comknow that", "Ckw": "comknow whether", "Dk": "distknow that", "Dkw": "distknow whether"}
        return f"(({', '.join(args[0])}) {word[kind]} {t(args[1])})"
    announced, after = (args[0], args[1]) if kind.startswith("Pub") else (args[1], args[2])
    group = "" if kind.startswith("Pub") else ", ".join(args[0]) + " "
    whether = "?" if kind.endswith("W") else ""
    opening, closing = ("[", "]") if "Dia" not in kind else ("<", ">")
    return f"({opening}{group}{whether}! {t(announced)}{closing} {t(after)})"


class Scene:
    """A knowledge structure listed: its states (sets of true numbers) and what each agent observes."""

    def __init__(self, variables, states, observes):
        self.variables, self.states, self.observes = list(variables), list(states), dict(observes)

    def alike(self, s, t, seen) -> bool:
        return s & seen == t & seen


def holds_by_definition(scene: Scene, s: frozenset, f) -> bool:
    """SMCDEL's ``eval`` (S5.hs), with ``[?! φ]`` by its definition in Language.hs and the duals
    ``<! φ>`` as SMCDEL's parser builds them: Neg (PubAnnounce φ (Neg ψ))."""
    kind, args = f[0], f[1:]
    ev = holds_by_definition
    if kind == "Top":
        return True
    if kind == "Bot":
        return False
    if kind == "PrpF":
        return args[0] in s
    if kind == "Neg":
        return not ev(scene, s, args[0])
    if kind == "Conj":
        return all(ev(scene, s, g) for g in args[0])
    if kind == "Disj":
        return any(ev(scene, s, g) for g in args[0])
    if kind == "Xor":
        return sum(ev(scene, s, g) for g in args[0]) % 2 == 1
    if kind == "OneOf":
        return sum(ev(scene, s, g) for g in args[0]) == 1
    if kind == "Impl":
        return not ev(scene, s, args[0]) or ev(scene, s, args[1])
    if kind == "Equi":
        return ev(scene, s, args[0]) == ev(scene, s, args[1])
    if kind in ("Forall", "Exists"):
        values = []
        for bits in itertools.product([False, True], repeat=len(args[0])):
            u = set(s) - set(args[0]) | {v for v, b in zip(args[0], bits) if b}
            values.append(ev(scene, frozenset(u), args[1]))
        return all(values) if kind == "Forall" else any(values)
    if kind in ("K", "Kw", "Dk", "Dkw"):
        agents = [args[0]] if kind in ("K", "Kw") else args[0]
        seen = frozenset().union(*(scene.observes[a] for a in agents))
        values = {ev(scene, t, args[1]) for t in scene.states if scene.alike(s, t, seen)}
        return values <= {True} if kind in ("K", "Dk") else len(values) <= 1
    if kind in ("Ck", "Ckw"):
        reached, frontier = {s}, [s]
        while frontier:   # the reflexive-transitive closure of the agents' steps
            x = frontier.pop()
            for t in scene.states:
                if t not in reached and any(scene.alike(x, t, scene.observes[a]) for a in args[0]):
                    reached.add(t)
                    frontier.append(t)
        values = {ev(scene, t, args[1]) for t in reached}
        return values <= {True} if kind == "Ck" else len(values) <= 1
    if kind in ("PubAnnounce", "PubDia"):
        phi, psi = args
        if kind == "PubDia":   # <! φ> ψ is ~[! φ] ~ψ
            return not ev(scene, s, ("PubAnnounce", phi, ("Neg", psi)))
        if not ev(scene, s, phi):
            return True
        after = Scene(scene.variables, [t for t in scene.states if ev(scene, t, phi)], scene.observes)
        return ev(after, s, psi)
    if kind in ("PubAnnounceW", "PubDiaW"):
        phi, psi = args
        if kind == "PubDiaW":
            return not ev(scene, s, ("PubAnnounceW", phi, ("Neg", psi)))
        # [?! φ]ψ := φ -> [! φ]ψ and ~φ -> [! ~φ]ψ
        told = phi if ev(scene, s, phi) else ("Neg", phi)
        return ev(scene, s, ("PubAnnounce", told, psi))
    group, phi, psi = args
    if kind in ("Dia", "DiaW"):
        return not ev(scene, s, ("Announce" if kind == "Dia" else "AnnounceW", group, phi, ("Neg", psi)))
    # announce: a fresh variable k <-> φ, observed by the group; evaluated at s with k as φ is
    k = max(scene.variables) + 1
    after = Scene([*scene.variables, k], [t | {k} if ev(scene, t, phi) else t for t in scene.states],
                  {a: seen | {k} if a in group else seen for a, seen in scene.observes.items()})
    here = s | {k} if ev(scene, s, phi) else s
    if kind == "Announce":
        return not ev(scene, s, phi) or ev(after, here, psi)
    return ev(after, here, psi)


@_SETTINGS
@given(st.data())
def test_smcdels_formulas_hold_where_smcdels_own_definitions_say(data):
    variables = data.draw(st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True))
    agents = data.draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=3, unique=True))
    observes = {a: data.draw(st.lists(st.sampled_from(variables), min_size=1, unique=True)) for a in agents}
    law = data.draw(smcdel_forms(variables, [], 2))
    forms = data.draw(st.lists(smcdel_forms(variables, agents), min_size=1, max_size=3))
    text = "\n".join([f"VARS {','.join(map(str, variables))}", f"LAW {smcdel_text(law)}",
                      "OBS " + "\n    ".join(f"{a}: {','.join(map(str, o))}" for a, o in observes.items()),
                      *(f"WHERE? {smcdel_text(f)}" for f in forms)])
    file = parse_smcdel(text)
    valuations = [frozenset(v for v, b in zip(variables, bits) if b)
                  for bits in itertools.product([False, True], repeat=len(variables))]
    scene = Scene(variables, [], {a: frozenset(o) for a, o in observes.items()})
    scene.states = [v for v in valuations if holds_by_definition(scene, v, law)]
    for f, q in zip(forms, file.queries):
        expected = sorted(sorted(s) for s in scene.states if holds_by_definition(scene, s, f))
        assert answer(file, q).states == expected, smcdel_text(f)
