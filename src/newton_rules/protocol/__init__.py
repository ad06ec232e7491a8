"""The JSON protocol of a front end: what one seat (or a spectator) may see of a game, with words.

Everything here is plain JSON data (dicts, lists, strings, numbers, booleans, null), every field
written even at its default, so a client in any language reads it without knowing the engine's
defaults. docs/protocol.md documents every field for a JavaScript author; the JSON Schema
(``schema()``, the file ``newton_rules/protocol/payload.schema.json``) checks it.

The API:

``PROTOCOL_VERSION``
    The version of every form below (an integer, raised on any incompatible change); each payload
    carries it in ``"version"``.

``payload(game, viewer, since=0) -> dict``
    What ``viewer`` (a seat, or ``None`` for a spectator) sees of ``game`` now::

        {"version": 1, "player": 0 | null,
         "game": {"players", "seed", "options", "rules_version", "data": {"name", "digest"}},
         "state": <the redacted state, every field>,          # as view.to_json()
         "decision": Decision | null,                         # as view.to_json()
         "legal_actions": [LegalAction],                      # [] unless it is the viewer's decision
         "to_move": 0 | null, "is_over": bool, "round": int, "phase": str,
         "scores": [int], "winners": [int], "rank": str | null,
         "action_count": int,                                 # len(game): the next call's ``since``
         "since": int,
         "log": [LogEntry],                                   # the actions after the since-th
         "standing": [Standing]}                              # each seat's facts and VP by source

    ``Decision`` = ``{"player", "kind", "prompt", "action", "value", "left", "piece": {"kind",
    "index", "at"} | null, "card", "frame", "stack"}`` (:func:`newton_rules.wire.decision_data`).

    ``LegalAction`` = ``{"text": "step venezia", "kind": "step", "arg": "venezia", "description":
    "Player 0 moves their Scientist one space to Venezia (costs 1 coin).", "cost": Amount, "gain":
    Amount, "label": "I move my Scientist one space to Venezia.", "quick": false, "basic_actions":
    [{"action", "value"}] | null, "gives_up_basic": bool}``, ``Amount`` = ``{"coins", "vp", "potions"}``:
    what the action alone changes for the player at once (rewards received when an action ends show on
    the action that ends it); the rest is what the choice gives (:mod:`newton_rules.protocol.choices`).

    ``Standing`` = each seat's facts and VP by source (:mod:`newton_rules.protocol.standing`).

    ``LogEntry`` = ``{"index": n, "player": seat | null, "action": "play L1-04" | "tuck ?",
    "text": sentence, "events": [Event]}``: the n-th action (``index`` counts from 1) and its events;
    ``Event`` = the event's fields with its ``"type"`` tag, plus ``"text"`` (a sentence) and
    ``"bookkeeping"`` (true for the decision-stack events a narration may skip).

``legal_action_data(game, action) -> dict``
    One ``LegalAction`` of the player to move.

``event_data(catalog, event) -> dict``
    One ``Event`` as above.

``log_data(view, catalog, since) -> list``
    The ``log`` of a payload: the ``LogEntry`` of each action after the ``since``-th, as ``view`` sees it.

``catalog_data(catalog) -> dict``
    Every component of the data pack in words and as data, and the drawing positions of the boards:
    what a client fetches once per data pack (see docs/protocol.md).

``schema() -> dict``
    The JSON Schema (draft 2020-12) of :func:`payload`; ``$defs`` holds the parts, ``$defs/View`` the
    form of ``view.to_json()``, ``$defs/Catalog`` the form of :func:`catalog_data`.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import StudyBoard, Track
from newton_rules.effects.primitives import Amount
from newton_rules.game import Game
from newton_rules.model.actions import Action
from newton_rules.protocol.choices import choice_data
from newton_rules.protocol.standing import standing_data
from newton_rules.text.actions import action_predicate, logged_action_text
from newton_rules.text.boards import (
    book_line_text,
    book_space_text,
    map_space_text,
    route_text,
    study_board_text,
    track_space_text,
)
from newton_rules.text.components import (
    action_card_text,
    amount_text,
    bonus_token_text,
    great_discovery_text,
    master_text,
    objective_text,
    pile_bonus_text,
    tile_text,
)
from newton_rules.text.events import event_text, player_name
from newton_rules.view import SeenEvent, View
from newton_rules.wire import JSON, PROTOCOL_VERSION, action_data, plain, view_data
from rules_core.stack import STACK_EVENT_TYPES
from rules_core.wire import log_entries, progress_data

__all__ = [
    "PROTOCOL_VERSION",
    "catalog_data",
    "event_data",
    "legal_action_data",
    "log_data",
    "payload",
    "schema",
]

SCHEMA_FILE = "payload.schema.json"

# Events that only move the pending-decision stack: the table has nothing to show for them.
BOOKKEEPING = STACK_EVENT_TYPES


def amount_data(amount: Amount) -> dict[str, JSON]:
    return {"coins": amount.coins, "vp": amount.vp, "potions": amount.potions}


def _change(game: Game, after: Game) -> tuple[Amount, Amount]:
    """What an action costs and gives the player to move, at once: their coins, VP and Potions in ``after``
    (the game once the action is applied).

    Only these three counts of the player's own supply are read from the game after the action, never a
    card it reveals, so the lookahead tells the player nothing the rules would not tell them anyway."""
    player = game.to_move
    assert player is not None
    before = game.state.players[player]
    now = after.state.players[player]
    deltas = (now.coins - before.coins, now.vp - before.vp, now.potions - before.potions)
    cost = Amount(coins=max(-deltas[0], 0), vp=max(-deltas[1], 0), potions=max(-deltas[2], 0))
    gain = Amount(coins=max(deltas[0], 0), vp=max(deltas[1], 0), potions=max(deltas[2], 0))
    return cost, gain


def _change_text(cost: Amount, gain: Amount) -> str:
    """`` (costs 2 coins, gains 3 VP)``, or nothing when nothing changes."""
    parts = [
        f"{word} {amount_text(amount)}" for word, amount in (("costs", cost), ("gains", gain)) if not amount.is_zero()
    ]
    return f" ({', '.join(parts)})" if parts else ""


def legal_action_data(game: Game, action: Action) -> dict[str, JSON]:
    """``action`` of the player to move with its words, cost and gain (see the module docstring)."""
    player = game.to_move
    assert player is not None, "the game is over"
    after = game.apply(action)
    cost, gain = _change(game, after)
    description = f"{player_name(player)} {action_predicate(game, action)}{_change_text(cost, gain)}."
    return {
        **action_data(action),
        "description": description,
        "cost": amount_data(cost),
        "gain": amount_data(gain),
        **choice_data(game, action, after),
    }


def event_data(catalog: Catalog, event: SeenEvent) -> dict[str, JSON]:
    """``event`` with every field, its ``type`` tag, its sentence and whether it is bookkeeping."""
    data: dict[str, JSON] = plain(event)
    return {**data, "text": event_text(catalog, event), "bookkeeping": isinstance(event, BOOKKEEPING)}


def log_data(view: View, catalog: Catalog, since: int) -> list[JSON]:
    """The actions after the ``since``-th as ``view`` sees them, each with its events."""
    event = functools.partial(event_data, catalog)
    return log_entries(view.entries_since(since), since, functools.partial(logged_action_text, catalog), event)


def payload(game: Game, viewer: int | None, since: int = 0) -> dict[str, JSON]:
    """Everything ``viewer`` (a seat, or None for a spectator) may see of ``game``, with words.

    ``since`` is the number of actions the client has already seen (``action_count`` of its last
    payload): the ``log`` holds only the actions after it. Raises NewtonError for a seat the game does
    not have or a ``since`` outside 0..len(game).

    The seed is null until the game is over: the seed and the action texts rebuild the whole game, every
    hand and deck included, so a seat that knew it could read every hidden card."""
    view = game.view(viewer)
    data = view_data(view)
    log = log_data(view, game.catalog, since)
    config = game.config
    return {
        **data,
        "game": {
            "players": config.players,
            "seed": config.seed if game.is_over else None,
            "options": plain(config.options),
            "rules_version": config.rules_version,
            "data": plain(game.catalog.identity),
        },
        "legal_actions": [legal_action_data(game, action) for action in view.legal_actions],
        **progress_data(game),
        "rank": game.rank,
        "action_count": len(game),
        "since": since,
        "log": log,
        "standing": standing_data(game, view),
    }


def _with_text(records: Any, words: Any) -> list[JSON]:
    """Each record with every field and its ``"text"``."""
    return [{**plain(record), "text": words(record)} for record in records]


def _board_data(board: StudyBoard) -> dict[str, JSON]:
    return {
        **plain(board),
        "book_spaces": _with_text(board.book_spaces, book_space_text),
        "lines": _with_text(board.lines, book_line_text),
        "text": study_board_text(board),
    }


def _track_data(name: str, track: Track) -> dict[str, JSON]:
    return {"start": track.start, "spaces": _with_text(track.spaces, lambda space: track_space_text(name, space))}


def catalog_data(catalog: Catalog) -> dict[str, JSON]:
    """Every component of ``catalog`` as data and in words, for a client to fetch once per data pack.

    Each item has every field of its record and a ``"text"`` in words. ``cards`` holds every Action
    card, the Starting cards of every colour included, the Advanced Lessons cards too; ``tiles`` the
    Invention, Specialization, City and Income tiles, the Great Discoveries module's City and Invention
    tiles too; ``objectives`` every Objective tile, the modules' included (a game uses a module's
    components only with its option); ``great_discoveries`` the module's tiles and how many lie face up
    by player count. ``geometry`` gives where to draw the Map and track spaces (null for a pack
    without drawing positions); routes are drawn between their ends."""
    return {
        "version": PROTOCOL_VERSION,
        "data": plain(catalog.identity),
        "constants": plain(catalog.constants),
        "player_colours": list(catalog.player_colours),
        "cards": _with_text(catalog.cards_by_id.values(), action_card_text),
        "masters": _with_text(catalog.masters, master_text),
        "tiles": _with_text(catalog.tiles_by_id.values(), lambda tile: tile_text(catalog, tile)),
        "objectives": _with_text(catalog.objectives_by_id.values(), objective_text),
        "great_discoveries": {
            "tiles": _with_text(catalog.discoveries_by_id.values(), great_discovery_text),
            "face_up_by_players": list(catalog.great_discoveries.face_up_by_players),
        },
        "bonus_tokens": _with_text(catalog.bonus_tokens, bonus_token_text),
        "pile_bonuses": _with_text(catalog.pile_bonuses, pile_bonus_text),
        "universities": list(catalog.universities),
        "ancient_lands": list(catalog.ancient_lands),
        "map": {
            "start": catalog.map.start,
            "spaces": _with_text(catalog.map.spaces, map_space_text),
            "routes": _with_text(catalog.map.routes, lambda route: route_text(catalog, route)),
        },
        "work_track": _track_data("work", catalog.work_track),
        "technology_track": _track_data("technology", catalog.technology_track),
        "study_boards": [_board_data(board) for board in catalog.study_boards],
        "geometry": plain(catalog.geometry),
    }


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`payload`, shipped as ``newton_rules/protocol/payload.schema.json``."""
    text = resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)
    return found
