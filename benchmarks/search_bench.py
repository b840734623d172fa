"""Today's Expert on decisions saved by search_quality.py, scored in minutes.

    python benchmarks/search_quality.py --preset classic --rounds 150 --seed 1 --save d1.jsonl
    python benchmarks/search_bench.py d1.jsonl --salts 4

Each saved decision holds the options an Expert once compared there, each valued on the
true round (search_quality.py). This replays every round to each saved decision, lets
the Expert of this checkout choose, and adds up the saved value of its choice minus that
of the saved Hard choice, in rounds per 100. A choice the file did not value is valued
now, the same way. Every variant meets the same decisions and the same values, so what
differs between two runs is the variants' own searches: the salts (the Expert's random
generators) show how much that alone moves the figure. Compare variants on the same
salts. A tournament needs thousands of rounds to see a point; this sees half a point.

`--oracle colours` lets the Expert's guesses give each hidden hand its true number of
cards of each colour (wild-type cards a colour of their own; which cards, at random
within the colour); `--oracle hands` gives it the hidden hands themselves. They bound
what a sharper reading of the history could gain.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from search_quality import continuation, continuation_seeds, kind

from game.ai import sampler
from game.ai.expert import ExpertBot
from game.engine import Card, Round, RuleSet, View
from game.engine.actions import from_text

Hands = dict[int, list[Card]]
_TRUE: dict[str, Round] = {}  # "round": the round being scored, for the oracles


@dataclass
class Score:
    rounds: int = 0
    decisions: int = 0
    overruled: int = 0  # choices other than Hard's
    unvalued: int = 0  # choices the file had no value for
    gained: float = 0.0
    by_kind: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def per_100(self, value: float) -> float:
        return 100.0 * value / max(1, self.rounds)


def merged(parts: list[Score]) -> Score:
    total = Score()
    for part in parts:
        total.rounds += part.rounds
        total.decisions += part.decisions
        total.overruled += part.overruled
        total.unvalued += part.unvalued
        total.gained += part.gained
        for label, gain in part.by_kind.items():
            total.by_kind[label] += gain
    return total


def score(path: str, salt: int, oracle: str | None = None) -> Score:
    """Today's Expert, its generators seeded from `salt`, on every decision in `path`."""
    if oracle is not None:
        sampler.guess = ORACLES[oracle]  # a measuring tool may look: its own process
    result = Score()
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            _score_round(json.loads(line), salt, result)
    return result


def _score_round(saved: dict, salt: int, result: Score) -> None:
    rules = RuleSet.preset(saved["preset"])
    rnd = Round.start(rules, saved.get("players", 4), saved["dealer"], seed=saved["seed"])
    log = saved["log"]
    done = 0
    for decision in saved["decisions"]:
        for seat, text in log[done : decision["at"]]:
            rnd.apply(from_text(text), seat)
        done = decision["at"]
        seat = rnd.current
        assert seat == saved["seat"], "the saved log does not replay here"
        _TRUE["round"] = rnd
        expert = ExpertBot(random.Random(salt * 1_000_003 + saved["seed"] * 101 + done))
        choice = expert.think(rnd.view(seat), rnd.legal_actions()).choice
        options = [from_text(text) for text in decision["options"]]
        if choice in options:
            value = decision["values"][options.index(choice)]
        else:
            result.unvalued += 1
            seeds = continuation_seeds(saved["seed"], saved["continuations"])
            value = sum(continuation(rnd, choice, seat, s) for s in seeds) / len(seeds)
        gain = value - decision["values"][0]
        result.decisions += 1
        result.overruled += choice != options[0]
        result.gained += gain
        result.by_kind[kind(options[0])] += gain
    result.rounds += 1


def _true_colours(view: View, memory: object, unseen: list[Card], rng: random.Random) -> tuple:
    """A guess with every hidden hand's true colour counts, the cards drawn at random."""
    by_colour: dict[str | None, list[Card]] = defaultdict(list)
    for card in unseen:
        by_colour[card.color].append(card)
    for cards in by_colour.values():
        rng.shuffle(cards)
    hands: Hands = {}
    for seat in range(view.players):
        if seat != view.seat:
            hands[seat] = [by_colour[card.color].pop() for card in _TRUE["round"].hands[seat]]
    pile = [card for cards in by_colour.values() for card in cards]
    rng.shuffle(pile)
    return hands, pile


def _true_hands(view: View, memory: object, unseen: list[Card], rng: random.Random) -> tuple:
    """The hidden hands as they are, the draw pile shuffled."""
    hands = {s: list(h) for s, h in enumerate(_TRUE["round"].hands) if s != view.seat}
    pile = list(unseen)
    for hand in hands.values():
        for card in hand:
            pile.remove(card)
    rng.shuffle(pile)
    return hands, pile


ORACLES = {"colours": _true_colours, "hands": _true_hands}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="decisions saved by search_quality.py --save")
    parser.add_argument("--salts", type=int, default=4, help="Expert generators to try")
    parser.add_argument("--first-salt", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--oracle", choices=sorted(ORACLES), help="guesses that know more")
    args = parser.parse_args()
    salts = range(args.first_salt, args.first_salt + args.salts)
    jobs = [(path, salt, args.oracle) for salt in salts for path in args.files]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(score, *zip(*jobs, strict=True)))
    totals = [
        merged(parts[i * len(args.files) : (i + 1) * len(args.files)]) for i in range(len(salts))
    ]
    for salt, total in zip(salts, totals, strict=True):
        print(
            f"salt {salt}: {total.per_100(total.gained):+.2f} rounds in 100 over Hard's choice"
            f" ({total.rounds} rounds, {total.decisions} decisions, {total.overruled}"
            f" overruled, {total.unvalued} valued now)"
        )
    per_salt = [total.per_100(total.gained) for total in totals]
    spread = statistics.stdev(per_salt) / len(per_salt) ** 0.5 if len(per_salt) > 1 else 0.0
    print(f"mean {statistics.mean(per_salt):+.2f} (+-{spread:.2f} over the salts)")
    kinds = merged(totals)
    by_kind = ", ".join(f"{k} {kinds.per_100(gain):+.2f}" for k, gain in kinds.by_kind.items())
    print(f"by the kind of Hard's choice: {by_kind}")


if __name__ == "__main__":
    main()
