"""Perft: count the distinct action sequences of a given depth from a position.

As in chess engines, the counts of a fixed position are a sharp regression test: any change to what is
legal changes them, and :func:`divide` shows under which first action the difference lies.
"""

from __future__ import annotations

from newton_rules.game import Game


def perft(game: Game, depth: int) -> int:
    """The number of action sequences of length ``depth`` (shorter where the game ends)."""
    if depth == 0 or game.is_over:
        return 1
    legal = game.legal_actions()
    if depth == 1:
        return len(legal)
    return sum(perft(game.apply(action), depth - 1) for action in legal)


def divide(game: Game, depth: int) -> dict[str, int]:
    """Perft of ``depth - 1`` below each legal action, keyed by the action's text."""
    return {str(action): perft(game.apply(action), depth - 1) for action in game.legal_actions()}
