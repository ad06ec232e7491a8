"""How each effect primitive acts on a game: one declaration per primitive, an :class:`EffectRule`.

For every primitive of :mod:`newton_rules.effects.primitives`, in the same order, two functions side by
side: ``can_<effect>`` (could applying it now do something, with its cost paid from what the player
holds) and ``do_<effect>`` (emit its events, or push the decision it needs). Its :class:`EffectRule`
joins them with its class (:data:`EffectClass`: immediate, a modifier of a Basic Action, passive ...) and
the rule IDs it implements; :func:`declare_effects` makes it known, and :func:`usable` and
:func:`resolve` dispatch through what is declared. Components only combine primitives, so a new card or
tile is data. A new kind of effect is its record (a subclass of :class:`~newton_rules.effects.Effect`
with its ``tag``), its pair and its declaration, side by side: here, or in the rules module of the
component that carries it, with the decision it asks for (as :mod:`newton_rules.rules.masters` does).

A modifier (E4, E5, E6, E10, E11, M4) names the Basic Action it modifies and, when it acts inside that
action, its hook: the function of the action's module that reads it from the action frame's
``modifiers`` (E4 and E10, paid with ``special``, ride there from the turn; E5 and E11 from the card;
Descartes' M4 from the ``modifiers`` of the :class:`~newton_rules.effects.PerformAction` that starts it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, Literal, TypeVar

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.records import Tile
from newton_rules.effects import primitives as fx
from newton_rules.effects.primitives import Amount, Basic, Effect
from newton_rules.model import events as ev
from newton_rules.model.frames import (
    ChooseActionFrame,
    CopyFrame,
    DevelopmentFrame,
    DiscardFrame,
    DiscoveryFrame,
    IncomeFrame,
    MasterFrame,
    MoveBookFrame,
    PlaceCubeFrame,
    RepeatFrame,
    RepeatWhat,
    RewardFrame,
    TakeCardFrame,
    TradeCardFrame,
    TurnFrame,
    VillageFrame,
    VolumeFrame,
)
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import basic, discoveries, lessons, study, technology, travel
from newton_rules.rules import queries as q
from newton_rules.rules.costs import can_pay_card_cost, cards_held_before, pay_card_cost
from newton_rules.rules.quick import enroll_students
from newton_rules.rules.rewards import grant
from newton_rules.rules.scoring import objective_vp
from rules_core.records import evolve
from rules_core.stack import take_next


class Use:
    """Where an effect would be used: by ``player``, in ``turn`` (None outside a turn, e.g. a reward),
    from the Action card ``card`` (None unless it is a card's Special Effect)."""

    __slots__ = ("card", "ctx", "player", "state", "turn")

    def __init__(self, state: GameState, ctx: Context, player: int, turn: TurnFrame | None, card: str | None) -> None:
        self.state = state
        self.ctx = ctx
        self.player = player
        self.turn = turn
        self.card = card

    @property
    def p(self) -> PlayerState:
        return self.state.players[self.player]


def receive(tx: Tx, player: int, amount: Amount, source: Source) -> None:
    tx.gain(player, source, coins=amount.coins, vp=amount.vp, potions=amount.potions)


def _always(use: Use, effect: Any) -> bool:
    return True


def _never(use: Use, effect: Any) -> bool:
    return False


def _nothing(tx: Tx, player: int, effect: Any, source: Source) -> None:
    pass


# -- Gain ------------------------------------------------------------------------------------------------
def do_gain(tx: Tx, player: int, effect: fx.Gain, source: Source) -> None:
    receive(tx, player, effect.amount, source)


# -- Exchange (E1) ---------------------------------------------------------------------------------------
def can_exchange(use: Use, effect: fx.Exchange) -> bool:
    """An Action card's exchange is paid from what was held before the card's effects (E13)."""
    return can_pay_card_cost(use.p, use.turn if use.card is not None else None, effect.pay)


def do_exchange(tx: Tx, player: int, effect: fx.Exchange, source: Source) -> None:
    pay = effect.pay
    if source.kind == "card":
        pay_card_cost(tx, player, pay, source)
    else:
        receive(tx, player, Amount(coins=-pay.coins, vp=-pay.vp, potions=-pay.potions), source)
    receive(tx, player, effect.gain, source)


# -- EnrollStudent ---------------------------------------------------------------------------------------
def can_enroll_student(use: Use, effect: fx.EnrollStudent) -> bool:
    return None in use.p.students


def do_enroll_student(tx: Tx, player: int, effect: fx.EnrollStudent, source: Source) -> None:
    enroll_students(tx, player, effect.count)


# -- PerformAction ---------------------------------------------------------------------------------------
def can_perform_action(use: Use, effect: fx.PerformAction) -> bool:
    if effect.action is None:
        return True
    return basic.can_start(use.state, use.ctx, use.player, effect.action, effect.value, effect.ignore_requirements)


def do_perform_action(tx: Tx, player: int, effect: fx.PerformAction, source: Source) -> None:
    if effect.action is None:
        tx.push(ChooseActionFrame(player=player, value=effect.value))
    else:
        basic.start(tx, player, effect.action, effect.value, effect)


# -- PerformTakenCard (M4, Descartes): acts through the Lessons it rides in (lessons.taken_card_follows) ---


# -- PerCount --------------------------------------------------------------------------------------------
def do_per_count(tx: Tx, player: int, effect: fx.PerCount, source: Source) -> None:
    n = q.count(tx.ctx.catalog, tx.state, tx.player(player), effect.counter)
    receive(tx, player, effect.gain.scaled(n), source)
    if effect.action is None or n == 0:
        return
    actions: tuple[fx.PerformAction, ...]
    if tx.ctx.config.options.invention_actions == "combined":
        actions = (fx.PerformAction(action=effect.action, value=effect.action_value * n),)
    else:
        actions = tuple(fx.PerformAction(action=effect.action, value=effect.action_value) for _ in range(n))
    grant(tx, player, actions, source)


# -- PlayMaster ------------------------------------------------------------------------------------------
def can_play_master(use: Use, effect: fx.PlayMaster) -> bool:
    return bool(use.p.masters)


def do_play_master(tx: Tx, player: int, effect: fx.PlayMaster, source: Source) -> None:
    if tx.player(player).masters:
        tx.push(MasterFrame(player=player))


# -- TakeDevelopment (Z2) --------------------------------------------------------------------------------
def can_take_development(use: Use, effect: fx.TakeDevelopment) -> bool:
    supply = dict(use.state.board.development_supply)
    return any(supply.values()) if effect.action is None else supply.get(effect.action, 0) > 0


def do_take_development(tx: Tx, player: int, effect: fx.TakeDevelopment, source: Source) -> None:
    if can_take_development(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(DevelopmentFrame(player=player, action=effect.action))


# -- TakeIncome (Z3) -------------------------------------------------------------------------------------
def can_take_income(use: Use, effect: fx.TakeIncome) -> bool:
    supply = dict(use.state.board.income_supply)
    return any(supply.values()) if effect.kind is None else supply.get(effect.kind, 0) > 0


def do_take_income(tx: Tx, player: int, effect: fx.TakeIncome, source: Source) -> None:
    if can_take_income(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(IncomeFrame(player=player, kind=effect.kind))


# -- PlaceCube (C4, C5, Winkelmann) ----------------------------------------------------------------------
def can_place_cube(use: Use, effect: fx.PlaceCube) -> bool:
    return use.p.coins >= effect.cost and q.cubes_left(use.ctx.catalog, use.p) > 0


def do_place_cube(tx: Tx, player: int, effect: fx.PlaceCube, source: Source) -> None:
    if can_place_cube(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(PlaceCubeFrame(player=player, where=effect.where, cost=effect.cost))


# -- MedicineCity (C6) -----------------------------------------------------------------------------------
def can_medicine_city(use: Use, effect: fx.MedicineCity) -> bool:
    return "medicine" not in use.p.income and use.state.board.medicine_supply > 0


def do_medicine_city(tx: Tx, player: int, effect: fx.MedicineCity, source: Source) -> None:
    if can_medicine_city(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(IncomeFrame(player=player, kind="medicine"))


# -- PermanentVolumes: passive, counted by the volume queries --------------------------------------------


# -- RemoveBookTiles (Cavendish) -------------------------------------------------------------------------
def can_remove_book_tiles(use: Use, effect: fx.RemoveBookTiles) -> bool:
    return q.book_tiles_left(use.ctx.catalog, use.p) > 0


def do_remove_book_tiles(tx: Tx, player: int, effect: fx.RemoveBookTiles, source: Source) -> None:
    for _ in range(min(effect.count, q.book_tiles_left(tx.ctx.catalog, tx.player(player)))):
        taken = study.tiles_taken(tx.player(player)) + 1
        tx.emit(ev.BooksRemoved(player=player, count=1))
        if tx.ctx.config.options.cavendish_pile_bonus:
            study.grant_pile_bonus(tx, player, taken)


# -- MoveBookTile (Hawking) ------------------------------------------------------------------------------
def can_move_book_tile(use: Use, effect: fx.MoveBookTile) -> bool:
    return bool(use.p.books)


def do_move_book_tile(tx: Tx, player: int, effect: fx.MoveBookTile, source: Source) -> None:
    if tx.player(player).books:
        tx.push(MoveBookFrame(player=player))


# -- NoEffect (Hooke) ------------------------------------------------------------------------------------


# -- ChooseVolume (E2) -----------------------------------------------------------------------------------
def do_choose_volume(tx: Tx, player: int, effect: fx.ChooseVolume, source: Source) -> None:
    tx.push(VolumeFrame(player=player))


# -- VPPerVolume (E3) and VPPerVolumeTriple (E9) ---------------------------------------------------------
def volume_vp(catalog: Catalog, p: PlayerState, effect: fx.VPPerVolume | fx.VPPerVolumeTriple) -> int:
    """VP the effect gives with the volumes ``p`` shows now: per volume of its colour (E3), per set of 3
    identical volumes (E9)."""
    if isinstance(effect, fx.VPPerVolume):
        return effect.vp * q.colour_volumes(catalog, p, effect.colour)
    return effect.vp * q.identical_triples(catalog, p)


def do_volume_vp(tx: Tx, player: int, effect: fx.VPPerVolume | fx.VPPerVolumeTriple, source: Source) -> None:
    tx.gain(player, source, vp=volume_vp(tx.ctx.catalog, tx.player(player), effect))


# -- ExtraBookTile (E4) and IgnoreBookRequirement (E10): paid before the card's Study, which reads them ----
# through study.second_book_tile and study.no_book_requirement
def can_pay_study_modifier(use: Use, effect: fx.ExtraBookTile | fx.IgnoreBookRequirement) -> bool:
    if use.turn is None or use.turn.basic_done:
        return False
    return can_pay_card_cost(use.p, use.turn, Amount(coins=effect.cost))


def do_pay_study_modifier(
    tx: Tx, player: int, effect: fx.ExtraBookTile | fx.IgnoreBookRequirement, source: Source
) -> None:
    pay_card_cost(tx, player, Amount(coins=effect.cost), source)
    turn = tx.state.top
    assert isinstance(turn, TurnFrame), "a Study modifier is paid during the turn of its card"
    tx.update(evolve(turn, modifiers=(*turn.modifiers, effect)))


# -- DoubleBonusTokens (E5): acts through the card's Technology (technology.bonus_tokens_twice) ----------


# -- MoveToVillage (E6) ----------------------------------------------------------------------------------
def can_move_to_village(use: Use, effect: fx.MoveToVillage) -> bool:
    payable = can_pay_card_cost(use.p, use.turn, Amount(coins=effect.cost))  # E13, even after the Travel
    return payable and bool(q.free_villages(use.state, use.ctx.catalog, use.p))


def do_move_to_village(tx: Tx, player: int, effect: fx.MoveToVillage, source: Source) -> None:
    tx.push(VillageFrame(player=player, cost=effect.cost))


# -- CopyDeskEffect (E7) ---------------------------------------------------------------------------------
def copyable_cards(use: Use) -> list[str]:
    """Other cards on the desk whose immediate Special Effect could be applied now (E7)."""
    cards = use.ctx.catalog.cards_by_id
    out = []
    for other in use.p.desk:
        special = cards[other].special
        if other != use.card and special is not None and effect_class(special) == "immediate":
            if usable(Use(use.state, use.ctx, use.player, use.turn, other), special):
                out.append(other)
    return out


def can_copy_desk_effect(use: Use, effect: fx.CopyDeskEffect) -> bool:
    return bool(copyable_cards(use))


def do_copy_desk_effect(tx: Tx, player: int, effect: fx.CopyDeskEffect, source: Source) -> None:
    tx.push(CopyFrame(player=player, card=source.id))


# -- DiscardForReward (E8) -------------------------------------------------------------------------------
def can_discard_for_reward(use: Use, effect: fx.DiscardForReward) -> bool:
    """A card held before the card's effects (E13: not one its own Lessons just took)."""
    return bool(cards_held_before(use.p, use.turn))


def do_discard_for_reward(tx: Tx, player: int, effect: fx.DiscardForReward, source: Source) -> None:
    if tx.player(player).hand:
        tx.push(DiscardFrame(player=player, card=source.id))


# -- ExtraCube (E11): acts through the card's Travel (travel.cube_in_passing) -----------------------------


# -- TakeGreatDiscovery (G4) -----------------------------------------------------------------------------
def can_take_great_discovery(use: Use, effect: fx.TakeGreatDiscovery) -> bool:
    return bool(discoveries.takeable(use.state, use.ctx, use.player, effect.price))


def do_take_great_discovery(tx: Tx, player: int, effect: fx.TakeGreatDiscovery, source: Source) -> None:
    if can_take_great_discovery(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(DiscoveryFrame(player=player, price=effect.price))


# -- TakeCard, TradeCard (X8) -----------------------------------------------------------------------------
def available_cards(state: GameState, level: int | None) -> list[tuple[int, str]]:
    """(level, card) of every face-up card of ``level`` (None: of any level)."""
    return [
        (lv, card)
        for lv, line in enumerate(state.board.lines, start=1)
        if level is None or lv == level
        for card in line
    ]


def can_take_card(use: Use, effect: fx.TakeCard) -> bool:
    return bool(available_cards(use.state, effect.level))


def do_take_card(tx: Tx, player: int, effect: fx.TakeCard, source: Source) -> None:
    if available_cards(tx.state, effect.level):
        tx.push(TakeCardFrame(player=player, level=effect.level))


def can_trade_card(use: Use, effect: fx.TradeCard) -> bool:
    return bool(use.p.hand) and bool(available_cards(use.state, None))


def do_trade_card(tx: Tx, player: int, effect: fx.TradeCard, source: Source) -> None:
    if can_trade_card(Use(tx.state, tx.ctx, player, None, None), effect):
        tx.push(TradeCardFrame(player=player))


# -- IncomeBonus, RepeatBonusToken, RepeatCity, RepeatMaster, ObjectiveVP (X8): choose what, again ---------
def repeat_choices(use: Use, what: RepeatWhat) -> list[str]:
    """The arguments of ``again`` for ``what``: income spaces with a tile, Bonus tokens held whose effect can
    act, Map spaces of Cities visited whose effect can act (a Medicine City only to turn the tile after
    one), played Masters with an immediate effect that can act, occupied Objective spaces that would score
    now."""
    p, catalog = use.p, use.ctx.catalog
    match what:
        case "income":
            return [str(slot) for slot, kind in enumerate(p.income) if kind is not None]
        case "token":
            tokens = catalog.tokens_by_id
            return [t for t in dict.fromkeys(p.bonus_tokens) if usable(use, tokens[t].effect)]
        case "city":
            cities = catalog.cities_by_id
            return [
                space
                for space, tile_id in use.state.board.map_tiles
                if tile_id in cities and q.occupies(catalog, p, space) and _city_repeatable(use, cities[tile_id])
            ]
        case "master":
            masters = catalog.masters_by_id
            return [m for m in p.masters_played if any(usable(use, e) for e in masters[m].immediate)]
        case "objective":
            return [
                space
                for where, space, tile in q.objective_spaces(catalog, use.state)
                if q.occupies_objective(catalog, p, where, space)
                and objective_vp(catalog, use.state, p, catalog.objectives_by_id[tile]) > 0
            ]


def _city_repeatable(use: Use, tile: Tile) -> bool:
    if tile.medicine:  # X8: only after a single Medicine City, to turn the tile
        p = use.p
        return (
            "medicine" in p.income and not p.medicine_turned and q.medicine_cities(use.ctx.catalog, use.state, p) == 1
        )
    return any(usable(use, effect) for effect in tile.effects)


def _can_repeat(what: RepeatWhat) -> UsableFn:
    return lambda use, effect: bool(repeat_choices(use, what))


def _do_repeat(what: RepeatWhat) -> ResolveFn:
    def do(tx: Tx, player: int, effect: Any, source: Source) -> None:
        if repeat_choices(Use(tx.state, tx.ctx, player, None, None), what):
            tx.push(RepeatFrame(player=player, what=what, card=source.id))

    return do


UsableFn = Callable[[Use, Any], bool]
ResolveFn = Callable[[Tx, int, Any, Source], None]
E = TypeVar("E", bound=Effect)

# How an effect takes effect; the engine treats each class its own way.
EffectClass = Literal[
    "immediate",  # acts once, when applied; E7 copies a card's immediate Special Effect
    "paid_modifier",  # applied with ``special`` before the card's Basic Action: pays, then rides on the turn
    "free_modifier",  # never applied: carried into the Basic Action by its card (E5, E11) or PerformAction (M4)
    "side_modifier",  # applied with ``special``, before or after the card's Basic Action, acting at once (R6)
    "copy",  # applies another card's immediate Special Effect (E7)
    "passive",  # never applied: read while its component is in play, or nothing at all
]
MODIFIER_CLASSES: tuple[EffectClass, ...] = ("paid_modifier", "free_modifier", "side_modifier")


@attrs.frozen
class EffectRule(Generic[E]):
    """One primitive's declaration: whether it can be used now, what it does, its class, its rules.

    A modifier names the Basic Action it ``modifies``; a paid or free one also the hook it ``acts_through``:
    the function of that action's module which reads it from the action's ``modifiers`` (true, or the
    modifier, when it is among them)."""

    effect: type[E]
    can: Callable[[Use, E], bool]
    do: Callable[[Tx, int, E, Source], None]
    kind: EffectClass
    rules: tuple[str, ...] = attrs.field(default=(), kw_only=True)  # rule IDs, none for a component's own
    modifies: Basic | None = attrs.field(default=None, kw_only=True)
    acts_through: Callable[[tuple[Effect, ...]], object] | None = attrs.field(default=None, kw_only=True)

    def __attrs_post_init__(self) -> None:
        hooked = self.kind in ("paid_modifier", "free_modifier")
        if (self.modifies is not None) != (self.kind in MODIFIER_CLASSES) or (self.acts_through is not None) != hooked:
            raise ValueError(f"{self.effect.__name__}: a modifier names its Basic Action, a paid or free one its hook")


# Every primitive's declaration, by its record: the dispatch of :func:`usable` and :func:`resolve`.
_DECLARED: dict[type[Effect], EffectRule[Any]] = {}
EFFECT_RULES: dict[type[Effect], tuple[UsableFn, ResolveFn]] = {}


def declare_effects(*rules: EffectRule[Any]) -> tuple[EffectRule[Any], ...]:
    """Make the primitives of ``rules`` usable in play, each declared once; returns ``rules``."""
    for rule in rules:
        if rule.effect in _DECLARED:
            raise ValueError(f"the effect primitive {rule.effect.tag!r} is declared twice")
        _DECLARED[rule.effect] = rule
        EFFECT_RULES[rule.effect] = (rule.can, rule.do)
    return rules


def declared_effects() -> tuple[EffectRule[Any], ...]:
    """Every primitive's declaration: this module's, in the order of the primitives, then the others."""
    return tuple(_DECLARED.values())


def effect_class(effect: Effect) -> EffectClass:
    """The class of ``effect``'s primitive: how the engine treats it."""
    return _DECLARED[type(effect)].kind


# Every primitive of :mod:`newton_rules.effects.primitives`, in its order: its one declaration.
EFFECT_TABLE: tuple[EffectRule[Any], ...] = declare_effects(
    EffectRule(fx.Gain, _always, do_gain, "immediate"),
    EffectRule(fx.Exchange, can_exchange, do_exchange, "immediate", rules=("E1",)),
    EffectRule(fx.EnrollStudent, can_enroll_student, do_enroll_student, "immediate"),
    EffectRule(fx.PerformAction, can_perform_action, do_perform_action, "immediate", rules=("M2", "M4")),
    EffectRule(
        fx.PerformTakenCard,
        _never,
        _nothing,
        "free_modifier",
        rules=("M4",),
        modifies="lessons",
        acts_through=lessons.taken_card_follows,
    ),
    EffectRule(fx.PerCount, _always, do_per_count, "immediate"),
    EffectRule(fx.PlayMaster, can_play_master, do_play_master, "immediate", rules=("M1",)),
    EffectRule(fx.TakeDevelopment, can_take_development, do_take_development, "immediate", rules=("Z2",)),
    EffectRule(fx.TakeIncome, can_take_income, do_take_income, "immediate", rules=("Z3",)),
    EffectRule(fx.PlaceCube, can_place_cube, do_place_cube, "immediate", rules=("C4", "C5")),
    EffectRule(fx.MedicineCity, can_medicine_city, do_medicine_city, "immediate", rules=("C6",)),
    EffectRule(fx.PermanentVolumes, _never, _nothing, "passive"),  # counted by the volume queries
    EffectRule(fx.RemoveBookTiles, can_remove_book_tiles, do_remove_book_tiles, "immediate"),
    EffectRule(fx.MoveBookTile, can_move_book_tile, do_move_book_tile, "immediate"),
    EffectRule(fx.NoEffect, _never, _nothing, "passive"),
    EffectRule(fx.ChooseVolume, _always, do_choose_volume, "immediate", rules=("E2",)),
    EffectRule(fx.VPPerVolume, _always, do_volume_vp, "immediate", rules=("E3",)),
    EffectRule(fx.VPPerVolumeTriple, _always, do_volume_vp, "immediate", rules=("E9",)),
    EffectRule(
        fx.ExtraBookTile,
        can_pay_study_modifier,
        do_pay_study_modifier,
        "paid_modifier",
        rules=("E4",),
        modifies="study",
        acts_through=study.second_book_tile,
    ),
    EffectRule(
        fx.DoubleBonusTokens,
        _never,
        _nothing,
        "free_modifier",
        rules=("E5",),
        modifies="technology",
        acts_through=technology.bonus_tokens_twice,
    ),
    EffectRule(
        fx.MoveToVillage, can_move_to_village, do_move_to_village, "side_modifier", rules=("E6",), modifies="travel"
    ),
    EffectRule(fx.CopyDeskEffect, can_copy_desk_effect, do_copy_desk_effect, "copy", rules=("E7",)),
    EffectRule(fx.DiscardForReward, can_discard_for_reward, do_discard_for_reward, "immediate", rules=("E8",)),
    EffectRule(
        fx.IgnoreBookRequirement,
        can_pay_study_modifier,
        do_pay_study_modifier,
        "paid_modifier",
        rules=("E10",),
        modifies="study",
        acts_through=study.no_book_requirement,
    ),
    EffectRule(
        fx.ExtraCube,
        _never,
        _nothing,
        "free_modifier",
        rules=("E11",),
        modifies="travel",
        acts_through=travel.cube_in_passing,
    ),
    EffectRule(fx.TakeGreatDiscovery, can_take_great_discovery, do_take_great_discovery, "immediate", rules=("G4",)),
    EffectRule(fx.TakeCard, can_take_card, do_take_card, "immediate", rules=("X8",)),
    EffectRule(fx.TradeCard, can_trade_card, do_trade_card, "immediate", rules=("X8",)),
    EffectRule(fx.IncomeBonus, _can_repeat("income"), _do_repeat("income"), "immediate", rules=("X8",)),
    EffectRule(fx.RepeatBonusToken, _can_repeat("token"), _do_repeat("token"), "immediate", rules=("X8",)),
    EffectRule(fx.RepeatCity, _can_repeat("city"), _do_repeat("city"), "immediate", rules=("X8",)),
    EffectRule(fx.RepeatMaster, _can_repeat("master"), _do_repeat("master"), "immediate", rules=("X8",)),
    EffectRule(fx.ObjectiveVP, _can_repeat("objective"), _do_repeat("objective"), "immediate", rules=("X8",)),
)


def effects_of_class(kind: EffectClass) -> tuple[type[Effect], ...]:
    """The primitives declared of class ``kind``, in the order of their declaration."""
    return tuple(rule.effect for rule in _DECLARED.values() if rule.kind == kind)


def usable(use: Use, effect: Effect) -> bool:
    """Whether applying ``effect`` now can do something (and its cost is paid from what the player holds)."""
    return EFFECT_RULES[type(effect)][0](use, effect)


def resolve(tx: Tx, player: int, effect: Effect, source: Source) -> None:
    """Apply ``effect`` for ``player``; ``source`` names the component for the event ledger."""
    EFFECT_RULES[type(effect)][1](tx, player, effect, source)


def card_special_usable(state: GameState, ctx: Context, turn: TurnFrame, card: str) -> bool:
    """Whether the Special Effect of the Action card ``card`` can be applied in ``turn`` now."""
    special = ctx.catalog.cards_by_id[card].special
    return special is not None and usable(Use(state, ctx, turn.player, turn, card), special)


def apply_card_special(tx: Tx, player: int, card: str) -> None:
    """Apply the Special Effect of the Action card ``card`` (played this turn, or copied with E7)."""
    special = tx.ctx.catalog.cards_by_id[card].special
    if special is not None:
        resolve(tx, player, special, Source("card", card))


def receive_next(tx: Tx, frame: RewardFrame) -> None:
    """Receive the next effect of a reward (twice when doubled, E5); the frame settles itself (F6)."""
    reward = frame.reward
    first = take_next(tx, reward.effects, lambda rest: RewardFrame(reward=evolve(reward, effects=rest)))
    if first is None:
        return
    for _ in range(2 if reward.double else 1):
        resolve(tx, reward.player, first, reward.source)
