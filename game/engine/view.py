"""A seat's view of a round: everything it may know, nothing more.

Bots and the UI read views, never the Round. `round_from_view` builds a playable
Round from a view plus a guess of the hidden cards, so a bot can simulate
without ever reading the real hidden state.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.limits import Scoring

from .cards import Card
from .errors import IllegalAction
from .events import for_seat
from .phases import Phase
from .rules import RuleSet
from .validate import check_seat_argument

if TYPE_CHECKING:
    from .round import MatchContext, Round


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge. `hand_counts[s]` is how many cards seat s holds."""

    seat: int
    rules: RuleSet
    players: int
    dealer: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    top: Card
    color: str | None
    direction: int
    current: int
    phase: Phase
    penalty: int  # cards waiting on `current` (draw2 stack / wild-draw4)
    drawn: Card | None  # the card this seat just drew and may play
    draw4_by: int  # who played the pending wild-draw4 (-1: none)
    draw4_prev: str | None  # the colour before that wild-draw4 (public)
    uno_open: int  # a seat that may be caught now (-1: none)
    idle: int  # turns in a row that moved no card (rule 11; -1: Round._moved_mid_turn)
    draw_pile_size: int
    discard_pile: tuple[Card, ...]
    history: tuple  # public events, hidden cards removed
    scores: tuple[int, ...]  # match totals before this round
    target: int
    scoring: str
    winner: int | None

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def unseen(self) -> list[Card]:
        """Cards this seat cannot see: in other hands or the draw pile."""
        left = self.rules.deck_counts()
        left.subtract(Counter(self.hand))
        left.subtract(Counter(self.discard_pile))
        return [card for card, count in sorted(left.items()) for _ in range(count)]


def make_view(rnd: Round, seat: int) -> View:
    check_seat_argument(seat, rnd.players)  # view(-1) would be another seat's view
    ctx = rnd.context
    return View(
        seat=seat,
        rules=rnd.rules,
        players=rnd.players,
        dealer=rnd.dealer,
        hand=tuple(rnd.hands[seat]),
        hand_counts=tuple(len(h) for h in rnd.hands),
        top=rnd.discard[-1],
        color=rnd.color,
        direction=rnd.direction,
        current=rnd.current,
        phase=Phase(rnd.phase),
        penalty=rnd.penalty,
        drawn=rnd.drawn if seat == rnd.current else None,
        draw4_by=rnd.draw4_by,
        draw4_prev=rnd.draw4_prev,
        uno_open=rnd.uno_open,
        idle=rnd.idle,
        draw_pile_size=len(rnd._draw),
        discard_pile=tuple(rnd.discard),
        history=_seen_history(rnd, seat),
        scores=ctx.scores if ctx else (0,) * rnd.players,
        target=ctx.target if ctx else 0,
        scoring=ctx.scoring if ctx else Scoring.STANDARD,
        winner=rnd.winner,
    )


def _seen_history(rnd: Round, seat: int) -> tuple:
    """The public history as `seat` sees it. The round only ever appends to its
    history, so each seat's redacted copy is extended, not rebuilt, per view."""
    seen = rnd.seen.setdefault(seat, [])
    if len(seen) < len(rnd.history):
        seen += [for_seat(e, seat) for e in rnd.history[len(seen) :]]
    return tuple(seen)


def round_from_view(
    view: View,
    hands: Mapping[int, Sequence[Card]],
    draw_pile: Sequence[Card],
    seed: int | None = None,
) -> Round:
    """A playable Round matching `view`, with the hidden cards as guessed: `hands`
    for every other seat (with the right counts) and `draw_pile` (next card first).
    A guessed draw pending on another seat is taken to be the last card of its hand."""
    from .round import MatchContext, Round

    context = MatchContext(view.scores, view.target, view.scoring) if view.target else None
    rnd = Round._blank(view.rules, view.players, view.dealer, random.Random(seed), context)
    for seat in range(view.players):
        cards = view.hand if seat == view.seat else hands[seat]
        if len(cards) != view.hand_counts[seat]:
            raise IllegalAction(
                f"seat {seat} holds {view.hand_counts[seat]} cards, the guess gives {len(cards)}"
            )
        rnd.hands[seat] = [Card.parse(c) for c in cards]
    rnd._draw = [Card.parse(c) for c in reversed(draw_pile)]
    rnd.discard = list(view.discard_pile)
    _check_conserved(rnd)
    _copy_public(rnd, view, context)
    return rnd


def _copy_public(rnd: Round, view: View, context: MatchContext | None) -> None:
    rnd.color, rnd.direction, rnd.current = view.color, view.direction, view.current
    rnd.phase, rnd.penalty, rnd.idle, rnd.winner = view.phase, view.penalty, view.idle, view.winner
    rnd.uno_open, rnd.draw4_by, rnd.draw4_prev = view.uno_open, view.draw4_by, view.draw4_prev
    rnd.history = list(view.history)
    if view.phase == Phase.DRAWN:
        rnd.drawn = view.drawn if view.drawn is not None else rnd.hands[view.current][-1]
    if view.draw4_by >= 0 and view.phase == Phase.DRAW4:
        rnd.draw4_guilty = any(c.color == view.draw4_prev for c in rnd.hands[view.draw4_by])


def _check_conserved(rnd: Round) -> None:
    seen = Counter(rnd._draw) + Counter(rnd.discard)
    for hand in rnd.hands:
        seen.update(hand)
    if seen != rnd.rules.deck_counts():
        raise IllegalAction("the guessed cards and the visible ones do not make up the deck")
