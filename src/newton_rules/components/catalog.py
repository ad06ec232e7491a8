"""The component catalog: every card, tile, token and board of a game, loaded from data files.

``load_catalog()`` reads the JSON files shipped in ``newton_rules/data`` (or another folder: a user's
corrected or variant data pack), structures them into typed records with cattrs and validates them.
A broken file raises :class:`~newton_rules.errors.DataError` naming the file, the item and the field.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import cattrs

from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    Constants,
    MapBoard,
    Master,
    ObjectiveTile,
    PileBonus,
    StudyBoard,
    Tile,
    Track,
)
from newton_rules.core.serial import converter
from newton_rules.errors import DataError

DATA_FILES = ("constants", "cards", "masters", "tiles", "map", "tracks", "study_boards")


@attrs.frozen(kw_only=True)
class Catalog:
    """All components of a game, indexed by id."""

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

    @functools.cached_property
    def cards_by_id(self) -> Mapping[str, ActionCard]:
        cards = {c.id: c for c in self.action_cards}
        for colour in self.player_colours:
            for template in self.starting_cards:
                card = starting_card_for(template, colour)
                cards[card.id] = card
        return cards

    @functools.cached_property
    def masters_by_id(self) -> Mapping[str, Master]:
        return {m.id: m for m in self.masters}

    @functools.cached_property
    def tiles_by_id(self) -> Mapping[str, Tile]:
        tiles = (*self.inventions, *self.specializations, *self.cities, *self.income_tiles)
        return {t.id: t for t in tiles}

    @functools.cached_property
    def objectives_by_id(self) -> Mapping[str, ObjectiveTile]:
        return {o.id: o for o in self.objectives}

    @functools.cached_property
    def tokens_by_id(self) -> Mapping[str, BonusToken]:
        return {t.id: t for t in self.bonus_tokens}

    @functools.cached_property
    def boards_by_id(self) -> Mapping[str, StudyBoard]:
        return {b.id: b for b in self.study_boards}


def starting_card_for(template: ActionCard, colour: str) -> ActionCard:
    """The Starting Action card of ``colour`` made from a template (id ``start-<colour>-<template id>``)."""
    return attrs.evolve(template, id=f"start-{colour}-{template.id}", owner_colour=colour, level=0)


def _read(folder: Path | None, name: str) -> Any:
    filename = f"{name}.json"
    try:
        if folder is None:
            text = resources.files("newton_rules.data").joinpath(filename).read_text(encoding="utf-8")
        else:
            text = (folder / filename).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{filename}: cannot be read ({exc})") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{filename}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc


def _item_name(raw: Any, path: str) -> str:
    """Best human name for the item a cattrs error path points at, e.g. ``cards[3] (id 'L1-04')``."""
    head = path.split(".")[1] if "." in path else path
    key = head.split("[")[0]
    if "[" in head and isinstance(raw, dict) and isinstance(raw.get(key), list):
        try:
            index = int(head.split("[")[1].rstrip("]"))
            item = raw[key][index]
        except (ValueError, IndexError):
            return head
        if isinstance(item, dict) and "id" in item:
            return f"{head} (id {item['id']!r})"
    return head


def _structure(raw: Any, cls: type[Any], filename: str) -> Any:
    try:
        return converter.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        problems = cattrs.transform_error(exc, path=filename)
        first = problems[0] if problems else str(exc)
        path = first.split(" @ ")[-1] if " @ " in first else filename
        item = _item_name(raw, path.removeprefix(filename))
        raise DataError(f"{filename}: item {item}: {first}") from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise DataError(f"{filename}: {exc}") from exc


def _section(raw: Any, key: str, filename: str) -> Any:
    if not isinstance(raw, dict) or key not in raw:
        raise DataError(f"{filename}: missing top-level field {key!r}")
    return raw[key]


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """Load and validate a data pack (the embedded reference data when ``folder`` is None)."""
    base = Path(folder) if folder is not None else None
    raw = {name: _read(base, name) for name in DATA_FILES}
    files = {name: f"{name}.json" for name in DATA_FILES}
    fields: dict[str, Any] = {
        "constants": _structure(raw["constants"], Constants, files["constants"]),
        "player_colours": _structure(
            _section(raw["cards"], "player_colours", files["cards"]), tuple[str, ...], files["cards"]
        ),
        "starting_cards": _structure(
            _section(raw["cards"], "starting_cards", files["cards"]), tuple[ActionCard, ...], files["cards"]
        ),
        "action_cards": _structure(
            _section(raw["cards"], "action_cards", files["cards"]), tuple[ActionCard, ...], files["cards"]
        ),
        "masters": _structure(
            _section(raw["masters"], "masters", files["masters"]), tuple[Master, ...], files["masters"]
        ),
        "map": _structure(raw["map"], MapBoard, files["map"]),
        "work_track": _structure(_section(raw["tracks"], "work", files["tracks"]), Track, files["tracks"]),
        "technology_track": _structure(
            _section(raw["tracks"], "technology", files["tracks"]), Track, files["tracks"]
        ),
        "study_boards": _structure(
            _section(raw["study_boards"], "boards", files["study_boards"]),
            tuple[StudyBoard, ...],
            files["study_boards"],
        ),
    }
    tiles = raw["tiles"]
    for key, cls in (
        ("inventions", tuple[Tile, ...]),
        ("specializations", tuple[Tile, ...]),
        ("cities", tuple[Tile, ...]),
        ("objectives", tuple[ObjectiveTile, ...]),
        ("bonus_tokens", tuple[BonusToken, ...]),
        ("universities", tuple[str, ...]),
        ("ancient_lands", tuple[str, ...]),
        ("pile_bonuses", tuple[PileBonus, ...]),
        ("income_tiles", tuple[Tile, ...]),
    ):
        fields[key] = _structure(_section(tiles, key, files["tiles"]), cls, files["tiles"])
    catalog = Catalog(**fields)
    from newton_rules.components.validation import validate_catalog

    problems = validate_catalog(catalog)
    if problems:
        raise DataError("invalid data pack: " + "; ".join(problems))
    return catalog


@functools.cache
def default_catalog() -> Catalog:
    """The embedded reference data set, loaded once."""
    return load_catalog()
