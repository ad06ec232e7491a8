"""The components the rule scenarios of ``tests/rules`` read, stated here.

The reference data designs what the rule documents do not give (the Action cards' volumes and Special
Effects, the Starting cards' volumes, the bookshelves, the Bonus token values) and is recalibrated from
time to time (docs/data.md, "Balance").
A rule test must not change with it: the scenarios are played with the card faces below, so that a test
that says "L1-01 shows 2 Coins -> 3 VP" reads a card that does. Each card keeps its id, level and Basic
Action symbol from the reference deck; its volumes and Special Effect are the ones stated here. The four
Study boards of the scenarios (``scenario_study_boards.json``, in the data pack's format) have four
different bookshelves, so that the scenarios can name a book space by board; the tracks of the scenarios
(``scenario_tracks.json``) have the tile spaces and the Technology track's Objective requirements the
scenarios name, and keep a Technology path b of six spaces to the Master space (``b1``-``b6``; the
reference track reaches its Master space from ``b3``), as the scenarios walk it.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.codec import converter
from newton_rules.components.loading import default_catalog
from newton_rules.components.records import StudyBoard, Track
from newton_rules.effects.primitives import (
    Amount,
    ChooseVolume,
    Colour,
    CopyDeskEffect,
    DiscardForReward,
    DoubleBonusTokens,
    Effect,
    EnrollStudent,
    Exchange,
    ExtraBookTile,
    ExtraCube,
    Gain,
    IgnoreBookRequirement,
    MoveToVillage,
    VPPerVolume,
    VPPerVolumeTriple,
)
from newton_rules.model.config import Options
from newton_rules.testing import Position

# card id -> (volumes, Special Effect)
SCENARIO_CARDS: dict[str, tuple[tuple[Colour, ...], Effect]] = {
    "L1-01": (("blue",), Exchange(pay=Amount(coins=2), gain=Amount(vp=3))),
    "L1-02": (("green",), VPPerVolume(colour="blue")),
    "L1-03": (("orange",), DiscardForReward(gain=Amount(coins=2, vp=4))),
    "L1-04": (("green",), DoubleBonusTokens()),
    "L1-05": (("orange",), ChooseVolume()),
    "L1-06": (("blue",), Exchange(pay=Amount(potions=1), gain=Amount(coins=4))),
    "L1-07": (("orange",), MoveToVillage(cost=2)),
    "L1-08": (("blue", "green"), ExtraCube(cost=2)),
    "L1-09": (("blue",), VPPerVolume(colour="green")),
    "L1-10": (("green",), ChooseVolume()),
    "L1-11": (("orange",), Exchange(pay=Amount(coins=2), gain=Amount(potions=1))),
    "L1-12": (("blue", "green"), VPPerVolume(colour="orange")),
    "L1-13": (("green",), ExtraBookTile(cost=3)),
    "L1-14": (("blue", "orange"), IgnoreBookRequirement(cost=4)),
    "L1-15": (("orange",), CopyDeskEffect()),
    "L2-01": (("green", "green"), VPPerVolumeTriple(vp=4)),
    "L2-02": (("orange",), Exchange(pay=Amount(coins=3), gain=Amount(vp=5))),
    "L2-03": (("blue", "orange"), CopyDeskEffect()),
    "L2-04": (("blue",), DoubleBonusTokens()),
    "L2-05": (("blue", "green"), VPPerVolume(colour="orange")),
    "L2-06": (("orange",), DiscardForReward(gain=Amount(coins=2, vp=4))),
    "L2-07": (("green",), ExtraCube(cost=2)),
    "L2-08": (("blue", "blue"), MoveToVillage(cost=2)),
    "L2-09": (("orange",), ChooseVolume()),
    "L2-10": (("blue",), Exchange(pay=Amount(potions=1), gain=Amount(coins=2, vp=3))),
    "L2-11": (("orange", "orange"), VPPerVolume(colour="green")),
    "L2-12": (("green",), DiscardForReward(gain=Amount(coins=2, vp=4))),
    "L2-13": (("blue",), ExtraBookTile(cost=3)),
    "L2-14": (("green", "orange"), IgnoreBookRequirement(cost=4)),
    "L2-15": (("green",), VPPerVolume(colour="blue")),
    "L3-01": (("green", "orange"), Exchange(pay=Amount(coins=4), gain=Amount(vp=7))),
    "L3-02": (("blue", "blue"), VPPerVolumeTriple(vp=4)),
    "L3-03": (("green", "orange"), ChooseVolume()),
    "L3-04": (("orange",), DoubleBonusTokens()),
    "L3-05": (("blue", "green"), CopyDeskEffect()),
    "L3-06": (("green",), Exchange(pay=Amount(potions=2), gain=Amount(vp=8))),
    "L3-07": (("orange", "orange"), ExtraCube(cost=2)),
    "L3-08": (("green",), MoveToVillage(cost=2)),
    "L3-09": (("blue", "green"), VPPerVolumeTriple(vp=4)),
    "L3-10": (("blue", "orange"), CopyDeskEffect()),
    "L3-11": (("green", "green"), VPPerVolume(colour="blue")),
    "L3-12": (("orange",), DiscardForReward(gain=Amount(coins=2, vp=4))),
    "L3-13": (("blue", "orange"), ExtraBookTile(cost=3)),
    "L3-14": (("blue",), IgnoreBookRequirement(cost=4)),
    "L3-15": (("blue",), VPPerVolume(colour="orange")),
}

# Bonus token -> what it gives in the scenarios: 2, 2, 3, 3, 4 Coins; 2, 2, 3, 3, 4 VP; 1, 1, 1, 1, 2 Potions;
# three Students
SCENARIO_TOKENS: dict[str, Effect] = {
    **{f"K0{i}": Gain(coins=c) for i, c in zip(range(1, 6), (2, 2, 3, 3, 4), strict=True)},
    **{f"K{i:02}": Gain(vp=v) for i, v in zip(range(6, 11), (2, 2, 3, 3, 4), strict=True)},
    **{f"K{i}": Gain(potions=n) for i, n in zip(range(11, 16), (1, 1, 1, 1, 2), strict=True)},
    **{f"K{i}": EnrollStudent() for i in range(16, 19)},
}

# Starting card template -> the volumes every colour's card shows in the scenarios
SCENARIO_STARTING_VOLUMES: dict[str, tuple[Colour, ...]] = {
    "work": ("green",),
    "technology": ("blue",),
    "travel": ("orange",),
    "lessons": ("green",),
    "study": ("blue",),
    "joker": (),
}


@functools.cache
def scenario_catalog() -> Catalog:
    """The reference catalog with the card faces above."""
    catalog = default_catalog()
    cards = tuple(
        attrs.evolve(c, volumes=SCENARIO_CARDS[c.id][0], special=SCENARIO_CARDS[c.id][1]) for c in catalog.action_cards
    )
    starting = tuple(
        attrs.evolve(t, volumes=SCENARIO_STARTING_VOLUMES[t.id], colour_volumes=()) for t in catalog.starting_cards
    )
    raw = json.loads((Path(__file__).parent / "scenario_study_boards.json").read_text(encoding="utf-8"))
    boards = converter.structure(raw["boards"], tuple[StudyBoard, ...])
    tracks = json.loads((Path(__file__).parent / "scenario_tracks.json").read_text(encoding="utf-8"))
    tokens = tuple(attrs.evolve(t, effect=SCENARIO_TOKENS[t.id]) for t in catalog.bonus_tokens)
    return attrs.evolve(
        catalog,
        action_cards=cards,
        bonus_tokens=tokens,
        starting_cards=starting,
        study_boards=boards,
        work_track=converter.structure(tracks["work"], Track),
        technology_track=converter.structure(tracks["technology"], Track),
    )


def scenario(players: int = 2, seed: int = 0, options: Options | None = None, **kwargs: Any) -> Position:
    """A :class:`Position` played with the scenario cards."""
    return Position(
        players=players, seed=seed, options=options, catalog=kwargs.pop("catalog", scenario_catalog()), **kwargs
    )
