"""Atomic actions and their text notation: every kind of action declared once.

An action is one decision: ``play L1-04``, ``basic travel``, ``step venezia``, ``stop``, ``book A7``,
``potion``, ``end``... Its text form is ``kind`` or ``kind arg``; it carries nothing derived (no
value, no cost), so a log of actions replays exactly and parses back. Each kind is an
:class:`~rules_core.actions.ActionKind`: what its argument names (:mod:`newton_rules.model.domains`),
whether the other seats see it, the most of it one decision offers. :data:`NOTATION` holds them in the
stable order of legal actions; the rule table, the action space, the bounds and the views read it.
"""

from __future__ import annotations

from newton_rules.model import domains as d
from rules_core import actions as core
from rules_core.actions import NotationBuilder

# Every kind, declared in the stable order of legal_actions(): that order is the notation's.
KINDS = NotationBuilder()
KEEP = KINDS.declare("keep", d.masters, private=True, doc="keep a Master card (draft / solo selection)")
PLAY = KINDS.declare("play", d.cards, most=d.own_cards, doc="play an Action card from hand to the desk")
BOOST = KINDS.declare("boost", doc="quick action: +1 to this card's Basic Action for 2 coins")
BASIC = KINDS.declare("basic", d.basics, doc="perform the played card's Basic Action (arg: which action)")
SPECIAL = KINDS.declare("special", doc="apply the played card's Special Effect")
USE = KINDS.declare(
    "use",
    d.special_action_cards,
    most=d.one,
    doc="use the special action of the card tucked under this turn's desk column (Advanced Lessons)",
)
CHOOSE = KINDS.declare("choose", d.basics, doc="choose a Basic Action (Paracelsus, a Joker taken with Descartes)")
STUDENT = KINDS.declare(
    "student", d.indices(lambda c: c.constants.students_per_player), doc="choose which Student moves (Technology)"
)
STEP = KINDS.declare(
    "step", d.step_targets, most=d.neighbours, doc="move the piece one space (Work, Technology, Travel)"
)
CUBE = KINDS.declare("cube", doc="place a Travel cube on the place passed through (E11, Galileo)")
TAKE = KINDS.declare("take", d.deck_cards, most=d.deck_size, doc="take a face-up Action card (Lessons)")
BOOK = KINDS.declare("book", d.book_spaces, most=d.free_book_spaces, doc="place a Bookshelf tile on a book space")
LIFT = KINDS.declare("lift", d.book_spaces, most=d.book_tiles, doc="pick up a placed Bookshelf tile (Hawking)")
MASTER = KINDS.declare("master", d.masters, doc="play one of your Master cards")
TYPE = KINDS.declare("type", d.tile_types, doc="choose the type of a '?' tile")
DRAWER = KINDS.declare(
    "drawer", d.indices(lambda c: c.constants.drawers), doc="put a Development tile into drawer N (replacing it)"
)
INCOME = KINDS.declare(
    "income", d.indices(lambda c: c.constants.income_spaces), doc="put an Income tile on income space N"
)
PLACE = KINDS.declare(
    "place", d.cube_places, doc="place a Travel cube on a space of your choice (City tile, Winkelmann)"
)
VOLUME = KINDS.declare("volume", d.colours, doc="choose a volume colour (E2)")
VILLAGE = KINDS.declare("village", d.villages, doc="move the Scientist to a free village (E6)")
COPY = KINDS.declare("copy", d.cards, most=d.desk_cards, doc="copy the Special Effect of a card on your desk (E7)")
DISCARD = KINDS.declare("discard", d.cards, most=d.own_cards, doc="discard a card from hand (E8, a special action)")
AGAIN = KINDS.declare(
    "again",
    d.repeatables,
    doc="what a special action gives again: income space N, token, City space, Master, Objective space",
)
TUCK = KINDS.declare(
    "tuck", d.cards, private=True, most=d.desk_cards, doc="tuck a played card under the desk (End Round)"
)
FLIP = KINDS.declare(
    "flip",
    d.indices(lambda c: len(c.counts.cards.action_cards_per_level), first=1),
    doc="quick action: turn 2 cards of deck N face up",
)
POTION = KINDS.declare("potion", doc="quick action: buy a Potion")
ENROLL = KINDS.declare("enroll", doc="quick action: a Student from supply to the Technology start")
DISCOVER = KINDS.declare(
    "discover", d.great_discoveries, doc="take Great Discovery tile X (a Quick Action paying its cost, or from a tile)"
)
ACTIVATE = KINDS.declare(
    "activate", d.great_discoveries, doc="quick action: activate your face-up Great Discovery tile X"
)
DECLINE_KIND = KINDS.declare("decline", doc="refuse an optional effect")
STOP_KIND = KINDS.declare("stop", doc="end the current movement / action here")
END_KIND = KINDS.declare("end", doc="end your turn")

NOTATION = KINDS.notation()
ACTION_KINDS = NOTATION.takes_argument  # kind -> whether it takes an argument, in the stable order
KIND_ORDER = {kind: i for i, kind in enumerate(ACTION_KINDS)}


class Action(core.Action):
    """One atomic decision of Newton. ``str(action)`` is its notation; ``Action.parse`` reads it back."""

    __slots__ = ()
    notation = NOTATION


ORDER_KEYS = NOTATION.order_keys

STOP = Action("stop")
END = Action("end")
DECLINE = Action("decline")
