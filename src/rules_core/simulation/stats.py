"""Statistics of a batch of any game: Wilson intervals, distributions, and the :class:`Summary` of records.

The records are those of :mod:`rules_core.simulation.records` (plain JSON); the summary reads nothing a
game did not declare (:class:`~rules_core.simulation.declaration.Simulated`): its VP sources, its players'
traits (an astronomer, a faction) and which seats the rules play.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

Z95 = 1.959963984540054  # the standard normal quantile of 97.5%: a two-sided 95% interval
OTHER_SOURCE = "other"
"""Where VP from a source the game did not declare are counted (so no VP is ever lost from a table)."""


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


@attrs.define
class Tally:
    """The running totals of one group of player-games (see :class:`GroupStat`)."""

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


def ranked(tallies: Mapping[str, Tally]) -> tuple[GroupStat, ...]:
    """The groups' statistics, the best win rate first (then the best mean score, then by name)."""
    stats = [t.stat(label) for label, t in tallies.items()]
    return tuple(sorted(stats, key=lambda g: (-g.rate, -g.mean_score, g.label)))


def count_into(counts: dict[str, int], key: str) -> None:
    counts[key] = counts.get(key, 0) + 1


@attrs.frozen
class Summary:
    """What a batch of games of one game says; built by :func:`summarize`, shown by
    :func:`rules_core.simulation.reports.render_text` and ``render_html``.

    ``vp_sources`` are the game's declared sources (and ``other`` when VP came from an undeclared one);
    ``vp_by_source`` holds, per bot, the mean VP of each; ``winners_vp`` the mean VP of each source of the
    winning player-games (a shared victory counts each winner). ``by_trait``: per trait the game declares
    (``astronomer``), the win rate of each value. ``seconds``: the batch's wall time, when it was timed."""

    game: str
    games: int
    player_counts: tuple[int, ...]
    seeds: tuple[int, int]  # lowest and highest
    lineups: tuple[tuple[str, int], ...]  # "bot,bot,..." per seat -> games
    options: tuple[tuple[str, int], ...]  # options text -> games
    by_seat: tuple[GroupStat, ...]  # "seat 0" (or "3p seat 0" when player counts are mixed)
    by_bot: tuple[GroupStat, ...]
    by_trait: tuple[tuple[str, tuple[GroupStat, ...]], ...]
    scores: Distribution
    scores_by_bot: tuple[tuple[str, Distribution], ...]
    score_lists: tuple[tuple[str, tuple[int, ...]], ...]  # bot -> every final score (for histograms)
    vp_sources: tuple[str, ...]
    vp_by_source: tuple[tuple[str, tuple[float, ...]], ...]  # bot -> mean VP per source
    winners_vp: tuple[float, ...]  # the winners' mean VP per source
    length: Distribution  # decisions per game
    seconds: float | None = None

    @property
    def games_per_second(self) -> float | None:
        return self.games / self.seconds if self.seconds else None


def options_label(options: Mapping[str, Any]) -> str:
    """``NAME=VALUE`` of each option of a record (JSON values), or ``default`` when there are none."""
    return " ".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"


@attrs.define
class _Fold:
    """The running totals of :func:`summarize`: per game, per player of each game."""

    sources: tuple[str, ...]
    games: int = 0
    game: set[str] = attrs.Factory(set)
    seeds: list[int] = attrs.Factory(list)
    counts: set[int] = attrs.Factory(set)
    lineups: dict[str, int] = attrs.Factory(dict)
    options: dict[str, int] = attrs.Factory(dict)
    seat: dict[tuple[int, int], Tally] = attrs.Factory(dict)
    bot: dict[str, Tally] = attrs.Factory(dict)
    traits: dict[str, dict[str, Tally]] = attrs.Factory(dict)
    scores: dict[str, list[int]] = attrs.Factory(dict)
    vp: dict[str, list[float]] = attrs.Factory(dict)  # bot -> VP per source (the declared ones, then other)
    winners_vp: list[float] = attrs.Factory(list)
    winners: int = 0
    lengths: list[int] = attrs.Factory(list)

    def add_game(self, record: Mapping[str, Any]) -> None:
        self.games += 1
        self.game.add(record["game"])
        players = record["config"]["players"]
        self.counts.add(players)
        self.seeds.append(record["seed"])
        self.lengths.append(record["length"])
        count_into(self.lineups, ",".join(record["bots"]))
        count_into(self.options, options_label(record["config"].get("options", {})))
        for player in record["players"]:
            self.add_player(player, players, len(record["scores"]))

    def add_player(self, player: Mapping[str, Any], players: int, seats: int) -> None:
        """One player of a game of ``players`` (the config's count) at ``seats`` seats (the seats the rules
        play, such as a solo opponent's, included: a fair rate is 1/seats)."""
        share, score, bot = player["win_share"], player["score"], player["bot"]
        self.seat.setdefault((players, player["seat"]), Tally()).add(share, seats, score)
        self.bot.setdefault(bot, Tally()).add(share, seats, score)
        for trait, value in player.get("traits", {}).items():
            self.traits.setdefault(trait, {}).setdefault(value, Tally()).add(share, seats, score)
        self.scores.setdefault(bot, []).append(score)
        vp = self.source_values(player["vp_by_source"])
        totals = self.vp.setdefault(bot, [0.0] * len(vp))
        for i, value in enumerate(vp):
            totals[i] += value
        if share > 0:
            self.winners += 1
            self.winners_vp = [a + b for a, b in zip(self.winners_vp or [0.0] * len(vp), vp, strict=True)]

    def source_values(self, by_source: Mapping[str, int]) -> list[float]:
        """The VP of each declared source, then of every undeclared one together (``other``)."""
        declared = [float(by_source.get(name, 0)) for name in self.sources]
        return [*declared, float(sum(v for k, v in by_source.items() if k not in self.sources))]

    def summary(self, seconds: float | None) -> Summary:
        mixed = len(self.counts) > 1

        def seat_label(key: tuple[int, int]) -> str:
            return f"{key[0]}p seat {key[1]}" if mixed else f"seat {key[1]}"

        bots = sorted(self.bot)
        keep = [i for i in range(len(self.sources) + 1) if i < len(self.sources) or self._any_other()]
        means = {name: [self.vp[name][i] / self.bot[name].n for i in keep] for name in bots}
        return Summary(
            game=", ".join(sorted(self.game)),
            games=self.games,
            player_counts=tuple(sorted(self.counts)),
            seeds=(min(self.seeds), max(self.seeds)),
            lineups=tuple(sorted(self.lineups.items())),
            options=tuple(sorted(self.options.items())),
            by_seat=tuple(self.seat[key].stat(seat_label(key)) for key in sorted(self.seat)),
            by_bot=tuple(self.bot[name].stat(name) for name in bots),
            by_trait=tuple((trait, ranked(self.traits[trait])) for trait in sorted(self.traits)),
            scores=distribution(s for name in bots for s in self.scores[name]),
            scores_by_bot=tuple((name, distribution(self.scores[name])) for name in bots),
            score_lists=tuple((name, tuple(sorted(self.scores[name]))) for name in bots),
            vp_sources=tuple([*self.sources, OTHER_SOURCE][i] for i in keep),
            vp_by_source=tuple((name, tuple(means[name])) for name in bots),
            winners_vp=tuple(self.winners_vp[i] / self.winners for i in keep) if self.winners else (),
            length=distribution(self.lengths),
            seconds=seconds,
        )

    def _any_other(self) -> bool:
        return any(totals[-1] for totals in self.vp.values())


def summarize(records: Iterable[Mapping[str, Any]], sources: Sequence[str], seconds: float | None = None) -> Summary:
    """Fold the records of one or more batches (read once, so a generator is fine), the VP counted by the
    game's declared ``sources`` (:attr:`Simulated.vp_sources`); ``seconds``: the batch's wall time, if timed.
    Raises ValueError when there is no record."""
    fold = _Fold(tuple(sources))
    for record in records:
        fold.add_game(record)
    if not fold.games:
        raise ValueError("no games to summarize")
    return fold.summary(seconds)


__all__ = [
    "OTHER_SOURCE",
    "Z95",
    "Distribution",
    "GroupStat",
    "Summary",
    "Tally",
    "count_into",
    "distribution",
    "options_label",
    "ranked",
    "summarize",
    "wilson",
]
