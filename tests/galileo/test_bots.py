"""The greedy bot keeps the game moving: the deck running out is the only end trigger (GF4-GF5)."""

from __future__ import annotations

import pytest

from galileo_rules import GalileoGame, new_game
from galileo_rules.bots import GreedyBot, Weights
from rules_core.bots import PlayFailed, play_game

# Seeds of scripts/galileo_profile.py whose greedy games never ended before the bot valued drawing cards:
# (profile index, players, abilities). Their players maxed their dice, then kept them for ever.
STALLED = ((38, 3, True),)
# A finished greedy game takes 200-1,500 decisions; a seat draws a card at the latest after
# patience + about 6 idle turns of its own (the progress value then exceeds anything its dice are worth).
DECISIONS = 3_000


def greedy_game(index: int, players: int, advanced: bool, weights: Weights = Weights()) -> GalileoGame:
    game = new_game(players, seed=index, advanced=advanced)
    bots = {seat: GreedyBot(seed=index * 10 + seat, weights=weights) for seat in range(len(game.state.players))}
    return play_game(game, bots, max_actions=DECISIONS)


@pytest.mark.parametrize(("index", "players", "advanced"), STALLED)
def test_GF4_greedy_players_draw_until_the_deck_runs_out(index: int, players: int, advanced: bool) -> None:
    """GF4: greedy seats that waited ``patience`` turns with the deck unchanged draw cards; the game ends."""
    game = greedy_game(index, players, advanced)
    assert game.is_over and not game.state.deck


def test_GF4_without_the_progress_value_the_stalled_game_never_ends() -> None:
    """GF4: the cause: valued only by what they hold, greedy seats with maxed dice never draw again."""
    index, players, advanced = STALLED[0]
    with pytest.raises(PlayFailed, match="not over"):
        greedy_game(index, players, advanced, Weights(progress=0.0))
