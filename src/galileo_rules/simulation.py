"""Galileo Galilei declared to the core's simulation (:data:`GALILEO_SIMULATED`), and its balance table.

Where Galileo's VP come from (:data:`VP_SOURCES`): every VP a player gains or loses is booked in their
record under the source the rules name (``PlayerState.vp_sources``): during play the Major Objects
(``majors``), Constellations, Comets (Book of Comets pages), Objectives, the University, Library and
cellar rewards, the Action tiles (``actions``) and the Tribunal; Tycho Brahe's own gains in the solo game
(``tycho``); at the end the final scoring (GE2-GE4: ``final university``, ``final inquisition``,
``final reputation``).

The balance table (:func:`balance_table`) reads a batch of every player count: where the winners' VP
come from, the solo rate against Tycho, and each astronomer's win rate with its 95% interval.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

import galileo_rules as gr
from galileo_rules import bots as galileo_bots
from rules_core.bots import Bot, RandomBot
from rules_core.mcts import ISMCTSBot
from rules_core.simulation import GroupStat, Record, Simulated, Summary, summarize
from rules_core.simulation.reports import GROUP_HEADERS, group_row, num, pct, text_table

DEFAULT_MCTS_ITERATIONS = 200
TYCHO = "tycho"
"""The solo opponent's name in records and tables: the rules play his seat (seat 1 of a solo game)."""

VP_SOURCES: tuple[str, ...] = (
    "majors",
    "constellations",
    "comets",
    "objectives",
    "university",
    "library",
    "cellar",
    "actions",
    "tribunal",
    "tycho",
    "final university",
    "final inquisition",
    "final reputation",
)
"""Galileo's VP sources as its rules book them, in the order the tables show them (see the module doc)."""


def random_bot(seed: int, _: int | None) -> Bot:
    return RandomBot(seed)


def greedy_bot(seed: int, _: int | None) -> Bot:
    return galileo_bots.GreedyBot(seed=seed)


def mcts_bot(seed: int, iterations: int | None) -> Bot:
    """The core's IS-MCTS, its leaves valued by Galileo's own evaluation instead of a random playout."""
    return ISMCTSBot(seed=seed, iterations=iterations or DEFAULT_MCTS_ITERATIONS, leaf_value=galileo_bots.leaf_value)


BOTS = {"random": random_bot, "greedy": greedy_bot, "mcts": mcts_bot}
"""Galileo's bots by name, each made as ``BOTS[name](seed, MCTS iterations or None)``."""


PACK_FILE = "galileo.json"
"""The file of a data pack in its folder (``newton-rules data validate --game galileo`` reads the same)."""


@functools.cache
def pack_catalog(path: str) -> gr.Catalog:
    """The data pack at ``path``: its JSON file, or a folder holding :data:`PACK_FILE`; DataError names what
    is wrong. Read once per process (every game of a batch plays the same pack)."""
    file = Path(path)
    return gr.load_catalog(file / PACK_FILE if file.is_dir() else file)


def new_simulated_game(players: int, seed: int, options: Mapping[str, Any]) -> gr.GalileoGame:
    """A new game; ``options``: ``advanced`` (the astronomers' abilities), ``data`` (a data pack's path, see
    :func:`pack_catalog`; the reference data without it) and the rules options by name."""
    rules = {name: value for name, value in options.items() if name not in ("advanced", "data")}
    catalog = pack_catalog(str(options["data"])) if "data" in options else None
    return gr.new_game(players, seed, advanced=bool(options.get("advanced", False)), options=rules, catalog=catalog)


def vp_ledger(game: gr.GalileoGame) -> list[dict[str, int]]:
    """Per seat, the VP each source gave (the rules' own booking)."""
    return [dict(player.vp_sources) for player in game.state.players]


def astronomer(game: gr.GalileoGame, seat: int) -> Mapping[str, str]:
    """The astronomer a bot's seat played (Tycho's seat has no trait: he is the solo opponent)."""
    return {} if seat in solo_opponent(game) else {"astronomer": game.state.players[seat].astronomer}


def solo_opponent(game: gr.GalileoGame) -> Mapping[int, str]:
    """The seat the rules play: Tycho Brahe, seat 1 of a solo game."""
    return {1: TYCHO} if game.config.solo else {}


def game_facts(game: gr.GalileoGame) -> dict[str, Any]:
    """A record's Galileo keys: ``rounds`` played and ``advanced``."""
    return {"rounds": game.round, "advanced": game.config.advanced}


GALILEO_SIMULATED = Simulated(
    name="galileo",
    title="Galileo Galilei",
    new=new_simulated_game,
    bots=BOTS,
    vp_sources=VP_SOURCES,
    vp_ledger=vp_ledger,
    traits=astronomer,
    automatic=solo_opponent,
    facts=game_facts,
    packages=("galileo_rules", "rules_core"),
)
"""Galileo as the core's simulation sees it."""

BALANCE_OPTIONS: Mapping[str, Any] = {"advanced": True, "astronomers": "random"}
"""The balance table's games: the astronomers' abilities played, each dealt at random (so a bot's choice
does not pick the strong ones for it)."""


@attrs.frozen
class BalanceTable:
    """Galileo's balance: ``winners_vp`` (source, the winners' mean VP, its share of their total) over the
    multiplayer games; ``solo``: the solo player's win rate against Tycho (None without solo games);
    ``astronomers``: each astronomer's win rate in the multiplayer games, the best first."""

    games: int
    multiplayer: int
    winners_vp: tuple[tuple[str, float, float], ...]
    solo: GroupStat | None
    astronomers: tuple[GroupStat, ...]


def balance_table(records: Sequence[Record]) -> BalanceTable:
    """The balance table of Galileo records (of any player counts); ValueError when there is none."""
    multiplayer = [r for r in records if r["config"]["players"] > 1]
    solo_games = [r for r in records if r["config"]["players"] == 1]
    if not records:
        raise ValueError("no games to tabulate")
    winners: tuple[tuple[str, float, float], ...] = ()
    astronomers: tuple[GroupStat, ...] = ()
    if multiplayer:
        summary = summarize(multiplayer, VP_SOURCES)
        total = sum(summary.winners_vp)
        winners = tuple(
            (name, vp, vp / total if total else 0.0)
            for name, vp in zip(summary.vp_sources, summary.winners_vp, strict=True)
        )
        astronomers = dict(summary.by_trait).get("astronomer", ())
    solo = _solo_stat(summarize(solo_games, VP_SOURCES)) if solo_games else None
    return BalanceTable(len(records), len(multiplayer), winners, solo, astronomers)


def _solo_stat(summary: Summary) -> GroupStat:
    """The solo player's (seat 0's) record against Tycho."""
    seat = next(g for g in summary.by_seat if g.label == "seat 0")
    return attrs.evolve(seat, label="solo vs Tycho")


def render_balance(table: BalanceTable) -> str:
    """The balance table as text: the winners' VP by source, the solo rate, the astronomers' win rates."""
    lines = [f"games: {table.games} ({table.multiplayer} multiplayer, {table.games - table.multiplayer} solo)", ""]
    rows = [[name, num(vp), pct(share)] for name, vp, share in table.winners_vp]
    lines += text_table("Where the winners' VP come from (multiplayer)", ("source", "mean VP", "share"), rows)
    solo = [group_row(table.solo)] if table.solo is not None else []
    lines += text_table("Solo against Tycho", GROUP_HEADERS, solo)
    lines += text_table(
        "Win rate by astronomer (multiplayer)", GROUP_HEADERS, [group_row(g) for g in table.astronomers]
    )
    lines.append("Win rates split ties (1/k each); 95% CI is the Wilson interval; fair = the rate if all were equal.")
    return "\n".join(lines).rstrip() + "\n"


def balance_text(records: Sequence[Record]) -> str:
    """The balance table of ``records``, as text (what ``galileo-rules balance`` prints)."""
    return render_balance(balance_table(records))


__all__ = [
    "BALANCE_OPTIONS",
    "BOTS",
    "GALILEO_SIMULATED",
    "PACK_FILE",
    "TYCHO",
    "VP_SOURCES",
    "BalanceTable",
    "astronomer",
    "balance_table",
    "balance_text",
    "game_facts",
    "greedy_bot",
    "mcts_bot",
    "new_simulated_game",
    "pack_catalog",
    "random_bot",
    "render_balance",
    "solo_opponent",
    "vp_ledger",
]
