"""Public names of a package imported when first used (PEP 562).

A package that names everything its modules offer would import all of them,
and every library they use, before its first line runs: ``epistemic
--version`` would load numpy, networkx, sympy and Graphviz to print one line.
:func:`lazy_names` gives such a package a module ``__getattr__`` and
``__dir__`` that import a name's module only when the name is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(namespace: MutableMapping[str, Any], where: Mapping[str, Iterable[str]]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for the package whose namespace (``globals()``) is
    ``namespace``, its public names living in the modules of ``where`` (a module's name
    relative to the package, with the names it offers).

    A name is looked up once: its value is then kept in the namespace.

    Examples
    --------
    >>> namespace = {"__name__": "json"}
    >>> getattr_, dir_ = lazy_names(namespace, {"decoder": ["JSONDecodeError"]})
    >>> getattr_("JSONDecodeError").__module__, "JSONDecodeError" in namespace
    ('json.decoder', True)
    >>> dir_()
    ['JSONDecodeError', '__name__']
    >>> getattr_("loads")
    Traceback (most recent call last):
    ...
    AttributeError: module 'json' has no attribute 'loads'
    """
    package = namespace["__name__"]
    module_of = {name: module for module, names in where.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = module_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value  # the next look-up finds it without this function
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(module_of))

    return __getattr__, __dir__
