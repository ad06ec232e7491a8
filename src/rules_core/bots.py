"""The bot protocol of every game on the core, the random bot, and :func:`play_game`, the one play loop.

**A bot sees what its seat sees.** ``bot.choose(view) -> action`` is given the seat's player view
(``game.view(seat)``), never the whole game. A player view offers at least:

- ``player``: the seat it is for; ``to_move``: the seat whose decision is pending (None once over);
- ``legal_actions()``: that seat's legal actions when it is to move (empty otherwise);
- ``sample(rng) -> game``: a full game (a :class:`~rules_core.session.Session`) consistent with all the
  seat saw, its visible log kept, the hidden parts dealt at random from ``rng`` (a ``random.Random``):
  what a search bot plays on (a determinization); a game's view makes it with
  :func:`rules_core.views.sample_game`, giving it the game's own dealing of the hidden parts.

**Oracle bots** say by name that they read the whole game: a class attribute ``oracle = True`` (or
subclass :class:`OracleBot`); the play loop then gives them the game itself. Use it for a bot that
cheats on purpose (a benchmark opponent, a perfect-information baseline), never by accident.

**Old callers keep working.** A caller may still pass a game to a view bot (``bot.choose(game)``): the
bot takes ``game.view(game.to_move)`` itself (:func:`seat_view`).

:func:`play_game` lets bots play any game on the core; :class:`PlayFailed` says which decision failed.
:class:`GreedyBot` is the shape of a game's greedy bot: one sample per decision, each legal action valued
on it by the game's evaluation, the best chosen.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, TypeVar

from rules_core.session import Session

MAX_ACTIONS = 100_000  # games take hundreds of decisions; more means a bot or the engine is looping

G = TypeVar("G", bound=Session)


class PlayerView(Protocol):
    """What a bot is given: one seat's view of a game (see the module doc)."""

    @property
    def player(self) -> int: ...

    @property
    def to_move(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def sample(self, rng: random.Random) -> Session: ...


class Bot(Protocol):
    """A player: given its seat's view when it is to move, return one of the view's legal actions."""

    def choose(self, view: Any) -> Any: ...


class OracleBot:
    """Base class of a bot that reads the whole game (``choose(game)``): the play loop gives it the game."""

    oracle: ClassVar[bool] = True

    def choose(self, game: Any) -> Any:
        raise NotImplementedError


def is_oracle(bot: object) -> bool:
    """Whether ``bot`` said by name (``oracle = True``) that it is given the whole game."""
    return getattr(bot, "oracle", False) is True


def seat_view(seen: Any) -> Any:
    """The view a bot decides on: ``seen`` itself, or for an old-style caller that passed a game, the view
    of the seat to move."""
    if isinstance(seen, Session):
        return seen.view(seen.to_move)
    return seen


def legal_actions_of(view: Any) -> Sequence[Any]:
    """A view's legal actions: ``view.legal_actions()``, or the tuple of a view that keeps them as a field."""
    legal = view.legal_actions
    return legal() if callable(legal) else legal  # type: ignore[no-any-return]


class RandomBot:
    """Chooses uniformly among the legal actions of its view, from a generator seeded with ``seed``.

    One instance in every seat (``[RandomBot(seed)] * players``) draws every choice from one generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        return self._rng.choice(legal_actions_of(seat_view(view)))


class GreedyBot(ABC):
    """A greedy bot: it values each legal action of its view on one sample of the view per decision
    (``view.sample(rng)``, so it never reads a hidden part) and chooses the best.

    A game's greedy bot gives :meth:`action_values`, its evaluation and lookahead. The samples are drawn
    from a generator seeded with ``seed``. Ties: with ``tie_tolerance`` None the first best action in the
    legal order wins; with a tolerance, every action within it of the best value found before it ties,
    and the tie is broken at random by a second generator seeded with ``seed``.
    """

    def __init__(self, seed: int = 0, tie_tolerance: float | None = None) -> None:
        self._sampler = random.Random(seed)
        self._ties = random.Random(seed)
        self.tie_tolerance = tie_tolerance

    def choose(self, view: Any) -> Any:
        """The best legal action of the view (a game is read as the view of its seat to move)."""
        view = seat_view(view)
        legal = legal_actions_of(view)
        if len(legal) == 1:
            return legal[0]
        values = self.action_values(view, view.sample(self._sampler), legal)
        return self._best(legal, values)

    @abstractmethod
    def action_values(self, view: Any, game: Any, legal: Sequence[Any]) -> Sequence[float]:
        """The value of each of ``legal`` (the view's legal actions, two or more) to the view's seat, judged
        on ``game``, this decision's sample of the view."""

    def _best(self, legal: Sequence[Any], values: Sequence[float]) -> Any:
        tolerance = self.tie_tolerance
        if tolerance is None:
            best, best_value = legal[0], -math.inf
            for action, value in zip(legal, values, strict=True):
                if value > best_value:
                    best, best_value = action, value
            return best
        tied: list[Any] = []
        best_value = -math.inf
        for action, value in zip(legal, values, strict=True):
            if value > best_value + tolerance:
                tied, best_value = [action], value
            elif abs(value - best_value) <= tolerance:
                tied.append(action)
        return self._ties.choice(tied)


class PlayFailed(RuntimeError):
    """A game stopped inside :func:`play_game`: a bot or the engine raised, or the game cannot go on.

    ``game`` is the game before the failing decision and ``action`` the action being applied (None when
    the bot itself failed); the message names the decision number, the seat and the action.
    """

    def __init__(self, game: Session, message: str, action: Any = None) -> None:
        super().__init__(message)
        self.game = game
        self.action = action


Observer = Callable[[Any, int, Any], None]
"""Called after each decision with the new game, the seat that decided and its action."""


def play_game(
    game: G,
    bots: Sequence[Any] | Mapping[int, Any],
    *,
    until: Callable[[G], bool] | None = None,
    on_action: Observer | None = None,
    max_actions: int = MAX_ACTIONS,
) -> G:
    """Let ``bots[seat]`` decide for the seat to move until the game is over, or until ``until(game)``.

    A bot is given its seat's view (``game.view(seat)``), an oracle bot the game. ``bots`` holds a bot per
    seat (a mapping may leave out the seats ``until`` stops at, such as a person's). Raises
    :class:`PlayFailed` when a bot or the engine fails, after ``max_actions`` decisions, or when nobody can
    move in a game that is not over.
    """
    for _ in range(max_actions):
        if game.is_over or (until is not None and until(game)):
            return game
        seat = game.to_move
        if seat is None or not game.legal_actions():
            raise PlayFailed(game, f"decision {len(game)}: no legal action in a game that is not over")
        action: Any = None
        try:
            bot = bots[seat]
            action = bot.choose(game if is_oracle(bot) else game.view(seat))
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


__all__ = [
    "MAX_ACTIONS",
    "Bot",
    "GreedyBot",
    "Observer",
    "OracleBot",
    "PlayFailed",
    "PlayerView",
    "RandomBot",
    "is_oracle",
    "legal_actions_of",
    "play_game",
    "seat_view",
]
