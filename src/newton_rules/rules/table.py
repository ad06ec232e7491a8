"""Newton's rule table: every kind of pending decision declared once, with the rules module that answers it.

Each :class:`~rules_core.decisions.DecisionKind` names its record (the frame), its prompt (written
here with ``says``, or computed beside its rules), the rules functions that list and apply its actions, the action
kinds it offers (:mod:`newton_rules.model.actions`) and the rule IDs it implements. The engine
(:class:`rules_core.engine.Ruleset`) is built from them; reward frames settle themselves; when nothing is
pending, ``flow`` starts the next turn, the End Round or the final scoring. The save tags, the action space,
the bounds, the prompts and the views' redaction all read these declarations.
A game's configuration names its rules version, which selects a table in :data:`RULESETS`.
"""

from __future__ import annotations

from newton_rules.model import actions as a
from newton_rules.model.actions import STOP, Action
from newton_rules.model.config import RULES_VERSION
from newton_rules.model.frames import (
    FRAME_TYPES,
    CopyFrame,
    DevelopmentFrame,
    DiscardFrame,
    DiscoveryFrame,
    DraftFrame,
    Frame,
    IncomeFrame,
    LessonsFrame,
    PlaceCubeFrame,
    RepeatFrame,
    RewardFrame,
    StudyFrame,
    TakeCardFrame,
    TechnologyFrame,
    TradeCardFrame,
    TravelFrame,
    TuckFrame,
    TurnFrame,
    VillageFrame,
    VolumeFrame,
    WorkFrame,
)
from newton_rules.model.tx import Tx
from newton_rules.rules import (
    discoveries,
    draft,
    effects,
    end_round,
    flow,
    lessons,
    masters,
    rewards,
    special_actions,
    special_effects,
    study,
    technology,
    tiles,
    travel,
    turn,
    work,
)
from newton_rules.rules.declare import QUICK, decision, decision_during_action
from rules_core.decisions import DecisionKind, says
from rules_core.engine import Ruleset

DECISIONS: tuple[DecisionKind, ...] = (
    decision(DraftFrame, says("choose a Master card to keep"), draft.legal, draft.apply, (a.KEEP,), rules="S12"),
    DecisionKind(
        TurnFrame,
        turn.prompt,
        turn.legal,
        turn.apply,
        offers=((a.PLAY, *QUICK, a.END_KIND), (a.BASIC, a.BOOST, a.SPECIAL, *QUICK, a.USE, a.END_KIND)),
        during=(turn.QUICK_ON_TURN,),
        rules="F3-F8 Q1-Q4",
    ),
    decision_during_action(
        WorkFrame,
        says("Work (value {frame.value}): step the marker ({frame.moved} moved) or stop"),
        work.legal,
        work.apply,
        (a.STEP, a.STOP_KIND, *QUICK, a.USE),
        quick_open=work.between_steps,
        rules="W1-W6",
    ),
    decision_during_action(
        TechnologyFrame,
        technology.prompt,
        technology.legal,
        technology.apply,
        (a.STUDENT, a.STOP_KIND, *QUICK, a.USE),
        (a.STEP, a.STOP_KIND, *QUICK, a.USE),
        quick_open=technology.between_steps,
        rules="T1-T7",
    ),
    decision_during_action(
        TravelFrame,
        says("Travel: move the Scientist ({frame.remaining} left) or stop"),
        travel.legal,
        travel.apply,
        (a.STEP, a.CUBE, a.STOP_KIND, *QUICK, a.USE),
        quick_open=travel.between_steps,
        rules="V1-V9",
    ),
    decision(
        LessonsFrame,
        says("Lessons (value {frame.remaining}): take a face-up card or stop"),
        lessons.legal,
        lessons.apply,
        (a.TAKE, a.STOP_KIND, *QUICK),
        rules="L1-L2",
    ),
    decision_during_action(
        StudyFrame,
        says("Study (value {frame.remaining}): place a Bookshelf tile or stop"),
        study.legal,
        study.apply,
        (a.BOOK, a.STOP_KIND, *QUICK, a.USE),
        quick_open=study.between_tiles,
        rules="B1-B6",
    ),
    DecisionKind(
        RewardFrame, says("receiving rewards"), settle=effects.receive_next, rules="F6: received in the order triggered"
    ),
    decision(
        DevelopmentFrame,
        tiles.development_prompt,
        tiles.development_legal,
        tiles.development_apply,
        (a.TYPE, a.DECLINE_KIND),
        (a.DRAWER, a.DECLINE_KIND),
        rules="Z2",
    ),
    decision(
        IncomeFrame,
        tiles.income_prompt,
        tiles.income_legal,
        tiles.income_apply,
        (a.TYPE, a.DECLINE_KIND),
        (a.INCOME, a.DECLINE_KIND),
        rules="Z3 Z4 C6",
    ),
    decision(
        PlaceCubeFrame,
        tiles.place_cube_prompt,
        tiles.place_cube_legal,
        tiles.place_cube_apply,
        (a.PLACE, a.DECLINE_KIND),
        rules="C4 C5 (Winkelmann)",
    ),
    decision(
        VolumeFrame,
        says("choose the colour of your volume for this round"),
        special_effects.volume_legal,
        special_effects.volume_apply,
        (a.VOLUME,),
        rules="E2",
    ),
    decision(
        VillageFrame,
        says("move your Scientist to a free Village for {frame.cost} coins, or decline"),
        special_effects.village_legal,
        special_effects.village_apply,
        (a.VILLAGE, a.DECLINE_KIND),
        rules="E6",
    ),
    decision(
        CopyFrame,
        says("choose a card on your desk whose Special Effect to apply"),
        special_effects.copy_legal,
        special_effects.copy_apply,
        (a.COPY, a.DECLINE_KIND),
        rules="E7",
    ),
    decision(
        DiscardFrame,
        says("discard a card from your hand, or decline"),
        special_effects.discard_legal,
        special_effects.discard_apply,
        (a.DISCARD, a.DECLINE_KIND),
        rules="E8",
    ),
    decision(
        DiscoveryFrame,
        discoveries.prompt,
        discoveries.legal,
        discoveries.apply,
        (a.DISCOVER, a.DECLINE_KIND),
        rules="G4: City and Invention tile",
    ),
    decision(
        TakeCardFrame,
        special_actions.take_prompt,
        special_actions.take_legal,
        special_actions.take_apply,
        (a.TAKE,),
        rules="X8",
    ),
    decision(
        TradeCardFrame,
        says("discard a card from your hand out of the game, to take an available card"),
        special_actions.trade_legal,
        special_actions.trade_apply,
        (a.DISCARD,),
        rules="X8",
    ),
    decision(
        RepeatFrame,
        special_actions.repeat_prompt,
        special_actions.repeat_legal,
        special_actions.repeat_apply,
        (a.AGAIN,),
        rules="X8",
    ),
    decision(
        TuckFrame,
        says("End Round: choose a played card to tuck under your desk"),
        end_round.tuck_legal,
        end_round.tuck_apply,
        (a.TUCK,),
        rules="F9",
    ),
    *masters.DECISIONS,
)

RULES = Ruleset(
    name=RULES_VERSION,
    notation=a.NOTATION.extended([kind for decision in DECISIONS for kind in decision.action_kinds]),
    decisions=DECISIONS,
    flow=flow.advance,  # F1, F2, F7: next turn, End Round, final scoring
    after_apply=(rewards.flush,),  # Options.rewards_timing="immediate"
    transaction=Tx,
    action_type=Action,
    forced=STOP,  # a movement with nothing left to do stops by itself
)

# The reference decisions' records in the order they are declared (the model's first): the order the
# observation and the protocol's schema list them in, whatever the order of the table.
DECLARED_FRAMES: tuple[type[Frame], ...] = tuple(
    cls for cls in FRAME_TYPES.values() if cls in set(RULES.frame_types.values())
)

# Rules version (GameConfig.rules_version) -> its table.
RULESETS: dict[str, Ruleset] = {RULES.name: RULES}
