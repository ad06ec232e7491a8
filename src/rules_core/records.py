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
_REPLACERS: dict[tuple[type[Any], tuple[str, ...]], Callable[..., Any]] = {}
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
        found = _COPIERS[cls] = _compile(cls, None)
    return found


def replacer(cls: type[T], *fields: str) -> Callable[..., T]:
    """The copy function of ``cls`` that replaces ``fields``, given in that order and by position:
    ``replace(record, value, ...)``. It checks no keyword and tests no field for a change, so it is the
    cheapest copy for a reducer's path that always replaces the same fields (a decision stack's)."""
    key = (cls, fields)
    found = _REPLACERS.get(key)
    if found is None:
        _check_copyable(cls)
        unknown = [name for name in fields if name not in _field_names(cls)]
        if unknown:
            raise TypeError(f"{cls.__name__} has no field {', '.join(unknown)} to replace")
        if len(set(fields)) < len(fields):
            raise TypeError(f"a field of {cls.__name__} is named twice among {', '.join(fields)}")
        found = _REPLACERS[key] = _compile(cls, fields)
    return found


def _compile(cls: type[Any], replaced: tuple[str, ...] | None) -> Callable[..., Any]:
    """A copy function of ``cls``: with ``replaced`` None, any field by keyword (:func:`copier`); else
    exactly ``replaced``, by position (:func:`replacer`)."""
    _check_copyable(cls)
    names = _field_names(cls)
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_UNCHANGED": _UNCHANGED}
    if replaced is None:
        keywords = "".join(f", {n}=_UNCHANGED" for n in names)
        lines = [f"def copy_{cls.__name__}(record{', *' if names else ''}{keywords}):"]
    else:
        lines = [f"def replace_{cls.__name__}(record{''.join(f', {n}' for n in replaced)}):"]
    lines.append("    new = _new(_cls)")
    for name in names:
        # A slot's descriptor writes past the frozen __setattr__, as attrs' own __init__ does.
        namespace[f"_set_{name}"] = getattr(cls, name).__set__
        if replaced is None:
            lines.append(f"    _set_{name}(new, record.{name} if {name} is _UNCHANGED else {name})")
        else:
            lines.append(f"    _set_{name}(new, {name if name in replaced else f'record.{name}'})")
    lines.append("    return new")
    exec("\n".join(lines), namespace)
    compiled: Callable[..., Any] = namespace[lines[0][4 : lines[0].index("(")]]
    return compiled


def _field_names(cls: type[Any]) -> list[str]:
    return [field.name for field in attrs.fields(cls)]


def _check_copyable(cls: type[Any]) -> None:
    if not attrs.has(cls) or "__slots__" not in cls.__dict__ or cls.__setattr__ is object.__setattr__:
        raise TypeError(f"{cls.__name__} is not a frozen slotted attrs class")
    if hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"{cls.__name__} has a post-init hook that a copy would skip")
    for field in attrs.fields(cls):
        if field.converter is not None or field.validator is not None or field.on_setattr is not None:
            raise TypeError(f"{cls.__name__}.{field.name} has a converter or validator that a copy would skip")


__all__ = ["copier", "evolve", "replacer"]
