"""The Quick Actions a player may take at any moment of their turn (rules Q1, Q3, Q4, Q5).

Turning over cards, buying a Potion and enrolling a Student are legal on the turn itself and, with
``Options.quick_actions="action"`` (the default, Q5: "before, during or after" the Basic Action), inside
an action too: between the steps of a movement on the Map and the tracks, between the Bookshelf tiles of
a Study, and before the Master a reward triggers. The boost (Q2) is not here: it belongs to the played
card and comes only before its Basic Action; the Quick Actions on the turn are offered by
:mod:`newton_rules.rules.turn` (``QUICK_ON_TURN``), which knows when a boost is pending.
"""

from __future__ import annotations

from newton_rules.model import actions as a
from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import discoveries
from newton_rules.rules import queries as q
from rules_core.decisions import Interjection


def quick_actions(state: GameState, ctx: Context, player: int) -> list[Action]:
    """Q1 (a deck with cards, 1 coin), Q3 (3 coins), Q4 (5 coins and a Student in supply); with the Great
    Discoveries, buying and activating a Great Discovery tile (G2, G3)."""
    p = state.players[player]
    c = ctx.catalog.constants
    actions: list[Action] = []
    if p.coins >= c.flip_cost:
        actions += [Action("flip", str(level)) for level, deck in enumerate(state.board.decks, 1) if deck]
    if p.coins >= c.potion_cost:
        actions.append(Action("potion"))
    if p.coins >= c.enroll_cost and None in p.students:
        actions.append(Action("enroll"))
    return actions + discoveries.quick_actions(state, ctx, player)


def quick_actions_during(state: GameState, ctx: Context, player: int) -> list[Action]:
    """The Quick Actions legal inside an action (Q5), or none with ``quick_actions="turn"`` (R5)."""
    if ctx.config.options.quick_actions != "action":
        return []
    return quick_actions(state, ctx, player)


def apply_quick(tx: Tx, player: int, action: Action) -> None:
    """Pay for and perform the Quick Action ``action`` (one of :data:`QUICK_KINDS`)."""
    c = tx.ctx.catalog.constants
    match action.kind:
        case "flip":
            tx.gain(player, Source("quick_action", "flip"), coins=-c.flip_cost)
            level = int(action.arg)
            for _ in range(2):
                deck = tx.state.board.decks[level - 1]
                if deck:
                    tx.emit(ev.CardMoved(card=deck[0], src=f"deck:{level}", dst=f"line:{level}"))
        case "potion":
            buy_potions(tx, player, 1)
        case "enroll":
            tx.gain(player, Source("quick_action", "enroll"), coins=-c.enroll_cost)
            enroll_students(tx, player, 1)
        case "discover" | "activate":
            discoveries.apply_quick(tx, player, action)
        case _:
            raise AssertionError(f"{action} is not a Quick Action")


QUICK_KIND_DECLARATIONS = (a.FLIP, a.POTION, a.ENROLL, a.DISCOVER, a.ACTIVATE)  # Q1, Q3, Q4; G2, G3
QUICK_KINDS = frozenset(kind.name for kind in QUICK_KIND_DECLARATIONS)
# Q5 inside the actions whose declarations in the rule table name them (with the steps at which each is
# open); R5: with quick_actions="turn", none. On the turn they are the turn's interjection (turn.py), which
# keeps a boosted action due.
QUICK_IN_ACTION = Interjection(
    "Quick Actions inside an action", QUICK_KIND_DECLARATIONS, quick_actions_during, apply_quick
)


def buy_potions(tx: Tx, player: int, count: int) -> None:
    """Q3, ``count`` times: 3 coins for a Potion (also what ``auto_potions`` does for a requirement)."""
    if count > 0:
        cost = tx.ctx.catalog.constants.potion_cost
        tx.gain(player, Source("quick_action", "potion"), coins=-cost * count, potions=count)


def enroll_students(tx: Tx, player: int, count: int) -> None:
    """Move up to ``count`` Students from supply to the Technology start space (none left: nothing)."""
    start = tx.ctx.catalog.technology_track.start
    for _ in range(count):
        free = q.free_indices(tx.player(player).students)
        if not free:
            return
        tx.emit(ev.PieceMoved(player=player, piece="student", index=free[0], to=start))
