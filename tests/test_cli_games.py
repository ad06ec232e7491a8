"""The command line for the distribution's other game: ``galileo-rules`` = ``newton-rules --game galileo``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import galileo_rules as gr
from newton_rules.cli import galileo_main, main


def test_simulate_plays_seeded_galileo_games_and_summarises_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert galileo_main(["simulate", "--players", "2", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3: scores" in out and "seed 4: scores" in out
    assert "games: 2" in out and "Win rate by seat" in out and "Win rate by astronomer" in out
    assert "Where the winners' VP come from" in out and "games per second" in out


def test_the_game_switch_of_newton_rules_is_the_galileo_command(capsys: pytest.CaptureFixture[str]) -> None:
    galileo_main(["simulate", "--players", "3", "--games", "1", "--seed", "5"])
    direct = _untimed(capsys.readouterr().out)
    assert main(["--game", "galileo", "simulate", "--players", "3", "--games", "1", "--seed", "5"]) == 0
    assert _untimed(capsys.readouterr().out) == direct


def _untimed(out: str) -> list[str]:
    """The output's lines but the one that says how fast the games were played (it varies run to run)."""
    return [line for line in out.splitlines() if not line.startswith("speed:")]


def test_simulate_writes_one_json_line_per_game_and_never_overwrites(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    argv = ["simulate", "--players", "1", "--games", "2", "--advanced", "--results", str(results)]
    assert galileo_main(argv) == 0
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert [line["seed"] for line in lines] == [1, 2]
    game = gr.new_game(1, 1, advanced=True)
    assert all(len(line["scores"]) == len(game.scores) for line in lines)
    assert galileo_main(argv) == 2  # the file exists: --force is needed
    assert galileo_main([*argv, "--force"]) == 0


@pytest.mark.parametrize("bots", [["greedy"], ["mcts", "--mcts-iterations", "2"]])
def test_galileos_greedy_and_mcts_bots_play_through_the_command(bots: list[str], tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    assert galileo_main(["simulate", "--players", "1", "--seed", "2", "--bots", *bots, "--results", str(results)]) == 0
    assert json.loads(results.read_text())["length"] > 0


def test_a_bad_option_is_reported_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert galileo_main(["simulate", "--players", "2", "--option", "box_refill=never"]) == 2
    assert capsys.readouterr().err.startswith("galileo-rules: error: ")


def test_play_saves_where_the_person_stopped_and_replay_lists_the_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n?\n1\nq\n"))
    assert galileo_main(["play", "--players", "2", "--seed", "4", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "you are P0" in out and "saved to" in out
    game = gr.GalileoGame.from_json(save.read_text())
    assert game.config.seed == 4 and len(game) >= 3
    assert galileo_main(["replay", str(save)]) == 0
    listing = capsys.readouterr().out
    assert f"{len(game)} actions" in listing and str(game.actions[0]) in listing and "not over" in listing


def test_play_resumes_a_saved_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    save.write_text(gr.new_game(2, 8).to_json())
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    assert galileo_main(["play", "--load", str(save), "--save", str(save), "--force"]) == 0
    assert len(gr.GalileoGame.from_json(save.read_text())) >= 1


def test_a_bad_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    save.write_text('{"format": 99}')
    assert galileo_main(["replay", str(save)]) == 2
    assert "bad save" in capsys.readouterr().err
