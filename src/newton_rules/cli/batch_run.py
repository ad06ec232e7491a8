"""A batch of bot games played on the command line, for any game (``newton-rules simulate``,
``galileo-rules simulate`` and ``balance``): one implementation of what a person watching it gets.

Each game's line is printed as it finishes (above the progress display, :mod:`.progress`) and its record
written to the results file as it comes; the file appears only when the batch ends (:mod:`.files`). Ctrl-C
ends the batch after the games already finished, and a failed game never stops the others: in both cases
the finished games are summarised and written, not lost, and the caller reports what stopped the batch
after its summary (:func:`batch_status`). A batch with no finished game writes nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, TextIO

import attrs

from newton_rules.cli.common import CliError
from newton_rules.cli.files import atomic_output
from newton_rules.cli.progress import Progress
from rules_core.simulation import BatchFailed, RayUnavailable

StartBatch = Callable[[Callable[[], None]], Generator[Any, None, None]]
"""Starts the batch: ``start(on_done)`` is the game's ``iter_games(tasks, workers, on_done, ...)``."""


@attrs.frozen
class RecordWords:
    """How a game's records are told: ``line(record)`` printed per game, ``json(record)`` per results line."""

    line: Callable[[Any], str]
    json: Callable[[Any], str]


@attrs.frozen
class BatchEnd:
    """The finished games in seed order, the seconds they took, and what stopped the batch early, if anything:
    ``interrupted`` (Ctrl-C) or ``failed`` (the games that failed, named once the others were played)."""

    records: list[Any]
    seconds: float
    interrupted: bool = False
    failed: BatchFailed | None = None


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress``: the progress display on stderr."""
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress line on stderr (default: for more than 20 games on a terminal)",
    )


@attrs.define
class _Stop:
    interrupted: bool = False
    failed: BatchFailed | None = None


def _played(
    start: StartBatch, progress: Progress, words: RecordWords, quiet: bool, out: TextIO | None, stop: _Stop
) -> Iterator[Any]:
    """The records as they finish, each told and written; Ctrl-C and failed games end it quietly in ``stop``."""
    games = start(progress.advance)
    while True:
        try:
            record = next(games)
        except StopIteration:
            return
        except KeyboardInterrupt:
            stop.interrupted = True
            games.close()  # cancels the games not yet finished
            return
        except BatchFailed as exc:
            stop.failed = exc
            return
        if not quiet:
            progress.echo(words.line(record))
        if out is not None:
            out.write(words.json(record) + "\n")
        yield record


def _collect(
    start: StartBatch, progress: Progress, words: RecordWords, quiet: bool, out: TextIO | None, stop: _Stop
) -> list[Any]:
    """The finished games; CliError when none finished (raised inside the results file's block: no file)."""
    try:
        records = list(_played(start, progress, words, quiet, out, stop))
    except RayUnavailable as exc:  # Ray not reachable: reported before any game, like bad input
        raise CliError(str(exc)) from exc
    if not records:
        if stop.failed is not None:
            raise CliError(f"{stop.failed}; nothing written", status=1)
        raise CliError("interrupted before any game finished; nothing written", status=130)
    return records


def play_batch(
    start: StartBatch,
    progress: Progress,
    words: RecordWords,
    *,
    quiet: bool,
    results: Path | None,
    force: bool,
) -> BatchEnd:
    """Play the batch ``start`` begins, showing ``progress``, printing each game's line (unless ``quiet``)
    and writing its record to ``results`` (atomically, never over a file without ``force``)."""
    stop = _Stop()
    began = time.perf_counter()
    try:
        if results is None:
            records = _collect(start, progress, words, quiet, None, stop)
        else:
            with atomic_output(results, force) as out:
                records = _collect(start, progress, words, quiet, out, stop)
    finally:
        progress.close()  # before the summary, and before an error is told
    seconds = time.perf_counter() - began
    return BatchEnd(records, seconds, stop.interrupted, stop.failed)


def tell_interruption(end: BatchEnd, total: int) -> None:
    """On stderr, before the summary: how many of the ``total`` games an interrupted batch kept."""
    if end.interrupted:
        print(f"interrupted: {len(end.records)} of {total} games finished and kept", file=sys.stderr)


def batch_status(end: BatchEnd) -> int:
    """The exit status once the summary is printed and the files written: CliError (1) naming the failed
    games, 130 after Ctrl-C, else 0."""
    if end.failed is not None:
        raise CliError(f"{end.failed}; the other {len(end.records)} games are kept", status=1)
    return 130 if end.interrupted else 0


__all__ = [
    "BatchEnd",
    "RecordWords",
    "StartBatch",
    "add_progress_option",
    "batch_status",
    "play_batch",
    "tell_interruption",
]
