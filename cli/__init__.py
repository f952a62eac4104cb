"""The ``epistemic`` command line: the composition root that wires models to the core."""
