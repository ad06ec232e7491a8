"""Words for people: every effect, component and event of the engine as plain English.

The command line, the HTML report and any front end show the engine through these functions, never
through a Python repr.
"""

from newton_rules.text.components import (
    action_card_text,
    amount_text,
    bonus_token_text,
    component_text,
    effect_text,
    effects_text,
    master_text,
    objective_text,
    pile_bonus_text,
    requirement_text,
    tile_text,
)

__all__ = [
    "action_card_text",
    "amount_text",
    "bonus_token_text",
    "component_text",
    "effect_text",
    "effects_text",
    "master_text",
    "objective_text",
    "pile_bonus_text",
    "requirement_text",
    "tile_text",
]
