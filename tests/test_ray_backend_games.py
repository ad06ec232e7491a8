"""The ray backend of any game's batches (rules_core.simulation), on one local Ray shared by the module
(skipped without ``newton-rules[ray]``): Galileo's records on Ray are those of the process pool, in seed order."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from galileo_rules.simulation import GALILEO_SIMULATED
from rules_core import simulation as sim
from rules_core.simulation.ray_backend import init_arguments

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[ModuleType]:
    """One local Ray (2 CPUs, loopback only, quiet) for the module; the backend finds it initialised."""
    ray.init(**init_arguments(None, 2, GALILEO_SIMULATED.packages))
    yield ray
    ray.shutdown()


def test_ray_plays_the_same_galileo_records_as_the_process_pool(local_ray: ModuleType) -> None:
    tasks = sim.batch_tasks(GALILEO_SIMULATED, 1, 3, 2, ("random",), options={"advanced": True})
    finished: list[None] = []
    on_ray = list(sim.iter_games(tasks, 2, lambda: finished.append(None), backend="ray"))
    assert on_ray == list(sim.iter_games(tasks)) and len(finished) == len(tasks)
    assert [record["seed"] for record in on_ray] == [2, 3, 4]
    assert local_ray.is_initialized()  # the caller's Ray is left running


def test_a_failed_task_on_ray_is_named_with_its_seed(local_ray: ModuleType) -> None:
    tasks = sim.batch_tasks(GALILEO_SIMULATED, 1, 2, 1)
    tasks[0] = sim.GameTask(simulated=GALILEO_SIMULATED, players=1, seed=1, bots=("random", "random"))
    with pytest.raises(sim.BatchFailed, match="seeds 1") as failed:
        list(sim.iter_games(tasks, 2, backend="ray"))
    assert [f.seed for f in failed.value.failures] == [1]
