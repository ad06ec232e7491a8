"""One finished game of any game as a results-file record (a JSON object per line), and records read back.

A record is plain JSON, so that any tool reads the results file: :func:`game_record` lists its keys.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rules_core.session import Session
from rules_core.simulation.declaration import Simulated

Record = dict[str, Any]
"""One finished game as written to the results file; see :func:`game_record`."""

RECORD_KEYS = ("game", "config", "seed", "bots", "scores", "winners", "length", "players")
"""The keys every record has (a line without one of them is not a record of this simulation)."""


def player_record(simulated: Simulated, game: Session, seat: int, bot: str, ledger: Mapping[str, int]) -> Record:
    """One seat of a finished game: ``seat``, ``bot``, ``score``, ``win_share`` (1/k for k tied winners),
    ``vp_by_source`` (by the game's source labels), ``traits`` (see :attr:`Simulated.traits`)."""
    winners = game.winners
    return {
        "seat": seat,
        "bot": bot,
        "score": game.scores[seat],
        "win_share": 1 / len(winners) if seat in winners else 0.0,
        "vp_by_source": dict(sorted(ledger.items())),
        "traits": dict(simulated.traits(game, seat)),
    }


def game_record(
    simulated: Simulated,
    game: Session,
    bots: Sequence[str],
    options: Mapping[str, Any],
    mcts_iterations: int | None = None,
) -> Record:
    """The record of a finished game whose bot seats were played by ``bots`` (a name per bot seat).

    Keys: ``game`` (its name), ``config`` (``players``, ``seed``, ``options`` as given), ``seed``, ``bots``,
    ``scores``, ``winners``, ``length`` (decisions), ``mcts_iterations`` (when set), the game's
    :attr:`~Simulated.facts`, and ``players``: one :func:`player_record` per seat, a seat the rules play
    named by :attr:`~Simulated.automatic` in place of a bot."""
    automatic = simulated.automatic(game)
    names = iter(bots)
    seats = [automatic[seat] if seat in automatic else next(names) for seat in range(len(game.scores))]
    ledger = simulated.vp_ledger(game)
    record: Record = {
        "game": simulated.name,
        "config": {"players": game.config.players, "seed": game.config.seed, "options": dict(options)},
        "seed": game.config.seed,
        "bots": list(bots),
        "scores": list(game.scores),
        "winners": list(game.winners),
        "length": len(game),
        "players": [player_record(simulated, game, s, seats[s], ledger[s]) for s in range(len(seats))],
        **simulated.facts(game),
    }
    if mcts_iterations is not None:
        record["mcts_iterations"] = mcts_iterations
    return record


def record_json(record: Record) -> str:
    """One line of the results file."""
    return json.dumps(record, sort_keys=True)


def load_records(path: str | Path, game: str | None = None) -> list[Record]:
    """The records of a results file (blank lines skipped). ValueError names the line that is not a record
    (not JSON, a key missing) or, when ``game`` is given, that records another game."""
    records: list[Record] = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}, line {number}: not JSON ({exc.msg})") from None
        missing = [key for key in RECORD_KEYS if not isinstance(record, dict) or key not in record]
        if missing:
            raise ValueError(f"{path}, line {number}: not a game record (missing {', '.join(missing)})")
        if game is not None and record["game"] != game:
            raise ValueError(f"{path}, line {number}: a game of {record['game']!r}, not {game!r}")
        records.append(record)
    return records


def game_line(record: Mapping[str, Any]) -> str:
    """``seed 7: scores 31 24  winners 0  decisions 512  bots greedy,random``."""
    scores = " ".join(str(s) for s in record["scores"])
    winners = " ".join(str(w) for w in record["winners"])
    return (
        f"seed {record['seed']}: scores {scores}  winners {winners}  decisions {record['length']}"
        f"  bots {','.join(record['bots'])}"
    )


__all__ = ["RECORD_KEYS", "Record", "game_line", "game_record", "load_records", "player_record", "record_json"]
