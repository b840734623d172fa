"""The `expert` level: Hard's heuristics narrow the choice, then playouts decide.

For each decision with more than one sensible option (with Creepers or Urrrhs,
once some hand is down to a few cards: SEARCH_FROM), the Expert guesses the
hidden cards many times (sampler.py: consistent with everything its seat has
seen), plays each candidate in every guess and finishes the round with a fast
policy (playout.py), and takes the candidate that won most often. Every
candidate is played in the same guesses with the same playout seed (common
random numbers), so the comparison is fairer than the raw counts suggest.

Given a seed and an iteration budget it is deterministic; a time budget (the
app) stops early, after a whole guess, never mid-way.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.engine import Phase, View
from game.engine.actions import CHALLENGE, Action

from .bluffing import Bluffing
from .choices import catches
from .hard import HARD_DOUBT, HardBot
from .heuristic import _declared
from .memory import read_history
from .playout import value
from .reads import Read
from .sampler import guessed_round
from .scoring import turn_score
from .situation import Situation
from .telling import attacks, bluffs, colour_read

# Guesses of the hidden cards per decision, by default. Twice as many (96) lost
# 6.7 (±2.6) points of rounds vs 3 hard (classic, 300 paired rounds): with smaller
# errors the search overrules Hard more often at the same Z, on a biased estimate.
WORLDS = 48
# The best options by Hard's scores that the playouts compare; 6 gave +0.7 (±1.3).
CANDIDATES = 4
# Actions a playout runs before the hand sizes judge it. Short playouts over many
# guesses beat whole rounds over few (classic, 400 rounds vs 3 hard): 16 actions
# x 24 guesses 25%, whole rounds x 24 guesses 18%, 8 x 48 30%.
HORIZON = 8
# The search overrules Hard's first choice only when its playouts beat it by more
# than this many standard errors of the paired differences: with a few dozen
# guesses most gaps are noise, and Hard's heuristics are better than a coin.
Z = 1.0
# Against a next player down to one card, an option that passes over Hard's Skip,
# Draw Two or Wild Draw Four must win by this many: the search once let a near-tie
# (0.127 against 0.109) skip the attack, and the player went out. At 2 standard
# errors it still passed over 8 of 105 such attacks (ai_character.py, 1,085
# rounds with three Hard bots): about what noise gives with three options each
# tried against Hard's at 2.3%; at 3 noise lets about one in 250 through.
Z_ATTACK = 3.0
# With Creepers or Urrrhs, at a table of three or more, the search waits until some
# hand (its own included) is down to this many cards. Before that an 8-action
# playout stops far from the round's end, and the fitted value's crude worth of
# those cards overrules Hard's sounder choice. Vs 3 hard, 1,200 rounds on the same
# seeds: monster_high searching every decision 25.0%, from 5 cards 27.1%, from 4
# 28.3% (again 28.2, 27.5), from 3 27.6%, from 2 27.6%; minecraft every decision
# 27.8% and 25.2% (two seeds), from 4 cards 28.9% and 25.8%; classic every decision
# 26.8%, from 4 cards 25.2%, so classic searches throughout.
SEARCH_FROM = {"minecraft": 4, "monster_high": 4}
# With 2 players, where some option beats Hard's choice by under CLOSE standard
# errors after the first guesses, CLOSE_CALL times as many guesses again settle it.
# On the decisions of 160 minecraft rounds (search_bench.py, 12 salts) +7.4 rounds
# in 100 over Hard's choices against +6.4; vs hard over 2,400 rounds (same seeds)
# minecraft 56.0% against 53.8%, classic 58.9% against 56.2%, monster_high 54.9%
# against 54.3%. At 4 players it made no difference (classic, +1.73 against +1.74).
CLOSE = 2.5
CLOSE_CALL = 2
# It bluffs every time a bluff pays (Hard's spots: five cards or more, the next
# player on one or two), unless that player has challenged most of the Wild Draw
# Fours it faced this match, or would suspect this one as Hard does (so once its
# own Wild Draw Fours have been shown honest). Without that last rule 45 of its
# 52 bluffs were caught (ai_character.py, 1,085 rounds with three Hard bots).
# Levers tried and not kept (docs/AI.md, "Levers tried"), options for
# benchmarks/expert_levers.py. Whether its guesses keep what memory says of faces,
# not only colours (a draw on a red 7: no 7 and no wild; a Draw Two taken where it
# could be stacked: no Draw Two): vs 3 hard, classic, 420 paired rounds, +2.6 ±1.9
# points of rounds, under two standard errors.
FACES = False
# How many of a playout's first actions Hard's own scoring chooses (playout.hard_choice),
# not the playouts' faster policy: 8 (all of HORIZON) gave +3.1 ±1.9 on the same
# 420 rounds, for 1.6 times the CPU.
HARD_PLIES = 0
EXPERT_BLUFFING = Bluffing(chance=1.0, wary=True, fears=HARD_DOUBT)


@dataclass(frozen=True)
class Weighed:
    """One option as the search saw it: playouts won out of played."""

    action: Action
    won: float  # summed playout values (1 a win, 0 a loss, between when cut short)
    played: int

    @property
    def rate(self) -> float:
        return self.won / self.played if self.played else 0.0


@dataclass(frozen=True)
class Thought:
    """A decision and what it rested on: the options compared, best first."""

    choice: Action
    weighed: tuple[Weighed, ...]  # empty when there was nothing to compare
    situation: Situation | None
    playouts: int
    read: Read | None = None  # what in the public history the choice acted on


class ExpertBot:
    def __init__(
        self, rng: random.Random, worlds: int = WORLDS, seconds: float | None = None
    ) -> None:
        self.rng = rng
        self.worlds = worlds
        self.seconds = seconds
        self.hard = HardBot(rng, bluffing=EXPERT_BLUFFING)
        self.candidates = CANDIDATES
        self.faces = FACES
        self.hard_plies = HARD_PLIES
        self.doubt: tuple[float, float] | None = None  # playout.value's challenge rates
        # Whether the playouts also judge a challenge (its guesses of the hand
        # that played the Wild Draw Four decide whether it was a bluff): -3.3
        # (±1.6) points of rounds vs 3 hard (classic, 300 paired rounds).
        self.searches_challenge = False
        self.read: Read | None = None

    def choose(self, view: View, legal: list[Action]) -> Action:
        thought = self.think(view, legal)
        self.read = thought.read
        return thought.choice

    def react(self, view: View, legal: list[Action]) -> Action | None:
        # Out of turn there is a catch (always taken) or a jump-in (Hard's rule).
        self.read = None
        return self.hard.react(view, legal)

    def think(self, view: View, legal: list[Action]) -> Thought:
        """The decision with its reasons, for the coach as well as for play."""
        # Hard's own choice first (drawing on the shared generator as Hard does):
        # the search starts from it and overrules it only on clear evidence.
        default = self.hard.choose(view, legal)
        if len(legal) == 1 or catches(legal):
            return Thought(default, (), None, 0)
        sit = self.hard.situation(view)
        options = _declared(legal)
        if view.phase == Phase.DRAW4 and CHALLENGE in options and not self.searches_challenge:
            # The odds of a bluff come from how players bluff, which a uniform guess
            # of the hand does not know: Hard's estimate decides the challenge.
            if default == CHALLENGE:
                return Thought(CHALLENGE, (), sit, 0, self.hard.read)
            options = [a for a in options if a != CHALLENGE]
        ranked = self._ranked(sit, options, default)
        if len(ranked) == 1 or not _searches(view):
            return Thought(default, (), sit, 0)
        weighed, playouts = self._search(view, ranked, _guarded(sit, ranked))
        choice = weighed[0].action
        return Thought(choice, weighed, sit, playouts, colour_read(sit, choice, ranked))

    def _ranked(self, sit: Situation, options: list[Action], default: Action) -> list[Action]:
        """Hard's choice, then its next best options by score: the few worth playing out."""
        if not sit.bluff_ok:  # a bluff only where it pays: the search is not asked
            options = [act for act in options if not bluffs(sit, act)]
        scored = sorted(
            ((turn_score(sit, act, self.hard.weights), i) for i, act in enumerate(options)),
            key=lambda pair: (-pair[0], pair[1]),
        )
        rest = [options[i] for _, i in scored if options[i] != default]
        return [default, *rest][: self.candidates]

    def _search(
        self, view: View, ranked: list[Action], guarded: list[bool]
    ) -> tuple[tuple[Weighed, ...], int]:
        memory = read_history(view)
        unseen = view.unseen()
        base = self.rng.getrandbits(32)
        won = [0.0] * len(ranked)
        diffs: list[list[float]] = [[] for _ in ranked]  # value minus Hard's choice's, per guess
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds

        def play(first: int, last: int) -> bool:
            """Guesses first..last-1 into won and diffs; False once out of time."""
            for world_no in range(first, last):
                world = guessed_round(
                    view, memory, unseen, random.Random(base + world_no), base, self.faces
                )
                for k, act in enumerate(ranked):
                    sim = world.copy()
                    sim.apply(act, view.seat)
                    rng = random.Random(base ^ world_no)
                    v = value(sim, view.seat, rng, HORIZON, self.hard_plies, self.doubt)
                    won[k] += v
                    diffs[k].append(v - diffs[0][-1] if k else v)
                if deadline is not None and time.perf_counter() > deadline:
                    return False
            return True

        if play(0, self.worlds) and view.players == 2 and _close(diffs):
            play(self.worlds, self.worlds * (1 + CLOSE_CALL))
        worlds = len(diffs[0])
        weighed = [Weighed(act, won[k], worlds) for k, act in enumerate(ranked)]
        best = _clearly_better(diffs, guarded)
        rest = sorted((w for k, w in enumerate(weighed) if k != best), key=lambda w: -w.won)
        return (weighed[best], *rest), worlds * len(ranked)


def _searches(view: View) -> bool:
    """Whether this decision is one the search judges better than Hard (SEARCH_FROM)."""
    cards = SEARCH_FROM.get(view.rules.name)
    return cards is None or view.players < 3 or min(view.hand_counts) <= cards


def _gain(d: list[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error."""
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    return mean, (var / n) ** 0.5


def _close(diffs: list[list[float]]) -> bool:
    """Whether some option beats Hard's choice (option 0), by under CLOSE standard errors."""
    for d in diffs[1:]:
        mean, error = _gain(d)
        if 0.0 < mean < CLOSE * error:
            return True
    return False


def _guarded(sit: Situation, ranked: list[Action]) -> list[bool]:
    """Per option, whether overruling Hard's choice with it passes over an attack
    on a next player down to one card (Z_ATTACK, not Z, then decides)."""
    if sit.count(sit.nxt) != 1 or not attacks(sit, ranked[0]):
        return [False] * len(ranked)
    return [not attacks(sit, act) for act in ranked]


def _clearly_better(diffs: list[list[float]], guarded: list[bool] | None = None) -> int:
    """The option whose playouts beat Hard's choice (option 0) by more than Z
    standard errors of the paired differences (Z_ATTACK for a guarded one), the
    best such; else 0."""
    best, top = 0, 0.0
    for k in range(1, len(diffs)):
        mean, error = _gain(diffs[k])
        margin = mean - (Z_ATTACK if guarded and guarded[k] else Z) * error
        if margin > top:
            best, top = k, margin
    return best
