"""The pack loader: read a data pack's JSON files, structure them into a :class:`Catalog`, validate it.

``load_catalog()`` reads the files shipped in ``newton_rules/data`` (or another folder: a user's
corrected or variant data pack), structures them into typed records with the strict data converter and
validates the result against the rules and the counts the pack declares in ``pack.json``.
A broken file raises :class:`~newton_rules.errors.DataError` naming the file, the item and the field.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import cattrs

from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.codec import converter
from newton_rules.components.records import (
    ActionCard,
    BonusToken,
    Constants,
    Geometry,
    GreatDiscoveriesModule,
    MapBoard,
    Master,
    ObjectiveTile,
    PackManifest,
    PileBonus,
    StudyBoard,
    Tile,
    Track,
)
from newton_rules.components.validation import validate_catalog
from newton_rules.errors import DataError

DATA_FILES = (
    "pack",
    "constants",
    "cards",
    "masters",
    "tiles",
    "map",
    "tracks",
    "study_boards",
    "advanced_lessons",
    "great_discoveries",
    "extra_objectives",
)
# Optional, and not part of the pack's identity: where a client draws the boards, which no rule reads.
GEOMETRY_FILE = "geometry"


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """Load and validate a data pack (the embedded reference data when ``folder`` is None)."""
    base = Path(folder) if folder is not None else None
    return _catalog({name: _read(base, name) for name in DATA_FILES}, _geometry(base))


def _catalog(raw: Mapping[str, Any], geometry: Geometry | None) -> Catalog:
    """The validated catalog of a pack's parsed files."""
    manifest: PackManifest = _structure(raw["pack"], PackManifest, "pack.json")
    catalog = Catalog(
        identity=PackIdentity(name=manifest.name, digest=pack_digest(raw)),
        counts=manifest.counts,
        geometry=geometry,
        **_components(raw),
    )
    problems = validate_catalog(catalog)
    if problems:
        raise DataError("invalid data pack: " + "; ".join(problems), tuple(problems))
    return catalog


# Under the embedded data: one folder per reference pack of an earlier release, named by its digest and
# holding the files in which it differs from today's (docs/data.md, "Earlier reference packs").
EARLIER_PACKS = "earlier"


@functools.cache
def earlier_reference_catalog(identity: PackIdentity) -> Catalog | None:
    """The reference pack of an earlier release whose identity is ``identity`` (None if there is none):
    a save written with it loads with it."""
    if not re.fullmatch(r"[0-9a-f]{64}", identity.digest):  # a save's digest names no folder but its own
        return None
    folder = resources.files("newton_rules.data").joinpath(EARLIER_PACKS, identity.digest)
    if not folder.is_dir():
        return None
    raw = {name: _read(folder if folder.joinpath(f"{name}.json").is_file() else None, name) for name in DATA_FILES}
    catalog = _catalog(raw, default_catalog().geometry)
    return catalog if catalog.identity == identity else None


def earlier_reference_digests() -> tuple[str, ...]:
    """The digests of the earlier reference packs shipped (see :func:`earlier_reference_catalog`)."""
    folder = resources.files("newton_rules.data").joinpath(EARLIER_PACKS)
    return tuple(sorted(entry.name for entry in folder.iterdir() if entry.is_dir())) if folder.is_dir() else ()


def reference_pack_files() -> dict[str, str]:
    """The files of the embedded reference data pack, file name -> text: what a designer copies to edit."""
    folder = resources.files("newton_rules.data")
    return {
        f"{name}.json": folder.joinpath(f"{name}.json").read_text(encoding="utf-8")
        for name in (*DATA_FILES, GEOMETRY_FILE)
    }


@functools.cache
def default_catalog() -> Catalog:
    """The embedded reference data set, loaded once."""
    return load_catalog()


def pack_digest(files: Mapping[str, Any]) -> str:
    """sha256 hex of the parsed files as canonical JSON: formatting and key order do not change it."""
    canonical = json.dumps(files, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _components(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The component fields of a :class:`Catalog`, structured from the parsed files."""
    cards, tracks, tiles = raw["cards"], raw["tracks"], raw["tiles"]
    fields: dict[str, Any] = {
        "constants": _structure(raw["constants"], Constants, "constants.json"),
        "player_colours": _part(cards, "player_colours", tuple[str, ...], "cards.json"),
        "starting_cards": _part(cards, "starting_cards", tuple[ActionCard, ...], "cards.json"),
        "action_cards": _part(cards, "action_cards", tuple[ActionCard, ...], "cards.json"),
        "masters": _part(raw["masters"], "masters", tuple[Master, ...], "masters.json"),
        "map": _structure(raw["map"], MapBoard, "map.json"),
        "work_track": _part(tracks, "work", Track, "tracks.json"),
        "technology_track": _part(tracks, "technology", Track, "tracks.json"),
        "study_boards": _part(raw["study_boards"], "boards", tuple[StudyBoard, ...], "study_boards.json"),
        "great_discoveries": _structure(raw["great_discoveries"], GreatDiscoveriesModule, "great_discoveries.json"),
        "extra_objectives": _part(
            raw["extra_objectives"], "objectives", tuple[ObjectiveTile, ...], "extra_objectives.json"
        ),
        "advanced_lessons": _part(
            raw["advanced_lessons"], "action_cards", tuple[ActionCard, ...], "advanced_lessons.json"
        ),
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
        fields[key] = _part(tiles, key, cls, "tiles.json")
    return fields


def _geometry(folder: Path | None) -> Geometry | None:
    """The pack's drawing positions, or None when its folder has no geometry file."""
    if folder is not None and not (folder / f"{GEOMETRY_FILE}.json").exists():
        return None
    geometry: Geometry = _structure(_read(folder, GEOMETRY_FILE), Geometry, f"{GEOMETRY_FILE}.json")
    return geometry


def _read(folder: Traversable | None, name: str) -> Any:
    """The parsed file ``name`` of ``folder`` (None: the embedded reference data)."""
    filename = f"{name}.json"
    root = folder if folder is not None else resources.files("newton_rules.data")
    try:
        text = root.joinpath(filename).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{filename}: cannot be read ({exc})") from exc
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}"
        raise DataError(f"{filename}: invalid JSON at {where}: {exc.msg}") from exc
    except ValueError as exc:
        raise DataError(f"{filename}: invalid JSON: {exc}") from exc


def _refuse_constant(name: str) -> Any:
    # NaN and Infinity are not JSON; Python accepts them by default, and no canonical form exists for NaN.
    raise ValueError(f"{name} is not a JSON value")


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
