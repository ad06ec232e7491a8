"""The greedy bot keeps the game moving: the deck running out is the only end trigger (GF4-GF5)."""

from __future__ import annotations

import pytest

from galileo_rules import GalileoGame, new_game
from galileo_rules.bots import GreedyBot
from galileo_rules.testing import Position
from rules_core.bots import play_game

# Seeds of scripts/galileo_profile.py whose greedy games never ended (bot and data pack before the progress value):
# (profile index, players, abilities). Their players maxed their dice, then kept them for ever.
STALLED = ((38, 3, True),)
# A finished greedy game takes 200-1,500 decisions; a seat draws a card at the latest after
# patience + about 6 idle turns of its own (the progress value then exceeds anything its dice are worth).
DECISIONS = 3_000


def greedy_game(index: int, players: int, advanced: bool) -> GalileoGame:
    game = new_game(players, seed=index, advanced=advanced)
    bots = {seat: GreedyBot(seed=index * 10 + seat) for seat in range(len(game.state.players))}
    return play_game(game, bots, max_actions=DECISIONS)


@pytest.mark.parametrize(("index", "players", "advanced"), STALLED)
def test_GF4_greedy_players_draw_until_the_deck_runs_out(index: int, players: int, advanced: bool) -> None:
    """GF4: greedy seats that waited ``patience`` turns with the deck unchanged draw cards; the game ends."""
    game = greedy_game(index, players, advanced)
    assert game.is_over and not game.state.deck


def test_GF4_a_greedy_seat_that_waited_draws_a_card_with_its_maxed_dice() -> None:
    """GF4: after turns that began with the deck unchanged, drawing a card outweighs keeping maxed dice."""
    game = Position(2).dice(0, "R6 B6 B6 Y6").display(2, "D15").game()
    bot = GreedyBot(seed=1)
    for _ in range(10):  # ten turns of seat 0 that began with the same deck
        bot.choose(game.view(0))
    assert bot.idle_turns == 9
    deck = len(game.state.deck)
    while game.to_move == 0:
        game = game.apply(bot.choose(game.view(0)))
    assert len(game.state.deck) < deck
