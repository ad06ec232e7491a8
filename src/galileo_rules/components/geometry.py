"""Where a front end draws Galileo's boards: the telescope ring's spaces and the tracks' grids, in drawing
units, read from ``galileo_rules/data/table.json``.

This is presentation only: no rule reads it, so it is not part of the data pack's identity (a corrected
drawing changes no game and no save). Every item says where it comes from (``provenance``, as every data
item of the project): the rulebook printed these boards only as pictures, so the positions are
reconstructed. ``geometry_problems`` checks it against a data pack: each track has as many spaces as the
pack's track (the Reputation labels, the Scale tiles' rows and the stairs, the longest cellar).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import attrs
import cattrs

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import Provenance
from galileo_rules.errors import DataError
from rules_core.codec import error_text, make_converter

__all__ = ["GridGeometry", "PlacedSpace", "RingGeometry", "TableGeometry", "default_geometry", "geometry_problems"]

GEOMETRY_FILE = "data/table.json"


@attrs.frozen
class PlacedSpace:
    """The centre of a telescope space of the starry sky (its number, 0 the lower crossed-out one)."""

    space: int
    x: int
    y: int
    provenance: Provenance


@attrs.frozen
class RingGeometry:
    """The starry sky as a ring of ``radius``-wide spaces on a ``width`` by ``height`` drawing."""

    width: int
    height: int
    radius: int
    spaces: tuple[PlacedSpace, ...]
    provenance: Provenance


@attrs.frozen
class GridGeometry:
    """A track drawn as ``columns`` by ``rows`` square spaces ``size`` across, ``gap`` apart, ``margin``
    around them."""

    columns: int
    rows: int
    size: int
    gap: int
    margin: int
    provenance: Provenance


@attrs.frozen
class TableGeometry:
    notes: str
    ring: RingGeometry
    reputation: GridGeometry  # the Tribunal's Reputation track, lowest Reputation leftmost
    university: GridGeometry  # a column per Scale tile, the stairs at the bottom
    cellar: GridGeometry  # a player's cellar, leftmost space first (room for Bruno's 5-space tile)


_CONVERTER = make_converter()


def parse_geometry(raw: Any, source: str) -> TableGeometry:
    """The geometry of parsed JSON; DataError naming ``source`` and the field when it cannot be read."""
    try:
        found: TableGeometry = _CONVERTER.structure(raw, TableGeometry)
    except (cattrs.BaseValidationError, ValueError, TypeError) as exc:
        raise DataError(f"{source}: {error_text(exc)}") from None
    return found


@cache
def default_geometry() -> TableGeometry:
    """The geometry shipped with the package."""
    text = resources.files("galileo_rules").joinpath(GEOMETRY_FILE).read_text(encoding="utf-8")
    return parse_geometry(json.loads(text), f"galileo_rules/{GEOMETRY_FILE}")


def geometry_problems(geometry: TableGeometry, catalog: Catalog, sky_spaces: int, scale_places: int) -> list[str]:
    """What keeps ``geometry`` from drawing ``catalog``'s boards, one line each (empty: it fits): the ring
    must place each of the ``sky_spaces`` telescope spaces once, in order, inside its drawing, and each
    track must have the pack's number of spaces (the university a column for each of its ``scale_places``
    Scale tiles, a row for each printed row and the stairs)."""
    ring = geometry.ring
    problems = []
    if [placed.space for placed in ring.spaces] != list(range(sky_spaces)):
        problems.append(f"ring.spaces: must place the telescope spaces 0 to {sky_spaces - 1} in order")
    for placed in ring.spaces:
        inside = (
            ring.radius <= placed.x <= ring.width - ring.radius and ring.radius <= placed.y <= ring.height - ring.radius
        )
        if not inside:
            problems.append(f"ring.spaces[{placed.space}]: ({placed.x}, {placed.y}) is outside the drawing")
    scale_rows = max(len(side) for scale in catalog.scales for side in scale.sides) + 1  # + the stairs
    cellar = max(len(catalog.cellar.interrogation), len(catalog.bruno_cellar.interrogation))
    expected = {
        "reputation": (len(catalog.reputation.labels), 1),
        "university": (scale_places, scale_rows),
        "cellar": (cellar, 1),
    }
    for name, (columns, rows) in expected.items():
        grid: GridGeometry = getattr(geometry, name)
        if (grid.columns, grid.rows) != (columns, rows):
            problems.append(f"{name}: {grid.columns} by {grid.rows} spaces, the pack's track has {columns} by {rows}")
        if min(grid.size, grid.columns, grid.rows) <= 0 or min(grid.gap, grid.margin) < 0:
            problems.append(f"{name}: sizes must be positive and gaps not negative")
    return problems
