"""A player's turn (rules F3-F8, Q1-Q4, E1-E12): play a card, its Basic Action and Special Effect,
Quick Actions, end the turn."""

from __future__ import annotations

from newton_rules.components.records import ActionCard
from newton_rules.core.records import evolve
from newton_rules.effects.primitives import BASICS, Basic, DoubleBonusTokens, Effect, ExtraCube, IgnoreBookRequirement
from newton_rules.model import events as ev
from newton_rules.model.actions import END, Action
from newton_rules.model.frames import TurnFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import basic
from newton_rules.rules import queries as q
from newton_rules.rules.effects import apply_card_special, card_special_usable, enroll_students

# Special Effects that act through the card's Basic Action whenever it is performed, with no cost to pay.
FREE_MODIFIERS = (DoubleBonusTokens, ExtraCube)


def card_basics(card: ActionCard) -> tuple[Basic, ...]:
    """The Basic Actions a card lets you choose: a Joker any (F8), else its symbols."""
    if card.is_joker:
        return BASICS
    return tuple(b for b in BASICS if b in card.symbols)


def action_value(ctx: Context, p: PlayerState, card: ActionCard, action: Basic, boosted: bool) -> int:
    """F4/F8/Q2: desk symbols of the action (the card included), +1 for a Joker, +1 if boosted."""
    value = q.symbol_count(ctx.catalog, p, action)
    if card.is_joker:
        value += 1
    return value + (1 if boosted else 0)


def basic_modifiers(card: ActionCard, f: TurnFrame) -> tuple[Effect, ...]:
    """The card's Special Effects that change its Basic Action: those paid this turn, and E5 / E11."""
    free = (card.special,) if isinstance(card.special, FREE_MODIFIERS) else ()
    return (*f.modifiers, *free)


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
            ignore = q.modifier(f.modifiers, IgnoreBookRequirement) is not None  # E10 paid
            for action in card_basics(card):
                value = action_value(ctx, p, card, action, f.boosted)
                if basic.can_start(state, ctx, f.player, action, value, ignore):
                    actions.append(Action("basic", action))
            # F6 (003 FAQ 2): costs before effects, so the boost is paid before the Special Effect too
            if not f.boosted and not f.special_done and p.coins >= c.boost_cost and card_basics(card):
                actions.append(Action("boost"))
        if not f.special_done and card_special_usable(state, ctx, f, f.card):
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
    c = tx.ctx.catalog.constants
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
            apply_card_special(tx, player, f.card)
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
    basic.start(tx, f.player, action, value, modifiers=basic_modifiers(card, f))


def start_turn(tx: Tx, player: int) -> None:
    tx.push(TurnFrame(player=player))
