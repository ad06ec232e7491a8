"""The save converter: Galileo's config and state records to and from JSON, strictly (unknown keys and
mistyped values are errors)."""

from __future__ import annotations

from galileo_rules.model.frames import FRAME_TYPES, Frame
from rules_core.codec import make_converter, register_tagged_union

converter = make_converter()
register_tagged_union(converter, Frame, FRAME_TYPES, "decision")

