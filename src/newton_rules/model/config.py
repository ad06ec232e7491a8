"""Game configuration: everything besides the actions that a game is derived from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

import attrs

from newton_rules.errors import OptionsError

RULES_VERSION = "newton-base-1"
# 2 adds the state snapshot, 3 the identity of the data pack, 4 Descartes' follow-up as a modifier (M4)
SAVE_FORMAT = 4
READABLE_FORMATS = (1, 2, 3, 4)  # the earlier ones upgraded by model.save_formats


RewardsTiming = Literal["after_action", "immediate"]
InventionActions = Literal["per_item", "combined"]
WorkCoins = Literal["rulebook", "moved"]
QuickActions = Literal["action", "turn"]
DiscoveryHalfCost = Literal["up", "down"]


def _flag(_: Any, field: attrs.Attribute[Any], value: Any) -> None:
    """Validator: a bool, never a truthy stand-in (a save holding "yes" must not load as True)."""
    if not isinstance(value, bool):
        raise OptionsError(f"{field.name}: must be True or False, got {value!r}")


def _one_of(choices: Any) -> Any:
    """Validator: one of the values of the ``Literal`` type ``choices``, by type and value."""
    allowed: tuple[object, ...] = get_args(choices)

    def check(_: Any, field: attrs.Attribute[Any], value: Any) -> None:
        if not any(type(value) is type(a) and value == a for a in allowed):
            listing = ", ".join(repr(a) for a in allowed)
            raise OptionsError(f"{field.name}: must be one of {listing}, got {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options. Defaults follow docs/rulings.md; each alternative is a documented reading.

    Every field is checked when the record is made: a bad value raises :class:`OptionsError` naming the
    field and the accepted values, so no game (and no save) is ever made with options no rule reads.

    - ``master_draft``: draft the Masters (keep 1, pass the rest left) instead of deal-and-keep (S12).
    - ``rewards_timing``: ``"after_action"`` (F6, FAQ: an action is never interrupted; rewards come when
      it ends) or ``"immediate"`` (each reward as soon as it is triggered, the rulebook's wording).
    - ``invention_actions``: ``"per_item"`` (English rulebook: one value-1 action per item) or
      ``"combined"`` (German rules: one action whose value is the number of items).
    - ``work_coins``: ``"rulebook"`` (W4: fewer coins only when stopping short on a special space) or
      ``"moved"`` (the summary's reading: always one coin per space moved, full value at the end).
    - ``cavendish_pile_bonus``: whether tiles removed by Cavendish give the pile bonus of a pile they empty.
    - ``quick_actions``: ``"action"`` (Q5: also between the steps of a movement, between the tiles of a
      Study and before a Master a reward triggers) or ``"turn"`` (only before or after the Basic Action).
    - ``auto_potions``: a requirement short of Potions buys the missing ones with coins when it is paid
      (the online edition), so it counts as met when Potions and coins together cover it.
    - ``advanced_lessons``: the expansion module *Advanced Lessons* (X1-X8): its 30 Action cards join the
      three level decks.
    - ``great_discoveries``: the expansion module *Great Discoveries* (G1-G4): the Great Discovery tiles
      and their City, Invention and Objective tiles.
    - ``extra_objectives``: the page of additional Objective tiles (A1) joins the Objective tiles.
    - ``discovery_half_cost``: how the City tile's "half its cost" of a Great Discovery rounds an odd cost:
      ``"up"`` (the player pays at least half) or ``"down"``.
    """

    master_draft: bool = attrs.field(default=False, validator=_flag)
    rewards_timing: RewardsTiming = attrs.field(default="after_action", validator=_one_of(RewardsTiming))
    invention_actions: InventionActions = attrs.field(default="per_item", validator=_one_of(InventionActions))
    work_coins: WorkCoins = attrs.field(default="rulebook", validator=_one_of(WorkCoins))
    cavendish_pile_bonus: bool = attrs.field(default=False, validator=_flag)
    quick_actions: QuickActions = attrs.field(default="action", validator=_one_of(QuickActions))
    auto_potions: bool = attrs.field(default=False, validator=_flag)
    advanced_lessons: bool = attrs.field(default=False, validator=_flag)
    great_discoveries: bool = attrs.field(default=False, validator=_flag)
    extra_objectives: bool = attrs.field(default=False, validator=_flag)
    discovery_half_cost: DiscoveryHalfCost = attrs.field(default="up", validator=_one_of(DiscoveryHalfCost))


def as_options(value: Options | Mapping[str, Any] | None) -> Options:
    """``value`` as :class:`Options`: an ``Options`` as it is, a mapping of field names to values, or None
    for the defaults. Anything else, an unknown name or a bad value raises :class:`OptionsError`."""
    if value is None:
        return Options()
    if isinstance(value, Options):
        return value
    if not isinstance(value, Mapping):
        raise OptionsError(f"options must be an Options or a mapping of option names, got {type(value).__name__}")
    names = {field.name for field in attrs.fields(Options)}
    unknown = sorted(str(key) for key in value if key not in names)
    if unknown:
        raise OptionsError(f"unknown option(s) {', '.join(unknown)} (valid: {', '.join(sorted(names))})")
    return Options(**value)


@attrs.frozen(kw_only=True)
class GameConfig:
    """Seed, player count, options and rules version: with the action log, the whole truth of a game."""

    players: int
    seed: int
    options: Options = Options()
    rules_version: str = RULES_VERSION

    def __attrs_post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 1 <= self.players <= 4:
            raise OptionsError(f"players: must be 1 to 4, got {self.players!r}")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise OptionsError(f"seed: must be an integer, got {self.seed!r}")
        if not isinstance(self.options, Options):
            raise OptionsError(
                f"options: must be an Options, got {type(self.options).__name__} (new_game takes a mapping)"
            )
        if self.rules_version != RULES_VERSION:
            raise OptionsError(f"rules_version: must be {RULES_VERSION!r}, got {self.rules_version!r}")
