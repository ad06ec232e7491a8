"""docs/designers.md: the designer's quick start runs as written (its batches cut to one game)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from newton_rules.cli import main

PAGE = Path(__file__).resolve().parent.parent / "docs" / "designers.md"
CONSOLE_BLOCK = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def quick_start_commands() -> list[list[str]]:
    """The ``newton-rules`` commands of the page's first console block, as argument lists."""
    block = CONSOLE_BLOCK.search(PAGE.read_text(encoding="utf-8"))
    assert block is not None, "docs/designers.md has no console block"
    lines = [line.removeprefix("$ ") for line in block.group(1).splitlines() if line.startswith("$ ")]
    return [shlex.split(line)[1:] for line in lines if line.startswith("newton-rules ")]


def one_game(argv: list[str]) -> list[str]:
    """``argv`` with its batch cut to one game (``balance``: the solo batch alone)."""
    cut = ["1" if before == "--games" else arg for before, arg in zip(["", *argv], argv, strict=False)]
    return [*cut, "--only", "greedy-1p"] if cut[0] == "balance" else cut


def change_the_card_as_the_page_says(pack: Path) -> None:
    cards = json.loads((pack / "cards.json").read_text(encoding="utf-8"))
    first = cards["action_cards"][0]
    assert first["id"] == "L1-01" and first["special"]["gain"] == {"vp": 3}
    first["special"]["gain"] = {"vp": 4}
    first["provenance"] = "designer"
    (pack / "cards.json").write_text(json.dumps(cards, indent=2), encoding="utf-8")
    manifest = json.loads((pack / "pack.json").read_text(encoding="utf-8"))
    (pack / "pack.json").write_text(json.dumps({**manifest, "name": "my-pack"}), encoding="utf-8")


def test_the_quick_start_commands_work_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = quick_start_commands()
    assert [argv[:2] for argv in commands[:2]] == [["data", "export"], ["data", "validate"]]
    assert {argv[0] for argv in commands[2:]} == {"simulate", "balance"}
    for number, argv in enumerate(commands):
        assert main(one_game(argv)) == 0, (argv, capsys.readouterr())
        if number == 0:
            change_the_card_as_the_page_says(tmp_path / "my-pack")
    out = capsys.readouterr().out
    assert "my-pack: a valid data pack, pack 'my-pack'" in out
    assert "solo: GreedyBot's median rank" in out
