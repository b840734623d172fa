"""The engine's refusals in the player's words: the engine says why (a reason and
an English message naming its fields); this fills the fields in with names the
player knows and translates the message. No reason is worked out here."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import Card, IllegalAction
from game.engine.refusal import NOT_ALLOWED
from game.ui.table.narration import card_face


def refusal_text(
    error: IllegalAction,
    gettext: Callable[[str], str],
    names: Sequence[str],
    colour_name: Callable[[str], str],
) -> str:
    """An action of the wrong kind is answered with what is asked now, in the
    words of the prompt's status line (both come from game/engine/asked.py)."""
    refusal = error.refusal
    if refusal is None:  # refused by the table, not by the rules (a seat played elsewhere)
        return gettext(NOT_ALLOWED)
    fields = dict(refusal.fields)
    seat = fields.pop("seat", None)
    colour = fields.pop("colour", None)
    card = fields.pop("card", None)
    return gettext(refusal.message).format(
        name=names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "",
        colour=colour_name(colour).lower() if colour else "",
        card=card_face(card, gettext) if isinstance(card, Card) else "",
        **fields,
    )
