"""The component catalog: every card, tile, token and board of a game, loaded from data files.

``load_catalog()`` reads the JSON files shipped in ``newton_rules/data`` (or another folder: a user's
corrected or variant data pack), structures them into typed records with cattrs and validates them.
A broken file raises :class:`~newton_rules.errors.DataError` naming the file, the item and the field.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import cattrs

from newton_rules.components.codec import converter
from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    BookSpace,
    Constants,
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
        where = f"line {exc.lineno} column {exc.colno}"
        raise DataError(f"{filename}: invalid JSON at {where}: {exc.msg}") from exc


_PATH_TOKEN = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def _item_name(raw: Any, path: str) -> str:
    """A cattrs error path made readable: ``action_cards[3] (id 'L1-04').special``.

    ``raw`` is the JSON value the path starts from; every list element with an ``id`` is named by it.
    """
    parts: list[str] = []
    node: Any = raw
    for match in _PATH_TOKEN.finditer(path):
        key, index = match.group(1), match.group(2)
        if key is not None:
            parts.append(("." if parts else "") + key)
            node = node.get(key) if isinstance(node, dict) else None
        else:
            position = int(index)
            node = node[position] if isinstance(node, list) and position < len(node) else None
            label = f"[{position}]"
            if isinstance(node, dict) and isinstance(node.get("id"), str):
                label += f" (id {node['id']!r})"
            parts.append(label)
    return "".join(parts)


def _format_exception(exc: BaseException, type_: Any) -> str:
    """cattrs' default formatter, keeping the reason our own hooks give (e.g. an unknown effect type)."""
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return f"unknown field(s) {', '.join(sorted(exc.extra_fields))}"
    if isinstance(exc, KeyError):
        return "required field missing"
    message = str(exc)
    if " not in literal " in message:
        value, _, allowed = message.partition(" not in literal ")
        return f"{value} is not one of {allowed.removeprefix('typing.Literal')}"
    if isinstance(exc, ValueError | TypeError) and message:
        return message
    return cattrs.v.format_exception(exc, type_)


def _structure(raw: Any, cls: type[Any], filename: str, section: str | None = None) -> Any:
    """Structure ``raw`` (the whole file, or its top-level field ``section``) into ``cls``."""
    try:
        return converter.structure(raw, cls)
    except cattrs.BaseValidationError as exc:
        problems = cattrs.transform_error(exc, path="", format_exception=_format_exception)
        first = problems[0] if problems else str(exc)
        message, _, path = first.rpartition(" @ ") if " @ " in first else (first, "", "")
        root = {section: raw} if section is not None else raw
        where = _item_name(root, f"{section}{path}" if section is not None else path)
        raise DataError(f"{filename}: {where or 'top level'}: {message}") from exc
    except (TypeError, ValueError, KeyError) as exc:
        raise DataError(f"{filename}: {section or 'top level'}: {exc}") from exc


def _section(raw: Any, key: str, filename: str) -> Any:
    if not isinstance(raw, dict) or key not in raw:
        raise DataError(f"{filename}: missing top-level field {key!r}")
    return raw[key]


def _part(raw: Any, key: str, cls: type[Any], filename: str) -> Any:
    """Structure the top-level field ``key`` of a file into ``cls``."""
    return _structure(_section(raw, key, filename), cls, filename, key)


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """Load and validate a data pack (the embedded reference data when ``folder`` is None)."""
    base = Path(folder) if folder is not None else None
    raw = {name: _read(base, name) for name in DATA_FILES}
    files = {name: f"{name}.json" for name in DATA_FILES}
    cards, tracks, tiles = raw["cards"], raw["tracks"], raw["tiles"]
    fields: dict[str, Any] = {
        "constants": _structure(raw["constants"], Constants, files["constants"]),
        "player_colours": _part(cards, "player_colours", tuple[str, ...], files["cards"]),
        "starting_cards": _part(cards, "starting_cards", tuple[ActionCard, ...], files["cards"]),
        "action_cards": _part(cards, "action_cards", tuple[ActionCard, ...], files["cards"]),
        "masters": _part(raw["masters"], "masters", tuple[Master, ...], files["masters"]),
        "map": _structure(raw["map"], MapBoard, files["map"]),
        "work_track": _part(tracks, "work", Track, files["tracks"]),
        "technology_track": _part(tracks, "technology", Track, files["tracks"]),
        "study_boards": _part(raw["study_boards"], "boards", tuple[StudyBoard, ...], files["study_boards"]),
    }
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
        fields[key] = _part(tiles, key, cls, files["tiles"])
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
