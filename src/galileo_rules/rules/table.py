"""The rule table: every kind of pending decision declared once, with its prompt (written here with ``says``, or
the rules module's own when it is computed) and the rules that answer it."""

from __future__ import annotations

from galileo_rules.model import actions as a
from galileo_rules.model.actions import Action
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
from rules_core.actions import ActionKind
from rules_core.decisions import ApplyFn, DecisionKind, LegalFn, PromptFn, says
from rules_core.engine import Ruleset

STOP = Action("stop")


def _declare(
    record: type, prompt: PromptFn, legal: LegalFn, apply: ApplyFn, offers: tuple[ActionKind, ...], rules: str
) -> DecisionKind:
    return DecisionKind(record, prompt, legal, apply, offers=(offers,), rules=rules)


DECISIONS: tuple[DecisionKind, ...] = (
    _declare(
        SetupFrame,
        setup.setup_prompt,
        setup.setup_legal,
        setup.setup_apply,
        (a.ASTRONOMER, a.BENCH, a.PLACE),
        "GS10 GS12 GK4",
    ),
    DecisionKind(
        TurnFrame,
        turn.turn_prompt,
        turn.turn_legal,
        turn.turn_apply,
        offers=((a.MOVE,), (a.FIXED, a.MOVING, a.FREE, a.LIBRARY, a.END_KIND)),
        rules="GF2 GT2-GT6 GQ1 GK7",
    ),
    _declare(
        ObserveFrame,
        says("Observe: choose an object to observe, or stop"),
        observe.observe_legal,
        observe.observe_apply,
        (a.TARGET, a.STOP_KIND),
        "GO1 GO6",
    ),
    _declare(
        PayFrame,
        says("Observe: choose how to pay for the object"),
        observe.pay_legal,
        observe.pay_apply,
        (a.PAY,),
        "GO2-GO5 GC2-GC5",
    ),
    _declare(
        DieFrame,
        says("gain a die: choose its colour (with 4 dice, the die it replaces, or decline)"),
        effects.die_legal,
        effects.die_apply,
        (a.DIE, a.DECLINE_KIND),
        "GD2 GD3",
    ),
    _declare(
        RaiseFrame,
        says("increase one of your dice by {frame.n}"),
        effects.raise_legal,
        effects.raise_apply,
        (a.RAISE,),
        "GD4 GD5",
    ),
    _declare(
        RecolourFrame,
        says("change the colour of one of your dice"),
        effects.recolour_legal,
        effects.recolour_apply,
        (a.RECOLOUR,),
        "GD6",
    ),
    _declare(
        PersuadeFrame,
        says("persuade an Inquisitor one space right ({frame.left} left)"),
        effects.persuade_legal,
        effects.persuade_apply,
        (a.PERSUADE,),
        "GI2",
    ),
    _declare(
        JumpFrame,
        says("move an Inquisitor one space right (persuade) or {frame.n} (jump) ({frame.left} tokens left), or stop"),
        effects.jump_legal,
        effects.jump_apply,
        (a.PERSUADE, a.JUMP, a.STOP_KIND),
        "GK6",
    ),
    _declare(
        FarewellFrame,
        says("take Inquisitor's Farewell, or decline"),
        effects.farewell_legal,
        effects.farewell_apply,
        (a.FAREWELL, a.DECLINE_KIND),
        "GI3",
    ),
    _declare(
        LectureFrame,
        says("choose the Scale to lecture on"),
        effects.lecture_legal,
        effects.lecture_apply,
        (a.LECTURE,),
        "GU1",
    ),
    _declare(
        WriteFrame,
        effects.write_prompt,
        effects.write_legal,
        effects.write_apply,
        (a.WRITE, a.COMPLETE, a.STOP_KIND),
        "GW2-GW6",
    ),
    _declare(
        UpgradeFrame,
        says("choose the Action tile to upgrade"),
        effects.upgrade_legal,
        effects.upgrade_apply,
        (a.UPGRADE,),
        "GT5 GT6",
    ),
    _declare(SwapFrame, effects.swap_prompt, effects.swap_legal, effects.swap_apply, (a.SWAP,), "GK4 GK5"),
    _declare(
        PageFrame,
        says("choose the Book of Comets page for your waiting Comet"),
        cleanup.page_legal,
        cleanup.page_apply,
        (a.PAGE,),
        "GC7",
    ),
    DecisionKind(
        EffectsFrame,
        says("receiving the rewards of {frame.source}"),
        settle=effects.resolve_next,
        rules="GF3: rewards left to right",
    ),
    DecisionKind(CleanupFrame, says("cleanup"), settle=cleanup.cleanup_step, rules="GZ1 GT7 GC7 GI4 GU4"),
    DecisionKind(TychoFrame, says("Tycho Brahe's turn"), settle=tycho.play_turn, rules="GY4-GY8: Tycho Brahe's turn"),
)

RULES = Ruleset(
    name=RULES_VERSION,
    notation=a.NOTATION,
    decisions=DECISIONS,
    flow=flow.advance,
    transaction=Tx,
    action_type=Action.read,  # reads the slot names of the notation as their numbers
    forced=STOP,
)
RULESETS = {RULES.name: RULES}
