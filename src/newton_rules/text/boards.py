"""The spaces of the boards in words: Map spaces and routes, track spaces, book spaces.

``Innsbruck: a Village; a Bonus token with any number of players``, ``Paris - London: costs 1 coin, by
land and sea``, ``a4: Technology track, Objective space; asks 3 blue volumes and 1 orange volume``.
"""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import (
    BookLine,
    BookSpace,
    MapSpace,
    PlayerMark,
    Requirement,
    Route,
    StudyBoard,
    TrackSpace,
)
from newton_rules.text.components import basic_name, plural, requirement_text

_MAP_KINDS = {
    "start": "the starting space of the Scientists",
    "city": "a City",
    "university": "a University",
    "ancient_land": "an Ancient Land",
    "village": "a Village",
    "master": "the Master space",
    "objective": "the Objective space",
}

_TRACK_KINDS = {
    "start": "starting space",
    "plain": "space",
    "specialization": "Specialization tile space",
    "invention": "Invention tile space",
    "master": "Master space",
    "objective": "Objective space",
    "end": "last space",
}

_BONUS = {
    "all": "a Bonus token with any number of players",
    "2+": "a Bonus token with 2 or more players",
    "3+": "a Bonus token with 3 or more players",
    "4": "a Bonus token with 4 players",
}

_TERRAIN = {"land": "by land", "sea": "by sea", "mixed": "by land and sea"}


def bonus_mark_text(mark: PlayerMark) -> str:
    """Which games lay a Bonus token on a space: ``a Bonus token with 3 or more players``."""
    return _BONUS[mark]


def _asks(requirement: Requirement | None) -> list[str]:
    return [] if requirement is None or requirement.is_empty() else [f"asks {requirement_text(requirement)}"]


def map_space_text(space: MapSpace) -> str:
    """``Berlin: the Objective space; asks 3 orange volumes and 1 green volume``."""
    parts = [_MAP_KINDS[space.kind]]
    if space.bonus is not None:
        parts.append(bonus_mark_text(space.bonus))
    return f"{space.name}: " + "; ".join(parts + _asks(space.requirement))


def route_text(catalog: Catalog, route: Route) -> str:
    """``Paris - London: costs 1 coin, by land and sea`` (``free`` for a route without cost)."""
    names = f"{catalog.map_spaces[route.a].name} - {catalog.map_spaces[route.b].name}"
    cost = f"costs {plural(route.cost, 'coin')}" if route.cost else "free"
    return f"{names}: {cost}, {_TERRAIN[route.terrain]}"


def track_space_text(track: str, space: TrackSpace) -> str:
    """``w8: Work track, Master space``; ``t1: Technology track, space; a Bonus token with any number of players``."""
    parts = [f"{track.capitalize()} track, {_TRACK_KINDS[space.kind]}"]
    if space.bonus is not None:
        parts.append(bonus_mark_text(space.bonus))
    return f"{space.id}: " + "; ".join(parts + _asks(space.requirement))


def book_space_text(space: BookSpace) -> str:
    """``r1c2: shelf 1; asks 1 blue volume``; ``printed as covered`` for a prefilled space."""
    parts = [f"shelf {space.shelf}"]
    if space.prefilled:
        parts.append("printed as covered")
    return f"{space.id}: " + "; ".join(parts + _asks(space.requirement))


def book_line_text(line: BookLine) -> str:
    """``row0-3 (r0c3, r0c4, r0c5): 3 VP when every space of it is covered``."""
    return f"{line.id} ({', '.join(line.spaces)}): {line.vp} VP when every space of it is covered"


def study_board_text(board: StudyBoard) -> str:
    """``Study board A: 17 book spaces, 1 printed as covered; a Lessons symbol printed in drawer 4``."""
    printed = sum(1 for space in board.book_spaces if space.prefilled)
    covered = f", {printed} printed as covered" if printed else ""
    symbol = f"a {basic_name(board.printed_symbol)} symbol printed in drawer {board.printed_drawer}"
    return f"Study board {board.id}: {plural(len(board.book_spaces), 'book space')}{covered}; {symbol}"
