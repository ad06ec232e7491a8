"""Atomic actions and their text notation: ``kind`` or ``kind arg`` (``move 2``, ``fixed observe``,
``target 3.1``, ``pay R3+R1+c2``, ``write 0``, ``end``). An action carries nothing derived, so a log of
actions replays exactly and parses back. Each kind is declared once (:class:`~rules_core.actions.ActionKind`);
:data:`NOTATION` holds them in the stable order of legal actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from galileo_rules.model import domains as d
from galileo_rules.model.sky import slot_text
from rules_core import actions as core
from rules_core.actions import NotationBuilder
from rules_core.notation import read_action

# Every kind, declared in the stable order of legal_actions(): that order is the notation's.
KINDS = NotationBuilder()
ASTRONOMER = KINDS.declare("astronomer", d.astronomers, doc="choose an astronomer (setup, GS10)")
BENCH = KINDS.declare("bench", d.action_tiles, doc="Kepler: the basic tile put on his Character Board (GK4)")
PLACE = KINDS.declare("place", d.action_tiles, doc="tile-order variant: the tile for the next slot (GS12)")
MOVE = KINDS.declare("move", d.moves, doc="move the telescope 1-3 spaces (GT2)")
FIXED = KINDS.declare("fixed", d.fixed_actions, doc="take the fixed action (observe, die, lecture, comet, upgrade)")
MOVING = KINDS.declare(
    "moving",
    d.moving_options,
    doc='take option 1 or 2 of the Action tile at the telescope ("q" at the Upgrade space)',
)
FREE = KINDS.declare(
    "free", d.free_actions, doc="a free action paid with Quadrants (recolour, raise, die, write, persuade, comet)"
)
LIBRARY = KINDS.declare(
    "library", d.library_placements, doc="Copernicus: place a Library tile TILE.SIDE@ROW.SPACE (GK7)"
)
TARGET = KINDS.declare(
    "target", d.targets, doc="the object to observe: SLOT (Major Object) or SLOT.K (constellation K)"
)
PAY = KINDS.declare("pay", d.payments, most=d.most_payments, doc="the payment: dice and comets, e.g. R3+Y2+c1")
DIE = KINDS.declare(
    "die",
    d.gained_dice,
    most=d.most_gained_dice,
    doc="the colour of a gained die, or COLOUR-DIE to replace one of 4 dice",
)
RAISE = KINDS.declare("raise", d.die_texts, most=d.most_raises, doc="the die to increase")
RECOLOUR = KINDS.declare("recolour", d.recolourings, most=d.most_recolourings, doc="DIE>COLOUR")
PERSUADE = KINDS.declare(
    "persuade",
    d.cellar_spaces,
    doc="move an Inquisitor from cellar space N one space right (also on Copernicus's page)",
)
JUMP = KINDS.declare(
    "jump",
    d.cellar_spaces,
    doc="Copernicus's page: move an Inquisitor from space N two spaces right (one from the last but one space)",
)
LECTURE = KINDS.declare("lecture", d.scales, doc="the Scale (0-3) to lecture on")
WRITE = KINDS.declare("write", d.books, doc="move Book token N one space (partial writing)")
COMPLETE = KINDS.declare("complete", d.books, doc="move Book token N to the end of its row (complete writing)")
UPGRADE = KINDS.declare(
    "upgrade", d.tile_slots, doc="the tile slot to upgrade, 0-6 or its name (6, bench: Kepler's Character Board)"
)
SWAP = KINDS.declare("swap", d.swaps, doc="Kepler: A-B, two tile slots, numbers or names (6, bench)")
PAGE = KINDS.declare(
    "page", d.pages, doc='the Book of Comets page for a waiting Comet: N, oN (personal page) or "appendix"'
)
FAREWELL = KINDS.declare("farewell", doc="take Inquisitor's Farewell")
DECLINE_KIND = KINDS.declare("decline", doc="refuse an optional effect")
STOP_KIND = KINDS.declare("stop", doc="end the current Observe / partial writing")
END_KIND = KINDS.declare("end", doc="end the Action phase")

NOTATION = KINDS.notation()
ACTION_KINDS = NOTATION.takes_argument  # kind -> whether it takes an argument, in the stable order
order_key = NOTATION.order_keys.__getitem__  # the stable order of legal actions: by kind, then by argument


def _swap_text(arg: str) -> str:
    first, dash, second = arg.partition("-")
    return f"{slot_text(first)}{dash}{slot_text(second)}"


# Kinds whose argument names tile slots: a slot's name (``upgrade bench``, ``swap comet-bench``) reads as
# its number, the canonical text, so saves and transcripts written with numbers replay unchanged.
_ALIASES: dict[str, Callable[[str], str]] = {"upgrade": slot_text, "swap": _swap_text}


class Action(core.Action):
    """One atomic decision of Galileo Galilei: its notation is ``str(action)``, read back by ``Action.parse``
    (which also reads the names of tile slots, :mod:`galileo_rules.model.sky`, as their numbers)."""

    __slots__ = ()
    notation = NOTATION

    @classmethod
    def parse(cls, text: str) -> Self:
        return cls.read(*read_action(text, NOTATION.takes_argument))

    @classmethod
    def read(cls, kind: str, arg: str = "") -> Self:
        """The action ``kind arg`` in the canonical notation: a named slot written as its number."""
        alias = _ALIASES.get(kind)
        return cls(kind, alias(arg) if alias is not None else arg)
