"""A player's turn (rules F3-F8, Q1-Q4, E1-E12): play a card, its Basic Action and Special Effect,
Quick Actions, end the turn."""

from __future__ import annotations

from newton_rules.components.records import ActionCard
from newton_rules.core.engine import register
from newton_rules.core.records import evolve
from newton_rules.effects.primitives import (
    BASICS,
    Basic,
    ChooseVolume,
    CopyDeskEffect,
    DiscardForReward,
    DoubleBonusTokens,
    Effect,
    Exchange,
    ExtraBookTile,
    ExtraCube,
    Gain,
    IgnoreBookRequirement,
    MoveToVillage,
    VPPerVolume,
    VPPerVolumeTriple,
)
from newton_rules.model import events as ev
from newton_rules.model.actions import END, Action
from newton_rules.model.frames import TurnFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import basic
from newton_rules.rules import queries as q
from newton_rules.rules.special_effects import free_villages

# Special Effects that act once when applied (copyable by E7); the others modify a Basic Action.
IMMEDIATE_EFFECTS = (Gain, Exchange, ChooseVolume, VPPerVolume, VPPerVolumeTriple, DiscardForReward)


def card_basics(card: ActionCard) -> tuple[Basic, ...]:
    """The Basic Actions a card lets you choose: a Joker any (F8), else its symbols."""
    if card.is_joker:
        return BASICS
    return tuple(b for b in BASICS if b in card.symbols)


def action_value(catalog_ctx: Context, p: PlayerState, card: ActionCard, action: Basic, boosted: bool) -> int:
    """F4/F8/Q2: desk symbols of the action (the card included), +1 for a Joker, +1 if boosted."""
    value = q.symbol_count(catalog_ctx.catalog, p, action)
    if card.is_joker:
        value += 1
    return value + (1 if boosted else 0)


def effect_usable(state: GameState, ctx: Context, p: PlayerState, effect: Effect, f: TurnFrame, card: str) -> bool:
    """Whether applying ``effect`` now can do something (and its cost is paid from what ``p`` holds)."""
    match effect:
        case Gain() | ChooseVolume() | VPPerVolume() | VPPerVolumeTriple():
            return True
        case Exchange():
            pay = effect.pay
            return p.coins >= pay.coins and p.potions >= pay.potions and p.vp >= pay.vp
        case DiscardForReward():
            return bool(p.hand)
        case ExtraBookTile() | IgnoreBookRequirement():
            return not f.basic_done and p.coins >= effect.cost
        case MoveToVillage():
            return p.coins >= effect.cost and bool(free_villages(state, ctx, p))
        case CopyDeskEffect():
            return bool(copyable_cards(state, ctx, p, f, card))
        case DoubleBonusTokens() | ExtraCube():
            return False  # act through this card's Basic Action, nothing to apply
    return False


def copyable_cards(state: GameState, ctx: Context, p: PlayerState, f: TurnFrame, card: str) -> list[str]:
    """Other cards on the desk whose immediate Special Effect could be applied now (E7)."""
    cards = ctx.catalog.cards_by_id
    out = []
    for other in p.desk:
        special = cards[other].special
        if other != card and isinstance(special, IMMEDIATE_EFFECTS):
            if effect_usable(state, ctx, p, special, f, other):
                out.append(other)
    return out


def legal(state: GameState, ctx: Context, f: TurnFrame) -> list[Action]:
    p = state.players[f.player]
    catalog = ctx.catalog
    c = catalog.constants
    actions: list[Action] = []
    if f.card is None and p.hand:
        actions += [Action("play", card) for card in p.hand]
    if f.card is not None:
        card = catalog.cards_by_id[f.card]
        if not f.basic_done:
            for action in card_basics(card):
                value = action_value(ctx, p, card, action, f.boosted)
                if basic.can_start(state, ctx, f.player, action, value, f.ignore_requirement):  # E10 paid
                    actions.append(Action("basic", action))
            # F6 (003 FAQ 2): costs before effects, so the boost is paid before the Special Effect too
            if not f.boosted and not f.special_done and p.coins >= c.boost_cost and card_basics(card):
                actions.append(Action("boost"))
        if not f.special_done and card.special is not None:
            if effect_usable(state, ctx, p, card.special, f, f.card):
                actions.append(Action("special"))
    if p.coins >= c.flip_cost:
        actions += [Action("flip", str(level)) for level, deck in enumerate(state.board.decks, 1) if deck]
    if p.coins >= c.potion_cost:
        actions.append(Action("potion"))
    if p.coins >= c.enroll_cost and None in p.students:
        actions.append(Action("enroll"))
    if f.card is not None or not p.hand:
        actions.append(END)
    return actions


def apply(tx: Tx, f: TurnFrame, action: Action) -> None:
    catalog = tx.ctx.catalog
    c = catalog.constants
    player = f.player
    match action.kind:
        case "play":
            tx.emit(ev.CardMoved(card=action.arg, src="hand", dst="desk", player=player))
            tx.update(evolve(f, card=action.arg))
        case "boost":
            tx.gain(player, Source("quick_action", "boost"), coins=-c.boost_cost)
            tx.update(evolve(f, boosted=True))
        case "basic":
            _perform_basic(tx, f, action.arg)
        case "special":
            assert f.card is not None
            tx.update(evolve(f, special_done=True))
            apply_special(tx, player, f.card)
        case "flip":
            tx.gain(player, Source("quick_action", "flip"), coins=-c.flip_cost)
            level = int(action.arg)
            for _ in range(2):
                deck = tx.state.board.decks[level - 1]
                if deck:
                    tx.emit(ev.CardMoved(card=deck[0], src=f"deck:{level}", dst=f"line:{level}"))
        case "potion":
            tx.gain(player, Source("quick_action", "potion"), coins=-c.potion_cost, potions=1)
        case "enroll":
            from newton_rules.rules.effects import enroll_students

            tx.gain(player, Source("quick_action", "enroll"), coins=-c.enroll_cost)
            enroll_students(tx, player, 1)
        case "end":
            tx.pop()


def _perform_basic(tx: Tx, f: TurnFrame, which: str) -> None:
    assert f.card is not None
    card = tx.ctx.catalog.cards_by_id[f.card]
    action = next(b for b in BASICS if b == which)
    value = action_value(tx.ctx, tx.player(f.player), card, action, f.boosted)
    tx.update(evolve(f, basic_done=True))
    special = card.special
    basic.start(
        tx,
        f.player,
        action,
        value,
        from_card=True,
        double_bonus=isinstance(special, DoubleBonusTokens),
        extra_cube_cost=special.cost if isinstance(special, ExtraCube) else None,
        extra_tile=f.extra_tile,
        ignore_requirement=f.ignore_requirement,
    )


def apply_special(tx: Tx, player: int, card_id: str) -> None:
    """Apply the Special Effect of ``card_id`` (played this turn, or copied with E7)."""
    from newton_rules.model.frames import VillageFrame
    from newton_rules.rules.effects import resolve

    special = tx.ctx.catalog.cards_by_id[card_id].special
    top = tx.state.top
    match special:
        case ExtraBookTile():
            assert isinstance(top, TurnFrame)
            tx.gain(player, Source("card", card_id), coins=-special.cost)
            tx.update(evolve(top, extra_tile=True))
        case IgnoreBookRequirement():
            assert isinstance(top, TurnFrame)
            tx.gain(player, Source("card", card_id), coins=-special.cost)
            tx.update(evolve(top, ignore_requirement=True))
        case MoveToVillage():
            tx.push(VillageFrame(player=player, cost=special.cost))
        case None:
            pass
        case _:
            resolve(tx, player, special, Source("card", card_id))


def start_turn(tx: Tx, player: int) -> None:
    tx.push(TurnFrame(player=player))


register(TurnFrame, legal, apply)
