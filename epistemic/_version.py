"""The package's version, read by the build (pyproject.toml) and shown by ``epistemic --version``."""

__version__ = "0.1.0"
