"""Master selection (rule S12): deal and keep, the draft (keep 1, pass left), solo (draw 6, keep 4)."""

from __future__ import annotations

from newton_rules.model import events as ev
from newton_rules.model.actions import Action
from newton_rules.model.frames import DraftFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx


def advance(tx: Tx) -> None:
    """Next pick, or pass the hands on, or end the selection and start round 1."""
    state = tx.state
    keep = tx.ctx.catalog.constants.masters_per_player
    solo = len(state.players) == 1
    for p in state.players:
        picks_due = keep if solo else state.draft_pass + 1
        if p.draft and len(p.masters) < min(picks_due, keep):
            tx.push(DraftFrame(player=p.seat))
            return
    if not solo and any(p.draft for p in state.players) and all(len(p.masters) < keep for p in state.players):
        tx.emit(ev.DraftPassed())
        return
    tx.emit(ev.DraftEnded())
    tx.emit(ev.FlowChanged(phase="action", round=1, first_player=state.first_player, turn_index=0))


def legal(state: GameState, ctx: Context, f: DraftFrame) -> list[Action]:
    return [Action("keep", m) for m in state.players[f.player].draft]


def apply(tx: Tx, f: DraftFrame, action: Action) -> None:
    tx.pop()
    tx.emit(ev.MasterKept(player=f.player, master=action.arg))
