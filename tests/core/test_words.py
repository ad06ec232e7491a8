"""The small words every game's text shares (rules_core.words): counted nouns, lists, ordinals, capitals and
the decision stack's events in sentences."""

from __future__ import annotations

from typing import Any

from rules_core.stack import POPPED, DecisionPushed, DecisionUpdated
from rules_core.words import capitalized, join_words, lowered, ordinal, player_name, plural, stack_event_text


def test_a_seat_is_named_player_and_its_number() -> None:
    assert player_name(2) == "Player 2"


def test_a_count_of_one_takes_the_singular_any_other_the_plural() -> None:
    assert [plural(n, "coin") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]


def test_a_noun_may_give_its_own_plural() -> None:
    assert plural(3, "VP", "VP") == "3 VP"
    assert plural(1, "library", "libraries") == "1 library"
    assert plural(2, "library", "libraries") == "2 libraries"


def test_words_are_joined_with_commas_and_the_last_word() -> None:
    assert join_words([]) == ""
    assert join_words(["a"]) == "a"
    assert join_words(["a", "b"]) == "a and b"
    assert join_words(["a", "b", "c"]) == "a, b and c"
    assert join_words(["a", "b", "c"], last="or") == "a, b or c"


def test_a_sentence_starts_with_a_capital_and_goes_on_in_small_letters() -> None:
    assert capitalized("gain 2 VP") == "Gain 2 VP"
    assert lowered("Gain 2 VP") == "gain 2 VP"
    assert capitalized("") == lowered("") == ""


def test_ordinals_follow_english() -> None:
    numbers = (1, 2, 3, 4, 9, 10, 11, 12, 13, 20, 21, 22, 23, 24, 100, 101, 111, 112, 113, 121)
    assert [ordinal(n) for n in numbers] == [
        "1st", "2nd", "3rd", "4th", "9th", "10th", "11th", "12th", "13th", "20th",
        "21st", "22nd", "23rd", "24th", "100th", "101st", "111th", "112th", "113th", "121st",
    ]  # fmt: skip


def _decision_text(frame: Any, verb: str) -> str:
    return f"Player 0 {verb} {frame}."


def test_a_pushed_decision_begins_an_updated_one_goes_on_a_popped_one_is_complete() -> None:
    assert stack_event_text(DecisionPushed(frame="a Travel action"), _decision_text) == (
        "Player 0 begins a Travel action."
    )
    assert stack_event_text(DecisionUpdated(frame="a Travel action"), _decision_text) == (
        "Player 0 goes on with a Travel action."
    )
    assert stack_event_text(POPPED, _decision_text) == "The current decision is complete."
