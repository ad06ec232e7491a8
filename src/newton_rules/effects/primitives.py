"""The effect primitives. Each is a frozen attrs class; in data files it is an object with a ``type`` key.

Every primitive is named for what it does to the game, not for the component that carries it:
Giordano Bruno and a City tile both carry ``Gain``; Boyle, Copernicus and an Invention tile all carry
``PerformAction`` with different parameters.
"""

from __future__ import annotations

from typing import Literal

import attrs

__all__ = [
    "BASICS",
    "COLOURS",
    "EFFECT_TAGS",
    "EFFECT_TYPES",
    "Amount",
    "Basic",
    "ChooseVolume",
    "Colour",
    "CopyDeskEffect",
    "Counter",
    "DiscardForReward",
    "DiscoveryPrice",
    "DoubleBonusTokens",
    "Effect",
    "EnrollStudent",
    "Exchange",
    "ExtraBookTile",
    "ExtraCube",
    "Gain",
    "IgnoreBookRequirement",
    "IncomeBonus",
    "IncomeKind",
    "MedicineCity",
    "MoveBookTile",
    "MoveToVillage",
    "NoEffect",
    "ObjectiveVP",
    "PerCount",
    "PerformAction",
    "PermanentVolumes",
    "PlaceCube",
    "PlayMaster",
    "RemoveBookTiles",
    "RepeatBonusToken",
    "RepeatCity",
    "RepeatMaster",
    "TakeCard",
    "TakeDevelopment",
    "TakeGreatDiscovery",
    "TakeIncome",
    "TradeCard",
    "VPPerVolume",
    "VPPerVolumeTriple",
]

Basic = Literal["work", "technology", "travel", "lessons", "study"]
BASICS: tuple[Basic, ...] = ("work", "technology", "travel", "lessons", "study")
Colour = Literal["blue", "green", "orange"]
COLOURS: tuple[Colour, ...] = ("blue", "green", "orange")
IncomeKind = Literal["vp", "coins", "potion"]

# What a per-item effect or an Objective tile counts. The names are the vocabulary of data files.
Counter = Literal[
    # base game
    "coins",
    "potions",
    "bonus_tokens",
    "universities_visited",
    "ancient_lands_visited",
    "students_at_path_ends",
    "masters_played",
    "book_tiles_placed",
    "different_volume_sets",
    "non_starting_cards",
    "completed_book_lines",
    # additional Objective tiles (expansion)
    "students_in_supply",
    "masters_unplayed",
    "cubes_unplaced",
    "book_tiles_unplaced",
    "objectives_unoccupied",
    "universities_unvisited",
    "empty_income_spaces",
    "work_special_spaces_unreached",
    # Great Discoveries (expansion): the Great Discovery tiles a player has, face up and face down
    "great_discoveries",
]
# What a tile that gives a Great Discovery charges for it (G4): half its cost, or nothing.
DiscoveryPrice = Literal["half", "free"]


@attrs.frozen(kw_only=True)
class Amount:
    """A bundle of the three counted resources."""

    coins: int = 0
    vp: int = 0
    potions: int = 0

    def is_zero(self) -> bool:
        return self.coins == 0 and self.vp == 0 and self.potions == 0

    def scaled(self, factor: int) -> Amount:
        return Amount(coins=self.coins * factor, vp=self.vp * factor, potions=self.potions * factor)


@attrs.frozen(kw_only=True)
class Gain:
    """Receive coins, Victory Points and/or Potions."""

    coins: int = 0
    vp: int = 0
    potions: int = 0

    @property
    def amount(self) -> Amount:
        return Amount(coins=self.coins, vp=self.vp, potions=self.potions)


@attrs.frozen(kw_only=True)
class Exchange:
    """Spend ``pay`` to receive ``gain`` (Action card Special Effect, rule E1)."""

    pay: Amount
    gain: Amount


@attrs.frozen(kw_only=True)
class EnrollStudent:
    """Place Students from your supply on the Technology start space (none if the supply is empty)."""

    count: int = 1


@attrs.frozen(kw_only=True)
class PerformAction:
    """Perform a Basic Action of at most ``value``; never boosted, desk symbols never added.

    ``action`` None lets the player choose the action (Paracelsus). ``split`` lets the value be spread
    over several tiles / cards / Students (Boyle, Browne, Halley). ``then_perform_taken``: the Action card
    a Lessons action takes stays in hand and its Basic Action follows, as if played on the desk (Descartes).
    """

    action: Basic | None
    value: int
    split: bool = False
    no_coins: bool = False
    ignore_requirements: bool = False
    free_travel: bool = False
    cube_on_each_pass: bool = False
    then_perform_taken: bool = False


@attrs.frozen(kw_only=True)
class PerCount:
    """For each item counted by ``counter``: receive ``gain`` and perform ``action`` of ``action_value``.

    How a per-item action is performed (one action of value 1 per item, or one action whose value is
    the count) is the option ``Options.invention_actions`` (see docs/rulings.md).
    """

    counter: Counter
    gain: Amount = Amount()
    action: Basic | None = None
    action_value: int = 1


@attrs.frozen(kw_only=True)
class PlayMaster:
    """Play one of your Master cards (you choose which)."""


@attrs.frozen(kw_only=True)
class TakeDevelopment:
    """Take a Development tile of ``action`` (None: your choice of type) into a free drawer."""

    action: Basic | None = None


@attrs.frozen(kw_only=True)
class TakeIncome:
    """Take an Income tile of ``kind`` (None: your choice of type) into a free income space."""

    kind: IncomeKind | None = None


@attrs.frozen(kw_only=True)
class PlaceCube:
    """Pay ``cost`` coins and place a Travel cube on a space of ``where`` of your choice."""

    where: Literal["university", "ancient_land", "any"]
    cost: int = 0


@attrs.frozen(kw_only=True)
class MedicineCity:
    """First Medicine City: take a Medicine Income tile (1 VP side); second: flip it to 3 VP."""


@attrs.frozen(kw_only=True)
class PermanentVolumes:
    """Volumes always available to you; ``colour`` None is a volume of any colour, chosen at each use."""

    colour: Colour | None
    count: int = 1


@attrs.frozen(kw_only=True)
class RemoveBookTiles:
    """Permanently remove the top ``count`` Bookshelf tiles from your supply (Cavendish)."""

    count: int = 2


@attrs.frozen(kw_only=True)
class MoveBookTile:
    """Move one placed Bookshelf tile to another free book space, ignoring its requirement (Hawking)."""


@attrs.frozen(kw_only=True)
class NoEffect:
    """Nothing happens (Hooke)."""


@attrs.frozen(kw_only=True)
class ChooseVolume:
    """One volume of your choice for the rest of the round (E2)."""


@attrs.frozen(kw_only=True)
class VPPerVolume:
    """1 VP per volume of ``colour`` you have on your desk and played Masters; no Potions (E3)."""

    colour: Colour
    vp: int = 1


@attrs.frozen(kw_only=True)
class VPPerVolumeTriple:
    """``vp`` per set of 3 identical volumes you have; no Potions (E9)."""

    vp: int = 4


@attrs.frozen(kw_only=True)
class ExtraBookTile:
    """Spend ``cost`` coins, held before the action, to place a second Bookshelf tile in this Study (E4)."""

    cost: int = 3


@attrs.frozen(kw_only=True)
class DoubleBonusTokens:
    """Bonus tokens collected by this card's Technology action give their effect twice (E5)."""


@attrs.frozen(kw_only=True)
class MoveToVillage:
    """Spend ``cost`` coins to move your Scientist to a Village without a Bonus token (E6)."""

    cost: int = 2


@attrs.frozen(kw_only=True)
class CopyDeskEffect:
    """Apply the Special Effect of another card on your desk (E7)."""


@attrs.frozen(kw_only=True)
class DiscardForReward:
    """Discard a card from your hand out of the game and receive ``gain`` (E8)."""

    gain: Amount


@attrs.frozen(kw_only=True)
class IgnoreBookRequirement:
    """Spend ``cost`` coins to ignore the book space requirement of this Study action (E10)."""

    cost: int = 4


@attrs.frozen(kw_only=True)
class ExtraCube:
    """Spend ``cost`` coins once to place a cube on a valid place passed through in this Travel (E11)."""

    cost: int = 2


@attrs.frozen(kw_only=True)
class TakeGreatDiscovery:
    """Take an available Great Discovery tile, paying ``price`` of its cost (G4: City and Invention tile)."""

    price: DiscoveryPrice


# -- Advanced Lessons special actions (X8) -----------------------------------------------------------------


@attrs.frozen(kw_only=True)
class TakeCard:
    """Take an available (face-up) Action card of ``level`` (None: any level) into your hand."""

    level: int | None = None


@attrs.frozen(kw_only=True)
class TradeCard:
    """Discard a card from your hand out of the game (any level, a Starting card too), then take an
    available Action card of any level."""


@attrs.frozen(kw_only=True)
class IncomeBonus:
    """Receive, now, the income of one Income tile (or the Medicine tile) on your Study board."""


@attrs.frozen(kw_only=True)
class RepeatBonusToken:
    """Apply the effect of one of your Bonus tokens again."""


@attrs.frozen(kw_only=True)
class RepeatCity:
    """Apply the effect of a City tile where you have a Travel cube again; a Medicine City when you have
    visited only one turns your Medicine tile to its other side."""


@attrs.frozen(kw_only=True)
class RepeatMaster:
    """Apply the immediate effects of one of the Master cards you have played again."""


@attrs.frozen(kw_only=True)
class ObjectiveVP:
    """Receive, now, the VP an Objective tile you occupy would score at the end of the game."""


Effect = (
    Gain
    | Exchange
    | EnrollStudent
    | PerformAction
    | PerCount
    | PlayMaster
    | TakeDevelopment
    | TakeIncome
    | PlaceCube
    | MedicineCity
    | PermanentVolumes
    | RemoveBookTiles
    | MoveBookTile
    | NoEffect
    | ChooseVolume
    | VPPerVolume
    | VPPerVolumeTriple
    | ExtraBookTile
    | DoubleBonusTokens
    | MoveToVillage
    | CopyDeskEffect
    | DiscardForReward
    | IgnoreBookRequirement
    | ExtraCube
    | TakeGreatDiscovery
    | TakeCard
    | TradeCard
    | IncomeBonus
    | RepeatBonusToken
    | RepeatCity
    | RepeatMaster
    | ObjectiveVP
)

# The ``type`` tag of each primitive in data and save files.
EFFECT_TYPES: dict[str, type[Effect]] = {
    "gain": Gain,
    "exchange": Exchange,
    "enroll_student": EnrollStudent,
    "perform_action": PerformAction,
    "per_count": PerCount,
    "play_master": PlayMaster,
    "take_development": TakeDevelopment,
    "take_income": TakeIncome,
    "place_cube": PlaceCube,
    "medicine_city": MedicineCity,
    "permanent_volumes": PermanentVolumes,
    "remove_book_tiles": RemoveBookTiles,
    "move_book_tile": MoveBookTile,
    "no_effect": NoEffect,
    "choose_volume": ChooseVolume,
    "vp_per_volume": VPPerVolume,
    "vp_per_volume_triple": VPPerVolumeTriple,
    "extra_book_tile": ExtraBookTile,
    "double_bonus_tokens": DoubleBonusTokens,
    "move_to_village": MoveToVillage,
    "copy_desk_effect": CopyDeskEffect,
    "discard_for_reward": DiscardForReward,
    "ignore_book_requirement": IgnoreBookRequirement,
    "extra_cube": ExtraCube,
    "take_great_discovery": TakeGreatDiscovery,
    "take_card": TakeCard,
    "trade_card": TradeCard,
    "income_bonus": IncomeBonus,
    "repeat_bonus_token": RepeatBonusToken,
    "repeat_city": RepeatCity,
    "repeat_master": RepeatMaster,
    "objective_vp": ObjectiveVP,
}
EFFECT_TAGS: dict[type[Effect], str] = {cls: tag for tag, cls in EFFECT_TYPES.items()}
