"""The Master cards: the declared count, ids of their own, an effect and VP that are not negative."""

from __future__ import annotations

from newton_rules.components.catalog import Catalog
from newton_rules.components.validation.common import MASTERS, duplicates, expect_count


def check_masters(catalog: Catalog) -> list[str]:
    masters = catalog.masters
    problems = [
        *expect_count(f"{MASTERS}: masters", catalog.counts.masters.masters, len(masters), "masters.masters"),
        *duplicates(f"{MASTERS}: masters", (m.id for m in masters)),
    ]
    for m in masters:
        if not m.immediate and not m.passive:
            problems.append(f"{MASTERS}: masters: {m.id}: no effect (use no_effect for a Master without one)")
        if m.vp < 0:
            problems.append(f"{MASTERS}: masters: {m.id}: negative vp {m.vp}")
    return problems
