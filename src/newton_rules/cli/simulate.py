"""``newton-rules simulate``: play a batch of bot games, print a line per game and a summary, write files."""

from __future__ import annotations

import argparse
from pathlib import Path

from newton_rules import Options
from newton_rules import simulation as sim
from newton_rules.bots import BOTS
from newton_rules.cli.batch_run import (
    RecordWords,
    add_progress_option,
    batch_status,
    play_batch,
    tell_interruption,
)
from newton_rules.cli.common import (
    CliError,
    add_data_option,
    add_force_option,
    add_rule_options,
    bot_list,
    count,
    load_data,
)
from newton_rules.cli.files import check_output, write_atomic
from newton_rules.cli.progress import make_progress, show_progress

NEWTON_RECORDS = RecordWords(line=sim.game_line, json=sim.record_json)
"""Newton's records told: the line per game names its rounds."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("simulate", help="play games between bots and summarise them")
    parser.add_argument("--players", type=count(1, 4), required=True, help="number of players, 1-4")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--draft", action="store_true", help="draft the Masters instead of deal-and-keep (S12)")
    parser.add_argument("--games", type=count(1), default=1, help="number of games (seeds S, S+1, ...)")
    parser.add_argument(
        "--bots",
        type=bot_list,
        default=("random",),
        metavar="BOT[,BOT...]",
        help=f"bot per seat, or one for every seat ({', '.join(sorted(BOTS))}; default random); "
        "the bot in seat s of game seed S is seeded 4*S+s",
    )
    parser.add_argument("--rotate", action="store_true", help="game i shifts the bot list by i seats (no seat bias)")
    parser.add_argument(
        "--workers", type=count(1), default=1, help="processes, or local Ray CPUs, playing games (default 1)"
    )
    parser.add_argument(
        "--backend",
        choices=sim.BACKENDS,
        default="local",
        help=f"who plays the games: local processes (default) or Ray tasks ({sim.RAY_EXTRA})",
    )
    parser.add_argument(
        "--address",
        metavar="ADDRESS",
        help="with --backend ray: the Ray cluster to run on (auto, HOST:PORT, ray://HOST:PORT); "
        "default: a local Ray started for the run",
    )
    add_rule_options(parser)
    parser.add_argument(
        "--mcts-playout-turns",
        type=count(0),
        metavar="N",
        help="MCTS turns played on greedily after a leaf (MCTSBot playout_turns; docs/bots.md)",
    )
    add_data_option(parser, "play")
    parser.add_argument(
        "--results", "--json", dest="results", type=Path, metavar="FILE", help="write one JSON line per game to FILE"
    )
    parser.add_argument("--report", type=Path, metavar="FILE", help="write a self-contained HTML report to FILE")
    add_force_option(parser)
    add_progress_option(parser)
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.set_defaults(run=run)
    return parser


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The checks argparse cannot make alone: the bot count against the players, the options."""
    if len(args.bots) not in (1, args.players):
        parser.error(f"argument --bots: give one bot or {args.players} (one per seat), got {len(args.bots)}")
    try:
        args.options = sim.parse_options(args.option, Options(master_draft=bool(args.draft)))
    except ValueError as exc:
        parser.error(f"argument --option: {exc}")


def run(args: argparse.Namespace) -> int:
    try:
        sim.check_backend(args.backend, args.address)  # Ray missing is one line before any game
    except ValueError as exc:
        raise CliError(str(exc)) from exc
    load_data(args.data)  # a pack that does not load is reported before any game
    for path in (args.results, args.report):
        if path is not None:
            check_output(path, args.force)
    tasks = sim.batch_tasks(
        args.players,
        args.games,
        args.seed,
        args.bots,
        rotate=args.rotate,
        options=args.options,
        data=args.data,
        mcts_iterations=args.mcts_iterations,
        mcts_playout_turns=args.mcts_playout_turns,
    )
    end = play_batch(
        lambda on_done: sim.iter_games(tasks, args.workers, on_done, backend=args.backend, address=args.address),
        make_progress(args.games, show_progress(args.games, args.progress)),
        NEWTON_RECORDS,
        quiet=args.quiet,
        results=args.results,
        force=args.force,
    )
    tell_interruption(end, args.games)
    summary = sim.summarize(end.records)
    print(sim.render_text(summary), end="")
    speed = summary.games / end.seconds if end.seconds > 0 else float("inf")
    print(f"speed: {speed:.1f} games/s")
    if args.results is not None:
        print(f"results: {args.results}")
    if args.report is not None:
        write_atomic(args.report, sim.render_html(summary), args.force)
        print(f"report: {args.report}")
    return batch_status(end)
