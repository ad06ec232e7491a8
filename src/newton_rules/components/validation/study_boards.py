"""The Study boards: shelves, the pre-filled book space, requirements, and lines of adjacent book spaces."""

from __future__ import annotations

from collections.abc import Sequence

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import BookSpace, StudyBoard
from newton_rules.components.validation.common import BOARDS, PACK, duplicates, expect_count, requirement_refs


def check_study_board_ids(catalog: Catalog) -> list[str]:
    boards = catalog.study_boards
    declared = catalog.counts.study_boards.boards
    return [
        *expect_count(f"{BOARDS}: boards", declared, len(boards), "study_boards.boards"),
        *duplicates(f"{BOARDS}: boards", (b.id for b in boards)),
    ]


def check_study_board(
    board: StudyBoard,
    universities: Sequence[str],
    ancient_lands: Sequence[str],
    *,
    tiles: int,
    drawers: int,
    shelves: int,
) -> list[str]:
    """One board: ids, shelves (``shelves`` of them, shelf 1 at the bottom row), requirements, lines."""
    where = f"{BOARDS}: board {board.id}"
    spaces = board.book_spaces
    problems = [
        *duplicates(f"{where}: book_spaces", (s.id for s in spaces)),
        *duplicates(f"{where}: lines", (line.id for line in board.lines)),
        *duplicates(f"{where}: book_spaces positions", (f"row {s.row} col {s.col}" for s in spaces)),
    ]
    found = sorted({s.shelf for s in spaces})
    expected = list(range(1, shelves + 1))
    if found != expected:
        problems.append(
            f"{where}: expected shelves {expected} (declared in {PACK} counts.study_boards.shelves), found {found}"
        )
    for space in spaces:
        if space.shelf != shelves - space.row:
            problems.append(
                f"{where}: book space {space.id}: row {space.row} is shelf {shelves - space.row}, not {space.shelf}"
            )
        problems += requirement_refs(f"{where}: book space {space.id}", space.requirement, universities, ancient_lands)
    problems += check_prefilled(where, spaces)
    if len(spaces) <= tiles + 1:
        problems.append(
            f"{where}: {len(spaces)} book spaces; {tiles} tiles and the pre-filled space "
            "must not be able to fill them all"
        )
    if not 0 <= board.printed_drawer < drawers:
        problems.append(f"{where}: printed_drawer must be 0..{drawers - 1}, found {board.printed_drawer}")
    problems += check_lines(board)
    return problems


def check_prefilled(where: str, spaces: Sequence[BookSpace]) -> list[str]:
    prefilled = [s for s in spaces if s.prefilled]
    if len(prefilled) != 1:
        return [f"{where}: expected exactly 1 pre-filled book space, found {len(prefilled)}"]
    space = prefilled[0]
    bottom = max((s.row for s in spaces), default=0)
    problems = []
    if space.row != bottom or space.col != min(s.col for s in spaces if s.row == bottom) or space.shelf != 1:
        problems.append(f"{where}: book space {space.id}: the pre-filled space is the bottom-left one")
    if not space.requirement.is_empty():
        problems.append(f"{where}: book space {space.id}: the pre-filled space has no requirement")
    return problems


def runs(cells: set[tuple[int, int]]) -> set[tuple[tuple[int, int], ...]]:
    """Every maximal horizontal and vertical run of 2 or more adjacent cells, as sorted cell tuples."""
    found: set[tuple[tuple[int, int], ...]] = set()
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in cells:
            if (r - dr, c - dc) in cells:
                continue  # not the first cell of its run
            run = [(r, c)]
            while (run[-1][0] + dr, run[-1][1] + dc) in cells:
                run.append((run[-1][0] + dr, run[-1][1] + dc))
            if len(run) >= 2:
                found.add(tuple(run))
    return found


def check_lines(board: StudyBoard) -> list[str]:
    """Lines name known spaces, are maximal runs of adjacent spaces, and every such run is a line."""
    where = f"{BOARDS}: board {board.id}"
    by_id = {s.id: (s.row, s.col) for s in board.book_spaces}
    expected = runs(set(by_id.values()))
    problems = []
    named: set[tuple[tuple[int, int], ...]] = set()
    for line in board.lines:
        unknown = [i for i in line.spaces if i not in by_id]
        if unknown:
            problems += [f"{where}: line {line.id}: unknown book space {i!r}" for i in unknown]
            continue
        cells = tuple(sorted(by_id[i] for i in line.spaces))
        if line.vp < 1:
            problems.append(f"{where}: line {line.id}: vp must be positive, found {line.vp}")
        if cells not in expected:
            problems.append(f"{where}: line {line.id}: not a full row or column of adjacent book spaces")
        named.add(cells)
    position = {cell: i for i, cell in by_id.items()}
    for run in sorted(expected - named):
        names = ", ".join(position[c] for c in run)
        problems.append(f"{where}: the adjacent book spaces {names} have no line")
    return problems
