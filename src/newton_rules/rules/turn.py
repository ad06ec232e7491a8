"""A player's turn (rules F3-F8, Q1-Q6, E1-E13): play a card, its Basic Action and Special Effect,
Quick Actions, end the turn.

The boost (Q2, Q6) is bound to the Basic Action it raises: it is offered only when one of the card's
Basic Actions can be performed at the raised value, and once paid the turn goes on only through that
action (``basic``, with Quick Actions before it), so its 2 coins are never spent for nothing.
"""

from __future__ import annotations

from newton_rules.components.records import ActionCard
from newton_rules.effects.primitives import BASICS, Amount, Basic, Effect
from newton_rules.model import events as ev
from newton_rules.model.actions import END, Action
from newton_rules.model.frames import TurnFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import basic, study
from newton_rules.rules import queries as q
from newton_rules.rules.costs import can_pay_card_cost, effects_started, pay_card_cost
from newton_rules.rules.effects import apply_card_special, card_special_usable, effect_class
from newton_rules.rules.quick import QUICK_KIND_DECLARATIONS, apply_quick, quick_actions
from newton_rules.rules.special_actions import apply_use, usable_special_action
from rules_core.decisions import Interjection
from rules_core.records import evolve


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
    """The card's Special Effects that change its Basic Action: those paid this turn (E4, E10), and E5 / E11."""
    special = card.special
    free = (special,) if special is not None and effect_class(special) == "free_modifier" else ()
    return (*f.modifiers, *free)


def performable_basics(state: GameState, ctx: Context, f: TurnFrame, card: ActionCard, boosted: bool) -> list[Basic]:
    """The card's Basic Actions that can be performed now (at the raised value if ``boosted``)."""
    p = state.players[f.player]
    ignore = study.no_book_requirement(f.modifiers)
    return [
        action
        for action in card_basics(card)
        if basic.can_start(state, ctx, f.player, action, action_value(ctx, p, card, action, boosted), ignore)
    ]


def _card_actions(state: GameState, ctx: Context, f: TurnFrame, card: ActionCard) -> list[Action]:
    """What the played card still offers: its Basic Actions, the boost before them, its Special Effect."""
    p = state.players[f.player]
    actions: list[Action] = []
    if not f.basic_done:
        actions += [Action("basic", b) for b in performable_basics(state, ctx, f, card, f.boosted)]
        if f.boosted:
            return actions  # Q6: the boost is paid, so its Basic Action comes next (Quick Actions aside)
        boost = Amount(coins=ctx.catalog.constants.boost_cost)
        # Q6: only for an action that can be performed; E13: paid from what was held before the effects
        if can_pay_card_cost(p, f, boost) and performable_basics(state, ctx, f, card, boosted=True):
            actions.append(Action("boost"))
    if not f.special_done and card_special_usable(state, ctx, f, card.id):
        actions.append(Action("special"))
    return actions


def legal(state: GameState, ctx: Context, f: TurnFrame) -> list[Action]:
    p = state.players[f.player]
    actions: list[Action] = []
    if f.card is None and p.hand:
        actions += [Action("play", card) for card in p.hand]
    card_actions = _card_actions(state, ctx, f, ctx.catalog.cards_by_id[f.card]) if f.card is not None else []
    actions += card_actions
    actions += usable_special_action(state, ctx, f, during=False)  # X5: before or after the Basic Action
    # Q6: no `end` between the boost and its action (the Quick Actions offered never take it away).
    boost_pending = f.boosted and not f.basic_done and any(a.kind == "basic" for a in card_actions)
    if (f.card is not None or not p.hand) and not boost_pending:
        actions.append(END)
    return actions


def quick_actions_on_turn(state: GameState, ctx: Context, player: int) -> list[Action]:
    """Q1-Q4 on the turn. Once the boost is paid, its Basic Action stays due (Q6, R5): a Quick Action that
    would leave it impossible is not offered (with ``auto_potions``, coins spent can leave a requirement
    unpaid, R19)."""
    actions = quick_actions(state, ctx, player)
    f = state.top
    if not isinstance(f, TurnFrame) or not f.boosted or f.basic_done or f.card is None:
        return actions
    card = ctx.catalog.cards_by_id[f.card]
    return [
        action for action in actions if performable_basics(_after_quick(state, ctx, player, action), ctx, f, card, True)
    ]


def _after_quick(state: GameState, ctx: Context, player: int, action: Action) -> GameState:
    tx = Tx(state, ctx)
    apply_quick(tx, player, action)
    return tx.state


QUICK_ON_TURN = Interjection("Quick Actions", QUICK_KIND_DECLARATIONS, quick_actions_on_turn, apply_quick)


def apply(tx: Tx, f: TurnFrame, action: Action) -> None:
    player = f.player
    match action.kind:
        case "use":
            apply_use(tx, player, action.arg)
        case "play":
            tx.emit(ev.CardMoved(card=action.arg, src="hand", dst="desk", player=player))
            tx.update(evolve(f, card=action.arg))
        case "boost":
            pay_card_cost(
                tx, player, Amount(coins=tx.ctx.catalog.constants.boost_cost), Source("quick_action", "boost")
            )
            top = tx.state.top
            assert isinstance(top, TurnFrame)
            tx.update(evolve(top, boosted=True))
        case "basic":
            _perform_basic(tx, f, action.arg)
        case "special":
            assert f.card is not None
            tx.update(evolve(f, special_done=True, held=effects_started(f, tx.player(player))))
            apply_card_special(tx, player, f.card)
        case "end":
            tx.pop()


def _perform_basic(tx: Tx, f: TurnFrame, which: str) -> None:
    assert f.card is not None
    card = tx.ctx.catalog.cards_by_id[f.card]
    action = next(b for b in BASICS if b == which)
    value = action_value(tx.ctx, tx.player(f.player), card, action, f.boosted)
    f = evolve(f, basic_done=True, held=effects_started(f, tx.player(f.player)))
    if tx.ctx.config.options.advanced_lessons:  # X7: what a special action's condition reads
        f = evolve(f, performed=action, performed_value=value)
    tx.update(f)
    basic.start(tx, f.player, action, value, modifiers=basic_modifiers(card, f))


def start_turn(tx: Tx, player: int) -> None:
    tx.push(TurnFrame(player=player))


def prompt(state: GameState, frame: TurnFrame) -> str:
    """What a turn asks: play a card, then its actions or the end of the turn."""
    if frame.card is None:
        return f"round {state.round}: play an Action card (Quick Actions allowed)"
    return f"round {state.round}: perform the Basic Action / Special Effect of {frame.card}, or end the turn"
