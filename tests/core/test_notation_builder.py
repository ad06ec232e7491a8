"""A game declares its action kinds once each, in the stable order of legal actions (``NotationBuilder``)."""

from __future__ import annotations

import pytest

import galileo_rules.model.actions as galileo
import newton_rules.model.actions as newton
from rules_core.actions import Action, NotationBuilder
from rules_core.errors import RulesError


def test_the_kinds_stand_in_the_notation_in_the_order_they_are_declared() -> None:
    kinds = NotationBuilder()
    ring = kinds.declare("ring", lambda config, catalog: ("loud", "soft"), private=True, doc="ring the bell")
    wait = kinds.declare("wait", doc="let the bell be")
    knock = kinds.declare("knock", takes_argument=True, doc="knock, the door not enumerated")
    notation = kinds.notation()
    assert notation.kinds == (ring, wait, knock)
    assert notation.takes_argument == {"ring": True, "wait": False, "knock": True}
    assert notation.private == frozenset({"ring"})
    assert notation.order_keys[Action("wait")] < notation.order_keys[Action("knock", "x")]
    assert [kind.doc for kind in notation.kinds] == [
        "ring the bell",
        "let the bell be",
        "knock, the door not enumerated",
    ]


def test_a_notation_extended_puts_the_new_kinds_after_its_own_and_none_twice() -> None:
    kinds = NotationBuilder()
    ring, wait = kinds.declare("ring"), kinds.declare("wait")
    knock = NotationBuilder().declare("knock")
    assert kinds.notation().extended([wait, knock]).kinds == (ring, wait, knock)


def test_a_kind_declared_after_the_notation_is_refused_not_forgotten() -> None:
    kinds = NotationBuilder()
    kinds.declare("ring")
    kinds.notation()
    with pytest.raises(RulesError, match="'late' declared after its notation was made"):
        kinds.declare("late")


def test_both_games_declare_their_kinds_in_the_order_of_legal_actions() -> None:
    assert [kind.name for kind in newton.NOTATION.kinds][:3] == ["keep", "play", "boost"]
    assert [kind.name for kind in galileo.NOTATION.kinds][-3:] == ["decline", "stop", "end"]
    assert newton.NOTATION.by_name["keep"] is newton.KEEP and galileo.NOTATION.by_name["swap"] is galileo.SWAP
