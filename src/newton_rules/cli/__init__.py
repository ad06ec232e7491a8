"""The ``newton-rules`` command: simulate games between bots, play one in the terminal, replay a save.

    newton-rules simulate --players 4 --games 20 --seed 1 [--bots greedy,random --rotate] [--workers 2]
                          [--backend ray [--address auto]]
                          [--results games.jsonl] [--report report.html] [--force]
    newton-rules play --players 2 --seed 7 [--seat 0] [--bots random] [--save game.json] [--force]
    newton-rules play --load game.json [--seat 0] [--save game.json --force]
    newton-rules replay game.json [--data FOLDER]
    newton-rules serve --port 8000 --db games.db [--open]
    newton-rules balance [--games 20] [--mcts-games 0] [--data FOLDER] [--targets FILE] [--intervals]
    newton-rules data export FOLDER | data validate FOLDER [--format json] | data diff BEFORE AFTER
    newton-rules compare --data BEFORE --data AFTER --players 2 --games 100 [--report compare.html]
    newton-rules --game galileo COMMAND ...    (the same as galileo-rules COMMAND ...)
    newton-rules --version                     (galileo-rules --version: the distribution's version)

One module per command (:mod:`.simulate`, :mod:`.play`, :mod:`.replay`, :mod:`.serve`, :mod:`.balance`,
:mod:`.data`, :mod:`.compare`) on shared parts
(:mod:`.common`, :mod:`.files` for the atomic writes, :mod:`.progress`, :mod:`.batch_run` for a batch of
any game's games on the command line). Standard library only (``rich``
draws the simulation's progress bar when installed; ``serve`` runs :mod:`newton_rules.server`, which
needs the ``server`` extra). The logic lives in the library (:mod:`newton_rules.simulation`,
:mod:`newton_rules.text`, :func:`newton_rules.bots.play_game`); these modules parse, print and write files.
``--game NAME`` (first) switches to another game of the distribution (:mod:`.games`).
"""

from __future__ import annotations

import argparse
import sys

from newton_rules.cli import balance, compare, data, games, play, replay, serve, simulate
from newton_rules.cli.common import CliError, run_command, version_text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="newton-rules", description="Rules engine for the board game Newton: simulate, play, replay."
    )
    parser.add_argument("--version", action="version", version=version_text("newton-rules"))
    parser.add_argument(
        "--game",
        choices=("newton", *games.GAMES),
        default="newton",
        help="the game (default newton); another game takes its own commands: --game galileo play --help",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    simulate.add_parser(sub)
    play.add_parser(sub)
    replay.add_parser(sub)
    serve.add_parser(sub)
    balance.add_parser(sub)
    data.add_parser(sub)
    compare.add_parser(sub)
    return parser


def game_switch(argv: list[str]) -> tuple[str, list[str]]:
    """(the game named by a leading ``--game NAME`` or ``--game=NAME``, the arguments after it)."""
    if argv[:1] == ["--game"] and len(argv) > 1:
        return argv[1], argv[2:]
    if argv[:1] and argv[0].startswith("--game="):
        return argv[0].removeprefix("--game="), argv[1:]
    return "newton", argv


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 itself on bad arguments)."""
    argv = sys.argv[1:] if argv is None else argv
    game, rest = game_switch(argv)
    if game in games.GAMES:
        return games.main(game, rest, f"newton-rules --game {game}")
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate.check_arguments(parser, args)
    elif args.command == "play":
        play.check_arguments(parser, args)
    return run_command(args.run, args, "newton-rules")


def galileo_main(argv: list[str] | None = None) -> int:
    """The ``galileo-rules`` command: ``newton-rules --game galileo``."""
    return games.main("galileo", sys.argv[1:] if argv is None else argv, "galileo-rules")


__all__ = ["CliError", "build_parser", "galileo_main", "main"]
