"""The ``newton-rules`` command line, run in-process: simulate, play (scripted stdin), replay, errors."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

import newton_rules as nr
from newton_rules.bots import RandomBot, play_game
from newton_rules.cli import main
from newton_rules.simulation import replay_record

GAME_LINE = re.compile(r"^seed (\d+): scores ([\d ]+)  winners ([\d ]+)  decisions (\d+)  rounds (\d+)")


def _game_lines(out: str) -> list[re.Match[str]]:
    return [m for line in out.splitlines() if (m := GAME_LINE.match(line))]


def _summary(out: str) -> dict[str, str]:
    keys = ("games", "score", "wins by seat (ties split)", "decisions per game", "speed")
    found = {}
    for line in out.splitlines():
        key, _, value = line.partition(": ")
        if key in keys:
            found[key] = value
    assert set(found) == set(keys), out
    return found


@pytest.mark.parametrize("players", [1, 4])
def test_simulate_prints_each_game_and_a_summary(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", str(players), "--games", "2", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    games = _game_lines(out)
    assert [int(m[1]) for m in games] == [11, 12]
    all_scores = []
    for m in games:
        scores = [int(s) for s in m[2].split()]
        winners = [int(w) for w in m[3].split()]
        assert len(scores) == players
        assert winners and all(scores[w] == max(scores) for w in winners)
        assert int(m[4]) > 0 and int(m[5]) == 6
        all_scores += scores
    summary = _summary(out)
    assert summary["games"] == "2"
    assert summary["score"] == (
        f"mean {sum(all_scores) / len(all_scores):.1f}  min {min(all_scores)}  max {max(all_scores)}"
    )
    shares = [float(x) for x in re.findall(r"seat \d+ ([\d.]+)%", summary["wins by seat (ties split)"])]
    assert len(shares) == players and sum(shares) == pytest.approx(100.0, abs=0.2)
    assert re.fullmatch(r"[\d.]+ games/s", summary["speed"])
    if players == 1:
        assert "rank " in out


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "3", "--games", "2", "--seed", "5"])
    first = [m[0] for m in _game_lines(capsys.readouterr().out)]
    main(["simulate", "--players", "3", "--games", "2", "--seed", "5"])
    assert [m[0] for m in _game_lines(capsys.readouterr().out)] == first


def test_simulate_writes_json_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--players", "2", "--games", "2", "--seed", "3", "--json", str(path)]) == 0
    printed = _game_lines(capsys.readouterr().out)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 2
    for record, m in zip(records, printed, strict=True):
        assert {"config", "seed", "scores", "winners", "length"} <= set(record)
        assert record["config"]["players"] == 2 and record["config"]["seed"] == record["seed"] == int(m[1])
        assert record["scores"] == [int(s) for s in m[2].split()]
        assert record["winners"] == [int(w) for w in m[3].split()]
        assert record["length"] == int(m[4])
        assert record["bots"] == ["random", "random"]
    game = replay_record(records[0])  # one RandomBot per seat, seeded from the game seed and the seat
    assert list(game.scores) == records[0]["scores"] and len(game) == records[0]["length"]


def _play(
    args: list[str], script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    status = main(["play", *args])
    return status, capsys.readouterr().out


def test_play_hides_other_players_hands_and_masters(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = nr.new_game(players=4, seed=2).to_move
    assert first is not None
    seat = (first + 1) % 4  # a bot plays first
    save = tmp_path / "game.json"
    args = ["--players", "4", "--seed", "2", "--seat", str(seat), "--save", str(save)]
    status, out = _play(args, "1\n1\n?\n1\n1\nq\n", monkeypatch, capsys)
    assert status == 0
    assert f"you are P{seat}" in out and f"P{seat} (" in out and "> " in out
    assert re.search(r"^  P\d \w+: play ", out, re.MULTILINE)  # the bots' moves, one line each
    game = nr.Game.from_json(save.read_text())
    assert game.round == 1 and len(game) > 0  # no End Round yet: no hand card of round 1 was ever public
    for card in game.state.players[seat].hand:
        assert card in out
    for p in game.state.players:
        if p.seat == seat:
            continue
        assert f"{len(p.hand)} cards in hand" in out
        for secret in (*[c for c in p.hand if c.startswith("start-")], *p.masters):
            assert secret not in out, f"P{p.seat}'s hidden {secret} was shown"


def test_play_hides_bots_master_draft(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _play(["--players", "2", "--seed", "2", "--draft"], "1\nq\n", monkeypatch, capsys)
    assert status == 0
    assert "P1 yellow: keep ?" in out
    assert not re.search(r"P1 yellow: keep [a-z]", out)


def test_play_accepts_text_and_reports_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = nr.new_game(players=2, seed=3)
    seat = game.to_move
    assert seat is not None
    first = str(game.legal_actions()[-1])
    script = f"foo\n99\nplay nothing\n{first}\n"
    status, out = _play(["--players", "2", "--seed", "3", "--seat", str(seat)], script, monkeypatch, capsys)
    assert status == 0
    assert "unknown action kind 'foo'" in out
    assert "choose 1 to" in out
    assert "not legal here" in out
    assert "(end of input)" in out  # EOF quits cleanly
    assert "quit in round 1 after 1 decisions" in out


def test_play_to_the_end(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _play(["--players", "1", "--seed", "4"], "1\n" * 1000, monkeypatch, capsys)
    assert status == 0
    assert "Final scores:" in out and "Rank: " in out and "Winners: P0" in out


def test_replay_prints_actions_and_final_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = play_game(nr.new_game(players=2, seed=8), [RandomBot(seed=8)] * 2)
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    numbered = [line for line in lines if re.match(r"^ *\d+\. round \d P\d: ", line)]
    assert len(numbered) == len(game)
    assert numbered[0].endswith(str(game.actions[0])) and numbered[-1].endswith(str(game.actions[-1]))
    for p in game.state.players:
        assert f"P{p.seat} {p.colour}: {p.vp} VP" in out
    assert "Winners: " + " ".join(f"P{w}" for w in game.winners) in out


def test_replay_of_an_unfinished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = nr.new_game(players=3, seed=1)
    for _ in range(5):
        game = game.apply(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert main(["replay", str(path)]) == 0
    assert f"not over: round 1, P{game.to_move} to move" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "invalid JSON"),
        ('{"format": 99, "config": {"players": 2, "seed": 1}, "actions": []}', "unsupported save format"),
        ('{"format": 1, "config": {"players": 2, "seed": 1}, "actions": ["fly away"]}', "action 0"),
    ],
)
def test_bad_save_exits_2_with_one_line(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad save" in err and message in err and str(path) in err


def test_missing_save_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--players", "5", "--games", "1"],
        ["simulate", "--players", "2", "--games", "0"],
        ["simulate", "--games", "1"],
        ["play", "--players", "2", "--seat", "2"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_are_argparse_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err


ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


@pytest.mark.parametrize("doc", [README, ROOT / "docs" / "notation.md"], ids=["README", "notation"])
def test_python_examples_in_docs_run(doc: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks, f"{doc.name} has no python example"
    for code in blocks:
        exec(compile(code, str(doc), "exec"), {})
    if doc == README:
        assert "round 1: play an Action card" in capsys.readouterr().out


def test_readme_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    command = re.search(r"newton-rules (simulate [^\n`]*)", README.read_text(encoding="utf-8"))
    assert command is not None
    assert main(command[1].split()) == 0
    assert _summary(capsys.readouterr().out)["games"] == "20"
