"""The action space: every action any game of a configuration can offer, with stable ids in the rule order."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

import newton_rules as nr
from newton_rules.action_space import ARGUMENTS, ActionNotInSpace
from newton_rules.model.actions import ACTION_KINDS
from newton_rules.rules.table import RULES
from newton_rules.testing import OPTION_SETS


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
