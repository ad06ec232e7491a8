"""The games ``newton-rules serve`` hosts: Newton's and Galileo's :class:`rules_core.frontend.FrontEnd`.

A declaration joins each game's protocol (its ``protocol`` module), its bots and its lobby options; it lives
here, beside the command line, because the bots sit above the protocol in each game's layers. The
distribution names both in the entry points of ``rules_core.frontends`` (pyproject.toml), which a server
started without a list of games reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import galileo_rules as gr
import galileo_rules.protocol as gp
import newton_rules as nr
import newton_rules.protocol as np
from galileo_rules import bots as galileo_bots
from newton_rules.bots import GreedyBot, MCTSBot
from rules_core.bots import RandomBot
from rules_core.frontend import FrontEnd, FrontEndBot, OptionSpec, check_options, option_specs
from rules_core.mcts import ISMCTSBot
from rules_core.session import Session
from rules_core.wire import JSON

__all__ = ["FRONTENDS", "GALILEO_FRONTEND", "NEWTON_FRONTEND"]

NEWTON_OPTION_TEXTS = {
    "master_draft": "Draft the Masters (keep one, pass the rest) instead of dealing them (S12).",
    "rewards_timing": "When rewards come: after the action ends (F6) or as soon as triggered.",
    "invention_actions": "An Invention's actions: one per item, or one combined action.",
    "work_coins": "Coins of a Work action that stops short: the rulebook's, or one per space moved.",
    "cavendish_pile_bonus": "Tiles removed by Cavendish give the pile bonus of a pile they empty.",
    "quick_actions": "When Quick actions may be taken: during the action, or only around it.",
    "auto_potions": "A requirement short of Potions buys them with coins.",
    "advanced_lessons": "The Advanced Lessons module (X1-X8).",
    "great_discoveries": "The Great Discoveries module (G1-G4).",
    "extra_objectives": "The additional Objective tiles (A1).",
    "discovery_half_cost": "How half the cost of a Great Discovery rounds an odd cost.",
}
GALILEO_OPTION_TEXTS = {
    "scale_sides": "The Scale tiles' sides: at random or fixed (GS5).",
    "astronomers": "The astronomers: chosen by the players or dealt at random (GS10).",
    "tile_order": "The Action tiles' order: at random or chosen (GS12).",
    "box_refill": "When the box refills the deck: from the trigger or in the final round (GF6).",
    "empty_deck_card": "A card due from an empty deck: forfeited or taken from the box (GF7).",
    "unplayed_rotation": "An unplayed tile: stays, or rotates (GT8).",
    "die_cap": "A die value is at most 6 (GD5).",
    "tribunal_overshoot": "Inquisitors past the Tribunal's end: stop, or give a bonus (GI6).",
    "score_floor": "Final scores: may be negative, or floored at zero (GE6).",
}
ADVANCED = OptionSpec("advanced", "bool", False, "The astronomers' abilities (the solo game always plays them).")
SECONDS_PER_ITERATION = 0.005  # an ISMCTS iteration of Galileo takes a few ms: the budget in iterations


def _newton_game(players: int, seed: int, options: Mapping[str, Any]) -> Session:
    return nr.new_game(players=players, seed=seed, options=dict(options))


def _newton_log(game: nr.Game, viewer: int | None, since: int) -> list[JSON]:
    return np.log_data(game.view(viewer), game.catalog, since)


def _galileo_game(players: int, seed: int, options: Mapping[str, Any]) -> Session:
    check_options(GALILEO_FRONTEND.options, options)
    rules = {name: value for name, value in options.items() if name != ADVANCED.name}
    return gr.new_game(players, seed, advanced=bool(options.get(ADVANCED.name, False)), options=rules)


def _galileo_log(game: gr.GalileoGame, viewer: int | None, since: int) -> list[JSON]:
    return gp.log_data(game.view(viewer), game.catalog, since)


def _random(seed: int, seconds: float) -> FrontEndBot:
    return RandomBot(seed)


def _newton_greedy(seed: int, seconds: float) -> FrontEndBot:
    return GreedyBot(seed=seed)


def _newton_mcts(seed: int, seconds: float) -> FrontEndBot:
    return MCTSBot(seed=seed, time_limit=seconds)


def _galileo_greedy(seed: int, seconds: float) -> FrontEndBot:
    return galileo_bots.GreedyBot(seed=seed)


def _galileo_mcts(seed: int, seconds: float) -> FrontEndBot:
    iterations = max(1, int(seconds / SECONDS_PER_ITERATION))
    return ISMCTSBot(seed=seed, iterations=iterations, time_limit=seconds, leaf_value=galileo_bots.leaf_value)


NEWTON_FRONTEND = FrontEnd(
    name="newton",
    title="Newton",
    game_type=nr.Game,
    players=(1, 4),
    options=option_specs(nr.Options, NEWTON_OPTION_TEXTS),
    new_game=_newton_game,
    payload=np.payload,
    log=_newton_log,
    catalog=nr.default_catalog,
    catalog_data=np.catalog_data,
    schema=np.schema,
    bots={"greedy": _newton_greedy, "mcts": _newton_mcts, "random": _random},
    default_bot="greedy",
    table_module="newton.js",
)

GALILEO_FRONTEND = FrontEnd(
    name="galileo",
    title="Galileo Galilei",
    game_type=gr.GalileoGame,
    players=(1, 4),
    options=(ADVANCED, *option_specs(gr.Options, GALILEO_OPTION_TEXTS)),
    new_game=_galileo_game,
    payload=gp.payload,
    log=_galileo_log,
    catalog=gr.GalileoGame.definition.default_catalog,
    catalog_data=gp.catalog_data,
    schema=gp.schema,
    bots={"greedy": _galileo_greedy, "mcts": _galileo_mcts, "random": _random},
    default_bot="greedy",
    table_module="galileo.js",
)

FRONTENDS: tuple[FrontEnd, ...] = (NEWTON_FRONTEND, GALILEO_FRONTEND)
