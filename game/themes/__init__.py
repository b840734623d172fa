"""Theme packs as pure data: manifest, loader and table layout.

Nothing in this package imports pygame except ``render``, ``preview`` and ``drawable``,
which draw what the data describes.
"""

from game.themes.errors import Problem, ThemeError
from game.themes.layout import TableLayout, load_layout
from game.themes.loader import DEFAULT_THEME, Pack, ThemeCatalog, discover, load_pack
from game.themes.manifest import Manifest, read_manifest

__all__ = [
    "DEFAULT_THEME",
    "Manifest",
    "Pack",
    "Problem",
    "TableLayout",
    "ThemeCatalog",
    "ThemeError",
    "discover",
    "load_layout",
    "load_pack",
    "read_manifest",
]
