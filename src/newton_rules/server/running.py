"""Running the server: in the foreground (``newton-rules serve``) or in a background thread (tests,
a program that embeds the server)."""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType

import uvicorn
from starlette.applications import Starlette

from newton_rules.server.app import create_app
from newton_rules.server.tables import Host
from rules_core.frontend import FrontEnd

GRACEFUL_SHUTDOWN_SECONDS = 2  # open push channels are closed after this


class TableServer(uvicorn.Server):
    """uvicorn's server, which first stops the hosted games' bots and push channels when it shuts down,
    so that open event streams end at once instead of being cut after the grace period."""

    def __init__(
        self,
        db: str | Path,
        host: str,
        port: int,
        bot_delay: float,
        mcts_time: float,
        games: Sequence[FrontEnd] | None = None,
    ) -> None:
        app = create_app(db, bot_delay=bot_delay, mcts_time=mcts_time, games=games)
        self.host: Host = app.state.host
        super().__init__(_config(app, host, port))

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.host.close()
        await super().shutdown(sockets)

    @property
    def url(self) -> str:
        """The table's address once the server listens (the port chosen when it was 0)."""
        address, port = self.servers[0].sockets[0].getsockname()[:2]
        return f"http://{address}:{port}/"


def _config(app: Starlette, host: str, port: int) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
        limit_concurrency=200,
        ws="none",
    )


def serve(
    db: str | Path,
    host: str,
    port: int,
    bot_delay: float = 0.5,
    mcts_time: float = 1.0,
    on_start: Callable[[str], None] | None = None,
    games: Sequence[FrontEnd] | None = None,
) -> None:
    """Serve ``games`` (every installed game's when None) until interrupted (Ctrl-C); ``on_start`` is called
    with the table's address once it listens."""
    with BackgroundServer(db, host, port, bot_delay, mcts_time, games) as running:
        if threading.current_thread() is threading.main_thread():  # SIGTERM stops it as Ctrl-C does
            signal.signal(signal.SIGTERM, lambda signum, frame: running.stop())
        if on_start is not None:
            on_start(running.url + "/")
        running.wait()


class ServerDidNotStart(RuntimeError):
    """The server could not listen (the port is taken, the address is not this machine's...)."""


class BackgroundServer:
    """The server on ``host``:``port`` (0: a free port) in a thread, for a ``with`` block::

    with BackgroundServer("games.db") as server:
        print(server.url)        # http://127.0.0.1:PORT
    """

    def __init__(
        self,
        db: str | Path,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_delay: float = 0.0,
        mcts_time: float = 0.2,
        games: Sequence[FrontEnd] | None = None,
    ) -> None:
        self._server = TableServer(db, host, port, bot_delay, mcts_time, games)
        self._address = f"{host}:{port}"
        self._thread = threading.Thread(target=self._run, name="newton-rules-server", daemon=True)
        self.url = ""

    def __enter__(self) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise ServerDidNotStart(f"the server did not start on {self._address} (is the port in use?)")
            time.sleep(0.02)
        self.url = self._server.url.rstrip("/")
        return self

    def _run(self) -> None:
        with contextlib.suppress(SystemExit):  # uvicorn exits when it cannot listen; __enter__ reports it
            self._server.run()

    def stop(self) -> None:
        """Ask the server to stop: it closes the push channels, then finishes the requests under way."""
        self._server.should_exit = True

    def wait(self) -> None:
        """Block until the server stops; Ctrl-C stops it."""
        try:
            while self._thread.is_alive():
                self._thread.join(timeout=0.5)
        except KeyboardInterrupt:
            self.stop()
            self._thread.join()

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()
        self._thread.join(timeout=GRACEFUL_SHUTDOWN_SECONDS + 10)
