"""docs/designers.md, "A CI job": the workflow a designer copies runs as written (its batches cut to a game
or two, the comparison's bots to random ones, for time)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from newton_rules.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "designers.md"
YAML_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.S | re.M)
RUN_LINE = re.compile(r"^\s*- run: (newton-rules .*)$", re.M)


def workflow() -> str:
    block = YAML_BLOCK.search(PAGE.read_text(encoding="utf-8"))
    assert block is not None, "docs/designers.md has no workflow"
    return block.group(1)


def workflow_commands() -> list[list[str]]:
    """The ``newton-rules`` commands of the workflow's steps, in order (quick job, then nightly), as argv."""
    return [shlex.split(line)[1:] for line in RUN_LINE.findall(workflow())]


def cut(argv: list[str]) -> list[str]:
    """``argv`` with its batch cut: one solo game for ``balance``, two games between random bots for
    ``compare``."""
    if argv[0] == "balance":
        return [*_with(argv, "--games", "1"), "--only", "greedy-1p"]
    if argv[0] == "compare":
        return [*_with(argv, "--games", "2"), "--bots", "random"]
    return argv


def _with(argv: list[str], option: str, value: str) -> list[str]:
    return [value if before == option else arg for before, arg in zip(["", *argv], argv, strict=False)]


def test_the_workflow_is_yaml_with_a_quick_and_a_nightly_job() -> None:
    yaml = pytest.importorskip("yaml")
    jobs = yaml.safe_load(workflow())["jobs"]
    assert set(jobs) == {"quick", "nightly"}
    assert "schedule" in jobs["nightly"]["if"] and "schedule" in jobs["quick"]["if"]


def test_the_workflow_commands_work_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["data", "export", "my-pack"]) == 0  # the designer's repository holds the pack
    commands = workflow_commands()
    assert [argv[:2] for argv in commands[:3]] == [["data", "validate"], ["data", "export"], ["data", "diff"]]
    assert {argv[0] for argv in commands} == {"data", "balance", "compare"}
    for argv in commands:
        status = main(cut(argv))
        out = capsys.readouterr().out
        if argv[0] == "balance":  # a gate: 1 when a target is missed on this one game, never a usage error
            assert status in (0, 1) and "solo: GreedyBot's median rank" in out, (argv, out)
        else:
            assert status == 0, (argv, out)
    assert (tmp_path / "compare.html").is_file()
