"""The random-simulation check on every player count and option set (the bounded CI run).

``scripts/soak.py --games 20000`` runs the same checks at length.
"""

from __future__ import annotations

import pytest

import newton_rules as nr
from newton_rules.testing import OPTION_SETS, random_simulation_check


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("option_set", range(len(OPTION_SETS)))
def test_random_games_keep_every_invariant(players: int, option_set: int) -> None:
    """About 200 random games in all, shared by the player counts and option sets; every action checked."""
    games = -(-200 // (4 * len(OPTION_SETS)))
    config = nr.GameConfig(players=players, seed=1000 * option_set + players, options=OPTION_SETS[option_set])
    report = random_simulation_check(config, games=games, json_every=60, illegal_every=7)
    assert report.failures == ()
    assert report.actions > games * 50


def test_random_simulation_check_reports_a_broken_game() -> None:
    """The check itself finds a broken invariant (a coin appearing without an event)."""
    import attrs

    game = nr.new_game(players=2, seed=3)
    p0 = game.state.players[0]
    broken_state = attrs.evolve(game.state, players=(attrs.evolve(p0, coins=p0.coins + 1), *game.state.players[1:]))
    broken = nr.Game(game._ctx, broken_state, game._log, len(game))
    report = random_simulation_check(broken, games=1)
    assert any("ledger" in f for f in report.failures)


@pytest.mark.parametrize("players", [2, 4])
def test_save_round_trips_after_every_single_action(players: int) -> None:
    """Mid-turn saves: Game.from_json(g.to_json()) == g after every action of a whole game."""
    report = random_simulation_check(nr.GameConfig(players=players, seed=77), games=1, json_every=1, illegal_every=0)
    assert report.failures == ()
