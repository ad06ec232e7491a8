"""Newton for people: positions (and, with the text engineer's modules, effects and events) in words."""

from newton_rules.text.position import render_decision, render_position

__all__ = ["render_decision", "render_position"]
