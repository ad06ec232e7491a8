"""The Work and Technology tracks: one start, no cycle, every space reachable; a linear Work track, and
Technology paths that end on Objective and Master spaces."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from newton_rules.components.records import TILE_SPACE_KINDS, Track, TrackCounts
from newton_rules.components.validation.common import (
    TRACKS,
    duplicates,
    expect_count,
    find_cycle,
    objective_volumes,
    reachable,
    requirement_refs,
)


def check_track(
    counts: TrackCounts, track: Track, name: str, universities: Sequence[str], ancient_lands: Sequence[str]
) -> list[str]:
    """Ids, references, start, acyclicity and reachability of one track."""
    where = f"{TRACKS}: {name}"
    ids = {s.id for s in track.spaces}
    problems = [*duplicates(f"{where}: spaces", (s.id for s in track.spaces))]
    edges: dict[str, list[str]] = {}
    for space in track.spaces:
        unknown = [n for n in space.next if n not in ids]
        problems += [f"{where}: space {space.id}: next names unknown space {n!r}" for n in unknown]
        edges[space.id] = [n for n in space.next if n in ids]
        here = f"{where}: space {space.id}"
        if space.kind == "objective":
            problems += objective_volumes(here, space.requirement, counts.objective_volumes, "tracks.objective_volumes")
        problems += requirement_refs(here, space.requirement, universities, ancient_lands)
    starts = [s.id for s in track.spaces if s.kind == "start"]
    if track.start not in ids:
        problems.append(f"{where}: start: unknown space {track.start!r}")
        return problems
    if starts != [track.start]:
        problems.append(f"{where}: start: expected exactly one start space {track.start!r}, found {starts}")
    cycle = find_cycle(edges)
    if cycle:
        problems.append(f"{where}: cycle {' -> '.join(cycle)}")
    cut_off = sorted(ids - reachable(track.start, edges))
    if cut_off:
        problems.append(f"{where}: spaces not reachable from {track.start!r}: {', '.join(cut_off)}")
    return problems


def check_work_track(counts: TrackCounts, track: Track) -> list[str]:
    where = f"{TRACKS}: work"
    problems = [
        f"{where}: space {s.id}: the Work track is linear, found {len(s.next)} next spaces"
        for s in track.spaces
        if len(s.next) > 1
    ]
    problems += [f"{where}: space {s.id}: bonus spaces are on the Technology track" for s in track.spaces if s.bonus]
    ends = [s for s in track.spaces if not s.next]
    if len(ends) != 1 or ends[0].kind != "objective":
        problems.append(f"{where}: expected one last space, of kind objective")
    specials = sum(s.kind in TILE_SPACE_KINDS for s in track.spaces)
    masters = sum(s.kind == "master" for s in track.spaces)
    problems += expect_count(
        f"{where}: special spaces", counts.work_special_spaces, specials, "tracks.work_special_spaces"
    )
    problems += expect_count(f"{where}: master spaces", counts.work_master_spaces, masters, "tracks.work_master_spaces")
    return problems


def check_technology_track(counts: TrackCounts, track: Track) -> list[str]:
    where = f"{TRACKS}: technology"
    ends = [s for s in track.spaces if not s.next]
    end_kinds: Counter[str] = Counter(s.kind for s in ends)
    problems = [
        *expect_count(f"{where}: path ends", counts.technology_path_ends, len(ends), "tracks.technology_path_ends"),
        *expect_count(
            f"{where}: path ends of kind objective",
            counts.technology_objective_ends,
            end_kinds["objective"],
            "tracks.technology_objective_ends",
        ),
        *expect_count(
            f"{where}: path ends of kind master",
            counts.technology_master_ends,
            end_kinds["master"],
            "tracks.technology_master_ends",
        ),
    ]
    problems += [
        f"{where}: space {s.id}: a {s.kind} space must end a path"
        for s in track.spaces
        if s.next and s.kind in ("objective", "master")
    ]
    return problems
