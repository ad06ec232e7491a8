"""The random-simulation check of any game on the core: random games, every action checked.

    report = random_simulation_check(Game, config, games=20)
    assert report.ok, report.failures

For every position of ``games`` random games (seeds ``config.seed + seed + index``) it checks:

- the invariants: ``watch(start)`` returns the check run on every game that follows ``start`` one action
  at a time (``start`` itself first); by default the game's ``definition.invariants``. A game may keep
  running totals there (a ledger) instead of summing the log at each action;
- illegal actions are refused with ``IllegalAction`` and change nothing: every ``illegal_every`` actions,
  ``mutations(game, legal, rnd)`` (by default: actions legal earlier in this game that are not legal now);
- a listed legal action applies without raising;
- saves: every ``json_every`` actions and at the end, ``from_json(to_json())`` is the same game, its save
  text is stable, and replaying the actions gives the same state.

The kit knows no game: it is given the game's :class:`~rules_core.session.Session` subclass.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rules_core.errors import IllegalAction, RulesError
from rules_core.session import Session

Check = Callable[[Any], list[str]]  # (game) -> the broken invariants
Watch = Callable[[Any], Check]  # (the starting game) -> the check of it and each game after it
Mutations = Callable[[Any, Sequence[Any], random.Random], list[Any]]  # (game, legal, rnd) -> unlisted actions

RECENT = 64  # how many earlier legal actions the default mutations keep to try again


@attrs.frozen
class SimulationReport:
    """What a random-simulation check did and found."""

    games: int
    actions: int
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.failures


def random_simulation_check(
    session: type[Session],
    game_or_config: Any,
    games: int = 10,
    seed: int = 0,
    *,
    json_every: int = 10,
    illegal_every: int = 5,
    max_failures: int = 10,
    watch: Watch | None = None,
    mutations: Mutations | None = None,
) -> SimulationReport:
    """Play ``games`` random games of ``session`` (a game's ``Game`` class) from ``game_or_config`` (a
    game to start every game from, or a config whose seed is shifted per game) and check every action
    (see the module doc). Stops after ``max_failures`` failures."""
    watch = watch or (lambda start: session.definition.invariants)
    failures: list[str] = []
    actions = 0
    for index in range(games):
        game = _start(session, game_or_config, seed + index)
        rnd = random.Random(f"{seed}:{index}")
        check = watch(game)
        seen: dict[Any, None] = {}  # earlier legal actions, oldest first, for the default mutations
        step = 0
        while not game.is_over and len(failures) < max_failures:
            label = f"game {index} (seed {game.config.seed}) action {step}"
            legal = game.legal_actions()
            failures += [f"{label}: {p}" for p in check(game)]
            if not legal:
                break
            if illegal_every and step % illegal_every == 0:
                tried = mutations(game, legal, rnd) if mutations is not None else _earlier_actions(seen, legal, rnd)
                failures += [f"{label}: {p}" for p in check_illegal(game, tried)]
            if json_every and step % json_every == 0:
                failures += [f"{label}: {p}" for p in check_round_trip(game)]
            if mutations is None:
                _remember(seen, legal)
            action = rnd.choice(legal)
            try:
                game = game.apply(action)
            except Exception as exc:  # a listed action must apply; report anything it raises
                failures.append(f"{label}: legal action {action} raised {exc!r}")
                break
            step += 1
            actions += 1
        if game.is_over:
            ending = (*check(game), *check_round_trip(game))
            failures += [f"game {index} end: {p}" for p in ending]
        if len(failures) >= max_failures:
            break
    return SimulationReport(games=games, actions=actions, failures=tuple(failures[:max_failures]))


def _start(session: type[Session], game_or_config: Any, shift: int) -> Session:
    if isinstance(game_or_config, Session):
        return game_or_config
    return session.new(attrs.evolve(game_or_config, seed=game_or_config.seed + shift))


def _remember(seen: dict[Any, None], legal: Sequence[Any]) -> None:
    for action in legal:
        seen.pop(action, None)
        seen[action] = None
    while len(seen) > RECENT:
        del seen[next(iter(seen))]


def _earlier_actions(seen: dict[Any, None], legal: Sequence[Any], rnd: random.Random, count: int = 4) -> list[Any]:
    """Up to ``count`` actions legal earlier in the game that are not legal now."""
    now = set(legal)
    candidates = [a for a in seen if a not in now]
    return rnd.sample(candidates, min(count, len(candidates)))


def check_illegal(game: Session, actions: Sequence[Any]) -> list[str]:
    """Each of ``actions`` (none of them legal now) must raise ``IllegalAction`` and leave ``game`` untouched."""
    problems = []
    before = game.state
    for action in actions:
        try:
            game.apply(action)
        except IllegalAction:
            pass
        except RulesError as exc:
            problems.append(f"illegal {action} raised {type(exc).__name__}, not IllegalAction")
        else:
            problems.append(f"unlisted action {action} was accepted")
        if game.state is not before:
            problems.append(f"illegal {action} changed the game")
    return problems


def check_round_trip(game: Session) -> list[str]:
    """The save of ``game`` loads as the same game, writes the same text, and its actions replay to its state."""
    problems = []
    text = game.to_json()
    try:
        loaded = type(game).from_json(text, catalog=game.catalog)
    except RulesError as exc:
        return [f"its own save does not load: {exc}"]
    if loaded != game:
        problems.append("from_json(to_json()) differs from the game")
    if loaded.to_json() != text:
        problems.append("to_json is not stable across a round trip")
    again = type(game).replay(game.config, game.actions, catalog=game.catalog, position=game.position)
    if again.state != game.state:
        problems.append("replaying the actions gives another state")
    return problems


__all__ = [
    "Check",
    "Mutations",
    "SimulationReport",
    "Watch",
    "check_illegal",
    "check_round_trip",
    "random_simulation_check",
]
