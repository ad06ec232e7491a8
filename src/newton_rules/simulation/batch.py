"""Batches of bot games: the bots of each seat, the task of each game, and playing them in worker processes or on Ray.

Bots are seeded from the game and the seat: the bot in seat ``s`` of the game with seed ``S`` is built
with ``seed=bot_seed(S, s) = 4 * S + s``. A results line (config, bots per seat, bot options, data
folder) is therefore enough to play the same game again: :func:`replay_record`. The bot seeds, the seats'
bots, the backends, the failures and the seed-order loop are the core's (:mod:`rules_core.simulation.batch`): every
game's batches share them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from newton_rules import Catalog, Game, Options, default_catalog, load_catalog, new_game
from newton_rules.bots import BOTS, Bot, MCTSBot, PlayFailed, play_game
from newton_rules.bots.mcts import MCTS_ITERATIONS, MCTS_PLAYOUT_TURNS
from newton_rules.simulation.records import Record, game_record, record_config
from rules_core.simulation.batch import (
    GameFailure,
    SimulationError,
    bot_seed,
    check_backend,
    every_record,
    iter_games,
    seat_bots,
)

_WORKER_PACKAGES = ("newton_rules", "rules_core")  # what a Ray worker on a cluster imports


Outcome: TypeAlias = Record | GameFailure
"""What a worker sends back for one game."""


def _check_bot(name: str) -> None:
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")


def parse_bots(text: str) -> tuple[str, ...]:
    """``"greedy,random"`` -> ``("greedy", "random")``; raises ValueError naming an unknown bot."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        _check_bot(name)
    return names


def _given_or(value: int | None, default: int) -> int:
    return default if value is None else value


def make_bot(name: str, seed: int, mcts_iterations: int | None = None, mcts_playout_turns: int | None = None) -> Bot:
    """A bot of ``BOTS[name]`` with ``seed`` (and, for MCTSBot, the budget and the playout turns, when given:
    ``MCTSBot(iterations=..., playout_turns=...)``)."""
    _check_bot(name)
    cls = BOTS[name]
    if cls is MCTSBot:
        return MCTSBot(
            seed=seed,
            iterations=_given_or(mcts_iterations, MCTS_ITERATIONS),
            playout_turns=_given_or(mcts_playout_turns, MCTS_PLAYOUT_TURNS),
        )
    bot: Bot = cls(seed=seed)
    return bot


@attrs.frozen
class GameTask:
    """Everything one game of a batch is derived from (sent to a worker process as is)."""

    players: int
    seed: int
    bots: tuple[str, ...]
    options: Options = attrs.field(factory=Options)
    data: str | None = None
    mcts_iterations: int | None = None
    mcts_playout_turns: int | None = None

    @property
    def packages(self) -> Sequence[str]:
        return _WORKER_PACKAGES

    def outcome(self) -> Outcome:
        return play_outcome(self)


@functools.cache
def catalog_for(data: str | None) -> Catalog:
    """The data pack in folder ``data`` (the reference data when None), loaded once per process."""
    return default_catalog() if data is None else load_catalog(data)


def play_task(task: GameTask) -> Game:
    """Play one game of a batch to the end; raises :class:`SimulationError` saying what reproduces a failure."""
    game = new_game(task.players, task.seed, task.options, catalog_for(task.data))
    bots = [
        make_bot(name, bot_seed(task.seed, seat), task.mcts_iterations, task.mcts_playout_turns)
        for seat, name in enumerate(task.bots)
    ]
    try:
        return play_game(game, bots)
    except PlayFailed as exc:
        raise SimulationError(f"game seed {task.seed} (bots {','.join(task.bots)}), {exc}") from None


def play_one(task: GameTask) -> Record:
    """Play one game and return its record."""
    return game_record(
        play_task(task),
        task.bots,
        mcts_iterations=task.mcts_iterations,
        mcts_playout_turns=task.mcts_playout_turns,
        data=task.data,
    )


def play_outcome(task: GameTask) -> Outcome:
    """The record of one game, or its failure as data: the unit of work of a worker (a process or a Ray task).

    A failure is returned, not raised, so that one failed game never stops the others of the batch.
    """
    try:
        return play_one(task)
    except SimulationError as exc:
        return GameFailure(task.seed, str(exc))
    except Exception as exc:  # outside the game loop (a data folder missing on a cluster node): name the seed too
        return GameFailure(
            task.seed, f"game seed {task.seed} (bots {','.join(task.bots)}), {type(exc).__name__}: {exc}"
        )


def batch_tasks(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Options | None = None,
    data: str | Path | None = None,
    mcts_iterations: int | None = None,
    mcts_playout_turns: int | None = None,
) -> list[GameTask]:
    """The games of a batch: seeds ``seed .. seed + games - 1``, game i with the bots of :func:`seat_bots`.

    When an MCTSBot plays, the task (and so the record) names its budget and playout turns, the defaults
    included: a record replays the same game after a default changes."""
    for name in bots:
        _check_bot(name)
    uses_mcts = any(BOTS[name] is MCTSBot for name in bots)
    return [
        GameTask(
            players=players,
            seed=seed + i,
            bots=seat_bots(bots, players, i, rotate),
            options=options or Options(),
            data=None if data is None else str(data),
            mcts_iterations=_given_or(mcts_iterations, MCTS_ITERATIONS) if uses_mcts else None,
            mcts_playout_turns=_given_or(mcts_playout_turns, MCTS_PLAYOUT_TURNS) if uses_mcts else None,
        )
        for i in range(games)
    ]


def run_games(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Options | None = None,
    data: str | Path | None = None,
    workers: int = 1,
    mcts_iterations: int | None = None,
    mcts_playout_turns: int | None = None,
    on_done: Callable[[], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[Record]:
    """Play a batch (see :func:`batch_tasks`, :func:`iter_games`) and return the records in seed order.

    When games fail, :class:`BatchFailed` is raised after the others are played; its ``records`` holds them.
    """
    check_backend(backend, address)
    tasks = batch_tasks(
        players,
        games,
        seed,
        bots,
        rotate=rotate,
        options=options,
        data=data,
        mcts_iterations=mcts_iterations,
        mcts_playout_turns=mcts_playout_turns,
    )
    return every_record(iter_games(tasks, workers, on_done, backend=backend, address=address))


def record_task(record: Mapping[str, Any]) -> GameTask:
    """The task that plays the game of a results line again."""
    config = record_config(record["config"])
    return GameTask(
        players=config.players,
        seed=config.seed,
        bots=tuple(record["bots"]),
        options=config.options,
        data=record.get("data"),
        mcts_iterations=record.get("mcts_iterations"),
        mcts_playout_turns=record.get("mcts_playout_turns"),
    )


def replay_record(record: Mapping[str, Any]) -> Game:
    """Play the game of a results line again (same config, bots, bot seeds, data folder): the same game."""
    return play_task(record_task(record))
