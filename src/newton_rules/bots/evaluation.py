"""A documented evaluation of a position for one player, in Victory Points.

``score_estimate(game, seat)``, read from ``game.facts(seat)``, = VP now
  + income per End Round (completed bookshelf lines, Income and Medicine tiles; its coins and Potions
    valued as the means below) x End Rounds left
  + the Objective tiles the player occupies, scored on the current counts
  + VP of the Masters played, and 2 VP per Master still in hand (they will be played somewhere)
  + the VP activating the face-up Great Discovery tiles would give now (their income is in the income)
  + small values for means of scoring later: coins 0.3, Potions 0.5, Bonus tokens held 0.3,
    placed Bookshelf tiles 0.7, cubes on the Map 1.6 (``CUBE_VALUE``, the ``cube`` weight of
    :class:`EstimateWeights`, which MCTSBot sets higher with rivals: what the space gives, and the cube's
    share of the 15 VP the 9th to 12th cubes pay; at 0.6 the bots placed 6 cubes where the rulebook's
    Alice places 9), Development tiles 1.5, non-starting cards in hand or on the desk 0.8, Students beyond
    the start 0.25 per step, Work marker 0.3 per step.
Values for means fade as the game nears its end (they are worth nothing after the last round).
  + 0.5 VP per use left of each special action tucked under the desk (Advanced Lessons: one use in each
    round still to come, in its column's turn).
  + the prospects of the Objective spaces not yet occupied: each tile's VP for the player now, times how
    near its piece is (1 - steps / 6: the Work marker, the nearest Student on a path to it, the
    Scientist), times how many of its 4 volumes the player shows now (a half for none: the desk changes
    every round), fading with the square root of the share of the game left. Without it the bot only
    sees an Objective once one action reaches it, and does not walk a piece there.
  + the prospects of the Master spaces the player can still use while holding Masters: the best VP
    of a Master in hand (less the 2 VP already counted for holding it) for the nearest space, the
    next best for the next one..., each times how near its piece is (the Work marker, the nearest
    Student, the Scientist with a cube left and none on the space), fading like the Objectives'.
  + the ``hand_action`` weight of :class:`EstimateWeights` (0 by default, MCTSBot's too so far:
    docs/bots.md, "Its playout") per Basic Action the cards in hand and on the desk offer
    (``facts.basic_actions_at_hand``), fading like the means: a player who tucks the cards that give its
    Basic Actions has no turn left to play.

``evaluate(game, seat)`` is the estimate minus the best opponent's (the estimate itself when solo).
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable

import attrs

import newton_rules as nr

OBJECTIVE_HORIZON = 6  # steps: an Objective space this far from its nearest piece has no prospect yet
UNSHOWN_VOLUMES_SHARE = 0.5  # share of an Objective's prospect counted when no required volume is shown
CUBE_VALUE = 1.6  # VP of a cube placed on the Map while the game goes on (the module doc says why)


def _finite(_instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError(f"EstimateWeights.{attribute.name} must be a finite number of VP, not {value!r}")


@attrs.frozen
class EstimateWeights:
    """The weights of :func:`score_estimate` a bot may set (the others are the module doc's rule of thumb).

    ``cube``: VP of a cube placed on the Map while the game goes on (``CUBE_VALUE`` by default).
    ``hand_action``: VP of each Basic Action the cards in hand and on the desk offer
    (``facts.basic_actions_at_hand``), 0 by default. Both fade as the game nears its end.
    """

    cube: float = attrs.field(default=CUBE_VALUE, validator=_finite)
    hand_action: float = attrs.field(default=0.0, validator=_finite)


WEIGHTS = EstimateWeights()  # the estimate's own weights, GreedyBot's


@attrs.define(eq=False)
class _Static:
    """What the estimate reads from the catalog alone, worked out once per catalog (it is called often)."""

    catalog: nr.Catalog  # kept so that the id it is cached under stays this catalog's
    work_depth: dict[str, int]
    tech_depth: dict[str, int]
    # Steps from each space to each space it leads to, by board ("work", "technology", "map").
    steps: dict[str, dict[str, dict[str, int]]]
    master_spaces: tuple[tuple[str, str], ...]  # (board, space) of each Master space


_STATIC: dict[int, _Static] = {}


def _steps_from(start: str, neighbours: Callable[[str], Iterable[str]]) -> dict[str, int]:
    """Fewest steps from ``start`` to every space it leads to (breadth first)."""
    steps = {start: 0}
    frontier = deque([start])
    while frontier:
        space = frontier.popleft()
        for nxt in neighbours(space):
            if nxt not in steps:
                steps[nxt] = steps[space] + 1
                frontier.append(nxt)
    return steps


def _all_steps(catalog: nr.Catalog) -> dict[str, dict[str, dict[str, int]]]:
    """Steps between spaces on the two tracks (forward only) and on the Map (any route, costs aside)."""
    work, tech, routes = catalog.work_spaces, catalog.technology_spaces, catalog.routes_from
    return {
        "work": {s: _steps_from(s, lambda x: work[x].next) for s in work},
        "technology": {s: _steps_from(s, lambda x: tech[x].next) for s in tech},
        "map": {s: _steps_from(s, lambda x: (to for to, _cost in routes[x])) for s in routes},
    }


def _master_spaces(catalog: nr.Catalog) -> tuple[tuple[str, str], ...]:
    boards = (
        ("work", catalog.work_track.spaces),
        ("technology", catalog.technology_track.spaces),
        ("map", catalog.map.spaces),
    )
    return tuple((board, space.id) for board, spaces in boards for space in spaces if space.kind == "master")


def _static(catalog: nr.Catalog) -> _Static:
    cached = _STATIC.get(id(catalog))
    if cached is not None and cached.catalog is catalog:
        return cached
    steps = _all_steps(catalog)
    static = _Static(
        catalog=catalog,
        work_depth=steps["work"][catalog.work_track.start],
        tech_depth=steps["technology"][catalog.technology_track.start],
        steps=steps,
        master_spaces=_master_spaces(catalog),
    )
    _STATIC[id(catalog)] = static
    return static


def score_estimate(game: nr.Game, seat: int, weights: EstimateWeights = WEIGHTS) -> float:
    """Expected final VP of ``seat`` by the rule of thumb in the module doc, read from ``game.facts(seat)``,
    with ``weights``."""
    static = _static(game.catalog)
    rounds = game.catalog.constants.rounds
    facts = game.facts(seat)
    rounds_left = 0 if game.is_over else rounds - game.round + (0 if game.state.phase == "end_round" else 1)
    later = rounds_left / rounds
    value = float(facts.vp)
    # An Income tile's coins and Potions are worth what the means below value them at: 0.3 and 0.5 VP each.
    income = facts.income.vp + 0.3 * facts.income.coins + 0.5 * facts.income.potions
    value += income * rounds_left
    if not game.is_over:
        assert facts.objectives_vp is not None  # the game's own facts see every hand
        value += facts.objectives_vp
        value += facts.masters_vp
        value += facts.discovery_vp
    value += 2 * facts.masters_in_hand * later
    assert facts.non_starting_cards is not None
    work_depth, tech_depth = static.work_depth, static.tech_depth
    means = (
        0.3 * facts.coins
        + 0.5 * facts.potions
        + 0.3 * len(facts.bonus_tokens)
        + 0.7 * facts.book_tiles_placed
        + weights.cube * facts.cubes_placed
        + 1.5 * facts.development_tiles
        + 0.8 * facts.non_starting_cards
        + 0.25 * sum(0 if s is None else tech_depth.get(s, 0) for s in facts.students)
        + 0.3 * work_depth.get(facts.work, 0)
    )
    prospects = _objective_prospects(game, facts, static) + _master_prospects(game, seat, facts, static, later)
    value += prospects * math.sqrt(later)
    if weights.hand_action:
        at_hand = facts.basic_actions_at_hand
        assert at_hand is not None  # the game's own facts see every hand
        value += weights.hand_action * at_hand * later
    return value + means * later + 0.5 * _special_actions_tucked(game, seat) * rounds_left


def _objective_prospects(game: nr.Game, facts: nr.Facts, static: _Static) -> float:
    """VP of the Objective tiles not yet occupied, each weighted by how near its space is to the player's
    nearest piece that can get there and by the share of its volumes the player shows now."""
    if game.is_over:
        return 0.0
    total = 0.0
    for objective in facts.objectives:
        if objective.occupied or not objective.vp:
            continue
        steps = _steps_to(objective.where, objective.space, facts, static)
        if steps is None or steps >= OBJECTIVE_HORIZON:
            continue
        nearness = 1 - steps / OBJECTIVE_HORIZON
        total += objective.vp * nearness * _volumes_shown(facts, _requirement(game.catalog, objective))
    return total


def _master_prospects(game: nr.Game, seat: int, facts: nr.Facts, static: _Static, later: float) -> float:
    """VP the Masters in hand would add if played on the Master spaces the player's pieces walk to: the
    best Master for the nearest space, and so on (a Master in hand is already counted at 2 VP)."""
    hand = game.state.players[seat].masters
    if game.is_over or not hand:
        return 0.0
    masters = game.catalog.masters_by_id
    best = sorted((masters[m].vp for m in hand if m in masters), reverse=True)
    nearness = []
    for board, space in static.master_spaces:
        if board == "map" and (facts.cubes_left == 0 or space in game.state.players[seat].cubes):
            continue  # a Master is played by placing a cube there, once (M1, V5, V8)
        steps = _steps_to(board, space, facts, static, moving=True)
        if steps is not None and steps < OBJECTIVE_HORIZON:
            nearness.append(1 - steps / OBJECTIVE_HORIZON)
    nearness.sort(reverse=True)
    return sum(max(vp - 2 * later, 0.0) * near for vp, near in zip(best, nearness, strict=False))


def _steps_to(board: str, space: str, facts: nr.Facts, static: _Static, moving: bool = False) -> int | None:
    """Fewest steps from the player's piece on ``board`` to ``space`` (None: none leads there); with
    ``moving``, a piece already there does not count (a Master space pays when a piece ends a move on it)."""
    steps = static.steps[board]
    if board == "work":
        pieces: Iterable[str] = (facts.work,)
    elif board == "technology":
        pieces = (s for s in facts.students if s is not None)
    else:
        pieces = (facts.scientist,)
    found = [steps[piece][space] for piece in pieces if space in steps[piece] and not (moving and piece == space)]
    return min(found, default=None)


def _requirement(catalog: nr.Catalog, objective: nr.ObjectiveFacts) -> tuple[tuple[str, int], ...]:
    if objective.where == "map":
        requirement = catalog.map_spaces[objective.space].requirement
    else:
        track = catalog.work_spaces if objective.where == "work" else catalog.technology_spaces
        requirement = track[objective.space].requirement
    return () if requirement is None else requirement.volumes


def _volumes_shown(facts: nr.Facts, required: tuple[tuple[str, int], ...]) -> float:
    """From UNSHOWN_VOLUMES_SHARE (none of the required volumes shown) to 1 (all of them, wild ones
    filling the gaps)."""
    needed = sum(count for _colour, count in required)
    if needed == 0:
        return 1.0
    wild = facts.volumes.wild
    shown = 0
    for colour, count in required:
        own = min(count, getattr(facts.volumes, colour))
        filled = min(count - own, wild)
        wild -= filled
        shown += own + filled
    return UNSHOWN_VOLUMES_SHARE + (1 - UNSHOWN_VOLUMES_SHARE) * shown / needed


def _special_actions_tucked(game: nr.Game, seat: int) -> int:
    """Special action cards under ``seat``'s desk (Advanced Lessons, X5)."""
    cards = game.catalog.cards_by_id
    return sum(1 for card in game.state.players[seat].tucked if cards[card].special_action is not None)


def evaluations(game: nr.Game, weights: EstimateWeights = WEIGHTS) -> tuple[float, ...]:
    """Each seat's estimate minus the best other estimate (solo: the estimate), every estimate computed once."""
    estimates = [score_estimate(game, s, weights) for s in range(game.config.players)]
    if len(estimates) == 1:
        return (estimates[0],)
    return tuple(own - max(e for s, e in enumerate(estimates) if s != seat) for seat, own in enumerate(estimates))


def evaluate(game: nr.Game, seat: int, weights: EstimateWeights = WEIGHTS) -> float:
    """``seat``'s estimate minus the best opponent's estimate (solo: the estimate)."""
    return evaluations(game, weights)[seat]


def _discoveries_left_unactivated(game: nr.Game) -> float:
    """In the last round, the VP of the face-up Great Discovery tiles the player would end the turn with:
    a tile not activated by the end of the game gives none (G3), and the last End Round's income is small."""
    seat = game.to_move
    if seat is None or game.round < game.catalog.constants.rounds:
        return 0.0
    return float(game.facts(seat).discovery_vp)


def nudge(game: nr.Game, action: nr.Action) -> float:
    """VP the evaluation cannot see, added when ranking actions, never to a value backed up: end a turn
    only once the card's Basic Action was used, prefer going on to stopping, activate the Great Discovery
    tiles before ending a turn of the last round."""
    if action.kind == "end":
        unused = -0.5 if getattr(game.state.top, "basic_done", True) is False else 0.0
        return unused - _discoveries_left_unactivated(game)
    if action.kind in ("stop", "decline"):
        return -0.05
    return 0.0


__all__ = [
    "CUBE_VALUE",
    "OBJECTIVE_HORIZON",
    "UNSHOWN_VOLUMES_SHARE",
    "WEIGHTS",
    "EstimateWeights",
    "evaluate",
    "evaluations",
    "nudge",
    "score_estimate",
]
