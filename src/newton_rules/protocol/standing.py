"""Where each player stands, as a viewer may know it: the engine's facts of each seat and the VP each
seat received from each source. A table draws player boards and the final score table from these,
never re-implementing a rule.

``standing_data(game, viewer)`` is a list with one entry per seat::

    {"seat": 0,
     "action_values": {"work", "technology", "travel", "lessons", "study"},   # F4, the desk and drawers
     "volumes": {"blue", "green", "orange", "wild"},                          # R1
     "income": {"vp", "coins", "potions"},                                    # what each End Round pays
     "completed_lines": ["r0", "c3"],                                         # B3, B4
     "medicine_cities": int,
     "masters_vp": int,                                                       # F15, the played Masters
     "objectives": [{"tile", "where", "space", "occupied", "vp"}],            # O1-O10, VP if it ended now
     "objectives_vp": int | null,
     "vp_sources": [{"kind", "id", "label", "vp"}]}                           # VP received, by source

An Objective tile's ``vp`` is null when it counts a hand the viewer cannot see (O9, O10): a seat sees
its own hand only, a spectator none.
"""

from __future__ import annotations

import attrs

from newton_rules.facts import HAND_COUNTERS, Facts
from newton_rules.game import Game
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.sources import Source
from newton_rules.text.events import source_text
from newton_rules.view import View
from newton_rules.wire import JSON

__all__ = ["standing_data", "vp_sources"]


def _facts_for(game: Game, seat: int, viewer: int | None) -> Facts:
    """``seat``'s facts as ``viewer`` may know them; a spectator sees no hand, so the facts are taken for
    another seat (the game's own facts would count the hand)."""
    if viewer is None and game.config.players > 1:
        return game.facts(seat, viewer=(seat + 1) % game.config.players)
    return game.facts(seat, viewer=viewer)


def _objectives_data(game: Game, facts: Facts, hidden_hand: bool) -> list[JSON]:
    objectives = game.catalog.objectives_by_id
    found: list[JSON] = []
    for objective in facts.objectives:
        counts_hand = objectives[objective.tile].counter in HAND_COUNTERS
        vp = None if hidden_hand and counts_hand else objective.vp
        found.append({**attrs.asdict(objective), "vp": vp})
    return found


def vp_sources(game: Game, view: View) -> list[list[JSON]]:
    """Per seat, the VP received from each source as ``view`` saw it happen (the log's ResourcesChanged
    events), in the order first received; their sum is the seat's VP."""
    totals: list[dict[Source, int]] = [{} for _ in range(game.config.players)]
    for event in view.events:
        if isinstance(event, ResourcesChanged) and event.vp:
            ledger = totals[event.player]
            ledger[event.source] = ledger.get(event.source, 0) + event.vp
    return [
        [
            {"kind": source.kind, "id": source.id, "label": source_text(game.catalog, source), "vp": vp}
            for source, vp in ledger.items()
        ]
        for ledger in totals
    ]


def standing_data(game: Game, view: View) -> list[JSON]:
    """Each seat's standing as ``view``'s viewer may know it (see the module docstring)."""
    viewer = view.player
    sources = vp_sources(game, view)
    found: list[JSON] = []
    for seat in range(game.config.players):
        facts = _facts_for(game, seat, viewer)
        objectives = _objectives_data(game, facts, hidden_hand=viewer != seat)
        occupied = [o["vp"] for o in objectives if isinstance(o, dict) and o["occupied"]]
        found.append(
            {
                "seat": seat,
                "action_values": attrs.asdict(facts.action_values),
                "volumes": attrs.asdict(facts.volumes),
                "income": attrs.asdict(facts.income),
                "completed_lines": list(facts.completed_lines),
                "medicine_cities": facts.medicine_cities,
                "masters_vp": facts.masters_vp,
                "objectives": objectives,
                "objectives_vp": None if None in occupied else sum(v for v in occupied if isinstance(v, int)),
                "vp_sources": sources[seat],
            }
        )
    return found
