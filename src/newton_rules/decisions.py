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


_TAGS = {cls: tag for tag, cls in fr.FRAME_TYPES.items()}


def describe(state: GameState, ctx: Context, frame: fr.Frame) -> Decision:
    player = deciding_player(frame)
    assert player is not None
    return Decision(player=player, kind=_TAGS[type(frame)], prompt=_prompt(state, frame))


# What an X8 special action asks to choose, by the RepeatFrame's ``what``.
_REPEAT_CHOICES = {
    "income": "the income space whose Income tile pays now",
    "token": "the Bonus token whose effect to apply again",
    "city": "the City (with your cube) whose effect to apply again",
    "master": "the played Master whose immediate effect to apply again",
    "objective": "the occupied Objective whose VP to receive now",
}


def _prompt(state: GameState, frame: fr.Frame) -> str:
    match frame:
        case fr.DraftFrame():
            return "choose a Master card to keep"
        case fr.TurnFrame(card=None):
            return f"round {state.round}: play an Action card (Quick Actions allowed)"
        case fr.TurnFrame():
            return f"round {state.round}: perform the Basic Action / Special Effect of {frame.card}, or end the turn"
        case fr.WorkFrame():
            return f"Work (value {frame.value}): step the marker ({frame.moved} moved) or stop"
        case fr.TechnologyFrame(student=None):
            return f"Technology ({frame.remaining} left): choose a Student to move, or stop"
        case fr.TechnologyFrame():
            return f"Technology: move Student {frame.student} ({frame.remaining} left) or stop"
        case fr.TravelFrame():
            return f"Travel: move the Scientist ({frame.remaining} left) or stop"
        case fr.LessonsFrame():
            return f"Lessons (value {frame.remaining}): take a face-up card or stop"
        case fr.StudyFrame():
            return f"Study (value {frame.remaining}): place a Bookshelf tile or stop"
        case fr.ChooseActionFrame():
            return "choose which Basic Action to perform"
        case fr.MasterFrame():
            return "choose which Master card to play"
        case fr.DevelopmentFrame(action=None):
            return "choose the type of Development tile"
        case fr.DevelopmentFrame():
            return f"put the {frame.action} Development tile in a drawer, or decline"
        case fr.IncomeFrame(kind=None):
            return "choose the type of Income tile"
        case fr.IncomeFrame():
            return f"put the {frame.kind} tile on an income space, or decline"
        case fr.PlaceCubeFrame():
            return f"place a Travel cube on a {frame.where.replace('_', ' ')} (cost {frame.cost}), or decline"
        case fr.VolumeFrame():
            return "choose the colour of your volume for this round"
        case fr.VillageFrame():
            return f"move your Scientist to a free Village for {frame.cost} coins, or decline"
        case fr.CopyFrame():
            return "choose a card on your desk whose Special Effect to apply"
        case fr.DiscardFrame():
            return "discard a card from your hand, or decline"
        case fr.MoveBookFrame(lifted=None):
            return "choose a placed Bookshelf tile to move, or decline"
        case fr.MoveBookFrame():
            return "choose the book space to move the tile to"
        case fr.TakeCardFrame(level=None):
            return "take an available Action card of any level"
        case fr.TakeCardFrame():
            return f"take an available Action card of level {frame.level}"
        case fr.TradeCardFrame():
            return "discard a card from your hand out of the game, to take an available card"
        case fr.RepeatFrame():
            return f"special action of {frame.card}: choose {_REPEAT_CHOICES[frame.what]}"
        case fr.DiscoveryFrame(price="half"):
            return "take an available Great Discovery tile paying half its cost, or decline"
        case fr.DiscoveryFrame():
            return "take an available Great Discovery tile for free, or decline"
        case fr.TuckFrame():
            return "End Round: choose a played card to tuck under your desk"
        case fr.RewardFrame():
            return "receiving rewards"
    raise AssertionError(frame)
