"""One deliberate break of the code (a mutant), and the tests that must catch it."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Mutant"]


class Mutant(NamedTuple):
    path: str            # file, relative to the repository root
    snippet: str         # exact source text, found exactly once in the file
    replacement: str     # what the mutant puts in its place
    description: str
    tests: tuple[str, ...]  # pytest node ids expected to catch it
