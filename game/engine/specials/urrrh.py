"""The Urrrh (Monster High, rule 9): a wild card; its player then gives away
every card of one colour they hold, one to each player clockwise from the left."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..actions import Play
from ..events import CardsGiven
from ..kinds import CardKind, register
from ..text import N_

if TYPE_CHECKING:
    from ..cards import Card
    from ..round import Round
    from ..rules import RuleSet

NAME = "urrrh"


def asks(rules: RuleSet) -> bool:
    return True  # the colours it may give away are the hand's


def plays(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    hand = rnd.hands[seat]
    held = [c.color for c in hand]  # None for wild-type cards, this one among them
    rest = len(hand) - 1
    gives = tuple(
        (color, rest - held.count(color) == 1) for color in rnd.rules.colors if color in held
    ) or ((None, rest == 1),)
    return _plays(card, rnd.rules.colors, gives)


@cache
def _plays(
    card: Card, colors: tuple[str, ...], gives: tuple[tuple[str | None, bool], ...]
) -> tuple[Play, ...]:
    """An Urrrh's plays: each colour given away (or none, when the hand holds
    none), with UNO too where one card would be left, times each colour named."""
    out = []
    for give, uno in gives:
        for color in colors:
            out.append(Play(card, color=color, give=give))
            if uno:
                out.append(Play(card, color=color, give=give, uno=True))
    return tuple(out)


def before_uno(rnd: Round, seat: int, play: Play, ev: list) -> None:
    """Rule 9.2: every card of the colour, one each clockwise from the left."""
    color = play.give
    if color is None:
        return
    hand = rnd.hands[seat]
    given = [c for c in hand if c.color == color]
    rnd.hands[seat] = [c for c in hand if c.color != color]
    others = [(seat + k) % rnd.players for k in range(1, rnd.players)]
    gifts = []
    for i, card in enumerate(given):
        to = others[i % len(others)]
        rnd.hands[to].append(card)
        gifts.append((to, card))
    ev.append(CardsGiven(seat, color, tuple(gifts)))


KIND = CardKind(
    name=NAME,
    colored=False,
    copies=4,
    points=50,
    every_deck=False,
    asks=asks,
    plays=plays,
    before_uno=before_uno,
    label=N_("Urrrh"),
    a_label=N_("an Urrrh"),
    rules_text=N_(
        "Urrrh (Monster High): a wild card worth 50. After playing it you choose a "
        "colour you hold and hand out every card of that colour, one each, starting on "
        "your left."
    ),
    showpiece=N_("Urrrh! Cards given away"),
    bare_showpiece=N_("Urrrh! Nothing to give away"),
    sound="urrrh_giveaway",
    events=(CardsGiven,),
)


def register_kind() -> None:
    register(KIND)
