"""``newton-rules balance``: play the balance batches and print the table of the balance targets.

    newton-rules balance [--games 20] [--mcts-games 0] [--only greedy-2p,greedy-4p] [--data FOLDER]
                         [--targets FILE] [--intervals] [--save DIR [--force]] [--load DIR] [--markdown]
    newton-rules balance --list-measures

The targets are the file ``--targets`` names (JSON or TOML; the exit status is then 1 when a target is
missed), else the ``balance_targets.json`` of the ``--data`` pack's folder, else the reference data's.
``--intervals`` shows each figure's 95% interval and calls a target missed only when its whole interval
is (the quick profile of a CI job, on few games).

The batches (:data:`newton_rules.simulation.balance.BATCHES`) are GreedyBot self-play at 1-4 players and
three MCTSBot batches at 2 players and solo; ``--mcts-games 0`` (the default) leaves the MCTS batches out,
so a first table takes minutes, not hours. ``docs/simulation.md`` explains the targets; the reference
figures come from ``--games 200 --mcts-games 60`` (``scripts/balance.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import newton_rules as nr
from newton_rules.cli.common import CliError, add_data_option, add_force_option, count, load_data, os_reason
from newton_rules.cli.files import atomic_output, check_output
from newton_rules.simulation import Record, load_records, record_json
from newton_rules.simulation.balance import (
    BATCHES,
    batch_plan,
    batch_sizes,
    gather_batches,
    play_batch,
    render_balance,
    render_balance_markdown,
)
from newton_rules.simulation.measures import MEASURES
from newton_rules.simulation.targets import (
    REFERENCE_TARGETS,
    Target,
    TargetsError,
    balance_rows,
    load_targets,
    missed,
    reference_targets,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("balance", help="play the balance batches and print the balance targets")
    parser.add_argument("--games", type=count(1), default=20, help="GreedyBot games per player count (default 20)")
    parser.add_argument(
        "--mcts-games", type=count(0), default=0, help="games of each MCTSBot batch (default 0: no MCTS batch)"
    )
    parser.add_argument("--mcts-iterations", type=count(1), metavar="K", help="MCTSBot's budget per decision")
    parser.add_argument("--mcts-playout-turns", type=count(0), metavar="N", help="MCTSBot's turns after a leaf")
    parser.add_argument("--seed", type=int, default=1, help="seed of each batch's first game (default 1)")
    parser.add_argument("--workers", type=count(1), default=1, help="processes playing games (default 1)")
    parser.add_argument("--only", type=_batch_names, metavar="BATCH[,...]", help="the batches: " + ",".join(BATCHES))
    add_data_option(parser, "measure the balance")
    parser.add_argument("--save", type=Path, metavar="DIR", help="write each batch's records to DIR/BATCH-sSEED.jsonl")
    add_force_option(parser)
    parser.add_argument("--load", type=Path, metavar="DIR", help="read the batches saved in DIR instead of playing")
    parser.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    parser.add_argument(
        "--targets", type=Path, metavar="FILE", help="the targets (JSON or TOML); exit status 1 when one is missed"
    )
    parser.add_argument("--intervals", action="store_true", help="show 95%% intervals; missed only when all of it is")
    parser.add_argument("--list-measures", action="store_true", help="list the measures a target may name, and stop")
    parser.set_defaults(run=run)
    return parser


def _batch_names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        try:
            batch_plan(name)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return names


def chosen_batches(args: argparse.Namespace) -> tuple[str, ...]:
    """The batches to measure: ``--only``, else every batch (the MCTS ones only with ``--mcts-games``)."""
    if args.only:
        return tuple(args.only)
    return tuple(name for name in BATCHES if args.mcts_games or args.load or not batch_plan(name).mcts)


def chosen_targets(args: argparse.Namespace) -> tuple[Target, ...]:
    """``--targets FILE``, else the ``--data`` pack's own targets file, else the reference targets."""
    path: Path | None = args.targets
    if path is None and args.data is not None and (args.data / REFERENCE_TARGETS).is_file():
        path = args.data / REFERENCE_TARGETS
    try:
        return reference_targets() if path is None else load_targets(path)
    except TargetsError as exc:
        raise CliError(str(exc)) from exc


def list_measures() -> str:
    kinds = {"RatioMeasure": "games, with an interval", "BatchMeasure": "games", "DataMeasure": "the pack alone"}
    return "\n".join(f"{m.name}: {m.about} (reads {kinds[type(m).__name__]})" for m in MEASURES.values())


def run(args: argparse.Namespace) -> int:
    if args.list_measures:
        print(list_measures())
        return 0
    catalog = load_data(args.data) or nr.default_catalog()
    targets = chosen_targets(args)  # read before any game is played: a broken file fails at once
    names = chosen_batches(args)
    if args.save:
        _make_folder(args.save)
        for name in names:
            check_output(args.save / f"{name}-s{args.seed}.jsonl", args.force)
    records = {name: _loaded(args.load, name) if args.load else _played(args, name) for name in names}
    records = {name: batch for name, batch in records.items() if batch}
    if not records:
        raise CliError(f"no balance batch found in {args.load}")
    rows = balance_rows(gather_batches(records), catalog, targets, intervals=args.intervals)
    if args.markdown:
        print(batch_sizes(records) + "\n")
    print(render_balance_markdown(rows) if args.markdown else render_balance(rows, records))
    failed = missed(rows)
    if args.targets is not None and failed:
        print(
            f"{len(failed)} target(s) missed: " + "; ".join(f"{r.target} ({r.batch})" for r in failed), file=sys.stderr
        )
        return 1
    return 0


def _played(args: argparse.Namespace, name: str) -> list[Record]:
    plan = batch_plan(name)
    games = args.mcts_games if plan.mcts else args.games
    if not games:
        return []
    print(f"playing {name}: {games} games", file=sys.stderr, flush=True)
    records = play_batch(
        plan,
        games,
        args.seed,
        data=args.data,
        workers=args.workers,
        mcts_iterations=args.mcts_iterations,
        mcts_playout_turns=args.mcts_playout_turns,
    )
    if args.save:
        with atomic_output(args.save / f"{name}-s{args.seed}.jsonl", args.force) as out:
            out.writelines(record_json(record) + "\n" for record in records)
    return records


def _loaded(folder: Path, name: str) -> list[Record]:
    """Every part of the batch saved in ``folder`` (``NAME-sSEED.jsonl``, in seed order)."""
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    parts = sorted(folder.glob(f"{name}-s*.jsonl"), key=_seed_of)
    records: list[Record] = []
    for path in parts:
        try:
            records.extend(load_records(path))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise CliError(f"cannot read {path}: {exc}") from exc
    return records


def _seed_of(path: Path) -> int:
    seed = path.stem.rsplit("-s", 1)[1]
    return int(seed) if seed.lstrip("-").isdigit() else 0


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make {folder}: {os_reason(exc)}") from exc
