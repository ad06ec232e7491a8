"""How Newton's rules modules declare a decision: the core's :class:`~rules_core.decisions.DecisionKind`,
with the Quick Actions and the special action that Newton allows inside an action.

A rules module declares its own decisions beside their rules (:data:`newton_rules.rules.masters.DECISIONS`)
and the rule table (:mod:`newton_rules.rules.table`) joins them.
"""

from __future__ import annotations

from newton_rules.rules.quick import QUICK_IN_ACTION, QUICK_KIND_DECLARATIONS
from newton_rules.rules.special_actions import SPECIAL_ACTION_DURING
from rules_core.actions import ActionKind
from rules_core.decisions import ApplyFn, DecisionKind, LegalFn, OpenFn, PromptFn, always_open

# The Quick Action kinds, offered beside a decision's own (Q1-Q5).
QUICK = QUICK_KIND_DECLARATIONS


def decision(
    record: type, prompt: PromptFn, legal: LegalFn, apply: ApplyFn, *groups: tuple[ActionKind, ...], rules: str
) -> DecisionKind:
    """A player's decision offering the action kinds of ``groups``, one group at a time."""
    return DecisionKind(record, prompt, legal, apply, offers=groups, rules=rules)


def decision_during_action(
    record: type,
    prompt: PromptFn,
    legal: LegalFn,
    apply: ApplyFn,
    *groups: tuple[ActionKind, ...],
    quick_open: OpenFn = always_open,
    rules: str,
) -> DecisionKind:
    """A decision inside which Quick Actions (Q5, at the steps where ``quick_open`` holds) and the turn's
    special action (X5 "during") may be taken."""
    during = (QUICK_IN_ACTION.only_when(quick_open), SPECIAL_ACTION_DURING)
    return DecisionKind(record, prompt, legal, apply, offers=groups, during=during, rules=rules)


__all__ = ["QUICK", "decision", "decision_during_action"]
