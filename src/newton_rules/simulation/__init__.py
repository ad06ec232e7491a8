"""Batches of bot games for designers and testers: play them, record each game, summarise, report.

    from newton_rules.simulation import render_html, render_text, run_games, summarize

    records = run_games(players=3, games=200, seed=1, bots=("greedy", "random"), rotate=True, workers=2)
    summary = summarize(records)
    print(render_text(summary))

One job per module: :mod:`~newton_rules.simulation.batch` plays batches (tasks, bot seeds, worker
processes or Ray tasks), :mod:`~newton_rules.simulation.ray_backend` runs them on Ray (imported only when
that backend is asked for), :mod:`~newton_rules.simulation.records` turns a finished game into its JSON
record, :mod:`~newton_rules.simulation.stats` folds records into a :class:`Summary` (Wilson intervals,
distributions) and :mod:`~newton_rules.simulation.reports` renders it as text or as an HTML page;
:mod:`~newton_rules.simulation.options` reads and writes rule options as ``NAME=VALUE``.

Everything here is a function of its arguments: a batch gives the same records whatever the backend and
the number of workers (they come back in seed order), and the renderers read nothing but the summary. The
progress display belongs to the ``newton-rules simulate`` command (:mod:`newton_rules.cli.progress`);
see ``docs/simulation.md`` for the designer's workflow.
"""

from newton_rules.simulation.batch import (
    GameTask,
    batch_tasks,
    catalog_for,
    make_bot,
    parse_bots,
    play_one,
    play_outcome,
    play_task,
    record_task,
    replay_record,
    run_games,
)
from newton_rules.simulation.options import options_from, options_text, parse_options
from newton_rules.simulation.ray_backend import RAY_EXTRA, RayUnavailable
from newton_rules.simulation.records import (
    VP_SOURCES,
    Record,
    config_record,
    game_line,
    game_record,
    load_records,
    position_facts,
    record_config,
    record_json,
    vp_source,
)
from newton_rules.simulation.reports import histogram_bins, render_html, render_text
from newton_rules.simulation.stats import Distribution, GroupStat, Summary, distribution, summarize, wilson
from rules_core.simulation.batch import (
    BACKENDS,
    BatchFailed,
    GameFailure,
    SimulationError,
    bot_seed,
    check_backend,
    iter_games,
    seat_bots,
)

__all__ = [
    "RAY_EXTRA",
    "VP_SOURCES",
    "Distribution",
    "GameTask",
    "GroupStat",
    "RayUnavailable",
    "Record",
    "Summary",
    "batch_tasks",
    "catalog_for",
    "config_record",
    "distribution",
    "game_line",
    "game_record",
    "histogram_bins",
    "load_records",
    "make_bot",
    "options_from",
    "options_text",
    "parse_bots",
    "parse_options",
    "play_one",
    "play_outcome",
    "play_task",
    "position_facts",
    "record_config",
    "record_json",
    "record_task",
    "render_html",
    "render_text",
    "replay_record",
    "run_games",
    "summarize",
    "vp_source",
    "wilson",
]
__all__ += [  # the core's batch machinery, the same for every game
    "BACKENDS",
    "BatchFailed",
    "GameFailure",
    "SimulationError",
    "bot_seed",
    "check_backend",
    "iter_games",
    "seat_bots",
]
