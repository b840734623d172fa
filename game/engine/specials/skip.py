"""Skip (rule 5.1): the next player loses the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import SKIPPED, Skipped
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
    nxt = (seat + d) % rnd.players
    ev.append(SKIPPED[nxt])
    rnd.current = (nxt + d) % rnd.players


def on_flip(rnd: Round, card: Card, ev: list) -> None:
    """Rule 3.3: the dealer's left is skipped."""
    left = (rnd.dealer + 1) % rnd.players
    ev.append(Skipped(left))
    rnd.current = (left + 1) % rnd.players


KIND = CardKind(
    name="skip",
    colored=True,
    copies=2,
    points=20,
    effect=effect,
    on_flip=on_flip,
    callout=N_("Skip!"),
    label=N_("Skip"),
    a_label=N_("a {colour} Skip"),
    bare_label=N_("{colour} Skip"),
)


def register_kind() -> None:
    register(KIND)
