"""Newton's rule table: every pending decision and the rules module that answers it, in one declaration.

The engine (:class:`rules_core.engine.Ruleset`) asks ``decisions[type(frame)]`` for the legal
actions of the pending decision and applies the chosen one with the same module; reward frames settle
themselves; when nothing is pending, ``flow`` starts the next turn, the End Round or the final scoring.
A game's configuration names its rules version, which selects a table in :data:`RULESETS`.
"""

from __future__ import annotations

from newton_rules.model.actions import ORDER_KEYS, STOP
from newton_rules.model.config import RULES_VERSION
from newton_rules.model.frames import (
    ChooseActionFrame,
    CopyFrame,
    DevelopmentFrame,
    DiscardFrame,
    DiscoveryFrame,
    DraftFrame,
    IncomeFrame,
    LessonsFrame,
    MasterFrame,
    MoveBookFrame,
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
from rules_core.engine import Ruleset

RULES = Ruleset(
    name=RULES_VERSION,
    decisions={
        DraftFrame: (draft.legal, draft.apply),  # S12 Master draft / solo selection
        TurnFrame: (turn.legal, turn.apply),  # F3-F8, Q1-Q4: play a card, Basic Action, Special Effect
        # X5: the tucked special action is offered where Quick Actions are, during an action too
        WorkFrame: special_actions.offered_during(work.legal, work.apply),  # W1-W6
        TechnologyFrame: special_actions.offered_during(technology.legal, technology.apply),  # T1-T7
        TravelFrame: special_actions.offered_during(travel.legal, travel.apply),  # V1-V9
        LessonsFrame: (lessons.legal, lessons.apply),  # L1-L2
        StudyFrame: special_actions.offered_during(study.legal, study.apply),  # B1-B6
        ChooseActionFrame: (masters.choose_legal, masters.choose_apply),  # Paracelsus, Descartes
        MasterFrame: special_actions.offered_during(masters.master_legal, masters.master_apply),  # M1-M4
        MoveBookFrame: (masters.move_book_legal, masters.move_book_apply),  # Hawking
        DevelopmentFrame: (tiles.development_legal, tiles.development_apply),  # Z2
        IncomeFrame: (tiles.income_legal, tiles.income_apply),  # Z3, Z4, C6
        PlaceCubeFrame: (tiles.place_cube_legal, tiles.place_cube_apply),  # C4, C5, Winkelmann
        VolumeFrame: (special_effects.volume_legal, special_effects.volume_apply),  # E2
        VillageFrame: (special_effects.village_legal, special_effects.village_apply),  # E6
        CopyFrame: (special_effects.copy_legal, special_effects.copy_apply),  # E7
        DiscardFrame: (special_effects.discard_legal, special_effects.discard_apply),  # E8
        DiscoveryFrame: (discoveries.legal, discoveries.apply),  # G4: City and Invention tile
        TakeCardFrame: (special_actions.take_legal, special_actions.take_apply),  # X8
        TradeCardFrame: (special_actions.trade_legal, special_actions.trade_apply),  # X8
        RepeatFrame: (special_actions.repeat_legal, special_actions.repeat_apply),  # X8
        TuckFrame: (end_round.tuck_legal, end_round.tuck_apply),  # F9
    },
    automatic={RewardFrame: effects.receive_next},  # F6: rewards received in the order triggered
    flow=flow.advance,  # F1, F2, F7: next turn, End Round, final scoring
    after_apply=(rewards.flush,),  # Options.rewards_timing="immediate"
    transaction=Tx,
    order=ORDER_KEYS.__getitem__,
    forced=STOP,  # a movement with nothing left to do stops by itself
)

# Rules version (GameConfig.rules_version) -> its table.
RULESETS: dict[str, Ruleset] = {RULES.name: RULES}
