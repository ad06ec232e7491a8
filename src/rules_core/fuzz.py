"""The fuzz kit of any game on the core: mutated saves and action texts must be refused cleanly or be sound.

    report = fuzz_saves(Game, saves, iterations=10_000, seed=0)
    assert report.ok, report.failures

Each iteration loads either random text or one of ``saves`` (real saves of the game: fresh, mid-turn,
finished, built positions) mutated one to three times (:func:`mutate`: a key dropped, duplicated or
changed, a list entry deleted, repeated or changed, lists shuffled, characters and numbers changed, any
value replaced by an odd scalar). A load must either raise the game's error (a ``RulesError``) or return a
game whose invariants hold (``definition.invariants``). Anything else (another exception, a loaded game
that breaks an invariant) is a failure.

:func:`fuzz_action_texts` does the same for the notation: mutated action texts given to
``game.parse_action`` must be refused with a ``RulesError`` or be a legal action.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Sequence
from typing import Any

import attrs

from rules_core.errors import RulesError
from rules_core.session import Session

SCALARS: tuple[Any, ...] = (None, True, False, 0, 1, -1, 7, 2**70, 1.5, "", "x", "?", "stop", [], {})
JSON_CHARACTERS = '{}[]":,0123456789abcdefnulltrue '


@attrs.frozen
class FuzzReport:
    """What a fuzz run tried and found."""

    iterations: int
    rejected: int
    accepted: int
    failures: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.failures


def mutate(doc: Any, rnd: random.Random, scalars: Sequence[Any] = SCALARS) -> Any:
    """``doc`` (parsed JSON) with one random change somewhere inside it; ``doc`` itself is not changed."""
    if isinstance(doc, dict) and doc and rnd.random() < 0.8:
        key = rnd.choice(list(doc))
        choice = rnd.random()
        if choice < 0.1:
            return {k: v for k, v in doc.items() if k != key}
        if choice < 0.2:
            return {**doc, f"{key}_": doc[key]}
        return {**doc, key: mutate(doc[key], rnd, scalars)}
    if isinstance(doc, list) and doc and rnd.random() < 0.8:
        i = rnd.randrange(len(doc))
        choice = rnd.random()
        copy = list(doc)
        if choice < 0.15:
            del copy[i]
        elif choice < 0.3:
            copy.insert(i, rnd.choice(doc))
        elif choice < 0.4:
            rnd.shuffle(copy)
        else:
            copy[i] = mutate(doc[i], rnd, scalars)
        return copy
    if isinstance(doc, str) and doc and rnd.random() < 0.5:
        return mutate_text(doc, rnd)
    if isinstance(doc, int) and not isinstance(doc, bool) and rnd.random() < 0.5:
        return doc + rnd.choice([-1, 1, -100, 100])
    return rnd.choice(scalars)


def mutate_text(text: str, rnd: random.Random) -> str:
    """``text`` with one character replaced, doubled or dropped (or a character added to an empty text)."""
    if not text:
        return rnd.choice([" ", "?", "1", "x"])
    i = rnd.randrange(len(text))
    choice = rnd.random()
    if choice < 0.2:
        return text[:i] + text[i + 1 :]
    if choice < 0.4:
        return text[: i + 1] + text[i:]
    return text[:i] + rnd.choice([" ", "?", "1", "-", "x", text[i]]) + text[i + 1 :]


def fuzz_saves(
    session: type[Session],
    saves: Sequence[str],
    iterations: int,
    seed: int = 0,
    *,
    scalars: Sequence[Any] = SCALARS,
    max_failures: int = 10,
) -> FuzzReport:
    """Load ``iterations`` mutated ``saves`` (every tenth a random text) as games of ``session`` (see the
    module doc)."""
    rnd = random.Random(seed)
    rejected = accepted = 0
    failures: list[str] = []
    for i in range(iterations):
        if i % 10 == 0:
            text = "".join(rnd.choice(JSON_CHARACTERS) for _ in range(rnd.randrange(60)))
        else:
            doc = json.loads(rnd.choice(saves))
            for _ in range(rnd.randrange(1, 4)):
                doc = mutate(doc, rnd, scalars)
            text = json.dumps(doc)
        try:
            game = session.from_json(text)
        except RulesError:
            rejected += 1
            continue
        except Exception:
            failures.append(f"iteration {i}: {traceback.format_exc(limit=3)}\n{text[:300]}")
        else:
            accepted += 1
            problems = session.definition.invariants(game)
            if problems:
                failures.append(f"iteration {i}: loaded game breaks {problems[0]}")
        if len(failures) >= max_failures:
            break
    return FuzzReport(iterations, rejected, accepted, tuple(failures))


def fuzz_action_texts(
    games: Sequence[Session], iterations: int, seed: int = 0, *, max_failures: int = 10
) -> FuzzReport:
    """Give each of ``games`` mutated texts of its legal actions: ``parse_action`` must refuse one with a
    ``RulesError`` or return a legal action, and the game must not change."""
    rnd = random.Random(seed)
    rejected = accepted = 0
    failures: list[str] = []
    playable = [g for g in games if g.legal_actions()]
    for i in range(iterations if playable else 0):
        game = rnd.choice(playable)
        text = str(rnd.choice(game.legal_actions()))
        for _ in range(rnd.randrange(1, 4)):
            text = mutate_text(text, rnd)
        before = game.state
        try:
            action = game.parse_action(text)
        except RulesError:
            rejected += 1
        except Exception:
            failures.append(f"iteration {i}: {text!r}: {traceback.format_exc(limit=3)}")
        else:
            accepted += 1
            if action not in game.legal_actions():
                failures.append(f"iteration {i}: {text!r} parsed as {action}, which is not legal")
        if game.state is not before:
            failures.append(f"iteration {i}: parsing {text!r} changed the game")
        if len(failures) >= max_failures:
            break
    return FuzzReport(iterations, rejected, accepted, tuple(failures))


__all__ = ["SCALARS", "FuzzReport", "fuzz_action_texts", "fuzz_saves", "mutate", "mutate_text"]
