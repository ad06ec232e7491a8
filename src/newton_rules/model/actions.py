"""Atomic actions and their text notation.

An action is one decision: ``play L1-04``, ``basic travel``, ``step venezia``, ``stop``, ``book A7``,
``potion``, ``end``... Its text form is ``kind`` or ``kind arg``; it carries nothing derived (no
value, no cost), so a log of actions replays exactly and parses back.
"""

from __future__ import annotations

from typing import NamedTuple

from rules_core.notation import read_action

# kind -> whether it takes an argument. The order is the stable order of legal_actions().
ACTION_KINDS: dict[str, bool] = {
    "keep": True,  # keep a Master card (draft / solo selection)
    "play": True,  # play an Action card from hand to the desk
    "boost": False,  # quick action: +1 to this card's Basic Action for 2 coins
    "basic": True,  # perform the played card's Basic Action (arg: which action)
    "special": False,  # apply the played card's Special Effect
    "use": True,  # use the special action of the card tucked under this turn's desk column (Advanced Lessons)
    "choose": True,  # choose a Basic Action (Paracelsus, a Joker taken with Descartes)
    "student": True,  # choose which Student moves (Technology)
    "step": True,  # move the piece one space (Work, Technology, Travel)
    "cube": False,  # place a Travel cube on the place passed through (E11, Galileo)
    "take": True,  # take a face-up Action card (Lessons)
    "book": True,  # place a Bookshelf tile on a book space
    "lift": True,  # pick up a placed Bookshelf tile (Hawking)
    "master": True,  # play one of your Master cards
    "type": True,  # choose the type of a '?' tile
    "drawer": True,  # put a Development tile into drawer N (replacing what is there)
    "income": True,  # put an Income tile on income space N (replacing what is there)
    "place": True,  # place a Travel cube on a space of your choice (City tile, Winkelmann)
    "volume": True,  # choose a volume colour (E2)
    "village": True,  # move the Scientist to a free village (E6)
    "copy": True,  # copy the Special Effect of a card on your desk (E7)
    "discard": True,  # discard a card from hand (E8, a special action)
    "again": True,  # what a special action gives again: income space N, token, City space, Master, Objective space
    "tuck": True,  # tuck a played card under the desk (End Round)
    "flip": True,  # quick action: turn 2 cards of deck N face up
    "potion": False,  # quick action: buy a Potion
    "enroll": False,  # quick action: a Student from supply to the Technology start
    "discover": True,  # take Great Discovery tile X (a Quick Action paying its cost, or from a tile)
    "activate": True,  # quick action: activate your face-up Great Discovery tile X
    "decline": False,  # refuse an optional effect
    "stop": False,  # end the current movement / action here
    "end": False,  # end your turn
}
KIND_ORDER = {kind: i for i, kind in enumerate(ACTION_KINDS)}


class Action(NamedTuple):
    """One atomic decision. ``str(action)`` is its notation; :meth:`parse` reads it back.

    A named tuple rather than an attrs class: bots create, hash and compare millions of actions, and
    a tuple does all three in C."""

    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return f"{self.kind} {self.arg}" if self.arg else self.kind

    @staticmethod
    def parse(text: str) -> Action:
        """Read the notation (``"step venezia"``); raises :class:`ActionSyntaxError` if it is not one."""
        return Action(*read_action(text, ACTION_KINDS))


class _OrderKeys(dict[Action, tuple[int, str]]):
    """Action -> its place in the stable order (kind, then argument), computed on first use.

    Sorting with ``key=ORDER_KEYS.__getitem__`` looks the keys up in C: legal actions are sorted once
    per decision, and the set of distinct legal actions is small (kinds x component ids)."""

    def __missing__(self, action: Action) -> tuple[int, str]:
        key = self[action] = (KIND_ORDER[action.kind], action.arg)
        return key


ORDER_KEYS = _OrderKeys()


STOP = Action("stop")
END = Action("end")
DECLINE = Action("decline")
