"""Regenerate the golden transcripts and perft counts on purpose, after an intended rules change.

    python scripts/regenerate_regression_data.py

Review the diff (git diff tests/data) before committing: every changed line is a behaviour change.
"""

from __future__ import annotations

import json
from pathlib import Path

from newton_rules.regression import (
    EXPANSION_GOLDEN_GAMES,
    GOLDEN_GAMES,
    golden_name,
    perft_positions,
    perft_record,
    random_game,
)
from newton_rules.transcript import transcript

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"


def main() -> None:
    golden = DATA / "golden"
    golden.mkdir(parents=True, exist_ok=True)
    games = [(players, seed, None) for players, seed in GOLDEN_GAMES] + list(EXPANSION_GOLDEN_GAMES)
    for players, seed, options in games:
        path = golden / golden_name(players, seed, options)
        path.write_text(transcript(random_game(players, seed, options)), encoding="utf-8")
        print(f"wrote {path}")
    records = [perft_record(game) for game in perft_positions()]
    (DATA / "perft.json").write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    for record in records:
        print(f"perft {record['players']}p seed {record['seed']} after {len(record['actions'])}: {record['counts']}")


if __name__ == "__main__":
    main()
