"""The special cards, one module each; importing this package registers them.

This list is the registry of the built-in kinds, and its order is the order of
their faces (kinds.py). A new card is a module that registers its `CardKind`:
it needs no edit anywhere else.
"""

from . import creeper, draw_two, reverse, skip, urrrh, wild, wild_draw_four

BUILT_IN = (skip, reverse, draw_two, wild, wild_draw_four, creeper, urrrh)
for _module in BUILT_IN:
    _module.register_kind()
