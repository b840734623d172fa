"""The draw pile: drawing (with what a card does when drawn, e.g. the Creeper's
three, rule 8.2), reshuffling the discards (rule 4.4), and the endless-round guard
that watches reshuffles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Card
from .events import DREW_ONE, CardsDrawn, PileReshuffled
from .kinds import ON_DRAW
from .shuffle import shuffle

if TYPE_CHECKING:
    from .round import Round

# Several-card draws are built with tuple.__new__ directly: NamedTuple's generated
# __new__ is a Python function and costs twice as much (take_one's are interned).
_new = tuple.__new__
_NO_HOOKS: frozenset[Card] = frozenset()


def take(
    rnd: Round, seat: int, count: int, reason: str, ev: list, hooks: bool = True
) -> list[Card]:
    """`seat` draws `count` cards; a card with a draw effect among them (a Creeper:
    3 more, rule 8.2) has it at once, unless `hooks` is off (the draws such an
    effect causes). Returns the cards drawn, the effects' draws excepted."""
    hooked = rnd.draw_hooked if hooks else _NO_HOOKS
    pile = rnd._draw
    if 0 < count <= len(pile):  # the common case: one slice off the top
        got = pile[: -count - 1 : -1]
        if not hooked or hooked.isdisjoint(got):
            del pile[-count:]
            rnd.hands[seat] += got
            ev.append(_new(CardsDrawn, (seat, count, tuple(got), reason)))
            return got
    hand = rnd.hands[seat]
    got = []
    batch: list[Card] = []
    for _ in range(count):
        if not rnd._draw and not reshuffle(rnd, ev):
            break
        card = rnd._draw.pop()
        hand.append(card)
        got.append(card)
        batch.append(card)
        if card in hooked:
            ev.append(_new(CardsDrawn, (seat, len(batch), tuple(batch), reason)))
            batch = []
            ON_DRAW[card](rnd, seat, card, ev)  # type: ignore[misc]
    if batch:
        ev.append(_new(CardsDrawn, (seat, len(batch), tuple(batch), reason)))
    return got


def take_one(rnd: Round, seat: int, ev: list) -> Card | None:
    """`seat` draws one card on its turn (rule 4.3); None if there is none to draw.
    A card's draw effect (a Creeper's three more) is not in what is returned."""
    pile = rnd._draw
    if pile and pile[-1] not in rnd.draw_hooked:
        card = pile.pop()  # the common case, without take's lists
        rnd.hands[seat].append(card)
        ev.append(DREW_ONE[seat][card])
        return card
    got = take(rnd, seat, 1, "draw", ev)
    return got[0] if got else None


def reshuffle(rnd: Round, ev: list) -> bool:
    """Rule 4.4: all but the top discard become the new draw pile."""
    if len(rnd.discard) < 2:
        return False
    pile = rnd.discard[:-1]
    rnd.discard = rnd.discard[-1:]
    shuffle(rnd._rng, pile)
    rnd._draw = pile
    ev.append(PileReshuffled(len(pile)))
    note_position(rnd)
    return True


def note_position(rnd: Round) -> None:
    """An endless round must cycle through reshuffles (every lap of the cycle
    empties the pile), so a position seen there a third time means the round
    cannot end: it ends with no winner, as rule 11 resolves."""
    key = position_key(rnd)
    rnd.cycles[key] = rnd.cycles.get(key, 0) + 1


def position_key(rnd: Round) -> str:
    """The position as rule 11 compares it: each hand and each pile as cards with
    their counts (sorted: order does not count), the card on top of the discard
    pile, the colour, the seat to act, the direction, and the penalty waiting, if
    one is. Plain text, as a save keeps it."""
    piles = [*rnd.hands, rnd._draw, rnd.discard]
    return "|".join(
        [",".join(str(c.index) for c in sorted(cards)) for cards in piles]
        + [rnd.discard[-1].text, str(rnd.color), str(rnd.current), str(rnd.direction)]
        + ([f"penalty {rnd.penalty}"] if rnd.penalty else [])
    )
