"""``newton-rules play``: one person against bots in the terminal; Ctrl-C, ``q`` or end of input saves.

The terminal shows the person's :meth:`Game.view` and nothing else, so no other player's hand, Masters,
draft or tuck choice can leak through it: every action is narrated in the sentences of the person's log
(:func:`newton_rules.protocol.log_data`), and each legal action is described with its cost and gain
(:func:`newton_rules.protocol.legal_action_data`). ``help ID`` describes a card, tile, Master, token,
Objective or space in words. The bots play through :func:`newton_rules.bots.play_game`, which stops at
each of the person's decisions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

from newton_rules import Action, ActionSyntaxError, Catalog, Game, IllegalAction, NewtonError, Options, new_game
from newton_rules.bots import BOTS, Bot, play_game
from newton_rules.cli.common import (
    CliError,
    add_data_option,
    add_force_option,
    add_rule_options,
    bot_list,
    count,
    final_lines,
    load_data,
    print_lines,
    read_save,
)
from newton_rules.cli.files import check_output, write_atomic
from newton_rules.protocol import legal_action_data, log_data
from newton_rules.simulation import bot_seed, make_bot, parse_options
from newton_rules.text import (
    book_space_text,
    component_text,
    map_space_text,
    player_name,
    render_position,
    track_space_text,
)

DEFAULT_PLAYERS = 2
DEFAULT_SEED = 1
QUIT_WORDS = ("q", "quit", "exit")
BOARD_WORDS = ("?", "board")
HELP_WORD = "help"
HELP_LINES = (
    "Answer with an action's number or its text (e.g. 'step venezia').",
    "  ?              show the board again",
    "  help ID        a card, tile, Master, Bonus token, Objective or space in words",
    "                 (e.g. help L1-04, help K13, help boyle, help I3, help venezia, help a4, help r1c2)",
    "  q              quit (the game is saved with --save FILE)",
)

LineReader = Callable[[], str | None]
"""Reads one answer of the person: the line without its end, or None at the end of input."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("play", help="play in the terminal against bots")
    parser.add_argument("--players", type=count(1, 4), help=f"number of players, 1-4 (default {DEFAULT_PLAYERS})")
    parser.add_argument("--seed", type=int, help=f"game seed (default {DEFAULT_SEED})")
    parser.add_argument("--draft", action="store_true", help="draft the Masters instead of deal-and-keep (S12)")
    parser.add_argument("--seat", type=count(0, 3), default=0, help="your seat, 0 to players-1 (default 0)")
    parser.add_argument(
        "--bots",
        type=bot_list,
        default=("random",),
        metavar="BOT[,BOT...]",
        help=f"one bot for every other seat, or one per other seat in seat order ({', '.join(sorted(BOTS))}; "
        "default random); the bot in seat s is seeded 4*seed+s",
    )
    add_rule_options(parser)
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
        if args.option:
            given.append("--option")
        if given:
            parser.error(f"argument --load: the save sets the players, seed and options; drop {', '.join(given)}")
        return
    args.players = DEFAULT_PLAYERS if args.players is None else args.players
    args.seed = DEFAULT_SEED if args.seed is None else args.seed
    if args.seat >= args.players:
        parser.error(f"argument --seat: must be 0 to {args.players - 1} in a {args.players}-player game")
    try:
        args.options = parse_options(args.option, Options(master_draft=bool(args.draft)))
    except ValueError as exc:
        parser.error(f"argument --option: {exc}")
    try:
        seat_bots(args.bots, args.players, args.seat)
    except CliError as exc:
        parser.error(f"argument --bots: {exc}")


def seat_bots(names: tuple[str, ...], players: int, seat: int) -> dict[int, str]:
    """The bot name of every seat but the person's: one name for all, or one per other seat in seat order."""
    others = [s for s in range(players) if s != seat]
    if len(names) == 1:
        return dict.fromkeys(others, names[0])
    if not others:
        raise CliError(f"a solo game has no other seat: give one bot at most, got {len(names)}")
    if len(names) != len(others):
        raise CliError(f"give one bot or {len(others)} (one per other seat), got {len(names)}")
    return dict(zip(others, names, strict=True))


def read_line() -> str | None:
    """The next line of stdin, echoed when it does not come from a terminal (so a script's log reads well)."""
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.strip()
    if not sys.stdin.isatty():
        print(text)
    return text


def help_text(catalog: Catalog, seat_board: str, word: str) -> str:
    """``word`` (an id, or a Master's or Map space's name) in words; what is known when it is nothing."""
    wanted = word.strip()
    by_name = {m.name.lower(): m.id for m in catalog.masters} | {s.name.lower(): s.id for s in catalog.map.spaces}
    found = by_name.get(wanted.lower(), wanted)
    try:
        return component_text(catalog, found)
    except NewtonError:
        pass
    if found in catalog.map_spaces:
        return map_space_text(catalog.map_spaces[found])
    for track, spaces in (("work", catalog.work_spaces), ("technology", catalog.technology_spaces)):
        if found in spaces:
            return track_space_text(track, spaces[found])
    own_books = catalog.book_spaces.get(seat_board, {})
    if found in own_books:
        return f"your Study board {seat_board}, book space " + book_space_text(own_books[found])
    return (
        f"nothing is called {wanted!r}: give a card (L1-04), tile (I3, Z5, C2), Master (boyle), Bonus token (K13), "
        "Objective tile (O4), Map space (venezia), track space (w3, a4) or book space (r1c2)"
    )


def decision_lines(game: Game, seat: int) -> list[str]:
    """The person's status and prompt, then each legal action numbered from 1, with its words, cost and gain."""
    decision = game.decision
    if decision is None:
        return ["The game is over: no decision."]
    me = game.state.players[seat]
    lines = [f"P{seat} ({me.vp} VP, {me.coins} coins, {me.potions} potions) {decision.prompt}:"]
    prefix = f"{player_name(seat)} "
    for number, action in enumerate(game.legal_actions(), 1):
        described = legal_action_data(game, action)["description"]
        lines.append(f"  {number:>2}. {action}: {described.removeprefix(prefix).removesuffix('.')}")
    return lines


def read_choice(game: Game, seat: int, ask: LineReader) -> Action | None:
    """A legal action: its number or its text; ``?`` reprints the board, ``help ID`` describes a component;
    ``q`` or end of input: None."""
    legal = game.legal_actions()
    while True:
        print("> ", end="", flush=True)
        text = ask()
        if text is None:
            print("(end of input)")
            return None
        command, _, rest = text.partition(" ")
        if text in QUIT_WORDS:
            return None
        if text in BOARD_WORDS:
            print(render_position(game.view(seat), game.catalog))
            print_lines(decision_lines(game, seat))
        elif command == HELP_WORD:
            board = game.state.players[seat].board
            print_lines([help_text(game.catalog, board, rest)] if rest.strip() else HELP_LINES)
        elif text.isdigit():
            index = int(text)
            if 1 <= index <= len(legal):
                return legal[index - 1]
            print(f"choose 1 to {len(legal)}, an action text, ? (board), help or q (quit)")
        elif text:
            try:
                return game.parse_action(text)
            except (ActionSyntaxError, IllegalAction) as exc:
                print(f"not legal here: {exc}")


@attrs.define
class Table:
    """The game in play, kept current after every decision so that an interruption can save it.

    ``shown`` counts the actions already narrated: each action is told once, as the person's view tells it."""

    game: Game
    seat: int
    shown: int = 0
    show_board: bool = True

    def narrate(self) -> None:
        """Print the actions since the last narration and their events, in the words of the person's view."""
        view = self.game.view(self.seat)
        for entry in log_data(view, self.game.catalog, self.shown):
            actor = entry["player"]
            who = "" if actor is None else f"P{actor} {self.game.state.players[actor].colour}: "
            print(f"  {who}{entry['action']}")
            for event in entry["events"]:
                if not event["bookkeeping"]:
                    print(f"      {event['text']}")
        self.shown = len(self.game)

    def bot_moved(self, game: Game, actor: int, action: Action) -> None:
        """Narrate a bot's decision as the person sees it in their view's log."""
        self.game = game
        self.show_board = True
        self.narrate()


def play_session(table: Table, bots: dict[int, Bot], ask: LineReader) -> str:
    """Play until the game ends ("over"), the person quits ("quit") or presses Ctrl-C ("interrupted")."""
    try:
        while True:
            table.game = play_game(table.game, bots, until=lambda g: g.to_move == table.seat, on_action=table.bot_moved)
            if table.game.is_over:
                return "over"
            if table.show_board:
                print(render_position(table.game.view(table.seat), table.game.catalog))
                table.show_board = False
            print_lines(decision_lines(table.game, table.seat))
            action = read_choice(table.game, table.seat, ask)
            if action is None:
                return "quit"
            table.game = table.game.apply(action)
            table.narrate()
    except KeyboardInterrupt:
        print()
        return "interrupted"


def _start(args: argparse.Namespace, catalog: Catalog | None) -> Game:
    if args.load is None:
        return new_game(args.players, args.seed, args.options, catalog)
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
    print("Type an action's number or its text; ? shows the board, help ID describes a component, q quits.")
    names = seat_bots(args.bots, config.players, seat)
    bots = {s: make_bot(name, bot_seed(config.seed, s), args.mcts_iterations) for s, name in names.items()}
    print("Bots: " + (", ".join(f"P{s} {name}" for s, name in names.items()) or "none"))
    table = Table(game, seat, shown=len(game))
    outcome = play_session(table, bots, read_line)
    game = table.game
    if outcome == "over":
        print(render_position(game.view(seat), game.catalog))
        print_lines(final_lines(game))
    else:
        print(f"{'quit' if outcome == 'quit' else 'interrupted'} in round {game.round} after {len(game)} decisions")
    _save(game, args.save, args.force)
    return 130 if outcome == "interrupted" else 0
