"""Fast playouts for the Expert's search: a guessed round played to its end.

The rounds here are built by `round_from_view` from a sampled guess of the
hidden cards (see sampler.py), never the real round, so reading their hands is
reading the guess. The policy is the Hard level's main habits written over the
round itself (no View, no history replay), because a playout takes a few
hundred decisions and a View costs more than the decision.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import cast

from game.engine import ActionKind, Phase, View
from game.engine.actions import ACCEPT, CHALLENGE, DRAW, PASS, Action, ChooseColor

from .bluffing import CLOSE
from .hard import HARD_WEIGHTS
from .scoring import turn_score
from .situation import Situation

# How often a simulated player challenges a dishonest wild-draw4 it faces (never an
# honest one). What the levels now do differs: hard challenged 96 of 191 Wild Draw
# Fours played on it holding two cards or fewer, guilty or not, 6 of 766 holding
# more; normal 0 of 186 and 1 of 727 (ai_character.py --rounds 2000). Playouts
# challenging as hard does (`doubt` to value(), ExpertBot.doubt = (0.5, 0.01))
# gained +1.4 (±2.0) points of rounds vs 3 hard (classic, 220 paired rounds,
# expert_levers.py): within the noise, so this stays.
CATCHES_BLUFF = 0.6
WANDER = 0.1  # a random play now and then, so playouts are not all alike
LIMIT = 800  # actions; a guessed round that runs longer counts as drawn

# A cut-short playout is judged by each seat's strength, sum(weight * feature),
# its chance of winning being exp(strength) over the table's sum. Features: the log
# of the cards held, holding one card, wilds and wild draw fours, coloured action
# cards, creepers and urrrhs, then one per seat after the one to move (1, 2, 3+).
# Fitted to who won from positions of Hard's self-play (benchmarks/playout_value.py),
# by preset and number of players (more than 5 use 5's).
VALUE: dict[tuple[str, int], tuple[float, ...]] = {
    ("classic", 2): (-0.799, 0.018, 0.463, 0.167, 0.0, -0.062),
    ("classic", 3): (-1.007, -0.086, 0.502, 0.042, 0.0, -0.059, -0.122),
    ("classic", 4): (-1.131, -0.04, 0.501, 0.015, 0.0, -0.069, -0.129, -0.156),
    ("classic", 5): (-1.251, -0.047, 0.401, -0.009, 0.0, -0.111, -0.134, -0.167),
    ("minecraft", 2): (-1.022, -0.283, 0.706, 0.198, 0.394, -0.077),
    ("minecraft", 3): (-1.212, -0.247, 0.676, 0.098, 0.57, -0.106, -0.12),
    ("minecraft", 4): (-1.437, -0.2, 0.661, 0.099, 0.526, -0.117, -0.138, -0.158),
    ("minecraft", 5): (-1.578, -0.316, 0.634, 0.035, 0.54, -0.123, -0.138, -0.179),
    ("monster_high", 2): (-1.174, -0.295, 0.736, 0.213, 1.432, -0.099),
    ("monster_high", 3): (-1.329, -0.189, 0.615, 0.13, 1.646, -0.121, -0.166),
    ("monster_high", 4): (-1.512, -0.298, 0.542, 0.061, 1.555, -0.154, -0.2, -0.246),
    ("monster_high", 5): (-1.805, -0.537, 0.584, 0.098, 1.674, -0.191, -0.218, -0.268),
}
_FEATURE = {
    "wild": 2,
    "wild-draw4": 2,
    "skip": 3,
    "reverse": 3,
    "draw2": 3,
    "creeper": 4,
    "urrrh": 4,
}


def value(  # noqa: ANN001, PLR0913
    rnd,
    seat: int,
    rng: random.Random,
    horizon: int = LIMIT,
    hard_plies: int = 0,
    doubt: tuple[float, float] | None = None,
) -> float:
    """Play the guessed round `rnd` on for up to `horizon` actions; then `seat`'s
    chance of winning: 1 or 0 if the round is over, else as VALUE judges the hands.
    The first `hard_plies` actions are chosen by Hard's own scoring (hard_choice);
    `doubt`: challenge rates close to out and not (else CATCHES_BLUFF)."""
    apply = rnd.apply
    for ply in range(horizon):
        if rnd.phase == Phase.OVER:
            break
        apply(hard_choice(rnd, rng, doubt) if ply < hard_plies else choose(rnd, rng, doubt))
    if rnd.phase == Phase.OVER:
        return 1.0 if rnd.winner == seat else 0.0
    return judged(rnd, seat)


def judged(rnd, seat: int) -> float:  # noqa: ANN001 - a guessed Round
    """`seat`'s chance of winning from the hands as they stand (VALUE)."""
    players = rnd.players
    weights = VALUE.get((rnd.rules.name, min(players, 5)))
    if weights is None:  # an unknown rule sheet: the share of 1 / cards held
        shares = [1.0 / len(hand) for hand in rnd.hands]
        return shares[seat] / sum(shares)
    total = mine = 0.0
    for other, hand in enumerate(rnd.hands):
        features = [0.0, 0.0, 0.0, 0.0, 0.0]
        for card in hand:
            k = _FEATURE.get(card.kind)
            if k is not None:
                features[k] += 1.0
        n = len(hand)
        strength = weights[0] * math.log(n) + (weights[1] if n == 1 else 0.0)
        strength += weights[2] * features[2] + weights[3] * features[3] + weights[4] * features[4]
        pos = ((other - rnd.current) * rnd.direction) % players
        if pos:
            strength += weights[4 + min(pos, 3)]
        e = math.exp(strength)
        total += e
        if other == seat:
            mine = e
    return mine / total


def choose(  # noqa: ANN001 - a guessed Round
    rnd, rng: random.Random, doubt: tuple[float, float] | None = None
) -> Action:
    legal = rnd.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = rnd.phase
    if phase == Phase.TURN or phase == Phase.DRAWN:
        return _turn(rnd, legal, rng)
    if phase == Phase.COLOR:
        return ChooseColor(_most_held(rnd.hands[rnd.current], rnd.rules.colors))
    if phase == Phase.DRAW4 and CHALLENGE in legal and _challenges(rnd, rng, doubt):
        return CHALLENGE
    for act in legal:  # stack or draw4: pass the penalty on when we can
        if act[0] == ActionKind.PLAY:
            return act
    return ACCEPT


def _challenges(rnd, rng: random.Random, doubt: tuple[float, float] | None) -> bool:  # noqa: ANN001
    if doubt is None:
        return rnd.draw4_guilty and rng.random() < CATCHES_BLUFF
    close, far = doubt
    return rng.random() < (close if len(rnd.hands[rnd.current]) <= CLOSE else far)


class _Table:
    """What Hard's scoring reads of a View, taken from a guessed round: no
    history and no View to build, so a playout can afford it."""

    __slots__ = ("color", "direction", "hand_counts", "phase", "players", "rules", "top")

    def __init__(self, rnd) -> None:  # noqa: ANN001
        self.rules, self.phase, self.players = rnd.rules, rnd.phase, rnd.players
        self.color, self.top, self.direction = rnd.color, rnd.discard[-1], rnd.direction
        self.hand_counts = [len(hand) for hand in rnd.hands]


def hard_choice(  # noqa: ANN001 - a guessed Round
    rnd, rng: random.Random, doubt: tuple[float, float] | None = None
) -> Action:
    """The action Hard's scoring (scoring.turn_score, HARD_WEIGHTS) takes on a
    turn, or after drawing; elsewhere as `choose`. It reads the round's own
    hands (this is a guess), not memory, and takes every colour as common."""
    phase = rnd.phase
    if phase != Phase.TURN and phase != Phase.DRAWN:
        return choose(rnd, rng, doubt)
    legal = rnd.legal_actions()
    if len(legal) == 1:
        return legal[0]
    table = _Table(rnd)
    seat, n, counts = rnd.current, rnd.players, table.hand_counts
    sit = Situation(
        view=cast(View, table),
        hand=list(rnd.hands[seat]),
        me=seat,
        nxt=(seat + rnd.direction) % n,
        prev=(seat - rnd.direction) % n,
        threat=min(counts[s] for s in range(n) if s != seat),
        shares=_EVEN,
        unseen=Counter(),
        memory=None,
    )
    best, top = legal[0], -1e9
    for act in legal:
        score = turn_score(sit, act, HARD_WEIGHTS)
        if act[0] == ActionKind.PLAY and act[4]:
            score += 0.5  # UNO declared wherever it is offered
        if score > top:
            best, top = act, score
    return best


_EVEN: dict[str, float] = {}  # shares unknown: scoring takes a quarter for each colour


def _turn(rnd, legal: list[Action], rng: random.Random) -> Action:  # noqa: ANN001
    plays = [a for a in legal if a[0] == ActionKind.PLAY]
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
        score = _score(act, held, nxt, rnd.color, len(hand))
        if score > top:
            best, top = act, score
    return best


def _score(act, held: dict[str | None, int], nxt: int, current: str | None, size: int) -> float:  # noqa: ANN001
    card = act[1]
    kind = card.kind
    score = 0.5 if act[4] else 0.0  # declare UNO whenever it is offered
    if card.color is None:
        # A wild is kept while a coloured card will do; it names the colour held most.
        named = held.get(act[2], 0)
        give = act[3]
        if give is not None:  # an urrrh gives that colour away: it goes out if that was all
            given = held.get(give, 0)
            if given + 1 == size:
                return 1000.0
            score += 1.5 * given
            if give == act[2]:
                named = 0
        score += named - (8.0 if held.get(current, 0) else 2.0)
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
