"""What a game's action kinds and their notation promise (rules_core.actions, rules_core.notation): the text
of an action, the arguments and limits a kind reads from the configuration and the data, the refusal of a
kind declared twice, and a precise error for each malformed action text."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

import pytest

from rules_core.actions import Action, ActionKind, Notation, NotationBuilder
from rules_core.definition import highest_scores, most_points, victory_points
from rules_core.errors import ActionSyntaxError, RulesError
from rules_core.notation import read_action

KINDS = {"step": True, "end": False}


def test_an_action_is_written_as_its_kind_then_its_argument_if_any() -> None:
    assert str(Action("step", "venezia")) == "step venezia"
    assert str(Action("end")) == "end"


def test_a_game_action_class_reads_the_notation_it_names() -> None:
    class Move(Action):
        notation: ClassVar[Notation] = Notation((ActionKind("step", takes_argument=True), ActionKind("end")))

    assert Move.parse("step venezia") == Move("step", "venezia")
    assert type(Move.parse("end")) is Move
    with pytest.raises(ActionSyntaxError, match=r"^action 'end' takes no argument, got 'end now'$"):
        Move.parse("end now")


def test_an_action_class_naming_no_notation_cannot_read_actions() -> None:
    class Loose(Action):
        pass

    with pytest.raises(RulesError, match=r"^Loose names no notation to read actions with$"):
        Loose.parse("end")


def test_a_kind_without_a_domain_that_takes_an_argument_cannot_list_its_arguments() -> None:
    with pytest.raises(RulesError, match=r"^action kind 'knock' declares no domain: its arguments cannot be listed$"):
        ActionKind("knock", takes_argument=True).arguments(None, None)


def test_a_kinds_arguments_are_read_from_the_configuration_and_the_data_each_once() -> None:
    kind = ActionKind("take", lambda config, catalog: [*config, *catalog])
    assert kind.arguments(("2", "1"), ("1", "3")) == ("2", "1", "3")
    assert ActionKind("end").arguments(None, None) == ("",)


def test_a_kinds_declared_limit_reads_the_configuration_and_the_data() -> None:
    kind = ActionKind("take", lambda config, catalog: ("1",), most=lambda config, catalog: config * catalog)
    assert kind.limit(3, 4) == 12


def test_action_kinds_declared_twice_are_refused_naming_each_in_order() -> None:
    step, end, jump = ActionKind("step"), ActionKind("end"), ActionKind("jump")
    with pytest.raises(RulesError, match=r"^action kinds declared twice: end, step$"):
        Notation((step, end, jump, end, step))


def test_a_notation_knows_its_kinds_by_name() -> None:
    step, end = ActionKind("step", takes_argument=True), ActionKind("end")
    assert Notation((step, end)).by_name == {"step": step, "end": end}


def test_a_kind_declared_through_a_builder_keeps_every_field() -> None:
    def domain(config: Any, catalog: Any) -> tuple[str, ...]:
        return ("a",)

    def most(config: Any, catalog: Any) -> int:
        return 1

    kinds = NotationBuilder()
    assert kinds.declare("ring", domain, True, most, "ring it") == ActionKind("ring", domain, True, most, "ring it")
    assert kinds.declare("tap", domain, True, most, "tap it", takes_argument=False) == ActionKind(
        "tap", domain, True, most, "tap it", takes_argument=False
    )
    assert kinds.declare("wait").doc == ""
    assert kinds.notation().kinds[0].most is most


def test_an_action_text_that_is_not_text_is_refused_naming_its_type() -> None:
    with pytest.raises(ActionSyntaxError, match=r"^an action is written as text, got int$"):
        read_action(3, KINDS)


def test_an_empty_action_text_is_refused() -> None:
    with pytest.raises(ActionSyntaxError, match=r"^empty action text$"):
        read_action("  ", KINDS)


def test_an_unknown_action_kind_is_refused_naming_it_and_the_text() -> None:
    with pytest.raises(ActionSyntaxError, match=r"^unknown action kind 'jump' in 'jump 3'$"):
        read_action("jump 3", KINDS)


def test_a_kind_that_takes_an_argument_is_refused_without_exactly_one() -> None:
    for text in ("step", "step a b"):
        with pytest.raises(ActionSyntaxError, match=rf"^action 'step' takes exactly one argument, got '{text}'$"):
            read_action(text, KINDS)


def test_a_kind_that_takes_no_argument_is_refused_with_one() -> None:
    with pytest.raises(ActionSyntaxError, match=r"^action 'end' takes no argument, got 'end 2'$"):
        read_action("end 2", KINDS)


def test_an_action_text_is_read_as_its_kind_and_argument() -> None:
    assert read_action(" step  venezia ", KINDS) == ("step", "venezia")
    assert read_action("end", KINDS) == ("end", "")


def test_the_winners_are_the_seats_with_the_highest_score_and_none_without_seats() -> None:
    assert highest_scores((3, 5, 5, 1)) == (1, 2)
    assert highest_scores(()) == ()


def test_by_default_a_seats_score_is_its_victory_points_and_the_winners_score_highest() -> None:
    state = SimpleNamespace(players=(SimpleNamespace(vp=4), SimpleNamespace(vp=7), SimpleNamespace(vp=7)))
    assert victory_points(state) == (4, 7, 7)
    assert most_points(SimpleNamespace(scores=(4, 7, 7))) == (1, 2)
