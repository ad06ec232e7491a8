"""Spellings of earlier releases, read as today's: a data pack or a save that still writes a replaced field
loads as if it wrote its replacement (docs/data.md, "Deprecated fields").

Descartes' follow-up (M4) was the flag ``then_perform_taken`` of ``perform_action`` (and of the Lessons
frame it started); it is the modifier ``perform_taken_card`` in their ``modifiers`` now.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from newton_rules.effects.primitives import PerformAction, PerformTakenCard

TAKEN_CARD_FLAG = "then_perform_taken"
TAKEN_CARD_ADVICE = (
    f"the field '{TAKEN_CARD_FLAG}' of '{PerformAction.tag}' is deprecated: "
    f'write "modifiers": [{{"type": "{PerformTakenCard.tag}"}}] instead of "{TAKEN_CARD_FLAG}": true'
)


def with_taken_card_modifier(value: Any, types: Collection[str] = (PerformAction.tag,)) -> Any:
    """``value`` (parsed JSON) with the flag ``then_perform_taken`` of every object whose ``type`` is one of
    ``types`` spelled as today: true is the modifier ``perform_taken_card`` at the end of its ``modifiers``,
    false is nothing. A flag that is not a boolean stays, for the reader to report as the unknown field it is."""
    if isinstance(value, list):
        return [with_taken_card_modifier(item, types) for item in value]
    if not isinstance(value, dict):
        return value
    out = {key: with_taken_card_modifier(item, types) for key, item in value.items()}
    if out.get("type") in types and isinstance(out.get(TAKEN_CARD_FLAG), bool):
        if out.pop(TAKEN_CARD_FLAG):
            modifiers = out.get("modifiers", [])
            modifier = {"type": PerformTakenCard.tag}
            out["modifiers"] = [*modifiers, modifier] if isinstance(modifiers, list) else modifiers
    return out


def spells_taken_card_flag(value: Any) -> bool:
    """Whether ``value`` (a parsed effect) is spelled with the flag ``then_perform_taken`` of earlier releases."""
    return isinstance(value, dict) and value.get("type") == PerformAction.tag and TAKEN_CARD_FLAG in value
