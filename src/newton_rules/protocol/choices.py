"""What each legal action gives the player choosing it, beyond its sentence: the facts a table shows on
its button before the click.

- ``label``: the action in the first person, a Starting card by its name and a book space by its place
  on the Study board (``I play L1-04 to the desk: Travel 3.``, ``I play the Starting Joker card to the
  desk: ...``, ``I place a Bookshelf tile on the book space on shelf 1, column 3 (asks 1 blue volume).``), a
  space with what lies on it (``I move my Scientist one space to Venezia (City tile C1: Gain 4 coins).``);
- ``quick``: a Quick Action (Q1-Q4, a Great Discovery bought or activated as one), which a table groups
  apart from the main choice;
- ``basic_actions``: for an Action card played, each Basic Action it then lets the player perform and its
  value (the card's symbols, a Joker's choice of any), ``[]`` when its Basic Action cannot be performed;
  null for any other action;
- ``gives_up_basic``: the action gives up this turn's Basic Action (a card whose Basic Action cannot be
  performed, or ``end`` while the card's Basic Action could still be performed), so a table asks first.

Every fact is read from the engine by applying the action (and, for a card played, each ``basic`` action
then legal) to the game and reading the decision that follows: the desk's symbols alone set a value, so
the lookahead tells the player nothing the rules would not.
"""

from __future__ import annotations

import re

from newton_rules.components.catalog import Catalog
from newton_rules.errors import NewtonError
from newton_rules.game import Game
from newton_rules.model.actions import Action
from newton_rules.model.frames import DiscoveryFrame
from newton_rules.text.actions import first_person_text
from newton_rules.text.boards import book_space_text
from newton_rules.text.components import basic_name, component_text
from newton_rules.wire import JSON, decision_data

# The Quick Actions (Q1-Q4) and the Great Discovery module's (G2, G3) action kinds.
QUICK_KINDS = frozenset({"flip", "potion", "enroll", "boost", "activate"})
BASIC = "basic"
PLAY = "play"
BOOK_KINDS = frozenset({"book", "lift"})  # the actions naming a book space of the player's Study board
SPACE_KINDS = frozenset({"step", "village", "place"})  # the actions naming a Map or track space
END = "end"

__all__ = [
    "QUICK_KINDS",
    "basic_actions_after",
    "basic_words",
    "book_space_words",
    "card_names",
    "choice_data",
    "is_quick",
    "space_contents",
]


def is_quick(game: Game, action: Action) -> bool:
    """``action`` is a Quick Action: one of Q1-Q4, or a Great Discovery tile activated or bought for its
    cost (a tile taken as a City's or Invention's reward is part of that reward, not a Quick Action)."""
    if action.kind == "discover":
        return not isinstance(game.state.top, DiscoveryFrame)
    return action.kind in QUICK_KINDS


def basic_actions_after(after: Game) -> list[JSON]:
    """The Basic Actions the player may perform once the card is played (``after``), each with its value."""
    found: list[JSON] = []
    for action in after.legal_actions():
        if action.kind != BASIC:
            continue
        try:
            performing = after.apply(action)
        except NewtonError:  # cannot happen for a legal action; a table then shows no value
            continue
        decision = decision_data(performing.state, performing.decision)
        value = decision["value"] if isinstance(decision, dict) and decision["action"] == action.arg else None
        found.append({"action": action.arg, "value": value})
    return found


def basic_words(basics: list[JSON]) -> str:
    """``Travel 3``, ``Work 1, Travel 1 or Study 2`` (a Joker), ``its Basic Action cannot be performed``."""
    if not basics:
        return "its Basic Action cannot be performed"
    words = []
    for basic in basics:
        assert isinstance(basic, dict)
        name = basic_name(str(basic["action"]))
        words.append(name if basic["value"] is None else f"{name} {basic['value']}")
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# A Starting Action card's id in a sentence (``start-red-joker``): the player reads it by its name.
STARTING_CARD = re.compile(r"\bstart-[a-z]+-[a-z]+\b")


def card_names(catalog: Catalog, text: str) -> str:
    """``text`` with each Starting Action card named as the player knows it, ``the Starting Joker card``
    (numbered cards keep their printed id, ``L1-04``)."""

    def name(found: re.Match[str]) -> str:
        card = catalog.cards_by_id.get(found.group(0))
        if card is None or not card.is_starting:
            return found.group(0)
        return f"the Starting {'/'.join(basic_name(symbol) for symbol in card.symbols)} card"

    return STARTING_CARD.sub(name, text)


def book_space_words(game: Game, space_id: str) -> str:
    """A book space of the player to move as they find it on their Study board: ``the book space on shelf 1,
    column 3 (asks 1 blue volume)``."""
    player = game.to_move
    assert player is not None
    space = game.catalog.book_spaces[game.state.players[player].board].get(space_id)
    if space is None:
        return f"book space {space_id}"
    asks = book_space_text(space).partition("; ")[2]
    return f"the book space on shelf {space.shelf}, column {space.col + 1}" + (f" ({asks})" if asks else "")


def space_contents(game: Game, space_id: str) -> str:
    """What lies on a Map or track space, in words (its tile, its Bonus token), ``""`` when nothing does."""
    board = game.state.board
    laid = dict(board.map_tiles) | dict(board.track_tiles)
    found = [laid.get(space_id), dict(board.bonus).get(space_id)]
    if game.catalog.map_spaces.get(space_id) is not None and game.catalog.map_spaces[space_id].kind == "objective":
        found.append(board.map_objective or None)
    words = []
    for component in (c for c in found if c):
        try:
            words.append(component_text(game.catalog, component))
        except NewtonError:  # a University or Ancient Land tile: its name says it
            continue
    return "; ".join(words)


def choice_data(game: Game, action: Action, after: Game) -> dict[str, JSON]:
    """``label``, ``quick``, ``basic_actions`` and ``gives_up_basic`` of ``action`` (``after``: the game
    once it is applied)."""
    label = card_names(game.catalog, first_person_text(game, action))
    if action.kind in BOOK_KINDS and action.arg is not None:
        label = label.replace(f"book space {action.arg}", book_space_words(game, action.arg))
    if action.kind in SPACE_KINDS and action.arg is not None and (contents := space_contents(game, action.arg)):
        label = f"{label[:-1]} ({contents})."
    basics: list[JSON] | None = None
    gives_up = False
    if action.kind == PLAY:
        basics = basic_actions_after(after)
        gives_up = not basics
        label = f"{label[:-1]}: {basic_words(basics)}."
    elif action.kind == END:
        gives_up = any(legal.kind == BASIC for legal in game.legal_actions())
        if gives_up:
            label = f"{label[:-1]}, giving up the Basic Action of the card played."
    return {"label": label, "quick": is_quick(game, action), "basic_actions": basics, "gives_up_basic": gives_up}
