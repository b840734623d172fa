"""Wild Draw Four (rules 4.2, 5.4, 6): names the colour; the next player draws 4
and loses the turn, or challenges. Honest only without a card of the current
colour; `strict_draw4` forbids the dishonest play, `stack_draw4` stacks it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import SKIPPED, ChallengeResult
from ..kinds import CardKind, register
from ..legal import holds_color, wild_plays
from ..phases import Phase
from ..pile import take
from ..text import N_
from .penalty import play_penalty

if TYPE_CHECKING:
    from ..actions import Play
    from ..cards import Card
    from ..round import Round
    from ..rules import RuleSet

NAME = "wild-draw4"
DRAW4 = Phase.DRAW4.value  # the phase in which it is accepted, challenged or stacked on


def asks(rules: RuleSet) -> bool:
    return rules.strict_draw4


def plays(rnd: Round, seat: int, card: Card) -> tuple[Play, ...]:
    """Under strict_draw4: only while holding no card of the current colour."""
    hand = rnd.hands[seat]
    if holds_color(hand, rnd.color):
        return ()
    return wild_plays(card, rnd.rules.colors, len(hand) == 2)


def effect(rnd: Round, seat: int, card: Card, prev_color: str | None, out: bool, ev: list) -> None:
    if play_penalty(rnd, seat, 4, out, True, DRAW4, ev):
        rnd.draw4_by, rnd.draw4_prev = seat, prev_color
        rnd.draw4_guilty = holds_color(rnd.hands[seat], prev_color)


def challenge(rnd: Round, seat: int, ev: list) -> None:
    """Rule 6: guilty, the player of the card draws 4 and the challenger plays on;
    innocent, the challenger draws 6 and loses the turn."""
    by, guilty = rnd.draw4_by, rnd.draw4_guilty
    ev.append(ChallengeResult(seat, by, guilty, tuple(rnd.hands[by])))
    rnd.penalty = 0
    if guilty:
        if take(rnd, by, 4, "challenge", ev):
            rnd._moved_mid_turn()  # the challenger's turn goes on
        rnd.phase = Phase.TURN.value
    else:
        got = take(rnd, seat, 6, "challenge", ev)
        ev.append(SKIPPED[seat])
        rnd._next_turn(seat)
        rnd._count_idle(bool(got), ev)


KIND = CardKind(
    name=NAME,
    colored=False,
    copies=4,
    points=50,
    asks=asks,
    plays=plays,
    refusal=N_("A Wild Draw Four may only be played when you hold no card of the colour."),
    effect=effect,
    flip_back=True,
    penalty=4,
    callout="+4",
    label=N_("Wild Draw Four"),
    a_label=N_("a Wild Draw Four"),
)


def register_kind() -> None:
    register(KIND)
