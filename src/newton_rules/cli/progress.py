"""The progress display of ``newton-rules simulate``: a plain text line, or a ``rich`` bar when installed.

The library reports finished games through a callback (``iter_games(..., on_done)``); drawing them is the
command line's business, so ``rich`` stays an optional extra of the command only.
"""

from __future__ import annotations

import importlib
import sys
import time
from typing import Any, Protocol, TextIO


class Progress(Protocol):
    """A progress display: ``advance()`` per finished game, ``echo(line)`` for output, ``close()`` at the end."""

    def advance(self) -> None: ...

    def echo(self, line: str) -> None: ...

    def close(self) -> None: ...


class NoProgress:
    """No display: lines go to stdout."""

    def advance(self) -> None:
        pass

    def echo(self, line: str) -> None:
        print(line)

    def close(self) -> None:
        pass


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class PlainProgress:
    """A text progress line on ``stream`` (redrawn in place on a terminal, a line every few seconds otherwise)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.done = 0
        self._stream = stream
        self._tty = _isatty(stream)
        self._start = self._last = time.perf_counter()
        self._drawn = False

    def _text(self) -> str:
        elapsed = time.perf_counter() - self._start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = f", {(self.total - self.done) / rate:.0f} s left" if rate > 0 and self.done < self.total else ""
        return f"{self.done}/{self.total} games ({self.done / self.total:.0%}), {rate:.1f} games/s{eta}"

    def _draw(self) -> None:
        if self._tty:
            self._stream.write("\r\x1b[K" + self._text())
            self._drawn = True
        else:
            self._stream.write(self._text() + "\n")
        self._stream.flush()

    def advance(self) -> None:
        self.done += 1
        now = time.perf_counter()
        if self.done == self.total or now - self._last >= (0.2 if self._tty else 5.0):
            self._last = now
            self._draw()

    def echo(self, line: str) -> None:
        if self._drawn and _isatty(sys.stdout):  # both on the terminal: print above the progress line
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            print(line, flush=True)
            self._draw()
        else:
            print(line)

    def close(self) -> None:
        if self._drawn:
            self._stream.write("\n")
            self._stream.flush()
            self._drawn = False


class RichProgress:
    """A ``rich`` progress bar on ``stream`` (the optional extra ``newton-rules[rich]``)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        progress = importlib.import_module("rich.progress")
        console = importlib.import_module("rich.console").Console(file=stream)
        self._bar: Any = progress.Progress(
            progress.TextColumn("games"),
            progress.BarColumn(),
            progress.MofNCompleteColumn(),
            progress.TaskProgressColumn(),
            progress.TimeElapsedColumn(),
            progress.TextColumn("left"),
            progress.TimeRemainingColumn(),
            console=console,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self._task = self._bar.add_task("games", total=total)
        self._bar.start()

    def advance(self) -> None:
        self._bar.advance(self._task)

    def echo(self, line: str) -> None:
        if _isatty(sys.stdout) and self._bar.console.is_terminal:
            self._bar.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            print(line)

    def close(self) -> None:
        self._bar.stop()


def rich_available() -> bool:
    try:
        importlib.import_module("rich.progress")
    except ImportError:
        return False
    return True


def make_progress(total: int, enabled: bool, stream: TextIO | None = None, use_rich: bool | None = None) -> Progress:
    """The progress display for ``total`` games: rich when installed (unless ``use_rich`` is False), else plain."""
    if not enabled:
        return NoProgress()
    stream = stream if stream is not None else sys.stderr
    if use_rich is None:
        use_rich = rich_available()
    return RichProgress(total, stream) if use_rich else PlainProgress(total, stream)


def show_progress(games: int, requested: bool | None, stream: TextIO | None = None) -> bool:
    """Whether to show progress: as ``requested`` (``--progress`` / ``--no-progress``), else for more
    than 20 games when ``stream`` (stderr) is a terminal."""
    if requested is not None:
        return requested
    return games > 20 and _isatty(stream if stream is not None else sys.stderr)
