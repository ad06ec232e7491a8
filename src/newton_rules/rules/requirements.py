"""Meeting and paying a requirement (rules R1-R5): Potions stand in for the volumes or places a player lacks.

How many Potions a requirement needs is a query (:func:`newton_rules.rules.queries.potions_needed`).
Which Potions may pay them is here: those held, and with ``Options.auto_potions`` (the online edition)
also those the player's coins can buy on the spot; paying is one step, shared by book spaces (B1), the
Objective spaces of the tracks (W5, T6) and the Map (V6).
"""

from __future__ import annotations

from newton_rules.components.records import Requirement
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.quick import buy_potions


def potions_within_reach(ctx: Context, p: PlayerState, coins_spent: int = 0) -> int:
    """Potions ``p`` can spend on a requirement: those held, plus with ``auto_potions`` those the coins
    left after ``coins_spent`` (e.g. the route of the step being checked) buy at the Q3 price."""
    if not ctx.config.options.auto_potions:
        return p.potions
    return p.potions + max(0, p.coins - coins_spent) // ctx.catalog.constants.potion_cost


def can_meet(ctx: Context, state: GameState, p: PlayerState, req: Requirement | None, coins_spent: int = 0) -> bool:
    """Whether ``p`` meets ``req`` now, Potions standing in for what is missing (None: no requirement)."""
    if req is None:
        return True
    return q.potions_needed(ctx.catalog, state, p, req) <= potions_within_reach(ctx, p, coins_spent)


def pay_requirement(tx: Tx, player: int, requirement: Requirement | None, source: Source) -> None:
    """Spend the Potions ``player`` needs to meet ``requirement`` now (nothing if it is met or None);
    with ``auto_potions`` first buy those missing (Q3 events, as if bought just before)."""
    if requirement is None:
        return
    potions = q.potions_needed(tx.ctx.catalog, tx.state, tx.player(player), requirement)
    if tx.ctx.config.options.auto_potions:
        buy_potions(tx, player, potions - tx.player(player).potions)
    tx.gain(player, source, potions=-potions)
