"""How a game declares itself to the core: one :class:`GameDefinition`.

The declaration names the game's rule table (a :class:`~rules_core.engine.Ruleset` chosen by
:attr:`GameDefinition.context`), how setup builds the first state, its records (config, state, data-pack
identity, action) and the converter that writes them, its view filter, its scores and its invariants; what
it does not declare it gets from the core's defaults below. A game's ``Game`` is a
:class:`~rules_core.session.Session` subclass naming it (``definition = MY_GAME``).

What the records must offer (duck-typed, as :mod:`rules_core.engine` reads them):

- the **config** (attrs, written by the converter) has ``players`` (the number of seats) and ``seed``;
- the **state** (attrs, frozen) has ``top`` (the pending decision, or None) and ``phase`` (the game is over
  when it equals the ruleset's ``over_phase``); a decision names its seat in a ``player`` field (a decision
  without one, such as an automatic seat's, is settled by the ruleset and never waits for a command);
  ``players`` lists each seat's record, which :meth:`rules_core.tx.Transaction.player` gives and whose
  ``vp`` the default ``scores`` read;
- an **action** is hashable and ``str(action)`` is its notation, which the rule table's ``parse_action``
  reads back (raising :class:`~rules_core.errors.ActionSyntaxError`): a :class:`rules_core.actions.Action`;
- the **catalog** (the data pack the game is played with) has ``identity``: an attrs record (e.g. name and
  content digest) that two different packs never share; a save records it and refuses another pack;
- the **context** that ``definition.context(config, catalog)`` returns has ``config``, ``catalog`` and
  ``rules`` (the Ruleset): it is what the rules functions receive besides the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import cattrs

from rules_core.outcome import Outcome, ranked_outcome


def highest_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest score (ties share the victory): the default :attr:`GameDefinition.winners`."""
    best = max(scores, default=None)
    return tuple(i for i, s in enumerate(scores) if s == best)


def victory_points(state: Any) -> tuple[int, ...]:
    """The default :attr:`GameDefinition.scores`: each seat's ``vp`` (``state.players[seat].vp``)."""
    return tuple(player.vp for player in state.players)


def most_points(game: Any) -> tuple[int, ...]:
    """The default :attr:`GameDefinition.winners`: the seats with the highest score, ties sharing the victory."""
    return highest_scores(game.scores)


def no_problems(game: Any) -> list[str]:
    """The default invariants hook: a game with no invariants of its own finds none broken."""
    return []


def no_earlier_catalog(identity: Any) -> None:
    """The default :attr:`GameDefinition.earlier_catalog`: no reference pack of an earlier release."""


def as_written(doc: dict[str, Any]) -> dict[str, Any]:
    """The default :attr:`GameDefinition.upgrade_save`: every readable format is read as it is written."""
    return doc


@attrs.frozen(kw_only=True)
class GameDefinition:
    """One game, as the core sees it (see the module doc for what its records must offer).

    - ``name``: the game's short name ("newton"), used by the command line and the scripts;
    - ``context(config, catalog)``: the rules context (``config``, ``catalog``, ``rules``: the Ruleset that
      the config selects, e.g. by a rules version);
    - ``setup(config, catalog)``: (the state before setup's events, setup's events): the events go through
      the reducer and are the first entry of the log (a deal is an event, so views can hide it);
    - ``default_catalog()``: the data pack used when none is given; ``earlier_catalog(identity)``: the
      reference pack of an earlier release with that identity, or None (a save written with it then loads
      with no pack given);
    - ``converter`` writes and reads ``config_type``, ``state_type`` and ``identity_type`` (the catalog's
      ``identity``) in saves; ``save_format`` is written, ``readable_formats`` are read (by default only
      ``save_format``; a save of a format before the data-pack identity has no ``data`` key);
      ``upgrade_save(doc)``: the parsed save of a readable format in the spelling of ``save_format``
      (its state and position as this version writes them), before it is read and its snapshot checked;
    - ``view_log(tail, length, rules)``: the per-game cache the views share (:class:`rules_core.views.ViewLog`
      or a game's own), made on the first view, given ``tail(count)`` (the last ``count`` log entries), the
      number of actions and the game's rule table (whose declared private action kinds a view hides:
      :meth:`rules_core.engine.Ruleset.redact_action`); ``view(game, player | None, view_log)``: the view
      filter (a player view's ``sample(rng)`` made with :func:`rules_core.views.sample_game`);
    - ``scores(state)``: each seat's score (by default its player record's ``vp``); ``winners(game)``: the
      winning seats of a finished game (by default the highest scores, ties sharing the victory; a game with
      tie-breaks reads its state);
      ``outcome(game)``: a finished game's :class:`~rules_core.outcome.Outcome` (why it ended, scores,
      winners, the deciding tie-break; by default :func:`~rules_core.outcome.ranked_outcome`);
    - ``invariants(game)``: the broken invariants of a game (a saved position must have none);
    - ``load_hint``: what to tell someone whose save names another data pack.
    """

    name: str
    context: Callable[[Any, Any], Any]
    setup: Callable[[Any, Any], tuple[Any, Iterable[Any]]]
    default_catalog: Callable[[], Any]
    converter: cattrs.Converter
    config_type: type[Any]
    state_type: type[Any]
    identity_type: type[Any]
    save_format: int
    readable_formats: tuple[int, ...] = attrs.field()
    view_log: Callable[[Callable[[int], Sequence[Any]], int, Any], Any]
    view: Callable[[Any, int | None, Any], Any]
    scores: Callable[[Any], tuple[int, ...]] = victory_points
    winners: Callable[[Any], tuple[int, ...]] = most_points
    outcome: Callable[[Any], Outcome] = ranked_outcome
    invariants: Callable[[Any], list[str]] = no_problems
    load_hint: str = "load it with the same data pack"
    earlier_catalog: Callable[[Any], Any] = no_earlier_catalog
    upgrade_save: Callable[[dict[str, Any]], dict[str, Any]] = as_written

    @readable_formats.default
    def _its_own_format(self) -> tuple[int, ...]:
        return (self.save_format,)


__all__ = [
    "GameDefinition",
    "as_written",
    "highest_scores",
    "most_points",
    "no_earlier_catalog",
    "no_problems",
    "victory_points",
]
