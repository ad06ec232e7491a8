"""``newton-rules compare``: two data packs played on the same seeds by the same bots, measure by measure.

    newton-rules compare --data BEFORE --data AFTER --players 2 --games 100 [--bots greedy] [--seed 1]
                         [--workers 2] [--format text|json] [--report compare.html] [--save DIR] [--force]

Prints, per measure (mean VP, VP by source, win rates by seat and by Master, card, tile and Objective
held, game length, the balance measures), the figure on each pack, the paired difference (after minus
before) with its 95% interval and whether it is significant; ``--report`` writes the same as an HTML
page with charts, ``--save`` the records of both batches (``before.jsonl``, ``after.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from newton_rules import Catalog
from newton_rules.cli.common import CliError, add_force_option, bot_list, count, load_data
from newton_rules.cli.files import atomic_output, check_output
from newton_rules.simulation import BatchFailed, Record, record_json, run_games
from newton_rules.simulation.compare import PairingError, compare_batches
from newton_rules.simulation.compare_report import (
    ComparisonSetting,
    comparison_json,
    render_comparison_html,
    render_comparison_text,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("compare", help="play two data packs on the same seeds and compare them measure by measure")
    parser.add_argument(
        "--data",
        type=Path,
        action="append",
        required=True,
        metavar="FOLDER",
        help="a data pack folder; give it twice: the pack before, then the pack after",
    )
    parser.add_argument("--players", type=count(1, 4), required=True, help="number of players, 1-4")
    parser.add_argument("--games", type=count(2), default=20, help="games on each pack (default 20; at least 2)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--bots", type=bot_list, default=("greedy",), metavar="BOT[,BOT...]", help="bot per seat (default greedy)"
    )
    parser.add_argument("--rotate", action="store_true", help="game i shifts the bot list by i seats")
    parser.add_argument("--mcts-iterations", type=count(1), metavar="K", help="MCTSBot's budget per decision")
    parser.add_argument("--workers", type=count(1), default=1, help="processes playing games (default 1)")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="text tables (default) or JSON")
    parser.add_argument("--report", type=Path, metavar="FILE", help="write the comparison as an HTML page to FILE")
    parser.add_argument("--save", type=Path, metavar="DIR", help="write the records to DIR/before.jsonl, after.jsonl")
    add_force_option(parser)
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    folders: list[Path] = args.data
    if len(folders) != 2:
        raise CliError(f"compare takes two data packs (--data BEFORE --data AFTER), got {len(folders)}")
    # A pack that does not load is refused before any game is played.
    catalogs = tuple(_loaded(folder) for folder in folders)
    outputs = [args.report] if args.report else []
    outputs += [args.save / f"{side}.jsonl" for side in ("before", "after")] if args.save else []
    for path in outputs:
        check_output(path, args.force)
    before, after = (_played(args, folder, side) for folder, side in zip(folders, ("before", "after"), strict=True))
    try:
        rows = compare_batches(before, after, (catalogs[0], catalogs[1]))
    except PairingError as exc:
        raise CliError(str(exc)) from exc
    setting = ComparisonSetting(
        before=str(folders[0]),
        after=str(folders[1]),
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=tuple(before[0]["bots"]),
    )
    if args.format == "json":
        print(json.dumps(comparison_json(setting, rows)))
    else:
        print(render_comparison_text(setting, rows))
    if args.report:
        with atomic_output(args.report, args.force) as out:
            out.write(render_comparison_html(setting, rows))
    return 0


def _loaded(folder: Path) -> Catalog:
    catalog = load_data(folder)
    if catalog is None:
        raise CliError("a data pack folder is needed")
    return catalog


def _played(args: argparse.Namespace, folder: Path, side: str) -> list[Record]:
    print(f"playing {args.games} games on {folder} ({side})", file=sys.stderr, flush=True)
    try:
        records = run_games(
            args.players,
            args.games,
            args.seed,
            args.bots,
            rotate=args.rotate,
            data=folder,
            workers=args.workers,
            mcts_iterations=args.mcts_iterations,
        )
    except BatchFailed as exc:
        raise CliError(f"{folder}: {exc}") from exc
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        with atomic_output(args.save / f"{side}.jsonl", args.force) as out:
            out.writelines(record_json(record) + "\n" for record in records)
    return records
