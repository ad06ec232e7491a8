"""The rules: one module per action or phase. Importing this package registers every decision."""

from newton_rules.rules import (
    draft,
    end_round,
    flow,
    lessons,
    masters,
    rewards,
    special_effects,
    study,
    technology,
    tiles,
    travel,
    turn,
    work,
)

__all__ = [
    "draft",
    "end_round",
    "flow",
    "lessons",
    "masters",
    "rewards",
    "special_effects",
    "study",
    "technology",
    "tiles",
    "travel",
    "turn",
    "work",
]
