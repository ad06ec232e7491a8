"""A designer's commands: ``newton-rules data export`` / ``data validate`` and ``newton-rules balance``."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import newton_rules as nr
from newton_rules import simulation as sim
from newton_rules.cli import main


def test_export_writes_the_reference_pack_that_loads_as_the_reference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "my-pack"
    assert main(["data", "export", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted([*nr.reference_pack_files(), "balance_targets.json"])
    assert nr.load_catalog(folder).identity == nr.default_catalog().identity
    assert "12 files) and its balance targets" in capsys.readouterr().out


def test_export_never_overwrites_without_force(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "my-pack"
    main(["data", "export", str(folder)])
    (folder / "masters.json").write_text("edited", encoding="utf-8")
    assert main(["data", "export", str(folder)]) == 2
    assert "already exists: pass --force" in capsys.readouterr().err
    assert (folder / "masters.json").read_text(encoding="utf-8") == "edited"
    assert main(["data", "export", str(folder), "--force"]) == 0
    assert (folder / "masters.json").read_text(encoding="utf-8") == nr.reference_pack_files()["masters.json"]


def test_validate_a_valid_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path)])
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "a valid data pack" in out and "22 Masters" in out


def _break_a_card(folder: Path) -> None:
    path = folder / "cards.json"
    cards = json.loads(path.read_text(encoding="utf-8"))
    cards["action_cards"][1]["id"] = cards["action_cards"][0]["id"]
    path.write_text(json.dumps(cards), encoding="utf-8")


def test_validate_names_the_file_and_item_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path)])
    _break_a_card(tmp_path)
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path)]) == 1
    assert "cards.json: action_cards: duplicate id 'L1-01'" in capsys.readouterr().out
    assert main(["data", "validate", str(tmp_path), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] is False and report["problems"] == ["cards.json: action_cards: duplicate id 'L1-01'"]


def test_validate_reports_every_problem_of_the_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path)])
    pack = json.loads((tmp_path / "pack.json").read_text(encoding="utf-8"))
    pack["counts"]["masters"]["masters"] += 1
    pack["counts"]["tiles"]["cities"] += 1
    (tmp_path / "pack.json").write_text(json.dumps(pack), encoding="utf-8")
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path), "--format", "json"]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert len(problems) >= 2, problems


def _edit(folder: Path, name: str, change: Callable[[Any], None]) -> None:
    path = folder / f"{name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def _break_three_files(folder: Path) -> None:
    _edit(folder, "cards", lambda cards: cards["action_cards"][3]["special"].update(type="teleport"))
    _edit(folder, "cards", lambda cards: cards["action_cards"][5].update(level="two"))
    _edit(folder, "masters", lambda masters: masters["masters"][4].update(vp="five"))
    _edit(folder, "map", lambda board: board["routes"][3].update(b="bern"))


def test_validate_lists_the_broken_items_of_every_file_and_the_rules_checked_on_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["data", "export", str(tmp_path)])
    _break_three_files(tmp_path)
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path), "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    where = [(p["file"], p["item"], p["field"]) for p in report["details"]]
    assert ("cards.json", "action_cards[3] (id 'L1-04')", "special") in where
    assert ("cards.json", "action_cards[5] (id 'L1-06')", "level") in where
    assert ("masters.json", "masters[4] (id 'descartes')", "vp") in where
    assert ("map.json", "route 3 (strasbourg-bern)", None) in where  # a rule's check, on the readable rest
    assert "teleport" in report["problems"][0] and "3 problem(s) of reading" in report["note"]


def test_validate_names_an_unreadable_file_and_checks_the_others(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["data", "export", str(tmp_path)])
    (tmp_path / "tracks.json").write_text("{", encoding="utf-8")
    _edit(tmp_path, "masters", lambda masters: masters["masters"][4].update(vp="five"))
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "tracks.json: invalid JSON at line 1" in out and "masters[4] (id 'descartes').vp" in out
    assert "could not be read: fix the problems above" in out


def test_validate_holds_the_game_numbers_to_what_a_game_needs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["data", "export", str(tmp_path)])
    _edit(tmp_path, "constants", lambda constants: constants.update(starting_coins=-5, turns_per_round=0))
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "constants.json: starting_coins: must be at least 0, found -5" in out
    assert "constants.json: turns_per_round: must be at least 1, found 0" in out


def test_validate_plays_a_pack_that_loads_and_names_the_game_it_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One Study board, declared so: the files agree with pack.json, but a second player has no board."""
    main(["data", "export", str(tmp_path)])
    _edit(tmp_path, "study_boards", lambda boards: boards.update(boards=boards["boards"][:1]))
    _edit(tmp_path, "pack", lambda pack: pack["counts"]["study_boards"].update(boards=1))
    capsys.readouterr()
    assert main(["data", "validate", str(tmp_path), "--games", "1", "--format", "json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["problems"][0].startswith("play: 2-player game, seed 1: ")
    assert {p["item"] for p in report["details"]} >= {"2-player game, seed 1", "4-player game, seed 1"}
    assert not any(p["item"].startswith("1-player") for p in report["details"])  # solo needs one board


def test_validate_a_galileo_pack(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = json.loads(resources.files("galileo_rules").joinpath("data/galileo.json").read_text(encoding="utf-8"))
    (tmp_path / "galileo.json").write_text(json.dumps(pack), encoding="utf-8")
    assert main(["data", "validate", "--game", "galileo", str(tmp_path)]) == 0
    assert "a valid data pack, pack 'galileo-base-2024'" in capsys.readouterr().out
    pack["cards"][2]["id"] = 5
    pack["scales"][0]["id"] = 7
    (tmp_path / "galileo.json").write_text(json.dumps(pack), encoding="utf-8")
    assert main(["data", "validate", "--game", "galileo", str(tmp_path / "galileo.json"), "--format", "json"]) == 1
    problems = json.loads(capsys.readouterr().out)["problems"]
    assert problems[0] == "galileo.json: cards[2].id: expected a string, got 5"
    assert problems[1] == "galileo.json: scales[0].id: expected a string, got 7"


def test_diff_says_what_changed_item_by_item_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    main(["data", "export", str(before)])
    main(["data", "export", str(after)])

    def special_of_l2_10(special: dict[str, Any]) -> Callable[[Any], None]:
        return lambda cards: next(c for c in cards["action_cards"] if c["id"] == "L2-10").update(special=special)

    _edit(before, "cards", special_of_l2_10({"type": "exchange", "pay": {"potions": 1}, "gain": {"vp": 3}}))
    _edit(after, "cards", special_of_l2_10({"type": "exchange", "pay": {"coins": 2}, "gain": {"vp": 2}}))
    capsys.readouterr()
    assert main(["data", "diff", str(before), str(after)]) == 0
    out = capsys.readouterr().out
    assert "1 change(s)" in out
    assert "L2-10: Special Effect 'Spend 1 Potion: gain 3 VP' → 'Spend 2 coins: gain 2 VP'" in out


def test_diff_of_a_pack_with_itself_says_no_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path)])
    capsys.readouterr()
    assert main(["data", "diff", str(tmp_path), str(tmp_path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["changes"] == []


def test_validate_refuses_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["data", "validate", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


def test_balance_reads_saved_batches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = sim.run_games(2, 2, 1, ("random",))
    (tmp_path / "greedy-2p-s1.jsonl").write_text("".join(sim.record_json(r) + "\n" for r in records), encoding="utf-8")
    assert main(["balance", "--load", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games: greedy-2p 2" in out and "winners' mean VP 75-110" in out


def test_balance_plays_and_saves_a_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "--only", "greedy-1p", "--games", "1", "--save", str(tmp_path)]) == 0
    assert "solo: GreedyBot's median rank" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir()] == ["greedy-1p-s1.jsonl"]
    assert main(["balance", "--only", "greedy-1p", "--games", "1", "--save", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["balance", "--only", "greedy-5p"], "unknown balance batch 'greedy-5p'"),
        (["balance", "--games", "0"], "must be at least 1"),
    ],
)
def test_balance_refuses_bad_arguments(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(argv)
    assert message in capsys.readouterr().err
