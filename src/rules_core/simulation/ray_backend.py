"""Running a batch's games of any game as Ray tasks: connect to Ray (or start a private local one), submit,
clean up.

Ray is optional (``pip install 'newton-rules[ray]'``): it is imported only inside :func:`ray_module`, so
importing the simulation never does. This module knows nothing of games: it runs a function of one argument
as Ray tasks and hands back a :class:`concurrent.futures.Future` per call, so
:mod:`rules_core.simulation.batch` drives Ray and a process pool with the same seed-order loop.

A well-behaved Ray application: when the caller has already called ``ray.init``, the tasks run on that
Ray, which is neither reconfigured nor shut down; otherwise Ray is started (no address: a local Ray with
``workers`` CPUs, no dashboard, loopback only) or joined (an address: ``auto``, ``HOST:PORT`` or
``ray://HOST:PORT``) for the run and shut down after it. Tasks still running when the run stops (Ctrl-C,
an error) are cancelled.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from rules_core.errors import RulesError

RAY_EXTRA = "pip install 'newton-rules[ray]'"
"""What installs Ray for the ray backend."""

ItemT = TypeVar("ItemT")
ResultT = TypeVar("ResultT")


class RayUnavailable(RulesError):
    """The ray backend cannot run: Ray is not installed, or Ray cannot be started or reached."""


def ray_module() -> ModuleType:
    """The ``ray`` package; :class:`RayUnavailable` naming the extra to install when it is missing."""
    try:
        import ray  # optional third-party package: imported only when the ray backend is asked for
    except ImportError:
        raise RayUnavailable(f"the ray backend needs Ray, which is not installed: {RAY_EXTRA}") from None
    package: ModuleType = ray
    return package


def init_arguments(address: str | None, workers: int, packages: Sequence[str]) -> dict[str, Any]:
    """The ``ray.init`` arguments of a run: a private local Ray without an address, else the cluster at it.

    The local Ray gets ``workers`` CPUs (so ``workers`` games play at once), no dashboard and only the
    loopback address. On a cluster the workers import ``packages`` (the game's and the core, by name) from a
    copy of this driver's (``py_modules``), so they play with exactly the driver's code and data; the
    cluster's Python must have their dependencies (attrs, cattrs). Workers' output is not echoed here.
    """
    if address is None:
        return {
            "num_cpus": workers,
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
            "_node_ip_address": "127.0.0.1",
        }
    folders = [str(Path(str(importlib.import_module(name).__file__)).parent) for name in packages]
    return {"address": address, "log_to_driver": False, "runtime_env": {"py_modules": folders}}


@contextlib.contextmanager
def ray_session(address: str | None, workers: int, packages: Sequence[str]) -> Iterator[ModuleType]:
    """Ray, ready for tasks, for the duration of the ``with`` block (see the module's docstring)."""
    ray = ray_module()
    if ray.is_initialized():  # the caller's Ray: use it as it is, and leave it running
        yield ray
        return
    try:
        ray.init(**init_arguments(address, workers, packages))
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        where = "start a local Ray" if address is None else f"connect to Ray at {address}"
        raise RayUnavailable(f"cannot {where}: {exc}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()


@contextlib.contextmanager
def ray_submitter(
    function: Callable[[ItemT], ResultT], address: str | None, workers: int, packages: Sequence[str]
) -> Iterator[Callable[[ItemT], Future[ResultT]]]:
    """A ``submit(item)`` that runs ``function(item)`` as a Ray task (one CPU) and returns its future.

    ``function`` must be importable by name on the workers (a module-level function of a package).
    Leaving the block cancels the tasks still running, then stops Ray if :func:`ray_session` started it.
    """
    with ray_session(address, workers, packages) as ray:
        remote = ray.remote(num_cpus=1)(function)
        running: dict[int, Any] = {}  # id of each unfinished task's future -> its ObjectRef, to cancel it

        def submit(item: ItemT) -> Future[ResultT]:
            ref = remote.remote(item)
            future: Future[ResultT] = ref.future()
            running[id(future)] = ref
            future.add_done_callback(lambda done: running.pop(id(done), None))
            return future

        try:
            yield submit
        finally:
            for ref in list(running.values()):
                ray.cancel(ref)


__all__ = ["RAY_EXTRA", "RayUnavailable", "init_arguments", "ray_module", "ray_session", "ray_submitter"]
