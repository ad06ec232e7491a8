"""The data pack: every component of the game, read from JSON and validated with precise errors.

``default_catalog()`` reads ``galileo_rules/data/galileo.json``; ``load_catalog(path)`` reads a corrected
copy (a person holding the game can fix a reconstructed card there without touching code). A pack that
breaks a stated number or refers to something that does not exist raises :class:`DataError` naming the
file, the item and the field. The pack's identity (name and content digest) goes into every save.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, get_args, get_origin, get_type_hints

import attrs
import cattrs

from galileo_rules.components.records import (
    COLOURS,
    SUBJECTS,
    ActionTile,
    Cellar,
    CometPages,
    DiscoveryCard,
    Effect,
    LibraryTile,
    MovementTile,
    Provenance,
    ReputationTrack,
    Reward,
    Rules,
    ScaleTile,
    SubjectTile,
    TychoTile,
)
from galileo_rules.errors import DataError
from rules_core.codec import error_text, make_converter


@attrs.frozen
class ConstellationSpaces:
    """The 7 rewards printed under the Constellation tokens of a Player Board (leftmost first)."""

    rewards: tuple[Reward, ...]
    provenance: Provenance = "reconstructed"


@attrs.frozen
class PackIdentity:
    name: str
    digest: str


@attrs.frozen
class Catalog:
    """Every component, by id where the rules look them up."""

    name: str
    format: int
    notes: str
    rules: Rules
    cards: tuple[DiscoveryCard, ...]
    card_backs: dict[str, tuple[Reward, Reward, Reward, Reward]]
    constellation_spaces: ConstellationSpaces
    action_tiles: tuple[ActionTile, ...]
    kepler_tile: ActionTile
    scales: tuple[ScaleTile, ...]
    subjects: tuple[SubjectTile, ...]
    comet_pages: CometPages
    cellar: Cellar
    bruno_cellar: Cellar
    reputation: ReputationTrack
    library_tiles: tuple[LibraryTile, ...]
    tycho_tiles: tuple[TychoTile, ...]
    movement_tiles: tuple[MovementTile, ...]
    digest: str = attrs.field(default="", eq=False)
    # Each kind of component by id, built once: the rules look components up at every step.
    _by_id: dict[str, dict[str, Any]] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        kinds: dict[str, tuple[Any, ...]] = {
            "cards": self.cards,
            "tiles": (*self.action_tiles, self.kepler_tile),
            "scales": self.scales,
            "subjects": self.subjects,
            "tycho": self.tycho_tiles,
            "movement": self.movement_tiles,
            "library": self.library_tiles,
        }
        object.__setattr__(self, "_by_id", {kind: {item.id: item for item in items} for kind, items in kinds.items()})

    @property
    def identity(self) -> PackIdentity:
        return PackIdentity(self.name, self.digest)

    def card(self, card_id: str) -> DiscoveryCard:
        found: DiscoveryCard = self._by_id["cards"][card_id]
        return found

    def tile(self, tile_id: str) -> ActionTile:
        found: ActionTile = self._by_id["tiles"][tile_id]
        return found

    def scale(self, scale_id: str) -> ScaleTile:
        found: ScaleTile = self._by_id["scales"][scale_id]
        return found

    def subject(self, subject_id: str) -> SubjectTile:
        found: SubjectTile = self._by_id["subjects"][subject_id]
        return found

    def tycho_tile(self, tile_id: str) -> TychoTile:
        found: TychoTile = self._by_id["tycho"][tile_id]
        return found

    def movement_tile(self, tile_id: str) -> MovementTile:
        found: MovementTile = self._by_id["movement"][tile_id]
        return found

    def library_tile(self, tile_id: str) -> LibraryTile:
        found: LibraryTile = self._by_id["library"][tile_id]
        return found


_CONVERTER = make_converter()


def parse_catalog(raw: Any, source: str = "<data>") -> Catalog:
    """A validated catalog from parsed JSON; raises DataError naming ``source``, the item and the field,
    with every problem of the pack in its ``problems`` (see :func:`pack_problems`)."""
    catalog, problems = pack_problems(raw, source)
    if catalog is None or problems:
        raise DataError("; ".join(problems[:5]), tuple(problems))
    return catalog


def pack_problems(raw: Any, source: str = "<data>") -> tuple[Catalog | None, list[str]]:
    """Every problem of a parsed data pack, as ``source: item.field: problem`` lines, and its catalog when
    its records could be read. Each broken item of each part is listed; the rules' checks run once every
    record has been read."""
    if not isinstance(raw, dict):
        return None, [f"{source}: the data pack must be a JSON object"]
    try:
        catalog = _CONVERTER.structure(raw, Catalog)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        return None, [f"{source}: {problem}" for problem in _record_problems(raw)] or [f"{source}: {error_text(exc)}"]
    digest = hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()[:16]
    catalog = attrs.evolve(catalog, digest=digest)
    return catalog, [f"{source}: {problem}" for problem in validate(catalog)]


def _record_problems(raw: dict[str, Any]) -> list[str]:
    """The schema problems of each part of the pack, one line per broken item of a list (cattrs stops a
    whole structure at its first broken part, so each part, each item, is read on its own)."""
    known = {field.name for field in attrs.fields(Catalog) if field.init}
    problems = [f"{key}: unknown field" for key in raw if key not in known]
    hints = get_type_hints(Catalog)
    for field in attrs.fields(Catalog):
        if not field.init or field.name == "digest":
            continue
        if field.name not in raw:
            problems.append(f"{field.name}: required field missing")
            continue
        value, kind = raw[field.name], hints[field.name]
        item_kind = get_args(kind)[0] if get_origin(kind) is tuple and get_args(kind)[-1] is Ellipsis else None
        if item_kind is not None and isinstance(value, list):
            problems += [
                problem
                for index, item in enumerate(value)
                for problem in _structure_problems(item, item_kind, f"{field.name}[{index}]")
            ]
        else:
            problems += _structure_problems(value, kind, field.name)
    return problems


def _structure_problems(value: Any, kind: Any, where: str) -> list[str]:
    try:
        _CONVERTER.structure(value, kind)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        return [error_text(exc, where, limit=100)]
    return []


def load_catalog(path: str | Path) -> Catalog:
    """Read and validate a data pack file."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"{path}: {exc}") from None
    return parse_catalog(raw, str(path))


@cache
def default_catalog() -> Catalog:
    """The data pack shipped with the package."""
    text = resources.files("galileo_rules").joinpath("data/galileo.json").read_text(encoding="utf-8")
    return parse_catalog(json.loads(text), "galileo_rules/data/galileo.json")


def validate(catalog: Catalog) -> list[str]:
    """Every way the pack contradicts the rulebook or itself, as ``item.field: problem`` lines."""
    return [
        *_deck_problems(catalog),
        *(problem for card in catalog.cards for problem in _card_problems(card)),
        *(
            f"card_backs: the light back of Tier {back} is missing"
            for back in ("1", "2", "3")
            if back not in catalog.card_backs
        ),
        *_board_problems(catalog),
        *_cellar_problems(catalog),
        *_reputation_problems(catalog.reputation),
        *(
            f"comet_pages.by_players: no section for {players} players"
            for players in ("2", "3", "4")
            if players not in catalog.comet_pages.by_players
        ),
        *_character_problems(catalog),
        *_page_problems(catalog.comet_pages),
        *_rules_problems(catalog.rules),
    ]


def _page_problems(pages: CometPages) -> list[str]:
    """The rewards of every Book of Comets page, the astronomers' own pages included."""
    sections = (("by_players", pages.by_players), ("personal", pages.personal))
    return [
        problem
        for name, section in sections
        for key, rewards in section.items()
        for k, reward in enumerate(rewards)
        for problem in _reward_problems(reward, f"comet_pages.{name}.{key}[{k}]")
    ]


def _deck_problems(catalog: Catalog) -> list[str]:
    """The 36 Discovery cards, their ids, and enough of each Tier for every deck size."""
    problems: list[str] = []
    ids = [card.id for card in catalog.cards]
    if len(set(ids)) != len(ids):
        problems.append("cards: duplicate card ids")
    if len(catalog.cards) != 36:
        problems.append(f"cards: the game has 36 Discovery cards, the pack has {len(catalog.cards)}")
    for players, counts in catalog.rules.deck.items():
        for tier, count in enumerate(counts, start=1):
            have = sum(1 for card in catalog.cards if card.tier == tier)
            if have < count:
                problems.append(f"rules.deck.{players}: needs {count} Tier {tier} cards, the pack has {have}")
    return problems


def _card_problems(card: DiscoveryCard) -> list[str]:
    """One Discovery card: its Tier, its Major Object, its constellations and its Library rewards."""
    problems: list[str] = []
    add = problems.append
    where = f"cards.{card.id}"
    if card.tier not in (1, 2, 3):
        add(f"{where}.tier: must be 1, 2 or 3, got {card.tier}")
    first, second = card.major.colours
    if first == second:
        add(f"{where}.major.colours: a Major Object needs two different colours")
    if card.major.cost < 1 or card.major.vp < 0 or card.major.inquisitors < 0:
        add(f"{where}.major: cost must be positive, vp and inquisitors not negative")
    if not card.constellations:
        add(f"{where}.constellations: a card has one or more constellations")
    for k, constellation in enumerate(card.constellations):
        if constellation.cost < 1:
            add(f"{where}.constellations[{k}].cost: must be positive")
        problems.extend(_reward_problems(constellation.reward, f"{where}.constellations[{k}].reward"))
    for row, reward in enumerate(card.library):
        problems.extend(_reward_problems(reward, f"{where}.library[{row}]"))
    return problems


def _board_problems(catalog: Catalog) -> list[str]:
    """The Constellation spaces of a Player Board, the Action tiles, the Scale tiles and the subjects."""
    problems: list[str] = []
    add = problems.append
    rules = catalog.rules
    spaces = len(catalog.constellation_spaces.rewards)
    if spaces != rules.constellations:
        add(f"constellation_spaces.rewards: {rules.constellations} spaces, got {spaces}")
    cards_spaces = sum(1 for r in catalog.constellation_spaces.rewards if Effect("card") in r)
    if cards_spaces != 3:
        add(f"constellation_spaces.rewards: 3 spaces give a card, got {cards_spaces}")
    if len(catalog.action_tiles) != 6:
        add(f"action_tiles: 6 tiles per player, got {len(catalog.action_tiles)}")
    if len(catalog.scales) != 6:
        add(f"scales: 6 Scale tiles, got {len(catalog.scales)}")
    for scale in catalog.scales:
        for side, rows in enumerate(scale.sides):
            if not rows:
                add(f"scales.{scale.id}.sides[{side}]: a Scale has rows")
    if tuple(s.id for s in catalog.subjects) != SUBJECTS:
        add(f"subjects: the six subjects are {', '.join(SUBJECTS)} in this order")
    return problems


def _cellar_problems(catalog: Catalog) -> list[str]:
    """The Player Board's cellar (4 spaces) and Bruno's (5): one entry per space in each table."""
    problems: list[str] = []
    add = problems.append
    for name, cellar in (("cellar", catalog.cellar), ("bruno_cellar", catalog.bruno_cellar)):
        if not len(cellar.interrogation) == len(cellar.final) == len(cellar.rewards) >= 2:
            add(f"{name}: interrogation, final and rewards need one entry per space")
        if cellar.final and cellar.final[-1] != 1 and name == "cellar":
            add(f"{name}.final: a fully persuaded Inquisitor scores +1 (rulebook)")
    if len(catalog.cellar.interrogation) != 4:
        add("cellar: the Player Board cellar has 4 spaces")
    if len(catalog.bruno_cellar.interrogation) != 5:
        add("bruno_cellar: Bruno's cellar tile has 5 spaces")
    return problems


def _reputation_problems(track: ReputationTrack) -> list[str]:
    problems: list[str] = []
    if len(track.labels) != len(track.vp) or track.start not in track.labels:
        problems.append("reputation: one VP per space, and the start (-3) on the track")
    if track.start != -3:
        problems.append(f"reputation.start: every astronomer begins at -3 Reputation, got {track.start}")
    return problems


def _character_problems(catalog: Catalog) -> list[str]:
    """The astronomers' own components: Copernicus's Library tiles, Tycho Brahe's Action and Movement tiles."""
    problems: list[str] = []
    add = problems.append
    if len(catalog.library_tiles) != 4:
        add("library_tiles: Copernicus has 4 Library tiles")
    for library_tile in catalog.library_tiles:
        if any(mark in library_tile.id for mark in ".@ "):
            add(f"library_tiles.{library_tile.id}: an id holds no '.', '@' or space (the action reads 'L1.0@2.3')")
    if len(catalog.tycho_tiles) != 5:
        add("tycho_tiles: Tycho plays with 5 Action tiles")
    for tycho_tile in catalog.tycho_tiles:
        for side, tycho_rows in enumerate(tycho_tile.sides):
            if not tycho_rows or tycho_rows[-1].condition != "always":
                add(f"tycho_tiles.{tycho_tile.id}.sides[{side}]: the bottom row is unconditional ('always')")
    if len(catalog.movement_tiles) != 5:
        add("movement_tiles: Tycho has 5 Movement tiles")
    return problems


def _rules_problems(rules: Rules) -> list[str]:
    problems: list[str] = []
    if rules.dice_per_colour != 10 or rules.dice_per_board != 4 or rules.dice_per_colour_on_board != 3:
        problems.append("rules: dice limits are 10 per colour, 4 per board, 3 per colour on a board (rulebook)")
    if rules.comets != 7 or rules.constellations != 7 or rules.books != 4:
        problems.append("rules: 7 Comets, 7 Constellations and 4 Books per player (rulebook)")
    return problems


def _reward_problems(reward: Reward, where: str) -> list[str]:
    problems = []
    for k, effect in enumerate(reward):
        if effect.kind == "raise_colour" and effect.colour not in COLOURS:
            problems.append(f"{where}[{k}].colour: raise_colour needs a colour R, B or Y")
        if effect.kind != "raise_colour" and effect.colour is not None:
            problems.append(f"{where}[{k}].colour: only raise_colour takes a colour")
        if effect.kind != "vp" and effect.n < 1:
            problems.append(f"{where}[{k}].n: must be at least 1")
        if effect.kind == "persuade_pair" and effect.n != 2:
            # The notation offers one space (persuade) or the whole move (jump): nothing in between.
            problems.append(f"{where}[{k}].n: persuade_pair moves each token up to 2 spaces (rulebook), got {effect.n}")
    return problems
