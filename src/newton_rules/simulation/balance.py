"""Does the data play like the rulebook's game? The balance batches, the measures of their records
(records of :mod:`newton_rules.simulation.records`) and of the catalog itself, and the table of targets.

The targets are data (:mod:`newton_rules.simulation.targets`, ``newton_rules/data/balance_targets.json``);
its ``balance_rows`` folds the batches into one :class:`TargetRow` per target and batch (figure, met or
not); :func:`render_balance` prints them as a table. ``scripts/balance.py`` plays the batches and prints
the table; ``docs/data.md`` explains the targets and gives the figures. :data:`BATCHES` names the batches
(``greedy-2p``, ``mcts-vs-greedy-2p``, ...), :func:`batch_plan` says who plays each and
:func:`gather_batches` folds played batches into :class:`Batches`; ``newton-rules balance`` plays them.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

import newton_rules as nr
from newton_rules.simulation.batch import run_games
from newton_rules.simulation.records import Record
from newton_rules.simulation.stats import wilson


@attrs.frozen
class Batches:
    """The games the targets are measured on: GreedyBot self-play by player count (1 = solo), MCTSBot
    self-play (2 players), MCTSBot against GreedyBot (2 players, seats rotated) and MCTSBot solo."""

    greedy: Mapping[int, Sequence[Record]]
    mcts: Sequence[Record] = ()
    mcts_vs_greedy: Sequence[Record] = ()
    mcts_solo: Sequence[Record] = ()


BATCHES = ("greedy-1p", "greedy-2p", "greedy-3p", "greedy-4p", "mcts-2p", "mcts-vs-greedy-2p", "mcts-1p")


@attrs.frozen
class BatchPlan:
    """Who plays a named batch: the player count, the bot per seat, whether seats rotate, whether MCTS."""

    name: str
    players: int
    bots: tuple[str, ...]
    rotate: bool

    @property
    def mcts(self) -> bool:
        return "mcts" in self.bots


def batch_plan(name: str) -> BatchPlan:
    """The plan of the batch ``name``, one of :data:`BATCHES`."""
    if name not in BATCHES:
        raise ValueError(f"unknown balance batch {name!r}; expected one of {', '.join(BATCHES)}")
    bot, _, rest = name.partition("-")
    against_greedy = rest.startswith("vs-")
    return BatchPlan(
        name=name,
        players=int(rest[-2]),
        bots=(bot, "greedy") if against_greedy else (bot,),
        rotate=against_greedy,
    )


def play_batch(
    plan: BatchPlan,
    games: int,
    seed: int,
    *,
    data: str | Path | None = None,
    workers: int = 1,
    mcts_iterations: int | None = None,
    mcts_playout_turns: int | None = None,
) -> list[Record]:
    """The records of ``games`` games of the batch, seeds from ``seed`` (MCTS settings only for MCTS)."""
    return run_games(
        plan.players,
        games,
        seed,
        plan.bots,
        rotate=plan.rotate,
        data=data,
        workers=workers,
        mcts_iterations=mcts_iterations if plan.mcts else None,
        mcts_playout_turns=mcts_playout_turns if plan.mcts else None,
    )


def gather_batches(records: Mapping[str, Sequence[Record]]) -> Batches:
    """The :class:`Batches` of played batches, by name (a batch not played is empty)."""
    return Batches(
        greedy={batch_plan(name).players: rs for name, rs in records.items() if name.startswith("greedy")},
        mcts=records.get("mcts-2p", ()),
        mcts_vs_greedy=records.get("mcts-vs-greedy-2p", ()),
        mcts_solo=records.get("mcts-1p", ()),
    )


@attrs.frozen
class TargetRow:
    """A row of the balance table: the target's name, the batch measured, the figure in words, whether
    the target is met (None: a figure to read), and whether the figure's 95% interval says the same
    (``sure``; always True for a figure shown without its interval)."""

    target: str
    batch: str
    figure: str
    met: bool | None
    sure: bool = True


# ------------------------------------------------------------------------------ per-record measures


def _winners(records: Iterable[Record]) -> list[dict[str, Any]]:
    """Every winning seat of every game (a tie gives several)."""
    return [p for r in records for p in r["players"] if p["win_share"] > 0]


def _share(players: Sequence[Mapping[str, Any]], sources: Sequence[str]) -> float:
    total = sum(p["score"] for p in players)
    part = sum(p["vp_by_source"].get(s, 0) for p in players for s in sources)
    return part / total if total else 0.0


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def special_effects_share(records: Sequence[Record]) -> float:
    """Share of all VP (every player) that came from Action-card Special Effects."""
    return _share([p for r in records for p in r["players"]], ("special effects",))


def winners_objectives_masters_share(records: Sequence[Record]) -> float:
    """Share of the winners' VP that came from Objective tiles and Masters."""
    return _share(_winners(records), ("objectives", "masters"))


def winners_mean(records: Sequence[Record], measure: Callable[[Mapping[str, Any]], float]) -> float:
    return _mean([measure(p) for p in _winners(records)])


def must_haves(records: Sequence[Record]) -> list[tuple[str, float, float, float, int]]:
    """Cards, Masters and tiles whose holders win more than twice the fair rate, with a 95% interval
    above the fair rate: (item, rate, interval low, fair, player-games), worst first. Multiplayer only."""
    groups: dict[str, list[tuple[float, float]]] = {}
    for record in records:
        fair = 1 / len(record["players"])
        for p in record["players"]:
            held = {
                *(f"master {m}" for m in p["masters_held"]),
                *(f"card {c}" for c in p.get("cards", ())),
                *(f"tile {t}" for t in p.get("tiles", ())),
                *(f"tile {o}" for o in p["objectives"]),
            }
            for item in held:
                groups.setdefault(item, []).append((p["win_share"], fair))
    flagged = []
    for item, rows in groups.items():
        n = len(rows)
        wins = sum(w for w, _ in rows)
        fair = _mean([f for _, f in rows])
        low, _ = wilson(wins, n)
        if wins / n > 2 * fair and low > fair:
            flagged.append((item, wins / n, low, fair, n))
    return sorted(flagged, key=lambda row: -row[1])


def strongest_holders(records: Sequence[Record]) -> tuple[str, float, float, int]:
    """The item whose holders' win rate is the highest multiple of fair (with at least 30 player-games)."""
    best = ("-", 0.0, 0.0, 0)
    best_ratio = 0.0
    groups: dict[str, list[tuple[float, float]]] = {}
    for record in records:
        fair = 1 / len(record["players"])
        for p in record["players"]:
            for item in {
                *(f"master {m}" for m in p["masters_held"]),
                *(f"card {c}" for c in p.get("cards", ())),
                *(f"tile {t}" for t in (*p.get("tiles", ()), *p["objectives"])),
            }:
                groups.setdefault(item, []).append((p["win_share"], fair))
    for item, rows in groups.items():
        if len(rows) < 30:
            continue
        rate = sum(w for w, _ in rows) / len(rows)
        fair = _mean([f for _, f in rows])
        if rate / fair > best_ratio:
            best_ratio, best = rate / fair, (item, rate, fair, len(rows))
    return best


def solo_median_rank(records: Sequence[Record], catalog: nr.Catalog) -> tuple[int, str]:
    """The median title of solo games: (its place in the table from 1 = lowest, the title)."""
    titles = [title for _, title in catalog.constants.solo_ranks]
    places = sorted(titles.index(r["rank"]) for r in records if "rank" in r)
    if not places:
        return 0, "-"
    median = places[(len(places) - 1) // 2]
    return median + 1, titles[median]


# ------------------------------------------------------------------------------ the catalog's exchanges


def _exchanges(catalog: nr.Catalog) -> list[tuple[str, Any]]:
    """(card id, effect) of the Action cards whose Special Effect is an exchange (it has ``pay`` and ``gain``)."""
    return [
        (card.id, card.special)
        for card in catalog.action_cards
        if hasattr(card.special, "pay") and hasattr(card.special, "gain")
    ]


def exchange_rates(catalog: nr.Catalog) -> list[tuple[str, float]]:
    """(card id, VP per coin) of every exchange that gains VP, Potions valued at their Quick Action cost."""
    potion = catalog.constants.potion_cost
    out = []
    for card_id, effect in _exchanges(catalog):
        if effect.gain.vp:
            paid = effect.pay.coins + potion * effect.pay.potions
            kept = effect.gain.coins + potion * effect.gain.potions
            out.append((card_id, effect.gain.vp / max(paid - kept, 1)))
    return out


def exchange_loops(catalog: nr.Catalog) -> list[str]:
    """Exchanges that, with the other exchanges and the Potion Quick Action, buy back more than they cost:
    a Potion sold for more coins than the cheapest way to buy one, or anything gained for nothing."""
    potion = catalog.constants.potion_cost
    cheapest_potion = float(potion)
    exchanges = _exchanges(catalog)
    for _, e in exchanges:
        if e.pay.potions == 0 and e.pay.vp == 0 and e.gain.potions and not e.gain.vp:
            cheapest_potion = min(cheapest_potion, (e.pay.coins - e.gain.coins) / e.gain.potions)
    loops = []
    for card_id, e in exchanges:
        paid = e.pay.coins + cheapest_potion * e.pay.potions
        if e.pay.coins + e.pay.potions + e.pay.vp == 0:
            loops.append(f"{card_id}: gains for nothing")
        elif not e.gain.vp and e.gain.coins + cheapest_potion * e.gain.potions > paid:
            loops.append(f"{card_id}: pays {paid:g} coins' worth, gains more")
    return loops


# ------------------------------------------------------------------------------ the table


def mcts_budgets(records: Sequence[Record]) -> list[int]:
    """The MCTS iteration budgets a batch was played with, smallest first (none if no MCTSBot played)."""
    return sorted({int(r["mcts_iterations"]) for r in records if r.get("mcts_iterations") is not None})


def mcts_playout_turns(records: Sequence[Record]) -> list[int]:
    """The MCTSBot playout turns a batch's records name, fewest first (none when no record names them: the
    bot's own default)."""
    return sorted({int(r["mcts_playout_turns"]) for r in records if r.get("mcts_playout_turns") is not None})


def batch_sizes(batches: Mapping[str, Sequence[Record]]) -> str:
    """How many games each batch holds and, for MCTS batches, at what budget (and playout turns, when
    set): the table's first line."""

    def size(name: str, records: Sequence[Record]) -> str:
        budgets = mcts_budgets(records)
        turns = mcts_playout_turns(records)
        settings = [f"{'/'.join(map(str, budgets))} iterations"] if budgets else []
        settings += [f"playout turns {'/'.join(map(str, turns))}"] if turns else []
        per = f" ({', '.join(settings)})" if settings else ""
        return f"{name} {len(records)}{per}"

    return "games: " + ", ".join(size(name, records) for name, records in batches.items())


def render_balance(rows: Sequence[TargetRow], batches: Mapping[str, Sequence[Record]]) -> str:
    """The rows as a text table, after a line naming how many games each batch holds (:func:`batch_sizes`)."""
    head = batch_sizes(batches)
    widths = [max(len(r.target) for r in rows), max(len(r.batch) for r in rows), max(len(r.figure) for r in rows)]
    lines = [head, ""]
    for r in rows:
        met = _verdict(r, "MISSED")
        lines.append(f"{r.target:<{widths[0]}}  {r.batch:<{widths[1]}}  {r.figure:<{widths[2]}}  {met}")
    return "\n".join(lines)


def _verdict(row: TargetRow, missed: str) -> str:
    """``met``, ``missed`` (as the table spells it), ``-`` for a figure; ``?`` after a verdict its
    interval does not bear out."""
    if row.met is None:
        return "-"
    return ("met" if row.met else missed) + ("" if row.sure else "?")


def render_balance_markdown(rows: Sequence[TargetRow]) -> str:
    """The rows as a Markdown table (for docs/data.md)."""
    lines = ["| target | batch | figure | met |", "| --- | --- | --- | --- |"]
    for r in rows:
        met = _verdict(r, "**missed**")
        lines.append(f"| {r.target} | {r.batch} | {r.figure} | {met} |")
    return "\n".join(lines)


__all__ = [
    "Batches",
    "TargetRow",
    "batch_sizes",
    "exchange_loops",
    "exchange_rates",
    "mcts_budgets",
    "must_haves",
    "render_balance",
    "render_balance_markdown",
    "solo_median_rank",
    "special_effects_share",
    "strongest_holders",
    "winners_objectives_masters_share",
]
