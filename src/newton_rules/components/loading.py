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

import attrs
import cattrs

from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.codec import converter
from newton_rules.components.problems import PackProblem, problem_of_line, structure_all
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
# Stands for a file that could not be read (its problem is listed), so that its parts are not checked.
UNREAD: Any = object()
# Optional, and not part of the pack's identity: where a client draws the boards, which no rule reads.
GEOMETRY_FILE = "geometry"


def load_catalog(folder: str | Path | None = None) -> Catalog:
    """Load and validate a data pack (the embedded reference data when ``folder`` is None).

    Raises :class:`DataError` listing every problem of the pack (see :func:`inspect_pack`)."""
    base = Path(folder) if folder is not None else None
    inspection = inspect_pack(base)
    if inspection.catalog is None or inspection.problems:
        problems = tuple(str(problem) for problem in inspection.problems)
        raise DataError("invalid data pack: " + "; ".join(problems), problems)
    return inspection.catalog


@attrs.frozen
class PackInspection:
    """What :func:`inspect_pack` found: every problem of the pack, and its catalog when it has none.

    ``rules_checked`` is False when a file needed by the rules' checks (``pack.json``'s counts, the Map,
    a track, the constants) could not be read at all: then only the problems of reading were found."""

    problems: tuple[PackProblem, ...]
    catalog: Catalog | None
    rules_checked: bool


def inspect_pack(folder: str | Path | None = None) -> PackInspection:
    """Every problem of a data pack in one run: unreadable files and invalid JSON, every record that does
    not fit its schema (each broken item of each file), then the rules' checks (references, counts against
    ``pack.json``, geometry, ...) on what could be read."""
    base = Path(folder) if folder is not None else None
    raw: dict[str, Any] = {}
    problems: list[PackProblem] = []
    for name in DATA_FILES:
        try:
            raw[name] = _read(base, name)
        except DataError as exc:
            problems.append(_file_problem(f"{name}.json", str(exc)))
    geometry, geometry_problems = _geometry(base)
    problems += geometry_problems
    catalog, catalog_problems = _catalog(raw, geometry)
    problems += catalog_problems
    return PackInspection(tuple(problems), catalog if not problems else None, catalog is not None)


def _file_problem(filename: str, message: str) -> PackProblem:
    return PackProblem(file=filename, item="", field=None, message=message.removeprefix(f"{filename}: "), line=message)


def _catalog(raw: Mapping[str, Any], geometry: Geometry | None) -> tuple[Catalog | None, list[PackProblem]]:
    """The catalog of a pack's parsed files (None when a part the rules need could not be read) and
    every problem found: the records' schema first, then the rules' checks."""
    problems: list[PackProblem] = []
    manifest: PackManifest | None = _structure(raw.get("pack", UNREAD), PackManifest, "pack.json", problems)
    components = _components(raw, problems)
    if manifest is None or any(value is None for value in components.values()):
        return None, problems
    catalog = Catalog(
        identity=PackIdentity(name=manifest.name, digest=pack_digest(raw)),
        counts=manifest.counts,
        geometry=geometry,
        **components,
    )
    return catalog, [*problems, *(problem_of_line(line) for line in validate_catalog(catalog))]


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
    catalog, problems = _catalog(raw, default_catalog().geometry)
    if problems:
        raise DataError("invalid data pack: " + "; ".join(map(str, problems)), tuple(map(str, problems)))
    return catalog if catalog is not None and catalog.identity == identity else None


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


def _components(raw: Mapping[str, Any], problems: list[PackProblem]) -> dict[str, Any]:
    """The component fields of a :class:`Catalog`, structured from the parsed files (None for a part that
    could not be read); the problems found are added to ``problems``."""
    cards, tracks, tiles = raw.get("cards", UNREAD), raw.get("tracks", UNREAD), raw.get("tiles", UNREAD)
    fields: dict[str, Any] = {
        "constants": _structure(raw.get("constants", UNREAD), Constants, "constants.json", problems),
        "map": _structure(raw.get("map", UNREAD), MapBoard, "map.json", problems),
        "great_discoveries": _structure(
            raw.get("great_discoveries", UNREAD), GreatDiscoveriesModule, "great_discoveries.json", problems
        ),
    }
    for key, source, section, cls in (
        ("player_colours", cards, "player_colours", tuple[str, ...]),
        ("starting_cards", cards, "starting_cards", tuple[ActionCard, ...]),
        ("action_cards", cards, "action_cards", tuple[ActionCard, ...]),
        ("masters", raw.get("masters", UNREAD), "masters", tuple[Master, ...]),
        ("work_track", tracks, "work", Track),
        ("technology_track", tracks, "technology", Track),
        ("study_boards", raw.get("study_boards", UNREAD), "boards", tuple[StudyBoard, ...]),
        ("extra_objectives", raw.get("extra_objectives", UNREAD), "objectives", tuple[ObjectiveTile, ...]),
        ("advanced_lessons", raw.get("advanced_lessons", UNREAD), "action_cards", tuple[ActionCard, ...]),
        *((key, tiles, key, cls) for key, cls in _TILE_SECTIONS),
    ):
        filename = _FILE_OF_KEY.get(key, "tiles.json")
        fields[key] = _part(source, section, cls, filename, problems)
    return fields


_TILE_SECTIONS: tuple[tuple[str, Any], ...] = (
    ("inventions", tuple[Tile, ...]),
    ("specializations", tuple[Tile, ...]),
    ("cities", tuple[Tile, ...]),
    ("objectives", tuple[ObjectiveTile, ...]),
    ("bonus_tokens", tuple[BonusToken, ...]),
    ("universities", tuple[str, ...]),
    ("ancient_lands", tuple[str, ...]),
    ("pile_bonuses", tuple[PileBonus, ...]),
    ("income_tiles", tuple[Tile, ...]),
)
_FILE_OF_KEY = {
    "player_colours": "cards.json",
    "starting_cards": "cards.json",
    "action_cards": "cards.json",
    "masters": "masters.json",
    "work_track": "tracks.json",
    "technology_track": "tracks.json",
    "study_boards": "study_boards.json",
    "extra_objectives": "extra_objectives.json",
    "advanced_lessons": "advanced_lessons.json",
}


def _geometry(folder: Path | None) -> tuple[Geometry | None, list[PackProblem]]:
    """The pack's drawing positions (None when its folder has no geometry file) and their problems."""
    filename = f"{GEOMETRY_FILE}.json"
    if folder is not None and not (folder / filename).exists():
        return None, []
    try:
        raw = _read(folder, GEOMETRY_FILE)
    except DataError as exc:
        return None, [_file_problem(filename, str(exc))]
    problems: list[PackProblem] = []
    geometry: Geometry | None = _structure(raw, Geometry, filename, problems)
    return geometry, problems


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


def _structure(
    raw: Any, cls: Any, filename: str, problems: list[PackProblem], section: str | None = None
) -> Any | None:
    """``raw`` (the whole file, or its top-level field ``section``) structured into ``cls``, or what of it
    could be read; None when nothing could, or when the file itself could not be read (``raw`` is
    :data:`UNREAD`: its problem is already listed). Every problem found is added to ``problems``."""
    if raw is UNREAD:
        return None
    found, new = structure_all(converter, raw, cls, filename, section, _format_exception)
    problems += new
    return found


def _part(raw: Any, key: str, cls: Any, filename: str, problems: list[PackProblem]) -> Any | None:
    """The top-level field ``key`` of a file structured into ``cls`` (see :func:`_structure`)."""
    if raw is UNREAD:
        return None
    if not isinstance(raw, dict) or key not in raw:
        message = f"missing top-level field {key!r}"
        problems.append(PackProblem(file=filename, item="", field=key, message=message, line=f"{filename}: {message}"))
        return None
    return _structure(raw[key], cls, filename, problems, key)
