"""How many worlds a picture of a Kripke model shows: the limit a command names in its
options and checks before it draws, in a module of its own so that naming it loads no
drawing code."""

__all__ = ["MAX_WORLDS"]

#: Pictures of more worlds than this are unreadable; ask for them explicitly.
MAX_WORLDS = 200
