"""The browser and the server of the end-to-end tests; they skip, saying why, when Playwright or
Chromium is absent.

Chromium is the system's (Debian's ``chromium`` package), never a browser Playwright downloads:
``NEWTON_CHROMIUM`` names its executable, else ``chromium`` or ``chromium-browser`` on the PATH.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the server extra is not installed (pip install 'newton-rules[server]')")
pytest.importorskip("uvicorn", reason="the server extra is not installed (pip install 'newton-rules[server]')")
pytest.importorskip("playwright", reason="playwright is not installed (pip install 'newton-rules[e2e]')")

from playwright.sync_api import Browser, Playwright, sync_playwright

from newton_rules.server.running import BackgroundServer

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """``NEWTON_CHROMIUM`` (CI sets it: a missing browser then fails instead of skipping), else the PATH's."""
    named = os.environ.get("NEWTON_CHROMIUM")
    if named:
        if not Path(named).is_file():
            pytest.fail(f"NEWTON_CHROMIUM names {named!r}, which is not a file")
        return named
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium: apt-get install chromium, or set NEWTON_CHROMIUM to its executable")
    launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[BackgroundServer]:
    with BackgroundServer(tmp_path / "games.db") as running:
        yield running
