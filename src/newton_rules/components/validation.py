"""Semantic checks of a loaded catalog: cross references, the rules' shapes, and the pack's declared counts.

Every check is a small pure function returning problem strings of the form ``"<file>: <item>: <what>"``.
How many of each component a pack holds is data, declared by the pack itself (``pack.json`` counts,
:class:`~newton_rules.components.records.ComponentCounts`), so a variant or expansion pack needs no code
edit. What stays here is what the rules themselves fix: one Starting Action card per symbol, three card
levels, one Income tile per income kind, a linear Work track, lines of adjacent book spaces, ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, get_args

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import (
    TILE_SPACE_KINDS,
    ActionCard,
    AdvancedLessonsCounts,
    BoardGeometry,
    BookSpace,
    CardCounts,
    MapBoard,
    MapCounts,
    ObjectiveTile,
    Requirement,
    StudyBoard,
    Symbol,
    Track,
    TrackCounts,
)
from newton_rules.effects.primitives import EFFECT_TAGS, Gain, IncomeKind, PerCount, PermanentVolumes

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

STARTING_SYMBOLS: Final[tuple[str, ...]] = get_args(Symbol)  # one Starting Action card of each
MOST_PLAYERS: Final = 4  # a game has 1 to 4 players (GameConfig)
ACTION_CARD_LEVELS: Final = (1, 2, 3)  # the three decks the setup lays out
INCOME_KINDS: Final[tuple[str, ...]] = get_args(IncomeKind)  # one Income tile per kind take_income names
# Special effects that only make sense with one Basic Action (they modify that action).
SPECIAL_FOR_ACTION: Final = {
    "extra_book_tile": "study",
    "ignore_book_requirement": "study",
    "double_bonus_tokens": "technology",
    "move_to_village": "travel",
    "extra_cube": "travel",
}


def validate_catalog(catalog: Catalog) -> list[str]:
    """Every problem found, as 'file: item: what is wrong' strings (empty when the pack is valid)."""
    return [
        *check_constants(catalog),
        *check_cards(catalog.counts.cards, catalog.player_colours, catalog.starting_cards, catalog.action_cards),
        *check_advanced_lessons(catalog),
        *check_masters(catalog),
        *check_tiles(catalog),
        *check_map(catalog.counts.map, catalog.map, catalog.universities, catalog.ancient_lands),
        *check_track(catalog.counts.tracks, catalog.work_track, "work", catalog.universities, catalog.ancient_lands),
        *check_track(
            catalog.counts.tracks, catalog.technology_track, "technology", catalog.universities, catalog.ancient_lands
        ),
        *check_work_track(catalog.counts.tracks, catalog.work_track),
        *check_technology_track(catalog.counts.tracks, catalog.technology_track),
        *check_board_counts(catalog),
        *(
            problem
            for board in catalog.study_boards
            for problem in check_study_board(
                board,
                catalog.universities,
                catalog.ancient_lands,
                tiles=catalog.constants.book_tiles,
                drawers=catalog.constants.drawers,
                shelves=catalog.counts.study_boards.shelves,
            )
        ),
        *check_study_board_ids(catalog),
        *check_geometry(catalog),
        *check_great_discoveries(catalog),
        *check_extra_objectives(catalog),
    ]


# ------------------------------------------------------------------------------------------ helpers


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


# ------------------------------------------------------------------------------------------ constants


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


# ------------------------------------------------------------------------------------------ cards


def check_cards(
    counts: CardCounts, colours: Sequence[str], starting: Sequence[ActionCard], action: Sequence[ActionCard]
) -> list[str]:
    problems = [
        *expect_count(f"{CARDS}: player_colours", counts.player_colours, len(colours), "cards.player_colours"),
        *duplicates(f"{CARDS}: player_colours", colours),
        *duplicates(f"{CARDS}: starting_cards", (c.id for c in starting)),
        *duplicates(f"{CARDS}: action_cards", (c.id for c in action)),
        *expect_count(f"{CARDS}: starting_cards", len(STARTING_SYMBOLS), len(starting)),
    ]
    symbols = sorted(s for c in starting for s in c.symbols)
    if symbols != sorted(STARTING_SYMBOLS):
        problems.append(f"{CARDS}: starting_cards: expected one card of each of {list(STARTING_SYMBOLS)}")
    for card in starting:
        where = f"{CARDS}: starting_cards: {card.id}"
        if card.level != 0:
            problems.append(f"{where}: level must be 0, found {card.level}")
        if card.special is not None:
            problems.append(f"{where}: a Starting Action card has no special effect")
        problems += [
            f"{where}: colour_volumes: unknown player colour {colour!r}"
            for colour, _ in card.colour_volumes
            if colour not in colours
        ]
    problems += check_cards_per_level(counts, action)
    for card in action:
        problems += check_action_card(card)
        if card.colour_volumes:
            problems.append(f"{CARDS}: action_cards: {card.id}: colour_volumes is for Starting card templates")
    return problems


def check_cards_per_level(
    counts: CardCounts | AdvancedLessonsCounts,
    action: Sequence[ActionCard],
    filename: str = CARDS,
    group: str = "cards",
) -> list[str]:
    """The declared count of every level (one count per level, in level order) against the deck."""
    declared = counts.action_cards_per_level
    if len(declared) != len(ACTION_CARD_LEVELS):
        levels = ", ".join(map(str, ACTION_CARD_LEVELS))
        return [
            f"{PACK}: counts.{group}.action_cards_per_level: expected one count per level {levels}, found {declared}"
        ]
    per_level = Counter(c.level for c in action)
    return [
        problem
        for level, expected in zip(ACTION_CARD_LEVELS, declared, strict=True)
        for problem in expect_count(
            f"{filename}: action_cards of level {level}",
            expected,
            per_level[level],
            f"{group}.action_cards_per_level",
        )
    ]


def check_advanced_lessons(catalog: Catalog) -> list[str]:
    """X1-X5: the module's cards by level, ids apart from the base deck's, and their two kinds: a
    multiple-symbol card (two Basic Action symbols and a Special Effect) or a special action card (one
    symbol, no Special Effect: its upper half is the special action)."""
    cards = catalog.advanced_lessons
    base_ids = {c.id for c in catalog.action_cards}
    problems = [
        *duplicates(f"{ADVANCED_LESSONS}: action_cards", (c.id for c in cards)),
        *(f"{ADVANCED_LESSONS}: action_cards: {c.id}: id already used in {CARDS}" for c in cards if c.id in base_ids),
        *check_cards_per_level(catalog.counts.advanced_lessons, cards, ADVANCED_LESSONS, "advanced_lessons"),
    ]
    for card in cards:
        where = f"{ADVANCED_LESSONS}: action_cards: {card.id}"
        problems += check_action_card(card, ADVANCED_LESSONS)
        if "joker" in card.symbols:
            problems.append(f"{where}: the module has no Joker")
        if card.special_action is not None:
            if len(card.symbols) != 1:
                problems.append(
                    f"{where}: a special action card shows 1 Basic Action symbol, found {len(card.symbols)}"
                )
            if card.special is not None:
                problems.append(f"{where}: a special action card has no special effect (its upper half is the action)")
            special_action = card.special_action
            if not special_action.effects:
                problems.append(f"{where}: special_action: no effect")
            if special_action.at_least < 1:
                problems.append(f"{where}: special_action: at_least must be 1 or more, found {special_action.at_least}")
            cost = special_action.cost
            if min(cost.coins, cost.vp, cost.potions) < 0:
                problems.append(f"{where}: special_action: a cost cannot be negative")
        elif len(card.symbols) != 2:
            problems.append(f"{where}: a multiple-symbol card shows 2 Basic Action symbols, found {len(card.symbols)}")
    return problems


def check_action_card(card: ActionCard, filename: str = CARDS) -> list[str]:
    where = f"{filename}: action_cards: {card.id}"
    problems = []
    if card.level not in ACTION_CARD_LEVELS:
        problems.append(f"{where}: level must be one of {list(ACTION_CARD_LEVELS)}, found {card.level}")
    if not card.symbols:
        problems.append(f"{where}: no action symbol")
    if card.special_action is not None and filename == CARDS:
        problems.append(f"{where}: only Advanced Lessons cards ({ADVANCED_LESSONS}) have a special action")
    if card.special is None:
        if card.special_action is None:
            problems.append(f"{where}: every non-starting Action card has a special effect")
    else:
        tag = EFFECT_TAGS[type(card.special)]
        needed = SPECIAL_FOR_ACTION.get(tag)
        if needed is not None and needed not in card.symbols:
            problems.append(f"{where}: special effect {tag!r} only works on a {needed} card")
    return problems


# ------------------------------------------------------------------------------------------ masters, tiles


def check_masters(catalog: Catalog) -> list[str]:
    masters = catalog.masters
    problems = [
        *expect_count(f"{MASTERS}: masters", catalog.counts.masters.masters, len(masters), "masters.masters"),
        *duplicates(f"{MASTERS}: masters", (m.id for m in masters)),
    ]
    for m in masters:
        if not m.immediate and not m.passive:
            problems.append(f"{MASTERS}: masters: {m.id}: no effect (use no_effect for a Master without one)")
        if m.vp < 0:
            problems.append(f"{MASTERS}: masters: {m.id}: negative vp {m.vp}")
    return problems


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
    problems += [
        f"{TILES}: objectives: {o.id}: 'per' and 'vp' must be positive" for o in c.objectives if o.per < 1 or o.vp < 1
    ]
    piles = sorted(p.pile for p in c.pile_bonuses)
    expected_piles = list(range(1, c.constants.book_piles + 1))
    if piles != expected_piles:
        problems.append(f"{TILES}: pile_bonuses: expected piles {expected_piles}, found {piles}")
    income = sorted(t.id for t in c.income_tiles)
    if income != sorted(INCOME_KINDS):
        problems.append(f"{TILES}: income_tiles: expected ids {sorted(INCOME_KINDS)}, found {income}")
    return problems


# ------------------------------------------------------------------------------------------ map


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


# ------------------------------------------------------------------------------------------ tracks


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


# ------------------------------------------------------------------------------------------ study boards


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


# ------------------------------------------------------------------------------------------ geometry


def check_geometry(catalog: Catalog) -> list[str]:
    """Every Map and track space has one drawing position inside its board's box, and no other space has one."""
    geometry = catalog.geometry
    if geometry is None:
        return []
    return [
        *check_board_geometry("map", geometry.map, [s.id for s in catalog.map.spaces]),
        *check_board_geometry("work_track", geometry.work_track, [s.id for s in catalog.work_track.spaces]),
        *check_board_geometry(
            "technology_track", geometry.technology_track, [s.id for s in catalog.technology_track.spaces]
        ),
    ]


def check_board_geometry(board: str, geometry: BoardGeometry, space_ids: Sequence[str]) -> list[str]:
    where = f"{GEOMETRY}: {board}"
    if geometry.width < 1 or geometry.height < 1:
        return [f"{where}: the box must be at least 1 x 1, got {geometry.width} x {geometry.height}"]
    placed = [p.id for p in geometry.spaces]
    problems = duplicates(where, placed)
    problems += [f"{where}: space {s!r} has no position" for s in space_ids if s not in placed]
    problems += [f"{where}: position of {p!r}, which is no space of the {board}" for p in placed if p not in space_ids]
    problems += [
        f"{where}: space {p.id!r} at ({p.x}, {p.y}) is outside the box 0..{geometry.width} x 0..{geometry.height}"
        for p in geometry.spaces
        if not (0 <= p.x <= geometry.width and 0 <= p.y <= geometry.height)
    ]
    return problems
# ------------------------------------------------------------------------------------ the modules


def check_great_discoveries(catalog: Catalog) -> list[str]:
    """The Great Discoveries module (G1-G4): its declared counts, one face-up count per player count (no
    more than the tiles), ids that do not collide with the base tiles', and effects the module can act on:
    volumes while face up, and VP (``gain`` or ``per_count`` without an action) when activated."""
    module = catalog.great_discoveries
    counts = catalog.counts.great_discoveries
    tiles = module.great_discoveries
    problems = [
        *expect_count(
            f"{DISCOVERIES}: great_discoveries",
            counts.great_discoveries,
            len(tiles),
            "great_discoveries.great_discoveries",
        ),
        *expect_count(f"{DISCOVERIES}: cities", counts.cities, len(module.cities), "great_discoveries.cities"),
        *expect_count(
            f"{DISCOVERIES}: inventions", counts.inventions, len(module.inventions), "great_discoveries.inventions"
        ),
        *expect_count(
            f"{DISCOVERIES}: objectives", counts.objectives, len(module.objectives), "great_discoveries.objectives"
        ),
        *duplicates(f"{DISCOVERIES}: great_discoveries", (d.id for d in tiles)),
        *duplicates(
            f"{DISCOVERIES}: cities/inventions (with {TILES})",
            (
                t.id
                for t in (
                    *catalog.inventions,
                    *catalog.specializations,
                    *catalog.cities,
                    *catalog.income_tiles,
                    *module.cities,
                    *module.inventions,
                )
            ),
        ),
        *duplicates(
            f"{DISCOVERIES}: objectives (with {TILES} and {EXTRA_OBJECTIVES})",
            (o.id for o in (*catalog.objectives, *module.objectives, *catalog.extra_objectives)),
        ),
        *_objective_values(DISCOVERIES, module.objectives),
    ]
    players = MOST_PLAYERS
    if len(module.face_up_by_players) != players:
        problems.append(f"{DISCOVERIES}: face_up_by_players: expected {players} numbers (1 to {players} players)")
    problems += [
        f"{DISCOVERIES}: face_up_by_players: {n} tiles face up, but the module has {len(tiles)}"
        for n in module.face_up_by_players
        if not 0 <= n <= len(tiles)
    ]
    for d in tiles:
        where = f"{DISCOVERIES}: great_discoveries: {d.id}"
        if min(d.cost.coins, d.cost.potions, d.cost.vp, d.income.coins, d.income.potions, d.income.vp) < 0:
            problems.append(f"{where}: cost and income must not be negative")
        problems += [
            f"{where}: passive: only permanent_volumes, got {EFFECT_TAGS[type(e)]!r}"
            for e in d.passive
            if not isinstance(e, PermanentVolumes)
        ]
        if not d.discovery:
            problems.append(f"{where}: discovery: no effect")
        problems += [
            f"{where}: discovery: only gain or per_count without an action, got {EFFECT_TAGS[type(e)]!r}"
            for e in d.discovery
            if not (isinstance(e, Gain) or (isinstance(e, PerCount) and e.action is None))
        ]
    problems += [f"{DISCOVERIES}: {t.id}: no effect" for t in (*module.cities, *module.inventions) if not t.effects]
    return problems


def check_extra_objectives(catalog: Catalog) -> list[str]:
    """The additional Objective tiles (A1): the declared count, ids of their own, positive values."""
    tiles = catalog.extra_objectives
    return [
        *expect_count(
            f"{EXTRA_OBJECTIVES}: objectives",
            catalog.counts.extra_objectives.objectives,
            len(tiles),
            "extra_objectives.objectives",
        ),
        *duplicates(f"{EXTRA_OBJECTIVES}: objectives", (o.id for o in tiles)),
        *_objective_values(EXTRA_OBJECTIVES, tiles),
    ]


def _objective_values(filename: str, tiles: Iterable[ObjectiveTile]) -> list[str]:
    return [f"{filename}: objectives: {o.id}: 'per' and 'vp' must be positive" for o in tiles if o.per < 1 or o.vp < 1]
