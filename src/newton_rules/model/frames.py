"""Pending decisions: the stack of frames held as data in the game state.

The top frame says what is being decided and by whom. A frame is a frozen record (never a closure),
so a game saved in the middle of a Boyle Study inside a Master played from a book tile loads again.
Rewards triggered during an action wait in the frame's ``rewards`` and are received, in the order
triggered, when the action ends (rule F6). An action frame also carries, as data, the ``modifiers``
that apply to it: the Special Effects of the card that started it which change how it is performed
(E4 a second Bookshelf tile, E5 Bonus tokens twice, E10 no book requirement, E11 a cube in passing),
and those of the Master or tile that started it (Descartes: the card its Lessons takes is performed next).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Literal

import attrs

from newton_rules.effects.primitives import Basic, DiscoveryPrice, Effect
from newton_rules.model.sources import Source
from rules_core.codec import TaggedRecord, TagRegistry

# tag -> frame class: what a save names each pending decision by. Every record declares its tag, and
# declaring a record (here or beside its rules, in any module) adds it.
FRAME_TYPES: TagRegistry[Frame] = TagRegistry("decision frame")


class Frame(TaggedRecord):
    """A pending decision: a frozen, slotted attrs record on the state's stack, whose class attribute
    ``tag`` names it in saves and in the decision's ``kind``."""

    __slots__ = ()
    registry = FRAME_TYPES

    @property
    @abstractmethod
    def player(self) -> int:
        """The seat who decides (a field of every record but the reward frame's, which says whose rewards)."""


@attrs.frozen(kw_only=True)
class Reward:
    """Effects waiting to be received by ``player``; ``double`` repeats each once more (E5)."""

    player: int
    effects: tuple[Effect, ...]
    source: Source
    double: bool = False


@attrs.frozen(kw_only=True)
class Holdings:
    """What a player can still pay the played card's costs with (E13, 003 FAQ 2): what they held before
    the card's first effect, less the card's costs paid since. Income of the card's own effects is never
    in it; Quick Actions spend that income first, so this only shrinks when the player holds less."""

    coins: int
    potions: int
    vp: int
    cards: int  # the first cards of the hand; cards come into a hand at its end (public: a count only)


@attrs.frozen(kw_only=True)
class DraftFrame(Frame):
    """Choose a Master to keep from your draft hand (draft option, solo selection)."""

    tag: ClassVar[str] = "draft"
    player: int


@attrs.frozen(kw_only=True)
class TurnFrame(Frame):
    """A player's turn: play a card, perform its Basic Action / Special Effect, Quick Actions, end."""

    tag: ClassVar[str] = "turn"
    player: int
    card: str | None = None
    basic_done: bool = False
    special_done: bool = False
    boosted: bool = False
    modifiers: tuple[Effect, ...] = ()  # Special Effects paid for this card's Basic Action (E4, E10)
    held: Holdings | None = None  # E13: what pays the card's costs; None until its first effect
    # Advanced Lessons only (recorded with the module, so base games' frames are unchanged): the Basic
    # Action the played card performed and its value (X7), and whether the tucked special action was used.
    performed: Basic | None = None
    performed_value: int = 0
    special_action_used: bool = False


@attrs.frozen(kw_only=True)
class WorkFrame(Frame):
    tag: ClassVar[str] = "work"
    player: int
    value: int
    moved: int = 0
    no_coins: bool = False
    ignore_requirements: bool = False
    rewards: tuple[Reward, ...] = ()


@attrs.frozen(kw_only=True)
class TechnologyFrame(Frame):
    tag: ClassVar[str] = "technology"
    player: int
    value: int
    remaining: int
    student: int | None = None
    steps: int = 0
    moved: tuple[int, ...] = ()
    split: bool = False
    ignore_requirements: bool = False
    modifiers: tuple[Effect, ...] = ()  # E5
    rewards: tuple[Reward, ...] = ()


@attrs.frozen(kw_only=True)
class TravelFrame(Frame):
    tag: ClassVar[str] = "travel"
    player: int
    value: int
    remaining: int
    steps: int = 0
    free_travel: bool = False
    cube_on_each_pass: bool = False
    modifiers: tuple[Effect, ...] = ()  # E11
    extra_cube_used: bool = False
    rewards: tuple[Reward, ...] = ()


@attrs.frozen(kw_only=True)
class LessonsFrame(Frame):
    tag: ClassVar[str] = "lessons"
    player: int
    value: int
    remaining: int
    split: bool = False
    modifiers: tuple[Effect, ...] = ()  # M4 (Descartes: the card taken is performed next)
    taken: int = 0
    rewards: tuple[Reward, ...] = ()


@attrs.frozen(kw_only=True)
class StudyFrame(Frame):
    tag: ClassVar[str] = "study"
    player: int
    value: int
    remaining: int
    placed: int = 0
    split: bool = False  # any number of tiles, their shelves adding up to the value (Boyle)
    ignore_requirements: bool = False
    modifiers: tuple[Effect, ...] = ()  # E4, E10
    rewards: tuple[Reward, ...] = ()


@attrs.frozen(kw_only=True)
class ChooseActionFrame(Frame):
    """Choose which Basic Action to perform: at ``value`` (Paracelsus), or with Descartes the card taken,
    whose symbols limit the choice and whose value is the desk's symbols plus the card's own."""

    tag: ClassVar[str] = "choose_action"
    player: int
    value: int
    card: str | None = None  # Descartes: the card taken, whose symbols limit the choice


@attrs.frozen(kw_only=True)
class RewardFrame(Frame):
    """Rewards being received, one effect at a time, in order."""

    tag: ClassVar[str] = "reward"
    reward: Reward

    @property
    def player(self) -> int:
        return self.reward.player


@attrs.frozen(kw_only=True)
class MasterFrame(Frame):
    """Choose which of your Master cards to play."""

    tag: ClassVar[str] = "master"
    player: int


@attrs.frozen(kw_only=True)
class DevelopmentFrame(Frame):
    """Take a Development tile: choose its type (if '?'), then a drawer, or decline."""

    tag: ClassVar[str] = "development"
    player: int
    action: Basic | None = None


@attrs.frozen(kw_only=True)
class IncomeFrame(Frame):
    """Take an Income tile (``kind``; None = choose) or the Medicine tile: an income space, or decline."""

    tag: ClassVar[str] = "income"
    player: int
    kind: str | None = None  # an income kind, or "medicine"


@attrs.frozen(kw_only=True)
class PlaceCubeFrame(Frame):
    """Pay ``cost`` and place a cube on a space of kind ``where`` (City tiles, Winkelmann), or decline."""

    tag: ClassVar[str] = "place_cube"
    player: int
    where: Literal["university", "ancient_land", "any"]
    cost: int = 0


@attrs.frozen(kw_only=True)
class VolumeFrame(Frame):
    tag: ClassVar[str] = "volume"
    player: int


@attrs.frozen(kw_only=True)
class VillageFrame(Frame):
    tag: ClassVar[str] = "village"
    player: int
    cost: int


@attrs.frozen(kw_only=True)
class CopyFrame(Frame):
    tag: ClassVar[str] = "copy"
    player: int
    card: str  # the card doing the copying (excluded)


@attrs.frozen(kw_only=True)
class DiscardFrame(Frame):
    tag: ClassVar[str] = "discard"
    player: int
    card: str  # the card whose effect this is (not in hand)


@attrs.frozen(kw_only=True)
class MoveBookFrame(Frame):
    """Hawking: lift a placed tile, then place it on another free book space."""

    tag: ClassVar[str] = "move_book"
    player: int
    lifted: str | None = None


@attrs.frozen(kw_only=True)
class DiscoveryFrame(Frame):
    """Take an available Great Discovery tile paying ``price`` of its cost (G4: City, Invention tile), or decline."""

    tag: ClassVar[str] = "discovery"
    player: int
    price: DiscoveryPrice


@attrs.frozen(kw_only=True)
class TakeCardFrame(Frame):
    """Take an available Action card of ``level`` (None: any) into your hand (a special action, X8)."""

    tag: ClassVar[str] = "take_card"
    player: int
    level: int | None = None


@attrs.frozen(kw_only=True)
class TradeCardFrame(Frame):
    """Discard a card from your hand out of the game, then take an available card of any level (X8)."""

    tag: ClassVar[str] = "trade_card"
    player: int


RepeatWhat = Literal["income", "token", "city", "master", "objective"]


@attrs.frozen(kw_only=True)
class RepeatFrame(Frame):
    """Choose what a special action gives again (X8): an Income tile's income (income space), a Bonus
    token, a City with your cube (Map space), a played Master, an occupied Objective (its space)."""

    tag: ClassVar[str] = "repeat"
    player: int
    what: RepeatWhat
    card: str  # the tucked card whose special action this is (the source of what it gives)


@attrs.frozen(kw_only=True)
class TuckFrame(Frame):
    """End Round: choose the card to tuck under the desk (hidden until every player has chosen)."""

    tag: ClassVar[str] = "tuck"
    player: int

# Frames that collect rewards while the action runs.
ActionFrame = WorkFrame | TechnologyFrame | TravelFrame | LessonsFrame | StudyFrame
