"""Games and puzzles built on the :mod:`epistemic` core, one module or package each."""
