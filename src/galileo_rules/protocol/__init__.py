"""The JSON protocol of a Galileo Galilei front end: what one seat (or a spectator) may see of a game, with
words, in the same top-level shape as Newton's (:mod:`newton_rules.protocol`), so a client reads either game
the same way and only draws the table differently.

Everything is plain JSON data, every field written even at its default (:func:`rules_core.wire.plain`).
docs/galileo.md documents every field; the JSON Schema (``schema()``, the file
``galileo_rules/protocol/payload.schema.json``) checks it.

``payload(game, viewer, since=0) -> dict``
    What ``viewer`` (a seat, or ``None`` for a spectator) sees of ``game`` now::

        {"version": 1, "player": 0 | null,
         "game": {"name": "galileo", "players", "seed", "advanced", "first_player", "options",
                  "rules_version", "data": {"name", "digest"}},
         "state": <the redacted state, every field>,     # game.view(viewer).state
         "decision": Decision | null,
         "legal_actions": [LegalAction],                 # [] unless it is the viewer's decision
         "to_move": 0 | null, "is_over": bool, "round": int, "phase": str,
         "scores": [int], "winners": [int],
         "action_count": int,                            # len(game): the next call's ``since``
         "since": int,
         "log": [LogEntry],                              # the actions after the since-th
         "standing": [Standing]}                         # each seat's facts and VP by source

    ``Decision`` = ``{"player", "kind", "prompt", "text", "frame"}``: who decides, the kind of decision as
    a word (``"setup"``, ``"turn"``, ``"pay"``: :func:`decision_kind` of the frame's tag), what the decision
    asks, the frame in words, and the frame with every field (its ``"type"`` the tag, as saves write it).

    ``LegalAction`` = ``{"text": "move 2", "kind": "move", "arg": "2", "description": "Player 0 moves the
    telescope 2 spaces, to ... (gains 1 Quadrant token).", "label": "I move the telescope ...", "cost":
    Change, "gain": Change}``, ``Change`` = ``{"vp", "quadrants", "dice"}``: what the action alone changes at
    once for the player (:func:`galileo_rules.text.action_change`).

    ``LogEntry`` = ``{"index": n, "player": seat | null, "action": "move 2", "text": sentence, "events":
    [Event]}``; ``Event`` = the event's fields with its ``"type"`` (the event's class name), ``"text"`` (a
    sentence) and ``"bookkeeping"`` (true for the events a narration may skip).

    ``Standing`` = ``{"seat", "astronomer", "vp", "projected", "facts": {...}, "vp_sources": [{"source",
    "label", "vp"}]}``: :meth:`galileo_rules.GalileoGame.facts` (public information) and the VP received by
    source.

Galileo has no private hands: what is hidden (the deck order, the box, face-down Library cards, Tycho's
Movement deck) is hidden from every seat alike, each hidden card shown as ``"?T"`` (its tier)
(:mod:`galileo_rules.view`). The seed is null until the game is over: with the actions it rebuilds them all.

``catalog_data(catalog) -> dict``
    Every component as data and in words (``components``: each id of :func:`galileo_rules.text.component_ids`
    with its text; ``sky``: the telescope spaces; ``geometry``: where to draw the ring and the tracks), for a
    client to fetch once per data pack.

``schema() -> dict``
    The JSON Schema (draft 2020-12) of :func:`payload`; ``$defs/Catalog`` is the form of :func:`catalog_data`.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources
from typing import Any, get_args, get_origin

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.geometry import default_geometry
from galileo_rules.game import GalileoGame, GalileoView
from galileo_rules.model import events as ev
from galileo_rules.model.actions import Action
from galileo_rules.model.sky import SKY, SPACES
from galileo_rules.text import (
    BOOKKEEPING,
    Change,
    action_change,
    action_predicate,
    change_text,
    component_ids,
    component_text,
    decision_prompt,
    event_text,
    first_person_text,
    frame_text,
    logged_action_text,
    player_name,
    sky_space_text,
    source_text,
)
from rules_core.errors import RulesError
from rules_core.wire import JSON, WireForm, declared_tag, log_entries, progress_data

__all__ = [
    "GAME_NAME",
    "PROTOCOL_VERSION",
    "catalog_data",
    "decision_kind",
    "event_data",
    "legal_action_data",
    "log_data",
    "payload",
    "schema",
]

PROTOCOL_VERSION = 1  # of every form below; raised on any incompatible change
GAME_NAME = "galileo"
SCHEMA_FILE = "payload.schema.json"


# Every event class of the log (the union's members; the decision stack's are generic classes).
EVENT_CLASSES: tuple[type[Any], ...] = tuple(get_origin(member) or member for member in get_args(ev.Event))


def event_tag(cls: type[Any]) -> str | None:
    """The ``"type"`` of a member of a tagged union: a frame's declared tag, an event's class name (Galileo's
    events declare none); None for any other record."""
    if cls in EVENT_CLASSES:
        return cls.__name__
    return declared_tag(cls)


GALILEO_WIRE = WireForm(event_tag)  # one for every payload: it plans each record class once


def change_data(change: Change) -> dict[str, JSON]:
    return {"vp": change.vp, "quadrants": change.quadrants, "dice": change.dice}


def legal_action_data(game: GalileoGame, action: Action) -> dict[str, JSON]:
    """``action`` of the player to move with its words, cost and gain (see the module docstring)."""
    seat = game.to_move
    if seat is None:
        raise RulesError("the game is over: nobody is to move")
    cost, gain = action_change(game, action)
    return {
        "text": str(action),
        "kind": action.kind,
        "arg": action.arg or None,
        "description": f"{player_name(seat)} {action_predicate(game, action)}{change_text(cost, gain)}.",
        "label": first_person_text(game, action),
        "cost": change_data(cost),
        "gain": change_data(gain),
    }


def event_data(catalog: Catalog, event: Any, table: Any = None) -> dict[str, JSON]:
    """``event`` with every field, its ``type``, its sentence and whether it is bookkeeping."""
    data: dict[str, JSON] = GALILEO_WIRE.plain(event)
    return {
        **data,
        "text": event_text(catalog, event, table),
        "bookkeeping": isinstance(event, BOOKKEEPING),
    }


def log_data(view: GalileoView, catalog: Catalog, since: int) -> list[JSON]:
    """The actions after the ``since``-th as ``view`` sees them, each with its events (named on the table
    the view shows)."""
    action_text = functools.partial(logged_action_text, catalog)
    return log_entries(
        view.entries_since(since), since, action_text, lambda event: event_data(catalog, event, view.state)
    )


def decision_kind(tag: str) -> str:
    """A decision's ``kind`` as a word, as Newton's are (``"turn"``): its frame's tag, which saves keep as
    the class name (``"PayFrame"``), without ``Frame`` and in snake_case (``"pay"``)."""
    words = re.findall(r"[A-Z][a-z0-9]*", tag.removesuffix("Frame"))
    return "_".join(words).lower() if words else tag


def decision_data(game: GalileoGame) -> dict[str, JSON] | None:
    """The pending decision: who decides, its kind, what it asks, in words and as data (null when over)."""
    top = game.state.top
    if top is None or game.is_over:
        return None
    return {
        "player": game.to_move,
        "kind": decision_kind(top.tag),
        "prompt": decision_prompt(game),
        "text": frame_text(game.catalog, top),
        "frame": GALILEO_WIRE.plain(top),
    }


def standing_data(game: GalileoGame) -> list[JSON]:
    """Each seat's public facts and the VP it received by source (nothing here is hidden from anyone)."""
    found: list[JSON] = []
    for seat, player in enumerate(game.state.players):
        facts = game.facts(seat)
        found.append(
            {
                "seat": seat,
                "astronomer": player.astronomer,
                "vp": player.vp,
                "projected": facts.projected,
                "facts": GALILEO_WIRE.plain(facts),
                "vp_sources": [
                    {"source": source, "label": source_text(source), "vp": vp} for source, vp in player.vp_sources
                ],
            }
        )
    return found


def _game_data(game: GalileoGame) -> dict[str, JSON]:
    config = game.config
    return {
        "name": GAME_NAME,
        "players": config.players,
        "seed": config.seed if game.is_over else None,
        "advanced": config.advanced,
        "first_player": config.first_player,
        "options": GALILEO_WIRE.plain(config.options),
        "rules_version": config.rules_version,
        "data": GALILEO_WIRE.plain(game.catalog.identity),
    }


def payload(game: GalileoGame, viewer: int | None, since: int = 0) -> dict[str, JSON]:
    """Everything ``viewer`` (a seat, or None for a spectator) may see of ``game``, with words.

    ``since`` is the number of actions the client has already seen: the ``log`` holds only the actions after
    it. Raises RulesError for a seat the game does not have or a ``since`` outside 0..len(game)."""
    if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= len(game):
        raise RulesError(f"since must be an action count from 0 to {len(game)}, not {since!r}")
    view = game.view(viewer)
    return {
        "version": PROTOCOL_VERSION,
        "player": viewer,
        "game": _game_data(game),
        "state": GALILEO_WIRE.plain(view.state),
        "decision": decision_data(game),
        "legal_actions": [legal_action_data(game, action) for action in view.legal_actions()],
        **progress_data(game),
        "action_count": len(game),
        "since": since,
        "log": log_data(view, game.catalog, since),
        "standing": standing_data(game),
    }


def catalog_data(catalog: Catalog) -> dict[str, JSON]:
    """Every component of ``catalog`` as data and in words, for a client to fetch once per data pack:
    ``catalog`` every record of the pack with every field, ``components`` each component id with its text
    (``help ID`` of the terminal play), ``sky`` the telescope spaces in order, each with its fixed actions,
    ``geometry`` where to draw the telescope ring's spaces and the tracks' grids
    (:mod:`galileo_rules.components.geometry`, ``galileo_rules/data/table.json``)."""
    return {
        "version": PROTOCOL_VERSION,
        "game": GAME_NAME,
        "data": GALILEO_WIRE.plain(catalog.identity),
        "catalog": GALILEO_WIRE.plain(catalog),
        "components": [{"id": cid, "text": component_text(catalog, cid)} for cid in component_ids(catalog)],
        "sky": [
            {"space": space, "name": SPACES[space], "fixed": list(SKY[space]), "text": sky_space_text(space)}
            for space in range(len(SKY))
        ],
        "geometry": GALILEO_WIRE.plain(default_geometry()),
    }


def schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`payload`, shipped as ``galileo_rules/protocol/payload.schema.json``."""
    text = resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)
    return found
