"""The ray backend of batches, on one local Ray shared by the module (skipped without ``newton-rules[ray]``).

The tests keep to a few seconds of random games: they check that Ray plays the same records as the
process pool, in seed order, and that failures, Ctrl-C and the caller's own Ray are handled as documented.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from newton_rules import simulation as sim
from newton_rules.cli import main
from tests.test_simulation import interrupted_simulate

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    """One local Ray (2 CPUs, loopback only, quiet) for the module; the backend finds it initialised."""
    ray.init(**sim.ray_backend.init_arguments(None, 2))
    yield ray
    ray.shutdown()


def _seeds(path: Path) -> list[int]:
    return [json.loads(line)["seed"] for line in path.read_text(encoding="utf-8").splitlines()]


def test_ray_plays_the_same_records_as_the_process_pool(local_ray: ModuleType) -> None:
    tasks = sim.batch_tasks(2, 6, 3, ("random",))
    in_process = list(sim.iter_games(tasks))
    finished: list[None] = []
    for workers in (1, 2):
        on_ray = list(sim.iter_games(tasks, workers, lambda: finished.append(None), backend="ray"))
        assert on_ray == in_process
    assert len(finished) == 2 * len(tasks)  # on_done once per game
    assert sim.run_games(2, 6, 3, backend="ray", workers=2) == sim.run_games(2, 6, 3, workers=2)
    assert local_ray.is_initialized()  # the caller's Ray is left running


def test_a_failed_task_is_named_with_its_seed_and_the_others_are_kept(local_ray: ModuleType) -> None:
    tasks = sim.batch_tasks(2, 4, 1)
    tasks[1] = sim.GameTask(players=2, seed=2, bots=("nobody", "nobody"))  # fails in the worker
    messages = []
    for backend in sim.BACKENDS:
        records: list[sim.Record] = []
        with pytest.raises(sim.BatchFailed, match=r"^1 of 4 games failed \(seeds 2\); first: game seed 2 ") as failed:
            records.extend(sim.iter_games(tasks, 2, backend=backend))
        assert [r["seed"] for r in records] == [1, 3, 4]
        messages.append(str(failed.value))
    assert messages[0] == messages[1]  # the same report from both backends


def test_simulate_with_the_ray_backend_writes_the_same_files(
    local_ray: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--players", "2", "--games", "4", "--seed", "5", "--workers", "2", "--progress"]
    outputs = {}
    for backend in sim.BACKENDS:
        results, report = tmp_path / f"{backend}.jsonl", tmp_path / f"{backend}.html"
        assert main([*argv, "--backend", backend, "--results", str(results), "--report", str(report)]) == 0
        captured = capsys.readouterr()
        assert "4/4" in captured.err and "games: 4" in captured.out
        summary = captured.out.split("speed:")[0]  # the speed differs, nothing else
        outputs[backend] = (results.read_text(encoding="utf-8"), report.read_text(encoding="utf-8"), summary)
    assert outputs["ray"] == outputs["local"]


def test_ctrl_c_on_ray_keeps_the_finished_games(
    local_ray: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.jsonl"
    argv = ["--players", "2", "--games", "12", "--seed", "1", "--quiet", "--backend", "ray", "--results", str(path)]
    assert interrupted_simulate(argv, 3, monkeypatch) == 130
    captured = capsys.readouterr()
    # Ray finishes games out of seed order: when the first seed was not yet among those done, none is kept.
    kept = _seeds(path) if path.exists() else []
    assert kept == list(range(1, len(kept) + 1)) and len(kept) <= 2  # a prefix of the seeds, at most 2 finished
    if kept:
        assert f"interrupted: {len(kept)} of 12 games finished and kept" in captured.err
    else:
        assert "interrupted before any game finished; nothing written" in captured.err
    assert sim.run_games(2, 2, 1, backend="ray") == sim.run_games(2, 2, 1)  # Ray still serves the next batch
