"""Rewards: held by the action that triggers them until it ends (rule F6), then received in order.

Receiving each effect is :func:`newton_rules.rules.effects.receive_next` (the reward frame settles itself).
"""

from __future__ import annotations

from newton_rules.effects.primitives import Effect
from newton_rules.model.frames import (
    LessonsFrame,
    Reward,
    RewardFrame,
    StudyFrame,
    TechnologyFrame,
    TravelFrame,
    WorkFrame,
)
from newton_rules.model.sources import Source
from newton_rules.model.tx import Tx
from rules_core.records import evolve

ACTION_FRAMES = (WorkFrame, TechnologyFrame, TravelFrame, LessonsFrame, StudyFrame)


def grant(tx: Tx, player: int, effects: tuple[Effect, ...], source: Source, *, double: bool = False) -> None:
    """Give ``effects`` to ``player``: held by the running action (see :func:`flush`), else received now."""
    if not effects:
        return
    reward = Reward(player=player, effects=effects, source=source, double=double)
    top = tx.state.top
    if isinstance(top, ACTION_FRAMES):
        tx.update(evolve(top, rewards=(*top.rewards, reward)))
    else:
        tx.push(RewardFrame(reward=reward))


def flush(tx: Tx) -> None:
    """With ``rewards_timing="immediate"``, receive what the running action collected so far now,
    before its next step, instead of when it ends."""
    top = tx.state.top
    if tx.ctx.config.options.rewards_timing != "immediate" or not isinstance(top, ACTION_FRAMES):
        return
    if top.rewards:
        tx.update(evolve(top, rewards=()))
        for reward in reversed(top.rewards):
            tx.push(RewardFrame(reward=reward))


def end_action(tx: Tx) -> None:
    """Pop the running action frame and receive what it collected, first triggered first."""
    top = tx.state.top
    assert isinstance(top, ACTION_FRAMES)
    tx.pop()
    for reward in reversed(top.rewards):
        tx.push(RewardFrame(reward=reward))
