"""The bots' choices pinned on seeds: any change in what a bot chooses, or in how it spends its random
numbers, fails here.

Every scenario plays a few decisions of one game with seeded bots in every seat, from a start reached by
seeded random play, and records each choice; for a search bot also the iterations it ran and the visits
of each root action (so a change in the order it draws random numbers shows even where the choice does
not). ``tests/data/bot_choices.json`` holds the records. After an intended change of a bot, rewrite it
with ``PYTHONPATH=src python -m tests.test_bot_choices`` and review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import galileo_rules as gr
import newton_rules as nr
from galileo_rules import bots as galileo_bots
from newton_rules.bots import GreedyBot, MCTSBot
from newton_rules.bots.evaluation import EstimateWeights
from newton_rules.regression import WHOLE_EXPANSION
from rules_core.mcts import ISMCTSBot
from rules_core.session import Session
from tests.core.toy import Move, new_nim

DATA = Path(__file__).parent / "data" / "bot_choices.json"

Record = dict[str, Any]


def _start(game: Session, decisions: int, seed: int) -> Session:
    """The game after ``decisions`` uniformly random legal actions drawn with ``seed``."""
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    return game


def _search_stats(bot: Any, legal: Sequence[Any]) -> Record:
    """What a search bot reports of its last search: iterations, root visits, and its tree's size."""
    stats: Record = {"iterations": bot.last_iterations}
    stats["visits"] = [bot.last_visits.get(action, 0) for action in legal]
    if hasattr(bot, "last_tree_size"):
        stats["tree"] = bot.last_tree_size
    return stats


def _play(game: Session, bots: Sequence[Any], decisions: int) -> list[Record]:
    """Each seat's bot chooses on its view for ``decisions`` decisions (fewer if the game ends)."""
    records: list[Record] = []
    for _ in range(decisions):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        legal = game.legal_actions()
        bot = bots[seat]
        action = bot.choose(game.view(seat))
        record: Record = {"seat": seat, "action": str(action)}
        if hasattr(bot, "last_visits") and len(legal) > 1:
            record.update(_search_stats(bot, legal))
        records.append(record)
        game = game.apply(action)
    return records


def _newton(players: int, seed: int, before: int, options: nr.Options | None = None) -> Session:
    return _start(nr.new_game(players=players, seed=seed, options=options), before, seed)


def _galileo(players: int, seed: int, before: int, advanced: bool = False) -> Session:
    return _start(gr.new_game(players, seed=seed, advanced=advanced), before, seed)


def _mcts(players: int, **params: Any) -> list[MCTSBot]:
    return [MCTSBot(seed=10 + seat, **params) for seat in range(players)]


def _nim_prior(game: Session, action: Move) -> float:
    return 0.8 if action.kind == "play" else 0.2


SCENARIOS: dict[str, Callable[[], list[Record]]] = {
    "newton-mcts-2p": lambda: _play(_newton(2, 4, 40), _mcts(2, iterations=20), 24),
    "newton-mcts-2p-playout-turns": lambda: _play(_newton(2, 5, 60), _mcts(2, iterations=12, playout_turns=1), 14),
    "newton-mcts-3p-game-horizon": lambda: _play(_newton(3, 6, 50), _mcts(3, iterations=15, horizon="game"), 18),
    "newton-mcts-4p-weights-rollout": lambda: _play(
        _newton(4, 7, 90),
        _mcts(
            4,
            iterations=14,
            weights=EstimateWeights(cube=4.8, hand_action=3.0),
            rollout_depth=4,
            reuse=False,
            exploration=0.3,
            prior_visits=2.0,
        ),
        18,
    ),
    "newton-mcts-2p-no-finish": lambda: _play(
        _newton(2, 8, 30), _mcts(2, iterations=15, finish_turn=False, scale=4.0, horizon="game"), 14
    ),
    "newton-mcts-1p": lambda: _play(_newton(1, 9, 20), _mcts(1, iterations=25), 24),
    "newton-mcts-1p-playout-turns": lambda: _play(_newton(1, 3, 70), _mcts(1, iterations=10, playout_turns=2), 12),
    "newton-mcts-expansion": lambda: _play(_newton(2, 5, 40, WHOLE_EXPANSION), _mcts(2, iterations=15), 16),
    "newton-greedy-2p": lambda: _play(_newton(2, 4, 0), [GreedyBot(seed=1), GreedyBot(seed=2)], 40),
    "newton-greedy-3p-depth": lambda: _play(
        _newton(3, 6, 80),
        [GreedyBot(seed=3, depth=2), GreedyBot(seed=4, depth=3), GreedyBot(seed=5, follow_up=False)],
        40,
    ),
    "newton-greedy-1p": lambda: _play(_newton(1, 9, 30), [GreedyBot(seed=6)], 30),
    "newton-greedy-expansion": lambda: _play(
        _newton(3, 5, 60, WHOLE_EXPANSION), [GreedyBot(seed=seat) for seat in range(3)], 30
    ),
    "galileo-greedy-2p-whole-game": lambda: _play(
        _galileo(2, 3, 0), [galileo_bots.GreedyBot(seed=1), galileo_bots.GreedyBot(seed=2)], 3000
    ),
    "galileo-greedy-3p-advanced": lambda: _play(
        _galileo(3, 4, 20, advanced=True),
        [galileo_bots.GreedyBot(seed=seat, depth=3 - seat % 2, width=4 + seat) for seat in range(3)],
        80,
    ),
    "galileo-greedy-1p": lambda: _play(_galileo(1, 5, 10), [galileo_bots.GreedyBot(seed=7)] * 2, 60),
    "galileo-ismcts-leaf-value": lambda: _play(
        _galileo(2, 6, 30),
        [ISMCTSBot(seed=seat, iterations=10, leaf_value=galileo_bots.leaf_value) for seat in range(2)],
        20,
    ),
    "galileo-ismcts-rollout": lambda: _play(
        _galileo(3, 7, 40), [ISMCTSBot(seed=seat, iterations=5, rollout_limit=30) for seat in range(3)], 10
    ),
    "nim-ismcts": lambda: _play(new_nim(seed=5, hand=3), [ISMCTSBot(seed=1, iterations=50)] * 2, 30),
    "nim-ismcts-prior": lambda: _play(
        new_nim(seed=6, hand=3),
        [ISMCTSBot(seed=seat, iterations=30, prior=_nim_prior, exploration=0.3, prior_visits=3.0) for seat in range(2)],
        30,
    ),
}


def _pinned() -> dict[str, list[Record]]:
    pinned: dict[str, list[Record]] = json.loads(DATA.read_text(encoding="utf-8"))
    return pinned


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_bots_choose_as_pinned(name: str) -> None:
    expected = _pinned()[name]
    actual = SCENARIOS[name]()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"decision {number} differs"
    assert len(actual) == len(expected)


def test_every_pinned_scenario_is_played() -> None:
    assert set(_pinned()) == set(SCENARIOS)


def write() -> None:
    """Record every scenario's choices in ``DATA``."""
    records = {name: play() for name, play in SCENARIOS.items()}
    DATA.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
