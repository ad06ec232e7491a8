"""Building a strict cattrs converter: the game-agnostic part of reading data files and saves.

A game's codec module makes one converter with :func:`make_converter` and registers its own records on
it (tagged unions with :func:`register_tagged_union`). Unknown keys are errors and integers, strings and
booleans are never coerced, so a typo in a data file or a tampered save is reported, not guessed at.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

T = TypeVar("T")


def make_converter() -> cattrs.Converter:
    """A converter that forbids unknown keys, omits defaults and never coerces scalars."""
    converter = cattrs.Converter(forbid_extra_keys=True, omit_if_default=True)
    converter.register_structure_hook(int, _structure_int)
    converter.register_structure_hook(str, _structure_str)
    converter.register_structure_hook(bool, _structure_bool)
    converter.register_structure_hook_func(_is_literal, _structure_literal)
    return converter


def _structure_int(value: Any, _: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}")
    return value


def _structure_str(value: Any, _: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, got {value!r}")
    return value


def _structure_bool(value: Any, _: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _is_literal(type_: Any) -> bool:
    return get_origin(type_) is Literal


def _structure_literal(value: Any, type_: Any) -> Any:
    """One of the values of a ``Literal`` type, by type and value (``True`` is not ``1``)."""
    allowed = get_args(type_)
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise ValueError(f"must be one of {', '.join(repr(a) for a in allowed)}, got {value!r}")
    return value


def _member_structure_fn(converter: cattrs.Converter, cls: type[Any]) -> Any:
    """How a member of a tagged union reads its body: generated for a plain record; through the hook the
    converter holds for a generic one (the core's decision events, whose frame type the game registers)."""
    if getattr(cls, "__parameters__", ()):
        return converter.get_structure_hook(cls)
    return make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)


class TagRegistry(Mapping[str, type[T]]):
    """An open table of tagged records: ``tag`` -> record class, what data files and saves name them by.

    A game's base record (its pending decision, its effect primitive) adds each subclass as it is
    declared (``__init_subclass__`` calls :meth:`add`), so a record declared beside its rules, in any
    module, is read and written with no list to edit. The table keeps the order of declaration."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._types: dict[str, type[T]] = {}

    def add(self, cls: type[T]) -> None:
        """Add ``cls`` under its own class attribute ``tag``; a tag already held by another record is an
        error. A record declared again under the same name (attrs rebuilds a slotted class) replaces itself."""
        tag = vars(cls).get("tag")
        if tag is None and isinstance(getattr(cls, "tag", None), str):
            return  # a subclass that keeps its parent's tag is the same kind of record, read as its parent
        if not isinstance(tag, str):
            raise TypeError(f"{self.what} record {cls.__qualname__} has no class attribute 'tag' (its name in files)")
        held = self._types.get(tag)
        if held is not None and (held.__module__, held.__qualname__) != (cls.__module__, cls.__qualname__):
            taken = f"{self.what} tag {tag!r} is taken by {held.__qualname__}"
            raise TypeError(f"{taken}: {cls.__qualname__} needs another")
        self._types[tag] = cls

    def __getitem__(self, tag: str) -> type[T]:
        return self._types[tag]

    def __iter__(self) -> Iterator[str]:
        return iter(self._types)

    def __len__(self) -> int:
        return len(self._types)

    def __repr__(self) -> str:
        return f"TagRegistry({self.what!r}, {sorted(self._types)})"


class TaggedRecord:
    """The base of a family of tagged records (a game's pending decisions, its effect primitives).

    The family's base class sets ``registry`` to its :class:`TagRegistry`; every subclass declared after
    it joins that registry under its own class attribute ``tag``, in whatever module it is declared."""

    __slots__ = ()
    tag: ClassVar[str]
    registry: ClassVar[TagRegistry[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "registry" not in vars(cls):  # the family's base declares the registry; its members join it
            cls.registry.add(cls)


def register_tagged_union(converter: cattrs.Converter, union: Any, tags: Mapping[str, type[Any]], what: str) -> None:
    """Structure/unstructure ``union`` as objects carrying a ``type`` tag from ``tags``.

    ``union`` is a union of record classes, or a base class whose subclasses ``tags`` holds (a
    :class:`TagRegistry`, which may grow after this call: a member's functions are made at its first use,
    so they also pick up every hook registered in between).
    """
    structure_fns: dict[type[Any], Any] = {}
    unstructure_fns: dict[type[Any], Any] = {}

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"{what} must be an object with a 'type' key, got {type(value).__name__}")
        cls = tags.get(value.get("type"))  # type: ignore[arg-type]  # any key: an unknown one is reported
        if cls is None:
            raise ValueError(f"unknown {what} type {value.get('type')!r} (known: {', '.join(sorted(tags))})")
        fn = structure_fns.get(cls) or structure_fns.setdefault(cls, _member_structure_fn(converter, cls))
        return fn({k: v for k, v in value.items() if k != "type"}, cls)

    def unstructure(value: Any) -> Any:
        cls = type(value)
        fn = unstructure_fns.get(cls)
        if fn is None:
            tag = next((tag for tag, member in tags.items() if member is cls), None)
            if tag is None:
                raise ValueError(f"{cls.__qualname__} is not a known {what} (known: {', '.join(sorted(tags))})")
            fn = unstructure_fns[cls] = _tagged_unstructure(converter, tag, cls)
        return fn(value)

    def structure_optional(value: Any, _: Any) -> Any:
        return None if value is None else structure(value, union)

    def unstructure_optional(value: Any) -> Any:
        return None if value is None else unstructure(value)

    converter.register_structure_hook_func(lambda tp: tp is union, structure)  # the members read their own way
    converter.register_unstructure_hook(union, unstructure)  # a base class: its subclasses too
    # ``union | None`` is a different (flattened) union to Python; without these hooks cattrs would try,
    # and fail, to disambiguate the member classes by their fields.
    converter.register_structure_hook(union | None, structure_optional)
    converter.register_unstructure_hook(union | None, unstructure_optional)
    if not isinstance(union, type):
        for cls in tags.values():
            converter.register_unstructure_hook(cls, unstructure)


def _tagged_unstructure(converter: cattrs.Converter, tag: str, cls: type[Any]) -> Any:
    plain = make_dict_unstructure_fn(cls, converter, _cattrs_omit_if_default=True)

    def unstructure(value: Any) -> Any:
        return {"type": tag, **plain(value)}

    return unstructure


def error_text(exc: Exception, path: str = "", limit: int = 3) -> str:
    """The inner reasons of a cattrs error as ``where: reason`` (``where`` below ``path``), never
    "invalid value @ ..."; the message of any other error. At most ``limit`` reasons, joined by "; "."""
    if not isinstance(exc, cattrs.BaseValidationError):
        return str(exc)
    reasons = cattrs.transform_error(exc, path="$", format_exception=_reason)[:limit]
    return "; ".join(_where_first(reason, path) for reason in reasons)


def _where_first(reason: str, path: str) -> str:
    """``"reason @ $.a.b"`` as ``"path.a.b: reason"`` (just the reason when it is about ``path`` itself)."""
    message, _, where = reason.rpartition(" @ ")
    where = path + where.removeprefix("$")
    return f"{where.removeprefix('.')}: {message}" if where else message


def _reason(exc: BaseException, type_: Any) -> str:
    """cattrs' default wording, but keeping the reason our own hooks and records give."""
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        known = f" (known: {', '.join(f.name for f in attrs.fields(exc.cl))})" if attrs.has(exc.cl) else ""
        return f"unknown field(s) {', '.join(sorted(exc.extra_fields))}{known}"
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ValueError) and str(exc):  # our hooks' and records' reasons; cattrs' TypeErrors are internal
        return str(exc)
    return cattrs.v.format_exception(exc, type_)


__all__ = ["TagRegistry", "TaggedRecord", "error_text", "make_converter", "register_tagged_union"]
