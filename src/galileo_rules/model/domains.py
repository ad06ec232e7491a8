"""What the argument of each action kind can name (its domain), and how many of one kind a decision can offer.

Read from the configuration and the data pack; :mod:`galileo_rules.model.actions` names these in the
declaration of each action kind, and the action space and the bounds follow
(:meth:`rules_core.engine.Ruleset.all_actions`, :mod:`rules_core.interop.spaces`).

A die is a colour and a value (``R3``): the values are 1 to the rulebook's ``die_max`` (GD5). With the
``die_cap`` option off a die has no largest value, so no finite domain holds every die: the domains then
name the values up to :data:`UNCAPPED_DIE_VALUES` times ``die_max`` (12): a larger ceiling would make the
payments' domain too large to list (some 60,000 payments at 12, 240,000 at 18). A die goes beyond it in about
a quarter of random games with the option off; the adapters cut such a game short when its legal actions
leave the space (docs/interop.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations_with_replacement

from galileo_rules.components.catalog import Catalog
from galileo_rules.components.records import COLOURS
from galileo_rules.model.config import ASTRONOMERS, GameConfig
from galileo_rules.model.sky import BENCH, SKY
from galileo_rules.model.state import PlayerState

UNCAPPED_DIE_VALUES = 2  # with die_cap off: the domains name values up to twice die_max
MOVES = ("1", "2", "3")  # GT2: the telescope moves 1 to 3 spaces
MOVING_OPTIONS = ("1", "2", "q")  # option 1 or 2 of the tile at the telescope, or a Quadrant at Upgrade (GT5)
COMET_SIDES = ("c1", "c2")  # a Comet used at "1" or at "2" (GC2-GC5)
Die = tuple[str, int]
NO_COMETS = float("-inf")  # a payment without Comets needs no Comet: it is always allowed


def die_values(config: GameConfig, catalog: Catalog) -> range:
    """The die values the domains name (see the module doc)."""
    most = catalog.rules.die_max
    return range(1, (most if config.options.die_cap else UNCAPPED_DIE_VALUES * most) + 1)


def dice(config: GameConfig, catalog: Catalog) -> list[Die]:
    return [(colour, value) for colour in COLOURS for value in die_values(config, catalog)]


def die_texts(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    return (f"{colour}{value}" for colour, value in dice(config, catalog))


def astronomers(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return ASTRONOMERS


def action_tiles(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (tile.id for tile in catalog.action_tiles)


def moves(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return MOVES


def fixed_actions(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return dict.fromkeys(action for space in SKY for action in space)


def moving_options(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return MOVING_OPTIONS


def free_actions(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return catalog.rules.free_costs


def library_placements(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    """Copernicus (GK7): TILE.SIDE@ROW.FIRST, a Library holding at most every card of the pack."""
    for tile in catalog.library_tiles:
        for side, rewards in enumerate(tile.sides):
            for row in range(catalog.rules.books):
                for first in range(1, len(catalog.cards) - len(rewards) + 2):
                    yield f"{tile.id}.{side}@{row}.{first}"


def targets(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    """A display space (its Major Object) or SLOT.K (its constellation K)."""
    most = max(len(card.constellations) for card in catalog.cards)
    for slot in range(catalog.rules.display):
        yield str(slot)
        yield from (f"{slot}.{k}" for k in range(most))


def payments(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    """Every payment (GO2-GO5, GC2-GC5): dice of at most two colours (a Major Object's two, or a
    constellation's one), as many as a board holds, and Comets only where the dice fall short of the
    costliest object and each Comet is needed (without the smallest one used the rest falls short)."""
    rules = catalog.rules
    costliest = max(
        cost for card in catalog.cards for cost in (card.major.cost, *(c.cost for c in card.constellations))
    )
    comets = _comet_parts(rules.comets, costliest)
    hands = {colour: _colour_parts(colour, config, catalog) for colour in COLOURS}
    for first, colour in enumerate(COLOURS):
        for other in (colour, *COLOURS[first + 1 :]):
            for text, paid, count in _dice_parts(hands[colour], () if other == colour else hands[other]):
                if count > rules.dice_per_board:
                    continue
                for suffix, needed in comets:
                    if needed < costliest - paid:  # every Comet needed: the cost minus the dice, above the rest
                        yield text + suffix


def _colour_parts(colour: str, config: GameConfig, catalog: Catalog) -> list[tuple[str, int, int]]:
    """(text, value, dice) of every non-empty multiset of dice of ``colour`` a board may hold, higher first."""
    values = sorted(die_values(config, catalog), reverse=True)
    most = catalog.rules.dice_per_colour_on_board
    return [
        ("+".join(f"{colour}{v}" for v in spent), sum(spent), count)
        for count in range(1, most + 1)
        for spent in combinations_with_replacement(values, count)
    ]


def _dice_parts(
    first: list[tuple[str, int, int]], second: Sequence[tuple[str, int, int]]
) -> Iterator[tuple[str, int, int]]:
    """The dice of one colour, or of two (each colour at least once), in the notation's colour order."""
    if not second:
        yield from first
        return
    for text, paid, count in first:
        for more, more_paid, more_count in second:
            yield f"{text}+{more}", paid + more_paid, count + more_count


def _comet_parts(comets: int, costliest: int) -> list[tuple[str, float]]:
    """(the Comets' text, what they add beyond the smallest one) of every use of Comets at "1" and at "2",
    none first (:data:`NO_COMETS`: always allowed); a use whose rest adds the whole of the costliest cost is
    never needed."""
    parts = []
    for ones in range(comets + 1):
        for twos in range(comets + 1 - ones):
            smallest = 1 if ones else 2 if twos else 0
            rest = ones + 2 * twos - smallest
            if rest < costliest:
                parts.append(("".join(["+c1"] * ones + ["+c2"] * twos), rest if smallest else NO_COMETS))
    return parts


def gained_dice(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    """A colour (GD2), or COLOUR-DIE: the die a new one replaces on a full board (GD3)."""
    yield from COLOURS
    for colour in COLOURS:
        yield from (f"{colour}-{die}" for die in die_texts(config, catalog))


def recolourings(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    for colour, value in dice(config, catalog):
        yield from (f"{colour}{value}>{other}" for other in COLOURS if other != colour)


def cellar_spaces(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """The cellar spaces an Inquisitor can leave (every space but the last), on either cellar."""
    spaces = max(len(catalog.cellar.interrogation), len(catalog.bruno_cellar.interrogation))
    return (str(space) for space in range(spaces - 1))


def scales(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    places = len(PlayerState(astronomer="").university)
    return (str(k) for k in range(places))


def books(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (str(k) for k in range(catalog.rules.books))


def tile_slots(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Slots 0-5 of the starry sky and 6, Kepler's Character Board."""
    return (str(slot) for slot in range(BENCH + 1))


def swaps(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Kepler (GK4, GK5): two slots of his board, or one and his Character Board."""
    return (f"{a}-{b}" for a in range(BENCH) for b in range(a + 1, BENCH + 1))


def pages(config: GameConfig, catalog: Catalog) -> Iterator[str]:
    """A page of the Book of Comets, a personal page (``oN``) or the Appendix (GC7)."""
    pages = catalog.comet_pages
    yield from (str(k) for k in range(max(len(section) for section in pages.by_players.values())))
    yield from (f"o{k}" for k in range(max((len(own) for own in pages.personal.values()), default=0)))
    yield "appendix"


# -- the most actions of a kind one decision offers ---------------------------------------------------


def most_payments(config: GameConfig, catalog: Catalog) -> int:
    """Each sub-multiset of a board's dice with each count of Comets at "1" and at "2"."""
    comets = catalog.rules.comets
    subsets = 1 << catalog.rules.dice_per_board
    return subsets * (comets + 1) * (comets + 2) // 2


def most_gained_dice(config: GameConfig, catalog: Catalog) -> int:
    """A colour for each die it may replace, or only the colours (below a full board)."""
    return catalog.rules.dice_per_board * len(COLOURS)


def most_raises(config: GameConfig, catalog: Catalog) -> int:
    return catalog.rules.dice_per_board


def most_recolourings(config: GameConfig, catalog: Catalog) -> int:
    return catalog.rules.dice_per_board * (len(COLOURS) - 1)
