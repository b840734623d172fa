"""Situations for the bot tests: seeded random positions and stacked-deck set-ups."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from game.ai import Bot, make_bot
from game.engine import Card, Round, RuleSet
from tests.engine.conftest import build_deck  # the engine tests' stacked-deck builder

HOUSE = tuple(option.name for option in RuleSet.house_options())


def quick_bot(level: str, rng: random.Random) -> Bot:
    """A bot of `level`; the expert thinks over two guesses, not dozens, so a test
    can ask it hundreds of times (what it may read does not change)."""
    return make_bot(level, rng, worlds=2)


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


def stacked(
    preset: str,
    hands: dict[int, Sequence[str]],
    flip: str,
    draw: Sequence[str] = (),
    players: int = 4,
    **options: bool,
) -> Round:
    """A round dealt by the last seat (so seat 0 moves first) with the named hands,
    the rest filled as the engine tests fill them, `flip` turned up and `draw` next."""
    rules = RuleSet.preset(preset).replace(**options)
    dealer = players - 1
    deck = build_deck(rules, players, dealer, hands, flip, draw)
    return Round.start(rules, players, dealer=dealer, deck=deck, seed=0)


def shrink(rnd: Round, seat: int, keep: int) -> None:
    """Leave `seat` its first `keep` cards; the rest go to the bottom of the draw
    pile, so the cards are still all there (a test-only shortcut to a late position)."""
    hand = rnd.hands[seat]
    rnd.hands[seat], spare = hand[:keep], hand[keep:]
    rnd._draw[0:0] = spare


def grow(rnd: Round, seat: int, cards: Sequence[str]) -> None:
    """Move the named cards from the draw pile into `seat`'s hand (a test-only
    shortcut to a player who has drawn a lot; the cards are still all there)."""
    for text in cards:
        card = Card.parse(text)
        rnd._draw.remove(card)
        rnd.hands[seat].append(card)
