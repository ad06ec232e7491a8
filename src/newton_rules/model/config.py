"""Game configuration: everything besides the actions that a game is derived from."""

from __future__ import annotations

from typing import Literal

import attrs

from newton_rules.errors import OptionsError

RULES_VERSION = "newton-base-1"
SAVE_FORMAT = 2  # 2 adds the state snapshot
READABLE_FORMATS = (1, 2)


@attrs.frozen(kw_only=True)
class Options:
    """Rule options. Defaults follow docs/rulings.md; each alternative is a documented reading.

    - ``master_draft``: draft the Masters (keep 1, pass the rest left) instead of deal-and-keep (S12).
    - ``rewards_timing``: ``"after_action"`` (F6, FAQ: an action is never interrupted; rewards come when
      it ends) or ``"immediate"`` (each reward as soon as it is triggered, the rulebook's wording).
    - ``invention_actions``: ``"per_item"`` (English rulebook: one value-1 action per item) or
      ``"combined"`` (German rules: one action whose value is the number of items).
    - ``work_coins``: ``"rulebook"`` (W4: fewer coins only when stopping short on a special space) or
      ``"moved"`` (the summary's reading: always one coin per space moved, full value at the end).
    - ``cavendish_pile_bonus``: whether tiles removed by Cavendish give the pile bonus of a pile they empty.
    """

    master_draft: bool = False
    rewards_timing: Literal["after_action", "immediate"] = "after_action"
    invention_actions: Literal["per_item", "combined"] = "per_item"
    work_coins: Literal["rulebook", "moved"] = "rulebook"
    cavendish_pile_bonus: bool = False


@attrs.frozen(kw_only=True)
class GameConfig:
    """Seed, player count, options and rules version: with the action log, the whole truth of a game."""

    players: int
    seed: int
    options: Options = Options()
    rules_version: str = RULES_VERSION

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise OptionsError(f"players must be 1 to 4, got {self.players!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise OptionsError(f"seed must be an integer, got {self.seed!r}")
        if self.rules_version != RULES_VERSION:
            raise OptionsError(f"rules version {self.rules_version!r} is not {RULES_VERSION!r}")
