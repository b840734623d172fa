"""Situations for the bot tests: seeded random positions and stacked-deck set-ups."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from game.ai import make_bot
from game.engine import Card, Round, RuleSet
from game.engine.rules import HAND_SIZE

HOUSE = ("stack_draw2", "number_finish", "stack_draw4", "strict_draw4", "seven_zero",
         "jump_in", "draw_to_match", "force_play")


def rule_sets() -> list[RuleSet]:
    """Every preset, plain and with each house option on, plus all options at once."""
    out = []
    for preset in RuleSet.preset_names():
        base = RuleSet.preset(preset)
        out.append(base)
        out += [base.replace(**{option: True}) for option in HOUSE]
        out.append(base.replace(**{option: True for option in HOUSE if option != "strict_draw4"}))
    return out


def positions(rules: RuleSet, rounds: int, seed: int) -> Iterator[tuple[Round, int]]:
    """(round, seat to decide) pairs met while random bots play seeded rounds:
    the seat to move, and every other seat offered a catch or a jump-in."""
    for r in range(rounds):
        rng = random.Random(seed * 1000 + r)
        players = rng.choice((2, 3, 4, 4, 5))
        rnd = Round.start(rules, players, dealer=r % players, seed=seed * 1000 + r)
        mover = make_bot("random", rng)
        for _ in range(400):
            if rnd.over:
                break
            for seat in range(players):
                if seat == rnd.current or rnd.legal_actions(seat):
                    yield rnd, seat
            rnd.apply(mover.choose(rnd.view(rnd.current), rnd.legal_actions()))


def stacked(preset: str, hands: dict[int, Sequence[str]], flip: str, draw: Sequence[str] = (),
            players: int = 4, **options: bool) -> Round:
    """A round dealt by seat players-1 (so seat 0 moves first) with the named hands
    (the rest filled with high numbers of blue, yellow and green), `flip` turned
    up and `draw` next on the pile."""
    rules = RuleSet.preset(preset).replace(**options)
    dealer = players - 1
    named = Counter(Card.parse(c) for h in hands.values() for c in h)
    named.update(Card.parse(c) for c in [flip, *draw])
    left = rules.deck_counts()
    left.subtract(named)
    filler = [f"{c}-{n}" for n in range(9, 0, -1) for c in ("blue", "yellow", "green")]
    full = {}
    for seat in range(players):
        hand = list(hands.get(seat, []))
        while len(hand) < HAND_SIZE:
            text = next(t for t in filler if left[Card.parse(t)] > 0)
            left[Card.parse(text)] -= 1
            hand.append(text)
        full[seat] = hand
    order = [full[i % players][i // players] for i in range(HAND_SIZE * players)]
    return Round.start(rules, players, dealer=dealer, deck=[*order, flip, *draw], seed=0)
