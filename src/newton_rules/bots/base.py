"""The bot protocol, the random bot, and :func:`play_game`: the one loop that lets bots play a game."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

import newton_rules as nr

MAX_ACTIONS = 100_000  # a game takes a few hundred decisions; more means a bot or the engine is looping


class Bot(Protocol):
    """A player: given a game where it is to move, return one of ``game.legal_actions()``."""

    def choose(self, game: nr.Game) -> nr.Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions.

    One instance in every seat (``[RandomBot(seed)] * players``) draws every choice from one generator,
    as the golden games of the regression tests do.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: nr.Game) -> nr.Action:
        return self._rng.choice(game.legal_actions())


class PlayFailed(RuntimeError):
    """A game stopped inside :func:`play_game`: a bot or the engine raised, or the game cannot go on.

    ``game`` is the game before the failing decision and ``action`` the action being applied (None when
    the bot itself failed); the message names the decision number, the seat and the action.
    """

    def __init__(self, game: nr.Game, message: str, action: nr.Action | None = None) -> None:
        super().__init__(message)
        self.game = game
        self.action = action


Observer = Callable[[nr.Game, int, nr.Action], None]
"""Called after each decision with the new game, the seat that decided and its action."""


def play_game(
    game: nr.Game,
    bots: Sequence[Bot] | Mapping[int, Bot],
    *,
    until: Callable[[nr.Game], bool] | None = None,
    on_action: Observer | None = None,
    max_actions: int = MAX_ACTIONS,
) -> nr.Game:
    """Let ``bots[seat]`` decide for the seat to move until the game is over, or until ``until(game)``.

    ``bots`` holds a bot per seat (a mapping may leave out the seats that ``until`` stops at, such as a
    person's). Raises :class:`PlayFailed` when a bot or the engine fails, after ``max_actions`` decisions,
    or when nobody can move in a game that is not over.
    """
    for _ in range(max_actions):
        if game.is_over or (until is not None and until(game)):
            return game
        seat = game.to_move
        if seat is None or not game.legal_actions():
            raise PlayFailed(game, f"decision {len(game)}: no legal action in a game that is not over")
        action: nr.Action | None = None
        try:
            action = bots[seat].choose(game)
            after = game.apply(action)
        except Exception as exc:  # say what reproduces it: the decision, the seat, the action
            doing = f"action {str(action)!r}" if action is not None else "choosing"
            message = f"decision {len(game)}, P{seat} {doing}: {type(exc).__name__}: {exc}"
            raise PlayFailed(game, message, action) from exc
        game = after
        if on_action is not None:
            on_action(game, seat, action)
    if game.is_over or (until is not None and until(game)):
        return game
    raise PlayFailed(game, f"not over after {max_actions} decisions")
