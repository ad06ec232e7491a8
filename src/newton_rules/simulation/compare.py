"""Two data packs played on the same seeds by the same bots, measure by measure: the paired difference
(after minus before) with its 95% interval, and whether it is significant (the interval leaves out 0).

Game ``g`` of one batch is paired with the game of the same seed in the other: both start from the same
seeds, so what differs between them is the pack (and what the pack changes in the deals), not the luck
of the draw, and the interval of a difference is narrower than the two intervals apart suggest. Every
measure is a ratio of sums over games (a mean VP, a win rate, a share); its interval is the jackknife
over the pairs of games (:func:`~newton_rules.simulation.measures.jackknife_interval`).

:func:`compare_batches` gives the :class:`Difference` rows; :mod:`newton_rules.simulation.compare_report`
renders them as text, JSON and an HTML page.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from newton_rules import Catalog
from newton_rules.simulation.measures import (
    MEASURES,
    BatchMeasure,
    DataMeasure,
    RatioMeasure,
    jackknife_interval,
    ratio,
)
from newton_rules.simulation.records import VP_SOURCES, Record

PerGame = Callable[[Record], tuple[float, float]]
MIN_HOLDERS = 20  # player-games holding an item, in each pack, before its win rate is compared

GROUPS = (
    "scores",
    "VP by source",
    "win rate by seat",
    "balance measures",
    "win rate by Master held",
    "win rate by card held",
    "win rate by tile held",
    "win rate by Objective occupied",
)


class PairingError(ValueError):
    """Two batches that are not the same games on two packs: other seeds, players or bots."""


@attrs.frozen(kw_only=True)
class Difference:
    """One measure on both packs: ``before``, ``after``, ``after - before`` and the 95% interval of the
    difference (None with fewer than 2 pairs of games); ``percent`` says the figures are shares."""

    group: str
    measure: str
    before: float
    after: float
    interval: tuple[float, float] | None
    percent: bool = False
    n: int = 0  # pairs of games; for an item held, the player-games holding it in both packs together

    @property
    def difference(self) -> float:
        return self.after - self.before

    @property
    def significant(self) -> bool:
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)

    def shows(self, value: float, signed: bool = False) -> str:
        text = f"{100 * value:.1f}" if self.percent else f"{value:.2f}"
        sign = "+" if signed and value > 0 else ""
        return f"{sign}{text}{' pp' if self.percent and signed else '%' if self.percent else ''}"

    def as_json(self) -> dict[str, Any]:
        return {
            "group": self.group,
            "measure": self.measure,
            "before": self.before,
            "after": self.after,
            "difference": self.difference,
            "interval": list(self.interval) if self.interval else None,
            "significant": self.significant,
            "percent": self.percent,
            "n": self.n,
        }


def paired(before: Sequence[Record], after: Sequence[Record]) -> list[tuple[Record, Record]]:
    """The games of the two batches paired by seed; a :class:`PairingError` when they are not the same
    seeds with the same players and bots."""
    by_seed = {r["seed"]: r for r in after}
    if len(by_seed) != len(after) or sorted(by_seed) != sorted(r["seed"] for r in before):
        raise PairingError("the two batches were not played on the same seeds")
    pairs = [(r, by_seed[r["seed"]]) for r in before]
    for a, b in pairs:
        if a["bots"] != b["bots"]:
            raise PairingError(f"seed {a['seed']}: bots {a['bots']} before, {b['bots']} after")
    return pairs


def _difference(
    group: str, name: str, per_game: PerGame, pairs: Sequence[tuple[Record, Record]], pct: bool
) -> Difference:
    old = [per_game(a) for a, _ in pairs]
    new = [per_game(b) for _, b in pairs]
    return Difference(
        group=group,
        measure=name,
        before=ratio(old),
        after=ratio(new),
        interval=jackknife_interval(new, paired=old),
        percent=pct,
        n=len(pairs),
    )


def _players_mean(value: Callable[[Mapping[str, Any]], float]) -> PerGame:
    return lambda r: (sum(value(p) for p in r["players"]), float(len(r["players"])))


def _seat_wins(seat: int) -> PerGame:
    return lambda r: (float(r["players"][seat]["win_share"]), 1.0)


def _source(source: str) -> Callable[[Mapping[str, Any]], float]:
    return lambda p: float(p["vp_by_source"].get(source, 0))


def _holders_wins(held: Callable[[Mapping[str, Any]], Sequence[str]], item: str) -> PerGame:
    def per_game(record: Record) -> tuple[float, float]:
        holders = [p for p in record["players"] if item in held(p)]
        return sum(p["win_share"] for p in holders), float(len(holders))

    return per_game


HELD: Mapping[str, Callable[[Mapping[str, Any]], Sequence[str]]] = {
    "win rate by Master held": lambda p: p["masters_held"],
    "win rate by card held": lambda p: p.get("cards", ()),
    "win rate by tile held": lambda p: p.get("tiles", ()),
    "win rate by Objective occupied": lambda p: p["objectives"],
}


def compare_batches(
    before: Sequence[Record], after: Sequence[Record], catalogs: tuple[Catalog, Catalog] | None = None
) -> list[Difference]:
    """Every measure on both batches, paired game by game (see the module's doc), in :data:`GROUPS` order;
    with the two packs' ``catalogs``, also the measures of a batch as a whole and of the packs alone
    (figures side by side, without an interval)."""
    pairs = paired(before, after)
    if not pairs:
        return []
    players = len(pairs[0][0]["players"])
    rows = [
        _difference("scores", "mean VP", _players_mean(lambda p: float(p["score"])), pairs, False),
        _difference("scores", "game length (decisions)", lambda r: (float(r["length"]), 1.0), pairs, False),
        *(_difference("VP by source", s, _players_mean(_source(s)), pairs, False) for s in VP_SOURCES),
    ]
    if players > 1:
        rows += [_difference("win rate by seat", f"seat {s}", _seat_wins(s), pairs, True) for s in range(players)]
    bots = {p["bot"] for a, _ in pairs for p in a["players"]}
    balance = [
        m
        for m in MEASURES.values()
        if isinstance(m, RatioMeasure)
        and m.name not in ("mean_vp", "game_length")  # in "scores" already
        and (m.name != "mcts_win_rate" or "mcts" in bots)
    ]
    rows += [_difference("balance measures", m.name, m.per_game, pairs, m.is_share) for m in balance]
    if catalogs is not None:
        rows += _whole_batch_rows(before, after, catalogs, players)
    for group, held in HELD.items():
        rows += _held_rows(group, held, pairs)
    return rows


def _whole_batch_rows(
    before: Sequence[Record], after: Sequence[Record], catalogs: tuple[Catalog, Catalog], players: int
) -> list[Difference]:
    """The balance measures of a batch as a whole (must-have items, the solo title; each where it means
    something) and of the pack alone (exchanges): two figures, no interval (no pairing gives one)."""
    rows = []
    for measure in MEASURES.values():
        if isinstance(measure, DataMeasure):
            old, new = measure.compute(catalogs[0])[0], measure.compute(catalogs[1])[0]
        elif isinstance(measure, BatchMeasure) and (measure.name == "solo_median_place") == (players == 1):
            old, new = measure.compute(before, catalogs[0])[0], measure.compute(after, catalogs[1])[0]
        else:
            continue
        rows.append(
            Difference(
                group="balance measures", measure=measure.name, before=old, after=new, interval=None, n=len(before)
            )
        )
    return rows


def _held_rows(
    group: str, held: Callable[[Mapping[str, Any]], Sequence[str]], pairs: Sequence[tuple[Record, Record]]
) -> list[Difference]:
    """The win rate of the holders of each item held often enough in both packs (:data:`MIN_HOLDERS`)."""
    counts: list[dict[str, int]] = [{}, {}]
    for pair in pairs:
        for side, record in enumerate(pair):
            for p in record["players"]:
                for item in set(held(p)):
                    counts[side][item] = counts[side].get(item, 0) + 1
    items = sorted(i for i in counts[0] if counts[0][i] >= MIN_HOLDERS and counts[1].get(i, 0) >= MIN_HOLDERS)
    rows = []
    for item in items:
        row = _difference(group, item, _holders_wins(held, item), pairs, True)
        rows.append(attrs.evolve(row, n=counts[0][item] + counts[1][item]))
    return rows


__all__ = ["GROUPS", "HELD", "MIN_HOLDERS", "Difference", "PairingError", "compare_batches", "paired"]
