"""The game numbers of ``constants.json``: none negative, the counts a game is made of at least 1, the
solo title table and the VP of the Travel cubes."""

from __future__ import annotations

from typing import Final

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import Constants
from newton_rules.components.validation.common import CONSTANTS

# A game with none of these cannot be played: no round, no turn, no piece, no shelf, no Master dealt.
AT_LEAST_ONE: Final = (
    "rounds",
    "turns_per_round",
    "students_per_player",
    "cubes_per_player",
    "book_piles",
    "tiles_per_pile",
    "drawers",
    "masters_per_player",
    "line_size",
    "solo_line_size",
)


def check_numbers(constants: Constants) -> list[str]:
    """Every number of the file is 0 or more (a count, a cost, a number of coins), the counts a game is
    made of 1 or more."""
    problems = []
    for field in attrs.fields(Constants):
        value = getattr(constants, field.name)
        if not isinstance(value, int) or isinstance(value, bool):
            continue
        least = 1 if field.name in AT_LEAST_ONE else 0
        if value < least:
            problems.append(f"{CONSTANTS}: {field.name}: must be at least {least}, found {value}")
    return problems


def check_constants(catalog: Catalog) -> list[str]:
    c = catalog.constants
    problems = check_numbers(c)
    bounds = [low for low, _ in c.solo_ranks]
    if not bounds or bounds[0] != 0 or bounds != sorted(set(bounds)):
        problems.append(f"{CONSTANTS}: solo_ranks: lower bounds must start at 0 and increase, found {bounds}")
    cube_counts = [n for n, _ in c.cube_vp]
    if any(n > c.cubes_per_player for n in cube_counts):
        problems.append(f"{CONSTANTS}: cube_vp: names a cube beyond cubes_per_player {c.cubes_per_player}")
    return problems
