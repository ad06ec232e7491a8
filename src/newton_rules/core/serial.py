"""The one cattrs converter for data files and saved games.

Tagged unions (effects, events, pending decisions) are written as objects with a ``type`` key;
requirement volumes as ``{"blue": 2}``. Unknown keys are errors, so a typo in a data file or a
tampered save is reported instead of silently ignored.
"""

from __future__ import annotations

from typing import Any

import cattrs
from cattrs.gen import make_dict_structure_fn

from newton_rules.components.records import Requirement
from newton_rules.effects.primitives import COLOURS, EFFECT_TAGS, EFFECT_TYPES, Effect

converter = cattrs.Converter(forbid_extra_keys=True, omit_if_default=True)


def register_tagged_union(union: Any, tags: dict[str, type[Any]], what: str) -> None:
    """Structure/unstructure ``union`` as objects carrying a ``type`` tag from ``tags``."""
    reverse = {cls: tag for tag, cls in tags.items()}
    structure_fns = {
        tag: make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True) for tag, cls in tags.items()
    }

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
    # and fail, to disambiguate the member classes by their fields (e.g. ``ActionCard.special``).
    converter.register_structure_hook(union | None, structure_optional)
    converter.register_unstructure_hook(union | None, unstructure_optional)
    for cls in tags.values():
        converter.register_unstructure_hook(cls, _tagged_unstructure(reverse[cls], cls))


def _tagged_unstructure(tag: str, cls: type[Any]) -> Any:
    from cattrs.gen import make_dict_unstructure_fn

    plain = make_dict_unstructure_fn(cls, converter, _cattrs_omit_if_default=True)

    def unstructure(value: Any) -> Any:
        return {"type": tag, **plain(value)}

    return unstructure


def _structure_requirement(value: Any, _: Any) -> Requirement:
    if not isinstance(value, dict):
        raise ValueError(f"requirement must be an object, got {type(value).__name__}")
    unknown = set(value) - {"volumes", "university", "ancient_land"}
    if unknown:
        raise ValueError(f"unknown requirement field(s): {', '.join(sorted(unknown))}")
    volumes = value.get("volumes", {})
    if not isinstance(volumes, dict):
        raise ValueError('requirement volumes must be an object like {"blue": 2}')
    pairs: list[tuple[Any, int]] = []
    for colour, count in volumes.items():
        if colour not in COLOURS:
            raise ValueError(f"unknown volume colour {colour!r}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError(f"volume count for {colour!r} must be a positive integer")
        pairs.append((colour, count))
    pairs.sort(key=lambda p: COLOURS.index(p[0]))
    university = value.get("university")
    ancient_land = value.get("ancient_land")
    for name, field in (("university", university), ("ancient_land", ancient_land)):
        if field is not None and not isinstance(field, str):
            raise ValueError(f"requirement {name} must be a string")
    return Requirement(volumes=tuple(pairs), university=university, ancient_land=ancient_land)


def _unstructure_requirement(req: Requirement) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if req.volumes:
        out["volumes"] = dict(req.volumes)
    if req.university is not None:
        out["university"] = req.university
    if req.ancient_land is not None:
        out["ancient_land"] = req.ancient_land
    return out


converter.register_structure_hook(Requirement, _structure_requirement)
converter.register_unstructure_hook(Requirement, _unstructure_requirement)


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


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _structure_bool)

# Registered last: the structure functions of the members are generated here and pick up the strict
# int/str/bool hooks above only if those exist already (otherwise "5" or true would pass as an int).
register_tagged_union(Effect, dict(EFFECT_TYPES), "effect")
assert set(EFFECT_TAGS) == set(EFFECT_TYPES.values())


def _register_engine_unions() -> None:
    from newton_rules.core.events import EVENT_TYPES, Event
    from newton_rules.core.frames import FRAME_TYPES, Frame

    register_tagged_union(Frame, dict(FRAME_TYPES), "decision frame")
    register_tagged_union(Event, dict(EVENT_TYPES), "event")


_register_engine_unions()
