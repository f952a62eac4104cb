"""Exercise sheets: a title, an introduction, named models and exercises, in TOML.

A teacher writes a sheet by hand (docs/workbench.md describes the format
whole); :func:`load_sheet` reads it and checks everything a student's
answer will be graded against, so that a fault shows when the sheet is
read, not in the middle of grading a class.  The countermodel search of
each validity exercise is made then, once, whatever the answers (it may
take seconds: at most :data:`~epistemic.validity.MAX_MODELS` models).  Every
fault is a
:class:`SheetError` of one line naming the file, the exercise or model, and
the field.

Models are given inline (the JSON model schema written as TOML, or the
short ``worlds``/``links`` form closed to S5 partitions), from a file
beside the sheet, described (atoms, a law, who observes what) or taken from
a puzzle's round.  World names are text: a model whose worlds are named
otherwise (a puzzle's pairs of numbers) has them written as text.

Examples
--------
>>> sheet = sheet_from_text('''
... title = "Two worlds"
... [models.two]
... worlds = {w = ["p"], v = []}
... links = {a = [["w", "v"]]}
... agents = ["a", "b"]
... actual = "w"
... [[exercises]]
... kind = "worlds"
... model = "two"
... formula = "K_b p"
... ''')
>>> ex = sheet.exercises[0]
>>> ex.id, ex.kind, sorted(ex.model.worlds), ex.model.partition(Agent("a"))
('1', 'worlds', ['v', 'w'], [['w', 'v']])
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING

import attrs

from epistemic import Agent, EpistemicError, Formula, KripkeModel, parse_formula, to_text
from epistemic.checking import worlds_where
from epistemic.building import describe_model
from epistemic.files import read_limited, text_from, toml_from
from epistemic.model_json import model_from_dict
from epistemic.probability import ProbabilisticModel
from epistemic.symbolic import KnowledgeStructure, to_kripke
from epistemic.symbolic.files import load_any
from epistemic.validity import (MAX_MODELS, MAX_SEARCH_WORLDS, Search, models_to_search, search_countermodel,
                                vocabulary)

from . import sequences, small_models

if TYPE_CHECKING:
    from epistemic.planning import PlanningTask, SearchResult

__all__ = ["KINDS", "MAX_SHEET_WORLDS", "MAX_EXERCISES", "MAX_SHEET_BYTES", "Exercise", "Progress", "Sheet",
           "SheetError", "load_sheet", "sheet_from_text", "text_worlds"]

#: The kinds of exercise, each with the fields it needs and those it may have.
KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "worlds": (("model", "formula"), ()),
    "formula": (("model", "worlds"), ()),
    "announcement": (("model", "goal"), ("to", "whether", "actions", "max_steps", "hint_shortest")),
    "validity": (("formula",), ("max_worlds",)),
    "equivalent": (("formula",), ("max_worlds",)),
}
#: Fields every exercise may have.
_COMMON = ("id", "title", "question", "kind", "hint")
#: The most worlds one model of a sheet may have: every answer is checked on it, and it is drawn.
MAX_SHEET_WORLDS = 5_000
#: The most exercises one sheet may have.
MAX_EXERCISES = 500
#: The largest sheet file, and the largest model file beside it.
MAX_SHEET_BYTES = 4 * 2 ** 20
#: The bound of a validity search when the exercise gives none.
DEFAULT_MAX_WORLDS = 3
#: The most atoms a described model may have (2**16 valuations are weighed at most).
_DESCRIBED_ATOMS = 16
_SHEET_KEYS = ("title", "introduction", "models", "exercises")
_MODEL_FORMS = ("format", "worlds", "file", "describe", "puzzle")


class SheetError(EpistemicError):
    """An exercise sheet cannot be read: its message names the file, the
    exercise or model, and the field."""


@attrs.frozen
class Exercise:
    """One exercise of a sheet, checked.

    ``formula`` is the exercise's formula (``formula`` of kinds worlds,
    validity and equivalent, ``goal`` of an announcement); ``worlds`` the
    target worlds of kinds formula (given) and worlds (where ``formula``
    holds, found when the sheet is read); ``to`` and ``whether`` say how an
    announcement is made (public when ``to`` is empty); ``max_worlds`` bounds
    the search of kinds validity and equivalent.  ``search`` is what the
    countermodel search of a validity exercise found, made when the sheet
    was read.  ``doubt`` says that a grade of "valid" (or "equivalent") may
    be wrong, where ``max_worlds`` is below what the formula needs for it to
    be sure (:mod:`epistemic.workbench.small_models`).

    An announcement exercise that gives ``actions`` or ``max_steps`` is
    answered with a sequence of at most ``max_steps`` acts
    (:mod:`epistemic.workbench.sequences`): ``actions`` are the acts offered
    as written in the sheet, ``task`` the planning task they make, and
    ``plan_search`` the search for a shortest sequence of them, made when the
    sheet was read; ``hint_shortest`` says whether the page tells its length.
    """

    id: str
    kind: str
    title: str
    question: str
    hint: str | None = None
    model_name: str | None = None
    model: KripkeModel | None = attrs.field(default=None, eq=False, repr=False)
    formula: Formula | None = None
    worlds: frozenset[Hashable] = attrs.field(default=frozenset(), converter=frozenset)
    to: frozenset[Agent] = attrs.field(default=frozenset(), converter=frozenset)
    whether: bool = False
    max_worlds: int = DEFAULT_MAX_WORLDS
    search: Search | None = attrs.field(default=None, eq=False, repr=False)
    doubt: str | None = attrs.field(default=None, eq=False, repr=False)
    actions: tuple[str, ...] = attrs.field(default=(), converter=tuple)
    max_steps: int | None = None
    hint_shortest: bool = False
    task: PlanningTask | None = attrs.field(default=None, eq=False, repr=False)
    plan_search: SearchResult | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def sequence(self) -> bool:
        """Whether the answer is a sequence of acts rather than one formula to announce."""
        return self.max_steps is not None

    @property
    def shortest(self) -> int | None:
        """The length of a shortest sequence of the actions offered, where the search found one."""
        found = self.plan_search
        return None if found is None or found.plan is None else len(found.plan)

    @property
    def shortest_hint(self) -> str | None:
        """What the page says of a shortest sequence, where the sheet asks it to."""
        if not self.hint_shortest or self.plan_search is None:
            return None
        return sequences.shortest_text(self.plan_search)


@attrs.frozen
class Sheet:
    """A sheet: its title, introduction, models by name and exercises in order."""

    source: str
    title: str
    introduction: str
    models: tuple[tuple[str, KripkeModel], ...] = attrs.field(eq=False, repr=False)
    exercises: tuple[Exercise, ...]

    @property
    def warnings(self) -> list[str]:
        """One line for each exercise whose grades may be wrong (see :attr:`Exercise.doubt`), and
        for each whose search for a shortest sequence stopped at its bound."""
        return [f"{self.source}: exercise {ex.id}: {said}" for ex in self.exercises
                for said in (ex.doubt, _unsearched(ex)) if said]

    def exercise(self, exercise_id: str) -> Exercise:
        """The exercise ``exercise_id``; a :class:`SheetError` when there is none."""
        for ex in self.exercises:
            if ex.id == exercise_id:
                return ex
        raise SheetError(f"{self.source}: no exercise {exercise_id!r}")


#: A callback ``show(done, total)`` told of the validity searches made while a sheet is read.
Progress = Callable[[int, int], None]


def load_sheet(path: str | os.PathLike, *, progress: Progress | None = None) -> Sheet:
    """The sheet in the TOML file ``path``; files it names are read beside it.

    ``progress``, when given, is called with the validity searches made so
    far and their number, before the first and after each one.

    Raises
    ------
    SheetError
        At the first fault of the sheet.
    """
    name = os.fspath(path)

    def fault(message: str) -> SheetError:
        return SheetError(f"{name}: {message}")

    text = text_from(read_limited(name, MAX_SHEET_BYTES, "a sheet", fault), fault)
    return sheet_from_text(text, source=name, folder=os.path.dirname(name), progress=progress)


def sheet_from_text(text: str, *, source: str = "the sheet", folder: str = ".",
                    progress: Progress | None = None) -> Sheet:
    """The sheet written in ``text`` (TOML); ``source`` names it in messages,
    files it names are read in ``folder``, and ``progress`` is told of the
    validity searches as :func:`load_sheet` says."""
    data = toml_from(text, lambda message: SheetError(f"{source}: {message}"))
    reader = _Reader(source, folder)
    reader.keys(data, _SHEET_KEYS, "the sheet")
    models_data = data.get("models", {})
    if not isinstance(models_data, dict):
        raise reader.fault("the sheet", "models", "expected a table of named models")
    models = {name: reader.model(name, value) for name, value in models_data.items()}
    exercises_data = data.get("exercises", [])
    if not isinstance(exercises_data, list) or not exercises_data:
        raise reader.fault("the sheet", "exercises", "expected [[exercises]] tables, one per exercise")
    if len(exercises_data) > MAX_EXERCISES:
        raise reader.fault("the sheet", "exercises",
                           f"{len(exercises_data):,} exercises, more than the {MAX_EXERCISES} a sheet may have")
    exercises: list[Exercise] = []
    for position, value in enumerate(exercises_data, 1):
        exercise = reader.exercise(position, value, models)
        if any(ex.id == exercise.id for ex in exercises):
            raise reader.fault(f"exercise {exercise.id!r}", "id", "another exercise has this id")
        exercises.append(exercise)
    # every other fault is found first: the searches are the slow part of reading a sheet
    exercises = reader.searched(exercises, progress)
    exercises = reader.doubted(exercises)
    exercises = reader.planned(exercises)
    return Sheet(source, reader.text(data, "title", "the sheet", default=""),
                 reader.text(data, "introduction", "the sheet", default=""), tuple(models.items()), tuple(exercises))


def text_worlds(model: KripkeModel) -> KripkeModel:
    """``model`` with its worlds named by text: a tuple's items joined by
    ``-`` (a puzzle's ``(2, 3)`` is ``2-3``), anything else as ``str`` writes it.

    Examples
    --------
    >>> m = KripkeModel.from_relations([Agent("a")], {(2, 3): {"p"}, (3, 2): set()}, {}, actual=(2, 3),
    ...                                reflexive=True, symmetric=True)
    >>> text_worlds(m).worlds, sorted(text_worlds(m).actual)
    (['2-3', '3-2'], ['2-3'])
    """
    if all(isinstance(w, str) for w in model.worlds):
        return model
    names = {w: w if isinstance(w, str) else "-".join(map(str, w)) if isinstance(w, tuple) else str(w)
             for w in model.worlds}
    if len(set(names.values())) != len(names):
        raise SheetError("two worlds of the model have the same name once written as text")
    return model.renamed(names)


def _unsearched(exercise: Exercise) -> str | None:
    """That the search for a shortest sequence of an exercise's actions stopped at its bound."""
    found = exercise.plan_search
    return None if found is None or found.plan is not None else sequences.shortest_text(found)


class _Reader:
    """Reads the parts of one sheet, every fault naming the file, the part and the field."""

    def __init__(self, source: str, folder: str):
        self.source, self.folder = source, folder

    def fault(self, where: str, field: str | None, message: str) -> SheetError:
        place = f"{where}, field {field}" if field else where
        return SheetError(f"{self.source}: {place}: {message}")

    def keys(self, data: Mapping, allowed, where: str) -> None:
        for key in data:
            if key not in allowed:
                raise self.fault(where, key, f"unknown field: expected {', '.join(allowed)}")

    def text(self, data: Mapping, key: str, where: str, default: str | None = None) -> str:
        value = data.get(key, default)
        if not isinstance(value, str):
            raise self.fault(where, key, "missing" if value is None else f"expected text, got {value!r}")
        return value

    def formula(self, data: Mapping, key: str, where: str) -> Formula:
        text = self.text(data, key, where)
        try:
            return parse_formula(text)
        except EpistemicError as error:
            raise self.fault(where, key, str(error)) from None

    # models -------------------------------------------------------------------
    def model(self, name: str, data) -> KripkeModel:
        where = f"model {name!r}"
        if not isinstance(data, dict):
            raise self.fault(where, None, "expected a table")
        # the schema has worlds of its own: its format key decides
        forms = ["format"] if "format" in data else [k for k in _MODEL_FORMS if k in data]
        if len(forms) != 1:
            raise self.fault(where, None, "give the model one way: format (the JSON schema), worlds and links, "
                                          "file, describe or puzzle")
        try:
            model = {"format": self._schema, "worlds": self._links, "file": self._file,
                     "describe": self._described, "puzzle": self._puzzle}[forms[0]](data, where)
        except SheetError:
            raise
        except EpistemicError as error:
            raise self.fault(where, forms[0], str(error)) from None
        if len(model) > MAX_SHEET_WORLDS:
            raise self.fault(where, forms[0], f"{len(model):,} worlds, more than the {MAX_SHEET_WORLDS:,} "
                                              "a sheet's model may have")
        try:
            return text_worlds(model)
        except SheetError as error:
            raise self.fault(where, forms[0], str(error)) from None

    def _schema(self, data: Mapping, where: str) -> KripkeModel:
        worlds = data.get("worlds")
        if isinstance(worlds, list) and len(worlds) > MAX_SHEET_WORLDS:
            raise self.fault(where, "worlds", f"{len(worlds):,} worlds, more than the {MAX_SHEET_WORLDS:,} "
                                              "a sheet's model may have")
        return model_from_dict(data)

    def _links(self, data: Mapping, where: str) -> KripkeModel:
        self.keys(data, ("worlds", "links", "agents", "actual", "prior"), where)
        worlds, links = data["worlds"], data.get("links", {})
        if not isinstance(worlds, dict) or not worlds:
            raise self.fault(where, "worlds", 'expected a table of worlds and their true atoms: {w = ["p"], v = []}')
        if len(worlds) > MAX_SHEET_WORLDS:
            raise self.fault(where, "worlds", f"{len(worlds):,} worlds, more than the {MAX_SHEET_WORLDS:,} "
                                              "a sheet's model may have")
        for world, atoms in worlds.items():
            if not isinstance(atoms, list) or not all(isinstance(a, str) for a in atoms):
                raise self.fault(where, "worlds", f"world {world!r}: expected a list of atom names")
        if not isinstance(links, dict):
            raise self.fault(where, "links", 'expected a table of agents and their links: {a = [["w", "v"]]}')
        names = data.get("agents", [])
        if not isinstance(names, list) or not all(isinstance(a, str) for a in names):
            raise self.fault(where, "agents", "expected a list of agent names")
        pairs = {}
        for agent, linked in links.items():
            if not isinstance(linked, list) or not all(isinstance(p, list) and len(p) == 2 for p in linked):
                raise self.fault(where, "links", f"agent {agent!r}: expected a list of pairs of worlds")
            for pair in linked:
                for world in pair:
                    if world not in worlds:
                        raise self.fault(where, "links", f"agent {agent!r} links world {world!r}, which is not "
                                                         "among the worlds")
            pairs[Agent(agent)] = [tuple(p) for p in linked]
        agents = set(pairs) | {Agent(a) for a in names}
        actual = data.get("actual", [])
        for world in [actual] if isinstance(actual, str) else actual:
            if world not in worlds:
                raise self.fault(where, "actual", f"world {world!r} is not among the worlds")
        # closed under reflexivity and symmetry, from_relations also closes the links transitively: S5 partitions
        model = KripkeModel.from_relations(agents, {w: set(a) for w, a in worlds.items()}, pairs, actual,
                                           reflexive=True, symmetric=True)
        if "prior" not in data:
            return model
        prior = data["prior"]
        if not isinstance(prior, dict):
            raise self.fault(where, "prior", 'expected a table of worlds and their probabilities: {w = "3/4", v = "1/4"}')
        try:
            # each agent's probability at a world: the prior conditioned on the worlds it cannot tell from it
            return ProbabilisticModel.common_prior(model, prior)
        except EpistemicError as error:
            raise self.fault(where, "prior", str(error)) from None

    def _file(self, data: Mapping, where: str) -> KripkeModel:
        self.keys(data, ("file",), where)
        path = os.path.join(self.folder, self.text(data, "file", where))

        def fault(message: str) -> SheetError:
            return self.fault(where, "file", f"{path}: {message}")

        raw = read_limited(path, MAX_SHEET_BYTES, "a model file", fault)
        loaded, _ = load_any(io.BytesIO(raw))
        if isinstance(loaded, KnowledgeStructure):
            return to_kripke(loaded, limit=MAX_SHEET_WORLDS)
        return loaded

    def _described(self, data: Mapping, where: str) -> KripkeModel:
        self.keys(data, ("describe",), where)
        spec = data["describe"]
        if not isinstance(spec, dict):
            raise self.fault(where, "describe", "expected {atoms = [...], law = ..., observes = {...}, actual = [...]}")
        self.keys(spec, ("atoms", "law", "observes", "actual"), where)
        atoms = spec.get("atoms")
        if not isinstance(atoms, list) or not all(isinstance(a, str) for a in atoms):
            raise self.fault(where, "describe", "atoms: expected a list of atom names")
        if len(atoms) > _DESCRIBED_ATOMS:
            raise self.fault(where, "describe", f"{len(atoms)} atoms, more than the {_DESCRIBED_ATOMS} a "
                                                "described model of a sheet may have")
        observes = spec.get("observes", {})
        if not isinstance(observes, dict):
            raise self.fault(where, "describe", "observes: expected a table of agents and the atoms they observe")
        return describe_model(atoms, spec.get("law", "top"), {Agent(a): seen for a, seen in observes.items()},
                              spec.get("actual"))

    def _puzzle(self, data: Mapping, where: str) -> KripkeModel:
        from epistemic.models.puzzles import solve, start_size   # the puzzles load only for a sheet that asks

        self.keys(data, ("puzzle", "parameters", "round"), where)
        name = self.text(data, "puzzle", where)
        parameters = data.get("parameters", {})
        if not isinstance(parameters, dict):
            raise self.fault(where, "parameters", "expected a table of the puzzle's parameters")
        size = start_size(name, **parameters)
        if size > MAX_SHEET_WORLDS:
            raise self.fault(where, "parameters", f"the puzzle starts with {size:,} worlds, more than the "
                                                  f"{MAX_SHEET_WORLDS:,} a sheet's model may have")
        rounds = solve(name, engine="explicit", **parameters).story.rounds
        number = data.get("round", 0)
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(rounds):
            raise self.fault(where, "round", f"expected a round from 0 to {len(rounds) - 1}, got {number!r}")
        model = rounds[number].model
        if not isinstance(model, KripkeModel):
            raise self.fault(where, "puzzle", "the puzzle's model is symbolic: it has no worlds to list")
        return model

    # exercises ----------------------------------------------------------------
    def exercise(self, position: int, data, models: Mapping[str, KripkeModel]) -> Exercise:
        where = f"exercise {position}"
        if not isinstance(data, dict):
            raise self.fault(where, None, "expected a table")
        raw_id = data.get("id", str(position))
        if isinstance(raw_id, bool) or not isinstance(raw_id, (str, int)) or not str(raw_id).strip():
            raise self.fault(where, "id", f"expected a name or a number, got {raw_id!r}")
        exercise_id = str(raw_id).strip()
        where = f"exercise {exercise_id!r}"
        kind = self.text(data, "kind", where)
        if kind not in KINDS:
            raise self.fault(where, "kind", f"unknown kind {kind!r}: expected one of {', '.join(KINDS)}")
        needed, optional = KINDS[kind]
        self.keys(data, (*_COMMON, *needed, *optional), where)
        for key in needed:
            if key not in data:
                raise self.fault(where, key, f"missing: an exercise of kind {kind} needs {', '.join(needed)}")
        fields: dict = {}
        model = None
        if "model" in needed:
            name = self.text(data, "model", where)
            if name not in models:
                known = ", ".join(sorted(models)) or "none"
                raise self.fault(where, "model", f"unknown model {name!r}: the sheet's models are {known}")
            model = models[name]
            fields.update(model_name=name, model=model)
        if "formula" in needed:
            fields["formula"] = self.formula(data, "formula", where)
        if kind == "announcement":
            fields["formula"] = self.formula(data, "goal", where)
            fields.update(self._announcement(data, where, model))
        if kind == "formula":
            fields["worlds"] = self._worlds(data, where, model)
        if kind == "worlds" and model is not None:
            fields["worlds"] = self._where(model, fields["formula"], where, "formula")
        if kind in ("validity", "equivalent"):
            fields["max_worlds"] = self._search_bound(data, where, fields["formula"])
        if kind == "equivalent":
            # a quick look on the smallest models, where a formula the search cannot check shows
            self._searchable(fields["formula"], min(fields["max_worlds"], 2), where)
        hint = data.get("hint")
        if hint is not None and not isinstance(hint, str):
            raise self.fault(where, "hint", f"expected text, got {hint!r}")
        return Exercise(exercise_id, kind, self.text(data, "title", where, default=f"Exercise {exercise_id}"),
                        self.text(data, "question", where, default=""), hint, **fields)

    def _where(self, model: KripkeModel, formula: Formula, where: str, field: str) -> frozenset:
        try:
            return worlds_where(model, formula)
        except EpistemicError as error:
            raise self.fault(where, field, f"cannot be checked on the model: {error}") from None

    def _worlds(self, data: Mapping, where: str, model: KripkeModel | None) -> frozenset[str]:
        worlds = data["worlds"]
        if not isinstance(worlds, list) or not all(isinstance(w, str) for w in worlds):
            raise self.fault(where, "worlds", "expected a list of world names")
        assert model is not None
        known = set(model.worlds)
        for world in worlds:
            if world not in known:
                raise self.fault(where, "worlds", f"no world {world!r} in the model")
        return frozenset(worlds)

    def _announcement(self, data: Mapping, where: str, model: KripkeModel | None) -> dict:
        assert model is not None
        if not model.actual:
            raise self.fault(where, "model", "the model has no actual world, where the announcement is made")
        to = data.get("to", [])
        if not isinstance(to, list) or not all(isinstance(a, str) for a in to):
            raise self.fault(where, "to", "expected a list of agent names")
        group = frozenset(Agent(a) for a in to)
        whether = data.get("whether", False)
        if not isinstance(whether, bool):
            raise self.fault(where, "whether", f"expected true or false, got {whether!r}")
        if whether and not group:
            raise self.fault(where, "whether", "a group learns whether: name it with to = [...]")
        goal = self.formula(data, "goal", where)
        for agent in sorted(group | vocabulary(goal)[1], key=lambda a: a.name):
            if agent not in model.agents:
                raise self.fault(where, "to" if agent in group else "goal", f"{agent} is not an agent of the model")
        if "actions" in data or "max_steps" in data:
            for key in ("to", "whether"):
                if key in data:
                    raise self.fault(where, key, "to and whether say how one formula is announced: with actions "
                                                 "or max_steps the answer is acts, each saying who observes it")
            return sequences.sheet_fields(data, model, goal, lambda field, message: self.fault(where, field, message))
        if "hint_shortest" in data:
            raise self.fault(where, "hint_shortest", "a shortest sequence is searched among the actions offered: "
                                                     "give actions")
        return {"to": group, "whether": whether}

    def _searchable(self, formula: Formula, bound: int, where: str) -> Search:
        try:
            return search_countermodel(formula, bound)
        except EpistemicError as error:
            raise self.fault(where, "formula", f"the search cannot check it: {error}") from None

    def searched(self, exercises: list[Exercise], progress: Progress | None) -> list[Exercise]:
        """``exercises`` with the search of each validity exercise made, each formula and bound once."""
        asked = [ex for ex in exercises if ex.kind == "validity"]
        found: dict[tuple[Formula | None, int], Search] = {}
        if progress is not None and asked:
            progress(0, len(asked))
        for done, ex in enumerate(asked, 1):
            assert ex.formula is not None
            key = (ex.formula, ex.max_worlds)
            if key not in found:
                found[key] = self._searchable(ex.formula, ex.max_worlds, f"exercise {ex.id!r}")
            if progress is not None:
                progress(done, len(asked))
        return [attrs.evolve(ex, search=found[ex.formula, ex.max_worlds]) if ex.kind == "validity" else ex
                for ex in exercises]

    def doubted(self, exercises: list[Exercise]) -> list[Exercise]:
        """``exercises`` with what their grades must say of themselves where the bound on the
        worlds searched is below what the question's formula needs for "valid" or "equivalent"
        to be sure (:func:`~epistemic.workbench.small_models.doubt`): a validity exercise whose
        search found no countermodel, an equivalence whatever the answer."""
        out = []
        for ex in exercises:
            said = None
            if ex.kind == "validity" and ex.search is not None and ex.search.valid:
                said = small_models.doubt(ex.formula, ex.max_worlds)   # type: ignore[arg-type]
            elif ex.kind == "equivalent":
                said = small_models.doubt(ex.formula, ex.max_worlds)   # type: ignore[arg-type]
                said = said and f"{said} (for the question's formula alone: an answer may need more)"
            out.append(attrs.evolve(ex, doubt=said) if said else ex)
        return out

    def planned(self, exercises: list[Exercise]) -> list[Exercise]:
        """``exercises`` with the search for a shortest sequence of each one's actions made
        (:func:`~epistemic.workbench.sequences.searched_shortest`)."""
        out = []
        for ex in exercises:
            if ex.task is not None:
                def fault(field: str, message: str, where: str = f"exercise {ex.id!r}") -> SheetError:
                    return self.fault(where, field, message)
                ex = attrs.evolve(ex, plan_search=sequences.searched_shortest(ex.task, ex.max_steps, fault))
            out.append(ex)
        return out

    def _search_bound(self, data: Mapping, where: str, formula: Formula) -> int:
        bound = data.get("max_worlds", DEFAULT_MAX_WORLDS)
        if isinstance(bound, bool) or not isinstance(bound, int) or not 1 <= bound <= MAX_SEARCH_WORLDS:
            raise self.fault(where, "max_worlds", f"expected a whole number from 1 to {MAX_SEARCH_WORLDS}, "
                                                  f"got {bound!r}")
        atoms, agents = vocabulary(formula)
        count = models_to_search(len(atoms), len(agents), bound)
        if count > MAX_MODELS:
            raise self.fault(where, "max_worlds", f"{count:,} models to search for {to_text(formula)}, more than "
                                                  f"the limit of {MAX_MODELS:,}: ask for fewer worlds")
        return bound
