"""The ``newton-rules`` command: simulate games between bots, play one in the terminal, replay a save.

    newton-rules simulate --players 4 --games 20 --seed 1 [--bots greedy,random --rotate] [--workers 2]
                          [--backend ray [--address auto]]
                          [--results games.jsonl] [--report report.html] [--force]
    newton-rules play --players 2 --seed 7 [--seat 0] [--bots random] [--save game.json] [--force]
    newton-rules play --load game.json [--seat 0] [--save game.json --force]
    newton-rules replay game.json [--data FOLDER]
    newton-rules serve --port 8000 --db games.db [--open]

One module per command (:mod:`.simulate`, :mod:`.play`, :mod:`.replay`, :mod:`.serve`) on shared parts
(:mod:`.common`, :mod:`.files` for the atomic writes, :mod:`.progress`). Standard library only (``rich``
draws the simulation's progress bar when installed; ``serve`` runs :mod:`newton_rules.server`, which
needs the ``server`` extra). The logic lives in the library (:mod:`newton_rules.simulation`,
:mod:`newton_rules.text`, :func:`newton_rules.bots.play_game`); these modules parse, print and write files.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from newton_rules.cli import play, replay, serve, simulate
from newton_rules.cli.common import CliError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="newton-rules", description="Rules engine for the board game Newton: simulate, play, replay."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    simulate.add_parser(sub)
    play.add_parser(sub)
    replay.add_parser(sub)
    serve.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 itself on bad arguments)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "simulate":
        simulate.check_arguments(parser, args)
    elif args.command == "play":
        play.check_arguments(parser, args)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except CliError as exc:
        print(f"newton-rules: error: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


__all__ = ["CliError", "build_parser", "main"]
