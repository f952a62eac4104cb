"""SMCDEL's input language: files of a knowledge structure and queries, read and written.

SMCDEL (Gattinger, https://github.com/jrclogic/SMCDEL) checks formulas of
dynamic epistemic logic on knowledge structures; its files (``*.smcdel.txt``)
hold a structure (``VARS``, ``LAW``, ``OBS``) and queries (``TRUE?``,
``VALID?``, ``WHERE?``).  :func:`read_smcdel` reads one into a
:class:`~epistemic.symbolic.KnowledgeStructure` with the queries' formulas
as this framework's; :func:`answer` answers a query as SMCDEL prints it;
:func:`write_smcdel` writes a structure (and queries) back, and
:func:`to_smcdel` a formula.  ``docs/smcdel.md`` has the grammar and where
each construct lands.
"""

from .answers import Answer, answer
from .grammar import Words, read_formula
from .lexer import SmcdelError
from .reader import Query, SmcdelFile, is_smcdel, parse_smcdel, read_smcdel
from .writer import Numbering, numbering, to_smcdel, write_smcdel, write_story

__all__ = ["read_smcdel", "parse_smcdel", "is_smcdel", "SmcdelFile", "Query", "SmcdelError", "answer", "Answer",
           "write_smcdel", "write_story", "to_smcdel", "numbering", "Numbering", "read_formula", "Words"]
