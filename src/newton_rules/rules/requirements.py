"""Paying a requirement (rules R1-R5): Potions stand in for the volumes or places a player lacks.

Whether a requirement can be met is a query (:func:`newton_rules.rules.queries.can_meet`); paying it is
this one step, shared by book spaces (B1), the Objective spaces of the tracks (W5, T6) and the Map (V6).
"""

from __future__ import annotations

from newton_rules.components.records import Requirement
from newton_rules.model.sources import Source
from newton_rules.model.tx import Tx
from newton_rules.rules import queries as q


def pay_requirement(tx: Tx, player: int, requirement: Requirement | None, source: Source) -> None:
    """Spend the Potions ``player`` needs to meet ``requirement`` now (nothing if it is met or None)."""
    if requirement is None:
        return
    potions = q.potions_needed(tx.ctx.catalog, tx.state, tx.player(player), requirement)
    tx.gain(player, source, potions=-potions)
