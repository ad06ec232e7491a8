"""The action space: every action any game of a configuration can offer, with stable ids in the rule order."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import newton_rules as nr
from newton_rules.action_space import ARGUMENTS, ActionNotInSpace
from newton_rules.components.catalog import Catalog
from newton_rules.model.actions import ACTION_KINDS
from newton_rules.rules.table import RULES
from newton_rules.testing import OPTION_SETS
from rules_core.actions import ActionKind


def random_games(players: int, seed: int, options: nr.Options) -> list[nr.Game]:
    game = nr.new_game(players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    out = [game]
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
        out.append(game)
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_every_legal_action_is_in_the_space_in_its_order(players: int, options: nr.Options) -> None:
    space = nr.action_space(nr.GameConfig(players=players, seed=0, options=options))
    for game in random_games(players, seed=players + 10, options=options):
        ids = space.ids(game.legal_actions())
        assert ids == sorted(ids) and len(set(ids)) == len(ids)
        assert [space[i] for i in ids] == list(game.legal_actions())


def test_ids_are_stable_and_index_reads_them_back() -> None:
    config = nr.GameConfig(players=3, seed=5)
    space = nr.action_space(config)
    assert nr.action_space(nr.GameConfig(players=3, seed=99)) is space  # the seed plays no part
    assert all(space.index(action) == i for i, action in enumerate(space))
    assert len(space) == len(set(space)) and space[0].kind == "keep" and nr.Action("end") in space
    kinds = list(dict.fromkeys(action.kind for action in space))
    assert kinds == [kind.name for kind in RULES.notation.kinds if kind.name in kinds]  # in the notation's order
    assert nr.Action("play", "L1-04") in space and nr.Action.parse(str(space[7])) == space[7]


def test_an_action_no_game_can_offer_is_refused_by_name() -> None:
    space = nr.action_space(nr.GameConfig(players=2, seed=1))
    with pytest.raises(ActionNotInSpace, match="fly venezia"):
        space.index(nr.Action("fly", "venezia"))
    with pytest.raises(ValueError):  # as Sequence.index does
        space.index(nr.Action("play", "start-purple-work"))  # purple sits only at a 3rd or 4th seat
    with pytest.raises(nr.NewtonError):
        space.ids([nr.Action("step", "atlantis")])


def test_the_space_grows_with_the_seats_starting_cards_only() -> None:
    sizes = [len(nr.action_space(nr.GameConfig(players=n, seed=0))) for n in (1, 2, 3, 4)]
    starting = len(nr.default_catalog().starting_cards)
    # Each seat brings its colour's Starting cards to play, copy, discard and tuck.
    assert [b - a for a, b in itertools.pairwise(sizes)] == [4 * starting] * 3


def test_every_action_kind_with_an_argument_has_a_domain() -> None:
    assert {kind for kind, takes in ACTION_KINDS.items() if takes} == set(ARGUMENTS)


def test_a_bigger_data_pack_gives_a_bigger_space_without_code() -> None:
    catalog = nr.default_catalog()
    newcomer = attrs.evolve(catalog.masters[0], id="newcomer")
    bigger = attrs.evolve(catalog, masters=(*catalog.masters, newcomer))
    config = nr.GameConfig(players=2, seed=0)
    grown = nr.action_space(config, bigger)
    assert len(grown) == len(nr.action_space(config)) + 2  # keep and master
    assert nr.Action("master", "newcomer") in grown


def test_the_mask_marks_the_legal_actions() -> None:
    game = nr.new_game(players=2, seed=3)
    space = nr.action_space(game.config)
    mask = space.mask(game.legal_actions())
    assert len(mask) == len(space) and sum(mask) == len(game.legal_actions())
    assert [space[i] for i, m in enumerate(mask) if m] == list(game.legal_actions())


# -- what each action kind can name, and the most of it one decision offers, read from the data pack ----------
# The kinds' own domains and limits are read here, not the shared space: a cached space would hide them.

TWO = nr.GameConfig(players=2, seed=0)
ADVANCED = nr.GameConfig(players=2, seed=0, options=nr.Options(advanced_lessons=True))


def kind(name: str) -> ActionKind:
    return RULES.notation.by_name[name]


def without_spaces(catalog: Catalog, *kinds: str) -> Catalog:
    """The pack with no Map space of ``kinds`` (and no route to one)."""
    gone = {space.id for space in catalog.map.spaces if space.kind in kinds}
    spaces = tuple(space for space in catalog.map.spaces if space.id not in gone)
    routes = tuple(route for route in catalog.map.routes if gone.isdisjoint((route.a, route.b)))
    return attrs.evolve(catalog, map=attrs.evolve(catalog.map, spaces=spaces, routes=routes))


def test_X1_the_advanced_lessons_are_played_and_taken_only_with_their_module() -> None:
    catalog = nr.default_catalog()
    assert "AL1-01" in kind("play").arguments(ADVANCED, catalog)
    assert "AL3-10" in kind("take").arguments(ADVANCED, catalog)
    assert "AL1-01" not in kind("play").arguments(TWO, catalog) and "AL1-01" not in kind("take").arguments(TWO, catalog)


def test_X5_only_a_card_with_a_special_action_is_used_tucked() -> None:
    catalog = nr.default_catalog()
    used = kind("use").arguments(ADVANCED, catalog)
    # The reference Advanced Lessons: cards 06 to 10 of each level have a special action, 01 to 05 none.
    assert used == tuple(f"AL{level}-{n:02}" for level in (1, 2, 3) for n in range(6, 11))
    assert kind("use").arguments(TWO, catalog) == ()


def test_X8_a_special_action_gives_again_an_income_space_a_token_a_city_a_master_or_an_objective() -> None:
    catalog = nr.default_catalog()
    again = kind("again").arguments(ADVANCED, catalog)
    cities = [space.id for space in catalog.map.spaces if space.kind == "city"]
    assert len(cities) == 7  # S1
    for arg in ("0", "4", "K01", *cities, "boyle", "berlin", "w13", "a4", "b8", "c5"):
        assert arg in again
    assert "5" not in again and "basel" not in again  # 5 income spaces; a Village gives nothing again
    # A pack whose Map has no City, Objective or Village space offers none of them, and still plays.
    bare = without_spaces(catalog, "city", "objective", "village")
    again = kind("again").arguments(ADVANCED, bare)
    assert "berlin" not in again and not set(cities) & set(again) and "w13" in again and "K01" in again
    assert kind("village").arguments(TWO, bare) == ()


def test_E6_the_scientist_moves_to_a_village_of_the_map() -> None:
    catalog = nr.default_catalog()
    villages = kind("village").arguments(TWO, catalog)
    assert len(villages) == 14 and all(catalog.map_spaces[v].kind == "village" for v in villages)


def test_G1_the_great_discoveries_are_offered_only_with_their_module() -> None:
    catalog = nr.default_catalog()
    with_module = nr.GameConfig(players=2, seed=0, options=nr.Options(great_discoveries=True))
    assert kind("discover").arguments(with_module, catalog)[:2] == ("GD1", "GD2")
    assert len(kind("activate").arguments(with_module, catalog)) == 8  # G1: 8 tiles
    assert kind("discover").arguments(TWO, catalog) == ()


def test_the_most_cards_a_decision_offers() -> None:
    catalog = nr.default_catalog()
    # A hand: any of the 45 deck cards (75 with the Advanced Lessons, X1) and the seat's 6 Starting cards.
    assert kind("play").limit(TWO, catalog) == 51 and kind("discard").limit(ADVANCED, catalog) == 81
    # The desk: the 5 cards played this round (F2) and at most one tucked in each of the 6 rounds (F1, F9).
    assert kind("copy").limit(TWO, catalog) == 11 and kind("tuck").limit(TWO, catalog) == 11
    assert kind("use").limit(ADVANCED, catalog) == 1  # the special action of the turn's column only (X6)


def test_B1_a_study_offers_at_most_the_free_book_spaces_of_a_board() -> None:
    catalog = nr.default_catalog()
    assert kind("book").limit(TWO, catalog) == 16  # 17 book spaces, the bottom-left one pre-filled (B3)
    assert kind("book").limit(TWO, attrs.evolve(catalog, study_boards=())) == 0


def test_T1_a_step_offers_at_most_one_move_per_route_or_fork() -> None:
    catalog = nr.default_catalog()
    assert kind("step").limit(TWO, catalog) == 6  # Wien, Praha and Innsbruck have 6 routes each
    no_routes = attrs.evolve(catalog, map=attrs.evolve(catalog.map, routes=()))
    assert kind("step").limit(TWO, no_routes) == 3  # the Technology track's fork at t1 has 3 ways
    work_only = attrs.evolve(
        catalog,
        map=attrs.evolve(catalog.map, spaces=(), routes=()),
        technology_track=attrs.evolve(catalog.technology_track, spaces=()),
    )
    assert kind("step").limit(TWO, work_only) == 1  # the Work track alone: one next space
