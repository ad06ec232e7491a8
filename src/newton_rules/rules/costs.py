"""The played card's costs (E13, 003 FAQ 2): "First you pay all costs, then you apply all effects."

Every cost an Action card asks for (the boost, a Special Effect that spends coins, Potions, VP or a card)
is paid from what the player held before the card's first effect (its Basic Action or Special Effect).
:class:`~newton_rules.model.frames.TurnFrame` ``held`` records that, as data, when the first effect
starts, and each cost paid later comes off it; the card's own income is never in it. Quick Actions are
not the card's costs: they are paid from anything, the card's income first, so ``held`` only shrinks
when the player ends up holding less than it says.
"""

from __future__ import annotations

from newton_rules.effects.primitives import Amount
from newton_rules.model import events as ev
from newton_rules.model.frames import Holdings, TurnFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Tx
from rules_core.records import evolve


def holdings_of(p: PlayerState) -> Holdings:
    return Holdings(coins=p.coins, potions=p.potions, vp=p.vp, cards=len(p.hand))


def turn_below(state: GameState) -> TurnFrame | None:
    """The turn in which the pending decision is taken (the innermost TurnFrame of the stack)."""
    return next((f for f in reversed(state.stack) if isinstance(f, TurnFrame)), None)


def card_funds(p: PlayerState, turn: TurnFrame | None) -> Holdings:
    """What may pay a cost of the card played in ``turn`` now: what ``p`` holds, but no more than what
    was held before the card's first effect less its costs paid since (E13)."""
    now = holdings_of(p)
    held = turn.held if turn is not None else None
    if held is None:
        return now
    return Holdings(
        coins=min(held.coins, now.coins),
        potions=min(held.potions, now.potions),
        vp=min(held.vp, now.vp),
        cards=min(held.cards, now.cards),
    )


def cards_held_before(p: PlayerState, turn: TurnFrame | None) -> tuple[str, ...]:
    """The cards in ``p``'s hand that may pay a cost of the played card (E8): those held before its
    effects, the first of the hand, never one its own Lessons took (E13)."""
    return p.hand[: card_funds(p, turn).cards]


def can_pay_card_cost(p: PlayerState, turn: TurnFrame | None, cost: Amount) -> bool:
    funds = card_funds(p, turn)
    return funds.coins >= cost.coins and funds.potions >= cost.potions and funds.vp >= cost.vp


def effects_started(turn: TurnFrame, p: PlayerState) -> Holdings:
    """``held`` for a card whose effect starts now: what ``p`` holds, unless an earlier effect recorded it."""
    return turn.held if turn.held is not None else holdings_of(p)


def pay_card_cost(tx: Tx, player: int, cost: Amount, source: Source) -> None:
    """Pay ``cost`` of the card played in the pending turn and take it off what pays the card's costs."""
    turn = tx.state.top
    assert isinstance(turn, TurnFrame), "a card's cost is paid while its turn is the pending decision"
    if turn.held is not None:
        funds = card_funds(tx.player(player), turn)
        left = evolve(
            funds, coins=funds.coins - cost.coins, potions=funds.potions - cost.potions, vp=funds.vp - cost.vp
        )
        tx.update(evolve(turn, held=left))
    tx.gain(player, source, coins=-cost.coins, vp=-cost.vp, potions=-cost.potions)


def discard_card_cost(tx: Tx, player: int, card: str) -> None:
    """Remove ``card``, held before the played card's effects, from the hand as a cost (E8)."""
    turn = tx.state.top
    assert isinstance(turn, TurnFrame), "a card's cost is paid while its turn is the pending decision"
    if turn.held is not None:
        tx.update(evolve(turn, held=evolve(turn.held, cards=turn.held.cards - 1)))
    tx.emit(ev.CardMoved(card=card, src="hand", dst="removed", player=player))
