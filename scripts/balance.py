"""Measure the balance targets of the reference data (docs/data.md, "Balance") and print the table.

    python scripts/balance.py --save balance-runs          # the reference batches: 200 and 60 games
    python scripts/balance.py --load balance-runs          # print the table again from saved batches
    python scripts/balance.py --data FOLDER ...            # the same for another data pack

``newton-rules balance`` with the reference batch sizes (``--games 200 --mcts-games 60``; any argument
given here overrides them): GreedyBot self-play at 1-4 players, MCTSBot self-play at 2 players, MCTSBot
against GreedyBot at 2 players (seats rotated) and MCTSBot solo, with seeds from ``--seed``. A batch can
be played in parts, with other seeds, into the same folder (``--only greedy-2p --games 20 --seed 21
--save DIR``): each part is saved as ``DIR/<batch>-s<seed>.jsonl`` and ``--load DIR`` reads every part
of every batch. Every game is reproducible from its seed (see docs/simulation.md).
"""

from __future__ import annotations

import sys

from newton_rules.cli import main as newton_rules_main

REFERENCE_SIZES = ["--games", "200", "--mcts-games", "60"]


def main(argv: list[str] | None = None) -> int:
    return newton_rules_main(["balance", *REFERENCE_SIZES, *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    raise SystemExit(main())
