"""The games the scripts run (``--game newton|galileo``): what each script needs of a game, in one table.

- ``session``: the game's ``Game`` class (a :class:`rules_core.session.Session`);
- ``config(players, seed, variant, options)``: the config of a game with the ``variant``-th option set
  (cycled), or with ``options`` when given (``--option NAME=VALUE`` read by ``parse_options``);
- ``parse_options(pairs)``: the game's options from ``NAME=VALUE`` texts (None: the game takes none here);
- ``variants``: how many option sets there are;
- ``check(config, json_every)``: the random-simulation check of one game of ``config`` (the game's own
  invariants and mutated actions);
- ``base_saves(rnd)``: real saves to fuzz (fresh, mid-game, finished, built positions).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs

import galileo_rules as gr
import newton_rules as nr
from galileo_rules.game import GalileoGame
from galileo_rules.testing import OPTION_SETS as GALILEO_OPTION_SETS
from newton_rules.simulation.options import parse_options
from newton_rules.testing import OPTION_SETS, Position, random_simulation_check
from rules_core import checks
from rules_core.checks import SimulationReport
from rules_core.session import Session


@attrs.frozen
class ScriptGame:
    session: type[Session]
    config: Callable[[int, int, int, Any], Any]
    parse_options: Callable[[list[str]], Any] | None
    variants: int
    check: Callable[[Any, int], SimulationReport]
    base_saves: Callable[[random.Random], list[str]]


def random_saves(session: type[Session], configs: list[Any], rnd: random.Random, longest: int = 400) -> list[str]:
    """The saves of games of ``configs`` played at random for up to ``longest`` actions."""
    saves = []
    for config in configs:
        game = session.new(config)
        for _ in range(rnd.randrange(longest)):
            if game.is_over:
                break
            game = game.apply(rnd.choice(game.legal_actions()))
        saves.append(game.to_json())
    return saves


def _newton_config(players: int, seed: int, variant: int, options: nr.Options | None = None) -> nr.GameConfig:
    chosen = options if options is not None else OPTION_SETS[variant % len(OPTION_SETS)]
    return nr.GameConfig(players=players, seed=seed, options=chosen)


def _newton_check(config: nr.GameConfig, json_every: int) -> SimulationReport:
    return random_simulation_check(config, games=1, json_every=json_every)


def _newton_saves(rnd: random.Random) -> list[str]:
    # every option set (the expansion modules' among them), the player counts in turn
    configs = [_newton_config(1 + v % 4, rnd.randrange(1000), v) for v in range(len(OPTION_SETS))]
    built = Position(players=2, seed=5).player(0, coins=4).turn(0, played="travel").game()
    return [*random_saves(nr.Game, configs, rnd), built.to_json()]


# Galileo: the base game, the Advanced mode (the astronomers' abilities), and the Advanced mode with every
# other documented reading at once (the solo game always plays the abilities).
GALILEO_VARIANTS: tuple[tuple[bool, gr.Options], ...] = (
    (False, GALILEO_OPTION_SETS["defaults"]),
    (True, GALILEO_OPTION_SETS["defaults"]),
    (True, GALILEO_OPTION_SETS["alternatives"]),
)


def _galileo_config(players: int, seed: int, variant: int, options: None = None) -> gr.GameConfig:
    """The ``variant``-th of GALILEO_VARIANTS (the scripts take no ``--option`` for Galileo)."""
    advanced, chosen = GALILEO_VARIANTS[variant % len(GALILEO_VARIANTS)]
    return gr.GameConfig(players=players, seed=seed, advanced=advanced, options=chosen)


def _galileo_check(config: gr.GameConfig, json_every: int) -> SimulationReport:
    return checks.random_simulation_check(GalileoGame, config, games=1, json_every=json_every)


def _galileo_saves(rnd: random.Random) -> list[str]:
    configs = [_galileo_config(p, rnd.randrange(1000), p) for p in (1, 2, 3, 4)]
    return random_saves(GalileoGame, configs, rnd)


GAMES: dict[str, ScriptGame] = {
    "newton": ScriptGame(nr.Game, _newton_config, parse_options, len(OPTION_SETS), _newton_check, _newton_saves),
    "galileo": ScriptGame(GalileoGame, _galileo_config, None, len(GALILEO_VARIANTS), _galileo_check, _galileo_saves),
}
