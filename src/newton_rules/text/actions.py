"""An action in context as a sentence, for front ends that list the legal actions in words.

``describe_action(game, action)`` says what ``action`` would do for the player to move in ``game``:
"Player 0 spends 3 coins to buy a Potion.", "Player 1 moves their Scientist one space to Innsbruck."
"""

from __future__ import annotations

from collections.abc import Callable

from newton_rules.components.catalog import Catalog
from newton_rules.effects.primitives import BASICS
from newton_rules.errors import NewtonError
from newton_rules.game import Game
from newton_rules.model.actions import Action
from newton_rules.model.frames import DiscoveryFrame, RepeatFrame, TurnFrame
from newton_rules.text.components import (
    amount_text,
    basic_name,
    effect_text,
    income_kind_name,
    lowered,
    master_name,
    plural,
    space_name,
    special_action_text,
)
from newton_rules.text.events import discovery_name, player_name
from newton_rules.view import HIDDEN


def special_effect_text(catalog: Catalog, card_id: str) -> str:
    """``the Special Effect of L1-01 (spend 2 coins: gain 3 VP)``."""
    card = catalog.cards_by_id.get(card_id)
    effect = f" ({lowered(effect_text(card.special))})" if card is not None and card.special is not None else ""
    return f"the Special Effect of {card_id}{effect}"


def special_action_words(catalog: Catalog, card_id: str) -> str:
    """``the special action of AL1-06 (spend 1 coin: take an available Action card of level 1 ...)``."""
    card = catalog.cards_by_id.get(card_id)
    action = card.special_action if card is not None else None
    words = f" ({lowered(special_action_text(action))})" if action is not None else ""
    return f"the special action of {card_id}{words}"


def _again_text(game: Game, arg: str) -> str:
    """What ``again ARG`` gives, by what the pending special action asks (X8)."""
    catalog = game.catalog
    top = game.state.top
    what = top.what if isinstance(top, RepeatFrame) else ""
    match what:
        case "income":
            return f"receives now the income of income space {arg}"
        case "token":
            return f"applies the effect of Bonus token {arg} again"
        case "city":
            return f"applies the effect of the City tile on {space_name(catalog, arg)} again"
        case "master":
            return f"applies the immediate effect of Master {master_name(catalog, arg)} again"
        case "objective":
            return f"receives now the VP of the Objective tile on {space_name(catalog, arg)}"
    return f"chooses {arg}"


def _piece_on(catalog: Catalog, space: str) -> str:
    """Which piece a ``step`` onto ``space`` moves: the space's board says it."""
    if space in catalog.work_spaces:
        return "Work marker"
    if space in catalog.technology_spaces:
        return "Student"
    return "Scientist"


def _card_played(game: Game) -> str | None:
    top = game.state.top
    return top.card if isinstance(top, TurnFrame) else None


def _discovery_price(game: Game, tile_id: str) -> str:
    """What taking a Great Discovery tile costs here: its cost as a Quick Action, half or nothing from a tile."""
    frame = game.frames[-1] if game.frames else None
    if isinstance(frame, DiscoveryFrame):
        return "paying half its cost" if frame.price == "half" else "for free"
    tile = game.catalog.discoveries_by_id.get(tile_id)
    return f"paying {amount_text(tile.cost)}" if tile is not None else "paying its cost"


def _type_text(kind: str) -> str:
    """The tile type chosen for a "?" tile: a Development tile of a Basic Action, or an Income tile kind."""
    return f"{basic_name(kind)} Development tile" if kind in BASICS else income_kind_name(kind)


def action_predicate(game: Game, action: Action) -> str:
    """What the player to move does with ``action``, as a predicate: ``spends 3 coins to buy a Potion``."""
    return _predicate(game.catalog, action, game)


def logged_action_text(catalog: Catalog, actor: int | None, action: Action) -> str:
    """An action of the log as a sentence, without the game it was taken in: ``Player 1 ends their turn.``

    Another player's secret choice (``keep ?``, ``tuck ?`` in a view) says that a choice was made."""
    who = "The game" if actor is None else player_name(actor)
    if action.arg == HIDDEN:
        secret = {"keep": "keeps a Master card", "tuck": "chooses a card to tuck under their desk"}
        return f"{who} {secret.get(action.kind, 'makes a hidden choice')} (hidden)."
    return f"{who} {_predicate(catalog, action, None)}."


def _predicate(catalog: Catalog, action: Action, game: Game | None) -> str:
    """``action`` as a predicate; ``game`` is the game it is taken in, when known (not for a logged action):
    it names the card played this turn, what a special action repeats and what a Great Discovery costs."""
    words = _PREDICATES.get(action.kind)
    if words is None:
        raise NewtonError(f"no words for the action kind {action.kind!r} (action {str(action)!r})")
    return words(catalog, action.arg, game)


# The words of an action kind: given the catalog, the action's argument and the game it is taken in (None
# for a logged action), what the player does, as a predicate.
_Words = Callable[[Catalog, str, Game | None], str]


def _basic_words(catalog: Catalog, arg: str, game: Game | None) -> str:
    card = _card_played(game) if game is not None else None
    return f"performs the {basic_name(arg)} action" + (f" of {card}" if card else "")


def _special_words(catalog: Catalog, arg: str, game: Game | None) -> str:
    card = _card_played(game) if game is not None else None
    return f"applies {special_effect_text(catalog, card)}" if card else "applies the Special Effect"


def _again_words(catalog: Catalog, arg: str, game: Game | None) -> str:
    return _again_text(game, arg) if game is not None else f"chooses {arg} to receive again"


def _discover_words(catalog: Catalog, arg: str, game: Game | None) -> str:
    price = f", {_discovery_price(game, arg)}" if game is not None else ""
    return f"takes the Great Discovery tile {discovery_name(catalog, arg)}{price}"


def _phrase(template: str) -> _Words:
    """The words of an action kind that only place the action's argument in ``template`` (at ``{arg}``)."""
    return lambda catalog, arg, game: template.format(arg=arg)


_PREDICATES: dict[str, _Words] = {
    # Masters and cards
    "keep": lambda catalog, arg, game: f"keeps Master {master_name(catalog, arg)}",
    "play": _phrase("plays {arg} to the desk"),
    "master": lambda catalog, arg, game: f"plays Master {master_name(catalog, arg)}",
    "take": _phrase("takes {arg} from the face-up cards into their hand"),
    "discard": _phrase("discards {arg} out of the game"),
    "tuck": _phrase("chooses {arg} to tuck under their desk"),
    # the Basic Action and the Special Effect of the card played, a special action
    "boost": lambda catalog, arg, game: (
        f"spends {plural(catalog.constants.boost_cost, 'coin')} to add 1 to the value of the Basic Action"
    ),
    "basic": _basic_words,
    "special": _special_words,
    "use": lambda catalog, arg, game: f"uses {special_action_words(catalog, arg)}",
    "choose": lambda catalog, arg, game: f"chooses to perform a {basic_name(arg)} action",
    "copy": lambda catalog, arg, game: f"applies {special_effect_text(catalog, arg)} from their desk",
    "again": _again_words,
    # pieces, tiles and volumes
    "student": _phrase("chooses Student {arg} to move"),
    "step": lambda catalog, arg, game: f"moves their {_piece_on(catalog, arg)} one space to {space_name(catalog, arg)}",
    "cube": _phrase("places a Travel cube on the place their Scientist is passing through"),
    "book": _phrase("places a Bookshelf tile on book space {arg}"),
    "lift": _phrase("lifts the Bookshelf tile on book space {arg} to move it"),
    "type": lambda catalog, arg, game: f"chooses a {_type_text(arg)}",
    "drawer": _phrase("puts the Development tile in drawer {arg}"),
    "income": _phrase("puts the Income tile on income space {arg}"),
    "place": lambda catalog, arg, game: f"places a Travel cube on {space_name(catalog, arg)}",
    "volume": _phrase("chooses a {arg} volume until the end of the round"),
    "village": lambda catalog, arg, game: f"moves their Scientist to the Village {space_name(catalog, arg)}",
    # Quick Actions
    "flip": lambda catalog, arg, game: (
        f"spends {plural(catalog.constants.flip_cost, 'coin')} to turn over 2 Action cards from the level {arg} deck"
    ),
    "potion": lambda catalog, arg, game: f"spends {plural(catalog.constants.potion_cost, 'coin')} to buy a Potion",
    "enroll": lambda catalog, arg, game: f"spends {plural(catalog.constants.enroll_cost, 'coin')} to enroll a Student",
    # Great Discoveries
    "discover": _discover_words,
    "activate": lambda catalog, arg, game: (
        f"activates the Great Discovery tile {discovery_name(catalog, arg)} for its VP and turns it face down"
    ),
    # the flow
    "decline": _phrase("declines the optional effect"),
    "stop": _phrase("stops the current movement or action here"),
    "end": _phrase("ends their turn"),
}


def _first_person_verb(verb: str) -> str:
    """A verb of the third person singular in the first: ``plays`` -> ``play``, ``applies`` -> ``apply``."""
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("sses", "ches", "shes", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def first_person_text(game: Game, action: Action) -> str:
    """``action`` of the player to move in ``game`` in their own words, for the button they click: ``I move
    my Scientist one space to Innsbruck.``, ``I spend 3 coins to buy a Potion.``"""
    predicate = action_predicate(game, action)
    verb, _, rest = predicate.partition(" ")
    rest = rest.replace("their ", "my ").replace(" and turns ", " and turn ")
    return f"I {_first_person_verb(verb)} {rest}."


def describe_action(game: Game, action: Action) -> str:
    """``action`` taken by the player to move in ``game``, as one sentence; raises NewtonError if the game is over."""
    player = game.to_move
    if player is None:
        raise NewtonError(f"the game is over: nobody can take the action {str(action)!r}")
    return f"{player_name(player)} {action_predicate(game, action)}."
