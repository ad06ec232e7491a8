"""What every check of a data pack shares: the data files' names, the problems of a count, of a duplicate
id, of a requirement's references and of an Objective tile's values, and the walks of a board's graph."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from newton_rules.components.records import ObjectiveTile, Requirement

CARDS: Final = "cards.json"
MASTERS: Final = "masters.json"
TILES: Final = "tiles.json"
MAP: Final = "map.json"
TRACKS: Final = "tracks.json"
BOARDS: Final = "study_boards.json"
CONSTANTS: Final = "constants.json"
DISCOVERIES: Final = "great_discoveries.json"
EXTRA_OBJECTIVES: Final = "extra_objectives.json"
PACK: Final = "pack.json"
GEOMETRY: Final = "geometry.json"
ADVANCED_LESSONS: Final = "advanced_lessons.json"


def duplicates(where: str, ids: Iterable[str]) -> list[str]:
    """``where: duplicate id 'x'`` for every id that occurs more than once."""
    counts = Counter(ids)
    return [f"{where}: duplicate id {i!r}" for i, n in counts.items() if n > 1]


def expect_count(where: str, expected: int, found: int, declared: str | None = None) -> list[str]:
    """A problem when ``found`` differs from ``expected``; ``declared`` names the pack.json count it comes from."""
    if expected == found:
        return []
    source = f" (declared in {PACK} counts.{declared})" if declared is not None else ""
    return [f"{where}: expected {expected}{source}, found {found}"]


def requirement_refs(
    where: str, req: Requirement | None, universities: Sequence[str], ancient_lands: Sequence[str]
) -> list[str]:
    """Unknown University / Ancient Land ids named by a requirement."""
    if req is None:
        return []
    problems = []
    if req.university is not None and req.university not in universities:
        problems.append(f"{where}: requirement names unknown university {req.university!r}")
    if req.ancient_land is not None and req.ancient_land not in ancient_lands:
        problems.append(f"{where}: requirement names unknown ancient land {req.ancient_land!r}")
    return problems


def volume_total(req: Requirement | None) -> int:
    return 0 if req is None else sum(n for _, n in req.volumes)


def objective_volumes(where: str, req: Requirement | None, expected: int, declared: str) -> list[str]:
    """An Objective space asks exactly the declared number of volumes."""
    found = volume_total(req)
    if found == expected:
        return []
    return [
        f"{where}: an Objective space requires {expected} volumes (declared in {PACK} counts.{declared}), found {found}"
    ]


def reachable(start: str, edges: Mapping[str, Iterable[str]]) -> set[str]:
    """Every node reachable from ``start`` along ``edges`` (``start`` included)."""
    seen = {start}
    todo = [start]
    while todo:
        node = todo.pop()
        for nxt in edges.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def find_cycle(edges: Mapping[str, Sequence[str]]) -> list[str] | None:
    """A cycle of the directed graph ``edges`` as a list of nodes, or None."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in edges.get(node, ()):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt in edges and nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in edges:
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def objective_values(filename: str, tiles: Iterable[ObjectiveTile]) -> list[str]:
    """Objective tiles whose ``per`` or ``vp`` is not positive."""
    return [f"{filename}: objectives: {o.id}: 'per' and 'vp' must be positive" for o in tiles if o.per < 1 or o.vp < 1]
