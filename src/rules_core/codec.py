"""Building a strict cattrs converter: the game-agnostic part of reading data files and saves.

A game's codec module makes one converter with :func:`make_converter` and registers its own records on
it (tagged unions with :func:`register_tagged_union`). Unknown keys are errors and integers, strings and
booleans are never coerced, so a typo in a data file or a tampered save is reported, not guessed at.
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn


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


def register_tagged_union(converter: cattrs.Converter, union: Any, tags: dict[str, type[Any]], what: str) -> None:
    """Structure/unstructure ``union`` as objects carrying a ``type`` tag from ``tags``.

    Register the scalar hooks first (:func:`make_converter` does): the member classes' structure
    functions are generated here and pick up only the hooks that exist already.
    """
    reverse = {cls: tag for tag, cls in tags.items()}
    structure_fns = {tag: _member_structure_fn(converter, cls) for tag, cls in tags.items()}

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(f"{what} must be an object with a 'type' key, got {type(value).__name__}")
        tag = value.get("type")
        if tag not in structure_fns:
            raise ValueError(f"unknown {what} type {tag!r} (known: {', '.join(sorted(tags))})")
        body = {k: v for k, v in value.items() if k != "type"}
        return structure_fns[tag](body, tags[tag])

    def unstructure(value: Any) -> Any:
        body = converter.unstructure(value, unstructure_as=type(value))
        return {"type": reverse[type(value)], **body}

    def structure_optional(value: Any, _: Any) -> Any:
        return None if value is None else structure(value, union)

    def unstructure_optional(value: Any) -> Any:
        return None if value is None else unstructure(value)

    converter.register_structure_hook(union, structure)
    converter.register_unstructure_hook(union, unstructure)
    # ``union | None`` is a different (flattened) union to Python; without these hooks cattrs would try,
    # and fail, to disambiguate the member classes by their fields.
    converter.register_structure_hook(union | None, structure_optional)
    converter.register_unstructure_hook(union | None, unstructure_optional)
    for tag, cls in tags.items():
        converter.register_unstructure_hook(cls, _tagged_unstructure(converter, tag, cls))


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


__all__ = ["error_text", "make_converter", "register_tagged_union"]
