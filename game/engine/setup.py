"""Setting up a round (rule 3): the stacked deck, the deal, the start card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import Card
from .errors import DeckError
from .events import StartCardReturned, dealt, flipped
from .kinds import kind_of
from .legal import COLOR
from .rules import HAND_SIZE, RuleSet
from .shuffle import shuffle

if TYPE_CHECKING:
    from .round import Round


def deal(rnd: Round) -> None:
    """Rule 3.2: seven cards each, one at a time, from the dealer's left."""
    n, pile = rnd.players, rnd._draw
    top = pile[: -HAND_SIZE * n - 1 : -1]  # the top cards, in dealing order
    del pile[-HAND_SIZE * n :]
    for offset in range(n):  # one card at a time from the dealer's left
        rnd.hands[(rnd.dealer + 1 + offset) % n] = top[offset::n]
    rnd.start_events.append(dealt(rnd.dealer, HAND_SIZE, n))


def flip(rnd: Round) -> None:
    """Rule 3.3: the start card and its effect."""
    ev = rnd.start_events
    card = rnd._draw.pop()
    while _flips_back(card):  # rule 3.3: back in, shuffle, flip again
        ev += [flipped(card), StartCardReturned(card)]
        rnd._draw.append(card)
        shuffle(rnd._rng, rnd._draw)
        card = rnd._draw.pop()
    ev.append(flipped(card))
    rnd.discard.append(card)
    rnd.color = card.color
    kind = kind_of(card)
    if kind is not None and kind.on_flip is not None:
        kind.on_flip(rnd, card, ev)
    elif card.color is None:  # a wild-type card: the dealer's left names the colour
        rnd.phase = COLOR


def _flips_back(card: Card) -> bool:
    kind = kind_of(card)
    return kind is not None and kind.flip_back


def stacked_deck(rules: RuleSet, deck: Iterable[str | Card]) -> tuple[list[Card], list[Card]]:
    """The named cards (top first), and the rest of the preset to go below them
    (in a fixed order, for the caller to shuffle)."""
    named = [Card.parse(c) for c in deck]
    left = rules.deck_counts()
    for card in named:
        if card not in left:
            raise DeckError(f"{card} is not in the {rules.name} deck")
    for card, asked in Counter(named).items():
        if asked > left[card]:
            raise DeckError(
                f"the {rules.name} deck has {left[card]} {card} card(s); "
                f"the stacked deck asks for {asked}"
            )
    left.subtract(Counter(named))
    rest = [card for card, count in left.items() for _ in range(count)]
    rest.sort()
    return named, rest
