"""SMCDEL input files: a knowledge structure and the queries asked of it.

A file (SMCDEL's ``CheckInput``) is::

    VARS 1,2,3                    the variables, numbers
    LAW  Top                      a boolean formula: the states
    OBS  alice: 2,3               each agent and the variables it observes
         bob:   1,3
    TRUE?  {1,2} alice knows that 2     then any number of queries
    VALID? (alice,bob) comknow that (1 | 2 | 3)
    WHERE? bob knows whether 2

and is read into a :class:`~epistemic.symbolic.KnowledgeStructure` whose
atoms are ``p1``, ``p2``, ... (variable ``n`` is the atom ``pn``), with the
queries as :class:`Query` objects over it.  A file this framework wrote
names its atoms and agents in comments SMCDEL skips (``-- names: 1 m1, 2
m2``); they are read back when they fit the file.

Examples
--------
>>> f = parse_smcdel('''
... VARS 1,2   LAW Top   OBS a: 1   b: 2
... WHERE? a knows that 1''')
>>> f.structure
<KnowledgeStructure: 4 states, 2 atoms, 2 agents (S5)>
>>> [(q.kind, q.text, str(q.formula)) for q in f.queries]
[('WHERE?', 'a knows that 1', 'K_a p1')]
>>> parse_smcdel("VARS 1 LAW Top OBS a: 2")
Traceback (most recent call last):
...
epistemic.smcdel.lexer.SmcdelError: line 1, column 23: 2 is not in VARS
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping

import attrs

from ..agents import Agent
from ..errors import ModelError
from ..files import read_limited, text_from
from ..formulas import BOTTOM, And, Atom, Formula, FormulaError, Not
from ..formulas import atoms as atoms_of
from ..model_json import MAX_FILE_BYTES
from ..symbolic.structure import KnowledgeStructure, State
from .grammar import FormulaReader, Words, is_boolean
from .lexer import TAB, SmcdelError, Token, place, tokenize

__all__ = ["Query", "SmcdelFile", "parse_smcdel", "read_smcdel", "is_smcdel", "QUERY_KINDS", "StateNumbers"]

#: The three kinds of query, as SMCDEL writes them.
QUERY_KINDS = ("TRUE?", "VALID?", "WHERE?")

_NOTE = re.compile(r"^[ \t]*-- (names|agents|padding|actual):(.*)$", re.MULTILINE)


@attrs.frozen
class Query:
    """One query of a file: ``kind`` (``"TRUE?"``, ``"VALID?"``,
    ``"WHERE?"``), the formula, its text as written (on one line), its place,
    and for ``TRUE?`` the state asked about, its true variables' numbers as written."""

    kind: str
    formula: Formula = attrs.field(eq=False)
    text: str
    line: int
    column: int
    state: tuple[int, ...] | None = None


class StateNumbers:
    """A state's name: the numbers of its true variables, as SMCDEL prints them (``[1,3]``)."""

    def __init__(self, numbers: Mapping[str, int]):
        self.numbers = dict(numbers)

    def of(self, state: frozenset[str]) -> list[int]:
        return sorted(self.numbers[v] for v in state if v in self.numbers)

    def __call__(self, state: frozenset[str]) -> str:
        return "[" + ",".join(map(str, self.of(state))) + "]"


@attrs.frozen
class SmcdelFile:
    """A file read: the structure, the queries in order, and the number of
    each of the structure's variables."""

    structure: KnowledgeStructure = attrs.field(eq=False)
    queries: tuple[Query, ...]
    numbers: Mapping[str, int] = attrs.field(eq=False)

    def state(self, numbers) -> State:
        """The state whose true variables have these numbers."""
        wanted = set(numbers)
        return State((v for v, n in self.numbers.items() if n in wanted), self.structure.reading)

    def numbers_of(self, state: State) -> list[int]:
        return StateNumbers(self.numbers).of(state)


def _notes(text: str, variables: list[int], observers: list[str]) -> tuple[dict, dict, set, list]:
    """What the comments a file of this framework's own carry say: atom
    names, agent names, padding variables and actual states; all of them
    when they fit the file, none when any does not."""
    names: dict[int, str] = {}
    agents: dict[str, str] = {}
    padding: set[int] = set()
    actual: list[set[int]] = []
    try:
        for kind, body in _NOTE.findall(text):
            body = body.strip()
            if kind == "names":
                for entry in filter(None, (e.strip() for e in body.split(","))):
                    number, name = entry.split()
                    Atom(name)
                    names[int(number)] = name
            elif kind == "agents":
                # JSON: an agent's name may hold commas and spaces
                given = json.loads(body)
                if not isinstance(given, dict) or not all(isinstance(v, str) and v for v in given.values()):
                    raise ValueError("not agents")
                agents.update(given)
            elif kind == "padding":
                padding.update(int(n) for n in body.replace(",", " ").split())
            else:
                for group in re.findall(r"\{([^}]*)\}", body):
                    actual.append({int(n) for n in group.replace(",", " ").split()})
    except (ValueError, FormulaError):
        return {}, {}, set(), []
    known = set(variables)
    fits = (set(names) <= known and padding <= known and not padding & set(names)
            and len(set(names.values())) == len(names) and set(agents) <= set(observers)
            and len(set(agents.values())) == len(agents) and all(s <= known - padding for s in actual))
    return (names, agents, padding, actual) if fits else ({}, {}, set(), [])


def parse_smcdel(text: str, source: str = "") -> SmcdelFile:
    """The structure and queries of an SMCDEL file's text.

    Raises
    ------
    SmcdelError
        At the first fault, with its line and column: one SMCDEL would
        report (the text is not of its grammar; a variable outside ``VARS``,
        an agent outside ``OBS``; a law with knowledge in it), or a
        construct it runs that this reader does not (``docs/smcdel.md``).
    """
    try:
        return _parse(text)
    except SmcdelError as error:
        if source:
            raise SmcdelError(error.line, error.column, error.fault, source) from None
        raise


def _padded(law: Formula, padding: set[int], queries: list[Token]) -> bool:
    """Whether a padding variable can be left out: the law is the writer's
    ``AND (law, ~ N)``, which makes it false in every state, and no query
    names it (a quantifier or a ``TRUE?`` state would see it)."""
    if len(padding) != 1:
        return False
    (number,) = padding
    name = f"p{number}"
    return (isinstance(law, And) and law.right == Not(Atom(name)) and name not in atoms_of(law.left)
            and not any(t.kind == "INT" and int(t.text) == number for t in queries))


def _parse(text: str) -> SmcdelFile:
    tokens = tokenize(text)
    reader = FormulaReader(tokens, Words({}, {}), place(text))
    reader.take("VARS", "VARS at the start of the file")
    variables = list(dict.fromkeys(int(t.text) for t in reader.numbers()))
    law_start = reader.take("LAW", "',' or LAW")
    law_at = reader.at
    # read once for its faults, in the order of the file, then again once the names are known
    reader.words = Words({n: f"p{n}" for n in variables}, None)
    written_law = reader.formula()
    reader.take("OBS", "OBS after the law")
    observing: list[tuple[Token, list[Token]]] = []
    while True:
        agent = reader.take("STR", "an agent")
        reader.take(":", "':'")
        observing.append((agent, reader.numbers()))
        if not (reader.kind() == "STR" and reader.kind(1) == ":"):
            break
    names, renamed, padding, actual = _notes(text, variables, [a.text for a, _ in observing])
    if padding and not _padded(written_law, padding, tokens[reader.at:]):
        padding = set()
    vocabulary = {n: None if n in padding else names.get(n, f"p{n}") for n in variables}
    taken = set(names.values())
    for n in variables:   # a name the notes gave stays its variable's own
        if n not in names and n not in padding and vocabulary[n] in taken:
            vocabulary[n] = _free(f"p{n}", taken)
        taken.add(vocabulary[n] or "")
    agents = {a.text: renamed.get(a.text, a.text) for a, _ in observing}
    named = {n: name for n, name in vocabulary.items() if name is not None}   # the padding left out
    reader.words = Words(vocabulary, agents)
    after_obs = reader.at
    reader.at = law_at
    law = reader.formula()
    if padding and isinstance(law, And) and law.right == Not(BOTTOM):
        law = law.left   # the padding's own conjunct, as written, says false is false
    if not is_boolean(law):
        raise SmcdelError(law_start.line, law_start.column, "the law has knowledge or announcements in it: "
                                                            "it must be a boolean formula")
    observables: dict[Agent, list[str]] = {}
    for agent, seen in observing:
        for number in seen:
            reader.words.atom(number)
        # SMCDEL looks an agent up by its first line
        observables.setdefault(Agent(agents[agent.text]), [named[int(n.text)] for n in seen if int(n.text) in named])
    reader.at = after_obs

    queries = []
    lines = text.split("\n")
    while reader.kind() is not None:
        queries.append(_query(reader, lines))
    atoms = [named[n] for n in sorted(named)]
    try:
        structure = KnowledgeStructure.build(atoms, law, observables, [[named[n] for n in s] for s in actual])
    except ModelError:   # notes naming actual states the law rules out: read without them
        structure = KnowledgeStructure.build(atoms, law, observables)
    numbers = {structure.atoms[name]: n for n, name in named.items()}
    return SmcdelFile(structure.with_namer(StateNumbers(numbers)), tuple(queries), numbers)


def _free(name: str, taken: set) -> str:
    while name in taken:
        name = "_" + name
    return name


def _query(reader: FormulaReader, lines: list[str]) -> Query:
    token = reader.peek()
    assert token is not None
    if token.kind not in QUERY_KINDS:
        raise reader.fault("TRUE?, VALID? or WHERE?")
    reader.at += 1
    state = None
    if token.kind == "TRUE?":
        reader.take("{", "'{' opening the state")
        numbers = reader.numbers() if reader.kind() != "}" else []
        reader.take("}", "',' or '}'")
        for number in numbers:
            reader.words.atom(number)
        state = tuple(int(n.text) for n in numbers)
    first = reader.at
    formula = reader.formula()
    start, stop = reader.tokens[first], reader.tokens[reader.at - 1]
    return Query(token.kind, formula, _span(lines, start, stop), token.line, token.column, state)


def _span(lines: list[str], start: Token, stop: Token) -> str:
    """The text from one token to another, comments dropped and spaces closed up."""
    lines = lines[start.line - 1: stop.line]
    pieces = []
    for i, line in enumerate(lines):
        if i == len(lines) - 1:
            line = line[:_index(line, stop.column) + len(stop.text)]
        if i == 0:
            line = line[_index(line, start.column):]
        pieces.append(line.split("--", 1)[0])
    return " ".join(" ".join(pieces).split())


def _index(line: str, column: int) -> int:
    """The index in ``line`` of the character at ``column`` (tabs counted as SMCDEL counts them)."""
    col = 1
    for i, c in enumerate(line):
        if col >= column:
            return i
        col += TAB - (col - 1) % TAB if c == "\t" else 1
    return len(line)


def is_smcdel(path) -> bool:
    """Whether ``path`` names an SMCDEL file: by its name (``.smcdel.txt``,
    ``.smcdel``), or else by what it starts with (``VARS`` or a ``--``
    comment, where a JSON file starts with ``{``)."""
    name = os.fspath(path)
    if name.endswith((".smcdel.txt", ".smcdel")):
        return True
    try:
        if not stat.S_ISREG(os.stat(name).st_mode):
            return False   # a pipe or a device is not opened to be looked at: the reader refuses it
        with open(name, "rb") as f:
            head = f.read(256).lstrip()
    except OSError:
        return False
    return head.startswith((b"VARS", b"--"))


def read_smcdel(source) -> SmcdelFile:
    """The SMCDEL file at ``source`` (a path or a binary file), read within
    the size limit of model files.

    Raises
    ------
    ModelFileError
        When the file cannot be read or is not text; :class:`SmcdelError`
        (one of them) at a fault in it.
    """
    from ..model_json import ModelFileError

    name = "" if hasattr(source, "read") else os.fspath(source)

    def fault(message: str) -> ModelFileError:
        return ModelFileError("", message, name)

    text = text_from(read_limited(source, MAX_FILE_BYTES, "an SMCDEL file", fault), fault)
    return parse_smcdel(text, name)
