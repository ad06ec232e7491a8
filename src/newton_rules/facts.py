"""What a client needs to judge a position for one player, as one typed record: :class:`Facts`.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> facts = game.facts(0)
    >>> facts.action_values.work, facts.cubes_left, facts.income.vp
    (0, 12, 0)

Every number comes from the rules' own queries (:mod:`newton_rules.rules.queries`, the End Round's
Medicine count, final scoring's Objective VP), or where bots need speed from the same count done in
one pass and checked against them (tests/test_facts.py), so a client never re-implements a rule to read
a position.

Hidden information: a Facts names no hidden card or Master, only how many there are (cards and Masters
in hand). The only numbers that depend on hidden cards are those counting the player's hand:
``non_starting_cards`` and the VP of an Objective tile that counts cards in hand (O9, O10). They are
``None`` when the facts are taken for another ``viewer`` (``game.facts(player, viewer=seat)``), who
cannot see that hand. Without a viewer the facts are the game's own, as complete as ``game.state``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

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
    vp: int | None  # VP it would score for the player now (if occupied); None: counts a hand the viewer cannot see


T = TypeVar("T")


class _lazy(Generic[T]):  # lower case: used as a decorator, like property
    """A fact worked out on first read and kept in the instance dict, where later reads find it at once.
    (functools.cached_property takes a lock on every first read: too slow for the bots' millions.)"""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self._compute = compute
        self.__doc__ = compute.__doc__
        self._name = compute.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type) -> _lazy[T]: ...
    @overload
    def __get__(self, instance: object, owner: type) -> T: ...
    def __get__(self, instance: object | None, owner: type) -> T | _lazy[T]:
        if instance is None:
            return self
        value = self._compute(instance)
        instance.__dict__[self._name] = value
        return value


# Not slotted, so that each fact computed is kept in the instance dict (see _lazy).
@attrs.frozen(kw_only=True, eq=False, repr=False, slots=False)
class Facts:
    """A position judged for one player. Read it with ``game.facts(player)``; see the module doc for
    hidden information. Counts only what is on the boards now: nothing is projected.

    The pieces are read when the facts are made; what needs counting (from ``action_values`` on) is
    worked out the first time it is read and kept, since a bot reads a few facts of thousands of
    positions. Facts compare equal when every fact is equal (:data:`FACT_NAMES`).
    """

    player: int
    vp: int
    coins: int
    potions: int
    cubes_placed: int
    cubes_left: int  # 0: the Scientist counts as a cube where it stands (V7)
    book_tiles_placed: int
    book_tiles_left: int  # still in the piles (tiles removed unplaced are gone)
    students: tuple[str | None, ...]  # the Technology space of each Student, None: in supply
    students_in_supply: int
    work: str  # the Work marker's space
    scientist: str  # the Scientist's Map space
    bonus_tokens: tuple[str, ...]  # Bonus tokens held, in the order taken
    cards_in_hand: int  # which ones is hidden from the others
    masters_in_hand: int  # held, not yet played (which ones is hidden from the others)
    masters_played: tuple[str, ...]
    _state: GameState = attrs.field(alias="state")
    _ctx: Context = attrs.field(alias="ctx")
    _sees_hand: bool = attrs.field(alias="sees_hand")
    _p: PlayerState = attrs.field(alias="p")  # the player's state in ``_state``
    _static: _Static = attrs.field(alias="static")

    @_lazy
    def action_values(self) -> ActionValues:
        """The value each Basic Action would have now (see :class:`ActionValues`)."""
        symbols = symbol_counts(self._ctx.catalog, self._p)
        return ActionValues(
            work=symbols["work"],
            technology=symbols["technology"],
            travel=symbols["travel"],
            lessons=symbols["lessons"],
            study=symbols["study"],
        )

    @_lazy
    def volumes(self) -> Volumes:
        """Volumes available now (see :class:`Volumes`)."""
        counts, wild = q.volumes(self._ctx.catalog, self._p)
        return Volumes(blue=counts["blue"], green=counts["green"], orange=counts["orange"], wild=wild)

    @_lazy
    def _completed(self) -> tuple[tuple[str, int], ...]:
        """(id, VP) of each completed line: :func:`~newton_rules.rules.queries.completed_lines` on the
        catalog's lines read once (tests/test_facts.py checks the two agree)."""
        p = self._p
        static = self._static
        covered = static.prefilled[p.board].union(p.books)
        return tuple((line, vp) for line, spaces, vp in static.lines[p.board] if spaces <= covered)

    @property
    def completed_lines(self) -> tuple[str, ...]:
        """Bookshelf lines (rows, columns) fully covered (B3, B4)."""
        return tuple(line for line, _ in self._completed)

    @_lazy
    def medicine_cities(self) -> int:
        """Medicine Cities visited (C6): 2 or more turn the Medicine tile to its high side."""
        return medicine_cities(self._state, self._ctx, self.player)

    @_lazy
    def income(self) -> Income:
        """What each End Round still to come pays, the last one included (F11, F14): completed lines,
        then each Income tile, as :func:`newton_rules.rules.end_round.pay_income` pays them."""
        static = self._static
        vp, coins, potions = sum(vp for _, vp in self._completed), 0, 0
        for kind in self._p.income:
            if kind == "medicine":
                low, high = static.catalog.constants.medicine_vp
                vp += high if self.medicine_cities >= 2 else low
            elif kind is not None:
                gain = static.income_gains[kind]
                vp, coins, potions = vp + gain.vp, coins + gain.coins, potions + gain.potions
        return Income(vp=vp, coins=coins, potions=potions)

    @_lazy
    def students_at_path_ends(self) -> int:
        """Students on the last space of a path (T6)."""
        return q.count(self._ctx.catalog, self._state, self._p, "students_at_path_ends")

    @_lazy
    def development_tiles(self) -> int:
        """Drawers holding a Development tile (the printed drawer not counted)."""
        printed = self._static.printed[self._p.board]  # as queries.drawer_is_printed, read once
        return sum(1 for i, action in enumerate(self._p.drawers) if action is not None and i != printed)

    @_lazy
    def universities_visited(self) -> int:
        """Universities with a cube of the player (or the Scientist, once out of cubes: V7)."""
        catalog = self._ctx.catalog
        return sum(1 for space in self._static.universities if q.occupies(catalog, self._p, space))

    @_lazy
    def ancient_lands_visited(self) -> int:
        """Ancient Lands with a cube of the player (or the Scientist, once out of cubes: V7)."""
        catalog = self._ctx.catalog
        return sum(1 for space in self._static.ancient_lands if q.occupies(catalog, self._p, space))

    @_lazy
    def non_starting_cards(self) -> int | None:
        """Non-Starting cards in hand and on the desk (O10); None if the hand is hidden from the viewer."""
        if not self._sees_hand:
            return None
        starting = self._static.starting  # the count queries.count makes, with the Starting cards read once
        return sum(1 for card in q.available_cards(self._p) if card not in starting)

    @_lazy
    def masters_vp(self) -> int:
        """VP the played Masters give at final scoring (F15)."""
        masters = self._ctx.catalog.masters_by_id
        return sum(masters[m].vp for m in self.masters_played)

    @_lazy
    def objectives(self) -> tuple[ObjectiveFacts, ...]:
        """Every Objective tile in play, the Map's first, then the Work track's and the Technology track's."""
        catalog, p = self._ctx.catalog, self._p
        return tuple(
            ObjectiveFacts(
                tile=tile,
                where=where,
                space=space,
                occupied=q.occupies_objective(catalog, p, where, space),
                vp=self._objective_vp(tile),
            )
            for where, space, tile in objective_spaces(catalog, self._state)
        )

    @_lazy
    def objectives_vp(self) -> int | None:
        """VP the Objective tiles the player occupies would give if the game ended now (F15); None if one
        of them counts a hand the viewer cannot see. (The sum of ``objectives`` occupied, without working
        out the tiles not occupied.)"""
        catalog, p = self._ctx.catalog, self._p
        total = 0
        for where, space, tile in objective_spaces(catalog, self._state):
            if q.occupies_objective(catalog, p, where, space):
                vp = self._objective_vp(tile)
                if vp is None:
                    return None
                total += vp
        return total

    def _objective_vp(self, tile_id: str) -> int | None:
        """VP of Objective tile ``tile_id`` for the player now, None if it counts a hand hidden from the viewer."""
        tile = self._ctx.catalog.objectives_by_id[tile_id]
        if not self._sees_hand and tile.counter in HAND_COUNTERS:
            return None
        count = self._known_count(tile.counter)
        return objective_vp(self._ctx.catalog, self._state, self._p, tile) if count is None else tile_vp(tile, count)

    def _known_count(self, counter: Counter) -> int | None:
        """What ``counter`` counts when a fact above says it already (None: the rules count it).
        tests/test_facts.py checks every counter against :func:`~newton_rules.rules.queries.count`."""
        match counter:
            case "coins":
                return self.coins
            case "potions":
                return self.potions
            case "bonus_tokens":
                return len(self.bonus_tokens)
            case "universities_visited":
                return self.universities_visited
            case "ancient_lands_visited":
                return self.ancient_lands_visited
            case "students_at_path_ends":
                return self.students_at_path_ends
            case "masters_played":
                return len(self.masters_played)
            case "book_tiles_placed":
                return self.book_tiles_placed
            case "non_starting_cards":
                return self.non_starting_cards
            case "completed_book_lines":
                return len(self._completed)
            case "students_in_supply":
                return self.students_in_supply
            case "masters_unplayed":
                return self.masters_in_hand
            case "cubes_unplaced":
                return self.cubes_left
            case "book_tiles_unplaced":
                return self.book_tiles_left
        return None

    def _facts(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in FACT_NAMES)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Facts):
            return NotImplemented
        return self._facts() == other._facts()

    def __hash__(self) -> int:
        return hash(self._facts())

    def __repr__(self) -> str:
        return "Facts(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in FACT_NAMES) + ")"


# Every fact of a Facts, in the order of the class.
FACT_NAMES: tuple[str, ...] = (
    "player",
    "vp",
    "coins",
    "potions",
    "cubes_placed",
    "cubes_left",
    "book_tiles_placed",
    "book_tiles_left",
    "students",
    "students_in_supply",
    "work",
    "scientist",
    "bonus_tokens",
    "cards_in_hand",
    "masters_in_hand",
    "masters_played",
    "action_values",
    "volumes",
    "income",
    "completed_lines",
    "medicine_cities",
    "students_at_path_ends",
    "development_tiles",
    "universities_visited",
    "ancient_lands_visited",
    "non_starting_cards",
    "masters_vp",
    "objectives",
    "objectives_vp",
)


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
    printed: dict[str, int]  # Study board -> its drawer with a printed symbol
    starting: frozenset[str]  # ids of every Starting card


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
        printed={b.id: b.printed_drawer for b in catalog.study_boards},
        starting=frozenset(card_id for card_id, card in catalog.cards_by_id.items() if card.is_starting),
    )
    return static


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


def _income_tile_gain(catalog: Catalog, kind: str) -> Gain:
    """The resources an Income tile pays. Income tiles only gain (the data pack's validation holds them
    to the three income kinds); any other effect would be a new rule that Income cannot express."""
    total = Gain()
    for effect in catalog.tiles_by_id[kind].effects:
        if not isinstance(effect, Gain):
            raise NewtonError(f"Income tile {kind!r} has a {type(effect).__name__} effect: Facts counts only gains")
        total = Gain(coins=total.coins + effect.coins, vp=total.vp + effect.vp, potions=total.potions + effect.potions)
    return total


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


# The facts of a player depend only on the game's context, that player's state and the board (Medicine
# Cities, Objective tiles); states are immutable and share unchanged parts, so a lookahead that changes
# one player finds the others' facts (and what they have counted) here. Keyed by identity, holding the
# objects so that no id is reused.
_Key = tuple[int, int, int, bool]
_MEMO: dict[_Key, tuple[Context, PlayerState, BoardState, Facts]] = {}
_MEMO_SIZE = 64  # enough for the siblings of a lookahead; each entry holds a state


def player_facts(state: GameState, ctx: Context, player: int, viewer: int | None = None) -> Facts:
    """The :class:`Facts` of ``player`` in ``state``; with ``viewer``, as that seat may know them."""
    seats = len(state.players)
    if not 0 <= player < seats:
        raise NewtonError(f"no player {player} in a {seats}-player game")
    if viewer is not None and not 0 <= viewer < seats:
        raise NewtonError(f"no viewer {viewer} in a {seats}-player game")
    catalog, p, board = ctx.catalog, state.players[player], state.board
    sees_hand = viewer is None or viewer == player
    key = (id(ctx), id(p), id(board), sees_hand)
    found = _MEMO.get(key)
    if found is not None and found[0] is ctx and found[1] is p and found[2] is board:
        return found[3]
    facts = Facts(
        player=player,
        vp=p.vp,
        coins=p.coins,
        potions=p.potions,
        cubes_placed=len(p.cubes),
        cubes_left=q.cubes_left(catalog, p),
        book_tiles_placed=len(p.books),
        book_tiles_left=q.book_tiles_left(catalog, p),
        students=p.students,
        students_in_supply=sum(1 for s in p.students if s is None),
        work=p.work,
        scientist=p.scientist,
        bonus_tokens=p.bonus_tokens,
        cards_in_hand=len(p.hand),
        masters_in_hand=len(p.masters),
        masters_played=p.masters_played,
        state=state,
        ctx=ctx,
        sees_hand=sees_hand,
        p=p,
        static=_static(catalog),
    )
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (ctx, p, board, facts)
    return facts
