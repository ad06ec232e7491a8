"""The ``newton-rules`` command line, run in-process: simulate, play (scripted stdin), replay, errors."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import newton_rules as nr
from newton_rules import simulation as sim
from newton_rules.bots import RandomBot, play_game
from newton_rules.cli import CliError, files, main, play
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


# -- saving a game in play: end of input, Ctrl-C, --force, bad paths, --load ---------------------------


def _saved(path: Path, catalog: nr.Catalog | None = None) -> nr.Game:
    return nr.Game.from_json(path.read_text(encoding="utf-8"), catalog)


def test_end_of_input_saves_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    status, out = _play(["--players", "3", "--seed", "6", "--save", str(save)], "1\n1\n", monkeypatch, capsys)
    assert status == 0
    assert "(end of input)" in out and f"saved to {save}" in out
    game = _saved(save)
    assert game.config == nr.GameConfig(players=3, seed=6) and not game.is_over
    assert f"quit in round 1 after {len(game)} decisions" in out
    assert game.to_move == 0  # saved at the person's decision, with their two answers in the log
    assert sum(1 for actor, _ in game.view(0).actions if actor == 0) == 2


def _interrupt_after(answers: list[str]) -> Callable[[], str | None]:
    """A line reader that gives ``answers`` and then raises KeyboardInterrupt, as Ctrl-C at the prompt."""
    pending = list(answers)

    def read() -> str | None:
        if not pending:
            raise KeyboardInterrupt
        return pending.pop(0)

    return read


def test_ctrl_c_saves_the_game_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    monkeypatch.setattr(play, "read_line", _interrupt_after(["1", "2", "1"]))
    assert main(["play", "--players", "2", "--seed", "9", "--save", str(save)]) == 130
    out = capsys.readouterr().out
    game = _saved(save)
    assert f"saved to {save}" in out and f"interrupted in round 1 after {len(game)} decisions" in out
    assert sum(1 for actor, _ in game.view(0).actions if actor == 0) == 3


def test_ctrl_c_without_save_says_the_game_is_lost(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(play, "read_line", _interrupt_after([]))
    assert main(["play", "--players", "2", "--seed", "9"]) == 130
    assert "not saved (give --save FILE" in capsys.readouterr().out


def _no_input() -> str | None:
    raise AssertionError("the game started although its output path was refused")


def test_existing_save_needs_force(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    save.write_text("precious", encoding="utf-8")
    monkeypatch.setattr(play, "read_line", _no_input)
    assert main(["play", "--save", str(save)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert str(save) in captured.err and "--force" in captured.err
    assert save.read_text(encoding="utf-8") == "precious"
    monkeypatch.undo()  # read the answers from stdin again
    status, out = _play(["--save", str(save), "--force"], "q\n", monkeypatch, capsys)
    assert status == 0 and f"saved to {save}" in out
    assert _saved(save).config == nr.GameConfig(players=2, seed=1)


@pytest.mark.parametrize("where", ["missing folder", "a folder"])
def test_unwritable_save_is_refused_before_the_first_decision(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "nowhere" / "game.json" if where == "missing folder" else tmp_path
    monkeypatch.setattr(play, "read_line", _no_input)
    assert main(["play", "--save", str(save), "--force"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and f"cannot write {save}" in captured.err


def test_load_resumes_the_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    _play(["--players", "3", "--seed", "4", "--seat", "1", "--save", str(first)], "1\n2\nq\n", monkeypatch, capsys)
    saved = _saved(first)
    status, out = _play(["--load", str(first), "--seat", "1", "--save", str(second)], "q\n", monkeypatch, capsys)
    assert status == 0
    assert f"Resumed {first}: round {saved.round}, {len(saved)} decisions played, P1 to move." in out
    assert _saved(second) == saved  # quitting at once saves the very same game
    status, out = _play(
        ["--load", str(first), "--seat", "1", "--save", str(second), "--force"], "1\nq\n", monkeypatch, capsys
    )
    resumed = _saved(second)
    assert status == 0 and resumed.actions[: len(saved)] == saved.actions and len(resumed) > len(saved)


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["--players", "2"], "drop --players"), (["--draft"], "drop --draft")],
)
def test_load_takes_the_setup_from_the_save(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["play", "--load", "game.json", *extra])
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_load_rejects_a_seat_the_save_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "solo.json"
    path.write_text(nr.new_game(players=1, seed=2).to_json(), encoding="utf-8")
    assert main(["play", "--load", str(path), "--seat", "1"]) == 2
    assert "seats 0 to 0" in capsys.readouterr().err


# -- atomic writes ------------------------------------------------------------------------------------


def _folder_listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_atomic_output_leaves_nothing_when_the_writer_fails(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    with pytest.raises(RuntimeError, match="half way"), files.atomic_output(path, force=False) as out:
        out.write("the first half")
        raise RuntimeError("half way")
    assert _folder_listing(tmp_path) == []
    path.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), files.atomic_output(path, force=True) as out:
        out.write("new")
        raise RuntimeError("half way")
    assert path.read_text(encoding="utf-8") == "old" and _folder_listing(tmp_path) == ["out.txt"]


def test_atomic_write_keeps_the_old_file_when_the_rename_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out.txt"
    path.write_text("old", encoding="utf-8")

    def refuse(source: str, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(CliError, match=f"cannot write {re.escape(str(path))}: No space left on device"):
        files.write_atomic(path, "new", force=True)
    assert path.read_text(encoding="utf-8") == "old" and _folder_listing(tmp_path) == ["out.txt"]


def test_atomic_write_replaces_whole_and_keeps_permissions(tmp_path: Path) -> None:
    path = tmp_path / "out.txt"
    files.write_atomic(path, "first", force=False)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # not the private mode of a temporary file
    path.chmod(0o640)
    with pytest.raises(CliError, match="already exists: pass --force"):
        files.write_atomic(path, "second", force=False)
    files.write_atomic(path, "second", force=True)
    assert path.read_text(encoding="utf-8") == "second" and stat.S_IMODE(path.stat().st_mode) == 0o640
    assert _folder_listing(tmp_path) == ["out.txt"]


# -- replay --data ------------------------------------------------------------------------------------


def test_replay_with_the_data_pack_the_game_was_played_with(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "rich-start"
    shutil.copytree(Path(nr.__file__).parent / "data", pack, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    constants = pack / "constants.json"
    constants.write_text(constants.read_text().replace('"starting_coins": 2', '"starting_coins": 20'))
    catalog = nr.load_catalog(pack)
    game = play_game(nr.new_game(players=2, seed=5, catalog=catalog), [RandomBot(seed=5)] * 2)
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 2  # the reference data cannot replay it
    assert "played with data pack" in capsys.readouterr().err  # the reference data refuses it
    assert main(["replay", str(path), "--data", str(pack)]) == 0
    out = capsys.readouterr().out
    assert len(re.findall(r"^ *\d+\. round \d P\d: ", out, re.MULTILINE)) == len(game)
    assert "Winners: " + " ".join(f"P{w}" for w in game.winners) in out
    assert main(["replay", str(path), "--data", str(tmp_path / "nope")]) == 2
    assert "cannot load data pack" in capsys.readouterr().err


def _interrupted_after(n: int) -> Any:
    """An ``iter_games`` that plays its first ``n`` games, then raises KeyboardInterrupt (Ctrl-C)."""
    real = sim.iter_games

    def iter_games(tasks: Any, workers: int = 1, on_done: Any = None, **backend: Any) -> Any:
        games = real(tasks, workers, on_done, **backend)
        for _ in range(n):
            yield next(games)
        raise KeyboardInterrupt

    return iter_games


def test_simulate_interrupted_keeps_the_finished_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sim, "iter_games", _interrupted_after(2))
    path, report = tmp_path / "games.jsonl", tmp_path / "report.html"
    args = ["simulate", "--players", "2", "--games", "5", "--seed", "3", "--json", str(path), "--report", str(report)]
    assert main(args) == 130
    captured = capsys.readouterr()
    assert "interrupted: 2 of 5 games finished and kept" in captured.err
    assert len(path.read_text().splitlines()) == 2 and report.exists()
    assert "games: 2\n" in captured.out  # the summary of the finished games


def test_simulate_interrupted_before_any_game_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sim, "iter_games", _interrupted_after(0))
    path = tmp_path / "games.jsonl"
    assert main(["simulate", "--players", "2", "--games", "3", "--seed", "3", "--json", str(path)]) == 130
    assert "nothing written" in capsys.readouterr().err
    assert not path.exists() and list(tmp_path.iterdir()) == []
