"""Guesses of the hidden cards that agree with what a seat has seen.

A guess deals the cards the seat cannot see (`View.unseen`) into the other
hands, with the right counts, and the rest into the draw pile. It keeps what
the public history says (memory.py): cards known to be in a hand go there, and
a seat that drew on a colour and kept the card holds at most as many cards of
that colour as it has received since. With `faces`, the same holds for what
memory says of faces (a draw on a red 7: no 7 and no wild either; a Draw Two
taken where it could be stacked: no Draw Two). Everything else is dealt at random.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine import Card, View, round_from_view

from .memory import Memory, face_keys


def guess(
    view: View, memory: Memory, unseen: list[Card], rng: random.Random, faces: bool = False
) -> tuple[dict[int, list[Card]], list[Card]]:
    """Hands for every other seat and a draw pile (next card first), dealt from
    `unseen` (the view's unseen cards, left as they are); `faces`: keep memory's
    facts about faces as well as colours."""
    pool = list(unseen)
    rng.shuffle(pool)
    others = [s for s in range(view.players) if s != view.seat]
    hands: dict[int, list[Card]] = {s: [] for s in others}
    if any(memory.known[s] for s in others):
        left = Counter(pool)
        for seat in others:
            for card, count in memory.known[seat].items():
                take = min(count, left[card], view.hand_counts[seat] - len(hands[seat]))
                if take > 0:
                    hands[seat] += [card] * take
                    left[card] -= take
        pool = _without(pool, hands)
    for seat in others:
        _named(hands[seat], view.hand_counts[seat], memory.named[seat], pool, rng)
    # Seats with colour limits first, while the pool still has cards that fit them;
    # a seat without limits takes the next cards of the shuffled pool.
    limits_of = {seat: _limits(memory, seat, rng, faces) for seat in others}
    order = sorted(others, key=lambda s: -len(limits_of[s]))
    for seat in order:
        limits = limits_of[seat]
        if limits and faces:
            pool = _fill_by_age(hands[seat], view.hand_counts[seat], limits, pool)
        elif limits:
            pool = _fill(hands[seat], view.hand_counts[seat], limits, pool)
        else:
            need = view.hand_counts[seat] - len(hands[seat])
            hands[seat] += pool[:need]
            pool = pool[need:]
    return hands, pool


def guessed_round(  # noqa: ANN201 - a Round, which bots never name
    view: View,
    memory: Memory,
    unseen: list[Card],
    rng: random.Random,
    seed: int,
    faces: bool = False,
):
    """A playable round built from the view and one guess (never the real round)."""
    hands, pile = guess(view, memory, unseen, rng, faces)
    return round_from_view(view, hands, pile, seed=seed)


# How often a guess takes a colour a seat played a wild on as one it had none of:
# a player keeps its wilds while a coloured card will do (the hard level always).
TRUSTS_WILD = 0.8


def _limits(memory: Memory, seat: int, rng: random.Random, faces: bool) -> dict[str, int]:
    """Most cards of each colour `seat` may hold: what it showed it lacked, and in
    most guesses what it likely lacked when it played a wild; with `faces`, of each
    face key (memory.face_keys) too."""
    limits = dict(memory.lacked[seat])
    for color, since in memory.doubted[seat].items():
        if rng.random() < TRUSTS_WILD:
            limits[color] = min(since, limits.get(color, since))
    if faces:
        for key, since in memory.faces[seat].items():
            limits[key] = min(since, limits.get(key, since))
    return limits


# How often a guess gives a seat a card of the colour it last named: a player names
# a colour it holds, unless its hand holds no coloured card at all.
TRUSTS_NAMED = 0.9


def _named(
    hand: list[Card], size: int, color: str | None, pool: list[Card], rng: random.Random
) -> None:
    """Move one card of `color` from the pool into the hand, if it has none yet."""
    if color is None or len(hand) >= size or any(c.color == color for c in hand):
        return
    if rng.random() >= TRUSTS_NAMED:
        return
    for i, card in enumerate(pool):
        if card.color == color:
            hand.append(pool.pop(i))
            return


def _without(pool: list[Card], hands: dict[int, list[Card]]) -> list[Card]:
    taken: Counter[Card] = Counter()
    for hand in hands.values():
        taken.update(hand)
    out = []
    for card in pool:
        if taken[card] > 0:
            taken[card] -= 1
        else:
            out.append(card)
    return out


def _fill(hand: list[Card], size: int, limits: dict[str, int], pool: list[Card]) -> list[Card]:
    """Top `hand` up to `size` from the (shuffled) pool within the colour limits;
    the rest of the pool is returned. If the limits cannot be met they give way."""
    held = Counter(card.color for card in hand)
    rest = []
    for card in pool:
        color = card.color
        fits = color is None or color not in limits or held[color] < limits[color]
        if len(hand) < size and fits:
            hand.append(card)
            held[color] += 1
        else:
            rest.append(card)
    while len(hand) < size:  # memory said more than the cards allow: trust the cards
        hand.append(rest.pop())
    return rest


def _fill_by_age(
    hand: list[Card], size: int, limits: dict[str, int], pool: list[Card]
) -> list[Card]:
    """Top `hand` up to `size` from the (shuffled) pool, a card at a time from
    the newest: a card the seat has held since it showed it had no such face
    (memory.face_keys; `limits[key]` cards received since) cannot be one. So
    after a draw on red with two cards received since, two cards of a nine-card
    hand may be red, and the other seven not (`_fill` only caps the count at two).
    Newest first, each card is the first in the pool that fits its place: an
    older place fits fewer cards, so the cards it skips fit no later place.
    The rest of the pool is returned; limits that cannot be met give way."""
    rest = list(pool)
    for age in range(size - len(hand)):  # 0 is the newest card
        for i, card in enumerate(rest):
            if all(age < limits.get(key, age + 1) for key in face_keys(card)):
                hand.append(rest.pop(i))
                break
        else:
            hand.append(rest.pop())
    return rest
