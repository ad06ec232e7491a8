"""Measure the balance targets of the reference data (docs/data.md, "Balance") and print the table.

    python scripts/balance.py --save balance-runs          # the reference batches: 200 and 60 games
    python scripts/balance.py --load balance-runs          # print the table again from saved batches
    python scripts/balance.py --data FOLDER ...            # the same for another data pack
    python scripts/balance.py --game galileo [--workers 2]  # Galileo's table: 50 GreedyBot games a player count

``newton-rules balance`` with the reference batch sizes (``--games 200 --mcts-games 60``; any argument
given here overrides them): GreedyBot self-play at 1-4 players, MCTSBot self-play at 2 players, MCTSBot
against GreedyBot at 2 players (seats rotated) and MCTSBot solo, with seeds from ``--seed``. A batch can
be played in parts, with other seeds, into the same folder (``--only greedy-2p --games 20 --seed 21
--save DIR``): each part is saved as ``DIR/<batch>-s<seed>.jsonl`` and ``--load DIR`` reads every part
of every batch. Every game is reproducible from its seed (see docs/simulation.md).

``--game galileo`` (first) prints Galileo's table instead (``galileo-rules balance``, docs/galileo.md): where
the winners' VP come from, the solo rate against Tycho and each astronomer's win rate with its interval.
"""

from __future__ import annotations

import sys

from newton_rules.cli import galileo_main
from newton_rules.cli import main as newton_rules_main

REFERENCE_SIZES = ["--games", "200", "--mcts-games", "60"]
GALILEO_REFERENCE = ["--games", "50", "--bots", "greedy", "--quiet"]
GAME_SWITCH = ["--game", "galileo"]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:2] == GAME_SWITCH:
        return galileo_main(["balance", *GALILEO_REFERENCE, *args[2:]])
    return newton_rules_main(["balance", *REFERENCE_SIZES, *args])


if __name__ == "__main__":
    raise SystemExit(main())
