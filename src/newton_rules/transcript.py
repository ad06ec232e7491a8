"""A game as text: every action with the events it produced, one per line.

The golden-transcript tests compare this text with stored copies, so any change in what the engine
does shows up as a readable diff.
"""

from __future__ import annotations

import json

from newton_rules.game import Game
from newton_rules.model.codec import converter
from newton_rules.model.events import Event


def event_text(event: Event) -> str:
    """One event as compact JSON with a ``type`` tag."""
    return json.dumps(converter.unstructure(event, Event), sort_keys=True, separators=(",", ":"))


def transcript(game: Game) -> str:
    """The config line, then each action (``player N: action``) followed by its events, indented."""
    lines = [f"config {json.dumps(converter.unstructure(game.config), sort_keys=True)}"]
    for actor, action, events in game.iter_log():
        lines.append("setup" if action is None else f"player {actor}: {action}")
        lines += [f"  {event_text(e)}" for e in events]
    lines.append(f"scores {list(game.scores)} winners {list(game.winners)}")
    return "\n".join(lines) + "\n"


__all__ = ["event_text", "transcript"]
