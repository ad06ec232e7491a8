"""What a client needs to judge a position for one player, as one typed record: :class:`Facts`.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> facts = game.facts(0)
    >>> facts.action_values.work, facts.cubes_left, facts.income.vp
    (0, 12, 0)

Every number comes from the rules' own queries (:mod:`newton_rules.rules.queries`, the End Round's
Medicine count, final scoring's Objective VP), so a client never re-implements a rule to read a position.

Hidden information: a Facts names no hidden card or Master, only how many there are (cards and Masters
in hand). The only numbers that depend on hidden cards are those counting the player's hand:
``non_starting_cards``, ``card_yields``, ``basic_actions_at_hand`` and the VP of an Objective tile that
counts cards in hand (O9, O10). They are ``None`` when the facts are taken for another ``viewer`` (``game.facts(player,
viewer=seat)``), who cannot see that hand. Without a viewer the facts are the game's own, as complete as
``game.state``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.effects.primitives import (
    BASICS,
    Amount,
    Basic,
    Counter,
    DiscardForReward,
    Effect,
    Exchange,
    Gain,
    VPPerVolume,
    VPPerVolumeTriple,
)
from newton_rules.errors import NewtonError
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context
from newton_rules.rules import queries as q
from newton_rules.rules.effects import volume_vp
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
    """What the next End Round would pay (F11): completed bookshelf lines, Income tiles, the Medicine tile,
    face-up Great Discovery tiles (G2)."""

    vp: int
    coins: int
    potions: int


@attrs.frozen(kw_only=True)
class CardYield:
    """What the Special Effect of a card held would give if the card were played now (E1, E3, E8, E9): the
    VP, Coins and Potions received less those spent, and the cards it discards from the hand (E8).

    Volumes count as they are now (the desk fills during a round); an exchange counts whether or not the
    player holds what it costs.
    """

    card: str
    vp: int
    coins: int
    potions: int
    discards: int


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

    @_lazy
    def action_values(self) -> ActionValues:
        """The value each Basic Action would have now (see :class:`ActionValues`)."""
        catalog, p = self._ctx.catalog, self._p
        return ActionValues(
            work=q.symbol_count(catalog, p, "work"),
            technology=q.symbol_count(catalog, p, "technology"),
            travel=q.symbol_count(catalog, p, "travel"),
            lessons=q.symbol_count(catalog, p, "lessons"),
            study=q.symbol_count(catalog, p, "study"),
        )

    @_lazy
    def volumes(self) -> Volumes:
        """Volumes available now (see :class:`Volumes`)."""
        counts, wild = q.volumes(self._ctx.catalog, self._p)
        return Volumes(blue=counts["blue"], green=counts["green"], orange=counts["orange"], wild=wild)

    @_lazy
    def completed_lines(self) -> tuple[str, ...]:
        """Bookshelf lines (rows, columns) fully covered (B3, B4)."""
        return q.completed_lines(self._ctx.catalog, self._p)

    @_lazy
    def medicine_cities(self) -> int:
        """Medicine Cities visited (C6): 2 or more turn the Medicine tile to its high side."""
        return q.medicine_cities(self._ctx.catalog, self._state, self._p)

    @_lazy
    def income(self) -> Income:
        """What each End Round still to come pays, the last one included (F11, F14): completed lines,
        then each Income tile, as :func:`newton_rules.rules.end_round.pay_income` pays them."""
        catalog = self._ctx.catalog
        completed = self.completed_lines
        vp = sum(line.vp for line in catalog.boards_by_id[self._p.board].lines if line.id in completed)
        coins = potions = 0
        for kind in self._p.income:
            if kind == "medicine":
                vp += q.medicine_vp(catalog, self._state, self._p)
            elif kind is not None:
                gain = _income_tile_gain(catalog, kind)
                vp, coins, potions = vp + gain.vp, coins + gain.coins, potions + gain.potions
        for tile in self._p.discoveries:
            income = catalog.discoveries_by_id[tile].income
            vp, coins, potions = vp + income.vp, coins + income.coins, potions + income.potions
        return Income(vp=vp, coins=coins, potions=potions)

    @_lazy
    def discoveries(self) -> tuple[str, ...]:
        """The Great Discovery tiles face up in front of the player (G2)."""
        return self._p.discoveries

    @_lazy
    def discoveries_used(self) -> tuple[str, ...]:
        """The Great Discovery tiles the player activated, face down (G3)."""
        return self._p.discoveries_used

    @_lazy
    def discovery_vp(self) -> int:
        """VP that activating every face-up Great Discovery tile would give now (G3)."""
        catalog = self._ctx.catalog
        return sum(q.discovery_gain(catalog, self._state, self._p, tile).vp for tile in self._p.discoveries)

    @_lazy
    def students_at_path_ends(self) -> int:
        """Students on the last space of a path (T6)."""
        return q.count(self._ctx.catalog, self._state, self._p, "students_at_path_ends")

    @_lazy
    def development_tiles(self) -> int:
        """Drawers holding a Development tile (the printed drawer not counted)."""
        catalog, p = self._ctx.catalog, self._p
        return sum(
            1 for i, action in enumerate(p.drawers) if action is not None and not q.drawer_is_printed(catalog, p, i)
        )

    @_lazy
    def universities_visited(self) -> int:
        """Universities with a cube of the player (or the Scientist, once out of cubes: V7)."""
        return q.visited(self._ctx.catalog, self._p, "university")

    @_lazy
    def ancient_lands_visited(self) -> int:
        """Ancient Lands with a cube of the player (or the Scientist, once out of cubes: V7)."""
        return q.visited(self._ctx.catalog, self._p, "ancient_land")

    @_lazy
    def non_starting_cards(self) -> int | None:
        """Non-Starting cards in hand and on the desk (O10); None if the hand is hidden from the viewer."""
        if not self._sees_hand:
            return None
        return q.count(self._ctx.catalog, self._state, self._p, "non_starting_cards")

    @_lazy
    def card_yields(self) -> tuple[CardYield, ...] | None:
        """The yield of each card in hand or on the desk whose Special Effect gains or exchanges VP, Coins
        or Potions, the hand's first (see :class:`CardYield`); None if the hand is hidden from the viewer."""
        if not self._sees_hand:
            return None
        catalog, p = self._ctx.catalog, self._p
        held = ((card, catalog.cards_by_id[card].special) for card in (*p.hand, *p.desk))
        return tuple(found for card, special in held if (found := _card_yield(catalog, p, card, special)) is not None)

    @_lazy
    def basic_actions_at_hand(self) -> int | None:
        """How many of the 5 Basic Actions the cards in hand and on the desk offer for the rounds to come: the
        Basic Actions their symbols show, and one more for each Joker (it takes any Basic Action, F8), at most
        5. The card chosen to be tucked at this End Round is left out (it will be under the desk). None if
        the hand is hidden from the viewer."""
        if not self._sees_hand:
            return None
        cards, p = self._ctx.catalog.cards_by_id, self._p
        offered: set[str] = set()
        jokers = 0
        for card_id in (*p.hand, *p.desk):
            if card_id == p.tuck_choice:
                continue
            card = cards[card_id]
            if card.is_joker:
                jokers += 1
            else:
                offered.update(card.symbols)
        return min(len(BASICS), len(offered) + jokers)

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
            for where, space, tile in q.objective_spaces(catalog, self._state)
        )

    @_lazy
    def objectives_vp(self) -> int | None:
        """VP the Objective tiles the player occupies would give if the game ended now (F15); None if one
        of them counts a hand the viewer cannot see. (The sum of ``objectives`` occupied, without working
        out the tiles not occupied.)"""
        catalog, p = self._ctx.catalog, self._p
        total = 0
        for where, space, tile in q.objective_spaces(catalog, self._state):
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
        return objective_vp(self._ctx.catalog, self._state, self._p, tile)

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
    "discoveries",
    "discoveries_used",
    "discovery_vp",
    "completed_lines",
    "medicine_cities",
    "students_at_path_ends",
    "development_tiles",
    "universities_visited",
    "ancient_lands_visited",
    "non_starting_cards",
    "card_yields",
    "basic_actions_at_hand",
    "masters_vp",
    "objectives",
    "objectives_vp",
)


def _income_tile_gain(catalog: Catalog, kind: str) -> Gain:
    """The resources an Income tile pays. Income tiles only gain (the data pack's validation holds them
    to the three income kinds); any other effect would be a new rule that Income cannot express."""
    total = Gain()
    for effect in catalog.tiles_by_id[kind].effects:
        if not isinstance(effect, Gain):
            raise NewtonError(f"Income tile {kind!r} has a {type(effect).__name__} effect: Facts counts only gains")
        total = Gain(coins=total.coins + effect.coins, vp=total.vp + effect.vp, potions=total.potions + effect.potions)
    return total


def _card_yield(catalog: Catalog, p: PlayerState, card: str, special: Effect | None) -> CardYield | None:
    """The :class:`CardYield` of ``card`` with Special Effect ``special``; None for an effect that yields no
    VP, Coins or Potions (a volume, a cube, a modified action...)."""
    spent, discards = Amount(), 0
    if isinstance(special, Gain):
        received = special.amount
    elif isinstance(special, Exchange):
        received, spent = special.gain, special.pay
    elif isinstance(special, VPPerVolume | VPPerVolumeTriple):
        received = Amount(vp=volume_vp(catalog, p, special))
    elif isinstance(special, DiscardForReward):
        received, discards = special.gain, 1
    else:
        return None
    return CardYield(
        card=card,
        vp=received.vp - spent.vp,
        coins=received.coins - spent.coins,
        potions=received.potions - spent.potions,
        discards=discards,
    )


# The facts of a player depend only on the game's context, that player's state and the tiles laid on the
# boards at setup (Medicine Cities, Objective tiles), never on the lines, decks or supplies. States are
# immutable and share unchanged parts (the tiles' tuples are the same objects all game long), so a
# lookahead that changes one player, or only the lines, finds the facts (and what they have counted)
# here. Keyed by identity, holding the objects so that no id is reused.
_Layout = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], str]  # map tiles, track tiles, Map Objective
_Key = tuple[int, int, int, int, str, bool]
_MEMO: dict[_Key, tuple[Context, PlayerState, _Layout, Facts]] = {}
_MEMO_SIZE = 64  # enough for the siblings of a lookahead; each entry holds a state


def _same_layout(a: _Layout, b: _Layout) -> bool:
    return a[0] is b[0] and a[1] is b[1] and a[2] == b[2]


def player_facts(state: GameState, ctx: Context, player: int, viewer: int | None = None) -> Facts:
    """The :class:`Facts` of ``player`` in ``state``; with ``viewer``, as that seat may know them."""
    seats = len(state.players)
    if not 0 <= player < seats:
        raise NewtonError(f"no player {player} in a {seats}-player game")
    if viewer is not None and not 0 <= viewer < seats:
        raise NewtonError(f"no viewer {viewer} in a {seats}-player game")
    catalog, p, board = ctx.catalog, state.players[player], state.board
    sees_hand = viewer is None or viewer == player
    layout = (board.map_tiles, board.track_tiles, board.map_objective)
    key = (id(ctx), id(p), id(board.map_tiles), id(board.track_tiles), board.map_objective, sees_hand)
    found = _MEMO.get(key)
    if found is not None and found[0] is ctx and found[1] is p and _same_layout(found[2], layout):
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
    )
    if len(_MEMO) >= _MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = (ctx, p, layout, facts)
    return facts
