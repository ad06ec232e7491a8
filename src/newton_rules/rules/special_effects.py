"""Decisions inside Action card Special Effects: E2 volume, E6 village, E7 copy, E8 discard."""

from __future__ import annotations

from newton_rules.core.engine import register
from newton_rules.effects.primitives import COLOURS, DiscardForReward
from newton_rules.model import events as ev
from newton_rules.model import sources as src
from newton_rules.model.actions import DECLINE, Action
from newton_rules.model.frames import CopyFrame, DiscardFrame, TurnFrame, VillageFrame, VolumeFrame
from newton_rules.model.state import GameState, PlayerState
from newton_rules.model.tx import Context, Tx


def free_villages(state: GameState, ctx: Context, p: PlayerState) -> list[str]:
    """Villages without a Bonus token, other than where the Scientist stands (E6)."""
    tokens = {space for space, _ in state.board.bonus}
    return [s.id for s in ctx.catalog.map.spaces if s.kind == "village" and s.id not in tokens and s.id != p.scientist]


def volume_legal(state: GameState, ctx: Context, f: VolumeFrame) -> list[Action]:
    return [Action("volume", colour) for colour in COLOURS]


def volume_apply(tx: Tx, f: VolumeFrame, action: Action) -> None:
    colour = next(c for c in COLOURS if c == action.arg)
    tx.pop()
    tx.emit(ev.VolumeChosen(player=f.player, colour=colour))


def village_legal(state: GameState, ctx: Context, f: VillageFrame) -> list[Action]:
    p = state.players[f.player]
    if p.coins < f.cost:
        return [DECLINE]
    return [Action("village", v) for v in free_villages(state, ctx, p)] + [DECLINE]


def village_apply(tx: Tx, f: VillageFrame, action: Action) -> None:
    tx.pop()
    if action.kind == "village":
        tx.gain(f.player, src.MOVE_TO_VILLAGE, coins=-f.cost)
        tx.emit(ev.PieceMoved(player=f.player, piece="scientist", to=action.arg))


def copy_legal(state: GameState, ctx: Context, f: CopyFrame) -> list[Action]:
    from newton_rules.rules.turn import copyable_cards

    turn = next(fr for fr in reversed(state.stack) if isinstance(fr, TurnFrame))
    p = state.players[f.player]
    return [Action("copy", card) for card in copyable_cards(state, ctx, p, turn, f.card)] + [DECLINE]


def copy_apply(tx: Tx, f: CopyFrame, action: Action) -> None:
    from newton_rules.rules.turn import apply_special

    tx.pop()
    if action.kind == "copy":
        apply_special(tx, f.player, action.arg)


def discard_legal(state: GameState, ctx: Context, f: DiscardFrame) -> list[Action]:
    return [Action("discard", card) for card in state.players[f.player].hand] + [DECLINE]


def discard_apply(tx: Tx, f: DiscardFrame, action: Action) -> None:
    from newton_rules.rules.effects import receive

    tx.pop()
    if action.kind == "discard":
        special = tx.ctx.catalog.cards_by_id[f.card].special
        assert isinstance(special, DiscardForReward)
        tx.emit(ev.CardMoved(card=action.arg, src="hand", dst="removed", player=f.player))
        receive(tx, f.player, special.gain, src.Source("card", f.card))


register(VolumeFrame, volume_legal, volume_apply)
register(VillageFrame, village_legal, village_apply)
register(CopyFrame, copy_legal, copy_apply)
register(DiscardFrame, discard_legal, discard_apply)
