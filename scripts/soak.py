"""The long random-simulation check: many random games, every action checked.

    python scripts/soak.py --games 20000 [--game newton|galileo] [--players 1,2,3,4] [--seed 0] [--workers 2]
                           [--option NAME=VALUE ...]

Prints games checked, actions checked and failures (expected: 0). Each game uses the engine core's
random-simulation check (``rules_core.checks``: invariants, illegal actions, save round trips, replay
determinism) with the game's own invariants, on the reference data and with every option set in turn
(Newton's: the base game, each expansion module alone and all together), or with the options given by
``--option`` (repeatable, Newton only, e.g. ``--option great_discoveries=true``).
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from games import GAMES


def run_chunk(args: tuple[str, int, int, tuple[int, ...], int, list[str]]) -> tuple[int, int, list[str]]:
    name, start, count, player_counts, json_every, pairs = args
    game = GAMES[name]
    options = game.parse_options(pairs) if pairs and game.parse_options is not None else None
    games = actions = 0
    failures: list[str] = []
    for index in range(start, start + count):
        players = player_counts[index % len(player_counts)]
        config = game.config(players, index, index, options)
        report = game.check(config, json_every)
        games += 1
        actions += report.actions
        failures += [f"{players}p seed {index} {config}: {f}" for f in report.failures]
    return games, actions, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), default="newton")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", default="1,2,3,4")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json-every", type=int, default=25, help="save round trip every N actions")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="play every game so")
    args = parser.parse_args()
    parse = GAMES[args.game].parse_options
    if args.option and parse is None:
        parser.error(f"argument --option: the {args.game} scripts take no options")
    try:
        if args.option and parse is not None:
            parse(args.option)
    except ValueError as exc:
        parser.error(f"argument --option: {exc}")
    player_counts = tuple(int(p) for p in args.players.split(","))
    chunk = 50
    jobs = [
        (args.game, args.seed + i, min(chunk, args.games - i), player_counts, args.json_every, args.option)
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
