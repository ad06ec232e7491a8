"""Every file the command line writes goes through :func:`atomic_output`: whole or not at all, and never
over an existing file without ``--force``.

The text is written to a temporary file in the target's folder (so the final rename stays on one file
system) and moved over the target with ``os.replace`` only when writing succeeded; a failure or an
interruption leaves the target as it was and removes the temporary file. :func:`check_output` refuses a
path that cannot be written before any game is played, so no work is lost to a typo in a path.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from newton_rules.cli.common import CliError, os_reason


def _folder(path: Path) -> Path:
    return path.parent if path.parent != Path() else Path(".")


def check_output(path: Path, force: bool) -> None:
    """Refuse now what writing ``path`` would refuse later: a folder, an existing file without ``force``,
    a missing or read-only folder."""
    if path.is_dir():
        raise CliError(f"cannot write {path}: it is a folder")
    if path.exists() and not force:
        raise CliError(f"{path} already exists: pass --force to overwrite it")
    try:
        with tempfile.TemporaryFile(dir=_folder(path)):
            pass
    except OSError as exc:
        raise CliError(f"cannot write {path}: {os_reason(exc)}") from exc


def _final_mode(path: Path) -> int:
    """The permissions the file gets: those of the file it replaces, else the usual ones (0666 - umask)."""
    with contextlib.suppress(FileNotFoundError):
        return stat.S_IMODE(path.stat().st_mode)
    umask = os.umask(0)  # reading the umask means setting it; put it back at once
    os.umask(umask)
    return 0o666 & ~umask


@contextlib.contextmanager
def atomic_output(path: Path, force: bool) -> Iterator[TextIO]:
    """A text file to write that appears at ``path`` only when the ``with`` block ends without an exception."""
    check_output(path, force)
    try:
        handle, temporary = tempfile.mkstemp(dir=_folder(path), prefix=f".{path.name}.", suffix=".part")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {os_reason(exc)}") from exc
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            yield out
            try:
                out.flush()
                os.fsync(out.fileno())
                os.fchmod(out.fileno(), _final_mode(path))
            except OSError as exc:
                raise CliError(f"cannot write {path}: {os_reason(exc)}") from exc
        if path.exists() and not force:  # appeared while we worked: still never overwrite without --force
            raise CliError(f"{path} already exists: pass --force to overwrite it")
        try:
            os.replace(temporary, path)
        except OSError as exc:
            raise CliError(f"cannot write {path}: {os_reason(exc)}") from exc
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove(temporary)


def write_atomic(path: Path, text: str, force: bool) -> None:
    """Write ``text`` to ``path`` through :func:`atomic_output`."""
    with atomic_output(path, force) as out:
        out.write(text)
