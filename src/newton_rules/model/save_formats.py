"""Saves of earlier formats read in today's spelling (:attr:`rules_core.definition.GameDefinition.upgrade_save`).

Each change of what a save writes is a step, applied to the saves of the formats before the one that
made it; the verified load then checks the upgraded snapshot against the state its actions replay to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from newton_rules.effects.spellings import with_taken_card_modifier
from newton_rules.model.frames import LessonsFrame

# The parts of a save that hold records (frames, effects): the state snapshot and a built starting position.
_RECORDS = ("state", "position")


def _taken_card_modifier(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 4: Descartes' Lessons frame (and his Master's effect, waiting in a reward) carries the modifier
    ``perform_taken_card`` where formats 2 and 3 wrote the flag ``then_perform_taken``."""
    types = (LessonsFrame.tag, "perform_action")
    return {key: with_taken_card_modifier(value, types) if key in _RECORDS else value for key, value in doc.items()}


# (the format that changed the spelling, the step that rewrites a save of an earlier format into it)
UPGRADES: tuple[tuple[int, Callable[[dict[str, Any]], dict[str, Any]]], ...] = ((4, _taken_card_modifier),)


def upgrade_save(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` (a parsed save of a readable format) as the current format spells it."""
    written = doc.get("format")
    for introduced, step in UPGRADES:
        if isinstance(written, int) and written < introduced:
            doc = step(doc)
    return doc
