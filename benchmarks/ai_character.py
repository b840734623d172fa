"""The levels' character: what a person at the table would notice of each.

    python benchmarks/ai_character.py                       # >= 1,000 rounds a level
    python benchmarks/ai_character.py --rounds 300 --levels hard,expert

Each level sits at a classic table with three Hard bots for whole 500-point
matches (one bot a seat for the match, so what a bot learns of the others
carries from round to round; seats rotate by match) until it has played
`--rounds` rounds. Counted at the level's own seat, per 100 of its turns where
a rate is given:

- missed attack: a Skip or Draw Two it could play while the next player held
  one card, and it played no Skip, Draw Two or Wild Draw Four (missed/chances);
- forgot UNO: a play down to one card without the call it could make;
- wild early: a wild played while a coloured card would have done (a bluff
  is counted with the bluffs instead);
- named unheld: a colour named that its hand (still holding coloured cards)
  has none of;
- bluffs: Wild Draw Fours played while holding the colour they covered, and
  how many of them a challenge caught;
- challenges: made, and won (the Wild Draw Four was a bluff);
- reads: decisions that showed a read (game/ai/reads.py), by kind;
- doubt: how often it challenged a Wild Draw Four played on it, holding two
  cards or fewer and holding more (the Expert's playouts use Hard's, --doubt);
- and the rounds it won (a rough strength: ai_strength.py is the measure).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool

from game.ai import make_bot
from game.ai.bluffing import CLOSE
from game.ai.bot import Bot
from game.ai.harness import play_out
from game.ai.reads import read_of
from game.engine import Match, Phase, RuleSet, View
from game.engine.actions import CHALLENGE, Action, ChooseColor, Play
from game.engine.events import ChallengeResult

ATTACKS = ("skip", "draw2", "wild-draw4")
MATCHES_PER_JOB = 8


@dataclass
class Traits:
    rounds: int = 0
    won: int = 0
    turns: int = 0
    attack_chances: int = 0
    attacks_missed: int = 0
    forgot_uno: int = 0
    wild_early: int = 0
    named_unheld: int = 0
    bluffs: int = 0
    bluffs_caught: int = 0
    challenges: int = 0
    challenges_won: int = 0
    reads: Counter[str] = field(default_factory=Counter)
    faced: Counter[bool] = field(default_factory=Counter)  # Wild Draw Fours, by close to out
    doubted: Counter[bool] = field(default_factory=Counter)  # ... that it challenged

    def merge(self, other: Traits) -> None:
        for name, value in vars(other).items():
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)


class Watched:
    """The level's bot, its own decisions counted as a person would see them."""

    def __init__(self, bot: Bot, traits: Traits) -> None:
        self.bot, self.traits = bot, traits

    def choose(self, view: View, legal: list[Action]) -> Action:
        act = self.bot.choose(view, legal)
        self._count(view, legal, act)
        return act

    def react(self, view: View, legal: list[Action]) -> Action | None:
        act = self.bot.react(view, legal)
        if act is not None:
            self._count(view, legal, act)
        return act

    def _count(self, view: View, legal: list[Action], act: Action) -> None:
        t = self.traits
        read = read_of(self.bot)
        if read is not None:
            t.reads[read.kind] += 1
        if view.phase == Phase.DRAW4 and CHALLENGE in legal:
            close = len(view.hand) <= CLOSE
            t.faced[close] += 1
            t.doubted[close] += act == CHALLENGE
        if view.phase not in (Phase.TURN, Phase.DRAWN) or view.current != view.seat:
            if isinstance(act, ChooseColor):
                t.named_unheld += _unheld(view.hand, act.color)
            return
        t.turns += 1
        plays = [a for a in legal if isinstance(a, Play)]
        nxt = (view.seat + view.direction) % view.players
        if view.hand_counts[nxt] == 1 and any(a.card.kind in ("skip", "draw2") for a in plays):
            t.attack_chances += 1
            t.attacks_missed += not (isinstance(act, Play) and act.card.kind in ATTACKS)
        if not isinstance(act, Play):
            return
        t.forgot_uno += not act.uno and act._replace(uno=True) in legal
        bluff = act.card.kind == "wild-draw4" and any(c.color == view.color for c in view.hand)
        t.bluffs += bluff
        if act.card.color is None:
            t.wild_early += not bluff and any(a.card.color is not None for a in plays)
            rest = list(view.hand)
            rest.remove(act.card)
            if act.color is not None:
                t.named_unheld += _unheld(tuple(rest), act.color)


def _unheld(hand: tuple, color: str) -> bool:
    coloured = [c for c in hand if c.color is not None]
    return bool(coloured) and all(c.color != color for c in coloured)


def run_matches(job: tuple[str, int, int]) -> Traits:
    """`count` seeded matches from `first`, the level in a rotating seat."""
    level, first, count = job
    traits = Traits()
    rules = RuleSet.preset("classic")
    for index in range(first, first + count):
        seat = index % 4
        seed = 7_000_003 * (index + 1)
        bots: list[Bot] = [
            make_bot("hard" if s != seat else level, random.Random(seed * 16 + s)) for s in range(4)
        ]
        bots[seat] = Watched(bots[seat], traits)
        match = Match(rules, 4, seed=seed, target=500)
        while True:
            play_out(match.round, bots)
            traits.rounds += 1
            traits.won += match.round.winner == seat
            _challenges(match.round.history, seat, traits)
            if match.over:
                break
            match.next_round()
    return traits


def _challenges(history: list, seat: int, t: Traits) -> None:
    for e in history:
        if type(e) is ChallengeResult:
            if e.challenger == seat:
                t.challenges += 1
                t.challenges_won += e.guilty
            elif e.challenged == seat and e.guilty:
                t.bluffs_caught += 1


def measure(level: str, rounds: int, processes: int) -> Traits:
    """Matches in batches until the level has played `rounds` rounds or more."""
    traits, first = Traits(), 0
    while traits.rounds < rounds:
        # About 9 rounds a match: a batch aims at what is left, a job a time per process.
        left = max(1, (rounds - traits.rounds) // 9 + 1)
        jobs = [
            (level, first + k * MATCHES_PER_JOB, MATCHES_PER_JOB)
            for k in range(max(1, min(processes * 4, -(-left // MATCHES_PER_JOB))))
        ]
        first += MATCHES_PER_JOB * len(jobs)
        with Pool(processes) as pool:
            for part in pool.map(run_matches, jobs, chunksize=1):
                traits.merge(part)
    return traits


def row(level: str, t: Traits) -> str:
    per = 100 / max(1, t.turns)
    reads = ", ".join(f"{kind} {n}" for kind, n in sorted(t.reads.items())) or "none"
    return (
        f"| {level} | {t.rounds} | {100 * t.won / max(1, t.rounds):.1f}% "
        f"| {t.attacks_missed}/{t.attack_chances} "
        f"| {t.forgot_uno * per:.2f} | {t.wild_early * per:.2f} | {t.named_unheld * per:.2f} "
        f"| {t.bluffs * per:.2f} ({t.bluffs}, {t.bluffs_caught} caught) "
        f"| {t.challenges_won}/{t.challenges} | {reads} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    print(
        "| level | rounds | rounds won | missed a Skip/+2 on a 1-card next player "
        "| forgot UNO /100 turns "
        "| wild spent early /100 turns | named a colour it does not hold /100 turns "
        "| bluffs /100 turns (count, caught) | challenges won/made | reads shown |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    doubts = []
    for level in args.levels.split(","):
        start = time.perf_counter()
        traits = measure(level, args.rounds, args.processes)
        print(row(level, traits) + f" <!-- {time.perf_counter() - start:.0f} s -->", flush=True)
        doubts.append(doubt_line(level, traits))
    print("\n".join(doubts))


def doubt_line(level: str, t: Traits) -> str:
    """How often the level challenged a Wild Draw Four played on it (playout.value's doubt)."""
    rates = [t.doubted[close] / max(1, t.faced[close]) for close in (True, False)]
    return (
        f"{level}: challenged {t.doubted[True]}/{t.faced[True]} Wild Draw Fours holding "
        f"{CLOSE} cards or fewer, {t.doubted[False]}/{t.faced[False]} holding more: "
        f"doubt=({rates[0]:.2f}, {rates[1]:.2f})"
    )


if __name__ == "__main__":
    main()
