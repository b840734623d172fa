"""Reverse (rule 5.2): play changes direction; with two players, a skip."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import REVERSED, Reversed
from ..kinds import CardKind, register
from ..text import N_

if TYPE_CHECKING:
    from ..cards import Card
    from ..round import Round


def effect(rnd: Round, seat: int, card: Card, prev_color: str | None, out: bool, ev: list) -> None:
    if out:
        rnd._finish(seat, ev)
        return
    d = rnd.direction
    rnd.direction = -d  # rule 5.2: two players too (the table's arrows turn)
    ev.append(REVERSED[seat][-d])
    # With two players it acts as a skip: the player goes again.
    rnd.current = (seat - d) % rnd.players if rnd.players > 2 else seat


def on_flip(rnd: Round, card: Card, ev: list) -> None:
    """Rule 3.3: the dealer starts, and play goes to the right."""
    rnd.direction = -1
    ev.append(Reversed(rnd.dealer, -1))
    rnd.current = rnd.dealer


KIND = CardKind(
    name="reverse",
    colored=True,
    copies=2,
    points=20,
    effect=effect,
    on_flip=on_flip,
    callout=N_("Reverse!"),
    label=N_("Reverse"),
    a_label=N_("a {colour} Reverse"),
    bare_label=N_("{colour} Reverse"),
)


def register_kind() -> None:
    register(KIND)
