"""The converter of saved games: the data converter with the engine's pending decisions and events.

One converter serves data files and saves, so an effect inside a saved frame reads as it does in a
data file. Registered here, above the records it registers (frames, events) and never below them.
"""

from __future__ import annotations

from newton_rules.components.codec import converter
from newton_rules.model.events import EVENT_TYPES, Event
from newton_rules.model.frames import FRAME_TYPES, Frame
from rules_core.codec import register_tagged_union
from rules_core.stack import register_stack_events

register_stack_events(converter, Frame)
register_tagged_union(converter, Frame, FRAME_TYPES, "decision frame")
register_tagged_union(converter, Event, dict(EVENT_TYPES), "event")

__all__ = ["converter"]
