"""``newton-rules replay FILE``: print every action of a save and where the game stands."""

from __future__ import annotations

import argparse
from pathlib import Path

from newton_rules import replay
from newton_rules.cli.common import add_data_option, final_lines, load_data, print_lines, read_save


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("replay", help="print the actions and final scores of a saved game")
    parser.add_argument("file", type=Path, metavar="FILE", help="a save written by Game.to_json()")
    add_data_option(parser, "read a game played")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    catalog = load_data(args.data)
    saved = read_save(args.file, catalog)
    config = saved.config
    print(f"{config.players} player(s), seed {config.seed}, {len(saved)} actions")
    game = replay(config, [], catalog, position=saved.position)
    for number, action in enumerate(saved.actions, 1):
        print(f"{number:>4}. round {game.round} P{game.to_move}: {action}")
        game = game.apply(action)
    if game.is_over:
        print_lines(final_lines(game))
    else:
        scores = " ".join(f"P{p.seat} {p.vp}" for p in game.state.players)
        print(f"not over: round {game.round}, P{game.to_move} to move; scores so far: {scores}")
    return 0
