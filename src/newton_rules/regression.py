"""Regression data shared by the tests and ``scripts/regenerate_regression_data.py``.

- Golden games: for fixed seeds, a random game (the bot's seed is the game's) played to the end; its
  transcript is stored under ``tests/data/golden``. The base games, then games with expansion modules
  (:data:`EXPANSION_GOLDEN_GAMES`), whose file names carry the options.
- Perft positions: logged positions (config + actions) with their perft counts to depth 1-4, stored in
  ``tests/data/perft.json``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from newton_rules.game import Game, new_game, replay
from newton_rules.model.config import GameConfig, Options
from newton_rules.perft import perft

GOLDEN_GAMES = ((1, 1), (2, 2), (4, 4))  # (players, seed)
# (players, seed, options): random games that buy and activate a Great Discovery tile, with the
# additional Objective tiles in the setup; and the whole expansion, a game that also uses a special action
# of the Advanced Lessons.
DISCOVERIES = Options(great_discoveries=True, extra_objectives=True)
WHOLE_EXPANSION = Options(advanced_lessons=True, great_discoveries=True, extra_objectives=True)
EXPANSION_GOLDEN_GAMES = ((1, 7, DISCOVERIES), (3, 26, DISCOVERIES), (3, 5, WHOLE_EXPANSION))
PERFT_DEPTH = 4


def random_game(players: int, seed: int, options: Options | None = None) -> Game:
    """A complete game of uniformly random legal actions; deterministic for (players, seed, options)."""
    game = new_game(players=players, seed=seed, options=options)
    rnd = random.Random(seed)
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
    return game


def golden_name(players: int, seed: int, options: Options | None = None) -> str:
    """``seed2-2p.txt``; with options, the modules and readings that differ from the defaults:
    ``seed7-1p-extra_objectives-great_discoveries.txt``."""
    changed = sorted(
        name if value is True else f"{name}={value}"
        for name, value in attrs.asdict(options or Options()).items()
        if value != getattr(Options(), name)
    )
    return "-".join((f"seed{seed}", f"{players}p", *changed)) + ".txt"


def perft_positions() -> list[Game]:
    """The start of 1-, 2- and 4-player games and three mid-game positions with real choices."""
    games = [new_game(players=n, seed=n) for n in (1, 2, 4)]
    for players, seed, after in ((2, 11, 40), (3, 12, 120), (4, 13, 250)):
        game = new_game(players=players, seed=seed)
        rnd = random.Random(seed)
        while len(game) < after or len(game.legal_actions()) < 6:
            game = game.apply(rnd.choice(game.legal_actions()))
        games.append(game)
    return games


def perft_record(game: Game, depth: int = PERFT_DEPTH) -> dict[str, Any]:
    return {
        "players": game.config.players,
        "seed": game.config.seed,
        "actions": [str(a) for a in game.actions],
        "counts": [perft(game, d) for d in range(1, depth + 1)],
    }


def game_of_record(record: dict[str, Any]) -> Game:
    return replay(GameConfig(players=record["players"], seed=record["seed"]), record["actions"])


__all__ = [
    "DISCOVERIES",
    "EXPANSION_GOLDEN_GAMES",
    "GOLDEN_GAMES",
    "PERFT_DEPTH",
    "WHOLE_EXPANSION",
    "game_of_record",
    "golden_name",
    "perft_positions",
    "perft_record",
    "random_game",
]
