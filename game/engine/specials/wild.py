"""Wild (rule 4.1, 4.5): plays on anything and names the colour that follows."""

from __future__ import annotations

from ..kinds import CardKind, register
from ..text import N_

KIND = CardKind(
    name="wild",
    colored=False,
    copies=4,
    points=50,
    callout=N_("Wild!"),
    label=N_("Wild"),
    a_label=N_("a Wild"),
)


def register_kind() -> None:
    register(KIND)
