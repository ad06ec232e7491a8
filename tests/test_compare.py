"""``newton-rules compare``: two data packs played on the same seeds by the same bots; per measure the
paired difference with its 95% interval and whether it is significant (docs/designers.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from newton_rules.cli import main
from newton_rules.simulation.compare import MIN_HOLDERS, PairingError, compare_batches
from newton_rules.simulation.measures import jackknife_interval, student_t95


def record(seed: int, scores: tuple[int, int], masters: tuple[list[str], list[str]] = ([], [])) -> dict[str, Any]:
    winner = 0 if scores[0] >= scores[1] else 1
    return {
        "seed": seed,
        "bots": ["greedy", "greedy"],
        "length": 400,
        "players": [
            {
                "bot": "greedy",
                "score": score,
                "win_share": 1.0 if seat == winner else 0.0,
                "vp_by_source": {"masters": score // 2},
                "masters_held": masters[seat],
                "masters_played": [],
                "objectives": [],
                "cubes": 0,
            }
            for seat, score in enumerate(scores)
        ],
    }


def by_name(rows: list[Any]) -> dict[str, Any]:
    return {row.measure: row for row in rows}


def test_a_shift_every_pair_of_games_shows_is_significant() -> None:
    before = [record(seed, (60 + seed % 7, 50 + seed % 5)) for seed in range(1, 31)]
    after = [record(seed, (63 + seed % 7, 53 + seed % 5)) for seed in range(1, 31)]
    mean_vp = by_name(compare_batches(before, after))["mean VP"]
    assert mean_vp.difference == pytest.approx(3.0)
    assert mean_vp.significant and mean_vp.interval[0] > 0


def test_noise_around_no_change_is_not_significant() -> None:
    before = [record(seed, (60, 50)) for seed in range(1, 21)]
    after = [record(seed, (60 + (3 if seed % 2 else -3), 50)) for seed in range(1, 21)]
    mean_vp = by_name(compare_batches(before, after))["mean VP"]
    assert mean_vp.difference == pytest.approx(0.0)
    assert not mean_vp.significant


def test_the_holders_of_an_item_are_compared_once_it_is_held_often_enough() -> None:
    held: tuple[list[str], list[str]] = (["newton"], [])
    often = [record(seed, (70, 50), held) for seed in range(1, MIN_HOLDERS + 1)]
    rarely = [record(seed, (70, 50), held if seed == 1 else ([], [])) for seed in range(1, MIN_HOLDERS + 1)]
    assert "newton" in by_name(compare_batches(often, often))
    assert "newton" not in by_name(compare_batches(often, rarely))


def test_batches_on_other_seeds_are_not_paired() -> None:
    with pytest.raises(PairingError, match="not played on the same seeds"):
        compare_batches([record(1, (60, 50))], [record(2, (60, 50))])


def test_few_games_widen_the_interval() -> None:
    assert student_t95(3) == pytest.approx(3.182)
    assert student_t95(10) == pytest.approx(2.228, abs=0.01)
    assert student_t95(1000) == pytest.approx(1.962, abs=0.001)
    assert jackknife_interval([(1.0, 1.0)]) is None


def test_the_same_pack_twice_plays_the_same_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path / "pack")])
    pack = str(tmp_path / "pack")
    argv = ["compare", "--data", pack, "--data", pack, "--players", "2", "--games", "3", "--bots", "random"]
    capsys.readouterr()
    assert main([*argv, "--format", "json", "--report", str(tmp_path / "compare.html")]) == 0
    differences = json.loads(capsys.readouterr().out)["differences"]
    assert {d["group"] for d in differences} >= {"scores", "VP by source", "win rate by seat", "balance measures"}
    assert all(d["difference"] == 0 and not d["significant"] for d in differences)
    whole = {d["measure"]: d for d in differences if d["interval"] is None}
    assert {"must_have_items", "exchange_loops", "best_exchange_rate"} <= set(whole)  # figures side by side
    page = (tmp_path / "compare.html").read_text(encoding="utf-8")
    assert "<svg" in page and "win rate by seat" in page and "<script" not in page


def test_compare_takes_two_packs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["data", "export", str(tmp_path)])
    capsys.readouterr()
    assert main(["compare", "--data", str(tmp_path), "--players", "2"]) == 2
    assert "compare takes two data packs (--data BEFORE --data AFTER), got 1" in capsys.readouterr().err
