"""The Map: its spaces by kind as the pack declares, the start, the Objective space's requirement, and
routes that join every space to the start."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from newton_rules.components.records import MapBoard, MapCounts
from newton_rules.components.validation.common import (
    MAP,
    TILES,
    duplicates,
    expect_count,
    objective_volumes,
    reachable,
    requirement_refs,
)


def check_map(
    counts: MapCounts, board: MapBoard, universities: Sequence[str], ancient_lands: Sequence[str]
) -> list[str]:
    ids = {s.id for s in board.spaces}
    kinds: Counter[str] = Counter(s.kind for s in board.spaces)
    problems = [*duplicates(f"{MAP}: spaces", (s.id for s in board.spaces))]
    for kind, expected in attrs.asdict(counts.spaces).items():
        problems += expect_count(f"{MAP}: spaces of kind {kind}", expected, kinds[kind], f"map.spaces.{kind}")
    problems += expect_count(
        f"{TILES}: universities (one per university space)", kinds["university"], len(universities)
    )
    problems += expect_count(
        f"{TILES}: ancient_lands (one per ancient land space)", kinds["ancient_land"], len(ancient_lands)
    )
    start = next((s for s in board.spaces if s.id == board.start), None)
    if start is None:
        problems.append(f"{MAP}: start: unknown space {board.start!r}")
    elif start.kind != "start":
        problems.append(f"{MAP}: start: space {board.start!r} is a {start.kind}, not the start space")
    for space in board.spaces:
        where = f"{MAP}: space {space.id}"
        if space.bonus is not None and space.kind != "village":
            problems.append(f"{where}: bonus spaces are villages, this is a {space.kind}")
        if space.kind == "objective":
            problems += objective_volumes(where, space.requirement, counts.objective_volumes, "map.objective_volumes")
        if space.kind != "objective" and space.requirement is not None:
            problems.append(f"{where}: only the Objective space has a requirement")
        problems += requirement_refs(where, space.requirement, universities, ancient_lands)
    problems += check_routes(board, ids)
    return problems


def check_routes(board: MapBoard, ids: set[str]) -> list[str]:
    problems = []
    edges: dict[str, list[str]] = {i: [] for i in ids}
    seen: set[frozenset[str]] = set()
    for n, route in enumerate(board.routes):
        where = f"{MAP}: route {n} ({route.a}-{route.b})"
        bad = [end for end in (route.a, route.b) if end not in ids]
        problems += [f"{where}: unknown space {end!r}" for end in bad]
        if route.a == route.b:
            problems.append(f"{where}: a route joins two different spaces")
        if route.cost < 0:
            problems.append(f"{where}: negative cost {route.cost}")
        pair = frozenset((route.a, route.b))
        if pair in seen:
            problems.append(f"{where}: duplicate route")
        seen.add(pair)
        if not bad:
            edges[route.a].append(route.b)
            edges[route.b].append(route.a)
    if board.start in ids:
        cut_off = sorted(ids - reachable(board.start, edges))
        if cut_off:
            problems.append(f"{MAP}: spaces not connected to {board.start!r}: {', '.join(cut_off)}")
    return problems
