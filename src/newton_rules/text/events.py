"""Every event as one English sentence: "Player 1 gains 3 VP (Bonus token K06)."

Players are named by their seat number, as everywhere else in the engine (seat 0 is "Player 0"), so a
log reads the same as the position display and the action notation. The ``match`` statements end in
``assert_never``: a new event type or source kind without words is a mypy error.
"""

from __future__ import annotations

import functools
from typing import assert_never

from newton_rules.components.catalog import Catalog
from newton_rules.effects.primitives import Amount
from newton_rules.model import events as ev
from newton_rules.model.frames import Frame, RewardFrame
from newton_rules.model.sources import Source
from newton_rules.text.components import (
    amount_text,
    basic_name,
    effect_text,
    income_kind_name,
    join_words,
    lowered,
    master_name,
    plural,
    space_name,
    tile_kind,
)
from rules_core.stack import STACK_EVENT_TYPES
from rules_core.words import ordinal, stack_event_text
from rules_core.words import player_name as player_name  # re-exported: the text names seats so

# -- sources --------------------------------------------------------------------------------------------

_QUICK_ACTIONS = {
    "flip": "Quick Action: turn over 2 Action cards",
    "potion": "Quick Action: buy a Potion",
    "enroll": "Quick Action: enroll a Student",
    "boost": "Quick Action: increase the value of a Basic Action",
}


def source_text(catalog: Catalog, source: Source) -> str:
    """What caused a change of coins, VP or Potions, as a noun phrase: ``Bonus token K06``, ``9th Travel cube``."""
    match source.kind:
        case "quick_action":
            return _QUICK_ACTIONS.get(source.id, f"Quick Action {source.id}")
        case "card":
            return f"Special Effect of {source.id}"
        case "master":
            return f"Master {master_name(catalog, source.id)}"
        case "master_vp":
            return f"VP printed on Master {master_name(catalog, source.id)}"
        case "objective":
            return f"Objective tile {source.id}"
        case "tile":
            return f"{tile_kind(catalog, source.id)} {source.id}"
        case "bonus_token":
            return f"Bonus token {source.id}"
        case "pile":
            return f"last tile of Bookshelf pile {source.id}"
        case "cube":
            return f"{ordinal(int(source.id))} Travel cube" if source.id.isdigit() else f"Travel cube {source.id}"
        case "bookshelf_line":
            return f"completed bookshelf line {source.id}"
        case "income_tile":
            return income_kind_name(source.id)
        case "medicine_tile":
            return income_kind_name("medicine")
        case "work":
            return "Work action"
        case "route":
            return "cost of a Travel route"
        case "extra_cube":
            return "extra Travel cube placed while passing through"
        case "move_to_village":
            return "moving the Scientist to a Village"
        case "place_cube":
            return "placing a Travel cube"
        case "requirement":
            place = {"book": "a book space", "objective": "an Objective space"}.get(source.id, source.id)
            return f"Potions in place of the requirement of {place}"
        case "master_space":
            return "Master space"
        case "great_discovery":
            return f"Great Discovery tile {discovery_name(catalog, source.id)}"
        case "special_action":
            return f"special action of {source.id}"
        case _:
            assert_never(source.kind)


def discovery_name(catalog: Catalog, tile_id: str) -> str:
    """``GD4 (Vacuum Pump)``: a Great Discovery tile by its id and name (its id alone if unknown)."""
    tile = catalog.discoveries_by_id.get(tile_id)
    return f"{tile_id} ({tile.name})" if tile is not None else tile_id


# -- events ---------------------------------------------------------------------------------------------


def resources_text(catalog: Catalog, event: ev.ResourcesChanged) -> str:
    """``Player 1 spends 2 coins and gains 3 VP (Special Effect of L1-01).``"""
    spent = Amount(coins=max(-event.coins, 0), vp=max(-event.vp, 0), potions=max(-event.potions, 0))
    gained = Amount(coins=max(event.coins, 0), vp=max(event.vp, 0), potions=max(event.potions, 0))
    changes = []
    if not spent.is_zero():
        changes.append(f"spends {amount_text(spent)}")
    if not gained.is_zero():
        changes.append(f"gains {amount_text(gained)}")
    what = " and ".join(changes) or "gains nothing"
    return f"{player_name(event.player)} {what} ({source_text(catalog, event.source)})."


def zone_text(zone: ev.Zone) -> str:
    """``the level 2 deck``, ``the level 1 line``, ``their hand``, ``out of the game``."""
    kind, _, level = zone.partition(":")
    match kind:
        case "deck" | "line":
            return f"the level {level} {kind}"
        case "hand" | "desk":
            return f"their {kind}"
        case "tucked":
            return "under their desk"
        case "removed":
            return "out of the game"
    return zone


def card_moved_text(event: ev.CardMoved) -> str:
    """A card between zones, with the verb of the rule that moves it: plays, takes, tucks, discards."""
    card, src, dst = event.card, zone_text(event.src), zone_text(event.dst)
    match event.src.partition(":")[0], event.dst.partition(":")[0]:
        case "deck", "line":
            return f"{card} is turned face up in {dst}."
        case "line", "deck":
            return f"{card} goes back to the bottom of {dst}."
    if event.player is None:
        return f"{card} moves from {src} to {dst}."
    return f"{player_name(event.player)} {_player_card_move(card, event.src, event.dst)}."


def _player_card_move(card: str, src: ev.Zone, dst: ev.Zone) -> str:
    """What a player does to move ``card`` from ``src`` to ``dst``, as a predicate: ``plays L1-04 to the desk``."""
    match src.partition(":")[0], dst.partition(":")[0]:
        case "hand", "desk":
            return f"plays {card} to the desk"
        case "line", "hand":
            return f"takes {card} from {zone_text(src)} into their hand"
        case "desk", "hand":
            return f"takes {card} back into their hand"
        case "desk", "tucked":
            return f"tucks {card} under their desk"
        case "hand", "removed":
            return f"discards {card} out of the game"
    return f"moves {card} from {zone_text(src)} to {zone_text(dst)}"


def _masters_text(catalog: Catalog, masters: tuple[str, ...]) -> str:
    return join_words([master_name(catalog, m) for m in masters]) or "none"


def piece_moved_text(catalog: Catalog, event: ev.PieceMoved) -> str:
    piece = {"work": "Work marker", "scientist": "Scientist", "student": f"Student {event.index}"}[event.piece]
    who = player_name(event.player)
    if event.to is None:
        return f"{who}'s {piece} goes back to their supply."
    return f"{who} moves their {piece} to {space_name(catalog, event.to)}."


def bonus_token_taken_text(catalog: Catalog, event: ev.BonusTokenTaken) -> str:
    where = space_name(catalog, event.space)
    token = catalog.tokens_by_id.get(event.token)
    effect = f": {lowered(effect_text(token.effect))}" if token is not None else ""
    return f"{player_name(event.player)} takes Bonus token {event.token} at {where}{effect}."


def flow_text(event: ev.FlowChanged) -> str:
    match event.phase:
        case "draft":
            return "The Master draft is under way."
        case "action" if event.turn_index == 0:
            return f"Round {event.round}: the Action phase begins, {player_name(event.first_player)} first."
        case "action":
            return f"Round {event.round}, Action phase: turn {event.turn_index} begins."
        case "end_round":
            return f"Round {event.round}: the End Round phase begins."
        case "over":
            return "The game is over."
        case _:
            assert_never(event.phase)


# What each pending decision is about, by the frame's tag; a frame without words here is named by its tag.
_DECISIONS = {
    "draft": "choosing a Master card to keep",
    "turn": "their turn",
    "work": "a Work action",
    "technology": "a Technology action",
    "travel": "a Travel action",
    "lessons": "a Lessons action",
    "study": "a Study action",
    "choose_action": "choosing a Basic Action",
    "master": "choosing a Master card to play",
    "development": "placing a Development tile",
    "income": "placing an Income tile",
    "place_cube": "placing a Travel cube",
    "volume": "choosing a volume colour",
    "village": "moving the Scientist to a Village",
    "copy": "copying a Special Effect from the desk",
    "discard": "discarding a card from hand",
    "move_book": "moving a Bookshelf tile",
    "discovery": "taking a Great Discovery tile",
    "take_card": "taking an available Action card",
    "trade_card": "discarding a card to take an available one",
    "repeat": "choosing what a special action gives again",
    "tuck": "choosing a card to tuck under the desk",
}


def decision_text(catalog: Catalog, frame: Frame, verb: str) -> str:
    """``Player 0 begins a Travel action.``; a reward frame names what the rewards come from."""
    if isinstance(frame, RewardFrame):
        reward = frame.reward
        return f"{player_name(reward.player)} {verb} receiving the rewards of {source_text(catalog, reward.source)}."
    tag = frame.tag
    return f"{player_name(frame.player)} {verb} {_DECISIONS.get(tag, tag.replace('_', ' '))}."


def game_ended_text(event: ev.GameEnded) -> str:
    """``The game ends with Player 0 on 43 VP and Player 1 on 50 VP; Player 1 wins.``"""
    scores = join_words([f"{player_name(seat)} on {vp} VP" for seat, vp in enumerate(event.scores)])
    if len(event.winners) == 1:
        result = f"{player_name(event.winners[0])} wins"
    else:
        result = f"Players {join_words([str(w) for w in event.winners])} share the victory"
    return f"The game ends with {scores}; {result}."


_HIDDEN = {
    ev.MastersDealt.__name__: "is dealt Master cards",
    ev.MasterKept.__name__: "keeps a Master card",
    ev.TuckChosen.__name__: "chooses a card to tuck under their desk",
}


def hidden_event_text(event: ev.HiddenEvent) -> str:
    """What other players may know of a private event: who, and what kind of thing, not which card."""
    return f"{player_name(event.player)} {_HIDDEN.get(event.what, 'makes a hidden choice')} (hidden)."


# The events by what they tell; each group is put in words by its own function.
_CardEvent = (
    ev.CardMoved
    | ev.MastersDealt
    | ev.MasterKept
    | ev.DraftPassed
    | ev.DraftEnded
    | ev.MasterPlayed
    | ev.TuckChosen
    | ev.SpecialActionUsed
)
_BoardEvent = (
    ev.PieceMoved
    | ev.CubePlaced
    | ev.BonusTokenTaken
    | ev.BookPlaced
    | ev.BookLifted
    | ev.BooksRemoved
    | ev.DrawerFilled
    | ev.IncomePlaced
    | ev.VolumeChosen
    | ev.DiscoveryTaken
    | ev.DiscoveryActivated
    | ev.MedicineTileTurned
)
_FlowEvent = ev.FlowChanged | ev.RoundVolumesCleared | ev.GameEnded


def event_text(catalog: Catalog, event: ev.Event | ev.HiddenEvent) -> str:
    """One event as a sentence: a capital first, a full stop last, component names from ``catalog``."""
    if isinstance(event, STACK_EVENT_TYPES):
        return stack_event_text(event, functools.partial(decision_text, catalog))
    if isinstance(event, ev.ResourcesChanged):
        return resources_text(catalog, event)
    if isinstance(event, _CardEvent):
        return _card_event_text(catalog, event)
    if isinstance(event, _BoardEvent):
        return _board_event_text(catalog, event)
    if isinstance(event, ev.HiddenEvent):
        return hidden_event_text(event)
    return _flow_event_text(event)  # what is left: an event in no group is a mypy error here


def _card_event_text(catalog: Catalog, event: _CardEvent) -> str:
    """Action cards and Master cards dealt, kept, passed, played, moved or tucked."""
    match event:
        case ev.CardMoved():
            return card_moved_text(event)
        case ev.MastersDealt():
            purpose = " to choose from" if event.draft else ""
            dealt = f"{plural(len(event.masters), 'Master card')}{purpose}"
            return f"{player_name(event.player)} is dealt {dealt}: {_masters_text(catalog, event.masters)}."
        case ev.MasterKept():
            return f"{player_name(event.player)} keeps Master {master_name(catalog, event.master)}."
        case ev.DraftPassed():
            return "Every player passes their remaining draft cards to the player on their left."
        case ev.DraftEnded():
            return "The Master selection is over; the cards not kept leave the game."
        case ev.MasterPlayed():
            return f"{player_name(event.player)} plays Master {master_name(catalog, event.master)}."
        case ev.TuckChosen():
            return f"{player_name(event.player)} chooses {event.card} to tuck under their desk."
        case ev.SpecialActionUsed():
            return f"{player_name(event.player)} uses the special action of {event.card}, tucked under the desk."
        case _:
            assert_never(event)


def _board_event_text(catalog: Catalog, event: _BoardEvent) -> str:
    """A player's pieces, tiles, tokens and volumes on the boards and their desk."""
    who = player_name(event.player)
    match event:
        case ev.PieceMoved():
            return piece_moved_text(catalog, event)
        case ev.CubePlaced():
            return f"{who} places a Travel cube on {space_name(catalog, event.space)}."
        case ev.BonusTokenTaken():
            return bonus_token_taken_text(catalog, event)
        case ev.BookPlaced():
            return f"{who} places a Bookshelf tile on book space {event.space}."
        case ev.BookLifted():
            return f"{who} lifts the Bookshelf tile from book space {event.space}."
        case ev.BooksRemoved():
            return f"{who} removes {plural(event.count, 'Bookshelf tile')} from their supply for good."
        case ev.DrawerFilled():
            return f"{who} puts a {basic_name(event.action)} Development tile in drawer {event.drawer}."
        case ev.IncomePlaced():
            return f"{who} puts a {income_kind_name(event.kind)} on income space {event.slot}."
        case ev.VolumeChosen():
            return f"{who} chooses a {event.colour} volume until the end of the round."
        case ev.DiscoveryTaken():
            tile = discovery_name(catalog, event.tile)
            return f"{who} takes the Great Discovery tile {tile} and places it face up."
        case ev.DiscoveryActivated():
            tile = discovery_name(catalog, event.tile)
            return f"{who} activates the Great Discovery tile {tile} and turns it face down."
        case ev.MedicineTileTurned():
            return f"{who} turns their Medicine tile to its higher VP side."
        case _:
            assert_never(event)


def _flow_event_text(event: _FlowEvent) -> str:
    """The game's flow: phases, the end of a round and of the game."""
    match event:
        case ev.FlowChanged():
            return flow_text(event)
        case ev.RoundVolumesCleared():
            return "The volumes chosen this round expire."
        case ev.GameEnded():
            return game_ended_text(event)
        case _:
            assert_never(event)
