"""Atomic actions and their text notation: ``kind`` or ``kind arg`` (``move 2``, ``fixed observe``,
``target 3.1``, ``pay R3+R1+c2``, ``write 0``, ``end``). An action carries nothing derived, so a log of
actions replays exactly and parses back."""

from __future__ import annotations

from typing import NamedTuple

from rules_core.notation import read_action

# kind -> whether it takes an argument. The order is the stable order of legal_actions().
ACTION_KINDS: dict[str, bool] = {
    "astronomer": True,  # choose an astronomer (setup, GS10)
    "bench": True,  # Kepler: the basic tile put on his Character Board (GK4)
    "place": True,  # tile-order variant: the tile for the next slot (GS12)
    "move": True,  # move the telescope 1-3 spaces (GT2)
    "fixed": True,  # take the fixed action (observe, die, lecture, comet, upgrade)
    "moving": True,  # take option 1 or 2 of the Action tile at the telescope ("q" at the Upgrade space)
    "free": True,  # a free action paid with Quadrants (recolour, raise, die, write, persuade, comet)
    "library": True,  # Copernicus: place a Library tile TILE.SIDE@ROW.SPACE (GK7)
    "target": True,  # the object to observe: SLOT (Major Object) or SLOT.K (constellation K)
    "pay": True,  # the payment: dice and comets, e.g. R3+Y2+c1
    "die": True,  # the colour of a gained die, or COLOUR-DIE to replace one of 4 dice
    "raise": True,  # the die to increase
    "recolour": True,  # DIE>COLOUR
    "persuade": True,  # move an Inquisitor from cellar space N one space right
    "jump": True,  # Copernicus's page: move an Inquisitor from space N up to two spaces right
    "lecture": True,  # the Scale (0-3) to lecture on
    "write": True,  # move Book token N one space (partial writing)
    "complete": True,  # move Book token N to the end of its row (complete writing)
    "upgrade": True,  # the tile slot to upgrade (6: Kepler's Character Board tile)
    "swap": True,  # Kepler: A-B, two slots (6: the Character Board tile)
    "page": True,  # the Book of Comets page for a waiting Comet: N, oN (personal page) or "appendix"
    "farewell": False,  # take Inquisitor's Farewell
    "decline": False,  # refuse an optional effect
    "stop": False,  # end the current Observe / partial writing
    "end": False,  # end the Action phase
}
KIND_ORDER = {kind: i for i, kind in enumerate(ACTION_KINDS)}


class Action(NamedTuple):
    """One atomic decision; ``str(action)`` is its notation, :meth:`parse` reads it back."""

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.arg}" if self.arg else self.kind

    @staticmethod
    def parse(text: str) -> Action:
        """Read the notation; raises :class:`ActionSyntaxError` naming what is wrong."""
        return Action(*read_action(text, ACTION_KINDS))


def order_key(action: Action) -> tuple[int, str]:
    """The stable order of legal actions: by kind, then by argument."""
    return (KIND_ORDER[action.kind], action.arg)
