"""The upgrade of saves of earlier formats (newton_rules.model.save_formats): each step rewrites the spelling a
format changed, in the records of a save only. Fast and free of games, so mutation testing runs it with the
rule tests (scripts/mutation.py); loading real saves of earlier formats is tests/test_saves.py's."""

from __future__ import annotations

import copy

from newton_rules.model.save_formats import upgrade_save

OLD_EFFECT = {"action": "lessons", "then_perform_taken": True, "type": "perform_action", "value": 1}
OLD_LESSONS = {"player": 1, "remaining": 1, "then_perform_taken": True, "type": "lessons", "value": 1}
MODIFIER = [{"type": "perform_taken_card"}]


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
