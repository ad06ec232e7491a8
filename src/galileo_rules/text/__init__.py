"""Words for people: every effect, component, event and action of Galileo Galilei in plain English, and the
table as one seat sees it.

The command line and any front end show the game through these functions, never through a Python repr,
with the same names as Newton's :mod:`newton_rules.text` so that a front end calls the same kind of
function for either game. Effects and components read as phrases (``Increase all your red dice by 1``);
events and actions as whole sentences (``Player 1 gains 3 VP (observing a constellation).``).

>>> from galileo_rules import new_game
>>> from galileo_rules.text import describe_action
>>> game = new_game(players=2, seed=7)
>>> describe_action(game, game.legal_actions()[0])
'Player 0 chooses Giordano Bruno as their astronomer.'
"""

from galileo_rules.text.actions import (
    Change,
    action_change,
    action_predicate,
    change_text,
    describe_action,
    first_person_text,
    logged_action_text,
)
from galileo_rules.text.boards import astronomer_text, sky_space_text
from galileo_rules.text.components import effect_text, effects_text, objective_text
from galileo_rules.text.events import BOOKKEEPING, event_text, frame_text, player_name, source_text
from galileo_rules.text.position import decision_prompt, render_position, status_text
from galileo_rules.text.reference import component_ids, component_text

__all__ = [
    "BOOKKEEPING",
    "Change",
    "action_change",
    "action_predicate",
    "astronomer_text",
    "change_text",
    "component_ids",
    "component_text",
    "decision_prompt",
    "describe_action",
    "effect_text",
    "effects_text",
    "event_text",
    "first_person_text",
    "frame_text",
    "logged_action_text",
    "objective_text",
    "player_name",
    "render_position",
    "sky_space_text",
    "source_text",
    "status_text",
]
