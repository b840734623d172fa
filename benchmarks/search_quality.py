"""How much of the Expert's room to improve its search finds, decision by decision.

    python benchmarks/search_quality.py --preset classic --rounds 150 --continuations 100

The Expert plays rounds against three Hard bots (`--players` sets another table). At
each decision it searches, every candidate it compared is also valued on the true round
(a measuring tool may look): the draw pile is reshuffled, Hard bots play every seat to
the end, and the Expert's seat's wins are averaged over the same continuations for each
candidate. Printed, in rounds won per 100 rounds, against Hard's own choice (the
search's default):

- what the search's choices gained;
- what the best candidate would gain if the hidden hands were known. Its pick uses half
  the continuations and its value the other half, so noise does not inflate it.

A tournament needs thousands of rounds to see a point of strength; this sees where the
search gains and loses in a few hundred. With `--save FILE` it also writes each round's
actions and every valued decision (JSON lines), for search_bench.py to score any later
Expert on the same decisions in minutes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
from collections import defaultdict

from game.ai import make_bot
from game.ai.bot import Bot
from game.ai.expert import ExpertBot
from game.ai.harness import _reactions, play_out
from game.engine import ActionKind, Round, RuleSet
from game.engine.actions import Action, to_text

# Per kind of card Hard chose: decisions, the search's gain, the known-hands gain.
Gained = dict[str, list[float]]
# One saved decision: where it falls in the round's actions, the options, their values.
Saved = dict[str, object]


class Logged:
    """A bot whose decisions are written down (seat, action), in the order applied."""

    def __init__(self, bot: Bot, seat: int, log: list[tuple[int, str]]) -> None:
        self.bot, self.seat, self.log = bot, seat, log

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        return self._logged(self.bot.choose(view, legal))

    def react(self, view, legal):  # noqa: ANN001, ANN201
        return self._logged(self.bot.react(view, legal))

    def _logged(self, act: Action | None) -> Action | None:
        if act is not None:
            self.log.append((self.seat, to_text(act)))
        return act


class Measured(ExpertBot):
    """The Expert, valuing on the true round (`game`) every candidate it searched."""

    def __init__(  # noqa: PLR0913 - a bot's generator, then what it measures with
        self, rng: random.Random, seed: int, game: Round, continuations: int, gained: Gained
    ) -> None:
        super().__init__(rng)
        self.seed, self.game = seed, game
        self.continuations, self.gained = continuations, gained
        self.log: list[tuple[int, str]] = []  # the round's actions so far (Logged)
        self.saved: list[Saved] = []

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        thought = self.think(view, legal)
        if thought.weighed:
            seeds = continuation_seeds(self.seed, self.continuations)
            values = _value(self.game, self.candidates, thought.choice, seeds, self.gained)
            self.saved.append(
                {
                    "at": len(self.log),
                    "options": [to_text(a) for a in self.candidates],
                    "values": values,
                }
            )
        return thought.choice

    def _search(self, view, ranked):  # noqa: ANN001, ANN202
        self.candidates = list(ranked)  # Hard's choice first
        return super()._search(view, ranked)


def continuation_seeds(round_seed: int, continuations: int) -> range:
    return range(round_seed * 1009, round_seed * 1009 + continuations)


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


def measure(
    preset: str, rounds: int, continuations: int, seed: int, save: str | None, players: int = 4
) -> None:
    rules = RuleSet.preset(preset)
    gained: Gained = defaultdict(lambda: [0.0, 0.0, 0.0])
    with open(save, "w", encoding="utf-8") if save else contextlib.nullcontext() as out:
        for r in range(rounds):
            base = seed * 1_000_003 + r
            expert, dealer = r % players, (r // players) % players
            rnd = Round.start(rules, players, dealer, seed=base)
            bots = [make_bot("hard", random.Random(base * 8 + s)) for s in range(players)]
            measured = Measured(random.Random(base * 8 + expert), base, rnd, continuations, gained)
            bots[expert] = measured
            play_out(rnd, [Logged(bot, s, measured.log) for s, bot in enumerate(bots)])
            if out is not None:
                record = dict(
                    preset=preset,
                    players=players,
                    seed=base,
                    dealer=dealer,
                    seat=expert,
                    continuations=continuations,
                    log=measured.log,
                    decisions=measured.saved,
                )
                out.write(json.dumps(record) + "\n")
                out.flush()  # a long run cut short keeps its rounds
    scale = 100.0 / rounds
    others = f"{players - 1} hard" if players > 2 else "hard"
    print(f"{preset}, expert vs {others}, {rounds} rounds, {continuations} continuations each")
    print(f"{'Hard chose':12} {'decisions':>9} {'search':>8} {'known hands':>12}")
    rows = sorted(gained.items(), key=lambda item: -item[1][0])
    total = [sum(row[i] for _, row in rows) for i in range(3)]
    for label, (n, search, best) in [*rows, ("all", total)]:
        print(f"{label:12} {int(n):9d} {search * scale:+8.2f} {best * scale:+12.2f}")


def _value(
    rnd: Round, candidates: list[Action], chosen: Action, seeds: range, gained: Gained
) -> list[float]:
    """Add one decision to `gained`: the search's gain over Hard's choice (candidate 0)
    and the known-hands gain, picked on the first half of the continuations and
    valued on the second. Returns each candidate's value (its mean)."""
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
    return full


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic", choices=RuleSet.preset_names())
    parser.add_argument("--rounds", type=int, default=150)
    parser.add_argument("--continuations", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", metavar="FILE", help="write the decisions for search_bench.py")
    args = parser.parse_args()
    measure(args.preset, args.rounds, args.continuations, args.seed, args.save, args.players)


if __name__ == "__main__":
    main()
