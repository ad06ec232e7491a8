"""Bounds: the most legal actions of a decision and the most decisions of a game, derived from the data."""

from __future__ import annotations

import random

import attrs
import pytest

import newton_rules as nr
from newton_rules.bounds import OFFERS
from newton_rules.invariants import check_invariants
from newton_rules.model.frames import RewardFrame
from newton_rules.rules.table import DECLARED_FRAMES
from newton_rules.testing import OPTION_SETS


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_every_decision_offers_the_kinds_its_frame_declares_within_the_bound(players: int, options: nr.Options) -> None:
    config = nr.GameConfig(players=players, seed=0, options=options)
    bounds = nr.game_bounds(config)
    game = nr.new_game(players=players, seed=players * 7, options=options)
    rnd = random.Random(players)
    while not game.is_over:
        legal = game.legal_actions()
        kinds = {a.kind for a in legal}
        groups = OFFERS[type(game.state.top)]
        assert any(kinds <= set(group) for group in groups), (type(game.state.top).__name__, kinds)
        assert len(legal) <= bounds.max_legal_actions
        game = game.apply(rnd.choice(legal))
    assert len(game) <= bounds.max_decisions


def test_the_bounds_grow_with_the_players_and_the_data() -> None:
    sizes = [nr.game_bounds(nr.GameConfig(players=n, seed=0)).max_decisions for n in (1, 2, 3, 4)]
    assert sizes == [sizes[0] * n for n in (1, 2, 3, 4)]
    catalog = nr.default_catalog()
    bigger = attrs.evolve(catalog, constants=attrs.evolve(catalog.constants, rounds=catalog.constants.rounds + 1))
    config = nr.GameConfig(players=2, seed=0)
    assert nr.game_bounds(config, bigger).max_decisions > nr.game_bounds(config).max_decisions


def test_a_game_beyond_a_bound_breaks_an_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The invariant check (and so the random-simulation tests and the soak) holds games to the bounds."""
    game = nr.new_game(players=2, seed=1)
    for _ in range(3):
        game = game.apply(game.legal_actions()[0])
    assert check_invariants(game) == []
    monkeypatch.setattr("newton_rules.invariants.game_bounds", lambda *_: nr.Bounds(1, 2))
    problems = check_invariants(game)
    assert any("above the bound of 1" in p for p in problems) and any("bound of 2 decisions" in p for p in problems)


def test_every_decision_kind_declares_what_it_offers() -> None:
    """The expansion's decisions too (G4: a tile's Great Discovery; X8: take, discard, give again)."""
    assert set(DECLARED_FRAMES) - {RewardFrame} == set(OFFERS)  # a reward is applied, never asked


def test_the_expansion_adds_its_decisions_to_the_bound() -> None:
    """G2-G3: each Great Discovery tile taken and activated at most once; X6: a special action once a turn."""
    catalog = nr.default_catalog()
    c = catalog.constants

    def per_player(options: nr.Options) -> int:
        return nr.game_bounds(nr.GameConfig(players=1, seed=0, options=options)).max_decisions

    base = per_player(nr.Options())
    assert per_player(nr.Options(great_discoveries=True)) >= base + 2 * len(catalog.discoveries_by_id)
    assert per_player(nr.Options(advanced_lessons=True)) >= base + c.rounds * c.turns_per_round
    assert per_player(nr.Options(extra_objectives=True)) == base  # its tiles give VP only
