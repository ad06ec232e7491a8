"""What a client needs to judge a position for one player, as one typed record: :class:`Facts`.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> facts = game.facts(0)
    >>> facts.action_values.work, facts.cubes_left, facts.income.vp
    (0, 12, 0)

Every number is computed by the rules' own queries (:mod:`newton_rules.rules.queries`, the End Round's
Medicine count, final scoring's Objective VP), so a client never re-implements a rule to read a
position, and a change of the rules reaches it.

Hidden information: a Facts names no hidden card or Master, only how many there are (cards and Masters
in hand). The only numbers that depend on hidden cards are those counting the player's hand:
``non_starting_cards`` and the VP of an Objective tile that counts cards in hand (O9, O10). They are
``None`` when the facts are taken for another ``viewer`` (``game.facts(player, viewer=seat)``), who
cannot see that hand. Without a viewer the facts are the game's own, as complete as ``game.state``.
"""

from __future__ import annotations

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import ObjectiveTile
from newton_rules.effects.primitives import BASICS, Basic, Counter, Gain
from newton_rules.errors import NewtonError
from newton_rules.model.state import BoardState, GameState, PlayerState
from newton_rules.model.tx import Context
from newton_rules.rules import queries as q
from newton_rules.rules.end_round import medicine_cities
from newton_rules.rules.scoring import objective_vp

# The Objective counters that read the cards in a player's hand (through queries.available_cards).
# tests/test_facts.py checks that changing a hand changes exactly these counters.
HAND_COUNTERS: frozenset[Counter] = frozenset({"different_volume_sets", "non_starting_cards"})


@attrs.frozen(kw_only=True)
class ActionValues:
    """The value each Basic Action would have now (F4): the symbols of that action on the cards on the desk
    (the card played this turn included once it is there), on the cards tucked under the desk, and in
    the drawers (Development tiles and the board's printed symbol). Jokers count for nothing here; a
    Joker played adds 1 (F8), a boost 1 (Q2), and a card still in hand adds its own symbols when played.
    """

    work: int
    technology: int
    travel: int
    lessons: int
    study: int

    def of(self, action: Basic) -> int:
        """The value of ``action``."""
        value: int = getattr(self, action)
        return value


@attrs.frozen(kw_only=True)
class Volumes:
    """Volumes available now (R1): on the desk's cards, chosen with E2 this round, and the played Masters'
    permanent volumes; ``wild`` ones count as any colour (no Potions are counted)."""

    blue: int
    green: int
    orange: int
    wild: int


@attrs.frozen(kw_only=True)
class Income:
    """What the next End Round would pay (F11): completed bookshelf lines, Income tiles, the Medicine tile."""

    vp: int
    coins: int
    potions: int


@attrs.frozen(kw_only=True)
class ObjectiveFacts:
    """One Objective tile in play and what it would give the player if the game ended now (O1-O10)."""

    tile: str
    where: str  # the board holding it: "map", "work" (the Work track) or "technology"
    space: str
    occupied: bool  # the player occupies its space (cube, Scientist out of cubes, Work marker, Student)
    vp: int | None  # VP it scores for the player now if occupied; None: it counts a hand the viewer cannot see


@attrs.frozen(kw_only=True)
class Facts:
    """A position judged for one player. Read it with ``game.facts(player)``; see the module doc for
    hidden information. Counts only what is on the boards now: nothing is projected."""

    player: int
    vp: int
    coins: int
    potions: int
    action_values: ActionValues
    volumes: Volumes
    income: Income  # paid by each End Round still to come, the last one included (F11, F14)
    completed_lines: tuple[str, ...]  # bookshelf lines (rows, columns) fully covered (B3, B4)
    medicine_cities: int  # Medicine Cities visited (C6): 2 or more turn the Medicine tile to its high side
    cubes_placed: int
    cubes_left: int  # 0: the Scientist counts as a cube where it stands (V7)
    book_tiles_placed: int
    book_tiles_left: int  # still in the piles (tiles removed unplaced are gone)
    students: tuple[str | None, ...]  # the Technology space of each Student, None: in supply
    students_in_supply: int
    students_at_path_ends: int  # Students on the last space of a path (T6)
    work: str  # the Work marker's space
    scientist: str  # the Scientist's Map space
    development_tiles: int  # drawers holding a Development tile (the printed drawer not counted)
    universities_visited: int
    ancient_lands_visited: int
    bonus_tokens: tuple[str, ...]  # Bonus tokens held, in the order taken
    cards_in_hand: int
    non_starting_cards: int | None  # non-Starting cards in hand and on the desk (O10); None if hidden
    masters_in_hand: int  # held, not yet played (which ones is hidden from the others)
    masters_played: tuple[str, ...]
    masters_vp: int  # VP the played Masters give at final scoring (F15)
    objectives: tuple[ObjectiveFacts, ...]  # every Objective tile in play, Map first, then the tracks


@attrs.define(eq=False)
class _Static:
    """What the facts read from the catalog alone, worked out once per catalog: bots ask for the facts of
    thousands of positions a second."""

    catalog: Catalog  # kept so that the id it is cached under stays this catalog's
    universities: tuple[str, ...]
    ancient_lands: tuple[str, ...]
    income_gains: dict[str, Gain]  # Income tile kind -> what it pays
    prefilled: dict[str, frozenset[str]]  # Study board -> book spaces printed as covered
    lines: dict[str, tuple[tuple[str, frozenset[str], int], ...]]  # Study board -> (id, spaces, VP) of each line


_STATIC: dict[int, _Static] = {}


def _static(catalog: Catalog) -> _Static:
    cached = _STATIC.get(id(catalog))
    if cached is not None and cached.catalog is catalog:
        return cached
    static = _STATIC[id(catalog)] = _Static(
        catalog=catalog,
        universities=q.spaces_of_kind(catalog, "university"),
        ancient_lands=q.spaces_of_kind(catalog, "ancient_land"),
        income_gains={tile.id: _income_tile_gain(catalog, tile.id) for tile in catalog.income_tiles},
        prefilled={b.id: frozenset(s.id for s in b.book_spaces if s.prefilled) for b in catalog.study_boards},
        lines={
            b.id: tuple((line.id, frozenset(line.spaces), line.vp) for line in b.lines) for b in catalog.study_boards
        },
    )
    return static


# The facts of a player depend only on the catalog, that player's state and the board (Medicine Cities,
# Objective tiles); states are immutable and share unchanged parts, so a lookahead that changes one
# player finds the others' facts here. Keyed by identity, holding the objects so that no id is reused.
_Key = tuple[int, int, int, int | None]
_MEMO: dict[_Key, tuple[Catalog, PlayerState, BoardState, Facts]] = {}
_MEMO_SIZE = 4096


def player_facts(state: GameState, ctx: Context, player: int, viewer: int | None = None) -> Facts:
    """The :class:`Facts` of ``player`` in ``state``; with ``viewer``, as that seat may know them."""
    seats = len(state.players)
    for seat, role in ((player, "player"), (viewer, "viewer")):
        if seat is not None and not 0 <= seat < seats:
            raise NewtonError(f"no {role} {seat} in a {seats}-player game")
    catalog, p, board = ctx.catalog, state.players[player], state.board
    sees_hand = viewer is None or viewer == player
    key = (id(catalog), id(p), id(board), None if sees_hand else -1)
    found = _MEMO.get(key)
    if found is not None and found[0] is catalog and found[1] is p and found[2] is board:
        return found[3]
    facts = _compute(state, ctx, p, sees_hand)
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (catalog, p, board, facts)
    return facts


def _compute(state: GameState, ctx: Context, p: PlayerState, sees_hand: bool) -> Facts:
    catalog = ctx.catalog
    static = _static(catalog)
    counts, wild = q.volumes(catalog, p)
    covered = static.prefilled[p.board].union(p.books)
    completed = [(line, vp) for line, spaces, vp in static.lines[p.board] if spaces <= covered]  # B3, B4
    lines = tuple(line for line, _ in completed)
    cities = medicine_cities(state, ctx, p.seat)
    symbols = symbol_counts(catalog, p)
    universities = sum(1 for space in static.universities if q.occupies(catalog, p, space))
    ancient_lands = sum(1 for space in static.ancient_lands if q.occupies(catalog, p, space))
    known: dict[Counter, int] = {  # the Objective counts the facts read anyway; the others are asked for
        "coins": p.coins,
        "potions": p.potions,
        "bonus_tokens": len(p.bonus_tokens),
        "universities_visited": universities,
        "ancient_lands_visited": ancient_lands,
        "masters_played": len(p.masters_played),
        "book_tiles_placed": len(p.books),
        "completed_book_lines": len(lines),
    }
    return Facts(
        player=p.seat,
        vp=p.vp,
        coins=p.coins,
        potions=p.potions,
        action_values=ActionValues(
            work=symbols["work"],
            technology=symbols["technology"],
            travel=symbols["travel"],
            lessons=symbols["lessons"],
            study=symbols["study"],
        ),
        volumes=Volumes(blue=counts["blue"], green=counts["green"], orange=counts["orange"], wild=wild),
        income=_income(static, p, sum(vp for _, vp in completed), cities),
        completed_lines=lines,
        medicine_cities=cities,
        cubes_placed=len(p.cubes),
        cubes_left=q.cubes_left(catalog, p),
        book_tiles_placed=len(p.books),
        book_tiles_left=q.book_tiles_left(catalog, p),
        students=p.students,
        students_in_supply=q.count(catalog, state, p, "students_in_supply"),
        students_at_path_ends=q.count(catalog, state, p, "students_at_path_ends"),
        work=p.work,
        scientist=p.scientist,
        development_tiles=_development_tiles(catalog, p),
        universities_visited=universities,
        ancient_lands_visited=ancient_lands,
        bonus_tokens=p.bonus_tokens,
        cards_in_hand=len(p.hand),
        non_starting_cards=q.count(catalog, state, p, "non_starting_cards") if sees_hand else None,
        masters_in_hand=len(p.masters),
        masters_played=p.masters_played,
        masters_vp=sum(catalog.masters_by_id[m].vp for m in p.masters_played),
        objectives=_objectives(catalog, state, p, sees_hand, known),
    )


def symbol_counts(catalog: Catalog, p: PlayerState) -> dict[Basic, int]:
    """:func:`~newton_rules.rules.queries.symbol_count` of every Basic Action in one pass over the desk,
    the tucked cards and the drawers (F4); Jokers never count."""
    out: dict[Basic, int] = dict.fromkeys(BASICS, 0)
    cards = catalog.cards_by_id
    for card_id in (*p.desk, *p.tucked):
        for symbol in cards[card_id].symbols:
            if symbol in out:
                out[symbol] += 1
    for drawer in p.drawers:
        if drawer in out:
            out[drawer] += 1
    return out


def _income(static: _Static, p: PlayerState, lines_vp: int, cities: int) -> Income:
    """F11 as :func:`newton_rules.rules.end_round.pay_income` pays it: lines, then each income space."""
    vp, coins, potions = lines_vp, 0, 0
    low, high = static.catalog.constants.medicine_vp
    for kind in p.income:
        if kind == "medicine":
            vp += high if cities >= 2 else low
        elif kind is not None:
            gain = static.income_gains[kind]
            vp, coins, potions = vp + gain.vp, coins + gain.coins, potions + gain.potions
    return Income(vp=vp, coins=coins, potions=potions)


def _income_tile_gain(catalog: Catalog, kind: str) -> Gain:
    """The resources an Income tile pays. Income tiles only gain (the data pack's validation holds them
    to the three income kinds); any other effect would be a new rule that Income cannot express."""
    total = Gain()
    for effect in catalog.tiles_by_id[kind].effects:
        if not isinstance(effect, Gain):
            raise NewtonError(f"Income tile {kind!r} has a {type(effect).__name__} effect: Facts counts only gains")
        total = Gain(coins=total.coins + effect.coins, vp=total.vp + effect.vp, potions=total.potions + effect.potions)
    return total


def _development_tiles(catalog: Catalog, p: PlayerState) -> int:
    return sum(
        1
        for drawer, action in enumerate(p.drawers)
        if action is not None and not q.drawer_is_printed(catalog, p, drawer)
    )


def _objectives(
    catalog: Catalog, state: GameState, p: PlayerState, sees_hand: bool, known: dict[Counter, int]
) -> tuple[ObjectiveFacts, ...]:
    out = []
    for where, space, tile_id in objective_spaces(catalog, state):
        tile = catalog.objectives_by_id[tile_id]
        vp: int | None = None
        if sees_hand or tile.counter not in HAND_COUNTERS:
            count = known.get(tile.counter)
            vp = objective_vp(catalog, state, p, tile) if count is None else tile_vp(tile, count)
        occupied = q.occupies_objective(catalog, p, where, space)
        out.append(ObjectiveFacts(tile=tile_id, where=where, space=space, occupied=occupied, vp=vp))
    return tuple(out)


def tile_vp(tile: ObjectiveTile, count: int) -> int:
    """:func:`~newton_rules.rules.scoring.objective_vp` for a count already known: ``vp`` per ``per``
    items, at most ``cap`` (tests/test_facts.py checks the two agree)."""
    vp = tile.vp * (count // tile.per)
    return vp if tile.cap is None else min(vp, tile.cap)


_ObjectiveSpaces = tuple[tuple[str, str, str], ...]
_OBJECTIVE_SPACES: dict[tuple[int, str, tuple[tuple[str, str], ...]], tuple[Catalog, _ObjectiveSpaces]] = {}


def objective_spaces(catalog: Catalog, state: GameState) -> _ObjectiveSpaces:
    """:func:`~newton_rules.rules.queries.objective_spaces`, remembered by the tiles it reads (bots ask
    for the facts of thousands of positions that share their tiles)."""
    board = state.board
    key = (id(catalog), board.map_objective, board.track_tiles)
    found = _OBJECTIVE_SPACES.get(key)
    if found is not None and found[0] is catalog:
        return found[1]
    if len(_OBJECTIVE_SPACES) > 256:
        _OBJECTIVE_SPACES.clear()
    spaces = q.objective_spaces(catalog, state)
    _OBJECTIVE_SPACES[key] = (catalog, spaces)
    return spaces
