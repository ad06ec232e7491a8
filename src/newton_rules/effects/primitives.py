"""The effect primitives. Each is a frozen attrs class; in data files it is an object with a ``type`` key.

Every primitive is named for what it does to the game, not for the component that carries it:
Giordano Bruno and a City tile both carry ``Gain``; Boyle, Copernicus and an Invention tile all carry
``PerformAction`` with different parameters.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import attrs

from rules_core.codec import TaggedRecord, TagRegistry

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
    "PerformTakenCard",
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


# tag -> primitive class: what data files and saves call each primitive (its ``type`` key). Every
# primitive declares its tag, and declaring one (here, or beside its rules in any module) adds it.
EFFECT_TYPES: TagRegistry[Effect] = TagRegistry("effect")


class Effect(TaggedRecord):
    """An effect primitive: a frozen attrs record whose class attribute ``tag`` names it in data files."""

    __slots__ = ()
    registry = EFFECT_TYPES


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
class Gain(Effect):
    """Receive coins, Victory Points and/or Potions."""

    tag: ClassVar[str] = "gain"

    coins: int = 0
    vp: int = 0
    potions: int = 0

    @property
    def amount(self) -> Amount:
        return Amount(coins=self.coins, vp=self.vp, potions=self.potions)


@attrs.frozen(kw_only=True)
class Exchange(Effect):
    """Spend ``pay`` to receive ``gain`` (Action card Special Effect, rule E1)."""

    tag: ClassVar[str] = "exchange"

    pay: Amount
    gain: Amount


@attrs.frozen(kw_only=True)
class EnrollStudent(Effect):
    """Place Students from your supply on the Technology start space (none if the supply is empty)."""

    tag: ClassVar[str] = "enroll_student"

    count: int = 1


@attrs.frozen(kw_only=True)
class PerformAction(Effect):
    """Perform a Basic Action of at most ``value``; never boosted, desk symbols never added.

    ``action`` None lets the player choose the action (Paracelsus). ``split`` lets the value be spread
    over several tiles / cards / Students (Boyle, Browne, Halley). ``modifiers``: primitives that change
    how the action is performed, each declared a modifier of ``action`` with the hook that reads it
    (:mod:`newton_rules.rules.effects`); they ride in the action's frame, as a card's E5 and E11 do
    (Descartes: :class:`PerformTakenCard`).
    """

    tag: ClassVar[str] = "perform_action"

    action: Basic | None
    value: int
    split: bool = False
    no_coins: bool = False
    ignore_requirements: bool = False
    free_travel: bool = False
    cube_on_each_pass: bool = False
    modifiers: tuple[Effect, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.modifiers and self.action is None:  # the choice's decision carries no modifier: none is lost
            raise ValueError("perform_action: modifiers change a named Basic Action, give its 'action'")


@attrs.frozen(kw_only=True)
class PerformTakenCard(Effect):
    """The Action card this Lessons action takes stays in hand, and its Basic Action follows as if the card
    were played on the desk: valued by the desk's symbols and its own, never boosted, no Special Effect
    (Descartes, M4). A modifier of Lessons, carried in a :class:`PerformAction`'s ``modifiers``."""

    tag: ClassVar[str] = "perform_taken_card"


@attrs.frozen(kw_only=True)
class PerCount(Effect):
    """For each item counted by ``counter``: receive ``gain`` and perform ``action`` of ``action_value``.

    How a per-item action is performed (one action of value 1 per item, or one action whose value is
    the count) is the option ``Options.invention_actions`` (see docs/rulings.md).
    """

    tag: ClassVar[str] = "per_count"

    counter: Counter
    gain: Amount = Amount()
    action: Basic | None = None
    action_value: int = 1


@attrs.frozen(kw_only=True)
class PlayMaster(Effect):
    """Play one of your Master cards (you choose which)."""

    tag: ClassVar[str] = "play_master"


@attrs.frozen(kw_only=True)
class TakeDevelopment(Effect):
    """Take a Development tile of ``action`` (None: your choice of type) into a free drawer."""

    tag: ClassVar[str] = "take_development"

    action: Basic | None = None


@attrs.frozen(kw_only=True)
class TakeIncome(Effect):
    """Take an Income tile of ``kind`` (None: your choice of type) into a free income space."""

    tag: ClassVar[str] = "take_income"

    kind: IncomeKind | None = None


@attrs.frozen(kw_only=True)
class PlaceCube(Effect):
    """Pay ``cost`` coins and place a Travel cube on a space of ``where`` of your choice."""

    tag: ClassVar[str] = "place_cube"

    where: Literal["university", "ancient_land", "any"]
    cost: int = 0


@attrs.frozen(kw_only=True)
class MedicineCity(Effect):
    """First Medicine City: take a Medicine Income tile (1 VP side); second: flip it to 3 VP."""

    tag: ClassVar[str] = "medicine_city"


@attrs.frozen(kw_only=True)
class PermanentVolumes(Effect):
    """Volumes always available to you; ``colour`` None is a volume of any colour, chosen at each use."""

    tag: ClassVar[str] = "permanent_volumes"

    colour: Colour | None
    count: int = 1


@attrs.frozen(kw_only=True)
class RemoveBookTiles(Effect):
    """Permanently remove the top ``count`` Bookshelf tiles from your supply (Cavendish)."""

    tag: ClassVar[str] = "remove_book_tiles"

    count: int = 2


@attrs.frozen(kw_only=True)
class MoveBookTile(Effect):
    """Move one placed Bookshelf tile to another free book space, ignoring its requirement (Hawking)."""

    tag: ClassVar[str] = "move_book_tile"


@attrs.frozen(kw_only=True)
class NoEffect(Effect):
    """Nothing happens (Hooke)."""

    tag: ClassVar[str] = "no_effect"


@attrs.frozen(kw_only=True)
class ChooseVolume(Effect):
    """One volume of your choice for the rest of the round (E2)."""

    tag: ClassVar[str] = "choose_volume"


@attrs.frozen(kw_only=True)
class VPPerVolume(Effect):
    """1 VP per volume of ``colour`` you have on your desk and played Masters; no Potions (E3)."""

    tag: ClassVar[str] = "vp_per_volume"

    colour: Colour
    vp: int = 1


@attrs.frozen(kw_only=True)
class VPPerVolumeTriple(Effect):
    """``vp`` per set of 3 identical volumes you have; no Potions (E9)."""

    tag: ClassVar[str] = "vp_per_volume_triple"

    vp: int = 4


@attrs.frozen(kw_only=True)
class ExtraBookTile(Effect):
    """Spend ``cost`` coins, held before the action, to place a second Bookshelf tile in this Study (E4)."""

    tag: ClassVar[str] = "extra_book_tile"

    cost: int = 3


@attrs.frozen(kw_only=True)
class DoubleBonusTokens(Effect):
    """Bonus tokens collected by this card's Technology action give their effect twice (E5)."""

    tag: ClassVar[str] = "double_bonus_tokens"


@attrs.frozen(kw_only=True)
class MoveToVillage(Effect):
    """Spend ``cost`` coins to move your Scientist to a Village without a Bonus token (E6)."""

    tag: ClassVar[str] = "move_to_village"

    cost: int = 2


@attrs.frozen(kw_only=True)
class CopyDeskEffect(Effect):
    """Apply the Special Effect of another card on your desk (E7)."""

    tag: ClassVar[str] = "copy_desk_effect"


@attrs.frozen(kw_only=True)
class DiscardForReward(Effect):
    """Discard a card from your hand out of the game and receive ``gain`` (E8)."""

    tag: ClassVar[str] = "discard_for_reward"

    gain: Amount


@attrs.frozen(kw_only=True)
class IgnoreBookRequirement(Effect):
    """Spend ``cost`` coins to ignore the book space requirement of this Study action (E10)."""

    tag: ClassVar[str] = "ignore_book_requirement"

    cost: int = 4


@attrs.frozen(kw_only=True)
class ExtraCube(Effect):
    """Spend ``cost`` coins once to place a cube on a valid place passed through in this Travel (E11)."""

    tag: ClassVar[str] = "extra_cube"

    cost: int = 2


@attrs.frozen(kw_only=True)
class TakeGreatDiscovery(Effect):
    """Take an available Great Discovery tile, paying ``price`` of its cost (G4: City and Invention tile)."""

    tag: ClassVar[str] = "take_great_discovery"

    price: DiscoveryPrice


# -- Advanced Lessons special actions (X8) -----------------------------------------------------------------


@attrs.frozen(kw_only=True)
class TakeCard(Effect):
    """Take an available (face-up) Action card of ``level`` (None: any level) into your hand."""

    tag: ClassVar[str] = "take_card"

    level: int | None = None


@attrs.frozen(kw_only=True)
class TradeCard(Effect):
    """Discard a card from your hand out of the game (any level, a Starting card too), then take an
    available Action card of any level."""

    tag: ClassVar[str] = "trade_card"


@attrs.frozen(kw_only=True)
class IncomeBonus(Effect):
    """Receive, now, the income of one Income tile (or the Medicine tile) on your Study board."""

    tag: ClassVar[str] = "income_bonus"


@attrs.frozen(kw_only=True)
class RepeatBonusToken(Effect):
    """Apply the effect of one of your Bonus tokens again."""

    tag: ClassVar[str] = "repeat_bonus_token"


@attrs.frozen(kw_only=True)
class RepeatCity(Effect):
    """Apply the effect of a City tile where you have a Travel cube again; a Medicine City when you have
    visited only one turns your Medicine tile to its other side."""

    tag: ClassVar[str] = "repeat_city"


@attrs.frozen(kw_only=True)
class RepeatMaster(Effect):
    """Apply the immediate effects of one of the Master cards you have played again."""

    tag: ClassVar[str] = "repeat_master"


@attrs.frozen(kw_only=True)
class ObjectiveVP(Effect):
    """Receive, now, the VP an Objective tile you occupy would score at the end of the game."""

    tag: ClassVar[str] = "objective_vp"


# The primitives above by their class: their tags when this module was read (wire and text look the tag up
# on the record: ``type(effect).tag``).
EFFECT_TAGS: dict[type[Effect], str] = {cls: tag for tag, cls in EFFECT_TYPES.items()}
