"""Measure the balance targets of the reference data (docs/data.md, "Balance") and print the table.

    python scripts/balance.py --games 200 --mcts-games 60 --save balance-runs
    python scripts/balance.py --load balance-runs          # print the table again from saved batches
    python scripts/balance.py --data FOLDER ...            # the same for another data pack

A batch can be played in parts, with other seeds, into the same folder (``--only greedy-2p --games 20
--seed 21 --save DIR``): each part is saved as ``DIR/<batch>-s<seed>.jsonl`` and ``--load DIR`` reads
every part of every batch.

Plays GreedyBot self-play at 1-4 players (``--games`` each), MCTSBot self-play at 2 players, MCTSBot
against GreedyBot at 2 players (seats rotated) and MCTSBot solo (``--mcts-games`` each, at
``--mcts-iterations`` per decision; ``--mcts-playout-turns`` sets MCTSBot's ``playout_turns``), with
seeds from ``--seed``. Every game is reproducible from its seed (see docs/simulation.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import newton_rules as nr
from newton_rules.bots.mcts import MCTS_ITERATIONS, MCTS_PLAYOUT_TURNS
from newton_rules.cli.common import count
from newton_rules.simulation import load_records, record_json, run_games
from newton_rules.simulation.balance import (
    Batches,
    balance_rows,
    batch_sizes,
    render_balance,
    render_balance_markdown,
)

BATCHES = ("greedy-1p", "greedy-2p", "greedy-3p", "greedy-4p", "mcts-2p", "mcts-vs-greedy-2p", "mcts-1p")


def _play(name: str, args: argparse.Namespace) -> list[dict[str, object]]:
    bot, _, rest = name.partition("-")
    players = int(rest[-2])
    mcts = bot == "mcts"
    games = args.mcts_games if mcts else args.games
    bots = ("mcts", "greedy") if "vs" in rest else (bot,)
    print(f"playing {name}: {games} games", file=sys.stderr, flush=True)
    return run_games(
        players,
        games,
        args.seed,
        bots,
        rotate="vs" in rest,
        data=args.data,
        workers=args.workers,
        mcts_iterations=args.mcts_iterations if mcts else None,
        mcts_playout_turns=args.mcts_playout_turns if mcts else None,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="GreedyBot games per player count")
    parser.add_argument("--mcts-games", type=int, default=60, help="games of each MCTSBot batch")
    parser.add_argument(
        "--mcts-iterations", type=int, default=MCTS_ITERATIONS, help="MCTSBot's budget per decision (its own default)"
    )
    parser.add_argument(
        "--mcts-playout-turns",
        type=count(0),
        help=f"MCTSBot's turns played on after a leaf (default: its own, {MCTS_PLAYOUT_TURNS}; docs/bots.md)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--data", help="a data pack folder instead of the reference data")
    parser.add_argument("--only", help="comma-separated batches to play (default: all): " + ",".join(BATCHES))
    parser.add_argument("--save", type=Path, help="write each batch's records to DIR/<batch>.jsonl")
    parser.add_argument("--load", type=Path, help="read the batches from DIR instead of playing them")
    parser.add_argument("--markdown", action="store_true", help="print the table in Markdown")
    args = parser.parse_args(argv)
    names = args.only.split(",") if args.only else list(BATCHES)
    records: dict[str, list[dict[str, object]]] = {}
    for name in names:
        if args.load:
            parts = sorted(args.load.glob(f"{name}-s*.jsonl"), key=lambda path: int(path.stem.rsplit("-s", 1)[1]))
            if parts:
                records[name] = [r for path in parts for r in load_records(path)]
            continue
        records[name] = _play(name, args)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            text = "".join(record_json(r) + "\n" for r in records[name])
            (args.save / f"{name}-s{args.seed}.jsonl").write_text(text, encoding="utf-8")
    catalog = nr.load_catalog(args.data) if args.data else nr.default_catalog()
    batches = Batches(
        greedy={int(n[-2]): rs for n, rs in records.items() if n.startswith("greedy")},
        mcts=records.get("mcts-2p", []),
        mcts_vs_greedy=records.get("mcts-vs-greedy-2p", []),
        mcts_solo=records.get("mcts-1p", []),
    )
    rows = balance_rows(batches, catalog)
    if args.markdown:
        print(batch_sizes(records) + "\n")
    print(render_balance_markdown(rows) if args.markdown else render_balance(rows, records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
