"""The action space: every atomic action that can ever be legal under a configuration and a data pack.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> space = nr.action_space(game.config)
    >>> ids = [space.index(a) for a in game.legal_actions()]
    >>> ids == sorted(ids) and all(space[i] == a for i, a in zip(ids, game.legal_actions()))
    True

An action is a kind and an argument (:mod:`newton_rules.model.actions`). The kinds are the notation's
(``ACTION_KINDS``); what an argument can name is read from the data pack by :data:`ARGUMENTS`, one entry
per kind that takes an argument (a card, a Master, a space of a board, a deck level...). The space is
every kind with every argument its domain yields, in the order the rule table sorts legal actions
(``Ruleset.order``), so ``game.legal_actions()`` is always an ordered subsequence of the space and an
action's index is its stable integer id. A data pack with more cards, Masters or spaces gives a larger
space with no code change; a new action kind must say what its argument names here (:func:`action_space`
refuses a kind without a domain rather than leave its actions out).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import overload

from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.effects.primitives import BASICS, COLOURS
from newton_rules.errors import NewtonError
from newton_rules.model.actions import ACTION_KINDS, Action
from newton_rules.model.config import GameConfig
from newton_rules.rules.table import RULESETS

Domain = Callable[[GameConfig, Catalog], Iterable[str]]


def _cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Every Action card a player of this game can hold: the deck cards (the Advanced Lessons' with that
    module, X1) and the seats' Starting cards."""
    colours = set(catalog.player_colours[: config.players])
    modules = set() if config.options.advanced_lessons else {card.id for card in catalog.advanced_lessons}
    return (
        card_id
        for card_id, card in catalog.cards_by_id.items()
        if card.owner_colour in (None, *colours) and card_id not in modules
    )


def _deck_cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (card.id for card in catalog.deck_cards(config.options.advanced_lessons))


def _special_action_cards(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """The cards whose special action can be used once tucked (Advanced Lessons, X5-X8)."""
    if not config.options.advanced_lessons:
        return ()
    return (card.id for card in catalog.advanced_lessons if card.special_action is not None)


def _repeatables(config: GameConfig, catalog: Catalog) -> Iterable[str]:
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


def _great_discoveries(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """The Great Discovery tiles (G1-G3), with that module."""
    return catalog.discoveries_by_id if config.options.great_discoveries else ()


def _masters(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (master.id for master in catalog.masters)


def _basics(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return BASICS


def _tile_types(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """A Development tile's action or an Income tile's kind."""
    return (*BASICS, *(tile.id for tile in catalog.income_tiles))


def _step_targets(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Every space a piece can step into: a track space some space leads to, a Map space a route reaches."""
    for track in (catalog.work_track, catalog.technology_track):
        yield from (nxt for space in track.spaces for nxt in space.next)
    yield from (end for route in catalog.map.routes for end in (route.a, route.b))


def _book_spaces(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return (space.id for board in catalog.study_boards for space in board.book_spaces if not space.prefilled)


def _cube_places(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    """Map spaces a cube can be placed on by an effect (a University, an Ancient Land or a City)."""
    return (s.id for s in catalog.map.spaces if s.kind in ("university", "ancient_land", "city"))


def _villages(config: GameConfig, catalog: Catalog) -> Iterable[str]:
    return catalog.map_spaces_by_kind.get("village", ())


def _indices(count: Callable[[Catalog], int], first: int = 0) -> Domain:
    return lambda config, catalog: (str(i) for i in range(first, first + count(catalog)))


# Action kind -> what its argument names, read from the configuration and the data pack.
ARGUMENTS: Mapping[str, Domain] = {
    "keep": _masters,
    "play": _cards,
    "basic": _basics,
    "choose": _basics,
    "student": _indices(lambda c: c.constants.students_per_player),
    "step": _step_targets,
    "take": _deck_cards,
    "book": _book_spaces,
    "lift": _book_spaces,
    "master": _masters,
    "type": _tile_types,
    "drawer": _indices(lambda c: c.constants.drawers),
    "income": _indices(lambda c: c.constants.income_spaces),
    "place": _cube_places,
    "volume": lambda config, catalog: COLOURS,
    "village": _villages,
    "copy": _cards,
    "discard": _cards,
    "again": _repeatables,
    "use": _special_action_cards,
    "tuck": _cards,
    "flip": _indices(lambda c: len(c.counts.cards.action_cards_per_level), first=1),
    "discover": _great_discoveries,
    "activate": _great_discoveries,
}


class ActionSpace(Sequence[Action]):
    """Every action that can be legal in one configuration, in the rule table's order; ``space[i]`` is the
    action with id ``i`` and ``space.index(action)`` its id (a dictionary look-up)."""

    __slots__ = ("_actions", "_ids")

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions = tuple(actions)
        self._ids = {action: i for i, action in enumerate(self._actions)}

    def __len__(self) -> int:
        return len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._actions[index]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._ids

    def index(self, action: object, start: int = 0, stop: int | None = None) -> int:
        """The id of ``action``; raises :class:`NewtonError` (a ``ValueError`` too) if it is not in the space."""
        found: int | None = self._ids.get(action)  # type: ignore[call-overload]
        if found is None or found < start or (stop is not None and found >= stop):
            raise ActionNotInSpace(f"{action!s} is not in the action space")
        return found

    def ids(self, actions: Iterable[Action]) -> list[int]:
        """The ids of ``actions`` (e.g. ``game.legal_actions()``, which come out sorted)."""
        ids = self._ids
        try:
            return [ids[a] for a in actions]
        except KeyError as exc:
            raise ActionNotInSpace(f"{exc.args[0]!s} is not in the action space") from None

    def mask(self, actions: Iterable[Action]) -> list[int]:
        """A list of ``len(space)`` zeros with a one at the id of each of ``actions``."""
        out = [0] * len(self._actions)
        for i in self.ids(actions):
            out[i] = 1
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionSpace):
            return NotImplemented
        return self._actions == other._actions

    def __hash__(self) -> int:
        return hash(self._actions)

    def __repr__(self) -> str:
        return f"<ActionSpace of {len(self)} actions>"


class ActionNotInSpace(NewtonError, ValueError):
    """An action that no game of the configuration can offer (``ValueError``, as ``Sequence.index`` raises)."""


_SPACES: dict[tuple[int, int, object, str], tuple[Catalog, ActionSpace]] = {}


def action_space(config: GameConfig, catalog: Catalog | None = None) -> ActionSpace:
    """The action space of games of ``config`` (its seed aside) played with ``catalog`` (default: the
    reference data). Computed once per configuration and pack, then shared."""
    catalog = catalog or default_catalog()
    key = (id(catalog), config.players, config.options, config.rules_version)
    cached = _SPACES.get(key)
    if cached is not None and cached[0] is catalog:
        return cached[1]
    rules = RULESETS[config.rules_version]
    actions: set[Action] = set()
    for kind, takes_argument in ACTION_KINDS.items():
        if not takes_argument:
            actions.add(Action(kind))
            continue
        domain = ARGUMENTS.get(kind)
        if domain is None:
            raise NewtonError(f"action kind {kind!r} has no argument domain in newton_rules.action_space.ARGUMENTS")
        actions.update(Action(kind, arg) for arg in domain(config, catalog))
    space = ActionSpace(sorted(actions, key=rules.order))
    _SPACES[key] = (catalog, space)
    return space
