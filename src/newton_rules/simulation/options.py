"""Rule options as a batch names them: ``NAME=VALUE`` pairs in, a short text out, a record's dict back."""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from newton_rules import Options

_TRUE = ("true", "yes", "1")
_FALSE = ("false", "no", "0")


def options_from(raw: Mapping[str, Any]) -> Options:
    """The :class:`Options` of a record's ``config["options"]`` (missing names take their defaults)."""
    known = {field.name for field in attrs.fields(Options)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return Options(**raw)


def parse_options(pairs: Iterable[str], base: Options | None = None) -> Options:
    """``["work_coins=moved", "master_draft=true"]`` over ``base``; raises ValueError on a bad name or value."""
    hints = typing.get_type_hints(Options)
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name, text = name.strip(), text.strip()
        if not sep or name not in hints:
            known = ", ".join(field.name for field in attrs.fields(Options))
            raise ValueError(f"expected NAME=VALUE with NAME one of {known}, got {pair!r}")
        if hints[name] is bool:
            if text.lower() not in (*_TRUE, *_FALSE):
                raise ValueError(f"option {name} is true or false, got {text!r}")
            changes[name] = text.lower() in _TRUE
        else:
            allowed = typing.get_args(hints[name])
            if allowed and text not in allowed:
                raise ValueError(f"option {name} is one of {', '.join(map(str, allowed))}, got {text!r}")
            changes[name] = text
    return attrs.evolve(base or Options(), **changes)


def options_text(options: Mapping[str, Any] | Options) -> str:
    """The options that differ from the defaults: ``master_draft=true, work_coins=moved``, or ``defaults``."""
    chosen = attrs.asdict(options if isinstance(options, Options) else options_from(options))
    defaults = attrs.asdict(Options())
    parts = [
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in sorted(chosen.items())
        if value != defaults[name]
    ]
    return ", ".join(parts) or "defaults"


__all__ = ["options_from", "options_text", "parse_options"]
