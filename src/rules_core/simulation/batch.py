"""Batches of bot games of any game on the core: the bots of each seat, each game's task, and playing them
in this process, in worker processes or on Ray, the records coming back in seed order.

Bots are seeded from the game and the seat: the bot in seat ``s`` of the game with seed ``S`` is built
with ``seed=bot_seed(S, s) = 4 * S + s``. A record (config, bots, MCTS budget) is therefore enough to play
the same game again: :func:`replay_record`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol, TypeAlias, TypeVar

import attrs

from rules_core.bots import PlayFailed, play_game
from rules_core.session import Session
from rules_core.simulation.declaration import Simulated
from rules_core.simulation.ray_backend import ray_module, ray_submitter
from rules_core.simulation.records import Record, game_record

BACKENDS = ("local", "ray")
"""Who plays a batch's games: ``local`` worker processes (the default) or ``ray`` tasks."""

SEEDS_NAMED = 20
"""The failed seeds a :class:`BatchFailed` message lists before it only counts the rest."""

T = TypeVar("T")
R = TypeVar("R")


class SimulationError(Exception):
    """A game of the batch failed; the message names the seed, the bots and the decision."""


@attrs.frozen
class GameFailure:
    """A game of a batch that failed: its seed, and the message that says what reproduces the failure."""

    seed: int
    message: str


def failure_message(failures: Sequence[GameFailure], games: int) -> str:
    """One line: how many games failed, their seeds, and the first failure's message."""
    seeds = ", ".join(str(failure.seed) for failure in failures[:SEEDS_NAMED])
    more = f" and {len(failures) - SEEDS_NAMED} more" if len(failures) > SEEDS_NAMED else ""
    return f"{len(failures)} of {games} games failed (seeds {seeds}{more}); first: {failures[0].message}"


class BatchFailed(SimulationError):
    """Games of a batch failed after the others were played: ``failures`` (seed order), ``records`` (the
    games that finished, seed order)."""

    def __init__(self, failures: Sequence[GameFailure], games: int, records: Sequence[Record] = ()) -> None:
        super().__init__(failure_message(failures, games))
        self.games = games
        self.failures = tuple(failures)
        self.records = list(records)


def check_backend(backend: str, address: str | None = None) -> None:
    """Raise ValueError unless ``backend`` is one of :data:`BACKENDS` and can run (the ray backend needs
    Ray: :class:`~rules_core.simulation.ray_backend.RayUnavailable`); an address is for Ray only."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if backend == "ray":
        ray_module()
    elif address is not None:
        raise ValueError(f"an address ({address!r}) is for the ray backend only, not {backend!r}")


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``: ``4 * game_seed + seat``.

    Distinct for every (game, seat) of non-negative seeds, and independent of which bot sits there.
    """
    return 4 * game_seed + seat


def seat_bots(bots: Sequence[str], players: int, index: int = 0, rotate: bool = False) -> tuple[str, ...]:
    """The bot of each seat in game ``index`` of a batch.

    One name plays every seat; otherwise there must be one name per seat. With ``rotate``, game ``index``
    shifts the list by ``index`` seats: the bot listed first sits in seat ``index % players``.
    """
    if len(bots) == 1:
        return tuple(bots) * players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats: give one bot, or one per seat")
    shift = index % players if rotate else 0
    return tuple(bots[(seat - shift) % players] for seat in range(players))


class BatchTask(Protocol):
    """One game of a batch, as :func:`iter_games` plays it for any game: the task is sent to a worker as is,
    where ``outcome()`` plays it (a record, or a :class:`GameFailure` as data); ``packages`` are the top-level
    packages a Ray worker on a cluster imports to run it."""

    @property
    def packages(self) -> Sequence[str]: ...

    def outcome(self) -> Any: ...


def task_outcome(task: BatchTask) -> Any:
    """The unit of work of a worker: ``task.outcome()`` (a module-level function, since it travels by name)."""
    return task.outcome()


@attrs.frozen
class GameTask:
    """Everything one game of a batch is derived from (sent to a worker as is, with its declaration)."""

    simulated: Simulated
    players: int
    seed: int
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()
    mcts_iterations: int | None = None

    @property
    def packages(self) -> Sequence[str]:
        return self.simulated.packages

    def outcome(self) -> Outcome:
        return play_outcome(self)


def play_task(task: GameTask) -> Session:
    """Play one game of a batch to the end; raises :class:`SimulationError` saying what reproduces a failure."""
    game = task.simulated.new(task.players, task.seed, dict(task.options))
    automatic = task.simulated.automatic(game)
    bot_seats = [seat for seat in range(len(game.scores)) if seat not in automatic]
    bots = {
        seat: task.simulated.bot(name, bot_seed(task.seed, seat), task.mcts_iterations)
        for seat, name in zip(bot_seats, task.bots, strict=True)
    }
    try:
        return play_game(game, bots)
    except PlayFailed as exc:
        raise SimulationError(f"game seed {task.seed} (bots {','.join(task.bots)}), {exc}") from None


def play_one(task: GameTask) -> Record:
    """Play one game and return its record."""
    game = play_task(task)
    return game_record(task.simulated, game, task.bots, dict(task.options), task.mcts_iterations)


Outcome: TypeAlias = Record | GameFailure
"""What a worker sends back for one game."""


def play_outcome(task: GameTask) -> Outcome:
    """The record of one game, or its failure as data (the unit of work of a process or a Ray task): a
    failure is returned, not raised, so that one failed game never stops the others of the batch."""
    try:
        return play_one(task)
    except SimulationError as exc:
        return GameFailure(task.seed, str(exc))
    except Exception as exc:  # outside the game loop (bad options, a bot unknown on a node): name the seed too
        bots = ",".join(task.bots)
        return GameFailure(task.seed, f"game seed {task.seed} (bots {bots}), {type(exc).__name__}: {exc}")


def batch_tasks(
    simulated: Simulated,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Mapping[str, Any] | None = None,
    mcts_iterations: int | None = None,
) -> list[GameTask]:
    """The games of a batch: seeds ``seed .. seed + games - 1``, game i with the bots of :func:`seat_bots`
    over the seats the bots play (ValueError names an unknown bot or a wrong number of bots)."""
    for name in bots:
        simulated.bot(name, 0, mcts_iterations)
    seats = bot_seat_count(simulated, players, seed, options or {})
    return [
        GameTask(
            simulated=simulated,
            players=players,
            seed=seed + i,
            bots=seat_bots(bots, seats, i, rotate),
            options=tuple(sorted((options or {}).items())),
            mcts_iterations=mcts_iterations,
        )
        for i in range(games)
    ]


def bot_seat_count(simulated: Simulated, players: int, seed: int, options: Mapping[str, Any]) -> int:
    """How many seats the bots play in a game of ``players`` (the rules play the others)."""
    game = simulated.new(players, seed, dict(options))
    return len(game.scores) - len(simulated.automatic(game))


def in_seed_order(
    items: Sequence[T],
    submit: Callable[[T], Future[R]],
    window: int,
    on_done: Callable[[], None] | None,
) -> Generator[R, None, None]:
    """The results of ``items`` in their order, with at most ``window`` items submitted and not yet yielded.

    The window bounds the games in flight and the finished ones waiting for an earlier seed, so memory stays
    flat on long runs. Unfinished futures are cancelled when the generator is closed (Ctrl-C, an error).
    """
    pending: dict[int, Future[R]] = {}
    finished: dict[int, R] = {}
    submitted = emitted = 0
    try:
        while emitted < len(items):
            while submitted < len(items) and submitted - emitted < window:
                pending[submitted] = submit(items[submitted])
                submitted += 1
            wait(pending.values(), return_when=FIRST_COMPLETED)
            for index in [i for i, f in pending.items() if f.done()]:
                finished[index] = pending.pop(index).result()
                if on_done is not None:
                    on_done()
            while emitted in finished:
                yield finished.pop(emitted)
                emitted += 1
    finally:
        for future in pending.values():
            future.cancel()


def outcomes_in_order(
    tasks: Sequence[T],
    play: Callable[[T], R],
    workers: int,
    on_done: Callable[[], None] | None,
    backend: str,
    address: str | None,
    packages: Sequence[str],
) -> Generator[R, None, None]:
    """``play(task)`` of each task in order: on Ray (its workers importing ``packages``), in a process pool,
    or in this process (one local worker). ``play`` is a module-level function (it travels by name)."""
    window = 4 * workers  # the pool queues the tasks beyond its workers; Ray's local CPUs are the workers
    if backend == "ray":
        with ray_submitter(play, address, workers, packages) as submit:
            yield from in_seed_order(tasks, submit, window, on_done)
    elif workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            outcome = play(task)
            if on_done is not None:
                on_done()
            yield outcome
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from in_seed_order(tasks, lambda task: pool.submit(play, task), window, on_done)


def records_in_order(
    tasks: Sequence[T],
    play: Callable[[T], Any],
    workers: int,
    on_done: Callable[[], None] | None,
    *,
    backend: str,
    address: str | None,
    packages: Sequence[str],
) -> Generator[Any, None, None]:
    """The records ``play`` returns for ``tasks``, in their order (see :func:`iter_games`): a
    :class:`GameFailure` it returns is kept aside, and :class:`BatchFailed` names them all at the end.
    Any game's batches run on it (Newton's records and tasks are its own)."""
    check_backend(backend, address)
    failures: list[GameFailure] = []
    with contextlib.closing(outcomes_in_order(tasks, play, workers, on_done, backend, address, packages)) as played:
        for outcome in played:
            if isinstance(outcome, GameFailure):
                failures.append(outcome)
            else:
                yield outcome
    if failures:
        raise BatchFailed(failures, len(tasks))


def iter_games(
    tasks: Sequence[BatchTask],
    workers: int = 1,
    on_done: Callable[[], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> Generator[Record, None, None]:
    """The records of ``tasks`` in their order, played by ``workers`` workers of ``backend``.

    ``local``: ``workers`` processes (1: this process). ``ray``: Ray tasks, on a local Ray with ``workers``
    CPUs started for the run when ``address`` is None, else on the cluster at ``address``, or on the Ray the
    caller has initialised; at most ``4 * workers`` games are in flight. ``on_done`` is called once per
    finished game. A game that fails does not stop the others: every other record is yielded, then
    :class:`BatchFailed` names the failed seeds. The records are the same whatever the backend and the
    number of workers. The tasks are any game's (:class:`BatchTask`: this module's :class:`GameTask`, or a game's
    own, such as Newton's).
    """
    packages = tasks[0].packages if tasks else ()
    yield from records_in_order(
        tasks, task_outcome, workers, on_done, backend=backend, address=address, packages=packages
    )


def every_record(batch: Iterable[Record]) -> list[Record]:
    """The records of a batch (:func:`iter_games`), in its order; when games failed, :class:`BatchFailed` is
    raised after the others are played, its ``records`` holding them."""
    records: list[Record] = []
    try:
        records.extend(batch)
    except BatchFailed as exc:
        raise BatchFailed(exc.failures, exc.games, records) from None
    return records


def run_games(
    simulated: Simulated,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    mcts_iterations: int | None = None,
    on_done: Callable[[], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[Record]:
    """Play a batch (see :func:`batch_tasks`, :func:`iter_games`) and return the records in seed order;
    when games fail, :class:`BatchFailed` is raised after the others are played, its ``records`` holding them."""
    check_backend(backend, address)
    tasks = batch_tasks(
        simulated, players, games, seed, bots, rotate=rotate, options=options, mcts_iterations=mcts_iterations
    )
    return every_record(iter_games(tasks, workers, on_done, backend=backend, address=address))


def replay_record(simulated: Simulated, record: Mapping[str, Any]) -> Session:
    """Play the game of a record again (same config, bots, bot seeds, MCTS budget): the same game."""
    config = record["config"]
    task = GameTask(
        simulated=simulated,
        players=config["players"],
        seed=config["seed"],
        bots=tuple(record["bots"]),
        options=tuple(sorted(config.get("options", {}).items())),
        mcts_iterations=record.get("mcts_iterations"),
    )
    return play_task(task)


__all__ = [
    "BACKENDS",
    "BatchFailed",
    "BatchTask",
    "GameFailure",
    "GameTask",
    "Outcome",
    "SimulationError",
    "batch_tasks",
    "bot_seat_count",
    "bot_seed",
    "check_backend",
    "every_record",
    "failure_message",
    "in_seed_order",
    "iter_games",
    "outcomes_in_order",
    "play_one",
    "play_outcome",
    "play_task",
    "records_in_order",
    "replay_record",
    "run_games",
    "seat_bots",
    "task_outcome",
]
