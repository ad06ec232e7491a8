"""Balance targets as data: a JSON or TOML file of named targets over the balance measures, and the
table of a batch's figures against them (``newton-rules balance --targets FILE``).

A targets file holds a list ``targets``; each target names a measure of
:data:`~newton_rules.simulation.measures.MEASURES`, the batches it is measured on (each on its own, or
``pool``-ed into one), and its bounds: ``at_least``, ``at_most``, or ``more_than_batch`` (the same
measure on another batch); a target without a bound is a figure to read. The reference data ships its
own file, ``newton_rules/data/balance_targets.json``; docs/designers.md shows how to write one.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from newton_rules import Catalog
from newton_rules.simulation.balance import BATCHES, Batches, TargetRow
from newton_rules.simulation.measures import MEASURES, DataMeasure, Interval, RatioMeasure
from newton_rules.simulation.records import Record

REFERENCE_TARGETS = "balance_targets.json"  # in newton_rules/data, and what ``data export`` writes beside a pack
_FIELDS = ("name", "measure", "batches", "pool", "at_least", "at_most", "more_than_batch")


class TargetsError(ValueError):
    """A targets file that cannot be read or does not say what it must; the message names the file, the
    target and the field."""


@attrs.frozen(kw_only=True)
class Target:
    """A named target: ``measure`` on each of ``batches`` (or on them pooled) within its bounds."""

    name: str
    measure: str
    batches: tuple[str, ...] = ()
    pool: bool = False
    at_least: float | None = None
    at_most: float | None = None
    more_than_batch: str | None = None

    @property
    def is_figure(self) -> bool:
        """A figure to read, not a target: no bound."""
        return self.at_least is None and self.at_most is None and self.more_than_batch is None

    def holds(self, value: float) -> bool:
        return (self.at_least is None or value >= self.at_least) and (self.at_most is None or value <= self.at_most)


def reference_targets_text() -> str:
    """The reference data's targets file, as shipped."""
    return resources.files("newton_rules.data").joinpath(REFERENCE_TARGETS).read_text(encoding="utf-8")


def reference_targets() -> tuple[Target, ...]:
    return parse_targets(json.loads(reference_targets_text()), REFERENCE_TARGETS)


def load_targets(path: Path) -> tuple[Target, ...]:
    """The targets of a ``.json`` or ``.toml`` file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TargetsError(f"{path}: cannot be read ({exc})") from exc
    try:
        raw = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except json.JSONDecodeError as exc:
        raise TargetsError(f"{path}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise TargetsError(f"{path}: invalid TOML: {exc}") from exc
    return parse_targets(raw, str(path))


def parse_targets(raw: Any, source: str) -> tuple[Target, ...]:
    """The targets of a parsed file; a :class:`TargetsError` names the first problem's target and field."""
    if not isinstance(raw, dict) or not isinstance(raw.get("targets"), list):
        raise TargetsError(f"{source}: expected an object with a list 'targets'")
    unknown = sorted(set(raw) - {"targets", "about"})
    if unknown:
        raise TargetsError(f"{source}: unknown top-level field(s) {', '.join(unknown)} (known: about, targets)")
    targets = tuple(_target(entry, f"{source}: targets[{index}]") for index, entry in enumerate(raw["targets"]))
    names = [t.name for t in targets]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TargetsError(f"{source}: target name(s) given twice: {', '.join(map(repr, twice))}")
    return targets


def _target(entry: Any, where: str) -> Target:
    if not isinstance(entry, dict):
        raise TargetsError(f"{where}: expected an object, got {entry!r}")
    if isinstance(entry.get("name"), str):
        where += f" ({entry['name']!r})"
    unknown = sorted(set(entry) - set(_FIELDS))
    if unknown:
        raise TargetsError(f"{where}: unknown field(s) {', '.join(unknown)} (known: {', '.join(_FIELDS)})")
    for key in ("name", "measure"):
        if not isinstance(entry.get(key), str) or not entry[key]:
            raise TargetsError(f"{where}.{key}: required, a non-empty string")
    measure = MEASURES.get(entry["measure"])
    if measure is None:
        raise TargetsError(f"{where}.measure: unknown measure {entry['measure']!r} (known: {', '.join(MEASURES)})")
    batches = entry.get("batches", [])
    if not isinstance(batches, list) or any(b not in BATCHES for b in batches):
        raise TargetsError(f"{where}.batches: expected a list of batch names from {', '.join(BATCHES)}")
    if isinstance(measure, DataMeasure) == bool(batches):
        needs = "reads the pack alone: give no batches" if batches else "is measured on games: give its batches"
        raise TargetsError(f"{where}.batches: measure {measure.name!r} {needs}")
    bounds = {key: entry.get(key) for key in ("at_least", "at_most")}
    for key, bound in bounds.items():
        if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int | float)):
            raise TargetsError(f"{where}.{key}: expected a number, got {bound!r}")
    other = entry.get("more_than_batch")
    if other is not None and other not in BATCHES:
        raise TargetsError(f"{where}.more_than_batch: expected a batch name from {', '.join(BATCHES)}")
    if not isinstance(entry.get("pool", False), bool):
        raise TargetsError(f"{where}.pool: expected true or false")
    return Target(
        name=entry["name"],
        measure=entry["measure"],
        batches=tuple(batches),
        pool=entry.get("pool", False),
        at_least=bounds["at_least"],
        at_most=bounds["at_most"],
        more_than_batch=other,
    )


# ------------------------------------------------------------------------------ the table


def batch_records(batches: Batches) -> dict[str, Sequence[Record]]:
    """The records of :class:`Batches` by batch name (the names of :data:`BATCHES`)."""
    named: dict[str, Sequence[Record]] = {f"greedy-{n}p": rs for n, rs in batches.greedy.items()}
    named.update({"mcts-2p": batches.mcts, "mcts-vs-greedy-2p": batches.mcts_vs_greedy, "mcts-1p": batches.mcts_solo})
    return {name: records for name, records in named.items() if records}


def pooled_label(names: Sequence[str]) -> str:
    """``greedy 2-4p`` for the GreedyBot batches at 2, 3 and 4 players; the names joined otherwise."""
    if names and all(n.startswith("greedy-") for n in names):
        counts = sorted(int(n[len("greedy-") : -1]) for n in names)
        return f"greedy {counts[0]}-{counts[-1]}p" if len(counts) > 1 else f"greedy {counts[0]}p"
    return " + ".join(n.replace("-", " ") for n in names)


def balance_rows(
    batches: Batches, catalog: Catalog, targets: Sequence[Target] | None = None, intervals: bool = False
) -> list[TargetRow]:
    """One row per target and batch played (the reference targets when ``targets`` is None): the figure,
    and whether the target is met. With ``intervals``, a figure with a 95% interval shows it, and a
    target is met or missed for sure only when the whole interval is (``TargetRow.sure``); a figure of a
    batch as a whole, which has no interval, is never sure then (the pack's own figures always are)."""
    records = batch_records(batches)
    rows: list[TargetRow] = []
    for target in reference_targets() if targets is None else targets:
        measure = MEASURES[target.measure]
        if isinstance(measure, DataMeasure):
            value, words = measure.compute(catalog)
            rows.append(TargetRow(target.name, "data", words, None if target.is_figure else target.holds(value)))
            continue
        played = [name for name in target.batches if name in records]
        if not played:
            continue
        if target.pool:
            groups = [(pooled_label(played), [r for name in played for r in records[name]])]
        else:
            groups = [(name.replace("-", " "), list(records[name])) for name in played]
        rows += [_row(target, label, games, records, catalog, intervals) for label, games in groups]
    return rows


def _row(
    target: Target,
    label: str,
    games: Sequence[Record],
    records: Mapping[str, Sequence[Record]],
    catalog: Catalog,
    intervals: bool,
) -> TargetRow:
    measure = MEASURES[target.measure]
    interval: Interval | None = None
    if isinstance(measure, RatioMeasure):
        value = measure.value(games)
        interval = measure.interval(games) if intervals else None
        words = measure.shows(value)
        if interval is not None:
            words += f" ({measure.shows(interval[0])} to {measure.shows(interval[1])})"
    else:
        assert not isinstance(measure, DataMeasure)  # the caller measures the pack's own figures
        value, words = measure.compute(games, catalog)
    if target.is_figure:
        return TargetRow(target.name, label, words, None)
    if target.more_than_batch is not None:
        other = records.get(target.more_than_batch, ())
        if not other:  # nothing to compare with: the figure alone
            return TargetRow(target.name, label, words, None)
        return TargetRow(target.name, label, words, value > _value_of(measure, other, catalog), not intervals)
    met = target.holds(value)
    # With intervals a verdict stands only where an interval bears it out: a figure of the batch as a
    # whole (a median, the items flagged) has none, and on few games it is as uncertain as the others.
    sure = not intervals or (interval is not None and _sure(target, interval, met))
    return TargetRow(target.name, label, words, met, sure)


def _sure(target: Target, interval: Interval, met: bool) -> bool:
    """Whether the whole interval says what its figure says: inside the bounds, or wholly outside them."""
    low, high = interval
    if met:
        return target.holds(low) and target.holds(high)
    below = target.at_least is not None and high < target.at_least
    above = target.at_most is not None and low > target.at_most
    return below or above


def _value_of(measure: Any, records: Sequence[Record], catalog: Catalog) -> float:
    if isinstance(measure, RatioMeasure):
        return measure.value(records)
    value: float = measure.compute(records, catalog)[0]
    return value


def missed(rows: Sequence[TargetRow]) -> list[TargetRow]:
    """The rows of targets missed (for sure, when the rows show intervals)."""
    return [row for row in rows if row.met is False and row.sure]


__all__ = [
    "REFERENCE_TARGETS",
    "Target",
    "TargetsError",
    "balance_rows",
    "batch_records",
    "load_targets",
    "missed",
    "parse_targets",
    "pooled_label",
    "reference_targets",
    "reference_targets_text",
]
