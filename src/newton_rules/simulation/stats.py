"""Statistics of a batch: Wilson intervals, distributions, and the :class:`Summary` of many records."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from newton_rules.simulation.options import options_text
from newton_rules.simulation.records import VP_SOURCES
from rules_core.simulation.stats import (
    Z95,
    Distribution,
    GroupStat,
    Tally,
    count_into,
    distribution,
    ranked,
    wilson,
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
class _Fold:
    """The running totals of :func:`summarize`: per game, per player of each game."""

    games: int = 0
    seeds: list[int] = attrs.Factory(list)
    counts: set[int] = attrs.Factory(set)
    lineups: dict[str, int] = attrs.Factory(dict)
    options: dict[str, int] = attrs.Factory(dict)
    data: dict[str, int] = attrs.Factory(dict)
    ranks: dict[str, int] = attrs.Factory(dict)
    seat: dict[tuple[int, int], Tally] = attrs.Factory(dict)
    bot: dict[str, Tally] = attrs.Factory(dict)
    held: dict[str, Tally] = attrs.Factory(dict)
    played: dict[str, Tally] = attrs.Factory(dict)
    objective: dict[str, Tally] = attrs.Factory(dict)
    scores: dict[str, list[int]] = attrs.Factory(dict)
    sources: dict[str, list[float]] = attrs.Factory(dict)
    discoveries: dict[str, list[int]] = attrs.Factory(dict)  # bot -> [players, taken, activated, VP]
    lengths: list[int] = attrs.Factory(list)
    rounds: list[int] = attrs.Factory(list)

    def add_game(self, record: Mapping[str, Any]) -> None:
        self.games += 1
        players = len(record["scores"])
        self.counts.add(players)
        self.seeds.append(record["seed"])
        self.lengths.append(record["length"])
        self.rounds.append(record["rounds"])
        count_into(self.lineups, ",".join(record["bots"]))
        count_into(self.options, options_text(record["config"].get("options", {})))
        count_into(self.data, record.get("data") or "reference data")
        if "rank" in record:
            count_into(self.ranks, record["rank"])
        winners = record["winners"]
        for p in record["players"]:
            share = 1 / len(winners) if p["seat"] in winners else 0.0
            self.add_player(p, players, share)

    def add_player(self, p: Mapping[str, Any], players: int, share: float) -> None:
        """One player of a game of ``players`` who won ``share`` of it."""
        score = p["score"]
        self.seat.setdefault((players, p["seat"]), Tally()).add(share, players, score)
        self.bot.setdefault(p["bot"], Tally()).add(share, players, score)
        for master in p["masters_held"]:
            self.held.setdefault(master, Tally()).add(share, players, score)
        for master in p["masters_played"]:
            self.played.setdefault(master, Tally()).add(share, players, score)
        for tile in p["objectives"]:
            self.objective.setdefault(tile, Tally()).add(share, players, score)
        self.scores.setdefault(p["bot"], []).append(score)
        found = p.get("great_discoveries")
        if found is not None:
            tally = self.discoveries.setdefault(p["bot"], [0, 0, 0, 0])
            for i, n in enumerate((1, len(found["taken"]), len(found["activated"]), found["vp"])):
                tally[i] += n
        totals = self.sources.setdefault(p["bot"], [0.0] * len(VP_SOURCES))
        for i, name in enumerate(VP_SOURCES):
            totals[i] += p["vp_by_source"].get(name, 0)

    def summary(self) -> Summary:
        mixed = len(self.counts) > 1

        def seat_label(key: tuple[int, int]) -> str:
            return f"{key[0]}p seat {key[1]}" if mixed else f"seat {key[1]}"

        bots = sorted(self.bot)
        scores = self.scores
        return Summary(
            games=self.games,
            player_counts=tuple(sorted(self.counts)),
            seeds=(min(self.seeds), max(self.seeds)),
            lineups=tuple(sorted(self.lineups.items())),
            options=tuple(sorted(self.options.items())),
            data=tuple(sorted(self.data.items())),
            by_seat=tuple(self.seat[key].stat(seat_label(key)) for key in sorted(self.seat)),
            by_bot=tuple(self.bot[name].stat(name) for name in bots),
            by_master_held=ranked(self.held),
            by_master_played=ranked(self.played),
            by_objective=ranked(self.objective),
            scores=distribution(s for name in bots for s in scores[name]),
            scores_by_bot=tuple((name, distribution(scores[name])) for name in bots),
            score_lists=tuple((name, tuple(sorted(scores[name]))) for name in bots),
            vp_by_source=tuple((name, tuple(t / self.bot[name].n for t in self.sources[name])) for name in bots),
            length=distribution(self.lengths),
            rounds=statistics.fmean(self.rounds),
            ranks=tuple(sorted(self.ranks.items())),
            discoveries=tuple(
                (name, n, taken / n, activated / n, vp / n)
                for name, (n, taken, activated, vp) in sorted(self.discoveries.items())
            ),
        )


def summarize(records: Iterable[Mapping[str, Any]]) -> Summary:
    """Fold the records of one or more batches (read once, so a generator is fine)."""
    fold = _Fold()
    for record in records:
        fold.add_game(record)
    if not fold.games:
        raise ValueError("no games to summarize")
    return fold.summary()


# The game-agnostic statistics are the core's (rules_core.simulation.stats); Newton's summary re-exports them.
__all__ = ["Z95", "Distribution", "GroupStat", "Summary", "distribution", "summarize", "wilson"]
