"""The models a worker process keeps between jobs, so that a session's model is not sent with each check.

A worker keeps the last models it was sent, each under a key that names the
session and the version of its model (:attr:`Step.version
<epistemic.workbench.session.Step.version>`: a step's model never changes,
and each new step, an act's or a new start's, has a new version), so that a
check of an edited model can never find the model before the edit.  The server keeps the same record of each worker's models
(without the models), updated in the same order as the worker's own, and
sends a model only to a worker that does not hold it; a worker asked for a
model it lacks says so, and is sent it.

Memory stays bounded: a worker keeps at most ``most`` models and ``worlds``
worlds together, dropping the model used longest ago first; and what a
model it keeps has cached (the truth of each formula checked in it, the
models after announcements) is forgotten past :data:`CACHED_ENTRIES`
entries, counted over the model and the models its cache holds.

Examples
--------
>>> kept = Kept(most=2, worlds=10)
>>> kept.put("ada", "her model", 4); kept.put("bob", "his model", 4)
>>> kept.get("ada")
'her model'
>>> kept.put("cy", "cy's model", 4)    # bob's was used longest ago
>>> list(kept), kept.worlds_held
(['ada', 'cy'], 8)
>>> kept.put("dan", "a large model", 9)   # past the worlds: both are dropped
>>> list(kept), kept.worlds_held
(['dan'], 9)
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Any

__all__ = ["Kept", "CACHED_ENTRIES", "cached_entries", "forget_past"]

#: The entries a kept model's caches may hold, its announced models' included, before they are forgotten.
CACHED_ENTRIES = 2_000


class Kept:
    """Values by key, the last ``most`` put, of at most ``worlds`` worlds together, the one
    used longest ago dropped first.  A value larger than ``worlds`` alone is not kept."""

    def __init__(self, most: int, worlds: int):
        if most < 0 or worlds < 0:
            raise ValueError("a cache keeps no negative number of models or worlds")
        self.most, self.worlds = most, worlds
        self._entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.worlds_held = 0

    def __contains__(self, key: Hashable) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> Any:
        """The value kept under ``key`` (``None`` if there is none), now the one used last."""
        found = self._entries.get(key)
        if found is None:
            return None
        self._entries.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: Any, worlds: int) -> None:
        """Keep ``value``, of ``worlds`` worlds, under ``key``, dropping what must go to make room."""
        self.drop(key)
        if worlds > self.worlds or not self.most:
            return
        while self._entries and (len(self._entries) >= self.most or self.worlds_held + worlds > self.worlds):
            self.drop(next(iter(self._entries)))
        self._entries[key] = (value, worlds)
        self.worlds_held += worlds

    def drop(self, key: Hashable) -> None:
        """Forget ``key`` (one not kept is forgotten already)."""
        found = self._entries.pop(key, None)
        if found is not None:
            self.worlds_held -= found[1]


def cached_entries(model) -> int:
    """The entries of ``model``'s cache and of the caches of the models in it (the models after
    announcements and updates), however deep."""
    total, seen, stack = 0, set(), [model]
    while stack:
        m = stack.pop()
        if id(m) in seen:
            continue
        seen.add(id(m))
        cache = getattr(m, "cache", None)
        if not isinstance(cache, dict):
            continue
        total += len(cache)
        for value in cache.values():
            # a product or a contraction is cached in a pair with the numbering of its worlds
            stack.extend(v for v in (value if isinstance(value, tuple) else (value,)) if hasattr(v, "cache"))
    return total


def forget_past(model, entries: int = CACHED_ENTRIES) -> bool:
    """Clear ``model``'s cache when it and the caches within it hold more than ``entries``
    entries; whether it was cleared."""
    if cached_entries(model) <= entries:
        return False
    model.cache.clear()
    return True
