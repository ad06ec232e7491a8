"""Batches of bot games for any game on the core: play them, record each game, summarise, report.

    from rules_core.simulation import render_text, run_games, summarize

    records = run_games(MY_GAME_SIMULATED, players=3, games=200, seed=1, bots=("greedy", "random"), workers=2)
    print(render_text(summarize(records, MY_GAME_SIMULATED.vp_sources)))

A game joins with one :class:`~rules_core.simulation.declaration.Simulated` (how to make a game and its
bots, where its VP come from, its players' traits, the seats its rules play). One job per module:
:mod:`~rules_core.simulation.batch` plays batches (tasks, bot seeds, worker processes or Ray tasks),
:mod:`~rules_core.simulation.ray_backend` runs them on Ray (imported only when asked for),
:mod:`~rules_core.simulation.records` writes a finished game as a JSON record and reads results files,
:mod:`~rules_core.simulation.stats` folds records into a :class:`Summary` (Wilson intervals, distributions)
and :mod:`~rules_core.simulation.reports` renders it as text or as an HTML page.
"""

from rules_core.simulation.batch import (
    BACKENDS,
    BatchFailed,
    GameFailure,
    GameTask,
    SimulationError,
    batch_tasks,
    bot_seed,
    check_backend,
    iter_games,
    replay_record,
    run_games,
    seat_bots,
)
from rules_core.simulation.declaration import BotMaker, Simulated
from rules_core.simulation.ray_backend import RAY_EXTRA, RayUnavailable
from rules_core.simulation.records import Record, game_line, game_record, load_records, record_json
from rules_core.simulation.reports import render_html, render_text
from rules_core.simulation.stats import Distribution, GroupStat, Summary, distribution, summarize, wilson

__all__ = [
    "BACKENDS",
    "RAY_EXTRA",
    "BatchFailed",
    "BotMaker",
    "Distribution",
    "GameFailure",
    "GameTask",
    "GroupStat",
    "RayUnavailable",
    "Record",
    "Simulated",
    "SimulationError",
    "Summary",
    "batch_tasks",
    "bot_seed",
    "check_backend",
    "distribution",
    "game_line",
    "game_record",
    "iter_games",
    "load_records",
    "record_json",
    "render_html",
    "render_text",
    "replay_record",
    "run_games",
    "seat_bots",
    "summarize",
    "wilson",
]
