"""The bot protocol and the random bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

import newton_rules as nr


class Bot(Protocol):
    """A player: given a game where it is to move, return one of ``game.legal_actions()``."""

    def choose(self, game: nr.Game) -> nr.Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: nr.Game) -> nr.Action:
        return self._rng.choice(game.legal_actions())


def play_game(game: nr.Game, bots: Sequence[Bot], max_actions: int = 10_000) -> nr.Game:
    """Let ``bots[seat]`` decide for each seat until the game is over."""
    for _ in range(max_actions):
        seat = game.to_move
        if seat is None:
            return game
        game = game.apply(bots[seat].choose(game))
    raise RuntimeError(f"game not over after {max_actions} actions")
