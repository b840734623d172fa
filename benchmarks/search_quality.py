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


class Recorder(ExpertBot):
    """The Expert, keeping the candidates of its last search, Hard's choice first."""

    def _search(self, view, ranked):  # noqa: ANN001, ANN202
        self.candidates = list(ranked)
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
    gained: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])  # n, search, best
    for r in range(rounds):
        base = seed * 1_000_003 + r
        expert = r % 4
        rnd = Round.start(rules, 4, (r // 4) % 4, seed=base)
        bots = [make_bot("hard", random.Random(base * 8 + s)) for s in range(4)]
        bots[expert] = me = Recorder(random.Random(base * 8 + expert))
        while not rnd.over:
            seat = rnd.current
            view, legal = rnd.view(seat), rnd.legal_actions()
            if seat != expert:
                act = bots[seat].choose(view, legal)
            else:
                thought = me.think(view, legal)
                act = thought.choice
                if thought.weighed:
                    _value(rnd, me.candidates, act, seat, base, continuations, gained)
            rnd.apply(act, seat)
            _reactions(rnd, bots, seat, None)
    print(f"{preset}, expert vs 3 hard, {rounds} rounds, {continuations} continuations each")
    print(f"{'Hard chose':12} {'decisions':>9} {'search':>8} {'known hands':>12}")
    for label in sorted(gained, key=lambda k: -gained[k][0]) + ["all"]:
        n, search, best = (
            gained[label]
            if label != "all"
            else [sum(v[i] for v in gained.values()) for i in range(3)]
        )
        scale = 100.0 / rounds
        print(f"{label:12} {int(n):9d} {search * scale:+8.2f} {best * scale:+12.2f}")


def _value(  # noqa: PLR0913 - one decision's bookkeeping
    rnd: Round,
    candidates: list[Action],
    chosen: Action,
    seat: int,
    base: int,
    continuations: int,
    gained: dict[str, list[float]],
) -> None:
    half = continuations // 2
    full, first = [], []
    for act in candidates:  # the same continuations for every candidate
        wins = [continuation(rnd, act, seat, base * 1009 + m) for m in range(continuations)]
        full.append(sum(wins) / continuations)
        first.append(sum(wins[:half]) / half)
    second = [2 * f - h for f, h in zip(full, first, strict=True)]
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
