"""Golden transcripts and perft counts: any change in what the engine does fails here.

After an intended rules change, run ``python scripts/regenerate_regression_data.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from newton_rules.model.config import Options
from newton_rules.perft import divide, perft
from newton_rules.regression import EXPANSION_GOLDEN_GAMES, GOLDEN_GAMES, game_of_record, golden_name, random_game
from newton_rules.transcript import transcript

DATA = Path(__file__).parent / "data"
RECORDS: list[dict[str, Any]] = json.loads((DATA / "perft.json").read_text(encoding="utf-8"))


GAMES = [(players, seed, None) for players, seed in GOLDEN_GAMES] + list(EXPANSION_GOLDEN_GAMES)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES, ids=lambda v: str(v) if v is not None else "base")
def test_golden_transcript_unchanged(players: int, seed: int, options: Options | None) -> None:
    expected = (DATA / "golden" / golden_name(players, seed, options)).read_text(encoding="utf-8").splitlines()
    actual = transcript(random_game(players, seed, options)).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"line {number} differs:\n expected {want}\n actual   {got}"
    assert len(actual) == len(expected)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['players']}p-seed{r['seed']}-at{len(r['actions'])}")
def test_perft_counts_unchanged(record: dict[str, Any]) -> None:
    game = game_of_record(record)
    for depth, expected in enumerate(record["counts"], start=1):
        actual = perft(game, depth)
        if actual != expected:
            breakdown = "\n".join(f"  {a}: {n}" for a, n in divide(game, depth).items())
            pytest.fail(f"perft({depth}) = {actual}, expected {expected}; per first action:\n{breakdown}")
