"""Standalone fuzzer for saved games and action texts (no Hypothesis needed).

    python scripts/fuzz.py --iterations 100000 [--game newton|galileo] [--seed 0]

Mutates real saves (fresh, mid-turn, finished, built positions; Newton's with every option set, the
expansion modules' among them) and random text; every load must either
raise the game's error (a ``RulesError``: ``NewtonError`` for Newton) or return a game that passes every
invariant. Then mutated action texts: each must be refused or parse to a legal action. The engine core's
kit (``rules_core.fuzz``) does the work. Prints iterations, rejected inputs, accepted inputs and failures
(expected: 0).
"""

from __future__ import annotations

import argparse
import random

from games import GAMES

from rules_core.fuzz import fuzz_action_texts, fuzz_saves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), default="newton")
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = GAMES[args.game]
    saves = game.base_saves(random.Random(args.seed))
    loads = fuzz_saves(game.session, saves, args.iterations, args.seed)
    positions = [game.session.from_json(text) for text in saves]
    texts = fuzz_action_texts(positions, max(1, args.iterations // 10), args.seed)
    for failure in (*loads.failures, *texts.failures)[:10]:
        print("FAIL", failure)
    print(f"iterations: {loads.iterations}\nrejected: {loads.rejected}\naccepted: {loads.accepted}")
    print(f"action texts: {texts.iterations} (rejected {texts.rejected}, legal {texts.accepted})")
    failures = len(loads.failures) + len(texts.failures)
    print(f"failures: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
