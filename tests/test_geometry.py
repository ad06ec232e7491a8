"""Drawing positions of the boards (geometry.json): every space placed once, inside its box, reconstructed."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import newton_rules as nr
from newton_rules.components.loading import DATA_FILES, GEOMETRY_FILE

DATA = Path(nr.__file__).parent / "data"


def test_every_map_and_track_space_of_the_reference_pack_has_one_position() -> None:
    catalog = nr.default_catalog()
    geometry = catalog.geometry
    assert geometry is not None
    for board, spaces in (
        (geometry.map, catalog.map.spaces),
        (geometry.work_track, catalog.work_track.spaces),
        (geometry.technology_track, catalog.technology_track.spaces),
    ):
        assert sorted(p.id for p in board.spaces) == sorted(s.id for s in spaces)
        assert all(0 <= p.x <= board.width and 0 <= p.y <= board.height for p in board.spaces)
        assert len({(p.x, p.y) for p in board.spaces}) == len(board.spaces)  # no two spaces drawn on one spot


def test_every_position_is_marked_reconstructed_in_the_file() -> None:
    """The printed boards' pictures are lost: the positions are designed, and say so item by item."""
    raw = json.loads((DATA / f"{GEOMETRY_FILE}.json").read_text(encoding="utf-8"))
    assert set(raw) == {"map", "work_track", "technology_track"}
    assert {space.get("provenance") for board in raw.values() for space in board["spaces"]} == {"reconstructed"}


def test_the_positions_are_not_part_of_the_packs_identity(tmp_path: Path) -> None:
    """No rule reads a position: moving a space on the picture keeps every save of the pack loadable."""
    folder = pack(tmp_path)
    change(folder, lambda raw: raw["map"]["spaces"][0].update(x=1))
    moved = nr.load_catalog(folder)
    assert moved.geometry is not None and moved.geometry.map.spaces[0].x == 1
    assert moved.identity == nr.default_catalog().identity


def test_a_pack_without_a_geometry_file_has_no_positions(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / f"{GEOMETRY_FILE}.json").unlink()
    assert nr.load_catalog(folder).geometry is None


# -- broken geometry files --------------------------------------------------------------------------------


def pack(folder: Path) -> Path:
    for name in (*DATA_FILES, GEOMETRY_FILE):
        shutil.copy(DATA / f"{name}.json", folder / f"{name}.json")
    return folder


def change(folder: Path, edit: Callable[[Any], None]) -> None:
    path = folder / f"{GEOMETRY_FILE}.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    edit(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")


def drop(board: str, space: str) -> Callable[[Any], None]:
    def edit(raw: Any) -> None:
        raw[board]["spaces"] = [s for s in raw[board]["spaces"] if s["id"] != space]

    return edit


def move(board: str, space: str, **where: object) -> Callable[[Any], None]:
    def edit(raw: Any) -> None:
        next(s for s in raw[board]["spaces"] if s["id"] == space).update(where)

    return edit


def add(board: str, space: dict[str, Any]) -> Callable[[Any], None]:
    return lambda raw: raw[board]["spaces"].append(space)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (drop("map", "venezia"), "geometry.json: map: space 'venezia' has no position"),
        (drop("technology_track", "b6"), "geometry.json: technology_track: space 'b6' has no position"),
        (
            add("work_track", {"id": "w99", "x": 1, "y": 1}),
            "geometry.json: work_track: position of 'w99', which is no space of the work_track",
        ),
        (
            add("map", {"id": "basel", "x": 1, "y": 1}),
            "geometry.json: map: duplicate id 'basel'",
        ),
        (
            move("map", "roma", x=1001),
            "geometry.json: map: space 'roma' at (1001, 638) is outside the box 0..1000 x 0..800",
        ),
        (
            move("work_track", "w3", y=-1),
            "geometry.json: work_track: space 'w3' at (250, -1) is outside the box 0..990 x 0..100",
        ),
        (
            lambda raw: raw["map"].update(width=0),
            "geometry.json: map: the box must be at least 1 x 1, got 0 x 800",
        ),
    ],
)
def test_a_broken_geometry_file_is_refused_naming_the_board_and_the_space(
    tmp_path: Path, edit: Callable[[Any], None], message: str
) -> None:
    folder = pack(tmp_path)
    change(folder, edit)
    with pytest.raises(nr.DataError) as caught:
        nr.load_catalog(folder)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (move("map", "basel", x="400"), "geometry.json: map.spaces[0] (id 'basel').x: expected an integer"),
        (lambda raw: raw.pop("work_track"), "geometry.json: work_track: required field missing"),
        (move("map", "basel", z=3), "geometry.json: map.spaces[0] (id 'basel'): unknown field(s) z"),
    ],
)
def test_a_malformed_geometry_file_is_refused_naming_the_field(
    tmp_path: Path, edit: Callable[[Any], None], message: str
) -> None:
    folder = pack(tmp_path)
    change(folder, edit)
    with pytest.raises(nr.DataError) as caught:
        nr.load_catalog(folder)
    assert message in str(caught.value)
