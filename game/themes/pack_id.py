"""What a theme pack may be called: the rule and its check live in game.files.paths
(PACK_ID, is_pack_id), where the files that are not packs (settings, statistics)
can read them without loading the theme packages."""

from __future__ import annotations

from game.files.paths import is_pack_id

PACK_ID_RULE = "lower-case letters, digits, '_' and '-', at most 64"

__all__ = ["PACK_ID_RULE", "is_pack_id"]
