"""The rule table: every pending decision and the rules that answer it, declared in one place."""

from __future__ import annotations

from galileo_rules.model.actions import Action, order_key
from galileo_rules.model.config import RULES_VERSION
from galileo_rules.model.frames import (
    CleanupFrame,
    DieFrame,
    EffectsFrame,
    FarewellFrame,
    JumpFrame,
    LectureFrame,
    ObserveFrame,
    PageFrame,
    PayFrame,
    PersuadeFrame,
    RaiseFrame,
    RecolourFrame,
    SetupFrame,
    SwapFrame,
    TurnFrame,
    TychoFrame,
    UpgradeFrame,
    WriteFrame,
)
from galileo_rules.model.tx import Tx
from galileo_rules.rules import cleanup, effects, flow, observe, setup, turn, tycho
from rules_core.engine import Ruleset

STOP = Action("stop")

RULES = Ruleset(
    name=RULES_VERSION,
    decisions={
        SetupFrame: (setup.setup_legal, setup.setup_apply),
        TurnFrame: (turn.turn_legal, turn.turn_apply),
        ObserveFrame: (observe.observe_legal, observe.observe_apply),
        PayFrame: (observe.pay_legal, observe.pay_apply),
        DieFrame: (effects.die_legal, effects.die_apply),
        RaiseFrame: (effects.raise_legal, effects.raise_apply),
        RecolourFrame: (effects.recolour_legal, effects.recolour_apply),
        PersuadeFrame: (effects.persuade_legal, effects.persuade_apply),
        JumpFrame: (effects.jump_legal, effects.jump_apply),
        FarewellFrame: (effects.farewell_legal, effects.farewell_apply),
        LectureFrame: (effects.lecture_legal, effects.lecture_apply),
        WriteFrame: (effects.write_legal, effects.write_apply),
        UpgradeFrame: (effects.upgrade_legal, effects.upgrade_apply),
        SwapFrame: (effects.swap_legal, effects.swap_apply),
        PageFrame: (cleanup.page_legal, cleanup.page_apply),
    },
    automatic={
        EffectsFrame: effects.resolve_next,
        CleanupFrame: cleanup.cleanup_step,
        TychoFrame: tycho.play_turn,
    },
    flow=flow.advance,
    transaction=Tx,
    order=order_key,
    forced=STOP,
)
RULESETS = {RULES.name: RULES}
