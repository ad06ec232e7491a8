"""The converter of Newton's data files: component records, effects as tagged unions, requirements.

Saves use the same converter with the engine's records added (:mod:`newton_rules.model.codec`).
"""

from __future__ import annotations

import warnings
from typing import Any

from newton_rules.components.records import Requirement
from newton_rules.effects.primitives import COLOURS, EFFECT_TYPES, Effect
from newton_rules.effects.spellings import TAKEN_CARD_ADVICE, spells_taken_card_flag, with_taken_card_modifier
from rules_core.codec import make_converter, register_tagged_union

converter = make_converter()


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
register_tagged_union(converter, Effect, EFFECT_TYPES, "effect")
_structure_effect_as_spelled_today = converter.get_structure_hook(Effect)


def _structure_effect(value: Any, type_: Any) -> Effect:
    """An effect, a field a data file of an earlier release spelled otherwise read as its replacement."""
    if spells_taken_card_flag(value):
        warnings.warn(TAKEN_CARD_ADVICE + " (docs/data.md, Deprecated fields)", DeprecationWarning, stacklevel=2)
        value = with_taken_card_modifier(value)
    effect: Effect = _structure_effect_as_spelled_today(value, type_)
    return effect


converter.register_structure_hook_func(lambda type_: type_ is Effect, _structure_effect)
