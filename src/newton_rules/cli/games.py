"""``newton-rules --game galileo ...`` (or ``galileo-rules ...``): the commands for another game of the
distribution, through the engine core's game API only.

    galileo-rules simulate --players 4 --games 20 --seed 1 [--bots greedy,mcts,random] [--advanced] [--option K=V]
                           [--rotate] [--workers 2] [--backend ray] [--data PACK] [--progress]
                           [--results games.jsonl] [--report r.html] [--force]
    galileo-rules balance --games 20 [--player-counts 1,2,3,4] [--bots greedy] [--workers 2] [--data PACK]
    galileo-rules play --players 2 --seed 7 [--seat 0] [--bots random,greedy] [--advanced] [--data PACK]
                       [--save game.json] [--force]
    galileo-rules play --load game.json [--seat 0] [--data PACK] [--save game.json --force]
    galileo-rules replay game.json [--data PACK]

Everything here reads a game as the core's :class:`~rules_core.session.Session` (``legal_actions``,
``apply``, ``view``, ``to_json``/``from_json``, ``scores``, ``winners``) and plays it with the core's bots
(:func:`rules_core.bots.play_game`), so a game joins with one :class:`GameEntry`: its game class, its
command-line options, its words (:class:`GameWords`) and its declaration to the core's simulation (which
makes its new games and bots and gives ``simulate`` and ``balance``, :mod:`newton_rules.cli.game_simulate`).
A person sees only their seat's view: each action of the log as the view shows it, narrated in the sentences of its
events; the prompt and the numbered legal actions, each described with what it costs and gains; ``?``
for the table in words and ``help ID`` for any component.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

import galileo_rules as gr
import galileo_rules.text as gt
from galileo_rules import simulation as galileo_simulation
from newton_rules.cli.common import (
    CliError,
    add_force_option,
    count,
    os_reason,
    print_lines,
    run_command,
    version_text,
)
from newton_rules.cli.files import check_output, write_atomic
from newton_rules.cli.game_simulate import (
    SimulationEntry,
    add_balance_parser,
    add_data_argument,
    add_simulate_parser,
    bot_list_of,
    game_options,
    load_pack,
)
from newton_rules.cli.play import LineReader, read_line, seat_bots
from rules_core.bots import Bot, legal_actions_of, play_game
from rules_core.errors import RulesError
from rules_core.session import Session
from rules_core.simulation import BotMaker, bot_seed

QUIT_WORDS = ("q", "quit", "exit")
STATE_WORDS = ("?", "board")
HELP_WORD = "help"


@attrs.frozen
class GameWords:
    """A game's words for the terminal play, each from its text module:

    - ``event(catalog, event, table)``: an event as a sentence (``table``: the state after its action, as
      the viewer sees it);
    - ``action(game, action)``: a legal action of the player to move, as a predicate with its cost and gain;
    - ``logged(catalog, actor, action)``: an action of the log as a sentence, told when none of its events is;
    - ``prompt(game)``: the player to move's status and what their decision asks;
    - ``table(view, catalog)``: the table as the view shows it;
    - ``component(catalog, id)``: any component in words (raises RulesError naming what it reads);
    - ``bookkeeping``: the event types a narration skips;
    - ``help``: the examples of ids ``help`` lists."""

    event: Callable[[Any, Any, Any], str]
    action: Callable[[Any, Any], str]
    logged: Callable[[Any, int | None, Any], str]
    prompt: Callable[[Any], str]
    table: Callable[[Any, Any], str]
    component: Callable[[Any, str], str]
    bookkeeping: tuple[type, ...]
    help: str


@attrs.frozen
class GameEntry:
    """A game the commands can play: ``add_options(parser)`` adds its options to ``play``, ``simulate`` and
    ``balance``; ``simulation``: the game's declaration to the core's simulation (``play`` makes a new game
    and its bots with it, and offers its data packs)."""

    name: str
    title: str
    game: type[Session]
    players: tuple[int, int]
    add_options: Callable[[argparse.ArgumentParser], None]
    simulation: SimulationEntry
    words: GameWords | None = None

    @property
    def bots(self) -> Mapping[str, BotMaker]:
        return self.simulation.simulated.bots


def _option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: VALUE as JSON when it parses (``true``, ``3``), else as text."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def _galileo_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--advanced", action="store_true", help="the astronomers' abilities (the solo game always)")
    parser.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a documented rules option (docs/galileo.md), e.g. box_refill=final_round; repeatable",
    )


def _galileo_options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The parsed options as the simulation's records name them: ``advanced`` and each rules option."""
    return {"advanced": bool(args.advanced), **dict(args.option)}


def _galileo_action(game: gr.GalileoGame, action: gr.Action) -> str:
    return gt.action_predicate(game, action) + gt.change_text(*gt.action_change(game, action))


def _galileo_prompt(game: gr.GalileoGame) -> str:
    seat = game.to_move
    return "" if seat is None else f"{gt.status_text(game.state, seat)} {gt.decision_prompt(game)}"


GALILEO_WORDS = GameWords(
    event=gt.event_text,
    action=_galileo_action,
    logged=gt.logged_action_text,
    prompt=_galileo_prompt,
    table=gt.render_position,
    component=gt.component_text,
    bookkeeping=gt.BOOKKEEPING,
    help="D01, Mars, ?1, T3, K, S2, majors, observer, galileo, comet, cellar, tribunal, free-actions",
)


GAMES: dict[str, GameEntry] = {
    "galileo": GameEntry(
        name="galileo",
        title="Galileo Galilei",
        game=gr.GalileoGame,
        players=(1, 4),
        add_options=_galileo_options,
        simulation=SimulationEntry(
            simulated=galileo_simulation.GALILEO_SIMULATED,
            options=_galileo_options_of,
            balance=galileo_simulation.balance_text,
            balance_options=galileo_simulation.BALANCE_OPTIONS,
            pack=galileo_simulation.pack_catalog,
        ),
        words=GALILEO_WORDS,
    )
}


# -- the parser --------------------------------------------------------------------------------------------


def build_parser(entry: GameEntry, prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=f"Rules engine for {entry.title}: simulate, play, replay.")
    parser.add_argument("--version", action="version", version=version_text(prog))
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    low, high = entry.players
    bot_names = ", ".join(sorted(entry.bots))

    add_simulate_parser(sub, entry.simulation, entry.players, entry.add_options)
    add_balance_parser(sub, entry.simulation, entry.players, entry.add_options)

    play = sub.add_parser("play", help="play in the terminal against bots")
    play.add_argument("--players", type=count(low, high), help=f"number of players, {low}-{high} (default 2)")
    play.add_argument("--seed", type=int, help="game seed (default 1)")
    play.add_argument("--seat", type=count(0, high - 1), default=0, help="your seat, 0 to players-1 (default 0)")
    play.add_argument(
        "--bots",
        type=bot_list_of(entry.simulation.simulated),
        default=("random",),
        metavar="BOT[,BOT...]",
        help=f"one bot for every other seat, or one per other seat in seat order ({bot_names}; default random); "
        "the bot in seat s is seeded 4*seed+s",
    )
    play.add_argument("--mcts-iterations", type=count(1), metavar="K", help="MCTS iterations per decision")
    play.add_argument("--load", type=Path, metavar="FILE", help="resume the game saved in FILE")
    play.add_argument("--save", type=Path, metavar="FILE", help="write the game to FILE when you stop or it ends")
    entry.add_options(play)
    add_data_argument(play, entry.simulation)
    add_force_option(play)
    play.set_defaults(run=run_play)

    replay = sub.add_parser("replay", help="print the actions and final scores of a saved game")
    replay.add_argument("file", type=Path, metavar="FILE", help="a save written by to_json()")
    add_data_argument(replay, entry.simulation)
    replay.set_defaults(run=run_replay)
    parser.set_defaults(entry=entry, simulation=entry.simulation)
    return parser


def main(name: str, argv: list[str], prog: str) -> int:
    """Run the commands of game ``name``; returns the exit status (argparse exits 2 itself on bad arguments)."""
    entry = GAMES[name]
    args = build_parser(entry, prog).parse_args(argv)
    return run_command(args.run, args, prog)


# -- the commands ------------------------------------------------------------------------------------------


def _new(entry: GameEntry, players: int, seed: int, args: argparse.Namespace) -> Session:
    load_pack(args)  # a pack that does not load is named as one
    try:
        return entry.simulation.simulated.new(players, seed, game_options(args))
    except RulesError as exc:
        raise CliError(str(exc)) from exc


def result_lines(game: Session) -> list[str]:
    """Every seat's score and the winners."""
    scores = " ".join(f"P{seat} {score}" for seat, score in enumerate(game.scores))
    return [f"Final scores: {scores}", "Winners: " + " ".join(f"P{w}" for w in game.winners)]


def _read_save(entry: GameEntry, args: argparse.Namespace, path: Path) -> Session:
    """The game saved in ``path``, played with the data pack of ``--data`` (the reference data without it)."""
    catalog = load_pack(args)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {os_reason(exc)}") from exc
    try:
        return entry.game.from_json(text, catalog)
    except RulesError as exc:
        raise CliError(f"bad save {path}: {exc}") from exc


def run_replay(args: argparse.Namespace) -> int:
    entry: GameEntry = args.entry
    saved = _read_save(entry, args, args.file)
    config = saved.config
    print(f"{entry.title}, {config.players} player(s), seed {config.seed}, {len(saved)} actions")
    game = entry.game.replay(config, [], saved.catalog, position=saved.position)
    for number, action in enumerate(saved.actions, 1):
        print(f"{number:>4}. P{game.to_move}: {action}")
        game = game.apply(action)
    if game.is_over:
        print_lines(result_lines(game))
    else:
        print(f"not over: P{game.to_move} to move; scores so far: {list(game.scores)}")
    return 0


def help_lines(words: GameWords | None) -> list[str]:
    """What a person may type at a decision."""
    lines = ["Answer with an action's number or its text.", "  ?              show the table again"]
    if words is not None:
        lines += ["  help ID        a component in words", f"                 (e.g. {words.help})"]
    return [*lines, "  q              quit (the game is saved with --save FILE)"]


def _help(game: Session, words: GameWords | None, word: str) -> list[str]:
    if words is None or not word:
        return help_lines(words)
    try:
        return [words.component(game.catalog, word)]
    except RulesError as exc:
        return [str(exc)]


def decision_lines(game: Session, view: Any, words: GameWords | None) -> list[str]:
    """The prompt, then each legal action numbered from 1 with its words, cost and gain (its text alone for
    a game without words)."""
    legal = legal_actions_of(view)
    if words is None:
        head = f"Your decision (P{view.player}); scores {list(game.scores)}:"
        return [head, *(f"  {number:>3}. {action}" for number, action in enumerate(legal, 1))]
    lines = [f"{words.prompt(game)}:"]
    lines += [f"  {number:>3}. {action}: {words.action(game, action)}" for number, action in enumerate(legal, 1)]
    return lines


def read_choice(game: Session, view: Any, ask: LineReader, words: GameWords | None = None) -> Any:
    """A legal action of the view: its number or its text; ``?`` prints the table, ``help ID`` a component,
    ``help`` the commands; ``q`` or the end of input: None."""
    legal = legal_actions_of(view)
    while True:
        print("> ", end="", flush=True)
        text = ask()
        if text is None or text in QUIT_WORDS:
            return None
        command, _, rest = text.partition(" ")
        if text in STATE_WORDS:
            print(view.state if words is None else words.table(view, game.catalog))
            print_lines(decision_lines(game, view, words))
        elif command == HELP_WORD:
            print_lines(_help(game, words, rest.strip()))
        elif text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            print(f"choose 1 to {len(legal)}, an action text, ? (the table), help or q (quit)")
        elif text:
            try:
                return game.parse_action(text)
            except RulesError as exc:
                print(f"not legal here: {exc}")


def narration(game: Session, seat: int, shown: int, words: GameWords | None) -> list[str]:
    """The actions after the ``shown``-th as ``seat``'s view tells them, each followed by its events in
    sentences (bookkeeping left out; the table after the action names what its events point at)."""
    view = game.view(seat)
    lines = []
    for k in range(shown, len(game)):
        actor, action = view.actions_since(k)[0]
        who = "" if actor is None else f"P{actor}: "
        lines.append(f"  {who}{action}")
        if words is None:
            continue
        events = view.events_since(k)
        mine = events[: len(events) - len(view.events_since(k + 1))]
        table = view.state if k == len(game) - 1 else None
        told = [words.event(game.catalog, e, table) for e in mine if not isinstance(e, words.bookkeeping)]
        lines += [f"      {sentence}" for sentence in told or [words.logged(game.catalog, actor, action)]]
    return lines


def play_session(
    game: Session, seat: int, bots: dict[int, Bot], ask: LineReader, words: GameWords | None = None
) -> tuple[Session, str]:
    """(the game, how it stopped: "over", "quit" or "interrupted"), every action narrated as it happens."""
    shown = len(game)

    def narrate(after: Session, *_: Any) -> None:
        nonlocal shown
        print_lines(narration(after, seat, shown, words))
        shown = len(after)

    try:
        while True:
            game = play_game(game, bots, until=lambda g: g.to_move == seat, on_action=narrate)
            if game.is_over:
                return game, "over"
            view = game.view(seat)
            print_lines(decision_lines(game, view, words))
            action = read_choice(game, view, ask, words)
            if action is None:
                return game, "quit"
            game = game.apply(action)
            narrate(game)
    except KeyboardInterrupt:
        print()
        return game, "interrupted"


def _game_to_play(entry: GameEntry, args: argparse.Namespace) -> Session:
    """A new game of the options given (2 players, seed 1 unless told), or the save of ``--load``, which sets
    its own players, seed and options (giving them too is refused, as Newton's ``play`` does)."""
    if args.load is None:
        return _new(entry, 2 if args.players is None else args.players, 1 if args.seed is None else args.seed, args)
    given = [flag for flag, value in (("--players", args.players), ("--seed", args.seed)) if value is not None]
    untouched = argparse.ArgumentParser()
    entry.add_options(untouched)
    if entry.simulation.options(args) != entry.simulation.options(untouched.parse_args([])):
        given.append("the game's options")
    if given:
        raise CliError(f"--load: the save sets the players, seed and options; drop {', '.join(given)}")
    return _read_save(entry, args, args.load)


def run_play(args: argparse.Namespace, ask: LineReader = read_line) -> int:
    entry: GameEntry = args.entry
    if args.save is not None:
        check_output(args.save, args.force)
    game = _game_to_play(entry, args)
    seat = args.seat
    if seat >= game.config.players:
        raise CliError(f"--seat {seat}: this game has seats 0 to {game.config.players - 1}")
    try:
        names = seat_bots(args.bots, game.config.players, seat)
    except CliError as exc:
        raise CliError(f"--bots: {exc}") from exc
    print(f"{entry.title}, {game.config.players} player(s), seed {game.config.seed}: you are P{seat}.")
    print("Type an action's number or its text; ? shows the table, help lists the commands, q quits.")
    seed = game.config.seed
    bots = {s: entry.bots[name](bot_seed(seed, s), args.mcts_iterations) for s, name in names.items()}
    words = entry.words
    if words is not None:
        print(words.table(game.view(seat), game.catalog))
    game, outcome = play_session(game, seat, bots, ask, words)
    if outcome == "over":
        if words is not None:
            print(words.table(game.view(seat), game.catalog))
        print_lines(result_lines(game))
    else:
        print(f"{outcome} after {len(game)} decisions")
    if args.save is None:
        print("not saved (give --save FILE to keep the game)")
    else:
        write_atomic(args.save, game.to_json(), args.force)
        print(f"saved to {args.save}")
    return 130 if outcome == "interrupted" else 0


__all__ = [
    "GALILEO_WORDS",
    "GAMES",
    "GameEntry",
    "GameWords",
    "build_parser",
    "decision_lines",
    "main",
    "narration",
    "play_session",
    "result_lines",
    "run_play",
]
