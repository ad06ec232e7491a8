"""``simulate`` and ``balance`` for any game declared to the core's simulation (``galileo-rules simulate``,
``newton-rules --game galileo simulate``): the same summary, results file, HTML report, workers and Ray
backend as Newton's, read from the game's :class:`~rules_core.simulation.Simulated` only.

    galileo-rules simulate --players 3 --games 20 [--bots greedy,random,random] [--rotate] [--workers 2]
                           [--backend ray [--address auto]] [--results games.jsonl] [--report report.html]
    galileo-rules balance --games 20 [--player-counts 1,2,3,4] [--bots greedy] [--results games.jsonl]
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from newton_rules.cli.batch_run import (
    BatchEnd,
    RecordWords,
    add_progress_option,
    batch_status,
    play_batch,
    tell_interruption,
)
from newton_rules.cli.common import CliError, add_force_option, count, os_reason
from newton_rules.cli.files import check_output, write_atomic
from newton_rules.cli.progress import make_progress, show_progress
from rules_core import simulation as sim

OptionsOf = Callable[[argparse.Namespace], Mapping[str, Any]]
"""The rule options of a parsed command line, by name (JSON values), as the game's ``new`` reads them."""


@attrs.frozen
class SimulationEntry:
    """What the commands need of a game: its declaration, its options from the command line, and (when it
    has one) its balance table: ``balance(records)`` as text, played with ``balance_options``."""

    simulated: sim.Simulated
    options: OptionsOf
    balance: Callable[[Sequence[sim.Record]], str] | None = None
    balance_options: Mapping[str, Any] = attrs.field(factory=dict)
    pack: Callable[[str], Any] | None = None
    """The game's data packs, when it reads others than its reference data: ``pack(path)`` loads one
    (RulesError naming what is wrong), and the game's ``new`` plays the one its ``data`` option names."""


def add_data_argument(parser: argparse.ArgumentParser, entry: SimulationEntry) -> None:
    """``--data PACK`` for a game with data packs (``args.data`` is None for the others)."""
    if entry.pack is None:
        parser.set_defaults(data=None)
        return
    parser.add_argument(
        "--data",
        type=Path,
        metavar="PACK",
        help="play with the data pack PACK (its file, or a folder holding it; data validate checks it)",
    )


def load_pack(args: argparse.Namespace) -> Any:
    """The catalog of ``--data`` (None: the reference data); a pack that does not load is a CliError."""
    entry: SimulationEntry = args.simulation
    if args.data is None or entry.pack is None:
        return None
    try:
        return entry.pack(str(args.data))
    except ValueError as exc:  # the game's DataError, a RulesError
        raise CliError(f"cannot load data pack {args.data}: {exc}") from exc


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of the games to play, by name: the game's own, and ``data`` (the pack's path) when given."""
    entry: SimulationEntry = args.simulation
    data = {} if args.data is None else {"data": str(args.data)}
    return {**entry.options(args), **data}


def add_batch_arguments(parser: argparse.ArgumentParser, entry: SimulationEntry) -> None:
    """The arguments ``simulate`` and ``balance`` share: seed, games, bots, workers, backend, results file."""
    bots = ", ".join(sorted(entry.simulated.bots))
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--games", type=count(1), default=1, help="number of games (seeds S, S+1, ...)")
    parser.add_argument(
        "--bots",
        type=bot_list_of(entry.simulated),
        default=("random",),
        metavar="BOT[,BOT...]",
        help=f"bot per seat, or one for every seat ({bots}; default random); the bot in seat s of game seed S "
        "is seeded 4*S+s",
    )
    parser.add_argument("--rotate", action="store_true", help="game i shifts the bot list by i seats (no seat bias)")
    parser.add_argument("--mcts-iterations", type=count(1), metavar="K", help="MCTS iterations per decision")
    parser.add_argument(
        "--workers", type=count(1), default=1, help="processes, or local Ray CPUs, playing games (default 1)"
    )
    parser.add_argument(
        "--backend", choices=sim.BACKENDS, default="local", help=f"local processes (default) or Ray ({sim.RAY_EXTRA})"
    )
    parser.add_argument("--address", metavar="ADDRESS", help="with --backend ray: the Ray cluster (auto, HOST:PORT)")
    parser.add_argument(
        "--results", "--json", dest="results", type=Path, metavar="FILE", help="write one JSON line per game to FILE"
    )
    add_data_argument(parser, entry)
    add_force_option(parser)
    add_progress_option(parser)
    parser.add_argument("--quiet", action="store_true", help="print only the summary")


def bot_list_of(simulated: sim.Simulated) -> Callable[[str], tuple[str, ...]]:
    """An argparse type: a comma list of the game's bot names."""

    def parse(text: str) -> tuple[str, ...]:
        names = tuple(name.strip() for name in text.split(","))
        unknown = [name for name in names if name not in simulated.bots]
        if unknown:
            raise argparse.ArgumentTypeError(f"unknown bot {unknown[0]!r} (known: {', '.join(sorted(simulated.bots))})")
        return names

    return parse


def _tasks(args: argparse.Namespace, players: int, options: Mapping[str, Any]) -> list[sim.GameTask]:
    entry: SimulationEntry = args.simulation
    try:
        return sim.batch_tasks(
            entry.simulated,
            players,
            args.games,
            args.seed,
            args.bots,
            rotate=args.rotate,
            options=options,
            mcts_iterations=args.mcts_iterations,
        )
    except ValueError as exc:  # a wrong number of bots, bad options: before any game
        raise CliError(str(exc)) from exc


CORE_RECORDS = RecordWords(line=sim.game_line, json=sim.record_json)
"""The core's records told, any game's."""


def play_games(args: argparse.Namespace, tasks: Sequence[sim.GameTask]) -> BatchEnd:
    """Play the batch as :func:`~newton_rules.cli.batch_run.play_batch` does (progress, a line per game, the
    results file; Ctrl-C and failed games keep the finished ones), then tell an interruption."""
    try:
        sim.check_backend(args.backend, args.address)  # Ray missing is one line before any game
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    end = play_batch(
        lambda on_done: sim.iter_games(tasks, args.workers, on_done, backend=args.backend, address=args.address),
        make_progress(len(tasks), show_progress(len(tasks), args.progress)),
        CORE_RECORDS,
        quiet=args.quiet,
        results=args.results,
        force=args.force,
    )
    tell_interruption(end, len(tasks))
    return end


def add_simulate_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    entry: SimulationEntry,
    players: tuple[int, int],
    add_options: Callable[[argparse.ArgumentParser], None],
) -> None:
    """``simulate``: a batch of one player count, its summary, results file and HTML report."""
    low, high = players
    parser = sub.add_parser("simulate", help="play games between bots and summarise them")
    parser.add_argument("--players", type=count(low, high), required=True, help=f"number of players, {low}-{high}")
    add_batch_arguments(parser, entry)
    parser.add_argument("--report", type=Path, metavar="FILE", help="write a self-contained HTML report to FILE")
    add_options(parser)
    parser.set_defaults(run=run_simulate, simulation=entry)


def run_simulate(args: argparse.Namespace) -> int:
    entry: SimulationEntry = args.simulation
    load_pack(args)  # a pack that does not load is reported before any game
    for path in (args.results, args.report):
        if path is not None:
            check_output(path, args.force)
    end = play_games(args, _tasks(args, args.players, game_options(args)))
    summary = sim.summarize(end.records, entry.simulated.vp_sources, end.seconds)
    print(sim.render_text(summary), end="")
    if args.results is not None:
        print(f"results: {args.results}")
    if args.report is not None:
        write_atomic(args.report, sim.render_html(summary, f"{entry.simulated.title} simulation report"), args.force)
        print(f"report: {args.report}")
    return batch_status(end)


def _counts(low: int, high: int) -> Callable[[str], tuple[int, ...]]:
    one = count(low, high)
    return lambda text: tuple(one(part.strip()) for part in text.split(","))


def add_balance_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
    entry: SimulationEntry,
    players: tuple[int, int],
    add_options: Callable[[argparse.ArgumentParser], None],
) -> None:
    """``balance``: a batch of each player count, the game's balance table (only for a game that has one)."""
    if entry.balance is None:
        return
    low, high = players
    parser = sub.add_parser("balance", help="play a batch of each player count and print the balance table")
    every = ",".join(str(n) for n in range(low, high + 1))
    parser.add_argument(
        "--player-counts",
        type=_counts(low, high),
        default=tuple(range(low, high + 1)),
        metavar="N[,N...]",
        help=f"the player counts to play, each --games games (default {every})",
    )
    add_batch_arguments(parser, entry)
    parser.add_argument(
        "--load",
        type=Path,
        action="append",
        metavar="FILE",
        help="read the games of a results file (of simulate or balance) instead of playing; repeatable",
    )
    add_options(parser)
    parser.set_defaults(run=run_balance, simulation=entry)


def loaded_records(entry: SimulationEntry, paths: Sequence[Path]) -> list[sim.Record]:
    """The records of the results files ``paths``, in their order; CliError names a file that is not one
    of this game's results files."""
    records: list[sim.Record] = []
    for path in paths:
        try:
            records += sim.load_records(path, entry.simulated.name)
        except (OSError, UnicodeDecodeError) as exc:
            raise CliError(f"cannot read {path}: {os_reason(exc)}") from exc
        except ValueError as exc:
            raise CliError(str(exc)) from exc
    if not records:
        raise CliError(f"no games in {', '.join(str(path) for path in paths)}")
    return records


def run_balance(args: argparse.Namespace) -> int:
    entry: SimulationEntry = args.simulation
    assert entry.balance is not None  # the command exists only for a game with a balance table
    if args.load:
        if args.results is not None:
            raise CliError("--load reads games, --results writes the games played: give one of them")
        print(entry.balance(loaded_records(entry, args.load)), end="")
        return 0
    load_pack(args)  # a pack that does not load is reported before any game
    if args.results is not None:
        check_output(args.results, args.force)
    options = {**entry.balance_options, **game_options(args)}
    tasks = [task for players in args.player_counts for task in _tasks(args, players, options)]
    end = play_games(args, tasks)
    print(entry.balance(end.records), end="")
    speed = len(end.records) / end.seconds if end.seconds > 0 else float("inf")
    print(f"speed: {speed:.2f} games per second ({end.seconds:.1f} s)")
    if args.results is not None:
        print(f"results: {args.results}")
    return batch_status(end)


__all__ = [
    "SimulationEntry",
    "add_balance_parser",
    "add_batch_arguments",
    "add_data_argument",
    "add_simulate_parser",
    "bot_list_of",
    "game_options",
    "load_pack",
    "loaded_records",
    "play_games",
    "run_balance",
    "run_simulate",
]
