"""Balance targets as data (docs/designers.md, "Your own targets"): a designer's JSON or TOML file of named
targets over the balance measures, the table against it, and ``newton-rules balance --targets FILE``
failing when a target is missed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from newton_rules.cli import main
from newton_rules.components.loading import default_catalog
from newton_rules.simulation.balance import Batches
from newton_rules.simulation.measures import MEASURES, RatioMeasure
from newton_rules.simulation.targets import (
    Target,
    TargetsError,
    balance_rows,
    load_targets,
    missed,
    parse_targets,
    reference_targets,
)


def player(score: int, win: float, cubes: int = 0) -> dict[str, Any]:
    return {
        "bot": "greedy",
        "score": score,
        "win_share": win,
        "vp_by_source": {"objectives": 0, "masters": 0, "special effects": 0},
        "masters_held": [],
        "masters_played": [],
        "objectives": [],
        "cards": [],
        "tiles": [],
        "cubes": cubes,
    }


def game(winner: int, loser: int, cubes: int = 8) -> dict[str, Any]:
    return {"players": [player(winner, 1.0, cubes), player(loser, 0.0)], "length": 500}


WINNERS_VP = {"name": "winners score 80 or more", "measure": "winners_vp", "batches": ["greedy-2p"], "at_least": 80}


def test_the_reference_targets_are_todays_targets() -> None:
    targets = {t.name: t for t in reference_targets()}
    assert targets["Special Effects share of all VP <= 20%"].at_most == 0.2
    assert targets["winners' mean VP 75-110"].at_least == 75
    assert targets["winners' mean VP 75-110"].at_most == 110
    assert targets["MCTSBot beats GreedyBot >= 65% (2p)"].at_least == 0.65
    assert all(t.measure in MEASURES for t in targets.values())


def test_a_target_missed_is_a_row_missed() -> None:
    batches = Batches(greedy={2: [game(70, 50), game(76, 60)]})
    rows = balance_rows(batches, default_catalog(), parse_targets({"targets": [WINNERS_VP]}, "mine.json"))
    assert [(r.target, r.batch, r.figure, r.met) for r in rows] == [
        ("winners score 80 or more", "greedy 2p", "73.0", False)
    ]
    assert missed(rows) == rows


def test_with_intervals_a_target_is_missed_only_when_its_whole_interval_is() -> None:
    close = Batches(greedy={2: [game(70, 50), game(88, 60)]})  # 79 VP, the interval reaches past 80
    far = Batches(greedy={2: [game(60, 50), game(62, 60)]})  # 61 VP, the interval well below 80
    targets = parse_targets({"targets": [WINNERS_VP]}, "mine.json")
    (unsure,) = balance_rows(close, default_catalog(), targets, intervals=True)
    (sure,) = balance_rows(far, default_catalog(), targets, intervals=True)
    assert unsure.met is False and not unsure.sure and missed([unsure]) == []
    assert sure.met is False and sure.sure and "(" in sure.figure


def test_pooled_batches_make_one_row() -> None:
    target = Target(name="mean VP", measure="mean_vp", batches=("greedy-2p", "greedy-3p"), pool=True)
    batches = Batches(greedy={2: [game(70, 50)], 3: [{"players": [player(90, 1.0), player(30, 0), player(30, 0)]}]})
    (row,) = balance_rows(batches, default_catalog(), [target])
    assert (row.batch, row.figure, row.met) == ("greedy 2-3p", "54.0", None)


def test_a_toml_file_says_the_same_as_json(tmp_path: Path) -> None:
    (tmp_path / "targets.toml").write_text(
        '[[targets]]\nname = "winners score 80 or more"\nmeasure = "winners_vp"\nbatches = ["greedy-2p"]\n'
        "at_least = 80\n",
        encoding="utf-8",
    )
    (tmp_path / "targets.json").write_text(json.dumps({"targets": [WINNERS_VP]}), encoding="utf-8")
    assert load_targets(tmp_path / "targets.toml") == load_targets(tmp_path / "targets.json")


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({**WINNERS_VP, "measure": "winners_vps"}, "targets[0] ('winners score 80 or more').measure: unknown measure"),
        ({**WINNERS_VP, "at_least": "80"}, ".at_least: expected a number, got '80'"),
        ({**WINNERS_VP, "batches": ["greedy-5p"]}, ".batches: expected a list of batch names"),
        ({**WINNERS_VP, "batches": []}, "measure 'winners_vp' is measured on games: give its batches"),
        ({**WINNERS_VP, "at_lest": 80}, "unknown field(s) at_lest"),
        ({"measure": "winners_vp", "batches": ["greedy-2p"]}, "targets[0].name: required"),
        ({"name": "x", "measure": "exchange_loops", "batches": ["greedy-2p"]}, "reads the pack alone"),
    ],
)
def test_a_malformed_target_is_named_with_its_field(entry: dict[str, Any], words: str) -> None:
    with pytest.raises(TargetsError) as info:
        parse_targets({"targets": [entry]}, "mine.json")
    assert str(info.value).startswith("mine.json: ") and words in str(info.value)


def test_a_file_that_is_not_toml_says_where(tmp_path: Path) -> None:
    (tmp_path / "targets.toml").write_text("[[targets]\n", encoding="utf-8")
    with pytest.raises(TargetsError, match=r"targets\.toml: invalid TOML: .*line 1"):
        load_targets(tmp_path / "targets.toml")


def _saved_batch(folder: Path, records: list[dict[str, Any]]) -> None:
    folder.mkdir()
    (folder / "greedy-2p-s1.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_balance_with_targets_exits_1_when_one_is_missed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _saved_batch(tmp_path / "runs", [game(70, 50), game(76, 60)])
    targets = tmp_path / "targets.json"
    targets.write_text(json.dumps({"targets": [WINNERS_VP]}), encoding="utf-8")
    assert main(["balance", "--load", str(tmp_path / "runs"), "--targets", str(targets)]) == 1
    captured = capsys.readouterr()
    assert "winners score 80 or more  greedy 2p  73.0  MISSED" in captured.out
    assert "1 target(s) missed: winners score 80 or more (greedy 2p)" in captured.err
    targets.write_text(json.dumps({"targets": [{**WINNERS_VP, "at_least": 70}]}), encoding="utf-8")
    assert main(["balance", "--load", str(tmp_path / "runs"), "--targets", str(targets)]) == 0


def test_balance_refuses_a_malformed_targets_file_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    targets = tmp_path / "targets.json"
    targets.write_text(json.dumps({"targets": [{**WINNERS_VP, "at_most": [1]}]}), encoding="utf-8")
    assert main(["balance", "--games", "1", "--targets", str(targets)]) == 2
    err = capsys.readouterr().err
    assert "targets[0] ('winners score 80 or more').at_most: expected a number, got [1]" in err
    assert "playing" not in err


def test_a_share_interval_stays_within_0_and_100_percent() -> None:
    share = MEASURES["winners_below_alice"]
    assert isinstance(share, RatioMeasure)
    games = [game(70, 50), game(90, 60), game(60, 50)]  # two winners of three below 84 VP
    interval = share.interval(games)
    assert interval is not None and 0.0 <= interval[0] < share.value(games) < interval[1] <= 1.0


def test_with_intervals_a_figure_without_one_does_not_fail_the_table() -> None:
    """The solo median title of 3 games has no interval: with intervals its verdict is not sure."""
    solo = [{"players": [player(score, 1.0)], "rank": "Illiterate"} for score in (40, 42, 44)]
    target = Target(name="solo title", measure="solo_median_place", batches=("greedy-1p",), at_least=5)
    (point,) = balance_rows(Batches(greedy={1: solo}), default_catalog(), [target])
    (interval,) = balance_rows(Batches(greedy={1: solo}), default_catalog(), [target], intervals=True)
    assert point.met is False and point.sure and missed([point]) == [point]
    assert interval.met is False and not interval.sure and missed([interval]) == []
