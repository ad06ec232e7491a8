"""The balance measures by name: what a targets file (:mod:`newton_rules.simulation.targets`) and a
comparison of two packs (:mod:`newton_rules.simulation.compare`) measure on batches of game records.

Three kinds, by what they read:

- a :class:`RatioMeasure` is a sum over the games divided by another (the Special Effects' share of all
  VP, the winners' mean VP, ...): it has a 95% interval (the jackknife over games, which treats the
  players of one game as one draw) and, on two packs played on the same seeds, a paired difference;
- a :class:`BatchMeasure` reads a batch as a whole (must-have items, the solo median title);
- a :class:`DataMeasure` reads the pack alone (exchange loops), no game played.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from newton_rules import Catalog
from newton_rules.simulation.balance import (
    exchange_loops,
    exchange_rates,
    must_haves,
    solo_median_rank,
    strongest_holders,
)
from newton_rules.simulation.records import Record
from newton_rules.simulation.stats import Z95

ALICE_VP = 84  # the rulebook's worked final score (p.11)

Interval = tuple[float, float]


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _decimals(places: int) -> Callable[[float], str]:
    return lambda x: f"{x:.{places}f}"


@attrs.frozen
class RatioMeasure:
    """Σ numerator / Σ denominator over the games; ``per_game`` gives a game's (numerator, denominator)."""

    name: str
    about: str
    per_game: Callable[[Record], tuple[float, float]]
    shows: Callable[[float], str]

    @property
    def is_share(self) -> bool:
        return self.shows is percent

    def value(self, records: Sequence[Record]) -> float:
        return ratio([self.per_game(r) for r in records])

    def interval(self, records: Sequence[Record]) -> Interval | None:
        """The 95% jackknife interval over games (None with fewer than 2 games); a share's kept within
        0-100% (the normal approximation reaches past them on few games)."""
        found = jackknife_interval([self.per_game(r) for r in records])
        if found is None or not self.is_share:
            return found
        return max(found[0], 0.0), min(found[1], 1.0)


@attrs.frozen
class BatchMeasure:
    """A figure of a batch as a whole: ``compute(records, catalog)`` gives (value, its words)."""

    name: str
    about: str
    compute: Callable[[Sequence[Record], Catalog], tuple[float, str]]


@attrs.frozen
class DataMeasure:
    """A figure of the pack alone: ``compute(catalog)`` gives (value, its words)."""

    name: str
    about: str
    compute: Callable[[Catalog], tuple[float, str]]


Measure = RatioMeasure | BatchMeasure | DataMeasure


def ratio(pairs: Sequence[tuple[float, float]]) -> float:
    denominator = sum(d for _, d in pairs)
    return sum(n for n, _ in pairs) / denominator if denominator else 0.0


def jackknife_interval(
    pairs: Sequence[tuple[float, float]], paired: Sequence[tuple[float, float]] = ()
) -> Interval | None:
    """The 95% interval of Σn/Σd (minus the same ratio of ``paired``, game for game, when given) by the
    jackknife: each game left out in turn, the spread of the estimates gives the standard error."""
    n = len(pairs)
    if n < 2 or (paired and len(paired) != n):
        return None
    num, den = sum(p[0] for p in pairs), sum(p[1] for p in pairs)
    pnum, pden = sum(p[0] for p in paired), sum(p[1] for p in paired)

    def estimate(leave: int | None) -> float:
        a_num = num - (pairs[leave][0] if leave is not None else 0.0)
        a_den = den - (pairs[leave][1] if leave is not None else 0.0)
        value = a_num / a_den if a_den else 0.0
        if paired:
            b_num = pnum - (paired[leave][0] if leave is not None else 0.0)
            b_den = pden - (paired[leave][1] if leave is not None else 0.0)
            value -= b_num / b_den if b_den else 0.0
        return value

    whole = estimate(None)
    leave_outs = [estimate(i) for i in range(n)]
    mean = sum(leave_outs) / n
    error = math.sqrt((n - 1) / n * sum((x - mean) ** 2 for x in leave_outs))
    quantile = student_t95(n - 1)
    return whole - quantile * error, whole + quantile * error


def student_t95(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a two-sided 95% interval): the
    normal quantile corrected for few games (the Cornish-Fisher expansion, within 1% from df = 3; exact
    values below), so that an interval on 5 games is not as narrow as one on 500."""
    exact = {1: 12.706, 2: 4.303, 3: 3.182}
    if df in exact:
        return exact[df]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


# ------------------------------------------------------------------------------ per-game ratios


def _winners(record: Record) -> list[Mapping[str, Any]]:
    return [p for p in record["players"] if p["win_share"] > 0]


def _share_of(sources: Sequence[str], winners_only: bool) -> Callable[[Record], tuple[float, float]]:
    def per_game(record: Record) -> tuple[float, float]:
        players = _winners(record) if winners_only else record["players"]
        part = sum(p["vp_by_source"].get(s, 0) for p in players for s in sources)
        return float(part), float(sum(p["score"] for p in players))

    return per_game


def _winners_mean(measure: Callable[[Mapping[str, Any]], float]) -> Callable[[Record], tuple[float, float]]:
    def per_game(record: Record) -> tuple[float, float]:
        winners = _winners(record)
        return sum(measure(p) for p in winners), float(len(winners))

    return per_game


def _players_mean(measure: Callable[[Mapping[str, Any]], float]) -> Callable[[Record], tuple[float, float]]:
    return lambda record: (sum(measure(p) for p in record["players"]), float(len(record["players"])))


def _bot_win_rate(bot: str) -> Callable[[Record], tuple[float, float]]:
    return lambda record: (sum(p["win_share"] for p in record["players"] if p["bot"] == bot), 1.0)


def _per_game(measure: Callable[[Record], float]) -> Callable[[Record], tuple[float, float]]:
    return lambda record: (measure(record), 1.0)


# ------------------------------------------------------------------------------ whole-batch figures


def _must_have_items(records: Sequence[Record], _: Catalog) -> tuple[float, str]:
    flagged = must_haves(records)
    words = "; ".join(f"{i} {percent(r)} (fair {percent(f)}, n={n})" for i, r, _, f, n in flagged[:3])
    return float(len(flagged)), words or "none"


def _strongest_holders(records: Sequence[Record], _: Catalog) -> tuple[float, str]:
    item, rate, fair, n = strongest_holders(records)
    return (rate / fair if fair else 0.0), f"{item} {percent(rate)} (fair {percent(fair)}, n={n})"


def _solo_median_place(records: Sequence[Record], catalog: Catalog) -> tuple[float, str]:
    place, title = solo_median_rank(records, catalog)
    return float(place), f"{title} (place {place})"


def _exchange_loops(catalog: Catalog) -> tuple[float, str]:
    loops = exchange_loops(catalog)
    return float(len(loops)), "; ".join(loops) or "none"


def _best_exchange_rate(catalog: Catalog) -> tuple[float, str]:
    card, rate = max(exchange_rates(catalog), key=lambda r: r[1], default=("-", 0.0))
    return rate, f"{rate:.2f} ({card})"


MEASURES: Mapping[str, Measure] = {
    m.name: m
    for m in (
        RatioMeasure(
            "special_effects_share",
            "share of all VP (every player) from Action-card Special Effects",
            _share_of(("special effects",), winners_only=False),
            percent,
        ),
        RatioMeasure(
            "winners_objectives_masters_share",
            "share of the winners' VP from Objective tiles and Masters",
            _share_of(("objectives", "masters"), winners_only=True),
            percent,
        ),
        RatioMeasure(
            "winners_objectives",
            "Objective tiles the winners occupied, on average",
            _winners_mean(lambda p: float(len(p["objectives"]))),
            _decimals(2),
        ),
        RatioMeasure(
            "winners_masters_played",
            "Masters the winners played, on average",
            _winners_mean(lambda p: float(len(p["masters_played"]))),
            _decimals(2),
        ),
        RatioMeasure(
            "winners_cubes",
            "cubes the winners placed on the Map, on average",
            _winners_mean(lambda p: float(p["cubes"])),
            _decimals(2),
        ),
        RatioMeasure("winners_vp", "the winners' mean VP", _winners_mean(lambda p: float(p["score"])), _decimals(1)),
        RatioMeasure(
            "winners_below_alice",
            f"share of the winners scoring below Alice's {ALICE_VP} VP (the rulebook's worked score)",
            _winners_mean(lambda p: float(p["score"] < ALICE_VP)),
            percent,
        ),
        RatioMeasure("mean_vp", "mean VP of all players", _players_mean(lambda p: float(p["score"])), _decimals(1)),
        RatioMeasure("game_length", "decisions per game", _per_game(lambda r: float(r["length"])), _decimals(1)),
        RatioMeasure("mcts_win_rate", "share of the games MCTSBot wins (ties shared)", _bot_win_rate("mcts"), percent),
        BatchMeasure(
            "must_have_items",
            "cards, Masters and tiles whose holders win over twice the fair rate, with a 95% interval above it",
            _must_have_items,
        ),
        BatchMeasure(
            "strongest_holders",
            "the item whose holders win the most, as a multiple of the fair rate (n >= 30)",
            _strongest_holders,
        ),
        BatchMeasure(
            "solo_median_place", "the solo median title's place in the table (1 = lowest)", _solo_median_place
        ),
        DataMeasure("exchange_loops", "exchanges that buy back more than they cost (a count)", _exchange_loops),
        DataMeasure(
            "best_exchange_rate",
            "the best VP per coin of an exchange (a Potion at its Quick Action price)",
            _best_exchange_rate,
        ),
    )
}


__all__ = [
    "ALICE_VP",
    "MEASURES",
    "BatchMeasure",
    "DataMeasure",
    "Interval",
    "Measure",
    "RatioMeasure",
    "jackknife_interval",
    "percent",
    "ratio",
    "student_t95",
]
