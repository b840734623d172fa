"""What a theme pack may be called: the rule lives in game.paths (PACK_ID); this
accepts any value, so a loader can ask it of whatever a file held."""

from __future__ import annotations

from game.paths import PACK_ID

PACK_ID_RULE = "lower-case letters, digits, '_' and '-', at most 64"


def is_pack_id(value: object) -> bool:
    """True for a name a pack can have (`monster_high`); False for paths and the rest."""
    return isinstance(value, str) and PACK_ID.fullmatch(value) is not None
