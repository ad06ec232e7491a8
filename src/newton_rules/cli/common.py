"""What the commands share: the error they report, argument types, data packs, saves, final scores."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from newton_rules import Catalog, DataError, Game, SaveFormatError, __version__, load_catalog
from newton_rules.simulation import parse_bots


class CliError(Exception):
    """A failure reported as one line on stderr, with the exit status to return."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def version_text(prog: str) -> str:
    """What ``--version`` prints: the command and the distribution's version (``newton-rules 0.2.0``)."""
    return f"{prog} {__version__}"


def os_reason(exc: OSError | UnicodeDecodeError) -> str:
    """The short reason of a failed file operation ("Permission denied"), without the path repeated."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def count(low: int, high: int | None = None) -> Callable[[str], int]:
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


def bot_list(text: str) -> tuple[str, ...]:
    """An argparse type: a comma list of bot names from ``newton_rules.bots.BOTS``."""
    try:
        return parse_bots(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE`` (repeatable) and ``--mcts-iterations K``, as ``simulate`` and ``play`` take them."""
    parser.add_argument("--mcts-iterations", type=count(1), metavar="K", help="MCTS iterations per decision")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option (docs/rulings.md), e.g. work_coins=moved; repeatable",
    )


def add_data_option(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--data", type=Path, metavar="FOLDER", help=f"{what} with the data pack in FOLDER")


def add_force_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--force", action="store_true", help="overwrite output files that already exist")


def load_data(folder: Path | None) -> Catalog | None:
    """The data pack in ``folder`` (None: the reference data); a pack that does not load is a CliError."""
    if folder is None:
        return None
    try:
        return load_catalog(folder)
    except (DataError, OSError) as exc:
        raise CliError(f"cannot load data pack {folder}: {exc}") from exc


def read_save(path: Path, catalog: Catalog | None = None) -> Game:
    """The game saved in ``path`` (``Game.to_json``), played with ``catalog`` (None: the reference data)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {os_reason(exc)}") from exc
    try:
        return Game.from_json(text, catalog)
    except SaveFormatError as exc:
        raise CliError(f"bad save {path}: {exc}") from exc


def final_lines(game: Game) -> list[str]:
    """Every player's VP, the solo rank and the winners of a finished game."""
    lines = ["Final scores:"]
    for p in game.state.players:
        lines.append(f"  P{p.seat} {p.colour}: {p.vp} VP")
    if game.rank is not None:
        lines.append(f"Rank: {game.rank}")
    lines.append("Winners: " + " ".join(f"P{w}" for w in game.winners))
    return lines


def print_lines(lines: Sequence[str]) -> None:
    print("\n".join(lines))


def run_command(run: Callable[[argparse.Namespace], int], args: argparse.Namespace, prog: str) -> int:
    """``run(args)``'s exit status; a CliError is one line on stderr, Ctrl-C is 130, a closed pipe stops quietly."""
    try:
        return run(args)
    except CliError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
