"""galileo_rules.components.geometry: where the web table draws the telescope ring and the tracks
(galileo_rules/data/table.json) fits the data pack, says where each item comes from, reaches a client
through the catalog, and a geometry that cannot draw the pack is refused, naming what is wrong."""

from __future__ import annotations

import json
from importlib import resources

import attrs
import pytest

from galileo_rules.components.catalog import default_catalog
from galileo_rules.components.geometry import default_geometry, geometry_problems, parse_geometry
from galileo_rules.errors import DataError
from galileo_rules.model.sky import SKY
from galileo_rules.model.state import PlayerState
from galileo_rules.protocol import catalog_data

CATALOG = default_catalog()
SCALE_PLACES = len(PlayerState(astronomer="galileo").university)


def test_the_shipped_geometry_places_every_telescope_space_and_fits_every_track_of_the_pack() -> None:
    geometry = default_geometry()
    assert geometry_problems(geometry, CATALOG, len(SKY), SCALE_PLACES) == []
    assert geometry.reputation.columns == len(CATALOG.reputation.labels) == 11
    assert (geometry.university.columns, geometry.university.rows) == (4, 5)  # four Scales, stairs and 4 rows
    assert len({(placed.x, placed.y) for placed in geometry.ring.spaces}) == len(SKY)  # no two spaces drawn on one


def test_every_item_of_the_geometry_says_where_it_comes_from() -> None:
    raw = json.loads(resources.files("galileo_rules").joinpath("data/table.json").read_text(encoding="utf-8"))
    items = [raw["ring"], *raw["ring"]["spaces"], raw["reputation"], raw["university"], raw["cellar"]]
    assert all(item["provenance"] in {"rulebook", "reconstructed"} for item in items)


def test_the_catalog_gives_a_client_the_geometry() -> None:
    data = catalog_data(CATALOG)
    assert data["geometry"]["ring"]["spaces"][0] == {"space": 0, "x": 100, "y": 264, "provenance": "reconstructed"}
    assert data["geometry"]["reputation"]["columns"] == 11


def test_a_geometry_that_cannot_draw_the_pack_is_refused_naming_what_is_wrong() -> None:
    geometry = default_geometry()
    short = attrs.evolve(geometry, reputation=attrs.evolve(geometry.reputation, columns=10))
    assert geometry_problems(short, CATALOG, len(SKY), SCALE_PLACES) == [
        "reputation: 10 by 1 spaces, the pack's track has 11 by 1"
    ]
    ring = attrs.evolve(geometry.ring, spaces=geometry.ring.spaces[:-1])
    assert geometry_problems(attrs.evolve(geometry, ring=ring), CATALOG, len(SKY), SCALE_PLACES) == [
        "ring.spaces: must place the telescope spaces 0 to 6 in order"
    ]
    outside = attrs.evolve(geometry.ring.spaces[3], x=geometry.ring.width + 1)
    spaces = (*geometry.ring.spaces[:3], outside, *geometry.ring.spaces[4:])
    problems = geometry_problems(attrs.evolve(geometry, ring=attrs.evolve(geometry.ring, spaces=spaces)), CATALOG, 7, 4)
    assert problems == [f"ring.spaces[3]: ({geometry.ring.width + 1}, {outside.y}) is outside the drawing"]


def test_a_geometry_file_with_a_field_of_the_wrong_kind_is_refused_naming_the_file() -> None:
    raw = json.loads(resources.files("galileo_rules").joinpath("data/table.json").read_text(encoding="utf-8"))
    raw["ring"]["spaces"][0]["provenance"] = "guessed"
    with pytest.raises(DataError, match=r"^table\.json: .*provenance"):
        parse_geometry(raw, "table.json")
