"""Bounds of a game: the most legal actions one decision can offer, and the most decisions a game can take.

    >>> import newton_rules as nr
    >>> bounds = nr.game_bounds(nr.GameConfig(players=4, seed=0))
    >>> bounds.max_legal_actions < len(nr.action_space(nr.GameConfig(players=4, seed=0)))
    True

Both are derived from the configuration and the data pack by the arguments below (docs/interop.md gives
them in full), never measured; ``check_invariants`` holds every game to them, so the random-simulation
tests and the soak check them on every decision.

**Legal actions.** The legal actions of a decision are those of the pending decision's kind (its frame),
and each kind declares the action kinds it offers in the rule table (:data:`OFFERS`); each action kind's
declaration bounds how many of it one decision can offer by what the data pack holds (a hand holds at
most every card a seat can hold, a Study at most a board's book spaces, a Travel step at most a Map
space's routes, ``discover`` and ``activate`` at most the Great Discovery tiles, ``use`` one card: the
one tucked under the played card's column...). The bound is the largest sum
(:meth:`rules_core.engine.Ruleset.max_legal_actions`).

**Decisions.** A game is ``rounds x turns_per_round`` turns per player. Per player and game:

- a turn is at most ``play``, ``boost``, ``basic``, ``special``, ``end``: 5 per turn; an End Round one ``tuck``;
  the Masters kept at setup at most as many as the catalog holds;
- a Basic Action of value v takes at most ``2v + 3`` decisions (a Student chosen and a step per point of
  value, ``stop``, an extra cube, an extra Bookshelf tile), and every value is at most ``V``: the symbols a
  desk can show (the cards of a round, one tucked card per earlier round, the drawers, a Joker, a boost),
  or the largest value an effect of the data gives;
- Basic Actions are performed: one per turn by the card, plus those its Special Effect (applied at most
  twice a turn: itself and a copied one) and each component (tile, Bonus token, Master, pile bonus, used
  at most once per piece that reaches it) grant;
- every other decision answers an effect (a tile type, a drawer, a Master to play, a village...): at most
  2 per effect applied, and effects are applied by the same specials and components;
- every Quick Action and boost costs at least one coin, so there are at most as many as the coins a
  player can ever gain: the starting coins, the Work actions (at most their value), the specials and
  components' coins (with every count an effect multiplies by at its largest), and the income of every
  End Round;
- with the Advanced Lessons (X5-X8), a special action is used (``use``) at most once a turn, whatever it
  costs; each use applies its effects, and one that gives something again (an income, a Bonus token, a
  City, a Master's immediate effect, an Objective) applies the largest of those once more: their coins,
  Basic Actions and choices (``take``, ``discard``, ``again``, at most 2 decisions per effect) join the
  sums above, once per turn; the Advanced Lessons cards join the cards whose Special Effects are counted;
- with the Great Discoveries (G1-G4), a tile leaves the table when taken and turns face down for good
  when activated, so a player takes (``discover``, a Quick Action or a City/Invention tile's choice) and
  activates (``activate``, which costs no coin) each tile at most once; a City or Invention tile's choice
  (``discover`` or ``decline``) is an effect of the tile, counted with the components' effects (the
  module's City and Invention tiles join the base ones); activating every tile brings its coins once, and
  every End Round brings the income of every tile a player can hold.

The sum over the players is :attr:`Bounds.max_decisions`. It is far above real games (random play takes
about 400 decisions with 4 players): it is a guarantee, e.g. OpenSpiel's ``max_game_length``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.components.records import ActionCard, Tile
from newton_rules.effects import primitives as fx
from newton_rules.errors import NewtonError
from newton_rules.model.config import GameConfig
from newton_rules.rules.table import RULES, RULESETS
from rules_core.engine import Ruleset


@attrs.frozen
class Bounds:
    """The largest number of legal actions of one decision, and of decisions in one game."""

    max_legal_actions: int
    max_decisions: int


# Pending decision -> the action kinds its rules may offer (one alternative per group: a frame offers the
# kinds of one of its groups at a time), as each decision declares them in the rule table.
OFFERS: Mapping[type[object], tuple[tuple[str, ...], ...]] = RULES.offers()


# -- decisions per game ------------------------------------------------------------------------------------


def _count_caps(config: GameConfig, catalog: Catalog) -> dict[str, int]:
    """The largest value each counter of the data can take for one player."""
    c = catalog.constants
    boards = catalog.study_boards
    options = config.options
    _, _, objectives = catalog.module_tiles(options.great_discoveries, options.extra_objectives)
    return {
        "potions": 0,  # grows with coins only; bounded through the coin ceiling, never multiplied by here
        "bonus_tokens": len(catalog.bonus_tokens),
        "universities_visited": len(catalog.universities),
        "ancient_lands_visited": len(catalog.ancient_lands),
        "students_at_path_ends": c.students_per_player,
        "masters_played": len(catalog.masters),
        "book_tiles_placed": c.book_tiles,
        "different_volume_sets": len(catalog.cards_by_id) + len(catalog.masters) + len(catalog.discoveries_by_id),
        "non_starting_cards": len(catalog.action_cards),
        "completed_book_lines": max((len(b.lines) for b in boards), default=0),
        "students_in_supply": c.students_per_player,
        "masters_unplayed": len(catalog.masters),
        "cubes_unplaced": c.cubes_per_player,
        "book_tiles_unplaced": c.book_tiles,
        "objectives_unoccupied": len(objectives),
        "universities_unvisited": len(catalog.universities),
        "empty_income_spaces": c.income_spaces,
        "work_special_spaces_unreached": len(catalog.work_track.spaces),
        "great_discoveries": len(catalog.discoveries_by_id) if config.options.great_discoveries else 0,
    }


@attrs.frozen
class _Yield:
    """What applying one effect can bring at most: coins, Basic Actions granted, their largest value."""

    coins: int = 0
    actions: int = 0
    value: int = 0


def _yield(effect: fx.Effect, caps: Mapping[str, int]) -> _Yield:
    match effect:
        case fx.Gain():
            return _Yield(coins=max(effect.coins, 0))
        case fx.Exchange():
            return _Yield(coins=max(effect.gain.coins, 0))
        case fx.PerformAction():
            return _Yield(coins=0 if effect.no_coins else effect.value, actions=1, value=effect.value)
        case fx.PerCount():
            if effect.counter == "coins":
                raise NewtonError("no decision bound for an effect counted per coin held")
            n = caps[effect.counter]
            acted = effect.action is not None
            work = effect.action == "work"
            coins = max(effect.gain.coins, 0) * n + (effect.action_value * n if work else 0)
            return _Yield(coins=coins, actions=n if acted else 0, value=effect.action_value * n if acted else 0)
    return _Yield()  # effects that grant no coins and no Basic Action (a choice, a tile, a volume...)


def _total(effects: tuple[fx.Effect, ...], caps: Mapping[str, int]) -> _Yield:
    ys = [_yield(e, caps) for e in effects]
    return _Yield(
        coins=sum(y.coins for y in ys), actions=sum(y.actions for y in ys), value=max((y.value for y in ys), default=0)
    )


def _best(yields: Iterable[_Yield]) -> _Yield:
    """A yield at least as large as each of ``yields`` in every field."""
    ys = list(yields)
    return _Yield(
        coins=max((y.coins for y in ys), default=0),
        actions=max((y.actions for y in ys), default=0),
        value=max((y.value for y in ys), default=0),
    )


REPEATS = (fx.IncomeBonus, fx.RepeatBonusToken, fx.RepeatCity, fx.RepeatMaster, fx.ObjectiveVP)


def _special_action_use(
    catalog: Catalog, caps: Mapping[str, int], cards: tuple[ActionCard, ...], cities: tuple[Tile, ...]
) -> tuple[_Yield, int]:
    """What one use of a special action (X8) brings at most, and how many effects it applies: its own
    effects, and for each effect giving something again (an income, a token, a City, a Master's immediate
    effect, an Objective's VP) the largest of those it can give again; ``cities``: the City tiles of the game."""
    again = [
        *(t.effects for t in catalog.income_tiles),
        *((t.effect,) for t in catalog.bonus_tokens),
        *(t.effects for t in cities),
        *(m.immediate for m in catalog.masters),
    ]
    repeated = _best(_total(effects, caps) for effects in again)
    repeated_effects = max((len(effects) for effects in again), default=0)
    best, most_effects = _Yield(), 0
    for card in cards:
        if card.special_action is None:
            continue
        effects = card.special_action.effects
        repeats = sum(isinstance(e, REPEATS) for e in effects)
        own = _total(effects, caps)
        use = _Yield(
            coins=own.coins + repeats * repeated.coins,
            actions=own.actions + repeats * repeated.actions,
            value=max(own.value, repeated.value if repeats else 0),
        )
        best = _best((best, use))
        most_effects = max(most_effects, len(effects) + repeats * repeated_effects)
    return best, most_effects


def max_decisions(config: GameConfig, catalog: Catalog) -> int:
    c = catalog.constants
    options = config.options
    caps = _count_caps(config, catalog)
    turns = c.rounds * c.turns_per_round  # per player
    cards = (*catalog.deck_cards(options.advanced_lessons), *catalog.starting_cards)
    symbols = max((len(card.symbols) for card in cards), default=1)
    special = _best(_total((card.special,), caps) for card in cards if card.special is not None)
    cities, inventions, _ = catalog.module_tiles(options.great_discoveries, options.extra_objectives)
    # Advanced Lessons: a special action is used at most once a turn (X6), whatever it costs.
    no_use = (_Yield(), 0)
    use, use_effects = _special_action_use(catalog, caps, cards, cities) if options.advanced_lessons else no_use
    # Great Discoveries: each tile is taken at most once (it leaves the table) and activated at most once (it
    # turns face down for good), so a player takes and activates at most every tile; activating costs no coin.
    discoveries = catalog.great_discoveries.great_discoveries if options.great_discoveries else ()
    activated = _total(tuple(e for d in discoveries for e in d.discovery), caps)
    income_per_round = sum(max(d.income.coins, 0) for d in discoveries)
    # Components used at most once per piece that reaches them: the Work marker, a Student, the Scientist.
    pieces = c.students_per_player + 2
    tiles = [*inventions, *catalog.specializations, *cities]
    once = [
        *(_total(t.effects, caps) for t in tiles for _ in range(pieces)),
        *(_total((t.effect,), caps) for t in catalog.bonus_tokens),
        *(_total(m.immediate, caps) for m in catalog.masters),
        *(_total(p.effects, caps) for p in catalog.pile_bonuses),
    ]
    effects_once = len(once) + sum(len(t.effects) for t in tiles) * (pieces - 1)
    desk = (c.turns_per_round + c.rounds - 1) * symbols + c.drawers + 2  # desk, tucked, drawers, Joker, boost
    value = max(desk, special.value, use.value, *(y.value for y in once))
    actions = turns * (1 + 2 * special.actions + use.actions) + sum(y.actions for y in once)
    income = max((_total(t.effects, caps).coins for t in catalog.income_tiles), default=0)
    coins = (
        c.starting_coins
        + turns * (desk + 2 * special.coins + use.coins)  # the card's Work action, two specials, a special action
        + sum(y.coins for y in once)
        + c.rounds * (c.income_spaces * income + income_per_round)
        + activated.coins
    )
    # Effects applied: the specials, the special actions, the components, the Masters played.
    effects = turns * (2 + use_effects) + effects_once + len(catalog.masters)
    expansion = turns * (1 if options.advanced_lessons else 0) + 2 * len(discoveries)  # use; discover, activate
    per_player = (
        5 * turns + c.rounds + len(catalog.masters) + expansion + actions * (2 * value + 3) + 2 * effects + coins
    )
    return config.players * per_player


_BOUNDS: dict[tuple[int, int, object, str], tuple[Catalog, Bounds]] = {}


def game_bounds(config: GameConfig, catalog: Catalog | None = None, rules: Ruleset | None = None) -> Bounds:
    """The bounds of games of ``config`` (its seed aside) played with ``catalog`` under ``rules`` (default:
    the rule table of the config's rules version), worked out once."""
    catalog = catalog or default_catalog()
    rules = rules or RULESETS[config.rules_version]
    key = (id(catalog), config.players, config.options, rules.name)
    found = _BOUNDS.get(key)
    if found is None or found[0] is not catalog:
        bounds = Bounds(rules.max_legal_actions(config, catalog), max_decisions(config, catalog))
        found = _BOUNDS[key] = (catalog, bounds)
    return found[1]
