"""Stacked-deck set-ups for the rule tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from game.engine import Card, Round, RuleSet
from game.engine.rules import HAND_SIZE

# Quiet filler for hands a test does not name: numbers, highest first, so a
# test that needs a seat to lack something names that seat's whole hand.
_FILLER_ORDER = [f"{c}-{n}" for n in range(9, 0, -1) for c in ("blue", "yellow", "green")]


def build_deck(
    rules: RuleSet,
    players: int,
    dealer: int,
    hands: dict[int, Sequence[str]],
    flip: str,
    draw: Sequence[str],
) -> list[str]:
    """Deck order (top first) that deals `hands`, flips `flip`, then draws `draw`."""
    named = Counter(Card.parse(c) for h in hands.values() for c in h)
    named.update(Card.parse(c) for c in [flip, *draw])
    left = rules.deck_counts()
    left.subtract(named)
    filler = [c for c in _FILLER_ORDER if Card.parse(c) in left]
    full: dict[int, list[str]] = {}
    for seat in range(players):
        hand = list(hands.get(seat, []))
        while len(hand) < HAND_SIZE:
            text = next(t for t in filler if left[Card.parse(t)] > 0)
            left[Card.parse(text)] -= 1
            hand.append(text)
        full[seat] = hand
    order = [full[(dealer + 1 + i) % players][i // players] for i in range(HAND_SIZE * players)]
    return [*order, flip, *draw, *_quiet(left, 12)]


def _quiet(left: Counter, count: int) -> list[str]:
    """Plain number cards to follow the named draws, so a penalty in a test never
    meets a seeded creeper or wild by chance."""
    out = []
    for text in _FILLER_ORDER:
        while left[Card.parse(text)] > 0 and len(out) < count:
            left[Card.parse(text)] -= 1
            out.append(text)
    return out


Deal = Callable[..., Round]


@pytest.fixture
def deal() -> Deal:
    """deal("classic", hands={0: [...]}, flip="red-5", draw=[...], players=4, dealer=3)."""

    def make(
        preset: str | RuleSet = "classic",
        *,
        hands: dict[int, Sequence[str]] | None = None,
        flip: str = "red-5",
        draw: Sequence[str] = (),
        players: int = 4,
        dealer: int | None = None,
        **options: bool,
    ) -> Round:
        rules = RuleSet.preset(preset) if isinstance(preset, str) else preset
        rules = rules.replace(**options) if options else rules
        dealer = players - 1 if dealer is None else dealer  # so seat 0 starts
        deck = build_deck(rules, players, dealer, hands or {}, flip, draw)
        return Round.start(rules, players, dealer=dealer, deck=deck, seed=0)

    return make


def cards(*texts: str) -> list[Card]:
    return [Card.parse(t) for t in texts]


def pile_holds_only(rnd: Round, count: int, into: int) -> None:
    """Leave the next `count` cards in the draw pile and move the rest into seat
    `into`'s hand, so the pile runs out at a known card and no card is lost."""
    rest = len(rnd._draw) - count
    rnd.hands[into] += rnd._draw[:rest]
    del rnd._draw[:rest]
