"""Draw Two (rule 5.3): the next player draws 2 and loses the turn; stacked
under `stack_draw2` (rule 5.5), answered in the `stack` phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds import CardKind, register
from ..phases import Phase
from ..text import N_
from .penalty import flip_penalty, play_penalty

if TYPE_CHECKING:
    from ..cards import Card
    from ..round import Round

NAME = "draw2"
STACK = Phase.STACK.value  # the phase in which a Draw Two may be answered


def effect(rnd: Round, seat: int, card: Card, prev_color: str | None, out: bool, ev: list) -> None:
    play_penalty(rnd, seat, 2, out, rnd.rules.stack_draw2, STACK, ev)


def on_flip(rnd: Round, card: Card, ev: list) -> None:
    flip_penalty(rnd, 2, ev)


KIND = CardKind(
    name=NAME,
    colored=True,
    copies=2,
    points=20,
    effect=effect,
    on_flip=on_flip,
    penalty=2,
    callout="+2",
    label=N_("Draw Two"),
    a_label=N_("a {colour} Draw Two"),
    bare_label=N_("{colour} Draw Two"),
)


def register_kind() -> None:
    register(KIND)
