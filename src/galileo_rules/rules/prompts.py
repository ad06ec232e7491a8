"""What each pending decision asks, in words: the prompt its declaration in the rule table names."""

from __future__ import annotations

from galileo_rules.model import frames as fr
from galileo_rules.model.state import GameState

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


def effects(state: GameState, frame: fr.EffectsFrame) -> str:
    return f"receiving the rewards of {frame.source}"


def die(state: GameState, frame: fr.DieFrame) -> str:
    return "gain a die: choose its colour (with 4 dice, the die it replaces, or decline)"


def raise_die(state: GameState, frame: fr.RaiseFrame) -> str:
    return f"increase one of your dice by {frame.n}"


def recolour(state: GameState, frame: fr.RecolourFrame) -> str:
    return "change the colour of one of your dice"


def persuade(state: GameState, frame: fr.PersuadeFrame) -> str:
    return f"persuade an Inquisitor one space right ({frame.left} left)"


def jump(state: GameState, frame: fr.JumpFrame) -> str:
    return f"move an Inquisitor up to {frame.n} spaces right ({frame.left} tokens left), or stop"


def farewell(state: GameState, frame: fr.FarewellFrame) -> str:
    return "take Inquisitor's Farewell, or decline"


def lecture(state: GameState, frame: fr.LectureFrame) -> str:
    return "choose the Scale to lecture on"


def write(state: GameState, frame: fr.WriteFrame) -> str:
    if frame.full:
        return "complete the writing of a Book: move a Book token to the end of its row"
    return f"write: move a Book token one space ({frame.left} left), or stop"


def upgrade(state: GameState, frame: fr.UpgradeFrame) -> str:
    return "choose the Action tile to upgrade"


def swap(state: GameState, frame: fr.SwapFrame) -> str:
    if frame.mode == 1:
        return "Kepler: swap two Action tiles of your board"
    return "Kepler: swap an Action tile with your Character Board tile"


def observe(state: GameState, frame: fr.ObserveFrame) -> str:
    return "Observe: choose an object to observe, or stop"


def pay(state: GameState, frame: fr.PayFrame) -> str:
    return "Observe: choose how to pay for the object"


def cleanup(state: GameState, frame: fr.CleanupFrame) -> str:
    return "cleanup"


def page(state: GameState, frame: fr.PageFrame) -> str:
    return "choose the Book of Comets page for your waiting Comet"


def tycho(state: GameState, frame: fr.TychoFrame) -> str:
    return "Tycho Brahe's turn"
