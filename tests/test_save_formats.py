"""The upgrade of saves of earlier formats (newton_rules.model.save_formats): each step rewrites the spelling a
format changed, in the records of a save only; and that spelling itself (newton_rules.effects.spellings). Fast
and free of games, so mutation testing runs it with the rule tests (scripts/mutation.py); loading real saves
of earlier formats is tests/test_saves.py's."""

from __future__ import annotations

import copy

from newton_rules.effects.spellings import spells_taken_card_flag, with_taken_card_modifier
from newton_rules.model.save_formats import upgrade_save

OLD_EFFECT = {"action": "lessons", "then_perform_taken": True, "type": "perform_action", "value": 1}
OLD_LESSONS = {"player": 1, "remaining": 1, "then_perform_taken": True, "type": "lessons", "value": 1}
MODIFIER = [{"type": "perform_taken_card"}]
OLD_EFFECT_TODAY = {"action": "lessons", "type": "perform_action", "value": 1}


def format_3_save() -> dict[str, object]:
    """A save of format 3 with Descartes' follow-up as the flag, in his effect waiting in a reward frame and
    in his Lessons frame, in the snapshot and in the built position; and an unrelated key that spells it."""
    reward = {"reward": {"effects": [OLD_EFFECT], "player": 0, "source": {"id": "descartes", "kind": "master"}}}
    state = {"stack": [{**reward, "type": "reward"}, OLD_LESSONS]}
    return {"format": 3, "actions": [], "state": state, "position": copy.deepcopy(state), "note": [OLD_EFFECT]}


def test_a_save_of_format_3_has_descartes_flag_upgraded_wherever_it_waits() -> None:
    """Format 4 spells Descartes' follow-up as a modifier, in his effect (waiting in a reward frame of the
    snapshot or of a built position) and in his Lessons frame; what is no record stays as written."""
    upgraded = upgrade_save(format_3_save())
    new_effect = {"action": "lessons", "modifiers": MODIFIER, "type": "perform_action", "value": 1}
    new_lessons = {"modifiers": MODIFIER, "player": 1, "remaining": 1, "type": "lessons", "value": 1}
    for snapshot in (upgraded["state"], upgraded["position"]):
        assert snapshot["stack"][0]["reward"]["effects"] == [new_effect]
        assert snapshot["stack"][1] == new_lessons
    assert (upgraded["actions"], upgraded["note"]) == ([], [OLD_EFFECT])


def test_a_save_of_format_4_is_read_as_written() -> None:
    """Saves of format 4 and later already spell the modifier: no step applies."""
    doc = {**format_3_save(), "format": 4}
    assert upgrade_save(copy.deepcopy(doc)) == doc


# -- the spelling itself (newton_rules.effects.spellings), as saves and data packs of earlier releases use it --


def test_the_flag_true_joins_the_modifiers_already_written_false_adds_none() -> None:
    """The flag true becomes the modifier at the end of the modifiers written; false is dropped; modifiers
    that are no list stay as written, for the reader to report."""
    other = {"type": "extra_cube", "cost": 0}
    written = {**OLD_EFFECT, "modifiers": [other]}
    assert with_taken_card_modifier(written) == {**OLD_EFFECT_TODAY, "modifiers": [other, *MODIFIER]}
    assert with_taken_card_modifier({**OLD_EFFECT, "then_perform_taken": False}) == OLD_EFFECT_TODAY
    odd = {**OLD_EFFECT, "modifiers": "perform_taken_card"}
    assert with_taken_card_modifier(odd) == {**OLD_EFFECT_TODAY, "modifiers": "perform_taken_card"}


def test_only_the_flag_of_the_named_types_is_read_and_only_a_boolean() -> None:
    """An object of another type keeps a field of that name (not the flag), as does a flag not boolean."""
    gain = {"type": "gain", "coins": 1, "then_perform_taken": True}
    assert with_taken_card_modifier(gain) == gain
    not_boolean = {**OLD_EFFECT, "then_perform_taken": "yes"}
    assert with_taken_card_modifier(not_boolean) == not_boolean


def test_an_effect_spelled_with_the_flag_is_recognised() -> None:
    """A data pack's effect spells the flag when it is a ``perform_action`` object with that field."""
    assert spells_taken_card_flag(OLD_EFFECT)
    assert spells_taken_card_flag({**OLD_EFFECT, "then_perform_taken": False})
    assert not spells_taken_card_flag(OLD_EFFECT_TODAY)
    assert not spells_taken_card_flag({"type": "gain", "then_perform_taken": True})
    assert not spells_taken_card_flag(["then_perform_taken"])
