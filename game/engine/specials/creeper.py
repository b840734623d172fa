"""The Creeper (Minecraft, rule 8): a wild card; whoever takes one from the draw
pile shows it and draws 3 more at once (a Creeper among those stays silent)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import CreeperShown
from ..kinds import CardKind, register
from ..pile import take
from ..text import N_

if TYPE_CHECKING:
    from ..cards import Card
    from ..round import Round

NAME = "creeper"


def on_draw(rnd: Round, seat: int, card: Card, ev: list) -> None:
    ev.append(CreeperShown(seat, card))
    take(rnd, seat, 3, NAME, ev, hooks=False)


KIND = CardKind(
    name=NAME,
    colored=False,
    copies=4,
    points=50,
    every_deck=False,
    on_draw=on_draw,
    label=N_("Creeper"),
    a_label=N_("a Creeper"),
    rules_text=N_(
        "Creeper (Minecraft): a wild card worth 50. Whoever draws a Creeper from the "
        "pile must show it and take three more cards at once."
    ),
    showpiece=N_("Creeper! Three more cards"),
    sound="creeper_reveal",
    events=(CreeperShown,),
    event_text=(N_("A Creeper! You drew 3 more."), N_("A Creeper! {who} drew 3 more.")),
    draw_text=(N_("You drew {count} for the Creeper."), N_("{who} drew {count} for the Creeper.")),
)


def register_kind() -> None:
    register(KIND)
