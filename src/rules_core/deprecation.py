"""Old public names kept importable for a deprecation period, each with a ``DeprecationWarning``.

A module that renames or moves a public name drops it from its ``__all__`` and keeps it reachable through
a module-level ``__getattr__`` made here, so ``from module import old`` and ``module.old`` still work and
warn (docs/versioning.md: a name deprecated in a minor version is removed at the earliest in the next
major one)::

    __getattr__ = deprecated_getattr(__name__, {"old": Deprecated(lambda: new, "use new instead")})

``tests/test_public_api.py`` checks that every name dropped from an ``__all__`` still warns this way.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

import attrs


@attrs.frozen
class Deprecated:
    """An old name: ``target()`` gives the object it still stands for (called when the name is read, so the
    target may be imported lazily); ``advice`` says what to use instead, in the warning."""

    target: Callable[[], Any]
    advice: str


@attrs.frozen
class DeprecatedNames:
    """A module-level ``__getattr__`` for ``module`` (its ``__name__``): each of ``names`` gives its target
    with a ``DeprecationWarning`` naming ``module.name`` and the advice; any other name is an
    ``AttributeError`` as usual."""

    module: str
    names: Mapping[str, Deprecated]

    def __call__(self, name: str) -> Any:
        entry = self.names.get(name)
        if entry is None:
            raise AttributeError(f"module {self.module!r} has no attribute {name!r}")
        warnings.warn(f"{self.module}.{name} is deprecated: {entry.advice}", DeprecationWarning, stacklevel=2)
        return entry.target()


def deprecated_getattr(module: str, names: Mapping[str, Deprecated]) -> DeprecatedNames:
    """The ``__getattr__`` of ``module`` that keeps ``names`` as deprecated aliases (see :class:`DeprecatedNames`)."""
    return DeprecatedNames(module, dict(names))


def deprecated_names(module: object) -> frozenset[str]:
    """The names ``module`` keeps only as deprecated aliases (through :func:`deprecated_getattr`)."""
    hook = getattr(module, "__getattr__", None)
    return frozenset(hook.names) if isinstance(hook, DeprecatedNames) else frozenset()


__all__ = ["Deprecated", "DeprecatedNames", "deprecated_getattr", "deprecated_names"]
