"""Derived facts about a position: action values, volumes, requirements, occupancy, counters.

Pure functions of the state and the catalog. Nothing here is stored, so nothing can drift.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import TILE_SPACE_KINDS, ActionCard, Requirement
from newton_rules.effects.primitives import (
    COLOURS,
    Amount,
    Basic,
    Colour,
    Counter,
    Effect,
    Gain,
    PerCount,
    PermanentVolumes,
)
from newton_rules.model.state import GameState, PlayerState

UNIVERSITY_VISIT_POTIONS = 3

E = TypeVar("E", bound=Effect)


def modifier(modifiers: tuple[Effect, ...], kind: type[E]) -> E | None:
    """The modifier of ``kind`` among an action's ``modifiers`` (see :mod:`newton_rules.model.frames`)."""
    for effect in modifiers:
        if isinstance(effect, kind):
            return effect
    return None


def card(catalog: Catalog, card_id: str) -> ActionCard:
    return catalog.cards_by_id[card_id]


def symbol_count(catalog: Catalog, p: PlayerState, action: Basic) -> int:
    """Symbols of ``action`` visible on the desk, under it and in the drawers (F4); Jokers never count.

    A card's every symbol counts (X2, X4), except under the desk a special action card's: it lies upside
    down, showing its special action instead (X5)."""
    cards = catalog.cards_by_id
    count = 0
    for card_id in p.desk:
        count += cards[card_id].symbols.count(action)
    for card_id in p.tucked:
        card = cards[card_id]
        if card.special_action is None:
            count += card.symbols.count(action)
    count += p.drawers.count(action)
    return count


def volumes(catalog: Catalog, p: PlayerState) -> tuple[dict[Colour, int], int]:
    """(volumes by colour, wild volumes) available now: desk cards, E2 choices, played Masters (R1)."""
    return _with_master_volumes(catalog, p, (*_card_volumes(catalog, p.desk), *p.round_volumes))


def _card_volumes(catalog: Catalog, cards: Iterable[str]) -> list[Colour]:
    return [colour for card_id in cards for colour in catalog.cards_by_id[card_id].volumes]


def _with_master_volumes(catalog: Catalog, p: PlayerState, colours: Iterable[Colour]) -> tuple[dict[Colour, int], int]:
    """(``colours`` counted by colour plus the permanent volumes of the played Masters and of the face-up
    Great Discovery tiles (G2), wild volumes)."""
    counts: dict[Colour, int] = dict.fromkeys(COLOURS, 0)
    for colour in colours:
        counts[colour] += 1
    wild = 0
    passives = [catalog.masters_by_id[master_id].passive for master_id in p.masters_played]
    if p.discoveries:
        passives += [catalog.discoveries_by_id[tile].passive for tile in p.discoveries]
    for passive in passives:
        for effect in passive:
            if isinstance(effect, PermanentVolumes):
                if effect.colour is None:
                    wild += effect.count
                else:
                    counts[effect.colour] += effect.count
    return counts, wild


def missing_volumes(
    catalog: Catalog, p: PlayerState, req: Requirement, have: tuple[dict[Colour, int], int] | None = None
) -> int:
    """Volumes of ``req`` that ``p`` lacks, after wild volumes (each one Potion, R3).

    ``have``: ``volumes(catalog, p)`` when the caller checks many requirements against one player."""
    if not req.volumes:
        return 0
    counts, wild = volumes(catalog, p) if have is None else have
    missing = sum(max(0, n - counts[colour]) for colour, n in req.volumes)
    return max(0, missing - wild)


def map_tile_space(state: GameState, tile_id: str) -> str | None:
    for space, tile in state.board.map_tiles:
        if tile == tile_id:
            return space
    return None


def map_tile(state: GameState, space: str) -> str | None:
    for s, tile in state.board.map_tiles:
        if s == space:
            return tile
    return None


def track_tile(state: GameState, space: str) -> str | None:
    for s, tile in state.board.track_tiles:
        if s == space:
            return tile
    return None


def cubes_left(catalog: Catalog, p: PlayerState) -> int:
    return catalog.constants.cubes_per_player - len(p.cubes)


def occupies(catalog: Catalog, p: PlayerState, space: str) -> bool:
    """A cube of ``p`` is on ``space``, or ``p`` has no cubes left and the Scientist is there (V7)."""
    return space in p.cubes or (cubes_left(catalog, p) == 0 and p.scientist == space)


def potions_needed(
    catalog: Catalog,
    state: GameState,
    p: PlayerState,
    req: Requirement,
    have: tuple[dict[Colour, int], int] | None = None,
) -> int:
    """Potions ``p`` must spend to meet ``req`` now (0 if met): 1 per missing volume, 3 per place (R3).

    ``have``: as for :func:`missing_volumes`."""
    need = missing_volumes(catalog, p, req, have)
    for tile in (req.university, req.ancient_land):
        if tile is not None:
            space = map_tile_space(state, tile)
            if space is None or not occupies(catalog, p, space):
                need += UNIVERSITY_VISIT_POTIONS
    return need


def free_villages(state: GameState, catalog: Catalog, p: PlayerState) -> list[str]:
    """Villages without a Bonus token, other than where the Scientist stands (E6)."""
    tokens = {space for space, _ in state.board.bonus}
    return [s.id for s in catalog.map.spaces if s.kind == "village" and s.id not in tokens and s.id != p.scientist]


def spaces_of_kind(catalog: Catalog, kind: str) -> tuple[str, ...]:
    return catalog.map_spaces_by_kind.get(kind, ())


def visited(catalog: Catalog, p: PlayerState, kind: str) -> int:
    return sum(1 for space in spaces_of_kind(catalog, kind) if occupies(catalog, p, space))


def book_tiles_left(catalog: Catalog, p: PlayerState) -> int:
    c = catalog.constants
    return c.book_tiles - len(p.books) - p.books_removed


def completed_lines(catalog: Catalog, p: PlayerState) -> tuple[str, ...]:
    """Ids of the bookshelf lines of ``p`` whose book spaces are all covered (B3, B4)."""
    covered = catalog.printed_books[p.board].union(p.books)
    return tuple(line.id for line in catalog.boards_by_id[p.board].lines if covered.issuperset(line.spaces))


def available_cards(p: PlayerState) -> tuple[str, ...]:
    """Cards in hand and on the desk (not tucked), as Objective tiles O9/O10 count them."""
    return (*p.hand, *p.desk)


def different_volume_sets(catalog: Catalog, p: PlayerState) -> int:
    """Sets of 3 different volumes on available cards and played Masters; no Potions (O9)."""
    counts, wild = _with_master_volumes(catalog, p, _card_volumes(catalog, available_cards(p)))
    return _best_min(counts, wild)


def _best_min(counts: dict[Colour, int], wild: int) -> int:
    values = sorted(counts.values())
    for _ in range(wild):
        values[0] += 1
        values.sort()
    return values[0]


def identical_triples(catalog: Catalog, p: PlayerState) -> int:
    """Sets of 3 identical volumes available now; wild volumes join the colour that gains most (E9)."""
    counts, wild = volumes(catalog, p)
    best = sum(n // 3 for n in counts.values())
    if wild:
        for colour in COLOURS:
            trial = dict(counts)
            trial[colour] += wild
            best = max(best, sum(n // 3 for n in trial.values()))
    return best


def colour_volumes(catalog: Catalog, p: PlayerState, colour: Colour) -> int:
    """Volumes of ``colour`` available now, a wild volume counting as that colour (E3)."""
    counts, wild = volumes(catalog, p)
    return counts[colour] + wild


def path_end(catalog: Catalog, space: str) -> bool:
    return not catalog.technology_spaces[space].next


def objective_spaces(catalog: Catalog, state: GameState) -> tuple[tuple[str, str, str], ...]:
    """(where, space, tile) of each Objective tile in play: where is "map", "work" or "technology".

    The tiles are laid at setup and never move, so every state of a game shares its ``track_tiles``
    tuple: the answer is remembered per catalog under that tuple (bots ask it of thousands of positions).
    """
    board = state.board
    layouts = catalog.objective_layouts
    key = (board.map_objective, id(board.track_tiles))
    found = layouts.get(key)
    if found is not None and found[0] is board.track_tiles:
        return found[1]
    out = [("map", space, board.map_objective) for space in spaces_of_kind(catalog, "objective")]
    tiles = dict(board.track_tiles)
    for where, space in catalog.objective_track_spaces:
        tile = tiles.get(space)
        if tile is not None:
            out.append((where, space, tile))
    if len(layouts) >= 256:  # one layout per game set up: keep the cache small over long batches
        layouts.clear()
    layouts[key] = (board.track_tiles, tuple(out))
    return tuple(out)


def occupies_objective(catalog: Catalog, p: PlayerState, where: str, space: str) -> bool:
    if where == "map":
        return occupies(catalog, p, space)
    if where == "work":
        return p.work == space
    return space in p.students


def count(catalog: Catalog, state: GameState, p: PlayerState, counter: Counter) -> int:
    """The number an Objective tile or a per-item effect counts for ``p``."""
    c = catalog.constants
    match counter:
        case "coins":
            return p.coins
        case "potions":
            return p.potions
        case "bonus_tokens":
            return len(p.bonus_tokens)
        case "universities_visited":
            return visited(catalog, p, "university")
        case "ancient_lands_visited":
            return visited(catalog, p, "ancient_land")
        case "students_at_path_ends":
            return sum(1 for s in p.students if s is not None and path_end(catalog, s))
        case "masters_played":
            return len(p.masters_played)
        case "book_tiles_placed":
            return len(p.books)
        case "different_volume_sets":
            return different_volume_sets(catalog, p)
        case "non_starting_cards":
            return sum(1 for cid in available_cards(p) if cid not in catalog.starting_card_ids)
        case "completed_book_lines":
            return len(completed_lines(catalog, p))
        case "students_in_supply":
            return sum(1 for s in p.students if s is None)
        case "masters_unplayed":
            return len(p.masters)
        case "cubes_unplaced":
            return cubes_left(catalog, p)
        case "book_tiles_unplaced":
            return book_tiles_left(catalog, p)
        case "objectives_unoccupied":
            spaces = objective_spaces(catalog, state)
            return sum(1 for where, space, _ in spaces if not occupies_objective(catalog, p, where, space))
        case "universities_unvisited":
            return len(spaces_of_kind(catalog, "university")) - visited(catalog, p, "university")
        case "empty_income_spaces":
            return c.income_spaces - sum(1 for slot in p.income if slot is not None)
        case "work_special_spaces_unreached":
            return _work_specials_ahead(catalog, p)
        case "great_discoveries":
            return len(p.discoveries) + len(p.discoveries_used)
    raise AssertionError(counter)


def discovery_gain(catalog: Catalog, state: GameState, p: PlayerState, tile_id: str) -> Amount:
    """What activating the Great Discovery ``tile_id`` gives ``p`` now: the VP of its symbol (G3)."""
    total = Amount()
    for effect in catalog.discoveries_by_id[tile_id].discovery:
        if isinstance(effect, Gain):
            gain = effect.amount
        else:
            assert isinstance(effect, PerCount), "validation allows gain and per_count only"
            gain = effect.gain.scaled(count(catalog, state, p, effect.counter))
        total = Amount(coins=total.coins + gain.coins, vp=total.vp + gain.vp, potions=total.potions + gain.potions)
    return total


def _work_specials_ahead(catalog: Catalog, p: PlayerState) -> int:
    ahead = 0
    space = catalog.work_spaces[p.work]
    while space.next:
        space = catalog.work_spaces[space.next[0]]
        if space.kind in TILE_SPACE_KINDS:
            ahead += 1
    return ahead


def medicine_cities(catalog: Catalog, state: GameState, p: PlayerState) -> int:
    """Medicine Cities visited by ``p`` (C6): 2 turn the Medicine tile to its 3 VP side."""
    tiles = catalog.tiles_by_id
    visits = (space for space, tile in state.board.map_tiles if tile in tiles and tiles[tile].medicine)
    return sum(1 for space in visits if occupies(catalog, p, space))


def medicine_vp(catalog: Catalog, state: GameState, p: PlayerState) -> int:
    """What ``p``'s Medicine tile gives each End Round: its higher side after 2 Medicine Cities (C6) or a
    special action that turned it (X8), else its lower side."""
    low, high = catalog.constants.medicine_vp
    return high if p.medicine_turned or medicine_cities(catalog, state, p) >= 2 else low


def drawer_is_printed(catalog: Catalog, p: PlayerState, drawer: int) -> bool:
    return catalog.boards_by_id[p.board].printed_drawer == drawer


def free_indices(slots: Iterable[str | None]) -> tuple[int, ...]:
    return tuple(i for i, slot in enumerate(slots) if slot is None)
