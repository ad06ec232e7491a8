"""A game's configuration: player count, seed, mode and the rulings offered as options."""

from __future__ import annotations

from typing import Literal

import attrs

from galileo_rules.errors import OptionsError

ASTRONOMERS: tuple[str, ...] = ("galileo", "kepler", "copernicus", "bruno")
RULES_VERSION = "galileo-2024"


@attrs.frozen
class Options:
    """The rulings where both readings are reasonable (checklist lines marked "option"); the defaults
    are the rulings of docs/galileo.md."""

    scale_sides: Literal["random", "fixed"] = "random"  # GS5
    astronomers: Literal["choose", "random"] = "choose"  # GS10
    tile_order: Literal["random", "choose"] = "random"  # GS12
    box_refill: Literal["from_trigger", "final_round"] = "from_trigger"  # GF6
    empty_deck_card: Literal["forfeit", "box"] = "forfeit"  # GF7
    unplayed_rotation: Literal["stay", "rotate"] = "stay"  # GT8
    die_cap: bool = True  # GD5: a die value is at most 6
    tribunal_overshoot: Literal["stop", "bonus"] = "stop"  # GI6
    score_floor: Literal["signed", "zero"] = "signed"  # GE6


@attrs.frozen
class GameConfig:
    """``players`` 1 (solo against Tycho Brahe) to 4; ``advanced`` plays the astronomers' abilities (the solo
    game always does); ``first_player`` None draws it from the seed."""

    players: int = 2
    seed: int = 0
    advanced: bool = False
    first_player: int | None = None
    options: Options = Options()
    rules_version: str = RULES_VERSION

    def check(self) -> GameConfig:
        """This configuration, or OptionsError naming what is wrong."""
        if not 1 <= self.players <= 4:
            raise OptionsError(f"players must be 1 (solo) to 4, got {self.players}")
        if self.first_player is not None and not 0 <= self.first_player < self.players:
            raise OptionsError(f"first_player must be a seat 0..{self.players - 1}, got {self.first_player}")
        if self.rules_version != RULES_VERSION:
            raise OptionsError(f"unknown rules_version {self.rules_version!r} (known: {RULES_VERSION})")
        return self

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def seats(self) -> int:
        """Seats at the table: the solo game adds Tycho Brahe as seat 1."""
        return 2 if self.solo else self.players

    @property
    def abilities(self) -> bool:
        return self.advanced or self.solo

    @property
    def deck_players(self) -> str:
        """The deck table column and the Book of Comets section (the solo game plays the 2-player ones)."""
        return str(self.seats)
