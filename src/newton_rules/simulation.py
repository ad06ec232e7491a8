"""Batches of bot games for designers and testers: play them, record each game, summarise, report.

    from newton_rules.simulation import render_html, render_text, run_games, summarize

    records = run_games(players=3, games=200, seed=1, bots=("greedy", "random"), rotate=True, workers=2)
    summary = summarize(records)
    print(render_text(summary))
    Path("report.html").write_text(render_html(summary), encoding="utf-8")

Everything here is a function of its arguments: a batch gives the same records whatever the number of
worker processes (they come back in seed order), and the renderers read nothing but the summary. The
``newton-rules simulate`` command only parses its arguments and calls these functions; see
``docs/simulation.md`` for the designer's workflow.

Bots are seeded from the game and the seat: the bot in seat ``s`` of the game with seed ``S`` is built
with ``seed=bot_seed(S, s) = 4 * S + s``. A results line (config, bots per seat, bot options, data
folder) is therefore enough to play the same game again: :func:`replay_record`.
"""

from __future__ import annotations

import functools
import html
import importlib
import json
import math
import statistics
import sys
import time
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, Protocol, TextIO

import attrs

from newton_rules.bots import BOTS, Bot, MCTSBot
from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog, load_catalog
from newton_rules.game import Game, new_game
from newton_rules.model.codec import converter
from newton_rules.model.config import GameConfig, Options
from newton_rules.model.events import ResourcesChanged
from newton_rules.model.sources import Source
from newton_rules.rules import queries as q

Record = dict[str, Any]
"""One finished game as written to the results file (one JSON object per line); see :func:`game_record`."""

MAX_DECISIONS = 100_000  # a game takes a few hundred decisions; more means a bot or the engine is looping

VP_SOURCES: tuple[str, ...] = (
    "objectives",
    "masters",
    "income",
    "cubes",
    "bonus tokens",
    "tiles",
    "special effects",
    "other",
)
"""The categories of :func:`vp_source`, in the order the tables show them."""

Z95 = 1.959963984540054  # the standard normal quantile of 97.5%: a two-sided 95% interval


class SimulationError(Exception):
    """A game of the batch failed; the message names the seed, the bots and the decision."""


# -- bots -----------------------------------------------------------------------------------------------


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``: ``4 * game_seed + seat``.

    Distinct for every (game, seat) of non-negative seeds, and independent of which bot sits there.
    """
    return 4 * game_seed + seat


def parse_bots(text: str) -> tuple[str, ...]:
    """``"greedy,random"`` -> ``("greedy", "random")``; raises ValueError naming an unknown bot."""
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    return names


def seat_bots(bots: Sequence[str], players: int, index: int = 0, rotate: bool = False) -> tuple[str, ...]:
    """The bot of each seat in game ``index`` of a batch.

    One name plays every seat; otherwise there must be one name per seat. With ``rotate``, game ``index``
    shifts the list by ``index`` seats: the bot listed first sits in seat ``index % players``.
    """
    if len(bots) == 1:
        return tuple(bots) * players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats: give one bot, or one per seat")
    shift = index % players if rotate else 0
    return tuple(bots[(seat - shift) % players] for seat in range(players))


def make_bot(name: str, seed: int, mcts_iterations: int | None = None) -> Bot:
    """A bot of ``BOTS[name]`` with ``seed`` (and the MCTS budget, when given)."""
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    cls = BOTS[name]
    if cls is MCTSBot and mcts_iterations is not None:
        return MCTSBot(seed=seed, iterations=mcts_iterations)
    bot: Bot = cls(seed=seed)
    return bot


# -- options --------------------------------------------------------------------------------------------


def parse_options(pairs: Iterable[str], base: Options | None = None) -> Options:
    """``["work_coins=moved", "master_draft=true"]`` over ``base``; raises ValueError on a bad name or value."""
    hints = typing.get_type_hints(Options)
    raw: dict[str, Any] = converter.unstructure(base or Options())
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or name not in hints:
            known = ", ".join(f.name for f in attrs.fields(Options))
            raise ValueError(f"expected NAME=VALUE with NAME one of {known}, got {pair!r}")
        if hints[name] is bool:
            if value.lower() not in ("true", "false", "yes", "no", "1", "0"):
                raise ValueError(f"option {name} is true or false, got {value!r}")
            raw[name] = value.lower() in ("true", "yes", "1")
        else:
            allowed = typing.get_args(hints[name])
            if allowed and value not in allowed:
                raise ValueError(f"option {name} is one of {', '.join(map(str, allowed))}, got {value!r}")
            raw[name] = value
    return converter.structure(raw, Options)


def options_text(options: Mapping[str, Any] | Options) -> str:
    """The options that differ from the defaults: ``master_draft=true, work_coins=moved``, or ``defaults``."""
    if not isinstance(options, Options):
        options = converter.structure(dict(options), Options)
    raw: dict[str, Any] = converter.unstructure(options)
    parts = [f"{k}={json.dumps(v) if isinstance(v, bool) else v}" for k, v in sorted(raw.items())]
    return ", ".join(parts) or "defaults"


# -- playing --------------------------------------------------------------------------------------------


@attrs.frozen
class GameTask:
    """Everything one game of a batch is derived from (sent to a worker process as is)."""

    players: int
    seed: int
    bots: tuple[str, ...]
    options: Options = attrs.field(factory=Options)
    data: str | None = None
    mcts_iterations: int | None = None


@functools.cache
def catalog_for(data: str | None) -> Catalog:
    """The data pack in folder ``data`` (the reference data when None), loaded once per process."""
    return default_catalog() if data is None else load_catalog(data)


def play_task(task: GameTask) -> Game:
    """Play one game of a batch to the end; raises :class:`SimulationError` saying what reproduces a failure."""
    game = new_game(task.players, task.seed, task.options, catalog_for(task.data))
    bots = [make_bot(name, bot_seed(task.seed, seat), task.mcts_iterations) for seat, name in enumerate(task.bots)]
    where = f"game seed {task.seed} (bots {','.join(task.bots)})"
    while not game.is_over:
        if len(game) >= MAX_DECISIONS:
            raise SimulationError(f"{where}: not over after {MAX_DECISIONS} decisions")
        seat = game.to_move
        if seat is None or not game.legal_actions():
            raise SimulationError(f"{where}: no legal action after {len(game)} decisions")
        action = None
        try:
            action = bots[seat].choose(game)
            game = game.apply(action)
        except Exception as exc:  # report the failure with what reproduces it
            doing = f"action {str(action)!r}" if action is not None else f"{task.bots[seat]} choosing"
            raise SimulationError(f"{where}, decision {len(game)}, {doing}: {type(exc).__name__}: {exc}") from None
    return game


def play_one(task: GameTask) -> Record:
    """Play one game and return its record: the unit of work of a worker process."""
    return game_record(play_task(task), task.bots, mcts_iterations=task.mcts_iterations, data=task.data)


def batch_tasks(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Options | None = None,
    data: str | Path | None = None,
    mcts_iterations: int | None = None,
) -> list[GameTask]:
    """The games of a batch: seeds ``seed .. seed + games - 1``, game i with the bots of :func:`seat_bots`."""
    for name in bots:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    uses_mcts = any(BOTS[name] is MCTSBot for name in bots)
    return [
        GameTask(
            players=players,
            seed=seed + i,
            bots=seat_bots(bots, players, i, rotate),
            options=options or Options(),
            data=None if data is None else str(data),
            mcts_iterations=mcts_iterations if uses_mcts else None,
        )
        for i in range(games)
    ]


def iter_games(
    tasks: Sequence[GameTask], workers: int = 1, on_done: Callable[[], None] | None = None
) -> Iterator[Record]:
    """The records of ``tasks`` in their order, played in ``workers`` processes (1: in this process).

    ``on_done`` is called once per finished game, as it finishes (for a progress display).
    """
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            record = play_one(task)
            if on_done is not None:
                on_done()
            yield record
        return
    window = 4 * workers  # games in flight: bounded, so memory stays flat on long runs
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[int, Future[Record]] = {}
        finished: dict[int, Record] = {}
        submitted = emitted = 0
        try:
            while emitted < len(tasks):
                while submitted < len(tasks) and submitted - emitted < window:
                    pending[submitted] = pool.submit(play_one, tasks[submitted])
                    submitted += 1
                wait(pending.values(), return_when=FIRST_COMPLETED)
                for index in [i for i, f in pending.items() if f.done()]:
                    finished[index] = pending.pop(index).result()
                    if on_done is not None:
                        on_done()
                while emitted in finished:
                    yield finished.pop(emitted)
                    emitted += 1
        finally:
            for future in pending.values():
                future.cancel()


def run_games(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    *,
    rotate: bool = False,
    options: Options | None = None,
    data: str | Path | None = None,
    workers: int = 1,
    mcts_iterations: int | None = None,
    on_done: Callable[[], None] | None = None,
) -> list[Record]:
    """Play a batch (see :func:`batch_tasks`) and return the records in seed order."""
    tasks = batch_tasks(
        players, games, seed, bots, rotate=rotate, options=options, data=data, mcts_iterations=mcts_iterations
    )
    return list(iter_games(tasks, workers, on_done))


# -- one game's record ----------------------------------------------------------------------------------


_CATEGORY_OF_KIND = {
    "objective": "objectives",
    "master": "masters",
    "master_vp": "masters",
    "bookshelf_line": "income",
    "income_tile": "income",
    "medicine_tile": "income",
    "cube": "cubes",
    "bonus_token": "bonus tokens",
    "tile": "tiles",
    "pile": "tiles",
    "card": "special effects",
}


def vp_source(source: Source) -> str:
    """The category of a ``ResourcesChanged.source`` (one of :data:`VP_SOURCES`): objectives, masters
    (printed VP and effects), income (End Round), cubes (9th-12th), bonus tokens, tiles (City, Invention,
    Specialization, pile bonus), special effects (Action cards), other (Work coins, costs, ...)."""
    return _CATEGORY_OF_KIND.get(source.kind, "other")


def game_record(
    game: Game, bots: Sequence[str], *, mcts_iterations: int | None = None, data: str | None = None
) -> Record:
    """The results-file record of a finished game played by ``bots`` (a name per seat).

    Keys: ``config`` (players, seed, every option), ``seed``, ``bots``, ``scores``, ``winners``,
    ``length`` (decisions), ``rounds``, ``rank`` (solo only), ``mcts_iterations`` and ``data`` (when set),
    and ``players``: per seat ``seat``, ``bot``, ``score``, ``win_share`` (1/k for k tied winners),
    ``masters_held`` (played and unplayed), ``masters_played`` (in order), ``objectives`` (the Objective
    tiles occupied at the end), ``vp_by_source`` (see :func:`vp_source`), ``vp_by_reason``, ``coins``,
    ``potions``, ``cubes`` (placed on the Map) and ``book_tiles`` (placed on the Study board).
    """
    catalog = game.catalog
    state = game.state
    if len(bots) != len(state.players):
        raise ValueError(f"{len(bots)} bot names for {len(state.players)} players")
    by_reason: list[dict[str, int]] = [{} for _ in state.players]
    by_category: list[dict[str, int]] = [dict.fromkeys(VP_SOURCES, 0) for _ in state.players]
    for event in game.events:
        if isinstance(event, ResourcesChanged) and event.vp:
            label = str(event.source)
            ledger = by_reason[event.player]
            ledger[label] = ledger.get(label, 0) + event.vp
            by_category[event.player][vp_source(event.source)] += event.vp
    objectives = q.objective_spaces(catalog, state)
    winners = game.winners
    players: list[dict[str, Any]] = []
    for p in state.players:
        by_source = by_category[p.seat]
        occupied = {tile for where, space, tile in objectives if q.occupies_objective(catalog, p, where, space)}
        players.append(
            {
                "seat": p.seat,
                "bot": bots[p.seat],
                "score": p.vp,
                "win_share": 1 / len(winners) if p.seat in winners else 0.0,
                "masters_held": sorted({*p.masters, *p.masters_played}),
                "masters_played": list(p.masters_played),
                "objectives": sorted(occupied),
                "vp_by_source": by_source,
                "vp_by_reason": dict(sorted(by_reason[p.seat].items())),
                "coins": p.coins,
                "potions": p.potions,
                "cubes": len(p.cubes),
                "book_tiles": len(p.books),
            }
        )
    config: dict[str, Any] = converter.unstructure(game.config)
    config["options"] = attrs.asdict(game.config.options)  # every option, defaults included
    record: Record = {
        "config": config,
        "seed": game.config.seed,
        "bots": list(bots),
        "scores": list(game.scores),
        "winners": list(winners),
        "length": len(game),
        "rounds": game.round,
        "players": players,
    }
    if game.rank is not None:
        record["rank"] = game.rank
    if mcts_iterations is not None:
        record["mcts_iterations"] = mcts_iterations
    if data is not None:
        record["data"] = data
    return record


def record_json(record: Record) -> str:
    """One line of the results file."""
    return json.dumps(record, sort_keys=True)


def load_records(path: str | Path) -> list[Record]:
    """The records of a results file (blank lines skipped)."""
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def record_task(record: Mapping[str, Any]) -> GameTask:
    """The task that plays the game of a results line again."""
    config = converter.structure(record["config"], GameConfig)
    return GameTask(
        players=config.players,
        seed=config.seed,
        bots=tuple(record["bots"]),
        options=config.options,
        data=record.get("data"),
        mcts_iterations=record.get("mcts_iterations"),
    )


def replay_record(record: Mapping[str, Any]) -> Game:
    """Play the game of a results line again (same config, bots, bot seeds, data folder): the same game."""
    return play_task(record_task(record))


def game_line(record: Mapping[str, Any]) -> str:
    """``seed 7: scores 31 24  winners 0  decisions 512  rounds 6  bots greedy,random``."""
    scores = " ".join(str(s) for s in record["scores"])
    winners = " ".join(str(w) for w in record["winners"])
    rank = f"  rank {record['rank']}" if "rank" in record else ""
    return (
        f"seed {record['seed']}: scores {scores}  winners {winners}  decisions {record['length']}"
        f"  rounds {record['rounds']}{rank}  bots {','.join(record['bots'])}"
    )


# -- statistics -----------------------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (95% by default); (0, 1) when n is 0.

    Shared wins count as fractions (1/k each), which the interval takes as they come.
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(max(successes / n, 0.0), 1.0)
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@attrs.frozen
class GroupStat:
    """Player-games sharing a trait (a seat, a bot, a Master held...): how often they won and scored."""

    label: str
    n: int  # player-games
    wins: float  # ties shared: 1/k each
    fair: float  # the win rate if every player were equal: the mean of 1/players over these player-games
    mean_score: float

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)


@attrs.frozen
class Distribution:
    """Summary statistics of a list of numbers (stdev is the sample one; 0 for fewer than 2)."""

    n: int
    mean: float
    stdev: float
    min: float
    q1: float
    median: float
    q3: float
    max: float


def distribution(values: Iterable[float]) -> Distribution:
    ordered = sorted(values)
    if not ordered:
        return Distribution(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    if len(ordered) == 1:
        v = float(ordered[0])
        return Distribution(1, v, 0.0, v, v, v, v, v)
    q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return Distribution(
        len(ordered),
        statistics.fmean(ordered),
        statistics.stdev(ordered),
        float(ordered[0]),
        q1,
        median,
        q3,
        float(ordered[-1]),
    )


@attrs.frozen
class Summary:
    """What a batch of games says; built by :func:`summarize`, shown by :func:`render_text` / :func:`render_html`."""

    games: int
    player_counts: tuple[int, ...]
    seeds: tuple[int, int]  # lowest and highest
    lineups: tuple[tuple[str, int], ...]  # "bot,bot,..." per seat -> games
    options: tuple[tuple[str, int], ...]  # options text -> games
    data: tuple[tuple[str, int], ...]  # data folder ("reference data") -> games
    by_seat: tuple[GroupStat, ...]  # "seat 0" (or "3p seat 0" when player counts are mixed)
    by_bot: tuple[GroupStat, ...]
    by_master_held: tuple[GroupStat, ...]
    by_master_played: tuple[GroupStat, ...]
    by_objective: tuple[GroupStat, ...]
    scores: Distribution
    scores_by_bot: tuple[tuple[str, Distribution], ...]
    score_lists: tuple[tuple[str, tuple[int, ...]], ...]  # bot -> every final score (for histograms)
    vp_by_source: tuple[tuple[str, tuple[float, ...]], ...]  # bot -> mean VP per VP_SOURCES category
    length: Distribution  # decisions per game
    rounds: float  # mean
    ranks: tuple[tuple[str, int], ...]  # solo titles -> games

    @property
    def seat_shares(self) -> tuple[float, ...]:
        return tuple(g.rate for g in self.by_seat)


@attrs.define
class _Tally:
    n: int = 0
    wins: float = 0.0
    fair: float = 0.0
    score: int = 0

    def add(self, share: float, players: int, score: int) -> None:
        self.n += 1
        self.wins += share
        self.fair += 1 / players
        self.score += score

    def stat(self, label: str) -> GroupStat:
        return GroupStat(label, self.n, self.wins, self.fair / self.n, self.score / self.n)


def _count(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


def summarize(records: Iterable[Mapping[str, Any]]) -> Summary:
    """Fold the records of one or more batches (read once, so a generator is fine)."""
    games = 0
    seeds: list[int] = []
    counts: set[int] = set()
    lineups: dict[str, int] = {}
    options: dict[str, int] = {}
    data: dict[str, int] = {}
    ranks: dict[str, int] = {}
    seat: dict[tuple[int, int], _Tally] = {}
    bot: dict[str, _Tally] = {}
    held: dict[str, _Tally] = {}
    played: dict[str, _Tally] = {}
    objective: dict[str, _Tally] = {}
    scores: dict[str, list[int]] = {}
    sources: dict[str, list[float]] = {}
    lengths: list[int] = []
    rounds: list[int] = []
    for record in records:
        games += 1
        players = len(record["scores"])
        counts.add(players)
        seeds.append(record["seed"])
        lengths.append(record["length"])
        rounds.append(record["rounds"])
        _count(lineups, ",".join(record["bots"]))
        _count(options, options_text(record["config"].get("options", {})))
        _count(data, record.get("data") or "reference data")
        if "rank" in record:
            _count(ranks, record["rank"])
        winners = record["winners"]
        for p in record["players"]:
            share = 1 / len(winners) if p["seat"] in winners else 0.0
            score = p["score"]
            seat.setdefault((players, p["seat"]), _Tally()).add(share, players, score)
            bot.setdefault(p["bot"], _Tally()).add(share, players, score)
            for master in p["masters_held"]:
                held.setdefault(master, _Tally()).add(share, players, score)
            for master in p["masters_played"]:
                played.setdefault(master, _Tally()).add(share, players, score)
            for tile in p["objectives"]:
                objective.setdefault(tile, _Tally()).add(share, players, score)
            scores.setdefault(p["bot"], []).append(score)
            totals = sources.setdefault(p["bot"], [0.0] * len(VP_SOURCES))
            for i, name in enumerate(VP_SOURCES):
                totals[i] += p["vp_by_source"].get(name, 0)
    if not games:
        raise ValueError("no games to summarize")
    mixed = len(counts) > 1

    def seat_label(key: tuple[int, int]) -> str:
        return f"{key[0]}p seat {key[1]}" if mixed else f"seat {key[1]}"

    def ranked(tallies: dict[str, _Tally]) -> tuple[GroupStat, ...]:
        stats = [t.stat(label) for label, t in tallies.items()]
        return tuple(sorted(stats, key=lambda g: (-g.rate, -g.mean_score, g.label)))

    bots = sorted(bot)
    return Summary(
        games=games,
        player_counts=tuple(sorted(counts)),
        seeds=(min(seeds), max(seeds)),
        lineups=tuple(sorted(lineups.items())),
        options=tuple(sorted(options.items())),
        data=tuple(sorted(data.items())),
        by_seat=tuple(seat[key].stat(seat_label(key)) for key in sorted(seat)),
        by_bot=tuple(bot[name].stat(name) for name in bots),
        by_master_held=ranked(held),
        by_master_played=ranked(played),
        by_objective=ranked(objective),
        scores=distribution(s for name in bots for s in scores[name]),
        scores_by_bot=tuple((name, distribution(scores[name])) for name in bots),
        score_lists=tuple((name, tuple(sorted(scores[name]))) for name in bots),
        vp_by_source=tuple((name, tuple(t / bot[name].n for t in sources[name])) for name in bots),
        length=distribution(lengths),
        rounds=statistics.fmean(rounds),
        ranks=tuple(sorted(ranks.items())),
    )


# -- text -----------------------------------------------------------------------------------------------


def _pct(x: float) -> str:
    return f"{x:.1%}"


def _num(x: float) -> str:
    return f"{x:.1f}"


def _interval(g: GroupStat) -> str:
    low, high = g.interval
    return f"{low:.1%}-{high:.1%}"


GROUP_HEADERS = ("", "n", "wins", "win rate", "95% CI", "fair", "mean score")
DIST_HEADERS = ("", "n", "mean", "stdev", "min", "q1", "median", "q3", "max")


def _group_row(g: GroupStat) -> list[str]:
    wins = str(int(g.wins)) if g.wins == int(g.wins) else f"{g.wins:.2f}"
    return [g.label, str(g.n), wins, _pct(g.rate), _interval(g), _pct(g.fair), _num(g.mean_score)]


def _dist_row(label: str, d: Distribution) -> list[str]:
    return [label, str(d.n)] + [_num(x) for x in (d.mean, d.stdev, d.min, d.q1, d.median, d.q3, d.max)]


def _text_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    if not rows:
        return [title, "  (none)", ""]
    widths = [max(len(str(r[i])) for r in (headers, *rows)) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = f"{cells[0]:<{widths[0]}}"
        rest = [f"{c:>{w}}" for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  " + "  ".join([first, *rest]).rstrip()

    return [title, line(headers), *(line(r) for r in rows), ""]


def _sections(s: Summary) -> list[tuple[str, tuple[str, ...], list[list[str]]]]:
    """(title, headers, rows) of every table, shared by the text and the HTML renderings."""
    return [
        ("Win rate by seat", GROUP_HEADERS, [_group_row(g) for g in s.by_seat]),
        ("Win rate by bot", GROUP_HEADERS, [_group_row(g) for g in s.by_bot]),
        (
            "Score distribution",
            DIST_HEADERS,
            [_dist_row("all", s.scores)] + [_dist_row(name, d) for name, d in s.scores_by_bot],
        ),
        (
            "Mean VP by source",
            ("", *VP_SOURCES, "total"),
            [[name, *(_num(v) for v in values), _num(sum(values))] for name, values in s.vp_by_source],
        ),
        ("Game length (decisions)", DIST_HEADERS, [_dist_row("decisions", s.length)]),
        ("Win rate by Master held (played or not)", GROUP_HEADERS, [_group_row(g) for g in s.by_master_held]),
        ("Win rate by Master played", GROUP_HEADERS, [_group_row(g) for g in s.by_master_played]),
        ("Win rate by Objective tile occupied", GROUP_HEADERS, [_group_row(g) for g in s.by_objective]),
    ]


def _describe(s: Summary) -> list[tuple[str, str]]:
    def counted(items: tuple[tuple[str, int], ...]) -> str:
        if len(items) == 1:
            return items[0][0]
        return "; ".join(f"{k} ({n} game{'s' if n > 1 else ''})" for k, n in items)

    out = [
        ("players", ", ".join(str(n) for n in s.player_counts)),
        ("seeds", f"{s.seeds[0]} to {s.seeds[1]}" if s.games > 1 else str(s.seeds[0])),
        ("bots by seat", counted(s.lineups)),
        ("options", counted(s.options)),
        ("data", counted(s.data)),
    ]
    if s.ranks:
        out.append(("solo ranks", ", ".join(f"{k} {n}" for k, n in s.ranks)))
    return out


def render_text(summary: Summary) -> str:
    """The summary as plain text: a few headline lines, then one table per view."""
    s = summary
    seats = "  ".join(f"{g.label} {_pct(g.rate)}" for g in s.by_seat)
    lines = [
        f"games: {s.games}",
        f"score: mean {s.scores.mean:.1f}  min {s.scores.min:g}  max {s.scores.max:g}",
        f"wins by seat (ties split): {seats}",
        f"decisions per game: mean {s.length.mean:.1f}",
        f"rounds per game: mean {s.rounds:.1f}",
    ]
    lines += [f"{key}: {value}" for key, value in _describe(s)]
    lines.append("")
    lines.append("Win rates split ties (1/k each); 95% CI is the Wilson interval; fair = the rate if all were equal.")
    lines.append("")
    for title, headers, rows in _sections(s):
        lines += _text_table(title, headers, rows)
    return "\n".join(lines).rstrip() + "\n"


# -- HTML -----------------------------------------------------------------------------------------------

_PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")

_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #eee; }
th { text-align: right; background: #f4f4f4; } th:first-child, td:first-child { text-align: left; }
td { text-align: right; font-variant-numeric: tabular-nums; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: bold; } dd { margin: 0; }
svg { display: block; margin: 0.5em 0; } svg text { font-size: 11px; fill: #333; }
.note { color: #555; font-size: 0.9em; max-width: 50em; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _html_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    if not rows:
        return "<p>(none)</p>"
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _svg_rates(groups: Sequence[GroupStat]) -> str:
    """Horizontal bars of win rates with their 95% interval and a tick at the fair rate."""
    if not groups:
        return ""
    label_w, bar_w, row_h, top = 150, 420, 20, 18
    width, height = label_w + bar_w + 70, top + row_h * len(groups) + 6
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        x = label_w + tick * bar_w
        parts.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 4}" stroke="#ddd"/>')
        parts.append(f'<text x="{x:.1f}" y="{top - 6}" text-anchor="middle">{tick:.0%}</text>')
    for i, g in enumerate(groups):
        y = top + i * row_h
        low, high = g.interval
        mid = y + row_h / 2
        parts.append(f'<text x="{label_w - 6}" y="{mid + 4:.1f}" text-anchor="end">{_e(g.label)}</text>')
        parts.append(
            f'<rect x="{label_w}" y="{y + 3}" width="{g.rate * bar_w:.1f}" height="{row_h - 6}" fill="{_PALETTE[0]}">'
            f"<title>{_e(g.label)}: {_pct(g.rate)} of {g.n} ({_pct(low)}-{_pct(high)})</title></rect>"
        )
        x1, x2 = label_w + low * bar_w, label_w + high * bar_w
        parts.append(f'<line x1="{x1:.1f}" y1="{mid:.1f}" x2="{x2:.1f}" y2="{mid:.1f}" stroke="#222"/>')
        for x in (x1, x2):
            parts.append(f'<line x1="{x:.1f}" y1="{mid - 4:.1f}" x2="{x:.1f}" y2="{mid + 4:.1f}" stroke="#222"/>')
        fx = label_w + g.fair * bar_w
        parts.append(
            f'<line x1="{fx:.1f}" y1="{y + 1}" x2="{fx:.1f}" y2="{y + row_h - 1}" stroke="{_PALETTE[3]}" '
            'stroke-width="2" stroke-dasharray="3,2"/>'
        )
        parts.append(f'<text x="{label_w + bar_w + 6}" y="{mid + 4:.1f}">{_pct(g.rate)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_bins(values: Iterable[int], target: int = 20) -> tuple[int, int, int]:
    """(first bin start, bin width, number of bins) covering ``values`` in about ``target`` integer bins."""
    ordered = sorted(values)
    if not ordered:
        return 0, 1, 1
    low, high = ordered[0], ordered[-1]
    width = max(1, math.ceil((high - low + 1) / target))
    start = low - low % width
    return start, width, (high - start) // width + 1


def _svg_histogram(scores: Sequence[int], bins: tuple[int, int, int], colour: str) -> str:
    start, width, count = bins
    heights = [0] * count
    for s in scores:
        heights[min(count - 1, max(0, (s - start) // width))] += 1
    chart_w, chart_h, left, bottom = 520, 110, 36, 20
    bar = chart_w / count
    peak = max(heights) or 1
    total_w, total_h = left + chart_w + 10, chart_h + bottom + 8
    parts = [f'<svg width="{total_w}" height="{total_h}" viewBox="0 0 {total_w} {total_h}" role="img">']
    parts.append(f'<text x="{left - 4}" y="14" text-anchor="end">{peak}</text>')
    parts.append(f'<text x="{left - 4}" y="{chart_h + 8}" text-anchor="end">0</text>')
    base = chart_h + 8
    parts.append(f'<line x1="{left}" y1="{base}" x2="{left + chart_w}" y2="{base}" stroke="#999"/>')
    for i, h in enumerate(heights):
        x = left + i * bar
        hh = chart_h * h / peak
        lo = start + i * width
        what = f"{lo}" if width == 1 else f"{lo}-{lo + width - 1}"
        parts.append(
            f'<rect x="{x + 1:.1f}" y="{base - hh:.1f}" width="{max(bar - 2, 1):.1f}" height="{hh:.1f}" '
            f'fill="{colour}"><title>{what} VP: {h} players</title></rect>'
        )
    parts.append(f'<text x="{left - 4}" y="{base + 14}" text-anchor="end">VP</text>')
    step = max(1, count // 8)
    for i in range(0, count, step):
        x = left + i * bar + bar / 2
        parts.append(f'<text x="{x:.1f}" y="{base + 14}" text-anchor="middle">{start + i * width}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _svg_sources(vp_by_source: Sequence[tuple[str, Sequence[float]]]) -> str:
    """Stacked horizontal bars of the mean VP by source, one per bot, with a legend."""
    if not vp_by_source:
        return ""
    label_w, bar_w, row_h, legend_h = 150, 420, 22, 22
    peak = max(sum(max(v, 0.0) for v in values) for _, values in vp_by_source) or 1.0
    legend: list[str] = []
    x = 0.0
    for i, name in enumerate(VP_SOURCES):
        legend.append(f'<rect x="{x:.0f}" y="4" width="10" height="10" fill="{_PALETTE[i % len(_PALETTE)]}"/>')
        legend.append(f'<text x="{x + 13:.0f}" y="13">{_e(name)}</text>')
        x += 13 + 6.5 * len(name) + 12
    width, height = max(label_w + bar_w + 70, math.ceil(x)), legend_h + row_h * len(vp_by_source) + 6
    parts = [f'<svg width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img">', *legend]
    for row, (bot, values) in enumerate(vp_by_source):
        y = legend_h + row * row_h
        parts.append(f'<text x="{label_w - 6}" y="{y + row_h / 2 + 4:.1f}" text-anchor="end">{_e(bot)}</text>')
        x = float(label_w)
        for i, v in enumerate(values):
            w = max(v, 0.0) / peak * bar_w
            if w <= 0:
                continue
            parts.append(
                f'<rect x="{x:.1f}" y="{y + 3}" width="{w:.1f}" height="{row_h - 6}" '
                f'fill="{_PALETTE[i % len(_PALETTE)]}"><title>{_e(bot)}, {_e(VP_SOURCES[i])}: '
                f"{v:.1f} VP</title></rect>"
            )
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + row_h / 2 + 4:.1f}">{sum(values):.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


_NOTES = (
    "Win rates count a tie of k players as 1/k of a win for each. The 95% interval is the Wilson score "
    "interval: with this many games, the true rate lies in it 19 times out of 20. Two bots (or Masters, or "
    "tiles) whose intervals overlap widely are not shown to differ; play more games. The dashed tick is the "
    "fair rate, what the group would win if every player were equal (1/players). Seat rates far from fair "
    "mean seat bias: compare bots with --rotate. Masters and Objective tiles are not assigned at random to "
    "good and bad players: a Master played often by the winners may be strong, or may be one that strong "
    "play reaches; read them as leads, not proof."
)


def render_html(summary: Summary, title: str = "Newton simulation report") -> str:
    """A self-contained HTML page (inline CSS and SVG, no external assets) with the tables and charts."""
    s = summary
    sections = {title: (headers, rows) for title, headers, rows in _sections(s)}
    body: list[str] = [f"<h1>{_e(title)}</h1>"]
    facts = [("games", str(s.games)), *_describe(s)]
    facts.append(("mean game", f"{s.length.mean:.1f} decisions, {s.rounds:.1f} rounds"))
    body.append("<dl>" + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts) + "</dl>")
    body.append(f'<p class="note">{_e(_NOTES)}</p>')

    def section(name: str, chart: str = "") -> None:
        headers, rows = sections[name]
        body.append(f"<h2>{_e(name)}</h2>{chart}{_html_table(headers, rows)}")

    section("Win rate by bot", _svg_rates(s.by_bot))
    section("Win rate by seat", _svg_rates(s.by_seat))
    bins = histogram_bins(score for _, scores in s.score_lists for score in scores)
    histograms = "".join(
        f"<h3>{_e(name)}</h3>{_svg_histogram(scores, bins, _PALETTE[i % len(_PALETTE)])}"
        for i, (name, scores) in enumerate(s.score_lists)
    )
    section("Score distribution", histograms)
    section("Mean VP by source", _svg_sources(s.vp_by_source))
    section("Game length (decisions)")
    section("Win rate by Master held (played or not)", _svg_rates(s.by_master_held))
    section("Win rate by Master played", _svg_rates(s.by_master_played))
    section("Win rate by Objective tile occupied", _svg_rates(s.by_objective))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


# -- progress -------------------------------------------------------------------------------------------


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
