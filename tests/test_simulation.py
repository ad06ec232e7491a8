"""The simulation module and ``newton-rules simulate``: records, workers, rotation, summary, report."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import pytest

import newton_rules as nr
from newton_rules import simulation as sim
from newton_rules.bots import BOTS, mcts
from newton_rules.cli import main, progress
from rules_core.simulation.batch import in_seed_order

PLAYER_KEYS = {
    "seat",
    "bot",
    "score",
    "win_share",
    "masters_held",
    "masters_played",
    "objectives",
    "cards",
    "tiles",
    "vp_by_source",
    "vp_by_reason",
    "coins",
    "potions",
    "cubes",
    "book_tiles",
}


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize(("players", "bots"), [(1, "random"), (2, "greedy,random"), (4, "random")])
def test_results_file_holds_every_field(
    players: int, bots: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--players", str(players), "--games", "2", "--seed", "5", "--bots", bots]
    assert main([*argv, "--results", str(path), "--quiet"]) == 0
    assert "Win rate by bot" in capsys.readouterr().out
    records = _records(path)
    assert [r["seed"] for r in records] == [5, 6]
    catalog = nr.default_catalog()
    for r in records:
        assert {"config", "seed", "bots", "scores", "winners", "length", "rounds", "players"} <= set(r)
        assert r["config"] == {"players": players, "seed": r["seed"], "options": attrs.asdict(nr.Options())}
        assert tuple(r["bots"]) == sim.seat_bots(bots.split(","), players)
        assert r["rounds"] == 6 and r["length"] > 0
        assert ("rank" in r) == (players == 1)
        assert r["winners"] and all(r["scores"][w] == max(r["scores"]) for w in r["winners"])
        assert sum(p["win_share"] for p in r["players"]) == pytest.approx(1.0)
        for seat, p in enumerate(r["players"]):
            assert set(p) == PLAYER_KEYS
            assert p["seat"] == seat and p["bot"] == r["bots"][seat] and p["score"] == r["scores"][seat]
            assert set(p["vp_by_source"]) == set(sim.VP_SOURCES)
            assert sum(p["vp_by_source"].values()) == sum(p["vp_by_reason"].values()) == p["score"]
            assert set(p["masters_played"]) <= set(p["masters_held"]) <= set(catalog.masters_by_id)
            assert set(p["objectives"]) <= set(catalog.objectives_by_id)
            scored = {reason.split()[1] for reason in p["vp_by_reason"] if reason.startswith("objective ")}
            assert scored <= set(p["objectives"])  # only occupied tiles score (O-rules)
            assert 0 <= p["cubes"] <= 12 and 0 <= p["book_tiles"] <= 12
            assert p["coins"] >= 0 and p["potions"] >= 0
        game = sim.replay_record(r)  # the line is enough to play the game again
        assert list(game.scores) == r["scores"] and len(game) == r["length"]


def test_json_is_an_alias_of_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    base = ["simulate", "--players", "2", "--games", "2", "--seed", "1", "--quiet"]
    assert main([*base, "--json", str(a)]) == 0
    assert main([*base, "--results", str(b)]) == 0
    assert a.read_text() == b.read_text() != ""


def test_workers_give_identical_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = []
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.jsonl"
        argv = ["simulate", "--players", "3", "--games", "6", "--seed", "40", "--bots", "random"]
        assert main([*argv, "--workers", str(workers), "--results", str(path)]) == 0
        out = capsys.readouterr().out
        files.append(path.read_text())
        assert [int(s) for s in re.findall(r"^seed (\d+):", out, re.MULTILINE)] == list(range(40, 46))
    assert files[0] == files[1]
    assert [r["seed"] for r in _records(tmp_path / "w2.jsonl")] == list(range(40, 46))


def test_run_games_in_two_processes_matches_in_process() -> None:
    tasks = sim.batch_tasks(2, 3, 9, ("greedy", "random"), rotate=True)
    assert list(sim.iter_games(tasks, workers=2)) == list(sim.iter_games(tasks, workers=1))


def test_rotate_shifts_the_bots_one_seat_per_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.seat_bots(["a", "b", "c"], 3, 0, rotate=True) == ("a", "b", "c")
    assert sim.seat_bots(["a", "b", "c"], 3, 1, rotate=True) == ("c", "a", "b")
    assert sim.seat_bots(["a", "b", "c"], 3, 2, rotate=True) == ("b", "c", "a")
    assert sim.seat_bots(["a", "b", "c"], 3, 3, rotate=True) == ("a", "b", "c")
    assert sim.seat_bots(["a", "b", "c"], 3, 1) == ("a", "b", "c")
    assert sim.seat_bots(["a"], 4, 1, rotate=True) == ("a",) * 4
    with pytest.raises(ValueError, match="2 bots for 3 seats"):
        sim.seat_bots(["a", "b"], 3)
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "--players", "3", "--games", "4", "--seed", "1", "--bots", "random,random,greedy"]
    assert main([*argv, "--rotate", "--results", str(path), "--quiet"]) == 0
    records = _records(path)
    assert [r["players"][i]["bot"] for r in records for i in range(3)] == [
        *("random", "random", "greedy"),
        *("greedy", "random", "random"),
        *("random", "greedy", "random"),
        *("random", "random", "greedy"),
    ]
    summary = sim.summarize(records)
    assert {g.label: g.n for g in summary.by_bot} == {"greedy": 4, "random": 8}
    assert "greedy" in capsys.readouterr().out


def test_bots_are_seeded_from_game_seed_and_seat() -> None:
    assert [sim.bot_seed(10, s) for s in range(4)] == [40, 41, 42, 43]
    game = sim.play_task(sim.GameTask(players=2, seed=3, bots=("random", "random")))
    expected = BOTS["random"](seed=12), BOTS["random"](seed=13)
    again = nr.new_game(players=2, seed=3)
    while not again.is_over:
        seat = again.to_move
        assert seat is not None
        again = again.apply(expected[seat].choose(again))
    assert again == game


def _games(players: int, games: int, seed: int) -> list[dict[str, Any]]:
    return sim.run_games(players, games, seed, ("random",))


def test_win_rates_add_up_to_one_per_seat_set() -> None:
    records = _games(2, 4, 1) + _games(3, 4, 1)
    summary = sim.summarize(records)
    assert summary.games == 8 and summary.player_counts == (2, 3)
    by_count: dict[str, float] = {}
    for g in summary.by_seat:
        count = g.label.partition(" seat ")[0]
        by_count[count] = by_count.get(count, 0.0) + g.rate
        assert g.n == 4 and g.fair == pytest.approx(1 / int(count[:-1]))
    assert by_count == {"2p": pytest.approx(1.0), "3p": pytest.approx(1.0)}
    single = sim.summarize(_games(4, 3, 2))
    assert [g.label for g in single.by_seat] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert sum(single.seat_shares) == pytest.approx(1.0)
    assert sum(g.wins for g in single.by_bot) == pytest.approx(3)


def test_summary_counts_ties_as_shared_wins() -> None:
    def record(seed: int, scores: list[int], held: list[list[str]]) -> dict[str, Any]:
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        players = [
            {
                "seat": i,
                "bot": "b",
                "score": s,
                "masters_held": held[i],
                "masters_played": held[i][:1],
                "objectives": ["O1"] if i == 0 else [],
                "vp_by_source": {"income": s},
            }
            for i, s in enumerate(scores)
        ]
        return {
            "config": {"players": 2, "seed": seed},  # options left out: the defaults
            "seed": seed,
            "bots": ["b", "b"],
            "scores": scores,
            "winners": winners,
            "length": 100 + seed,
            "rounds": 6,
            "players": players,
        }

    records = [record(1, [10, 10], [["newton"], ["kepler"]]), record(2, [20, 4], [["newton"], ["brahe"]])]
    s = sim.summarize(iter(records))
    assert [(g.label, g.wins, g.rate) for g in s.by_seat] == [("seat 0", 1.5, 0.75), ("seat 1", 0.5, 0.25)]
    held = {g.label: g for g in s.by_master_held}
    assert held["newton"].n == 2 and held["newton"].wins == 1.5 and held["newton"].mean_score == 15
    assert held["kepler"].rate == 0.5 and held["brahe"].rate == 0.0
    assert [g.label for g in s.by_master_held] == ["newton", "kepler", "brahe"]  # best first
    assert [(g.label, g.n) for g in s.by_objective] == [("O1", 2)]
    assert s.scores.n == 4 and s.scores.min == 4 and s.scores.max == 20 and s.scores.median == 10
    assert s.length.mean == 101.5
    assert dict(s.vp_by_source)["b"][sim.VP_SOURCES.index("income")] == 11
    text = sim.render_text(s)
    assert "wins by seat (ties split): seat 0 75.0%  seat 1 25.0%" in text
    with pytest.raises(ValueError, match="no games"):
        sim.summarize([])


def test_wilson_interval_on_known_numbers() -> None:
    assert sim.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert sim.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert sim.wilson(1, 10) == pytest.approx((0.0179, 0.4042), abs=1e-4)
    assert sim.wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert sim.wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert sim.wilson(0, 0) == (0.0, 1.0)


def test_distribution_quartiles() -> None:
    d = sim.distribution([1, 2, 3, 4, 5])
    assert (d.n, d.mean, d.min, d.q1, d.median, d.q3, d.max) == (5, 3, 1, 2, 3, 4, 5)
    assert d.stdev == pytest.approx(1.5811, abs=1e-4)
    assert sim.distribution([7]).stdev == 0 and sim.distribution([7]).median == 7


def test_vp_sources() -> None:
    catalog = nr.default_catalog()
    master = next(iter(catalog.masters_by_id))
    card = next(c.id for c in catalog.action_cards)
    token = catalog.bonus_tokens[0].id
    tile = catalog.cities[0].id
    objective = catalog.objectives[0].id
    cases = {
        nr.Source("objective", objective): "objectives",
        nr.Source("master_vp", master): "masters",
        nr.Source("master", master): "masters",
        nr.Source("bookshelf_line", "row1-0"): "income",
        nr.Source("medicine_tile"): "income",
        nr.Source("income_tile", "vp"): "income",
        nr.Source("cube", "10"): "cubes",
        nr.Source("bonus_token", token): "bonus tokens",
        nr.Source("tile", tile): "tiles",
        nr.Source("pile", "2"): "tiles",
        nr.Source("card", card): "special effects",
        nr.Source("work"): "other",
        nr.Source("requirement", "objective"): "other",
    }
    assert {source: sim.vp_source(source) for source in cases} == cases


class _Checker(HTMLParser):
    """Balanced non-void tags and every attribute value, to look for external references."""

    VOID = frozenset({"meta", "br", "hr", "img", "link", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.values: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.values += [v for _, v in attrs if v]
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.values += [v for _, v in attrs if v]

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-3:])
        self.stack.pop()


def test_html_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report.html"
    argv = ["simulate", "--players", "3", "--games", "3", "--seed", "2", "--bots", "random,greedy,random"]
    assert main([*argv, "--rotate", "--report", str(report), "--quiet"]) == 0
    assert f"report: {report}" in capsys.readouterr().out
    text = report.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    checker = _Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == []
    assert checker.tags.count("table") == 8 and checker.tags.count("svg") >= 6
    for heading in ("Win rate by seat", "Win rate by bot", "Win rate by Master held", "Win rate by Master played"):
        assert f"<h2>{heading}" in text
    assert "Win rate by Objective tile occupied" in text and "Score distribution" in text
    assert "<h3>greedy</h3><svg" in text and "<h3>random</h3><svg" in text  # a histogram per bot
    assert not re.search(r"(?i)https?:|//[a-z]|\burl\(|@import|<script|<link|<img|\bsrc=", text)
    assert not any(v.startswith(("http", "//", "data:")) for v in checker.values)


def test_report_escapes_names() -> None:
    records = sim.run_games(1, 1, 3)
    records[0]["players"][0]["bot"] = records[0]["bots"][0] = "<b>&"
    page = sim.render_html(sim.summarize(records))
    assert "<b>&" not in page and "&lt;b&gt;&amp;" in page


def test_options_and_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "pack"
    shutil.copytree(Path(nr.__file__).parent / "data", data, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "--players", "2", "--games", "1", "--seed", "4", "--data", str(data), "--draft"]
    assert main([*argv, "--option", "work_coins=moved", "--results", str(path)]) == 0
    out = capsys.readouterr().out
    assert "options: master_draft=true, work_coins=moved" in out and f"data: {data}" in out
    (record,) = _records(path)
    options = record["config"]["options"]
    assert options == attrs.asdict(nr.Options(master_draft=True, work_coins="moved"))
    assert record["data"] == str(data)
    assert list(sim.replay_record(record).scores) == record["scores"]
    assert sim.parse_options(["cavendish_pile_bonus=yes"]) == nr.Options(cavendish_pile_bonus=True)
    for bad in ("work_coins=lots", "colour=red", "master_draft=maybe", "work_coins"):
        with pytest.raises(ValueError):
            sim.parse_options([bad])


@pytest.mark.parametrize(
    "argv",
    [
        ["--bots", "random,clever"],
        ["--bots", "random,random,random"],
        ["--option", "work_coins=lots"],
        ["--workers", "0"],
        ["--mcts-iterations", "0"],
        ["--mcts-playout-turns", "-1"],
    ],
)
def test_bad_simulate_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--players", "2", *argv])
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_bad_data_folder_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--data", str(tmp_path / "nope")]) == 2
    assert "cannot load data pack" in capsys.readouterr().err


class _Broken:
    def __init__(self, seed: int = 0) -> None:
        self.calls = 0

    def choose(self, game: nr.Game) -> nr.Action:
        self.calls += 1
        if self.calls > 3:
            raise RuntimeError("bot gave up")
        return game.legal_actions()[0]


def test_a_failing_game_names_what_reproduces_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BOTS, "broken", _Broken)
    with pytest.raises(sim.SimulationError, match=r"game seed 7 \(bots broken,broken\), decision \d+"):
        sim.run_games(2, 1, 7, ("broken",))
    assert main(["simulate", "--players", "2", "--seed", "7", "--bots", "broken"]) == 1
    assert "bot gave up" in capsys.readouterr().err


def test_mcts_iterations_reach_the_bot() -> None:
    bot = sim.make_bot("mcts", 1, mcts_iterations=3)
    assert getattr(bot, "iterations", None) == 3
    (task,) = sim.batch_tasks(2, 1, 1, ("mcts", "random"), mcts_iterations=3)
    assert task.mcts_iterations == 3
    (task,) = sim.batch_tasks(2, 1, 1, ("random",), mcts_iterations=3)
    assert task.mcts_iterations is None  # recorded only when an MCTS bot plays


def test_mcts_playout_turns_reach_the_bot_and_the_record() -> None:
    """``mcts_playout_turns`` sets ``MCTSBot.playout_turns``; the record keeps it, so that the game replays."""
    assert getattr(sim.make_bot("mcts", 1, mcts_playout_turns=1), "playout_turns", None) == 1
    assert getattr(sim.make_bot("mcts", 1), "playout_turns", None) == mcts.MCTS_PLAYOUT_TURNS
    (task,) = sim.batch_tasks(2, 1, 5, ("random", "mcts"), mcts_iterations=1, mcts_playout_turns=1)
    assert task.mcts_playout_turns == 1
    (record,) = sim.run_games(2, 1, 5, ("random", "mcts"), mcts_iterations=1, mcts_playout_turns=1)
    assert record["mcts_playout_turns"] == 1 and sim.record_task(record) == task
    assert sim.game_record(sim.replay_record(record), record["bots"], mcts_iterations=1, mcts_playout_turns=1) == record
    (task,) = sim.batch_tasks(2, 1, 5, ("random",), mcts_playout_turns=1)
    assert task.mcts_playout_turns is None


def test_a_record_names_the_mcts_defaults_it_was_played_with() -> None:
    """A batch left at MCTSBot's defaults records them, so that its games replay after a default changes."""
    (task,) = sim.batch_tasks(2, 1, 5, ("random", "mcts"))
    assert (task.mcts_iterations, task.mcts_playout_turns) == (mcts.MCTS_ITERATIONS, mcts.MCTS_PLAYOUT_TURNS)
    (task,) = sim.batch_tasks(2, 1, 5, ("random", "greedy"))
    assert (task.mcts_iterations, task.mcts_playout_turns) == (None, None)


def test_simulate_plays_mcts_with_the_playout_turns_given(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    argv = ["simulate", "--players", "2", "--seed", "5", "--bots", "random,mcts", "--mcts-iterations", "1"]
    assert main([*argv, "--mcts-playout-turns", "1", "--results", str(results), "--quiet"]) == 0
    (record,) = sim.load_records(results)
    assert record["mcts_playout_turns"] == 1 and record["mcts_iterations"] == 1


def _ticks(total: int) -> Iterator[None]:
    yield from (None for _ in range(total))


def test_plain_progress_and_when_it_shows(capsys: pytest.CaptureFixture[str]) -> None:
    stream = io.StringIO()
    shown = progress.make_progress(3, True, stream, use_rich=False)
    for _ in _ticks(3):
        shown.advance()
    shown.echo("a game line")
    shown.close()
    assert stream.getvalue().startswith("3/3 games (100%), ") and stream.getvalue().endswith(" games/s\n")
    assert capsys.readouterr().out == "a game line\n"
    assert isinstance(progress.make_progress(3, False), progress.NoProgress)
    assert progress.show_progress(100, None, io.StringIO()) is False  # not a terminal
    assert progress.show_progress(5, True) is True and progress.show_progress(500, False) is False


def test_progress_flag_writes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "1", "--games", "2", "--seed", "1", "--progress", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "2/2" in captured.err and "games: 2" in captured.out  # plain text, or rich when installed


def test_rich_progress_when_installed(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    stream = io.StringIO()
    shown = progress.make_progress(4, True, stream)
    assert isinstance(shown, progress.RichProgress)
    for _ in _ticks(4):
        shown.advance()
    shown.echo("a game line")
    shown.close()
    assert "4/4" in stream.getvalue() and capsys.readouterr().out == "a game line\n"


def test_python_examples_in_the_simulation_doc_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = Path(__file__).resolve().parent.parent / "docs" / "simulation.md"
    blocks = re.findall(r"```python\n(.*?)```", doc.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 3  # any game's simulation, a Newton batch, a game played again
    monkeypatch.chdir(tmp_path)
    for code in blocks:
        exec(compile(code, str(doc), "exec"), {})
    assert (tmp_path / "report.html").exists() and "Win rate by seat" in capsys.readouterr().out


@pytest.mark.parametrize("flag", ["--results", "--report"])
def test_output_paths_are_checked_before_the_first_game(
    flag: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["simulate", "--players", "2", "--games", "2", "--seed", "1"]
    missing = tmp_path / "nowhere" / "out"
    assert main([*base, flag, str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and f"cannot write {missing}" in captured.err
    existing = tmp_path / "kept"
    existing.write_text("earlier results", encoding="utf-8")
    assert main([*base, flag, str(existing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and f"{existing} already exists: pass --force" in captured.err
    assert existing.read_text(encoding="utf-8") == "earlier results"
    assert main([*base, flag, str(existing), "--force", "--quiet"]) == 0
    assert existing.read_text(encoding="utf-8") != "earlier results"


def test_a_failed_batch_leaves_the_results_file_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BOTS, "broken", _Broken)
    path = tmp_path / "games.jsonl"
    path.write_text("earlier results", encoding="utf-8")
    argv = ["simulate", "--players", "2", "--games", "2", "--seed", "7", "--bots", "random,broken"]
    assert main([*argv, "--rotate", "--results", str(path), "--force"]) == 1
    assert "bot gave up" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "earlier results"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]  # no temporary file left behind


class _BrokenOnOddSeeds:
    """Gives up at its fourth decision in the games of odd seed (its own seed is 4 * game seed + seat)."""

    def __init__(self, seed: int = 0) -> None:
        self.fails = (seed // 4) % 2 == 1
        self.calls = 0

    def choose(self, game: nr.Game) -> nr.Action:
        self.calls += 1
        if self.fails and self.calls > 3:
            raise RuntimeError("bot gave up")
        return game.legal_actions()[0]


def test_failed_games_are_named_after_the_others_are_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BOTS, "flaky", _BrokenOnOddSeeds)
    with pytest.raises(sim.BatchFailed, match=r"^2 of 4 games failed \(seeds 7, 9\); first: game seed 7 ") as failed:
        sim.run_games(2, 4, 7, ("flaky",))
    assert [r["seed"] for r in failed.value.records] == [8, 10]
    assert [f.seed for f in failed.value.failures] == [7, 9]
    path = tmp_path / "games.jsonl"
    argv = ["simulate", "--players", "2", "--games", "4", "--seed", "7", "--bots", "flaky", "--quiet"]
    assert main([*argv, "--results", str(path)]) == 1
    captured = capsys.readouterr()
    assert "games: 2" in captured.out and f"results: {path}" in captured.out
    assert captured.err.count("\n") == 1 and "bot gave up" in captured.err
    assert "2 of 4 games failed (seeds 7, 9)" in captured.err and "the other 2 games are kept" in captured.err
    assert [r["seed"] for r in _records(path)] == [8, 10]


def test_a_failure_outside_the_game_loop_is_named_with_its_seed() -> None:
    tasks = [*sim.batch_tasks(2, 1, 3), sim.GameTask(players=2, seed=4, bots=("nobody", "nobody"))]
    outcome = sim.play_outcome(tasks[1])
    known = ", ".join(sorted(BOTS))
    assert outcome == sim.GameFailure(
        4, f"game seed 4 (bots nobody,nobody), ValueError: unknown bot 'nobody' (known: {known})"
    )
    seeds: list[int] = []
    with pytest.raises(sim.BatchFailed, match=r"^1 of 2 games failed \(seeds 4\)"):
        seeds.extend(r["seed"] for r in sim.iter_games(tasks))
    assert seeds == [3]  # yielded before the failure was raised


def test_a_failure_message_names_at_most_twenty_seeds() -> None:
    failures = [sim.GameFailure(seed, f"game seed {seed}: broken") for seed in range(25)]
    message = str(sim.BatchFailed(failures, 30))
    assert message.startswith("25 of 30 games failed (seeds 0, 1, ") and "19 and 5 more); first: game seed 0" in message


class InterruptingProgress(progress.NoProgress):
    """A progress display whose ``advance`` raises KeyboardInterrupt at the ``at``-th finished game (Ctrl-C)."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.done = 0

    def advance(self) -> None:
        self.done += 1
        if self.done == self.at:
            raise KeyboardInterrupt


def interrupted_simulate(argv: list[str], at: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """``newton-rules simulate argv`` with Ctrl-C pressed when the ``at``-th game finishes."""
    monkeypatch.setattr("newton_rules.cli.simulate.make_progress", lambda total, enabled: InterruptingProgress(at))
    return main(["simulate", *argv])


def test_ctrl_c_keeps_the_finished_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["--players", "2", "--games", "6", "--seed", "1", "--quiet", "--results", str(path)]
    assert interrupted_simulate(argv, 3, monkeypatch) == 130
    captured = capsys.readouterr()
    assert "interrupted: 2 of 6 games finished and kept" in captured.err and "games: 2" in captured.out
    assert _records(path) == sim.run_games(2, 2, 1)


def test_the_backend_is_checked_before_any_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match=r"unknown backend 'spark' \(known: local, ray\)"):
        sim.run_games(2, 1, 1, backend="spark")
    with pytest.raises(ValueError, match="an address \\('auto'\\) is for the ray backend only"):
        next(sim.iter_games(sim.batch_tasks(2, 1, 1), address="auto"))
    assert main(["simulate", "--players", "2", "--address", "auto"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "for the ray backend only" in captured.err
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed: importing it fails
    with pytest.raises(sim.RayUnavailable, match=re.escape(sim.RAY_EXTRA)):
        sim.run_games(2, 1, 1, backend="ray")
    assert main(["simulate", "--players", "2", "--backend", "ray"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert "newton-rules: error: the ray backend needs Ray" in captured.err and "newton-rules[ray]" in captured.err


def test_ray_is_imported_only_for_the_ray_backend() -> None:
    code = (
        "import sys, newton_rules, newton_rules.cli, newton_rules.simulation as sim; "
        "sim.run_games(2, 2, 1, workers=2); assert 'ray' not in sys.modules, 'ray imported'"
    )
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "PYTHONPATH": str(src)}
    subprocess.run([sys.executable, "-c", code], check=True, env=env, timeout=120)


def test_ray_init_arguments_keep_a_local_ray_private_and_ship_the_package_to_a_cluster() -> None:
    local = sim.ray_backend.init_arguments(None, 3)
    assert local["num_cpus"] == 3 and local["include_dashboard"] is False and local["log_to_driver"] is False
    assert local["_node_ip_address"] == "127.0.0.1" and "address" not in local
    cluster = sim.ray_backend.init_arguments("ray://head:10001", 3)
    assert cluster["address"] == "ray://head:10001" and "num_cpus" not in cluster
    newton, core = cluster["runtime_env"]["py_modules"]  # a worker imports Newton and the core it is built on
    assert Path(newton) == Path(nr.__file__).parent and Path(core).name == "rules_core"


def test_games_in_flight_stay_within_the_window() -> None:
    tasks = sim.batch_tasks(2, 10, 1)
    submitted: list[int] = []

    def submit(task: sim.GameTask) -> Future[sim.batch.Outcome]:
        submitted.append(task.seed)
        future: Future[sim.batch.Outcome] = Future()
        future.set_result({"seed": task.seed})
        return future

    yielded: list[sim.batch.Outcome] = []
    for outcome in in_seed_order(tasks, submit, 3, None):
        assert len(submitted) - len(yielded) <= 3  # submitted but not yet handed on
        yielded.append(outcome)
    assert submitted == [t.seed for t in tasks] and yielded == [{"seed": t.seed} for t in tasks]


def test_great_discoveries_bought_activated_and_their_vp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With the Great Discoveries, each player's record says which tiles they took and activated and the VP
    the tiles gave (activations and income, summed from the ledger); the summary has a table of it."""
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "--players", "2", "--games", "2", "--seed", "1", "--bots", "greedy,random"]
    assert main([*argv, "--option", "great_discoveries=true", "--results", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Great Discoveries (mean per player)" in out
    records = _records(path)
    for record in records:
        game = sim.replay_record(record)
        for player in record["players"]:
            found = player["great_discoveries"]
            p = game.state.players[player["seat"]]
            assert sorted(found["activated"]) == sorted(p.discoveries_used)
            assert sorted(found["taken"]) == sorted((*p.discoveries, *p.discoveries_used))
            gained = [
                e.vp
                for e in game.events
                if isinstance(e, nr.ResourcesChanged) and e.player == p.seat and e.source.kind == "great_discovery"
            ]
            assert found["vp"] == sum(v for v in gained if v > 0)
    assert any(p["great_discoveries"]["activated"] for r in records for p in r["players"])  # greedy activates
    summary = sim.summarize(records)
    assert [row[:2] for row in summary.discoveries] == [("greedy", 2), ("random", 2)]
    base = sim.run_games(1, 1, 2)
    assert "great_discoveries" not in base[0]["players"][0] and sim.summarize(base).discoveries == ()
