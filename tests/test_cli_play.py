"""``newton-rules play``: narration in words, legal actions with cost and gain, bots per seat, options, help."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import newton_rules as nr
from newton_rules.cli import main
from newton_rules.text import component_text, event_text, map_space_text, track_space_text


def _play(
    args: list[str], script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def _first_seat(players: int, seed: int) -> int:
    seat = nr.new_game(players=players, seed=seed).to_move
    assert seat is not None
    return seat


def test_each_visible_event_is_narrated_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = (_first_seat(3, 2) + 1) % 3  # a bot plays first
    save = tmp_path / "game.json"
    args = ["--players", "3", "--seed", "2", "--seat", str(seat), "--save", str(save)]
    status, out = _play(args, "1\n1\nq\n", monkeypatch, capsys)
    assert status == 0
    game = nr.Game.from_json(save.read_text(encoding="utf-8"))
    view = game.view(seat)
    shown = [e for e in view.events_since(0) if not type(e).__name__.startswith("Decision")]
    assert shown, "something happened"
    for event in shown:
        assert f"      {event_text(game.catalog, event)}\n" in out
    for actor, action in view.actions_since(0):
        assert actor is not None
        assert f"  P{actor} {game.state.players[actor].colour}: {action}\n" in out  # each action heads its events


def test_each_legal_action_is_described_with_its_cost(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Q1: turning over 2 cards costs 1 coin."""
    seat = _first_seat(2, 3)
    status, out = _play(["--players", "2", "--seed", "3", "--seat", str(seat)], "q\n", monkeypatch, capsys)
    assert status == 0
    assert re.search(
        r"^ +\d+\. flip 1: spends 1 coin to turn over 2 Action cards from the level 1 deck \(costs 1 coin\)$",
        out,
        re.MULTILINE,
    )
    assert re.search(r"^ +1\. play start-\w+-\w+: plays start-\w+-\w+ to the desk$", out, re.MULTILINE)


def test_a_bot_per_other_seat_in_seat_order(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _play(
        ["--players", "3", "--seed", "4", "--seat", "1", "--bots", "greedy,random"], "q\n", monkeypatch, capsys
    )
    assert status == 0 and "Bots: P0 greedy, P2 random" in out


def test_mcts_bots_play_with_the_iterations_given(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = (_first_seat(2, 6) + 1) % 2
    args = ["--players", "2", "--seed", "6", "--seat", str(seat), "--bots", "mcts", "--mcts-iterations", "5"]
    status, out = _play(args, "q\n", monkeypatch, capsys)
    assert status == 0 and f"Bots: P{1 - seat} mcts" in out and f"P{1 - seat} " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "4", "--bots", "greedy,random"], "give one bot or 3 (one per other seat), got 2"),
        (["--players", "1", "--bots", "greedy,random"], "a solo game has no other seat: give one bot at most, got 2"),
        (["--bots", "smart"], "unknown bot 'smart'"),
        (["--option", "work_coins=bogus"], "argument --option: "),
        (["--option", "colour=red"], "expected NAME=VALUE with NAME one of"),
        (["--load", "game.json", "--option", "work_coins=moved"], "drop --option"),
    ],
)
def test_bad_bots_and_options_are_argparse_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", *args])
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_an_option_sets_the_rules_of_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    args = ["--option", "work_coins=moved", "--option", "quick_actions=turn", "--save", str(save)]
    status, _ = _play(args, "q\n", monkeypatch, capsys)
    assert status == 0
    options = nr.Game.from_json(save.read_text(encoding="utf-8")).config.options
    assert options == nr.Options(work_coins="moved", quick_actions="turn")


def test_help_describes_cards_tiles_masters_tokens_and_spaces_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = nr.default_catalog()
    seat = _first_seat(2, 3)
    asked = ["L1-04", "K13", "boyle", "Isaac Newton", "I3", "O4", "venezia", "a4", "zzz"]
    script = "".join(f"help {word}\n" for word in asked) + "q\n"
    status, out = _play(["--players", "2", "--seed", "3", "--seat", str(seat)], script, monkeypatch, capsys)
    assert status == 0
    for component in ("L1-04", "K13", "boyle", "newton", "I3", "O4"):
        assert f"\n{component_text(catalog, component)}\n" in out
    assert f"\n{map_space_text(catalog.map_spaces['venezia'])}\n" in out
    assert f"\n{track_space_text('technology', catalog.technology_spaces['a4'])}\n" in out
    assert "nothing is called 'zzz'" in out


def test_help_on_a_book_space_reads_the_players_own_study_board(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = nr.new_game(players=2, seed=3)
    seat = _first_seat(2, 3)
    board = game.state.players[seat].board
    status, out = _play(["--players", "2", "--seed", "3", "--seat", str(seat)], "help r0c1\nq\n", monkeypatch, capsys)
    assert status == 0 and f"your Study board {board}, book space r0c1: shelf " in out


def test_a_resumed_game_narrates_only_what_happens_after_the_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = tmp_path / "first.json"
    seat = _first_seat(2, 8)
    _play(["--players", "2", "--seed", "8", "--seat", str(seat), "--save", str(first)], "1\nq\n", monkeypatch, capsys)
    status, out = _play(["--load", str(first), "--seat", str(seat)], "q\n", monkeypatch, capsys)
    saved = nr.Game.from_json(first.read_text(encoding="utf-8"))
    assert status == 0 and f"Resumed {first}: round 1, {len(saved)} decisions played" in out
    assert f": {saved.actions[0]}\n" not in out  # the actions before the save are not told again
