"""Game flow (rules F1, F2, F7): whose turn is next, when the round and the game end."""

from __future__ import annotations

from newton_rules.model import events as ev
from newton_rules.model.tx import Tx
from newton_rules.rules import draft, end_round, turn


def advance(tx: Tx) -> None:
    """Run when no decision is pending: start the next turn, End Round, or the next draft pick."""
    state = tx.state
    if state.phase == "draft":
        draft.advance(tx)
    elif state.phase == "action":
        n = len(state.players)
        if state.turn_index < n * tx.ctx.catalog.constants.turns_per_round:
            player = (state.first_player + state.turn_index) % n
            tx.emit(
                ev.FlowChanged(
                    phase="action",
                    round=state.round,
                    first_player=state.first_player,
                    turn_index=state.turn_index + 1,
                )
            )
            turn.start_turn(tx, player)
        else:
            end_round.begin(tx)
    elif state.phase == "end_round":
        end_round.finish(tx)
