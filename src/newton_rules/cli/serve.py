"""``newton-rules serve``: host games of Newton and Galileo Galilei over HTTP and the web table (needs the
``server`` extra); the lobby offers either."""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path

from newton_rules.cli.common import CliError
from newton_rules.cli.frontends import FRONTENDS

SERVER_EXTRA = "pip install 'newton-rules[server]'"
SERVER_PACKAGES = ("starlette", "uvicorn")


def missing_text(module: str | None) -> str:
    return f"serve needs the server extra ({SERVER_EXTRA}): no module named {module!r}"


MISSING = ""
try:
    from newton_rules.server import running
except ModuleNotFoundError as exc:  # the server extra is optional: the other commands work without it
    if exc.name not in SERVER_PACKAGES:
        raise
    running = None  # type: ignore[assignment]
    MISSING = missing_text(exc.name)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be from 0 to 60 seconds, got {text}")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535, got {text!r}")
    return int(text)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = sub.add_parser("serve", help="host games over HTTP and the web table")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000, help="port to listen on (default 8000)")
    parser.add_argument(
        "--db", type=Path, default=Path("newton-games.db"), help="SQLite file of the games (default newton-games.db)"
    )
    parser.add_argument(
        "--bot-delay", type=_seconds, default=0.5, metavar="SECONDS", help="pause before each bot move (default 0.5)"
    )
    parser.add_argument(
        "--mcts-time", type=_seconds, default=1.0, metavar="SECONDS", help="thinking time of an mcts bot (default 1)"
    )
    parser.add_argument("--open", action="store_true", help="open the table in the web browser once it is served")
    parser.set_defaults(run=run)
    return parser


def run(args: argparse.Namespace) -> int:
    if running is None:
        raise CliError(MISSING)
    db: Path = args.db
    if db.parent != Path() and not db.parent.is_dir():
        raise CliError(f"cannot open the database {db}: no folder {db.parent}")

    def started(url: str) -> None:
        print(f"newton-rules: the table is at {url} (games in {db}); Ctrl-C stops", flush=True)
        if args.open:
            webbrowser.open(url)

    try:
        running.serve(
            db,
            args.host,
            args.port,
            bot_delay=args.bot_delay,
            mcts_time=args.mcts_time,
            on_start=started,
            games=FRONTENDS,
        )
    except running.ServerDidNotStart as exc:
        raise CliError(str(exc)) from exc
    return 0


__all__ = ["MISSING", "SERVER_EXTRA", "add_parser", "missing_text", "run", "running"]
