"""The core's simulation for any game (rules_core.simulation): Galileo through its declaration, and the core's
toy game (Secret Nim) declared in a few lines with no change to the simulation. A few short games each."""

from __future__ import annotations

import ast
import importlib.util
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import galileo_rules as gr
from galileo_rules import simulation as galileo_sim
from newton_rules.cli import galileo_main
from rules_core import simulation as sim
from rules_core.bots import Bot, RandomBot
from rules_core.simulation.ray_backend import init_arguments
from rules_core.simulation.stats import wilson
from tests.core.toy import NimGame, new_nim

GALILEO = galileo_sim.GALILEO_SIMULATED
RULES = Path(gr.__file__).parent / "rules"


def nim_random(seed: int, _: int | None) -> Bot:
    return RandomBot(seed)


def new_nim_game(players: int, seed: int, options: Mapping[str, Any]) -> NimGame:
    return new_nim(players, seed, **options)


def nim_hand(game: NimGame, seat: int) -> Mapping[str, str]:
    return {"hand left": str(len(game.state.hands[seat]))}


NIM = sim.Simulated(name="nim", title="Secret Nim", new=new_nim_game, bots={"random": nim_random}, traits=nim_hand)


def test_a_third_game_gets_the_summary_records_and_report_from_its_declaration_alone(tmp_path: Path) -> None:
    records = sim.run_games(NIM, 3, 6, 1, options={"stones": 9})
    summary = sim.summarize(records, NIM.vp_sources, seconds=2.0)
    assert summary.games == 6 and summary.games_per_second == 3.0 and summary.game == "nim"
    assert sum(g.wins for g in summary.by_seat) == pytest.approx(6)  # one victory per game, ties split
    assert [name for name, _ in summary.by_trait] == ["hand left"]
    assert summary.vp_sources == ("points",)  # the default ledger: the whole score from one source
    assert all(r["config"] == {"players": 3, "seed": r["seed"], "options": {"stones": 9}} for r in records)
    text = sim.render_text(summary)
    assert "Win rate by hand left" in text and "3.00 games per second" in text
    page = sim.render_html(summary)
    assert page.startswith("<!DOCTYPE html>") and "Secret Nim" not in page and "nim simulation report" in page
    path = tmp_path / "nim.jsonl"
    path.write_text("".join(sim.record_json(r) + "\n" for r in records), encoding="utf-8")
    assert sim.load_records(path, "nim") == records
    game = sim.replay_record(NIM, records[2])  # the record is enough to play its game again
    assert list(game.scores) == records[2]["scores"] and len(game) == records[2]["length"]


def test_galileo_records_are_the_same_with_workers_and_replay_the_same_game() -> None:
    one = sim.run_games(GALILEO, 1, 2, 5, ("random",), options={"advanced": True})
    two = sim.run_games(GALILEO, 1, 2, 5, ("random",), options={"advanced": True}, workers=2)
    assert one == two
    game = sim.replay_record(GALILEO, one[1])
    assert list(game.scores) == one[1]["scores"] and len(game) == one[1]["length"]


def test_a_solo_record_names_tycho_and_books_every_vp_under_a_declared_source() -> None:
    (record,) = sim.run_games(GALILEO, 1, 1, 3, ("greedy",), options={"advanced": True})
    player, tycho = record["players"]
    assert record["bots"] == ["greedy"] and tycho["bot"] == galileo_sim.TYCHO and tycho["traits"] == {}
    assert player["traits"]["astronomer"] in ("galileo", "kepler", "copernicus", "bruno")
    for seat in record["players"]:
        assert sum(seat["vp_by_source"].values()) == seat["score"]
        assert set(seat["vp_by_source"]) <= set(galileo_sim.VP_SOURCES)
    assert record["rounds"] > 0 and record["advanced"] is True


def _booked_sources() -> set[str]:
    """Every source label Galileo's rules book VP or rewards under (the last literal argument of ``score``
    and ``push_reward``), read from the rules' source."""
    labels: set[str] = set()
    for path in RULES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("score", "push_reward"):
                last = node.args[-1] if node.args else None
                if isinstance(last, ast.Constant) and isinstance(last.value, str):
                    labels.add(last.value)
    return labels


def test_galileo_declares_every_source_its_rules_book_vp_under() -> None:
    # "farewell" (Bruno's) rewards a die and a Quadrant, never VP: a column of zeros would only be noise
    assert _booked_sources() - {"farewell"} == set(galileo_sim.VP_SOURCES)


def test_an_undeclared_source_is_counted_as_other_and_intervals_are_wilsons() -> None:
    records = sim.run_games(NIM, 2, 4, 1)
    for record in records:
        record["players"][0]["vp_by_source"] = {"points": 0, "bonus": 2}
    summary = sim.summarize(records, NIM.vp_sources)
    assert summary.vp_sources == ("points", "other")
    assert dict(summary.vp_by_source)["random"][1] == pytest.approx(1.0)  # 2 VP for half of the player-games
    seat = summary.by_seat[0]
    assert seat.interval == wilson(seat.wins, 4)


def test_a_results_file_of_another_game_or_not_of_records_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(sim.record_json(sim.run_games(NIM, 2, 1, 1)[0]) + "\n")
    with pytest.raises(ValueError, match="line 1: a game of 'nim', not 'galileo'"):
        sim.load_records(path, "galileo")
    path.write_text('{"seed": 1}\n')
    with pytest.raises(ValueError, match="line 1: not a game record"):
        sim.load_records(path)


def test_a_failed_game_is_named_and_the_others_are_kept() -> None:
    tasks = sim.batch_tasks(NIM, 2, 3, 1)
    tasks[1] = sim.GameTask(simulated=NIM, players=2, seed=2, bots=("random",))  # one bot for two seats
    with pytest.raises(sim.BatchFailed, match="1 of 3 games failed \\(seeds 2\\)") as failed:
        list(sim.iter_games(tasks))
    assert failed.value.failures[0].seed == 2
    with pytest.raises(ValueError, match="unknown bot 'nobody' for Secret Nim"):
        sim.batch_tasks(NIM, 2, 1, 1, ("nobody",))


def test_galileo_balance_table_gives_the_solo_rate_and_each_astronomers_rate(tmp_path: Path) -> None:
    records = sim.run_games(GALILEO, 1, 2, 1, options=galileo_sim.BALANCE_OPTIONS)
    records += sim.run_games(GALILEO, 2, 2, 1, options=galileo_sim.BALANCE_OPTIONS)
    table = galileo_sim.balance_table(records)
    assert table.games == 4 and table.multiplayer == 2
    assert table.solo is not None and table.solo.n == 2 and table.solo.fair == 0.5
    assert sum(g.n for g in table.astronomers) == 4 and sum(g.wins for g in table.astronomers) == pytest.approx(2)
    assert sum(share for _, _, share in table.winners_vp) == pytest.approx(1.0)
    text = galileo_sim.render_balance(table)
    assert "Solo against Tycho" in text and "Win rate by astronomer" in text and "final university" in text


def test_galileo_rules_balance_and_simulate_write_their_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "balance.jsonl"
    argv = ["balance", "--player-counts", "1,2", "--games", "1", "--results", str(results)]
    assert galileo_main(argv) == 0
    out = capsys.readouterr().out
    assert "Solo against Tycho" in out and "games per second" in out
    assert [r["config"]["players"] for r in sim.load_records(results, "galileo")] == [1, 2]
    report = tmp_path / "report.html"
    argv = ["simulate", "--players", "1", "--advanced", "--report", str(report), "--results", str(tmp_path / "s.jsonl")]
    assert galileo_main(argv) == 0
    assert "Galileo Galilei simulation report" in report.read_text() and "Win rate by astronomer" in report.read_text()
    assert galileo_main(argv) == 2  # the files exist: never overwritten without --force
    assert galileo_main(["simulate", "--players", "2", "--bots", "greedy,random,random"]) == 2
    assert "3 bots for 2 seats" in capsys.readouterr().err
    assert json.loads((tmp_path / "s.jsonl").read_text())["game"] == "galileo"


def test_the_balance_script_prints_galileos_table_with_the_game_switch(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location(
        "balance_script", Path(__file__).parent.parent / "scripts" / "balance.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.main(["--game", "galileo", "--games", "1", "--player-counts", "1"]) == 0
    out = capsys.readouterr().out
    assert "Solo against Tycho" in out and "games: 1 (0 multiplayer, 1 solo)" in out


def test_ray_workers_on_a_cluster_get_a_copy_of_the_games_packages() -> None:
    arguments = init_arguments("auto", 2, GALILEO.packages)
    folders = [Path(folder).name for folder in arguments["runtime_env"]["py_modules"]]
    assert arguments["address"] == "auto" and folders == ["galileo_rules", "rules_core"]
    assert init_arguments(None, 3, GALILEO.packages)["num_cpus"] == 3  # a private local Ray: workers CPUs


def test_the_ray_backend_without_ray_names_the_extra_before_any_game() -> None:
    if importlib.util.find_spec("ray") is not None:
        pytest.skip("Ray is installed: tests/test_ray_backend_games.py plays on it")
    with pytest.raises(sim.RayUnavailable, match="pip install"):
        sim.run_games(NIM, 2, 1, 1, backend="ray")
    with pytest.raises(ValueError, match="for the ray backend only"):
        sim.check_backend("local", "auto")
