"""Standalone fuzzer for saved games and action texts (no Hypothesis needed).

    python scripts/fuzz.py --iterations 100000 [--seed 0] [--option NAME=VALUE]

Mutates real saves (fresh, mid-turn, mid-draft, finished, built positions) and random text; every load
must either raise a ``newton_rules.NewtonError`` or return a game that passes every invariant. The saves
are of games with the options given by ``--option`` (repeatable, e.g. ``--option great_discoveries=true``
for the expansion modules), the 2-player one with the Master draft too.
Prints iterations, rejected inputs, accepted inputs and failures (expected: 0).
"""

from __future__ import annotations

import argparse
import json
import random
import traceback
from typing import Any

import attrs

import newton_rules as nr
from newton_rules.invariants import check_invariants
from newton_rules.simulation.options import parse_options

SCALARS: list[Any] = [None, True, False, 0, 1, -1, 7, 2**70, 1.5, "", "x", "?", "stop", "play L1-01", [], {}]


def base_saves(rnd: random.Random, options: nr.Options) -> list[str]:
    from newton_rules.testing import Position

    saves = []
    for players in (1, 2, 3, 4):
        drafted = attrs.evolve(options, master_draft=options.master_draft or players == 2)
        game = nr.new_game(players=players, seed=rnd.randrange(1000), options=drafted)
        for _ in range(rnd.randrange(400)):
            if game.is_over:
                break
            game = game.apply(rnd.choice(game.legal_actions()))
        saves.append(game.to_json())
    saves.append(Position(players=2, seed=5).player(0, coins=4).turn(0, played="travel").game().to_json())
    return saves


def mutate(doc: Any, rnd: random.Random) -> Any:
    if isinstance(doc, dict) and doc and rnd.random() < 0.8:
        key = rnd.choice(list(doc))
        choice = rnd.random()
        if choice < 0.1:
            return {k: v for k, v in doc.items() if k != key}
        if choice < 0.2:
            return {**doc, f"{key}_": doc[key]}
        return {**doc, key: mutate(doc[key], rnd)}
    if isinstance(doc, list) and doc and rnd.random() < 0.8:
        i = rnd.randrange(len(doc))
        choice = rnd.random()
        copy = list(doc)
        if choice < 0.15:
            del copy[i]
        elif choice < 0.3:
            copy.insert(i, rnd.choice(doc))
        elif choice < 0.4:
            rnd.shuffle(copy)
        else:
            copy[i] = mutate(doc[i], rnd)
        return copy
    if isinstance(doc, str) and doc and rnd.random() < 0.5:
        i = rnd.randrange(len(doc))
        return doc[:i] + rnd.choice([" ", "?", "1", "-", doc[i]]) + doc[i + 1 :]
    if isinstance(doc, int) and not isinstance(doc, bool) and rnd.random() < 0.5:
        return doc + rnd.choice([-1, 1, -100, 100])
    return rnd.choice(SCALARS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="options of the saves")
    args = parser.parse_args()
    try:
        options = parse_options(args.option)
    except ValueError as exc:
        parser.error(f"argument --option: {exc}")
    rnd = random.Random(args.seed)
    saves = base_saves(rnd, options)
    rejected = accepted = 0
    failures: list[str] = []
    for i in range(args.iterations):
        if i % 10 == 0:
            text = "".join(rnd.choice('{}[]":,0123456789abcdefnulltrue ') for _ in range(rnd.randrange(60)))
        else:
            doc = json.loads(rnd.choice(saves))
            for _ in range(rnd.randrange(1, 4)):
                doc = mutate(doc, rnd)
            text = json.dumps(doc)
        try:
            game = nr.Game.from_json(text)
        except nr.NewtonError:
            rejected += 1
            continue
        except Exception:
            failures.append(f"iteration {i}: {traceback.format_exc(limit=3)}\n{text[:300]}")
            continue
        accepted += 1
        problems = check_invariants(game)
        if problems:
            failures.append(f"iteration {i}: loaded game breaks {problems[0]}")
    for failure in failures[:10]:
        print("FAIL", failure)
    print(f"iterations: {args.iterations}\nrejected: {rejected}\naccepted: {accepted}\nfailures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
