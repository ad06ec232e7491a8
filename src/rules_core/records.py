"""Fast copies of the engine's frozen records: ``evolve(record, field=value, ...)``.

The reducer copies a record for nearly every event, so copying is the engine's hottest operation.
``attrs.evolve`` re-reads the class's fields and calls ``__init__`` with keywords on each call; the
copier here is compiled once per class and writes the slots of a new instance directly, about three
times faster. It is exact only for what the state, frame and event records are: frozen, slotted attrs
classes whose fields have no converter, validator or post-init hook, so it refuses any other class.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_COPIERS: dict[type[Any], Callable[..., Any]] = {}
_UNCHANGED = object()


def evolve(record: T, **changes: Any) -> T:
    """A copy of ``record`` with ``changes`` applied (a field name that does not exist is a TypeError)."""
    result: T = copier(type(record))(record, **changes)
    return result


def copier(cls: type[T]) -> Callable[..., T]:
    """The copy function of ``cls``, ``copy(record, **changes)``: :func:`evolve` without the lookup,
    for the reducer's hottest paths."""
    found = _COPIERS.get(cls)
    if found is None:
        found = _COPIERS[cls] = _compile_copier(cls)
    return found


def _compile_copier(cls: type[Any]) -> Callable[..., Any]:
    _check_copyable(cls)
    names = [field.name for field in attrs.fields(cls)]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_UNCHANGED": _UNCHANGED}
    keywords = "".join(f", {n}=_UNCHANGED" for n in names)
    lines = [f"def copy_{cls.__name__}(record{', *' if names else ''}{keywords}):"]
    lines.append("    new = _new(_cls)")
    for name in names:
        # A slot's descriptor writes past the frozen __setattr__, as attrs' own __init__ does.
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
        lines.append(f"    _set_{name}(new, record.{name} if {name} is _UNCHANGED else {name})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    copier: Callable[..., Any] = namespace[f"copy_{cls.__name__}"]
    return copier


def _check_copyable(cls: type[Any]) -> None:
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or cls.__setattr__ is object.__setattr__:
        raise TypeError(f"{cls.__name__} is not a frozen slotted attrs class")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has a post-init hook that a copy would skip")
    for field in attrs.fields(cls):
        if field.converter is not None or field.validator is not None or field.on_setattr is not None:
            raise TypeError(f"{cls.__name__}.{field.name} has a converter or validator that a copy would skip")


__all__ = ["copier", "evolve"]
