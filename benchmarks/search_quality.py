"""How much of the Expert's room to improve its search finds, decision by decision.

    python benchmarks/search_quality.py --preset classic --rounds 150 --continuations 100

The Expert plays rounds against three Hard bots. At each decision it searches, every
candidate it compared is also valued on the true round (a measuring tool may look):
the draw pile is reshuffled, Hard bots play every seat to the end, and the Expert's
seat's wins are averaged over the same continuations for each candidate. Printed, in
rounds won per 100 rounds, against Hard's own choice (the search's default):

- what the search's choices gained;
- what the best candidate would gain if the hidden hands were known. Its pick uses half
  the continuations and its value the other half, so noise does not inflate it.

A tournament needs thousands of rounds to see a point of strength; this sees where the
search gains and loses in a few hundred.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from game.ai import make_bot
from game.ai.expert import ExpertBot
from game.ai.harness import _reactions, play_out
from game.engine import ActionKind, Round, RuleSet
from game.engine.actions import Action

# Per kind of card Hard chose: decisions, the search's gain, the known-hands gain.
Gained = dict[str, list[float]]


class Measured(ExpertBot):
    """The Expert, valuing on the true round (`game`) every candidate it searched."""

    def __init__(  # noqa: PLR0913 - a bot's generator, then what it measures with
        self, rng: random.Random, seed: int, game: Round, continuations: int, gained: Gained
    ) -> None:
        super().__init__(rng)
        self.seed, self.game = seed, game
        self.continuations, self.gained = continuations, gained

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        thought = self.think(view, legal)
        if thought.weighed:
            seeds = range(self.seed * 1009, self.seed * 1009 + self.continuations)
            _value(self.game, self.candidates, thought.choice, seeds, self.gained)
        return thought.choice

    def _search(self, view, ranked):  # noqa: ANN001, ANN202
        self.candidates = list(ranked)  # Hard's choice first
        return super()._search(view, ranked)


def continuation(rnd: Round, act: Action, seat: int, seed: int) -> float:
    """1 if `seat` wins after `act`, the rest played by Hard bots on a reshuffled pile."""
    sim = rnd.copy()
    rng = random.Random(seed)
    rng.shuffle(sim._draw)  # the pile's order is hidden from everyone
    sim._rng = random.Random(seed)
    sim.apply(act, seat)
    bots = [make_bot("hard", random.Random(seed * 7 + s)) for s in range(rnd.players)]
    _reactions(sim, bots, seat, None)
    play_out(sim, bots)
    return 1.0 if sim.winner == seat else 0.0


def kind(act: Action) -> str:
    if act[0] != ActionKind.PLAY:
        return str(act[0])
    card = act[1]
    return "wild" if card.is_wild else ("number" if card.is_number else card.kind)


def measure(preset: str, rounds: int, continuations: int, seed: int) -> None:
    rules = RuleSet.preset(preset)
    gained: Gained = defaultdict(lambda: [0.0, 0.0, 0.0])
    for r in range(rounds):
        base = seed * 1_000_003 + r
        expert = r % 4
        rnd = Round.start(rules, 4, (r // 4) % 4, seed=base)
        bots = [make_bot("hard", random.Random(base * 8 + s)) for s in range(4)]
        bots[expert] = Measured(random.Random(base * 8 + expert), base, rnd, continuations, gained)
        play_out(rnd, bots)
    scale = 100.0 / rounds
    print(f"{preset}, expert vs 3 hard, {rounds} rounds, {continuations} continuations each")
    print(f"{'Hard chose':12} {'decisions':>9} {'search':>8} {'known hands':>12}")
    rows = sorted(gained.items(), key=lambda item: -item[1][0])
    total = [sum(row[i] for _, row in rows) for i in range(3)]
    for label, (n, search, best) in [*rows, ("all", total)]:
        print(f"{label:12} {int(n):9d} {search * scale:+8.2f} {best * scale:+12.2f}")


def _value(
    rnd: Round, candidates: list[Action], chosen: Action, seeds: range, gained: Gained
) -> None:
    """Add one decision to `gained`: the search's gain over Hard's choice (candidate 0)
    and the known-hands gain, picked on the first half of the continuations and
    valued on the second."""
    seat, half = rnd.current, len(seeds) // 2
    full, first, second = [], [], []
    for act in candidates:  # the same continuations for every candidate
        wins = [continuation(rnd, act, seat, seed) for seed in seeds]
        full.append(sum(wins) / len(seeds))
        first.append(sum(wins[:half]) / half)
        second.append(sum(wins[half:]) / (len(seeds) - half))
    pick = max(range(len(candidates)), key=first.__getitem__)
    row = gained[kind(candidates[0])]
    row[0] += 1
    row[1] += full[candidates.index(chosen)] - full[0]
    row[2] += second[pick] - second[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic", choices=RuleSet.preset_names())
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--continuations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    measure(args.preset, args.rounds, args.continuations, args.seed)


if __name__ == "__main__":
    main()
