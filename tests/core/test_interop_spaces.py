"""The action space of any game on the core (rules_core.interop.spaces): every action a configuration can
offer, in the rule table's order, each with a stable integer id; refusals name the action outside it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from rules_core.interop.spaces import ActionNotInSpace, ActionSpace, space_of
from tests.core.toy import Move, NimConfig, NimGame, NimPack, new_nim


def test_an_action_s_id_is_its_position_in_the_space() -> None:
    space = ActionSpace(iter(["a", "b", "c"]))  # any iterable, read once
    assert len(space) == 3 and list(space) == ["a", "b", "c"]
    assert [space.index(a) for a in "abc"] == [0, 1, 2] and space[1] == "b" and list(space[1:]) == ["b", "c"]
    assert space.ids(["c", "a"]) == [2, 0] and space.known_ids(["b", "c"]) == [1, 2]


def test_an_action_outside_the_space_is_refused_naming_it() -> None:
    space = ActionSpace(["a", "b"])
    with pytest.raises(ActionNotInSpace, match=r"^z is not in the action space$"):
        space.index("z")
    with pytest.raises(ValueError, match=r"^z is not in the action space$"):  # as Sequence.index raises
        space.ids(["a", "z"])
    assert space.known_ids(["a", "z"]) is None


def test_index_looks_between_start_and_stop_as_sequence_index_does() -> None:
    space = ActionSpace(["a", "b", "c"])
    assert space.index("a", 0) == 0 and space.index("b", 1) == 1 and space.index("b", 0, 2) == 1
    assert space.index("c", 2, None) == 2
    for start, stop in ((1, None), (0, 0)):
        with pytest.raises(ActionNotInSpace, match=r"^a is not in the action space$"):
            space.index("a", start, stop)
    with pytest.raises(ActionNotInSpace, match=r"^b is not in the action space$"):
        space.index("b", 0, 1)


def test_membership_and_cover_say_whether_actions_are_in_the_space() -> None:
    space = ActionSpace(["a", "b"])
    assert "a" in space and "z" not in space
    assert space.covers(["b", "a"]) and space.covers([]) and not space.covers(["a", "z"])


def test_a_mask_has_a_one_at_each_action_s_id() -> None:
    space = ActionSpace(["a", "b", "c", "d"])
    assert space.mask(["b", "d"]) == [0, 1, 0, 1] and space.mask([]) == [0, 0, 0, 0]
    with pytest.raises(ActionNotInSpace, match=r"^z is not in the action space$"):
        space.mask(["z"])


def test_two_spaces_of_the_same_actions_are_equal_and_hash_alike() -> None:
    one, same, other = ActionSpace(["a", "b"]), ActionSpace(["a", "b"]), ActionSpace(["b", "a"])
    assert one == same and hash(one) == hash(same) and hash(one) == hash(("a", "b"))
    assert one != other
    assert one.__eq__(("a", "b")) is NotImplemented and one != ("a", "b")
    assert repr(one) == "<ActionSpace of 2 actions>"


def test_a_rules_context_s_space_is_every_action_its_rule_table_can_offer() -> None:
    ctx = NimGame.context(NimConfig(players=2, seed=3), None)
    space = space_of(ctx)
    assert list(space) == [Move("play", v) for v in "1234"] + [Move("pass")]
    assert space.covers(new_nim(players=2, seed=3).legal_actions())


def test_the_space_reads_the_context_s_own_data_pack() -> None:
    ctx = NimGame.context(NimConfig(players=2), NimPack(cards=(5, 1, 5, 1)))
    assert list(space_of(ctx)) == [Move("play", "1"), Move("play", "5"), Move("pass")]


def test_the_space_asks_the_rule_table_with_the_context_s_configuration_and_data() -> None:
    asked: list[tuple[object, object]] = []

    class Rules:
        def all_actions(self, config: object, catalog: object) -> tuple[str, ...]:
            asked.append((config, catalog))
            return ("x", "y")

    ctx = SimpleNamespace(config="the config", catalog="the data", rules=Rules())
    assert list(space_of(ctx)) == ["x", "y"] and asked == [("the config", "the data")]
