"""The game numbers of ``constants.json``: the solo title table and the VP of the Travel cubes."""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.components.validation.common import CONSTANTS


def check_constants(catalog: Catalog) -> list[str]:
    c = catalog.constants
    problems = []
    bounds = [low for low, _ in c.solo_ranks]
    if not bounds or bounds[0] != 0 or bounds != sorted(set(bounds)):
        problems.append(f"{CONSTANTS}: solo_ranks: lower bounds must start at 0 and increase, found {bounds}")
    cube_counts = [n for n, _ in c.cube_vp]
    if any(n > c.cubes_per_player for n in cube_counts):
        problems.append(f"{CONSTANTS}: cube_vp: names a cube beyond cubes_per_player {c.cubes_per_player}")
    return problems
