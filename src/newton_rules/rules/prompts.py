"""What each pending decision asks, in words: the prompt its declaration in the rule table names.

One prompt per kind of decision, ``(state, frame) -> str`` (``says(text)`` for one that always asks the
same), short enough for a status line.
"""

from __future__ import annotations

from newton_rules.model import frames as fr
from newton_rules.model.state import GameState
from rules_core.decisions import says

# What an X8 special action asks to choose, by the RepeatFrame's ``what``.
_REPEAT_CHOICES = {
    "income": "the income space whose Income tile pays now",
    "token": "the Bonus token whose effect to apply again",
    "city": "the City (with your cube) whose effect to apply again",
    "master": "the played Master whose immediate effect to apply again",
    "objective": "the occupied Objective whose VP to receive now",
}


draft = says("choose a Master card to keep")


def turn(state: GameState, frame: fr.TurnFrame) -> str:
    if frame.card is None:
        return f"round {state.round}: play an Action card (Quick Actions allowed)"
    return f"round {state.round}: perform the Basic Action / Special Effect of {frame.card}, or end the turn"


work = says("Work (value {frame.value}): step the marker ({frame.moved} moved) or stop")


def technology(state: GameState, frame: fr.TechnologyFrame) -> str:
    if frame.student is None:
        return f"Technology ({frame.remaining} left): choose a Student to move, or stop"
    return f"Technology: move Student {frame.student} ({frame.remaining} left) or stop"


travel = says("Travel: move the Scientist ({frame.remaining} left) or stop")


lessons = says("Lessons (value {frame.remaining}): take a face-up card or stop")


study = says("Study (value {frame.remaining}): place a Bookshelf tile or stop")


reward = says("receiving rewards")


def development(state: GameState, frame: fr.DevelopmentFrame) -> str:
    if frame.action is None:
        return "choose the type of Development tile"
    return f"put the {frame.action} Development tile in a drawer, or decline"


def income(state: GameState, frame: fr.IncomeFrame) -> str:
    if frame.kind is None:
        return "choose the type of Income tile"
    return f"put the {frame.kind} tile on an income space, or decline"


def place_cube(state: GameState, frame: fr.PlaceCubeFrame) -> str:
    return f"place a Travel cube on a {frame.where.replace('_', ' ')} (cost {frame.cost}), or decline"


volume = says("choose the colour of your volume for this round")


village = says("move your Scientist to a free Village for {frame.cost} coins, or decline")


copy = says("choose a card on your desk whose Special Effect to apply")


discard = says("discard a card from your hand, or decline")


def discovery(state: GameState, frame: fr.DiscoveryFrame) -> str:
    if frame.price == "half":
        return "take an available Great Discovery tile paying half its cost, or decline"
    return "take an available Great Discovery tile for free, or decline"


def take_card(state: GameState, frame: fr.TakeCardFrame) -> str:
    if frame.level is None:
        return "take an available Action card of any level"
    return f"take an available Action card of level {frame.level}"


trade_card = says("discard a card from your hand out of the game, to take an available card")


def repeat(state: GameState, frame: fr.RepeatFrame) -> str:
    return f"special action of {frame.card}: choose {_REPEAT_CHOICES[frame.what]}"


tuck = says("End Round: choose a played card to tuck under your desk")
