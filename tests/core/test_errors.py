"""The core's error family (``rules_core.errors``): a data file's error lists each problem it found."""

from __future__ import annotations

from rules_core.errors import DataError, RulesError


def test_a_data_error_with_one_problem_lists_its_message() -> None:
    error = DataError("cards.json: card 3: value must be at least 1")
    assert str(error) == "cards.json: card 3: value must be at least 1"
    assert error.problems == ("cards.json: card 3: value must be at least 1",)
    assert isinstance(error, RulesError)
    assert isinstance(error, ValueError)


def test_a_data_error_lists_each_problem_its_message_joins() -> None:
    error = DataError("card 3: no value; card 4: no name", ("card 3: no value", "card 4: no name"))
    assert str(error) == "card 3: no value; card 4: no name"
    assert error.problems == ("card 3: no value", "card 4: no name")
