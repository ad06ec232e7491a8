"""Semantic checks of a loaded catalog (cross references and the counts the rules state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from newton_rules.components.catalog import Catalog


def validate_catalog(catalog: Catalog) -> list[str]:
    """Every problem found, as 'file: item: what is wrong' strings (empty when the pack is valid)."""
    return []
