"""What the core's fuzz kit promises (rules_core.fuzz): each kind of change a mutation makes, driven here by a
scripted generator so that each test names the change it expects, and the reports of a fuzz run: loads
and parses refused, accepted, and every failure named with its iteration, up to the most asked for."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, MutableSequence
from types import SimpleNamespace
from typing import Any

import pytest

from rules_core import fuzz
from rules_core.errors import RulesError
from rules_core.fuzz import JSON_CHARACTERS, SCALARS, FuzzReport, fuzz_action_texts, fuzz_saves, mutate, mutate_text


class Scripted(random.Random):
    """A generator that answers ``random()`` with the given numbers and ``choice``/``randrange`` with the
    given indexes, and reverses what it shuffles; it fails when asked for more than scripted."""

    def __init__(self, randoms: Iterable[float] = (), picks: Iterable[int] = ()) -> None:
        super().__init__(0)
        self.randoms, self.picks = iter(randoms), iter(picks)

    def random(self) -> float:
        return next(self.randoms)

    def choice(self, seq: Any) -> Any:
        return seq[next(self.picks)]

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return next(self.picks)

    def shuffle(self, x: MutableSequence[Any], *args: Any, **kwargs: Any) -> None:
        x.reverse()

    def done(self) -> bool:
        return next(self.randoms, None) is None and next(self.picks, None) is None


def _mutated(doc: Any, randoms: Iterable[float], picks: Iterable[int]) -> Any:
    rnd = Scripted(randoms, picks)
    result = mutate(doc, rnd)
    assert rnd.done()
    return result


def test_a_mutated_object_loses_a_key_or_repeats_it_or_changes_its_value() -> None:
    doc = {"a": 1, "b": 2}
    assert _mutated(doc, [0.5, 0.09], [1]) == {"a": 1}
    assert _mutated(doc, [0.5, 0.1], [1]) == {"a": 1, "b": 2, "b_": 2}
    assert _mutated(doc, [0.5, 0.2, 0.3], [1, 3]) == {"a": 1, "b": 102}
    assert _mutated(doc, [0.5, 0.2, 0.3], [0, 0]) == {"a": 0, "b": 2}
    assert doc == {"a": 1, "b": 2}


def test_a_mutated_object_or_list_is_sometimes_replaced_whole_by_an_odd_scalar() -> None:
    assert _mutated({"a": 1}, [0.8], [7]) == 2**70
    assert _mutated([1], [0.8], [1]) is True
    assert _mutated({}, [], [3]) == 0
    assert _mutated([], [], [9]) == ""


def test_a_mutated_list_loses_repeats_shuffles_or_changes_an_entry() -> None:
    doc = [10, 20, 30]
    assert _mutated(doc, [0.5, 0.14], [1]) == [10, 30]
    assert _mutated(doc, [0.5, 0.15], [1, 2]) == [10, 30, 20, 30]
    assert _mutated(doc, [0.5, 0.3], [1]) == [30, 20, 10]
    assert _mutated(doc, [0.5, 0.4, 0.6], [1, 0]) == [10, None, 30]
    assert doc == [10, 20, 30]


def test_a_mutated_text_has_a_character_changed_else_it_is_replaced() -> None:
    assert _mutated("abc", [0.4, 0.1], [1]) == "ac"
    assert _mutated("abc", [0.5], [12]) == "stop"
    assert _mutated("", [], [12]) == "stop"


def test_a_mutated_number_moves_else_it_is_replaced_and_a_flag_is_always_replaced() -> None:
    assert _mutated(5, [0.49], [0]) == 4
    assert _mutated(5, [0.49], [2]) == -95
    assert _mutated(5, [0.5], [8]) == 1.5
    assert _mutated(True, [], [2]) is False


def test_a_text_loses_doubles_or_changes_one_character() -> None:
    def mutated(text: str, randoms: list[float], picks: list[int]) -> str:
        rnd = Scripted(randoms, picks)
        result = mutate_text(text, rnd)
        assert rnd.done()
        return result

    assert mutated("abc", [0.19], [1]) == "ac"
    assert mutated("abc", [0.2], [1]) == "abbc"
    assert mutated("abc", [0.39], [2]) == "abcc"
    assert mutated("abc", [0.4], [1, 3]) == "a-c"
    assert mutated("abc", [0.9], [0, 5]) == "abc"
    assert mutated("", [], [2]) == "1"


class _Loader:
    """A game class whose loading is scripted: ``outcome(text)`` raises or returns the game."""

    def __init__(self, outcome: Any, problems: list[str] | None = None) -> None:
        self.outcome = outcome
        self.texts: list[str] = []
        self.definition = SimpleNamespace(invariants=lambda game: problems or [])

    def from_json(self, text: str) -> Any:
        self.texts.append(text)
        return self.outcome(text)


def _refuse(text: str) -> Any:
    raise RulesError("no")


SAVE = json.dumps({"format": 1, "actions": ["play 1"], "state": {"stones": 4}})


def test_fuzzing_saves_loads_random_text_every_tenth_time_and_mutated_saves_otherwise() -> None:
    loader = _Loader(_refuse)
    report = fuzz_saves(loader, [SAVE], 21, seed=3)  # type: ignore[arg-type]
    assert report == FuzzReport(21, 21, 0, ())
    assert len(loader.texts) == 21
    for i, text in enumerate(loader.texts):
        if i % 10 == 0:
            assert set(text) <= set(JSON_CHARACTERS) and len(text) < 60
        else:
            assert text != SAVE and isinstance(json.loads(text), dict | list | str | int | float | bool | None)
    assert fuzz_saves(_Loader(_refuse), [SAVE], 21, seed=3).accepted == 0  # type: ignore[arg-type]
    assert _Loader(_refuse).texts == []


def test_fuzzing_saves_is_the_same_for_the_same_seed() -> None:
    first, again, other = _Loader(_refuse), _Loader(_refuse), _Loader(_refuse)
    fuzz_saves(first, [SAVE], 12, seed=5)  # type: ignore[arg-type]
    fuzz_saves(again, [SAVE], 12, seed=5)  # type: ignore[arg-type]
    fuzz_saves(other, [SAVE], 12, seed=6)  # type: ignore[arg-type]
    assert first.texts == again.texts != other.texts


def test_fuzzing_saves_accepts_a_sound_game() -> None:
    assert fuzz_saves(_Loader(lambda text: "game"), [SAVE], 7) == FuzzReport(7, 0, 7, ())  # type: ignore[arg-type]


def test_a_loaded_game_that_breaks_an_invariant_is_a_failure_naming_it() -> None:
    report = fuzz_saves(_Loader(lambda text: "game", ["stones < 0", "more"]), [SAVE], 2)  # type: ignore[arg-type]
    assert report == FuzzReport(
        2, 0, 2, ("iteration 0: loaded game breaks stones < 0", "iteration 1: loaded game breaks stones < 0")
    )
    assert not report.ok


def test_a_load_that_crashes_is_a_failure_and_the_run_stops_at_the_most_failures() -> None:
    def crash(text: str) -> Any:
        raise ValueError("boom")

    loader = _Loader(crash)
    report = fuzz_saves(loader, [SAVE], 50, max_failures=3)  # type: ignore[arg-type]
    assert len(report.failures) == 3 and len(loader.texts) == 3
    assert report.failures[1].startswith("iteration 1: Traceback") and "ValueError: boom" in report.failures[1]
    assert report.failures[1].endswith("\n" + loader.texts[1][:300])
    assert (report.rejected, report.accepted, report.ok) == (0, 0, False)
    assert len(fuzz_saves(_Loader(crash), [SAVE], 50).failures) == 10  # type: ignore[arg-type]


class _Table:
    """A game whose action parsing is scripted."""

    def __init__(self, parse: Any, legal: tuple[str, ...] = ("play 1", "pass")) -> None:
        self.state = object()
        self.legal = legal
        self.parse = parse
        self.texts: list[str] = []

    def legal_actions(self) -> tuple[str, ...]:
        return self.legal

    def parse_action(self, text: str) -> Any:
        self.texts.append(text)
        return self.parse(self, text)


def test_fuzzing_action_texts_gives_mutated_legal_action_texts_to_the_games_with_a_choice() -> None:
    table, over = _Table(lambda game, text: _refuse(text)), _Table(lambda game, text: "x", legal=())
    report = fuzz_action_texts([over, table], 30, seed=2)  # type: ignore[list-item]
    assert report == FuzzReport(30, 30, 0, ())
    assert over.texts == [] and len(table.texts) == 30 and set(table.texts) - {"play 1", "pass"}
    assert fuzz_action_texts([over], 30) == FuzzReport(30, 0, 0, ())  # type: ignore[list-item]


def test_a_text_parsed_as_a_legal_action_is_accepted_and_one_parsed_as_another_is_a_failure() -> None:
    assert fuzz_action_texts([_Table(lambda game, text: "pass")], 5) == FuzzReport(5, 0, 5, ())  # type: ignore[list-item]
    report = fuzz_action_texts([_Table(lambda game, text: "jump")], 5, max_failures=2)  # type: ignore[list-item]
    assert len(report.failures) == 2 and report.accepted == 2
    assert report.failures[0].startswith("iteration 0: '") and report.failures[0].endswith(
        "parsed as jump, which is not legal"
    )


def test_a_parse_that_crashes_or_changes_the_game_is_a_failure() -> None:
    def crash(game: _Table, text: str) -> Any:
        raise KeyError(text)

    report = fuzz_action_texts([_Table(crash)], 4)  # type: ignore[list-item]
    assert (
        len(report.failures) == 4
        and "KeyError" in report.failures[3]
        and report.failures[3].startswith("iteration 3: '")
    )

    def change(game: _Table, text: str) -> Any:
        game.state = object()
        return "pass"

    report = fuzz_action_texts([_Table(change)], 3)  # type: ignore[list-item]
    assert report.accepted == 3 and len(report.failures) == 3
    assert report.failures[0].startswith("iteration 0: parsing '") and report.failures[0].endswith("' changed the game")


def test_the_odd_scalars_cover_every_json_kind() -> None:
    assert {type(s) for s in SCALARS} == {type(None), bool, int, float, str, list, dict}


def test_the_odd_scalars_given_are_used_at_every_depth() -> None:
    rnd = Scripted([0.5, 0.5], [0, 0])
    assert mutate({"a": {}}, rnd, ("odd",)) == {"a": "odd"}
    rnd = Scripted([0.5, 0.5], [0, 0])
    assert mutate([[]], rnd, ("odd",)) == ["odd"]


def test_a_number_moves_by_one_or_a_hundred_either_way() -> None:
    assert [_mutated(5, [0.1], [pick]) for pick in range(4)] == [4, 6, -95, 105]


def test_a_changed_character_is_a_space_a_mark_a_digit_a_dash_or_an_x() -> None:
    def replaced(pick: int) -> str:
        return mutate_text("abc", Scripted([0.9], [1, pick]))

    assert [replaced(pick) for pick in range(6)] == ["a c", "a?c", "a1c", "a-c", "axc", "abc"]
    assert [mutate_text("", Scripted([], [pick])) for pick in range(4)] == [" ", "?", "1", "x"]


def test_fuzzing_is_seeded_with_zero_by_default() -> None:
    default, zero = _Loader(_refuse), _Loader(_refuse)
    fuzz_saves(default, [SAVE], 12)  # type: ignore[arg-type]
    fuzz_saves(zero, [SAVE], 12, seed=0)  # type: ignore[arg-type]
    assert default.texts == zero.texts
    tables = [_Table(lambda game, text: _refuse(text)) for _ in range(3)]
    fuzz_action_texts([tables[0]], 12)  # type: ignore[list-item]
    fuzz_action_texts([tables[1]], 12, seed=0)  # type: ignore[list-item]
    fuzz_action_texts([tables[2]], 12, seed=1)  # type: ignore[list-item]
    assert tables[0].texts == tables[1].texts != tables[2].texts


def test_the_texts_fuzzed_are_a_legal_actions_text_changed_one_to_three_times() -> None:
    table = _Table(lambda game, text: _refuse(text), legal=("play 12345",))
    fuzz_action_texts([table], 30)  # type: ignore[list-item]
    assert all(isinstance(text, str) and 7 <= len(text) <= 13 for text in table.texts)


def test_a_parse_that_crashes_stops_the_run_at_ten_failures_by_default() -> None:
    def crash(game: _Table, text: str) -> Any:
        raise KeyError(text)

    assert len(fuzz_action_texts([_Table(crash)], 30).failures) == 10  # type: ignore[list-item]


def test_fuzzing_saves_puts_the_odd_scalars_given_into_the_saves() -> None:
    loader = _Loader(_refuse)
    fuzz_saves(loader, [SAVE], 30, scalars=("ODD",))  # type: ignore[arg-type]
    assert any('"ODD"' in text for text in loader.texts)
    assert not any("null" in text for i, text in enumerate(loader.texts) if i % 10)


def _crash_deep(depth: int) -> Any:
    if depth:
        return _crash_deep(depth - 1)
    raise ValueError("deep")


def test_a_crash_shows_its_three_outermost_frames_and_the_first_300_characters_of_the_save() -> None:
    loader = _Loader(lambda text: _crash_deep(5))
    long_save = json.dumps({"format": 1, "actions": ["play 1"] * 60})
    failure = fuzz_saves(loader, [long_save], 2, max_failures=2).failures[1]  # type: ignore[arg-type]
    assert failure.count('  File "') == 3 and "ValueError: deep" in failure
    assert len(loader.texts[1]) > 300 and failure.endswith("\n" + loader.texts[1][:300])
    assert len(failure.rsplit("\n", 1)[1]) == 300
    table = _Table(lambda game, text: _crash_deep(5))
    failure = fuzz_action_texts([table], 1).failures[0]  # type: ignore[list-item]
    assert failure.count('  File "') == 3 and "ValueError: deep" in failure


def test_random_save_texts_are_0_to_59_characters_long() -> None:
    lengths = []
    for seed in range(300):
        loader = _Loader(_refuse)
        fuzz_saves(loader, [SAVE], 1, seed=seed)  # type: ignore[arg-type]
        lengths.append(len(loader.texts[0]))
    assert (min(lengths), max(lengths)) == (0, 59)


def test_each_fuzzed_text_and_save_is_changed_one_to_three_times(monkeypatch: pytest.MonkeyPatch) -> None:
    calls, depth, per_text = [0], [0], []

    def counted_text(text: str, rnd: random.Random) -> str:
        calls[0] += depth[0] == 0  # a save's string changed inside a change of the save is not one more
        return mutate_text(text, rnd)

    def counted_doc(doc: Any, rnd: random.Random, scalars: Any = SCALARS) -> Any:
        calls[0] += depth[0] == 0  # the changes inside a change are one change
        depth[0] += 1
        try:
            return mutate(doc, rnd, scalars)
        finally:
            depth[0] -= 1

    def counting(text: str) -> Any:
        per_text.append(calls[0])
        calls[0] = 0
        return _refuse(text)

    monkeypatch.setattr(fuzz, "mutate_text", counted_text)
    monkeypatch.setattr(fuzz, "mutate", counted_doc)
    fuzz_action_texts([_Table(lambda game, text: counting(text))], 60)  # type: ignore[list-item]
    assert set(per_text) == {1, 2, 3}
    per_text.clear()
    fuzz_saves(_Loader(counting), [SAVE], 60)  # type: ignore[arg-type]
    assert set(per_text[1:10] + per_text[11:20]) == {1, 2, 3} and per_text[::10] == [0] * 6
