"""Statistics of a batch: Wilson intervals, distributions, and the :class:`Summary` of many records."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from newton_rules.simulation.options import options_text
from newton_rules.simulation.records import VP_SOURCES

Z95 = 1.959963984540054  # the standard normal quantile of 97.5%: a two-sided 95% interval


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
    # bot -> (players with the Great Discoveries, mean tiles taken, activated, VP they gave); empty without
    discoveries: tuple[tuple[str, int, float, float, float], ...] = ()

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
    discoveries: dict[str, list[int]] = {}  # bot -> [players, taken, activated, VP]
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
            found = p.get("great_discoveries")
            if found is not None:
                tally = discoveries.setdefault(p["bot"], [0, 0, 0, 0])
                for i, n in enumerate((1, len(found["taken"]), len(found["activated"]), found["vp"])):
                    tally[i] += n
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
        discoveries=tuple(
            (name, n, taken / n, activated / n, vp / n)
            for name, (n, taken, activated, vp) in sorted(discoveries.items())
        ),
    )
