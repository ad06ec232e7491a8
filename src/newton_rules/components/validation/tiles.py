"""The tiles and tokens of ``tiles.json``, and the spaces of the Map and the tracks that setup lays them on."""

from __future__ import annotations

from typing import Final, get_args

from newton_rules.components.catalog import Catalog
from newton_rules.components.validation.common import MAP, TILES, TRACKS, duplicates, expect_count, objective_values
from newton_rules.effects.primitives import IncomeKind

INCOME_KINDS: Final[tuple[str, ...]] = get_args(IncomeKind)  # one Income tile per kind take_income names


def check_tiles(catalog: Catalog) -> list[str]:
    c = catalog
    counts = catalog.counts.tiles
    tile_ids = [t.id for t in (*c.inventions, *c.specializations, *c.cities, *c.income_tiles)]
    problems = [
        *expect_count(f"{TILES}: inventions", counts.inventions, len(c.inventions), "tiles.inventions"),
        *expect_count(
            f"{TILES}: specializations", counts.specializations, len(c.specializations), "tiles.specializations"
        ),
        *expect_count(f"{TILES}: cities", counts.cities, len(c.cities), "tiles.cities"),
        *expect_count(f"{TILES}: objectives", counts.objectives, len(c.objectives), "tiles.objectives"),
        *expect_count(f"{TILES}: bonus_tokens", counts.bonus_tokens, len(c.bonus_tokens), "tiles.bonus_tokens"),
        *duplicates(f"{TILES}: inventions/specializations/cities/income_tiles", tile_ids),
        *duplicates(f"{TILES}: objectives", (o.id for o in c.objectives)),
        *duplicates(f"{TILES}: bonus_tokens", (k.id for k in c.bonus_tokens)),
        *duplicates(f"{TILES}: universities", c.universities),
        *duplicates(f"{TILES}: ancient_lands", c.ancient_lands),
    ]
    for group, tiles in (("inventions", c.inventions), ("specializations", c.specializations)):
        problems += [f"{TILES}: {group}: {t.id}: no effect" for t in tiles if not t.effects]
    problems += [f"{TILES}: cities: {t.id}: no effect" for t in c.cities if not t.effects]
    problems += objective_values(TILES, c.objectives)
    piles = sorted(p.pile for p in c.pile_bonuses)
    expected_piles = list(range(1, c.constants.book_piles + 1))
    if piles != expected_piles:
        problems.append(f"{TILES}: pile_bonuses: expected piles {expected_piles}, found {piles}")
    income = sorted(t.id for t in c.income_tiles)
    if income != sorted(INCOME_KINDS):
        problems.append(f"{TILES}: income_tiles: expected ids {sorted(INCOME_KINDS)}, found {income}")
    return problems


def check_board_counts(catalog: Catalog) -> list[str]:
    """Counts spread over several boards: tile spaces, Objective spaces, Bonus spaces."""
    c = catalog.constants
    track_spaces = [*catalog.work_track.spaces, *catalog.technology_track.spaces]
    map_spaces = catalog.map.spaces
    specializations = sum(s.kind == "specialization" for s in track_spaces)
    inventions = sum(s.kind == "invention" for s in track_spaces)
    objectives = sum(s.kind == "objective" for s in track_spaces) + sum(s.kind == "objective" for s in map_spaces)
    bonus = sum(s.bonus is not None for s in track_spaces) + sum(s.bonus is not None for s in map_spaces)
    cities = sum(s.kind == "city" for s in map_spaces)
    both = f"{MAP}/{TRACKS}"
    return [
        *expect_count(f"{TRACKS}: specialization spaces", c.specialization_tiles_used, specializations),
        *expect_count(f"{TRACKS}: invention spaces", c.invention_tiles_used, inventions),
        *expect_count(f"{both}: objective spaces", c.objective_tiles_used, objectives),
        *expect_count(f"{both}: bonus spaces (one per bonus token)", len(catalog.bonus_tokens), bonus),
        *expect_count(f"{TILES}: cities (one per city space)", cities, len(catalog.cities)),
    ]
