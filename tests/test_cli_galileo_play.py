"""``galileo-rules play`` narrated like Newton's: each action's events in sentences, the prompt, every legal
action described with its cost and gain, ``?`` for the table in words, ``help ID`` for any component."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

import galileo_rules as gr
from galileo_rules.components.catalog import default_catalog
from galileo_rules.text import (
    BOOKKEEPING,
    action_change,
    action_predicate,
    change_text,
    component_text,
    decision_prompt,
    event_text,
    logged_action_text,
    render_position,
)
from newton_rules.cli import galileo_main

CATALOG = default_catalog()


def _play(
    args: list[str], script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = galileo_main(["play", *args])
    return status, capsys.readouterr().out


def _saved(path: Path) -> gr.GalileoGame:
    return gr.GalileoGame.from_json(path.read_text(encoding="utf-8"))


def test_each_action_is_told_with_the_sentences_of_its_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every action of the log (the person's and the bot's) heads its events, each a sentence as the
    person's view tells it with the table after it; an action none of whose events is told reads itself."""
    save = tmp_path / "game.json"
    status, out = _play(
        ["--players", "2", "--seed", "4", "--save", str(save)], "1\n1\n1\n1\n1\nq\n", monkeypatch, capsys
    )
    assert status == 0
    game = _saved(save)
    assert len(game) > 5
    for k in range(len(game)):
        after = gr.GalileoGame.replay(game.config, game.actions[: k + 1])
        view = after.view(0)
        actor, action = view.actions[k]
        assert f"  P{actor}: {action}\n" in out
        events = view.events_since(k)
        told = [event_text(CATALOG, e, view.state) for e in events if not isinstance(e, BOOKKEEPING)]
        for sentence in told or [logged_action_text(CATALOG, actor, action)]:
            assert f"      {sentence}\n" in out


def test_the_prompt_and_every_legal_action_with_its_words_cost_and_gain(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """After choosing an astronomer and moving the telescope, the person's Action phase lists each legal
    action with what it does and, where it changes them at once, the VP, Quadrants or dice it costs or gains."""
    status, out = _play(["--players", "1", "--seed", "4"], "1\n1\nq\n", monkeypatch, capsys)
    assert status == 0
    game = gr.new_game(1, 4)
    for action in ("astronomer bruno", "move 1"):
        game = game.apply(game.parse_action(action))
    assert f"P0 (0 VP, 0 Quadrant tokens, dice red 1, blue 1 and yellow 1) {decision_prompt(game)}:\n" in out
    for number, action in enumerate(game.legal_actions(), 1):
        words = action_predicate(game, action) + change_text(*action_change(game, action))
        assert f"  {number:>3}. {action}: {words}\n" in out
    assert re.search(r"^ +\d+\. moving \d: .*\(gains 1 Quadrant token\)$", out, re.MULTILINE)


def test_question_mark_prints_the_table_in_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _play(["--players", "2", "--seed", "4"], "1\n?\nq\n", monkeypatch, capsys)
    assert status == 0
    game = gr.new_game(2, 4)
    game = game.apply(game.parse_action("astronomer bruno"))
    game = game.apply(game.parse_action("astronomer kepler"))  # the random bot's choice in seat 1
    assert render_position(game.view(0), CATALOG) + "\n" in out
    assert "Player 0 (you), Giordano Bruno, first player" in out


def test_help_reads_any_component_and_lists_the_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked = ["D01", "Mars", "?2", "T3", "K", "S2", "majors", "observer", "galileo", "tycho", "comet", "cellar", "Y1"]
    script = "help\n" + "".join(f"help {word}\n" for word in asked) + "help zzz\nq\n"
    status, out = _play(["--players", "2", "--seed", "4"], script, monkeypatch, capsys)
    assert status == 0
    assert "  help ID        a component in words\n" in out and "  ?              show the table again\n" in out
    for word in asked:
        assert f"\n{component_text(CATALOG, word)}\n" in out
    assert "nothing is called 'zzz'" in out


def test_a_whole_game_narrated_to_one_seat_never_names_a_hidden_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """GO8: the cards of the deck and the box and the face-down Library cards are named nowhere in a whole
    game's narration, tables and legal actions, though face-down cards were taken."""
    save = tmp_path / "game.json"
    script = "?\n" + "1\n?\n" * 1500
    status, out = _play(["--players", "2", "--seed", "2", "--save", str(save)], script, monkeypatch, capsys)
    game = _saved(save)
    assert status == 0 and game.is_over and "Final scores:" in out
    state = game.state
    face_down = {entry.card for p in state.players for entry in p.library if not entry.face_up}
    assert face_down, "face-down cards were taken"
    hidden = face_down | set(state.deck) | set(state.box)
    assert not set(re.findall(r"\bD\d\d\b", out)) & hidden
    assert "face down into their Library." in out
