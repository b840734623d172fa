"""Fast playouts for the Expert's search: a guessed round played to its end.

The rounds here are built by `round_from_view` from a sampled guess of the
hidden cards (see sampler.py), never the real round, so reading their hands is
reading the guess. The policy is the Hard level's main habits written over the
round itself (no View, no history replay), because a playout takes a few
hundred decisions and a View costs more than the decision.
"""

from __future__ import annotations

import random

from game.engine.actions import ACCEPT, CHALLENGE, DRAW, PASS, Action, ChooseColor

# How often a simulated player challenges a dishonest wild-draw4 it faces: the
# Hard and Normal levels challenge on odds, and the odds are often good.
CATCHES_BLUFF = 0.6
WANDER = 0.1  # a random play now and then, so playouts are not all alike
LIMIT = 800  # actions; a guessed round that runs longer counts as drawn


def value(rnd, seat: int, rng: random.Random, horizon: int = LIMIT) -> float:  # noqa: ANN001
    """Play the guessed round `rnd` on for up to `horizon` actions; then `seat`'s
    chance of winning: 1 or 0 if the round is over, else its share of
    1 / cards held (the best fit of that simple form to Hard's self-play)."""
    apply = rnd.apply
    for _ in range(horizon):
        if rnd.phase == "over":
            break
        apply(choose(rnd, rng))
    if rnd.phase == "over":
        return 1.0 if rnd.winner == seat else 0.0
    shares = [1.0 / len(hand) for hand in rnd.hands]
    return shares[seat] / sum(shares)


def choose(rnd, rng: random.Random) -> Action:  # noqa: ANN001 - a guessed Round
    legal = rnd.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = rnd.phase
    if phase == "turn" or phase == "drawn":
        return _turn(rnd, legal, rng)
    if phase == "color":
        return ChooseColor(_most_held(rnd.hands[rnd.current], rnd.rules.colors))
    if (
        phase == "draw4"
        and CHALLENGE in legal
        and rnd.draw4_guilty
        and rng.random() < CATCHES_BLUFF
    ):
        return CHALLENGE
    for act in legal:  # stack or draw4: pass the penalty on when we can
        if act[0] == "play":
            return act
    return ACCEPT


def _turn(rnd, legal: list[Action], rng: random.Random) -> Action:  # noqa: ANN001
    plays = [a for a in legal if a[0] == "play"]
    if not plays:
        return DRAW if DRAW in legal else PASS
    if rng.random() < WANDER:
        return rng.choice(plays)
    seat = rnd.current
    hand = rnd.hands[seat]
    held: dict[str | None, int] = {}
    for card in hand:
        held[card.color] = held.get(card.color, 0) + 1
    nxt = len(rnd.hands[(seat + rnd.direction) % rnd.players])
    best, top = plays[0], -1e9
    for act in plays:
        score = _score(act, held, nxt, rnd.color)
        if score > top:
            best, top = act, score
    return best


def _score(act, held: dict[str | None, int], nxt: int, current: str | None) -> float:  # noqa: ANN001
    card = act[1]
    kind = card.kind
    score = 0.5 if act[4] else 0.0  # declare UNO whenever it is offered
    if card.color is None:
        # A wild is kept while a coloured card will do; it names the colour held most.
        score += held.get(act[2], 0) - (8.0 if held.get(current, 0) else 2.0)
        if kind == "wild-draw4":
            score += 3.0 + 6.0 / nxt - (20.0 if held.get(current, 0) else 0.0)
        return score
    score += held.get(card.color, 0) + card.points * 0.02
    if kind == "skip" or kind == "draw2":
        score += 6.0 / nxt
    return score


def _most_held(hand, colors: tuple[str, ...]) -> str:  # noqa: ANN001
    counts = {c: 0 for c in colors}
    for card in hand:
        if card.color in counts:
            counts[card.color] += 1
    return max(colors, key=counts.__getitem__)
