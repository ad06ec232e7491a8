"""Words for people: a position, and every effect, component, event and action of the engine in plain English.

The command line, the HTML report and any front end show the engine through these functions, never
through a Python repr. Effects and components read as phrases (``Spend 2 Potions: gain 8 VP``); events
and actions as whole sentences (``Player 1 gains 3 VP (Bonus token K06).``).
"""

from newton_rules.text.actions import action_predicate, describe_action, first_person_text, logged_action_text
from newton_rules.text.boards import (
    bonus_mark_text,
    book_line_text,
    book_space_text,
    map_space_text,
    route_text,
    study_board_text,
    track_space_text,
)
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
    space_name,
    tile_text,
)
from newton_rules.text.events import event_text, player_name, source_text
from newton_rules.text.position import render_decision, render_position

__all__ = [
    "action_card_text",
    "action_predicate",
    "amount_text",
    "bonus_mark_text",
    "bonus_token_text",
    "book_line_text",
    "book_space_text",
    "component_text",
    "describe_action",
    "effect_text",
    "effects_text",
    "event_text",
    "first_person_text",
    "logged_action_text",
    "map_space_text",
    "master_text",
    "objective_text",
    "pile_bonus_text",
    "player_name",
    "render_decision",
    "render_position",
    "requirement_text",
    "route_text",
    "source_text",
    "space_name",
    "study_board_text",
    "tile_text",
    "track_space_text",
]
