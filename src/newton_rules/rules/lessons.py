"""Lessons (rules L1-L2): take ONE face-up Action card of level up to the value into your hand."""

from __future__ import annotations

from newton_rules.effects.primitives import Effect, PerformTakenCard
from newton_rules.model import events as ev
from newton_rules.model.actions import STOP, Action
from newton_rules.model.frames import ChooseActionFrame, LessonsFrame
from newton_rules.model.state import GameState
from newton_rules.model.tx import Context, Tx
from newton_rules.rules import queries as q
from newton_rules.rules.rewards import end_action
from rules_core.records import evolve


def taken_card_follows(modifiers: tuple[Effect, ...]) -> bool:
    """M4 (its modifier hook): Descartes' Lessons, whose card taken stays in hand and is performed next."""
    return bool(modifiers) and q.modifier(modifiers, PerformTakenCard) is not None


def takeable(state: GameState, value: int) -> list[tuple[int, str]]:
    """(level, card) of every face-up card of level at most ``value``."""
    return [(level, card) for level, line in enumerate(state.board.lines, start=1) if level <= value for card in line]


def legal(state: GameState, ctx: Context, f: LessonsFrame) -> list[Action]:
    return [Action("take", card) for _, card in takeable(state, f.remaining)] + [STOP]


def apply(tx: Tx, f: LessonsFrame, action: Action) -> None:
    if action.kind == "stop":
        end_action(tx)
        return
    level = next(lv for lv, card in takeable(tx.state, f.remaining) if card == action.arg)
    tx.emit(ev.CardMoved(card=action.arg, src=f"line:{level}", dst="hand", player=f.player))
    remaining = f.remaining - level if f.split else 0
    tx.update(evolve(f, remaining=remaining, taken=f.taken + 1))
    if taken_card_follows(f.modifiers):
        # The card stays in hand and its Basic Action follows this Lessons action, whatever value is left.
        end_action(tx)
        tx.push(ChooseActionFrame(player=f.player, value=0, card=action.arg))
        return
    if remaining <= 0:
        end_action(tx)
