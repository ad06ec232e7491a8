"""Where a change of coins, VP or Potions comes from: a typed source (kind + id), never free text.

``str(source)`` is the short label a ledger shows ("objective O3", "master brahe", "flip"); tools that
group VP by origin read ``kind`` (see :data:`SOURCE_KINDS`), never the label.
"""

from __future__ import annotations

from typing import Literal

import attrs

SourceKind = Literal[
    "quick_action",  # id: flip, potion, enroll, boost (Q1-Q4)
    "card",  # an Action card's Special Effect, played or copied (id: the card)
    "master",  # a Master card's effect when played (id: the Master)
    "master_vp",  # a played Master's printed VP at the end of the game (id: the Master)
    "objective",  # an Objective tile scored at the end of the game (id: the tile)
    "tile",  # a City, Invention or Specialization tile (id: the tile)
    "bonus_token",  # a Bonus token (id: the token)
    "pile",  # the bonus of the last tile of a Bookshelf pile (id: the pile number)
    "cube",  # the VP of the n-th Travel cube placed (id: n)
    "bookshelf_line",  # income of a completed bookshelf row or column (id: the line)
    "income_tile",  # an Income tile at End Round (id: its kind)
    "medicine_tile",  # the Medicine tile at End Round
    "work",  # the coins of a Work action
    "route",  # the coins a Travel route costs
    "extra_cube",  # the coins of a cube placed while passing through (E11)
    "move_to_village",  # the coins of moving the Scientist to a Village (E6)
    "place_cube",  # the coins of placing a cube on a space of your choice (City tile, Winkelmann)
    "requirement",  # Potions spent for missing volumes or places (id: "book" or "objective")
    "master_space",  # the Master space of a track or the Map
    "special_action",  # an Advanced Lessons special action: its cost and what it gives (id: the tucked card)
    "great_discovery",  # a Great Discovery tile: its cost, its income, the VP of its activation (id: the tile)
]
SOURCE_KINDS: tuple[SourceKind, ...] = SourceKind.__args__  # type: ignore[attr-defined]

# How each kind reads as a label; {id} is the source's id.
_LABELS: dict[str, str] = {
    "master_vp": "master {id}",
    "objective": "objective {id}",
    "pile": "pile {id}",
    "cube": "cube {id}",
    "bookshelf_line": "bookshelf line {id}",
    "income_tile": "income tile {id}",
    "medicine_tile": "medicine tile",
    "work": "work",
    "route": "route",
    "extra_cube": "extra cube",
    "move_to_village": "move to village",
    "place_cube": "place cube",
    "requirement": "{id} requirement",
    "master_space": "master space",
    "special_action": "special action {id}",
}


@attrs.frozen
class Source:
    """What caused a change: ``kind`` (one of :data:`SOURCE_KINDS`) and the component ``id``, if any."""

    kind: SourceKind
    id: str = ""

    def __str__(self) -> str:
        return _LABELS.get(self.kind, "{id}").format(id=self.id)


# Sources without an id, made once (events and rewards are immutable, so they can be shared).
WORK = Source("work")
ROUTE = Source("route")
EXTRA_CUBE = Source("extra_cube")
MOVE_TO_VILLAGE = Source("move_to_village")
PLACE_CUBE = Source("place_cube")
MEDICINE_TILE = Source("medicine_tile")
MASTER_SPACE = Source("master_space")
BOOK_REQUIREMENT = Source("requirement", "book")
OBJECTIVE_REQUIREMENT = Source("requirement", "objective")
