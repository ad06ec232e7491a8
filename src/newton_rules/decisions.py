"""Describing the pending decision for people: who decides what, as a short prompt."""

from __future__ import annotations

import attrs

from newton_rules.model import frames as fr
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context
from rules_core.engine import deciding_player


@attrs.frozen
class Decision:
    """The decision pending: ``player`` decides ``kind`` (the frame's tag); ``prompt`` says it in words."""

    player: int
    kind: str
    prompt: str


def describe(state: GameState, ctx: Context, frame: fr.Frame) -> Decision:
    """The pending ``frame`` as its declaration in the rule table words it."""
    player = deciding_player(frame)
    assert player is not None
    rules = ctx.rules
    return Decision(player=player, kind=rules.tag(frame), prompt=rules.prompt(state, frame))
