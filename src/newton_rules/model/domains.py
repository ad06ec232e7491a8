"""What the argument of each action kind can name, and how many of one kind a decision can offer.

Read from the configuration and the data pack, so a pack with more cards, Masters or spaces gives a larger
action space and larger bounds with no code change. :mod:`newton_rules.model.actions` names these in the
declaration of each action kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from newton_rules.components.catalog import Catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.model.config import GameConfig

Domain = Callable[[GameConfig, Catalog], Iterable[str]]
Limit = Callable[[GameConfig, Catalog], int]


def cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Every Action card a player of this game can hold: the deck cards (the Advanced Lessons' with that
    module, X1) and the seats' Starting cards."""
    colours = set(catalog.player_colours[: config.players])
    modules = set() if config.options.advanced_lessons else {card.id for card in catalog.advanced_lessons}
    return (
        card_id
        for card_id, card in catalog.cards_by_id.items()
        if card.owner_colour in (None, *colours) and card_id not in modules
    )


def deck_cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (card.id for card in catalog.deck_cards(config.options.advanced_lessons))


def special_action_cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """The cards whose special action can be used once tucked (Advanced Lessons, X5-X8)."""
    if not config.options.advanced_lessons:
        return ()
    return (card.id for card in catalog.advanced_lessons if card.special_action is not None)


def repeatables(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """What a special action can give again (X8): an income space, a Bonus token, a City's Map space, a
    Master, an Objective space (of the Map or a track)."""
    if not config.options.advanced_lessons:
        return ()
    return dict.fromkeys(
        (
            *(str(i) for i in range(catalog.constants.income_spaces)),
            *(token.id for token in catalog.bonus_tokens),
            *catalog.map_spaces_by_kind.get("city", ()),
            *(master.id for master in catalog.masters),
            *catalog.map_spaces_by_kind.get("objective", ()),
            *(
                space.id
                for track in (catalog.work_track, catalog.technology_track)
                for space in track.spaces
                if space.kind == "objective"
            ),
        )
    )


def great_discoveries(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """The Great Discovery tiles (G1-G3), with that module."""
    return catalog.discoveries_by_id if config.options.great_discoveries else ()


def masters(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (master.id for master in catalog.masters)


def basics(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return BASICS


def colours(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return COLOURS


def tile_types(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """A Development tile's action or an Income tile's kind."""
    return (*BASICS, *(tile.id for tile in catalog.income_tiles))


def step_targets(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Every space a piece can step into: a track space some space leads to, a Map space a route reaches."""
    for track in (catalog.work_track, catalog.technology_track):
        yield from (nxt for space in track.spaces for nxt in space.next)
    yield from (end for route in catalog.map.routes for end in (route.a, route.b))


def book_spaces(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (space.id for board in catalog.study_boards for space in board.book_spaces if not space.prefilled)


def cube_places(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Map spaces a cube can be placed on by an effect (a University, an Ancient Land or a City)."""
    return (s.id for s in catalog.map.spaces if s.kind in ("university", "ancient_land", "city"))


def villages(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return catalog.map_spaces_by_kind.get("village", ())


def indices(count: Callable[[Catalog], int], first: int = 0) -> Domain:
    """The numbers ``first`` ... ``first + count(catalog) - 1``, as text."""
    return lambda config, catalog: (str(i) for i in range(first, first + count(catalog)))


# -- the most actions of one kind in one decision, where fewer than the domain holds -------------------------


def own_cards(config: GameConfig, catalog: Catalog) -> int:
    """A seat's Starting cards and any deck card: the most cards a hand can offer."""
    return len(catalog.deck_cards(config.options.advanced_lessons)) + len(catalog.starting_cards)


def deck_size(config: GameConfig, catalog: Catalog) -> int:
    """A card in a line: at most every deck card."""
    return len(catalog.deck_cards(config.options.advanced_lessons))


def desk_cards(config: GameConfig, catalog: Catalog) -> int:
    """A card on the desk: played this round, or tucked earlier (more only from a built position)."""
    return catalog.constants.turns_per_round + catalog.constants.rounds


def one(config: GameConfig, catalog: Catalog) -> int:
    """One at a time (the special action tucked under the played card's column, X6)."""
    return 1


def neighbours(config: GameConfig, catalog: Catalog) -> int:
    """A step goes to a neighbour: on the Map one per route, on a track one per fork (Work: one)."""
    degree = max((len(routes) for routes in catalog.routes_from.values()), default=0)
    forks = max((len(s.next) for s in catalog.technology_track.spaces), default=0)
    return max(degree, forks, 1)


def free_book_spaces(config: GameConfig, catalog: Catalog) -> int:
    """A Study offers at most one board's free book spaces."""
    return max((sum(not s.prefilled for s in b.book_spaces) for b in catalog.study_boards), default=0)


def book_tiles(config: GameConfig, catalog: Catalog) -> int:
    """Hawking lifts one of the player's placed tiles."""
    return catalog.constants.book_tiles
