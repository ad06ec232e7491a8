"""One finished game as a results-file record (a JSON object per line), and the records read back.

A record is plain JSON so that any tool reads the results file; :func:`game_record` lists its keys.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from newton_rules import DiscoveryActivated, DiscoveryTaken, Game, GameConfig, ResourcesChanged, Source
from newton_rules.simulation.options import options_from

Record = dict[str, Any]
"""One finished game as written to the results file (one JSON object per line); see :func:`game_record`."""

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


def position_facts(game: Game, seat: int) -> dict[str, Any]:
    """What a record keeps of ``seat``'s final position: Masters, Objective tiles occupied, Action cards
    and tiles used, what is left."""
    p = game.state.players[seat]
    facts = game.facts(seat)
    starting = game.catalog.starting_card_ids
    return {
        "masters_held": sorted({*p.masters, *p.masters_played}),
        "masters_played": list(facts.masters_played),
        "objectives": sorted(o.tile for o in facts.objectives if o.occupied),
        "cards": sorted(c for c in (*p.hand, *p.desk, *p.tucked) if c not in starting),
        "tiles": _tiles_used(game, seat),
        "coins": facts.coins,
        "potions": facts.potions,
        "cubes": facts.cubes_placed,
        "book_tiles": facts.book_tiles_placed,
    }


def discovery_record(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat`` did with the Great Discoveries (G1-G4): the tiles ``taken`` (bought, or from a City or
    Invention tile) and ``activated``, in order, and the ``vp`` they gave (activations and income)."""
    taken: list[str] = []
    activated: list[str] = []
    vp = 0
    for event in game.events:
        if isinstance(event, DiscoveryTaken) and event.player == seat:
            taken.append(event.tile)
        elif isinstance(event, DiscoveryActivated) and event.player == seat:
            activated.append(event.tile)
        elif isinstance(event, ResourcesChanged) and event.player == seat and event.source.kind == "great_discovery":
            vp += max(event.vp, 0)
    return {"taken": taken, "activated": activated, "vp": vp}


def _tiles_used(game: Game, seat: int) -> list[str]:
    """The tiles that gave ``seat`` coins, VP or Potions (Inventions, Cities) and the City tiles it visited."""
    used = {
        event.source.id
        for event in game.events
        if isinstance(event, ResourcesChanged) and event.player == seat and event.source.kind == "tile"
    }
    cities = game.catalog.cities_by_id
    used |= {
        tile for space, tile in game.state.board.map_tiles if tile in cities and space in game.state.players[seat].cubes
    }
    return sorted(used)


def _vp_ledgers(game: Game) -> tuple[list[dict[str, int]], list[dict[str, int]]]:
    """Per seat: the VP by source label (``str(source)``) and by :func:`vp_source` category."""
    players = game.config.players
    by_reason: list[dict[str, int]] = [{} for _ in range(players)]
    by_category: list[dict[str, int]] = [dict.fromkeys(VP_SOURCES, 0) for _ in range(players)]
    for event in game.events:
        if isinstance(event, ResourcesChanged) and event.vp:
            label = str(event.source)
            by_reason[event.player][label] = by_reason[event.player].get(label, 0) + event.vp
            by_category[event.player][vp_source(event.source)] += event.vp
    return by_reason, by_category


def config_record(config: GameConfig) -> dict[str, Any]:
    """``players``, ``seed`` and every option (defaults included), as the ``config`` key of a record."""
    return {"players": config.players, "seed": config.seed, "options": attrs.asdict(config.options)}


def record_config(raw: Mapping[str, Any]) -> GameConfig:
    """The :class:`GameConfig` of a record's ``config`` (options left out take their defaults)."""
    return GameConfig(players=raw["players"], seed=raw["seed"], options=options_from(raw.get("options", {})))


def game_record(
    game: Game,
    bots: Sequence[str],
    *,
    mcts_iterations: int | None = None,
    mcts_playout_turns: int | None = None,
    data: str | None = None,
) -> Record:
    """The results-file record of a finished game played by ``bots`` (a name per seat).

    Keys: ``config`` (players, seed, every option), ``seed``, ``bots``, ``scores``, ``winners``,
    ``length`` (decisions), ``rounds``, ``rank`` (solo only), ``mcts_iterations``, ``mcts_playout_turns``
    and ``data`` (when set), and ``players``: per seat ``seat``, ``bot``, ``score``, ``win_share`` (1/k for
    k tied winners), ``masters_held`` (played and unplayed), ``masters_played`` (in order), ``objectives``
    (the Objective tiles occupied at the end), ``cards`` (the non-Starting Action cards held at the end:
    hand, desk and tucked), ``tiles`` (the tiles that paid the player and the City tiles visited),
    ``vp_by_source`` (see :func:`vp_source`), ``vp_by_reason``, ``coins``, ``potions``, ``cubes`` (placed on
    the Map) and ``book_tiles`` (placed on the Study board); with the Great Discoveries,
    ``great_discoveries`` (see :func:`discovery_record`).
    """
    if len(bots) != game.config.players:
        raise ValueError(f"{len(bots)} bot names for {game.config.players} players")
    by_reason, by_category = _vp_ledgers(game)
    winners = game.winners
    players = [
        {
            "seat": seat,
            "bot": bots[seat],
            "score": score,
            "win_share": 1 / len(winners) if seat in winners else 0.0,
            "vp_by_source": by_category[seat],
            "vp_by_reason": dict(sorted(by_reason[seat].items())),
            **position_facts(game, seat),
        }
        for seat, score in enumerate(game.scores)
    ]
    if game.config.options.great_discoveries:
        for player in players:
            player["great_discoveries"] = discovery_record(game, player["seat"])
    record: Record = {
        "config": config_record(game.config),
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
    if mcts_playout_turns is not None:
        record["mcts_playout_turns"] = mcts_playout_turns
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


def game_line(record: Mapping[str, Any]) -> str:
    """``seed 7: scores 31 24  winners 0  decisions 512  rounds 6  bots greedy,random``."""
    scores = " ".join(str(s) for s in record["scores"])
    winners = " ".join(str(w) for w in record["winners"])
    rank = f"  rank {record['rank']}" if "rank" in record else ""
    return (
        f"seed {record['seed']}: scores {scores}  winners {winners}  decisions {record['length']}"
        f"  rounds {record['rounds']}{rank}  bots {','.join(record['bots'])}"
    )
