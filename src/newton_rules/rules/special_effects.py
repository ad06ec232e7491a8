"""Decisions inside Action card Special Effects: E2 volume, E6 village, E7 copy, E8 discard."""

from __future__ import annotations

from newton_rules.effects.primitives import COLOURS, Amount, DiscardForReward
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import DECLINE, Action
from newton_rules.model.frames import CopyFrame, DiscardFrame, VillageFrame, VolumeFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.costs import can_pay_card_cost, cards_held_before, discard_card_cost, pay_card_cost, turn_below
from newton_rules.rules.effects import Use, apply_card_special, copyable_cards, receive


def volume_legal(state: GameState, ctx: Context, f: VolumeFrame) -> list[Action]:
    return [Action("volume", colour) for colour in COLOURS]


def volume_apply(tx: Tx, f: VolumeFrame, action: Action) -> None:
    colour = next(c for c in COLOURS if c == action.arg)
    tx.pop()
    tx.emit(ev.VolumeChosen(player=f.player, colour=colour))


def village_legal(state: GameState, ctx: Context, f: VillageFrame) -> list[Action]:
    p = state.players[f.player]
    if not can_pay_card_cost(p, turn_below(state), Amount(coins=f.cost)):
        return [DECLINE]
    return [Action("village", v) for v in q.free_villages(state, ctx.catalog, p)] + [DECLINE]


def village_apply(tx: Tx, f: VillageFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "village":
        pay_card_cost(tx, f.player, Amount(coins=f.cost), src.MOVE_TO_VILLAGE)
        tx.emit(ev.PieceMoved(player=f.player, piece="scientist", to=action.arg))


def copy_legal(state: GameState, ctx: Context, f: CopyFrame) -> list[Action]:
    use = Use(state, ctx, f.player, turn_below(state), f.card)
    return [Action("copy", card) for card in copyable_cards(use)] + [DECLINE]


def copy_apply(tx: Tx, f: CopyFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "copy":
        apply_card_special(tx, f.player, action.arg)


def discard_legal(state: GameState, ctx: Context, f: DiscardFrame) -> list[Action]:
    held = cards_held_before(state.players[f.player], turn_below(state))  # E13
    return [Action("discard", card) for card in held] + [DECLINE]


def discard_apply(tx: Tx, f: DiscardFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "discard":
        special = tx.ctx.catalog.cards_by_id[f.card].special
        assert isinstance(special, DiscardForReward)
        discard_card_cost(tx, f.player, action.arg)
        receive(tx, f.player, special.gain, src.Source("card", f.card))
