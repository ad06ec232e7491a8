"""A data pack's problems as records (file, item, field, what is wrong), and structuring that goes on
past a broken item so that one run of the loader finds every problem of a pack.

The strict converter stops a file at its first broken item; :func:`structure_all` reports every broken
item of a file (cattrs' detailed validation lists them all) and keeps what can be read: a list loses its
broken elements, a record its broken optional fields. The rules' checks then run on what was kept, so a
designer sees the problems of every file in one run.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from newton_rules.components import records as component_records

_PATH_TOKEN = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")
_NAMED_LABEL = re.compile(r"\[\d+\]( \(id '[^']*'\))?")
# Every field name of a component record: a problem whose words start with one of them is about that field.
_RECORD_FIELDS: frozenset[str] = frozenset(
    field.name
    for name in component_records.__all__
    if attrs.has(record := getattr(component_records, name))
    for field in attrs.fields(record)
)


@attrs.frozen(kw_only=True)
class PackProblem:
    """One problem of a data pack: the ``file``, the ``item`` in it (empty for the whole file), the
    ``field`` of the item when the problem names one, ``message``, what is wrong, and ``line``, all of it
    in the one-line form the loader's :class:`~newton_rules.errors.DataError` lists (``str()`` gives it):
    ``cards.json: action_cards[3] (id 'L1-04').special: unknown effect type 'teleport'``."""

    file: str
    item: str
    field: str | None
    message: str
    line: str

    def __str__(self) -> str:
        return self.line

    def as_json(self) -> dict[str, str | None]:
        return {"file": self.file, "item": self.item, "field": self.field, "message": self.message}


def problem_of_line(line: str) -> PackProblem:
    """A rule check's ``"file: item: what is wrong"`` line as a :class:`PackProblem`; ``field`` is the
    record field that the words of the problem start with, if any (``level must be 0`` -> ``level``)."""
    file, _, rest = line.partition(": ")
    item, _, message = rest.rpartition(": ")
    first_word = message.split(" ", 1)[0].rstrip(":,")
    field = first_word if first_word in _RECORD_FIELDS else None
    return PackProblem(file=file, item=item, field=field, message=message, line=line)


def item_path(raw: Any, path: str) -> str:
    """A cattrs error path made readable: ``action_cards[3] (id 'L1-04').special``.

    ``raw`` is the JSON value the path starts from; every list element with an ``id`` is named by it.
    """
    parts: list[str] = []
    node: Any = raw
    for match in _PATH_TOKEN.finditer(path):
        key, index = match.group(1), match.group(2)
        if key is not None:
            parts.append(("." if parts else "") + key)
            node = node.get(key) if isinstance(node, dict) else None
        else:
            position = int(index)
            node = node[position] if isinstance(node, list) and position < len(node) else None
            label = f"[{position}]"
            if isinstance(node, dict) and isinstance(node.get("id"), str):
                label += f" (id {node['id']!r})"
            parts.append(label)
    return "".join(parts)


def split_item_and_field(where: str) -> tuple[str, str | None]:
    """``action_cards[3] (id 'L1-04').special.pay`` -> (``action_cards[3] (id 'L1-04')``, ``special.pay``):
    the item is the path up to its last list element, the field what follows it (without a list element:
    ``counts.masters.masters`` -> (``counts.masters``, ``masters``))."""
    labels = list(_NAMED_LABEL.finditer(where))
    if not labels:
        head, _, tail = where.rpartition(".")
        return head, tail or None
    end = labels[-1].end()
    return where[:end], where[end:].removeprefix(".") or None


def structure_all(
    converter: cattrs.Converter,
    raw: Any,
    cls: Any,
    filename: str,
    section: str | None,
    format_exception: Callable[[BaseException, Any], str],
) -> tuple[Any | None, list[PackProblem]]:
    """``raw`` (a whole file, or its top-level field ``section``) structured into ``cls``, and every
    problem found; on problems, what could be read of it (None when nothing could)."""
    try:
        return converter.structure(raw, cls), []
    except cattrs.BaseValidationError as exc:
        lines = cattrs.transform_error(exc, path="", format_exception=format_exception)
        root = {section: raw} if section is not None else raw
        problems = []
        for line in lines or [str(exc)]:
            message, _, path = line.rpartition(" @ ") if " @ " in line else (line, "", "")
            item, field = split_item_and_field(item_path(root, f"{section}{path}" if section is not None else path))
            where = ".".join(part for part in (item, field) if part) or "top level"
            problems.append(
                PackProblem(
                    file=filename, item=item, field=field, message=message, line=f"{filename}: {where}: {message}"
                )
            )
        return salvage(converter, raw, cls), problems
    except (TypeError, ValueError, KeyError) as exc:
        where = section or "top level"
        line = f"{filename}: {where}: {exc}"
        return None, [PackProblem(file=filename, item=section or "", field=None, message=str(exc), line=line)]


def salvage(converter: cattrs.Converter, raw: Any, cls: Any) -> Any | None:
    """What of ``raw`` can be structured into ``cls``: a tuple without its broken elements (an element is
    kept whole or not at all, never with a field left out), a record without its broken fields that have
    a default; None when nothing can."""
    try:
        return converter.structure(raw, cls)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError):
        pass
    args = typing.get_args(cls)
    if typing.get_origin(cls) is tuple and len(args) == 2 and args[1] is Ellipsis and isinstance(raw, list):
        return tuple(item for item in (_whole(converter, element, args[0]) for element in raw) if item is not None)
    if isinstance(cls, type) and attrs.has(cls) and isinstance(raw, dict):
        return _salvage_record(converter, raw, cls)
    return None


def _whole(converter: cattrs.Converter, raw: Any, cls: Any) -> Any | None:
    try:
        return converter.structure(raw, cls)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError):
        return None


def _salvage_record(converter: cattrs.Converter, raw: dict[str, Any], cls: type[Any]) -> Any | None:
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for field in attrs.fields(cls):
        if field.name in raw:
            value = salvage(converter, raw[field.name], hints[field.name])
            if value is not None:
                values[field.name] = value
                continue
        if field.default is attrs.NOTHING:
            return None
    try:
        return cls(**values)
    except (TypeError, ValueError):
        return None


__all__ = ["PackProblem", "item_path", "problem_of_line", "salvage", "split_item_and_field", "structure_all"]
