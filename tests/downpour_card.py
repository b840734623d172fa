"""A card that exists only in the tests: the Downpour, a wild card after which
every other player draws one card, clockwise from the player's left.

It is defined and registered here alone: the engine, the table and the log's
narration play it from its definition, with no edit to any of their files.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine import Card, Round, RuleSet
from game.engine.kinds import KINDS, CardKind, register
from game.engine.pile import take

NAME = "downpour"


class DownpourFell(NamedTuple):
    """`seat` played a Downpour: everyone else draws one."""

    seat: int


def effect(rnd: Round, seat: int, card: Card, prev_color: str | None, out: bool, ev: list) -> None:
    ev.append(DownpourFell(seat))
    for k in range(1, rnd.players):
        take(rnd, (seat + k) % rnd.players, 1, NAME, ev)
    if out:
        rnd._finish(seat, ev)
    else:
        rnd.current = (seat + rnd.direction) % rnd.players


KIND = CardKind(
    name=NAME,
    colored=False,
    copies=4,
    points=50,
    every_deck=False,
    effect=effect,
    label="Downpour",
    a_label="a Downpour",
    rules_text="Downpour: a wild card; everyone else draws one card.",
    showpiece="Downpour! Everyone draws one",
    draw_text=("You draw {count} in the downpour.", "{who} draws {count} in the downpour."),
    events=(DownpourFell,),
    event_text=("You bring the downpour.", "{who} brings the downpour."),
)

if NAME not in KINDS:  # registered once, whichever test imports it first
    register(KIND)

RULES = RuleSet(name=NAME, special=NAME)  # the Classic deck with four Downpours
