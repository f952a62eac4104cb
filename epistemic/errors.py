"""Exceptions raised for bad input anywhere in the framework."""

__all__ = ["EpistemicError", "ModelError"]


class EpistemicError(ValueError):
    """Base class for every error caused by bad input.

    The message is one line that names the fault, so a command-line front end
    can print it as it is and exit with status 2.
    """


class ModelError(EpistemicError):
    """A Kripke model, event model or update was given inconsistent data."""
