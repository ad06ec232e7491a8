"""The component catalog: every card, tile, token and board of a game, as one typed record.

A catalog is made by the pack loader (:mod:`newton_rules.components.loading`), which reads a data pack,
validates it and records the pack's :class:`PackIdentity`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

import attrs

from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    BookSpace,
    ComponentCounts,
    Constants,
    Geometry,
    GreatDiscoveriesModule,
    GreatDiscovery,
    MapBoard,
    MapSpace,
    Master,
    ObjectiveTile,
    PileBonus,
    StudyBoard,
    Tile,
    Track,
    TrackSpace,
)


@attrs.frozen(kw_only=True)
class PackIdentity:
    """Which data pack a catalog was loaded from: compare two identities to know if two packs are the same.

    ``name`` is the ``name`` of the pack's ``pack.json`` (None when it has none): a label for people,
    which two different packs may share. ``digest`` is the sha256 (hex) of the pack's content: every
    data file as parsed, written as canonical JSON (keys sorted, no whitespace). Reformatting a file or
    reordering its keys keeps the digest; changing, adding or removing any value changes it. A game is
    played with exactly one pack, so a save that records the identity can refuse another pack.
    """

    name: str | None
    digest: str


@attrs.frozen(kw_only=True)
class Catalog:
    """All components of a game, indexed by id, with the counts and the identity of their pack."""

    identity: PackIdentity  # computed once by the loader; a catalog changed in code keeps its pack's
    counts: ComponentCounts
    constants: Constants
    player_colours: tuple[str, ...]
    starting_cards: tuple[ActionCard, ...]  # one template per symbol; copied per player colour
    action_cards: tuple[ActionCard, ...]
    masters: tuple[Master, ...]
    inventions: tuple[Tile, ...]
    specializations: tuple[Tile, ...]
    cities: tuple[Tile, ...]
    objectives: tuple[ObjectiveTile, ...]
    bonus_tokens: tuple[BonusToken, ...]
    universities: tuple[str, ...]
    ancient_lands: tuple[str, ...]
    pile_bonuses: tuple[PileBonus, ...]
    income_tiles: tuple[Tile, ...]  # id = income kind ("vp", "coins", "potion")
    map: MapBoard
    work_track: Track
    technology_track: Track
    study_boards: tuple[StudyBoard, ...]
    # Drawing positions of the boards (geometry.json): presentation only, so neither part of the identity
    # nor of equality (no rule reads them); None for a pack without the file.
    geometry: Geometry | None = attrs.field(default=None, eq=False)
    advanced_lessons: tuple[ActionCard, ...] = ()  # the module's cards; in the decks only with its option
    great_discoveries: GreatDiscoveriesModule = attrs.field(factory=GreatDiscoveriesModule)  # played with its option
    extra_objectives: tuple[ObjectiveTile, ...] = ()  # join the Objective tiles only with its option (A1)

    def deck_cards(self, advanced_lessons: bool) -> tuple[ActionCard, ...]:
        """The Action cards of the three level decks: the base deck, with the Advanced Lessons cards (X1)."""
        return (*self.action_cards, *self.advanced_lessons) if advanced_lessons else self.action_cards

    @functools.cached_property
    def cards_by_id(self) -> Mapping[str, ActionCard]:
        cards = {c.id: c for c in (*self.action_cards, *self.advanced_lessons)}
        for colour in self.player_colours:
            for template in self.starting_cards:
                card = starting_card_for(template, colour)
                cards[card.id] = card
        return cards

    @functools.cached_property
    def masters_by_id(self) -> Mapping[str, Master]:
        return {m.id: m for m in self.masters}

    def module_tiles(
        self, great_discoveries: bool, extra_objectives: bool
    ) -> tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[ObjectiveTile, ...]]:
        """(City, Invention, Objective tiles) of the random setup: the base tiles, with those of the modules
        played (G4: the Great Discoveries' City, Invention and Objective tile; A1: the extra Objectives)."""
        cities, inventions, objectives = self.cities, self.inventions, self.objectives
        if great_discoveries:
            module = self.great_discoveries
            cities, inventions = (*cities, *module.cities), (*inventions, *module.inventions)
            objectives = (*objectives, *module.objectives)
        if extra_objectives:
            objectives = (*objectives, *self.extra_objectives)
        return cities, inventions, objectives

    @functools.cached_property
    def tiles_by_id(self) -> Mapping[str, Tile]:
        module = self.great_discoveries
        tiles = (*self.inventions, *self.specializations, *self.cities, *self.income_tiles)
        return {t.id: t for t in (*tiles, *module.cities, *module.inventions)}

    @functools.cached_property
    def cities_by_id(self) -> Mapping[str, Tile]:
        """Every City tile of the pack, the Great Discoveries module's included (G4): a tile on the Map is
        one of these whichever modules set the game up."""
        return {t.id: t for t in (*self.cities, *self.great_discoveries.cities)}

    @functools.cached_property
    def objectives_by_id(self) -> Mapping[str, ObjectiveTile]:
        return {o.id: o for o in (*self.objectives, *self.great_discoveries.objectives, *self.extra_objectives)}

    @functools.cached_property
    def discoveries_by_id(self) -> Mapping[str, GreatDiscovery]:
        return {d.id: d for d in self.great_discoveries.great_discoveries}

    @functools.cached_property
    def tokens_by_id(self) -> Mapping[str, BonusToken]:
        return {t.id: t for t in self.bonus_tokens}

    @functools.cached_property
    def boards_by_id(self) -> Mapping[str, StudyBoard]:
        return {b.id: b for b in self.study_boards}

    @functools.cached_property
    def map_spaces(self) -> Mapping[str, MapSpace]:
        return {s.id: s for s in self.map.spaces}

    @functools.cached_property
    def routes_from(self) -> Mapping[str, tuple[tuple[str, int], ...]]:
        """Map space -> ((neighbour, coin cost), ...) sorted by neighbour id."""
        out: dict[str, list[tuple[str, int]]] = {s.id: [] for s in self.map.spaces}
        for route in self.map.routes:
            out[route.a].append((route.b, route.cost))
            out[route.b].append((route.a, route.cost))
        return {k: tuple(sorted(v)) for k, v in out.items()}

    @functools.cached_property
    def work_spaces(self) -> Mapping[str, TrackSpace]:
        return {s.id: s for s in self.work_track.spaces}

    @functools.cached_property
    def technology_spaces(self) -> Mapping[str, TrackSpace]:
        return {s.id: s for s in self.technology_track.spaces}

    @functools.cached_property
    def book_spaces(self) -> Mapping[str, Mapping[str, BookSpace]]:
        """Study board id -> book space id -> book space."""
        return {b.id: {s.id: s for s in b.book_spaces} for b in self.study_boards}

    @functools.cached_property
    def printed_books(self) -> Mapping[str, frozenset[str]]:
        """Study board id -> its book spaces printed as covered."""
        return {b.id: frozenset(s.id for s in b.book_spaces if s.prefilled) for b in self.study_boards}

    @functools.cached_property
    def map_spaces_by_kind(self) -> Mapping[str, tuple[str, ...]]:
        """Map space kind -> the ids of the spaces of that kind, in map order."""
        out: dict[str, list[str]] = {}
        for space in self.map.spaces:
            out.setdefault(space.kind, []).append(space.id)
        return {kind: tuple(ids) for kind, ids in out.items()}

    @functools.cached_property
    def objective_track_spaces(self) -> tuple[tuple[str, str], ...]:
        """(track, space id) of each Objective space of the tracks: the Work track's, then Technology's."""
        return tuple(
            (where, space.id)
            for where, track in (("work", self.work_track), ("technology", self.technology_track))
            for space in track.spaces
            if space.kind == "objective"
        )

    @functools.cached_property
    def objective_layouts(self) -> dict[tuple[str, int], tuple[object, tuple[tuple[str, str, str], ...]]]:
        """A memo of :func:`newton_rules.rules.queries.objective_spaces`, one per catalog (not data)."""
        return {}

    @functools.cached_property
    def starting_card_ids(self) -> frozenset[str]:
        """The ids of every player's Starting cards."""
        return frozenset(card_id for card_id, card in self.cards_by_id.items() if card.is_starting)


def starting_card_for(template: ActionCard, colour: str) -> ActionCard:
    """The Starting Action card of ``colour`` made from a template (id ``start-<colour>-<template id>``),
    with the volumes that colour's card shows."""
    return attrs.evolve(
        template,
        id=f"start-{colour}-{template.id}",
        owner_colour=colour,
        level=0,
        volumes=template.volumes_for(colour),
        colour_volumes=(),
    )
