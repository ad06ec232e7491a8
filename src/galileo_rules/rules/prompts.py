"""What each pending decision asks, in words: the prompt its declaration in the rule table names."""

from __future__ import annotations

from galileo_rules.model import frames as fr
from galileo_rules.model.state import GameState
from rules_core.decisions import says

_SETUP_STEPS = {
    "astronomer": "choose your astronomer",
    "bench": "Kepler: choose the basic tile for your Character Board",
    "order": "place your next Action tile",
}


def setup(state: GameState, frame: fr.SetupFrame) -> str:
    return f"setup: {_SETUP_STEPS.get(frame.step, frame.step)}"


def turn(state: GameState, frame: fr.TurnFrame) -> str:
    if frame.stage == "move":
        return f"round {state.round}: move your telescope 1 to 3 spaces"
    return f"round {state.round}: take your fixed, moving and free actions, or end the turn"


effects = says("receiving the rewards of {frame.source}")


die = says("gain a die: choose its colour (with 4 dice, the die it replaces, or decline)")


raise_die = says("increase one of your dice by {frame.n}")


recolour = says("change the colour of one of your dice")


persuade = says("persuade an Inquisitor one space right ({frame.left} left)")


jump = says("move an Inquisitor one space right (persuade) or {frame.n} (jump) ({frame.left} tokens left), or stop")


farewell = says("take Inquisitor's Farewell, or decline")


lecture = says("choose the Scale to lecture on")


def write(state: GameState, frame: fr.WriteFrame) -> str:
    if frame.full:
        return "complete the writing of a Book: move a Book token to the end of its row"
    return f"write: move a Book token one space ({frame.left} left), or stop"


upgrade = says("choose the Action tile to upgrade")


def swap(state: GameState, frame: fr.SwapFrame) -> str:
    if frame.mode == 1:
        return "Kepler: swap two Action tiles of your board"
    return "Kepler: swap an Action tile with your Character Board tile"


observe = says("Observe: choose an object to observe, or stop")


pay = says("Observe: choose how to pay for the object")


cleanup = says("cleanup")


page = says("choose the Book of Comets page for your waiting Comet")


tycho = says("Tycho Brahe's turn")
