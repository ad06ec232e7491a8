"""Golden transcripts: seeded games whose actions, events and scores must not change unless the rules do.

Regenerate (after a deliberate rules or data change) with
``PYTHONPATH=src python -m tests.galileo.test_golden``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import TypedDict

import pytest

from galileo_rules import GalileoGame, GameConfig, Options, new_game


class GoldenConfig(TypedDict):
    players: int
    seed: int
    advanced: bool


DATA = Path(__file__).parent / "data"
GOLDEN: dict[str, GoldenConfig] = {
    "golden_2p_base.json": {"players": 2, "seed": 1, "advanced": False},
    "golden_solo.json": {"players": 1, "seed": 2, "advanced": True},
    "golden_4p_advanced.json": {"players": 4, "seed": 3, "advanced": True},
    # Copernicus's page comes up (GK6: one or two spaces per token), as in no other transcript.
    "golden_2p_advanced.json": {"players": 2, "seed": 3, "advanced": True},
}
SAVES = Path(__file__).parent.parent / "data" / "saves"


def events_digest(game: GalileoGame) -> str:
    text = "\n".join(repr(e) for e in game.events)
    return hashlib.sha256(text.encode()).hexdigest()


def transcript(players: int, seed: int, advanced: bool) -> dict[str, object]:
    game = new_game(players, seed=seed, advanced=advanced)
    rnd = random.Random(seed)
    while not game.is_over:
        game = game.apply(rnd.choice(game.legal_actions()))
    return {
        "config": {"players": players, "seed": seed, "advanced": advanced},
        "actions": [str(a) for a in game.actions],
        "scores": list(game.scores),
        "winners": list(game.winners),
        "rounds": game.round,
        "events": events_digest(game),
    }


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_transcript_replays_identically(name: str) -> None:
    saved = json.loads((DATA / name).read_text(encoding="utf-8"))
    config = GameConfig(options=Options(), **saved["config"])
    game = GalileoGame.replay(config, saved["actions"])
    assert game.is_over
    assert list(game.scores) == saved["scores"] and list(game.winners) == saved["winners"]
    assert game.round == saved["rounds"] and events_digest(game) == saved["events"]


def test_GK6_a_save_from_before_the_one_space_choice_still_loads() -> None:
    """GK6: a finished 2-player Advanced game saved by the version whose page always moved a token two
    spaces (``jump 2``: from the last but one space, one) and before the slot names (``swap 3-6``,
    ``upgrade 6``) replays to its saved state: every action it took is still legal and does the same."""
    game = GalileoGame.from_json((SAVES / "galileo_copernicus_kepler.json").read_text(encoding="utf-8"))
    texts = [str(a) for a in game.actions]
    assert game.is_over and {"jump 2", "jump 1", "swap 3-6", "upgrade 6"} <= set(texts)
    assert [p.astronomer for p in game.state.players] == ["kepler", "copernicus"] and game.scores == (101, 127)


def regenerate() -> None:
    DATA.mkdir(exist_ok=True)
    for name, config in GOLDEN.items():
        path = DATA / name
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(transcript(**config), indent=0) + "\n", encoding="utf-8")
        tmp.replace(path)


if __name__ == "__main__":
    regenerate()
