"""The ``newton-rules`` command: simulate games between bots, play one in the terminal, replay a save.

    newton-rules simulate --players 4 --games 20 --seed 1 [--bots greedy,random --rotate] [--workers 2]
                          [--results games.jsonl] [--report report.html]
    newton-rules play --players 2 --seed 7 [--seat 0] [--save game.json]
    newton-rules replay game.json

Standard library only (``rich`` draws the simulation's progress bar when installed). The simulation
itself lives in :mod:`newton_rules.simulation`; this module only parses arguments and prints. The
terminal game shows the human player's :meth:`Game.view` and nothing else, so no other player's hand,
Masters, draft or tuck choice can leak through it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TextIO

import attrs

from newton_rules import simulation
from newton_rules.bots import BOTS
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import load_catalog
from newton_rules.effects.primitives import Amount
from newton_rules.errors import ActionSyntaxError, DataError, IllegalAction, SaveFormatError
from newton_rules.game import Game, new_game, replay
from newton_rules.model.actions import Action
from newton_rules.model.config import Options
from newton_rules.model.state import GameState, PlayerState
from newton_rules.view import PlayerView

MAX_DECISIONS = 100_000  # a random game takes a few hundred; more means the engine is looping


class CliError(Exception):
    """A failure reported as one line on stderr, with the exit status to return."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


# -- argument parsing ---------------------------------------------------------------------------------


def _count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer in [low, high]."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
        if value < low or (high is not None and value > high):
            bounds = f"{low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {value}")
        return value

    return parse


def _add_game_options(parser: argparse.ArgumentParser, players_default: int | None) -> None:
    parser.add_argument(
        "--players",
        type=_count(1, 4),
        default=players_default,
        required=players_default is None,
        help="number of players, 1-4",
    )
    parser.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    parser.add_argument("--draft", action="store_true", help="draft the Masters instead of deal-and-keep (S12)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="newton-rules", description="Rules engine for the board game Newton: simulate, play, replay."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser("simulate", help="play games between bots and summarise them")
    _add_game_options(sim, players_default=None)
    sim.add_argument("--games", type=_count(1), default=1, help="number of games (seeds S, S+1, ...)")
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=("random",),
        metavar="BOT[,BOT...]",
        help=f"bot per seat, or one for every seat ({', '.join(sorted(BOTS))}; default random); "
        "the bot in seat s of game seed S is seeded 4*S+s",
    )
    sim.add_argument("--rotate", action="store_true", help="game i shifts the bot list by i seats (no seat bias)")
    sim.add_argument("--workers", type=_count(1), default=1, help="processes playing games (default 1)")
    sim.add_argument("--mcts-iterations", type=_count(1), metavar="K", help="MCTS iterations per decision")
    sim.add_argument("--data", type=Path, metavar="FOLDER", help="play with the data pack in FOLDER")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (docs/rulings.md), e.g. work_coins=moved; repeatable",
    )
    sim.add_argument(
        "--results", "--json", dest="results", type=Path, metavar="FILE", help="write one JSON line per game to FILE"
    )
    sim.add_argument("--report", type=Path, metavar="FILE", help="write a self-contained HTML report to FILE")
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on stderr (default: for more than 20 games on a terminal)",
    )
    sim.add_argument("--quiet", action="store_true", help="print only the summary")
    sim.set_defaults(run=cmd_simulate)

    play = sub.add_parser("play", help="play in the terminal against random bots")
    _add_game_options(play, players_default=2)
    play.add_argument("--seat", type=_count(0, 3), default=0, help="your seat, 0 to players-1 (default 0)")
    play.add_argument("--save", type=Path, metavar="FILE", help="write the game (Game.to_json) to FILE on exit")
    play.set_defaults(run=cmd_play)

    rep = sub.add_parser("replay", help="print the actions and final scores of a saved game")
    rep.add_argument("file", type=Path, metavar="FILE", help="a save written by Game.to_json()")
    rep.set_defaults(run=cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (argparse exits 2 itself on bad arguments)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "play" and args.seat >= args.players:
        parser.error(f"argument --seat: must be 0 to {args.players - 1} in a {args.players}-player game")
    if args.command == "simulate":
        if len(args.bots) not in (1, args.players):
            parser.error(f"argument --bots: give one bot or {args.players} (one per seat), got {len(args.bots)}")
        try:
            args.options = simulation.parse_options(args.option, _options(args))
        except ValueError as exc:
            parser.error(f"argument --option: {exc}")
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


def _options(args: argparse.Namespace) -> Options:
    return Options(master_draft=bool(args.draft))


# -- simulate -----------------------------------------------------------------------------------------


def _bot_list(text: str) -> tuple[str, ...]:
    """An argparse type: a comma list of bot names from ``BOTS``."""
    try:
        return simulation.parse_bots(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def random_game(players: int, seed: int, options: Options | None = None) -> Game:
    """A whole game whose every decision is uniform among the legal actions (``random.Random(seed)``).

    One generator for every seat, as the golden games of the regression tests; ``simulate --bots random``
    seeds one RandomBot per seat instead (see :func:`newton_rules.simulation.bot_seed`).
    """
    game = new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not game.is_over:
        if len(game) >= MAX_DECISIONS:
            raise CliError(f"game seed {seed}: not over after {MAX_DECISIONS} decisions", status=1)
        legal = game.legal_actions()
        if not legal:
            raise CliError(f"game seed {seed}: no legal action after {len(game)} decisions ({game!r})", status=1)
        action = rng.choice(legal)
        try:
            game = game.apply(action)
        except Exception as exc:  # report the engine failure with what reproduces it
            where = f"game seed {seed}, decision {len(game)}, action {str(action)!r}"
            raise CliError(f"{where}: {type(exc).__name__}: {exc}", status=1) from exc
    return game


def _open_output(path: Path | None) -> TextIO | None:
    if path is None:
        return None
    try:
        return path.open("w", encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc


def _check_data(folder: Path | None) -> None:
    if folder is None:
        return
    try:
        load_catalog(folder)
    except (DataError, OSError) as exc:
        raise CliError(f"cannot load data pack {folder}: {exc}") from exc


def cmd_simulate(args: argparse.Namespace) -> int:
    _check_data(args.data)
    tasks = simulation.batch_tasks(
        args.players,
        args.games,
        args.seed,
        args.bots,
        rotate=args.rotate,
        options=args.options,
        data=args.data,
        mcts_iterations=args.mcts_iterations,
    )
    out = _open_output(args.results)
    progress = simulation.make_progress(args.games, simulation.show_progress(args.games, args.progress))

    def played() -> Iterator[simulation.Record]:  # print and write each game as it comes, keep none
        for record in simulation.iter_games(tasks, args.workers, progress.advance):
            if not args.quiet:
                progress.echo(simulation.game_line(record))
            if out is not None:
                out.write(simulation.record_json(record) + "\n")
                out.flush()
            yield record

    start = time.perf_counter()
    try:
        summary = simulation.summarize(played())
    except simulation.SimulationError as exc:
        raise CliError(str(exc), status=1) from exc
    finally:
        progress.close()
        if out is not None:
            out.close()
    elapsed = time.perf_counter() - start
    print(simulation.render_text(summary), end="")
    speed = summary.games / elapsed if elapsed > 0 else float("inf")
    print(f"speed: {speed:.1f} games/s")
    if args.report is not None:
        try:
            args.report.write_text(simulation.render_html(summary), encoding="utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {args.report}: {exc.strerror or exc}") from exc
        print(f"report: {args.report}")
    return 0


# -- showing a position -------------------------------------------------------------------------------


def _value_text(value: object) -> str:
    """A compact text of an effect record: its class and the fields that differ from their defaults."""
    if isinstance(value, tuple):
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    if isinstance(value, Amount):
        return " + ".join(f"{n} {name}" for name, n in attrs.asdict(value).items() if n) or "nothing"
    if not attrs.has(type(value)):
        return str(value)
    parts = []
    for field in attrs.fields(type(value)):  # type: ignore[arg-type]
        current = getattr(value, field.name)
        default = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            default = default.factory()
        if current == default:
            continue
        parts.append(f"{field.name}={_value_text(current)}")
    return f"{type(value).__name__}({', '.join(parts)})"


def card_text(catalog: Catalog, card_id: str) -> str:
    card = catalog.cards_by_id.get(card_id)
    if card is None:
        return card_id
    bits = ["/".join(card.symbols), "/".join(card.volumes) or "no volume"]
    if card.special is not None:
        bits.append(_value_text(card.special))
    return f"{card_id} ({'; '.join(bits)})"


def master_text(catalog: Catalog, master_id: str) -> str:
    master = catalog.masters_by_id.get(master_id)
    if master is None:
        return master_id
    effects = [_value_text(e) for e in (*master.immediate, *master.passive)]
    return f"{master_id} ({master.name}, {master.vp} VP: {', '.join(effects) or 'no effect'})"


def _names(items: Sequence[str | None], empty: str = "-") -> str:
    return ", ".join(empty if i is None else i for i in items) or "none"


def _hidden_count(items: Sequence[str], what: str) -> str:
    return f"{len(items)} {what}"


def player_lines(p: PlayerState, catalog: Catalog, me: bool) -> list[str]:
    tiles_total = catalog.constants.book_piles * catalog.constants.tiles_per_pile
    tiles_left = tiles_total - len(p.books) - p.books_removed
    tag = " (you)" if me else ""
    head = f"  P{p.seat} {p.colour}{tag}: {p.vp} VP, {p.coins} coins, {p.potions} potions"
    if not me:
        head += f", {_hidden_count(p.hand, 'cards in hand')}, {_hidden_count(p.masters, 'Masters in hand')}"
        if p.draft:
            head += f", {_hidden_count(p.draft, 'Masters in draft')}"
        if p.tuck_choice is not None:
            head += ", tuck chosen"
    lines = [
        head,
        f"      desk: {_names(p.desk)} | tucked: {_names(p.tucked)}",
        f"      Masters played: {_names(p.masters_played)} | bonus tokens: {_names(p.bonus_tokens)}",
        f"      Work marker {p.work} | Students {_names(p.students, 'supply')} | Scientist {p.scientist}",
        f"      cubes ({len(p.cubes)}): {_names(p.cubes)}",
        f"      board {p.board}, books covered ({len(p.books)}, {tiles_left} tiles left): {_names(p.books)}",
        f"      drawers: {_names(p.drawers)} | income: {_names(p.income)}",
    ]
    if p.round_volumes:
        lines.append(f"      volumes chosen this round: {_names(p.round_volumes)}")
    return lines


def _own_lines(p: PlayerState, catalog: Catalog) -> list[str]:
    lines = ["Your hand:"] + [f"  {card_text(catalog, c)}" for c in p.hand]
    if not p.hand:
        lines.append("  (empty)")
    lines += ["Your Masters:"] + [f"  {master_text(catalog, m)}" for m in p.masters]
    if not p.masters:
        lines.append("  (none)")
    if p.draft:
        lines += ["Masters to choose from:"] + [f"  {master_text(catalog, m)}" for m in p.draft]
    if p.tuck_choice is not None:
        lines.append(f"Your tuck choice: {p.tuck_choice}")
    return lines


def board_lines(state: GameState, catalog: Catalog) -> list[str]:
    b = state.board
    lines = ["Face-up lines:"]
    for level, line in enumerate(b.lines, 1):
        deck = len(b.decks[level - 1])
        lines.append(f"  level {level} (deck {deck}): " + ("; ".join(card_text(catalog, c) for c in line) or "empty"))
    tiles = ", ".join(f"{space} {tile}" for space, tile in b.map_tiles)
    lines.append(f"Map tiles: {tiles or 'none'} | Map Objective: {b.map_objective or 'none'}")
    lines.append("Track tiles: " + (", ".join(f"{space} {tile}" for space, tile in b.track_tiles) or "none"))
    lines.append("Bonus tokens on the boards: " + (", ".join(f"{s} {t}" for s, t in b.bonus) or "none"))
    income = ", ".join(f"{k} {n}" for k, n in b.income_supply)
    development = ", ".join(f"{k} {n}" for k, n in b.development_supply)
    lines.append(f"Supplies: income {income} | development {development} | medicine {b.medicine_supply}")
    return lines


def view_lines(view: PlayerView, catalog: Catalog) -> list[str]:
    """The board as ``view.player`` may see it: the redacted state only."""
    s = view.state
    first = "" if len(s.players) == 1 else f", first player P{s.first_player}"
    lines = [f"=== Round {s.round} of {catalog.constants.rounds}, {s.phase} phase{first} ==="]
    lines += ["Players:"]
    for p in s.players:
        lines += player_lines(p, catalog, me=p.seat == view.player)
    lines += _own_lines(s.players[view.player], catalog)
    lines += board_lines(s, catalog)
    return lines


def decision_lines(view: PlayerView) -> list[str]:
    assert view.decision is not None
    me = view.state.players[view.player]
    status = f"{me.vp} VP, {me.coins} coins, {me.potions} potions"
    lines = [f"P{view.player} ({status}) {view.decision.prompt}:"]
    lines += [f"  {i:>2}. {action}" for i, action in enumerate(view.legal_actions, 1)]
    return lines


def _print(lines: Sequence[str]) -> None:
    print("\n".join(lines))


# -- play ---------------------------------------------------------------------------------------------


def read_choice(game: Game, view: PlayerView) -> Action | None:
    """Read a legal action from stdin: its number or its text; ``?`` reprints the board; ``q``/EOF: None."""
    while True:
        print("> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print("(end of input)")
            return None
        text = line.strip()
        if not sys.stdin.isatty():
            print(text)
        if text in ("q", "quit", "exit"):
            return None
        if text in ("?", "board"):
            _print(view_lines(view, game.catalog) + decision_lines(view))
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


def _bot_move(game: Game, rng: random.Random, seat: int) -> Game:
    """One random bot decision, printed as the human sees it in their view's log."""
    actor = game.to_move
    game = game.apply(rng.choice(game.legal_actions()))
    shown = game.view(seat).actions[-1][1]
    colour = game.state.players[actor].colour if actor is not None else "?"
    print(f"  P{actor} {colour}: {shown}")
    return game


def final_lines(game: Game) -> list[str]:
    lines = ["Final scores:"]
    for p in game.state.players:
        lines.append(f"  P{p.seat} {p.colour}: {p.vp} VP")
    if game.rank is not None:
        lines.append(f"Rank: {game.rank}")
    lines.append("Winners: " + " ".join(f"P{w}" for w in game.winners))
    return lines


def _save(game: Game, path: Path | None) -> None:
    if path is None:
        return
    try:
        path.write_text(game.to_json(), encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from exc
    print(f"saved to {path}")


def play_loop(game: Game, seat: int, rng: random.Random) -> tuple[Game, bool]:
    """Alternate bot moves and the human's decisions; returns the game and whether the human quit."""
    show_board = True
    while not game.is_over:
        if game.to_move != seat:
            game = _bot_move(game, rng, seat)
            show_board = True
            continue
        view = game.view(seat)
        if show_board:
            _print(view_lines(view, game.catalog))
            show_board = False
        _print(decision_lines(view))
        action = read_choice(game, view)
        if action is None:
            return game, True
        game = game.apply(action)
    return game, False


def cmd_play(args: argparse.Namespace) -> int:
    game = new_game(players=args.players, seed=args.seed, options=_options(args))
    rng = random.Random(args.seed)
    seat: int = args.seat
    print(f"Newton, {args.players} player(s), seed {args.seed}: you are P{seat} ({game.state.players[seat].colour}).")
    print("Type an action's number or its text; ? shows the board, q quits.")
    game, quit_early = play_loop(game, seat, rng)
    if quit_early:
        print(f"quit in round {game.round} after {len(game)} decisions")
    else:
        _print(view_lines(game.view(seat), game.catalog) + final_lines(game))
    _save(game, args.save)
    return 0


# -- replay -------------------------------------------------------------------------------------------


def load_save(path: Path) -> Game:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CliError(f"cannot read {path}: {reason}") from exc
    try:
        return Game.from_json(text)
    except SaveFormatError as exc:
        raise CliError(f"bad save {path}: {exc}") from exc


def cmd_replay(args: argparse.Namespace) -> int:
    saved = load_save(args.file)
    config = saved.config
    print(f"{config.players} player(s), seed {config.seed}, {len(saved)} actions")
    game = replay(config, [], position=saved.position)
    for number, action in enumerate(saved.actions, 1):
        actor = game.to_move
        print(f"{number:>4}. round {game.round} P{actor}: {action}")
        game = game.apply(action)
    if game.is_over:
        _print(final_lines(game))
    else:
        scores = " ".join(f"P{p.seat} {p.vp}" for p in game.state.players)
        print(f"not over: round {game.round}, P{game.to_move} to move; scores so far: {scores}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
