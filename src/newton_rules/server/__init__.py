"""A game server for Newton: games over HTTP for any client, and the web table (``newton-rules serve``).

Install the ``server`` extra (``pip install 'newton-rules[server]'``: Starlette and uvicorn). See
docs/server.md for the API, the push channel, persistence and the security notes.

- :mod:`.store`: the SQLite database, each game's action log being the truth;
- :mod:`.tables`: the hosted games, their seats and tokens, the bots that play on their own;
- :mod:`.app`: the Starlette application (routes, bodies, errors, server-sent events, the static table).
"""

from newton_rules.server.app import create_app
from newton_rules.server.store import GameStore, StoreError
from newton_rules.server.tables import SEAT_KINDS, Host, Refused

__all__ = ["SEAT_KINDS", "GameStore", "Host", "Refused", "StoreError", "create_app"]
