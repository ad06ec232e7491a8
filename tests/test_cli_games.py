"""The command line for the distribution's other game: ``galileo-rules`` = ``newton-rules --game galileo``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import galileo_rules as gr
from galileo_rules import simulation as galileo_sim
from newton_rules.cli import galileo_main, main
from rules_core import simulation as sim
from rules_core.bots import RandomBot, legal_actions_of
from tests.test_simulation import InterruptingProgress


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


@pytest.mark.parametrize("command", [["simulate", "--players", "1"], ["balance", "--player-counts", "1"]])
def test_progress_is_shown_on_stderr_when_asked(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert galileo_main([*command, "--games", "2", "--progress", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "2/2" in captured.err and "seed 1:" not in captured.out  # plain text, or rich when installed
    assert galileo_main([*command, "--games", "2", "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and "seed 2: scores" in captured.out


def _interrupted_galileo(argv: list[str], at: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """``galileo-rules argv`` with Ctrl-C pressed when the ``at``-th game finishes."""
    monkeypatch.setattr("newton_rules.cli.game_simulate.make_progress", lambda total, shown: InterruptingProgress(at))
    return galileo_main(argv)


def test_ctrl_c_keeps_the_finished_games_their_summary_and_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    results, report = tmp_path / "games.jsonl", tmp_path / "report.html"
    argv = ["simulate", "--players", "1", "--games", "5", "--json", str(results), "--report", str(report)]
    assert _interrupted_galileo(argv, 3, monkeypatch) == 130
    captured = capsys.readouterr()
    assert "interrupted: 2 of 5 games finished and kept" in captured.err and "games: 2\n" in captured.out
    played = sim.run_games(galileo_sim.GALILEO_SIMULATED, 1, 2, 1, options={"advanced": False})
    assert sim.load_records(results, "galileo") == played
    assert "Win rate by astronomer" in report.read_text(encoding="utf-8")


def test_ctrl_c_before_any_game_finished_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["balance", "--player-counts", "1", "--games", "2", "--results", str(tmp_path / "games.jsonl")]
    assert _interrupted_galileo(argv, 1, monkeypatch) == 130
    assert "interrupted before any game finished; nothing written" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


class _GivesUpOnOddSeeds:
    """Gives up at its fourth decision in the games of odd seed (its own seed is 4 * game seed + seat)."""

    def __init__(self, seed: int, _: int | None) -> None:
        self.fails = (seed // 4) % 2 == 1
        self.calls = 0

    def choose(self, view: Any) -> Any:
        self.calls += 1
        if self.fails and self.calls > 3:
            raise RuntimeError("bot gave up")
        return legal_actions_of(view)[0]


def test_failed_games_are_named_after_the_others_are_summarised_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(galileo_sim.BOTS, "flaky", _GivesUpOnOddSeeds)
    results = tmp_path / "games.jsonl"
    argv = ["simulate", "--players", "1", "--games", "4", "--bots", "flaky", "--quiet", "--results", str(results)]
    assert galileo_main(argv) == 1
    captured = capsys.readouterr()
    assert "games: 2\n" in captured.out and f"results: {results}" in captured.out
    assert captured.err.count("\n") == 1 and "2 of 4 games failed (seeds 1, 3)" in captured.err
    assert "bot gave up" in captured.err and "the other 2 games are kept" in captured.err
    assert [r["seed"] for r in sim.load_records(results, "galileo")] == [2, 4]


def test_play_seats_one_bot_for_every_other_seat_or_one_per_other_seat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    made: list[tuple[str, int]] = []

    def recorded(name: str) -> sim.BotMaker:
        """A random bot that records its name and seed when it is made."""

        def make(seed: int, _: int | None) -> RandomBot:
            made.append((name, seed))
            return RandomBot(seed)

        return make

    monkeypatch.setitem(galileo_sim.BOTS, "first", recorded("first"))
    monkeypatch.setitem(galileo_sim.BOTS, "second", recorded("second"))
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert galileo_main(["play", "--players", "3", "--seed", "2", "--seat", "1", "--bots", "first,second"]) == 0
    assert made == [("first", 4 * 2 + 0), ("second", 4 * 2 + 2)]  # seats 0 and 2, in seat order
    assert galileo_main(["play", "--players", "3", "--bots", "first,second,first"]) == 2
    assert "--bots: give one bot or 2 (one per other seat), got 3" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "named"),
    [(["--players", "3"], "--players"), (["--seed", "9"], "--seed"), (["--advanced"], "the game's options")],
)
def test_play_of_a_save_refuses_players_seed_and_options(
    flags: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    save.write_text(gr.new_game(2, 8).to_json())
    assert galileo_main(["play", "--load", str(save), *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"the save sets the players, seed and options; drop {named}" in err


def _pack(folder: Path, major_vp: int, mars: str = "Mars") -> Path:
    """A copy of Galileo's reference data pack in ``folder`` whose Major Objects give ``major_vp`` more VP
    and whose card D01 is called ``mars``."""
    pack = json.loads((Path(gr.__file__).parent / "data" / "galileo.json").read_text(encoding="utf-8"))
    pack["name"] = "designer-pack"
    for card in pack["cards"]:
        card["major"]["vp"] += major_vp
    pack["cards"][0]["name"] = mars
    folder.mkdir()
    (folder / "galileo.json").write_text(json.dumps(pack), encoding="utf-8")
    return folder


def _majors(path: Path) -> list[int]:
    return [p["vp_by_source"].get("majors", 0) for r in sim.load_records(path, "galileo") for p in r["players"]]


def test_simulate_plays_the_data_pack_a_designer_gives(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = _pack(tmp_path / "pack", 100)
    argv = ["simulate", "--players", "2", "--games", "2", "--quiet", "--results"]
    assert galileo_main([*argv, str(tmp_path / "reference.jsonl")]) == 0
    assert galileo_main([*argv, str(tmp_path / "pack.jsonl"), "--data", str(pack)]) == 0
    reference, with_pack = _majors(tmp_path / "reference.jsonl"), _majors(tmp_path / "pack.jsonl")
    assert sum(reference) > 0 and sum(with_pack) >= sum(reference) + 100  # same random games, richer majors
    (record, _) = sim.load_records(tmp_path / "pack.jsonl", "galileo")
    assert record["config"]["options"]["data"] == str(pack)
    assert list(sim.replay_record(galileo_sim.GALILEO_SIMULATED, record).scores) == record["scores"]
    capsys.readouterr()
    (pack / "galileo.json").write_text('{"name": "broken"}', encoding="utf-8")
    galileo_sim.pack_catalog.cache_clear()  # the pack changed on disk since it was read
    assert galileo_main(["balance", "--player-counts", "1", "--data", str(pack)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and f"cannot load data pack {pack}" in captured.err


def test_play_and_replay_with_a_data_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pack, save = _pack(tmp_path / "pack", 0, mars="Planet X"), tmp_path / "game.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("help D01\n1\nq\n"))
    assert galileo_main(["play", "--seed", "3", "--data", str(pack), "--save", str(save)]) == 0
    assert "Discovery card D01, Planet X" in capsys.readouterr().out
    assert galileo_main(["replay", str(save)]) == 2  # played with another pack than the reference
    assert "designer-pack" in capsys.readouterr().err
    assert galileo_main(["replay", str(save), "--data", str(pack)]) == 0
    assert "not over" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert galileo_main(["play", "--load", str(save), "--data", str(pack)]) == 0


def test_balance_reads_saved_results_instead_of_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solo, duo = tmp_path / "solo.jsonl", tmp_path / "duo.jsonl"
    assert galileo_main(["balance", "--player-counts", "1", "--games", "1", "--quiet", "--results", str(solo)]) == 0
    assert galileo_main(["balance", "--player-counts", "2", "--games", "1", "--quiet", "--results", str(duo)]) == 0
    capsys.readouterr()
    assert galileo_main(["balance", "--load", str(solo), "--load", str(duo)]) == 0
    table = capsys.readouterr().out
    records = sim.load_records(solo, "galileo") + sim.load_records(duo, "galileo")
    assert table == galileo_sim.balance_text(records) and "Solo against Tycho" in table
    newton = tmp_path / "newton.jsonl"
    assert main(["simulate", "--players", "2", "--quiet", "--results", str(newton)]) == 0
    capsys.readouterr()
    assert galileo_main(["balance", "--load", str(newton)]) == 2
    assert "line 1: not a game record" in capsys.readouterr().err  # Newton's records are its own
    assert galileo_main(["balance", "--load", str(solo), "--results", str(tmp_path / "out.jsonl")]) == 2
    assert "give one of them" in capsys.readouterr().err
