"""Profile of greedy Galileo games: VP by source of the winners, game length in rounds, objectives achieved,
Tycho's win rate against greedy (solo games).

    python scripts/galileo_profile.py --games 200 --jobs 2 > profile.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Literal, TypedDict, final

from galileo_rules import new_game
from galileo_rules.bots import GreedyBot
from rules_core.bots import PlayFailed, play_game

PLAYER_COUNTS = (1, 2, 3, 4)
MAX_ACTIONS = 5_000  # a finished greedy game takes 200-1500 decisions


@final
class Finished(TypedDict):
    players: int
    advanced: bool
    rounds: int
    winners: list[int]
    scores: list[int]
    sources: list[dict[str, int]]
    objectives: list[int]


@final
class Unfinished(TypedDict):
    players: int
    advanced: bool
    unfinished: Literal[True]


GameResult = Finished | Unfinished


def one_game(index: int) -> GameResult:
    players = PLAYER_COUNTS[index % len(PLAYER_COUNTS)]
    advanced = players == 1 or index % 8 >= 4
    game = new_game(players, seed=index, advanced=advanced)
    seats = len(game.state.players)
    try:
        game = play_game(
            game, {seat: GreedyBot(seed=index * 10 + seat) for seat in range(seats)}, max_actions=MAX_ACTIONS
        )
    except PlayFailed:  # greedy players that stop drawing cards never empty the deck: the game cannot end
        return {"players": players, "advanced": advanced, "unfinished": True}
    humans = range(1 if players == 1 else seats)
    return {
        "players": players,
        "advanced": advanced,
        "rounds": game.round,
        "winners": list(game.winners),
        "scores": list(game.scores),
        "sources": [dict(p.vp_sources) for p in game.state.players],
        "objectives": [len(game.state.players[s].achievements) for s in humans],
    }


def summary(all_results: list[GameResult]) -> dict[str, object]:
    results = [r for r in all_results if "unfinished" not in r]
    by_source: Counter[str] = Counter()
    winners_vp = 0
    for r in results:
        for seat in r["winners"]:
            if r["players"] == 1 and seat == 1:
                continue
            for source, vp in r["sources"][seat].items():
                by_source[source] += vp
            winners_vp += r["scores"][seat]
    solo = [r for r in results if r["players"] == 1]
    rounds = [r["rounds"] for r in results]
    objectives = [n for r in results for n in r["objectives"]]
    return {
        "games": len(results),
        "unfinished": len(all_results) - len(results),
        "winners_vp_by_source": {s: round(v / max(1, winners_vp), 3) for s, v in by_source.most_common()},
        "rounds_mean": round(sum(rounds) / len(rounds), 1),
        "rounds_min_max": [min(rounds), max(rounds)],
        "rounds_by_players": {
            n: round(
                sum(r["rounds"] for r in results if r["players"] == n)
                / max(1, sum(1 for r in results if r["players"] == n)),
                1,
            )
            for n in PLAYER_COUNTS
        },
        "objectives_per_player_mean": round(sum(objectives) / max(1, len(objectives)), 2),
        "solo_games": len(solo),
        "greedy_beats_tycho": round(sum(1 for r in solo if r["winners"] == [0]) / max(1, len(solo)), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", help="append each game's result to this JSON-lines file as it ends")
    parser.add_argument("--summarise", help="only summarise the games of this JSON-lines file")
    args = parser.parse_args()
    results: list[GameResult]
    if args.summarise:
        with open(args.summarise, encoding="utf-8") as lines:
            results = [json.loads(line) for line in lines if line.strip()]
    else:
        results = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for result in pool.map(one_game, range(args.games)):
                results.append(result)
                if args.log:
                    with open(args.log, "a", encoding="utf-8") as log:
                        log.write(json.dumps(result) + "\n")
    json.dump(summary(results), sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
