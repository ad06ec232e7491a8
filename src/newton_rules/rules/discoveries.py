"""Great Discoveries (G1-G4): the Great Discovery tiles on the table and in front of their owners.

Buying an available tile (paying its cost) and activating a face-up one (its VP, then face down) are
additional Quick Actions: :mod:`newton_rules.rules.quick` offers them wherever it offers the others.
Face up, a tile's volumes count like a played Master's (:func:`newton_rules.rules.queries.volumes`) and
its income comes at every End Round. A City tile gives one at half its cost, an Invention tile for free
(G4): :class:`~newton_rules.model.frames.DiscoveryFrame`.
"""

from __future__ import annotations

from typing import Literal

from newton_rules.components.records import GreatDiscovery
from newton_rules.effects.primitives import Amount
from newton_rules.model import events as ev
from newton_rules.model.actions import DECLINE, Action
from newton_rules.model.frames import DiscoveryFrame
from newton_rules.model.sources import Source
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q

Price = Literal["full", "half", "free"]
DISCOVERY_KINDS = frozenset({"discover", "activate"})


def _half(n: int, rounding: str) -> int:
    return (n + 1) // 2 if rounding == "up" else n // 2


def price_of(ctx: Context, tile: GreatDiscovery, price: Price) -> Amount:
    """What taking ``tile`` costs: its cost, nothing, or half of it rounded as ``discovery_half_cost`` says."""
    if price == "full":
        return tile.cost
    if price == "free":
        return Amount()
    rounding = ctx.config.options.discovery_half_cost
    cost = tile.cost
    return Amount(coins=_half(cost.coins, rounding), vp=_half(cost.vp, rounding), potions=_half(cost.potions, rounding))


def _can_pay(p: PlayerState, amount: Amount) -> bool:
    return p.coins >= amount.coins and p.vp >= amount.vp and p.potions >= amount.potions


def takeable(state: GameState, ctx: Context, player: int, price: Price) -> list[str]:
    """The available tiles ``player`` can pay at ``price``, in table order."""
    p = state.players[player]
    tiles = ctx.catalog.discoveries_by_id
    return [t for t in state.board.discoveries if _can_pay(p, price_of(ctx, tiles[t], price))]


def quick_actions(state: GameState, ctx: Context, player: int) -> list[Action]:
    """G2 and G3 as Quick Actions: buy an available tile you can pay, activate one of yours face up."""
    if not ctx.config.options.great_discoveries:
        return []
    buy = [Action("discover", t) for t in takeable(state, ctx, player, "full")]
    return buy + [Action("activate", t) for t in state.players[player].discoveries]


def apply_quick(tx: Tx, player: int, action: Action) -> None:
    """Perform ``discover X`` (G2) or ``activate X`` (G3) as a Quick Action."""
    if action.kind == "discover":
        take(tx, player, action.arg, "full")
    else:
        activate(tx, player, action.arg)


def take(tx: Tx, player: int, tile_id: str, price: Price) -> None:
    """Pay ``price`` of the tile's cost and place it face up in front of ``player``."""
    cost = price_of(tx.ctx, tx.ctx.catalog.discoveries_by_id[tile_id], price)
    tx.gain(player, Source("great_discovery", tile_id), coins=-cost.coins, vp=-cost.vp, potions=-cost.potions)
    tx.emit(ev.DiscoveryTaken(player=player, tile=tile_id))


def activate(tx: Tx, player: int, tile_id: str) -> None:
    """G3: receive the VP of the tile's symbol, then turn it face down (its permanent effect ends)."""
    gain = q.discovery_gain(tx.ctx.catalog, tx.state, tx.player(player), tile_id)
    tx.gain(player, Source("great_discovery", tile_id), coins=gain.coins, vp=gain.vp, potions=gain.potions)
    tx.emit(ev.DiscoveryActivated(player=player, tile=tile_id))


def pay_income(tx: Tx, seat: int) -> None:
    """F11 with G2: the income of each face-up Great Discovery tile of ``seat``."""
    tiles = tx.ctx.catalog.discoveries_by_id
    for tile_id in tx.player(seat).discoveries:
        income = tiles[tile_id].income
        tx.gain(seat, Source("great_discovery", tile_id), coins=income.coins, vp=income.vp, potions=income.potions)


def legal(state: GameState, ctx: Context, f: DiscoveryFrame) -> list[Action]:
    """G4: take a tile at the frame's price (one the player can pay), or decline."""
    return [Action("discover", t) for t in takeable(state, ctx, f.player, f.price)] + [DECLINE]


def apply(tx: Tx, f: DiscoveryFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "discover":
        take(tx, f.player, action.arg, f.price)


def prompt(state: GameState, frame: DiscoveryFrame) -> str:
    """What a City or Invention tile's Great Discovery asks (G4)."""
    if frame.price == "half":
        return "take an available Great Discovery tile paying half its cost, or decline"
    return "take an available Great Discovery tile for free, or decline"
