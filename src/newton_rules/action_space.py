"""The action space: every atomic action that can ever be legal under a configuration and a data pack.

    >>> import newton_rules as nr
    >>> game = nr.new_game(players=2, seed=7)
    >>> space = nr.action_space(game.config)
    >>> ids = [space.index(a) for a in game.legal_actions()]
    >>> ids == sorted(ids) and all(space[i] == a for i, a in zip(ids, game.legal_actions()))
    True

An action is a kind and an argument (:mod:`newton_rules.model.actions`). The kinds are those of the rule
table's notation, each declared with its domain: what its argument can name, read from the data pack (a
card, a Master, a space of a board, a deck level...; :data:`ARGUMENTS` lists them). The space is every
kind with every argument its domain yields, in the order the rule table sorts legal actions
(``Ruleset.order``), so ``game.legal_actions()`` is always an ordered subsequence of the space and an
action's index is its stable integer id. A data pack with more cards, Masters or spaces gives a larger
space with no code change, and so does a rules version with a new action kind: its declaration says what
its argument names.
"""

from __future__ import annotations

from collections.abc import Mapping

from newton_rules.components.catalog import Catalog
from newton_rules.components.loading import default_catalog
from newton_rules.errors import NewtonError
from newton_rules.model.actions import NOTATION, Action
from newton_rules.model.config import GameConfig
from newton_rules.model.domains import Domain
from newton_rules.rules.table import RULESETS
from rules_core.engine import Ruleset
from rules_core.interop import spaces as core

# Action kind -> what its argument names, read from the configuration and the data pack (each kind's
# declaration in :data:`newton_rules.model.actions.NOTATION` names its domain).
ARGUMENTS: Mapping[str, Domain] = {kind.name: kind.domain for kind in NOTATION.kinds if kind.domain is not None}


class ActionNotInSpace(NewtonError, ValueError):
    """An action that no game of the configuration can offer (``ValueError``, as ``Sequence.index`` raises)."""


class ActionSpace(core.ActionSpace[Action]):
    """Every action that can be legal in one configuration, in the rule table's order; ``space[i]`` is the
    action with id ``i`` and ``space.index(action)`` its id (a dictionary look-up): the core's action space
    (:class:`rules_core.interop.spaces.ActionSpace`), raising :class:`ActionNotInSpace` (a :class:`NewtonError`)."""

    __slots__ = ()
    not_in_space = ActionNotInSpace


_SPACES: dict[tuple[int, int, object, str], tuple[Catalog, ActionSpace]] = {}


def action_space(config: GameConfig, catalog: Catalog | None = None, rules: Ruleset | None = None) -> ActionSpace:
    """The action space of games of ``config`` (its seed aside) played with ``catalog`` (default: the
    reference data) under ``rules`` (default: the rule table of the config's rules version; a variant's
    table gives its own action kinds too). Computed once per configuration, pack and table, then shared."""
    catalog = catalog or default_catalog()
    rules = rules or RULESETS[config.rules_version]
    key = (id(catalog), config.players, config.options, rules.name)
    cached = _SPACES.get(key)
    if cached is not None and cached[0] is catalog:
        return cached[1]
    space = ActionSpace(rules.all_actions(config, catalog))
    _SPACES[key] = (catalog, space)
    return space
