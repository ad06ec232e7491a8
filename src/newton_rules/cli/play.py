"""``newton-rules play``: one person against bots in the terminal; Ctrl-C, ``q`` or end of input saves.

The terminal shows the person's :meth:`Game.view` and nothing else, so no other player's hand, Masters,
draft or tuck choice can leak through it. The bots play through :func:`newton_rules.bots.play_game`,
which stops at each of the person's decisions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

from newton_rules import Action, ActionSyntaxError, Catalog, Game, IllegalAction, Options, PlayerView, new_game
from newton_rules.bots import BOTS, Bot, play_game
from newton_rules.cli.common import (
    CliError,
    add_data_option,
    add_force_option,
    count,
    final_lines,
    load_data,
    print_lines,
    read_save,
)
from newton_rules.cli.files import check_output, write_atomic
from newton_rules.simulation import bot_seed, make_bot
from newton_rules.text import render_decision, render_position

DEFAULT_PLAYERS = 2
DEFAULT_SEED = 1
QUIT_WORDS = ("q", "quit", "exit")
BOARD_WORDS = ("?", "board")

LineReader = Callable[[], str | None]
"""Reads one answer of the person: the line without its end, or None at the end of input."""


def _bot_name(text: str) -> str:
    if text not in BOTS:
        raise argparse.ArgumentTypeError(f"unknown bot {text!r} (known: {', '.join(sorted(BOTS))})")
    return text


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("play", help="play in the terminal against bots")
    parser.add_argument("--players", type=count(1, 4), help=f"number of players, 1-4 (default {DEFAULT_PLAYERS})")
    parser.add_argument("--seed", type=int, help=f"game seed (default {DEFAULT_SEED})")
    parser.add_argument("--draft", action="store_true", help="draft the Masters instead of deal-and-keep (S12)")
    parser.add_argument("--seat", type=count(0, 3), default=0, help="your seat, 0 to players-1 (default 0)")
    parser.add_argument(
        "--bots",
        type=_bot_name,
        default="random",
        metavar="BOT",
        help=f"the bot of every other seat ({', '.join(sorted(BOTS))}; default random), seeded 4*seed+seat",
    )
    add_data_option(parser, "play")
    parser.add_argument("--load", type=Path, metavar="FILE", help="resume the game saved in FILE")
    parser.add_argument("--save", type=Path, metavar="FILE", help="write the game to FILE when you stop or it ends")
    add_force_option(parser)
    parser.set_defaults(run=run)
    return parser


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A resumed game brings its own players, seed and options; a new one takes the defaults left out."""
    if args.load is not None:
        given = [flag for flag, value in (("--players", args.players), ("--seed", args.seed)) if value is not None]
        if args.draft:
            given.append("--draft")
        if given:
            parser.error(f"argument --load: the save sets the players, seed and options; drop {', '.join(given)}")
        return
    args.players = DEFAULT_PLAYERS if args.players is None else args.players
    args.seed = DEFAULT_SEED if args.seed is None else args.seed
    if args.seat >= args.players:
        parser.error(f"argument --seat: must be 0 to {args.players - 1} in a {args.players}-player game")


def read_line() -> str | None:
    """The next line of stdin, echoed when it does not come from a terminal (so a script's log reads well)."""
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.strip()
    if not sys.stdin.isatty():
        print(text)
    return text


def read_choice(game: Game, view: PlayerView, catalog: Catalog, ask: LineReader) -> Action | None:
    """A legal action: its number or its text; ``?`` reprints the board; ``q`` or end of input: None."""
    while True:
        print("> ", end="", flush=True)
        text = ask()
        if text is None:
            print("(end of input)")
            return None
        if text in QUIT_WORDS:
            return None
        if text in BOARD_WORDS:
            print(render_position(view, catalog))
            print(render_decision(view))
        elif text.isdigit():
            index = int(text)
            if 1 <= index <= len(view.legal_actions):
                return view.legal_actions[index - 1]
            print(f"choose 1 to {len(view.legal_actions)}, an action text, ? (board) or q (quit)")
        elif text:
            try:
                return game.parse_action(text)
            except (ActionSyntaxError, IllegalAction) as exc:
                print(f"not legal here: {exc}")


@attrs.define
class Table:
    """The game in play, kept current after every decision so that an interruption can save it."""

    game: Game
    seat: int
    show_board: bool = True

    def bot_moved(self, game: Game, actor: int, action: Action) -> None:
        """Print a bot's decision as the person sees it in their view's log."""
        self.game = game
        self.show_board = True
        shown = game.view(self.seat).actions[-1][1]
        print(f"  P{actor} {game.state.players[actor].colour}: {shown}")


def play_session(table: Table, bots: dict[int, Bot], catalog: Catalog, ask: LineReader) -> str:
    """Play until the game ends ("over"), the person quits ("quit") or presses Ctrl-C ("interrupted")."""
    try:
        while True:
            table.game = play_game(table.game, bots, until=lambda g: g.to_move == table.seat, on_action=table.bot_moved)
            if table.game.is_over:
                return "over"
            view = table.game.view(table.seat)
            if table.show_board:
                print(render_position(view, catalog))
                table.show_board = False
            print(render_decision(view))
            action = read_choice(table.game, view, catalog, ask)
            if action is None:
                return "quit"
            table.game = table.game.apply(action)
    except KeyboardInterrupt:
        print()
        return "interrupted"


def _start(args: argparse.Namespace, catalog: Catalog | None) -> Game:
    if args.load is None:
        return new_game(args.players, args.seed, Options(master_draft=bool(args.draft)), catalog)
    game = read_save(args.load, catalog)
    players = game.config.players
    if args.seat >= players:
        raise CliError(f"--seat {args.seat}: the game in {args.load} has seats 0 to {players - 1}")
    return game


def _save(game: Game, path: Path | None, force: bool) -> None:
    if path is None:
        print("not saved (give --save FILE to keep the game)")
        return
    write_atomic(path, game.to_json(), force)
    print(f"saved to {path}")


def run(args: argparse.Namespace) -> int:
    if args.save is not None:
        check_output(args.save, args.force)  # before the first decision: never lose a played game to a bad path
    catalog = load_data(args.data)
    game = _start(args, catalog)
    config, seat = game.config, args.seat
    colour = game.state.players[seat].colour
    print(f"Newton, {config.players} player(s), seed {config.seed}: you are P{seat} ({colour}).")
    if args.load is not None:
        mover = "game over" if game.to_move is None else f"P{game.to_move} to move"
        print(f"Resumed {args.load}: round {game.round}, {len(game)} decisions played, {mover}.")
    print("Type an action's number or its text; ? shows the board, q quits.")
    bots = {s: make_bot(args.bots, bot_seed(config.seed, s)) for s in range(config.players) if s != seat}
    table = Table(game, seat)
    outcome = play_session(table, bots, game.catalog, read_line)
    game = table.game
    if outcome == "over":
        print(render_position(game.view(seat), game.catalog))
        print_lines(final_lines(game))
    else:
        print(f"{'quit' if outcome == 'quit' else 'interrupted'} in round {game.round} after {len(game)} decisions")
    _save(game, args.save, args.force)
    return 130 if outcome == "interrupted" else 0
