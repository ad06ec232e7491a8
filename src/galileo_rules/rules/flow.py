"""The game flow when nothing is pending: setup choices, the next turn (GF1), the end (GF4-GF6, GE1)."""

from __future__ import annotations

from galileo_rules.model import events as ev
from galileo_rules.model.frames import TurnFrame, TychoFrame
from galileo_rules.model.tx import Tx
from galileo_rules.rules.effects import box_refill_allowed, refill_display
from galileo_rules.rules.scoring import final_scoring
from galileo_rules.rules.setup import TYCHO, next_setup_frame


def advance(tx: Tx) -> None:
    state = tx.state
    if state.phase == "setup":
        frame = next_setup_frame(state, tx.ctx)
        if frame is not None:
            tx.push(frame)
        else:
            tx.emit(ev.PhaseChanged(phase="play"))
        return
    seats = len(state.players)
    if state.current is None:
        seat, round_ = state.first_player, 1
    else:
        seat = (state.current + 1) % seats
        round_ = state.round + (1 if seat == state.first_player else 0)
    if state.last_round is not None and round_ > state.last_round:
        final_scoring(tx)
        tx.emit(ev.PhaseChanged(phase="over"))
        return
    tx.emit(ev.TurnStarted(player=seat, round=round_))
    if box_refill_allowed(tx.state, tx.ctx):  # GF6: blank display spaces
        for slot, shown in enumerate(tx.state.display):
            if shown is None:
                refill_display(tx, slot)
    if tx.state.players[seat].astronomer == TYCHO:
        tx.push(TychoFrame(player=seat))
    else:
        tx.push(TurnFrame(player=seat))
