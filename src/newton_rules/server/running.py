"""Running the server: in the foreground (``newton-rules serve``) or in a background thread (tests,
a program that embeds the server)."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from types import TracebackType

import uvicorn
from starlette.applications import Starlette

from newton_rules.server.app import create_app
from newton_rules.server.tables import Host

GRACEFUL_SHUTDOWN_SECONDS = 2  # open push channels are closed after this


class TableServer(uvicorn.Server):
    """uvicorn's server, which first stops the hosted games' bots and push channels when it shuts down,
    so that open event streams end at once instead of being cut after the grace period."""

    def __init__(self, db: str | Path, host: str, port: int, bot_delay: float, mcts_time: float) -> None:
        app = create_app(db, bot_delay=bot_delay, mcts_time=mcts_time)
        self.host: Host = app.state.host
        super().__init__(_config(app, host, port))

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await self.host.close()
        await super().shutdown(sockets)


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


def serve(db: str | Path, host: str, port: int, bot_delay: float = 0.5, mcts_time: float = 1.0) -> None:
    """Serve until interrupted (Ctrl-C)."""
    TableServer(db, host, port, bot_delay, mcts_time).run()


class BackgroundServer:
    """The server on ``host``:``port`` (0: a free port) in a thread, for a ``with`` block::

    with BackgroundServer("games.db") as server:
        print(server.url)        # http://127.0.0.1:PORT
    """

    def __init__(
        self, db: str | Path, host: str = "127.0.0.1", port: int = 0, bot_delay: float = 0.0, mcts_time: float = 0.2
    ) -> None:
        self._server = TableServer(db, host, port, bot_delay, mcts_time)
        self._thread = threading.Thread(target=self._server.run, name="newton-rules-server", daemon=True)
        self.url = ""

    def __enter__(self) -> BackgroundServer:
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        host, port = self._server.servers[0].sockets[0].getsockname()[:2]
        self.url = f"http://{host}:{port}"
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=GRACEFUL_SHUTDOWN_SECONDS + 10)
