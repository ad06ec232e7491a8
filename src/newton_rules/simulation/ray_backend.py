"""Running a batch's games as Ray tasks: Newton's use of the core's Ray backend
(:mod:`rules_core.simulation.ray_backend`).

Ray is optional (``pip install 'newton-rules[ray]'``): it is imported only when the ray backend is asked
for, so importing the simulation package never does. The core's module knows nothing of games: it runs a
function of one argument as Ray tasks and hands back a :class:`concurrent.futures.Future` per call, so
:mod:`newton_rules.simulation.batch` drives Ray and the process pool with the same seed-order loop. Here
it is given the packages Newton's workers import (``newton_rules`` and ``rules_core``).

A well-behaved Ray application: when the caller has already called ``ray.init``, the tasks run on that
Ray, which is neither reconfigured nor shut down; otherwise Ray is started (no address: a local Ray with
``workers`` CPUs, no dashboard, loopback only) or joined (an address: ``auto``, ``HOST:PORT`` or
``ray://HOST:PORT``) for the run and shut down after it. Tasks still running when the run stops (Ctrl-C,
an error) are cancelled.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from concurrent.futures import Future
from types import ModuleType
from typing import Any, TypeVar

from rules_core.simulation import ray_backend as core_ray
from rules_core.simulation.ray_backend import RAY_EXTRA, RayUnavailable, ray_module

_WORKER_PACKAGES = ("newton_rules", "rules_core")
"""What a worker on a Ray cluster imports: Newton and the engine core it is built on, copied from the driver."""

ItemT = TypeVar("ItemT")
ResultT = TypeVar("ResultT")


def init_arguments(address: str | None, workers: int) -> dict[str, Any]:
    """The ``ray.init`` arguments of a run: a private local Ray without an address (``workers`` CPUs, no
    dashboard, loopback only), else the cluster at it, its workers given a copy of ``newton_rules`` and ``rules_core``
    (``py_modules``) so they play with exactly the driver's code and reference data."""
    return core_ray.init_arguments(address, workers, _WORKER_PACKAGES)


def ray_session(address: str | None, workers: int) -> contextlib.AbstractContextManager[ModuleType]:
    """Ray, ready for tasks, for the duration of the ``with`` block (see the module's docstring)."""
    return core_ray.ray_session(address, workers, _WORKER_PACKAGES)


def ray_submitter(
    function: Callable[[ItemT], ResultT], address: str | None, workers: int
) -> contextlib.AbstractContextManager[Callable[[ItemT], Future[ResultT]]]:
    """A ``submit(item)`` that runs ``function(item)`` as a Ray task (one CPU) and returns its future;
    leaving the block cancels the tasks still running, then stops Ray if it was started for the run."""
    return core_ray.ray_submitter(function, address, workers, _WORKER_PACKAGES)


__all__ = [
    "RAY_EXTRA",
    "RayUnavailable",
    "init_arguments",
    "ray_module",
    "ray_session",
    "ray_submitter",
]
