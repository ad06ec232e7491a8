"""The long random-simulation check: many random games, every action checked.

    python scripts/soak.py --games 20000 [--players 1,2,3,4] [--seed 0] [--workers 2] [--option NAME=VALUE]

Prints games checked, actions checked and failures (expected: 0). Each game uses the checks of
``newton_rules.testing.random_simulation_check`` (invariants, illegal actions, save round trips,
replay determinism), on the reference data and with every option set of ``testing.OPTION_SETS`` in turn
(the base game, each expansion module alone and all together), or with the options given by ``--option``
(repeatable, e.g. ``--option great_discoveries=true --option extra_objectives=true``).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import newton_rules as nr
from newton_rules.simulation.options import parse_options
from newton_rules.testing import OPTION_SETS, random_simulation_check


def run_chunk(args: tuple[int, int, tuple[int, ...], int, tuple[nr.Options, ...]]) -> tuple[int, int, list[str]]:
    start, count, player_counts, json_every, option_sets = args
    games = actions = 0
    failures: list[str] = []
    for index in range(start, start + count):
        players = player_counts[index % len(player_counts)]
        options = option_sets[index % len(option_sets)]
        config = nr.GameConfig(players=players, seed=index, options=options)
        report = random_simulation_check(config, games=1, json_every=json_every)
        games += 1
        actions += report.actions
        failures += [f"{players}p seed {index} {options}: {f}" for f in report.failures]
    return games, actions, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json-every", type=int, default=25, help="save round trip every N actions")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="play every game so")
    args = parser.parse_args()
    player_counts = tuple(int(p) for p in args.players.split(","))
    try:
        option_sets = (parse_options(args.option),) if args.option else OPTION_SETS
    except ValueError as exc:
        parser.error(f"argument --option: {exc}")
    chunk = 50
    jobs = [
        (args.seed + i, min(chunk, args.games - i), player_counts, args.json_every, option_sets)
        for i in range(0, args.games, chunk)
    ]
    started = time.perf_counter()
    games = actions = 0
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for g, a, f in pool.map(run_chunk, jobs):
            games += g
            actions += a
            failures += f
            print(f"\r{games}/{args.games} games, {actions} actions, {len(failures)} failures", end="", flush=True)
    print()
    for failure in failures[:50]:
        print("FAIL", failure)
    elapsed = time.perf_counter() - started
    print(f"games checked: {games}\nactions checked: {actions}\nfailures: {len(failures)}\nseconds: {elapsed:.0f}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
