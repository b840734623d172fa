"""How much the public history can tell of the hidden colours: the sampler's guesses
against a blind deal and against a model fitted to the truth.

    python -m pip install scikit-learn      # not a dependency of the game
    python benchmarks/guess_bound.py --preset classic --rounds 2000 --test-rounds 500

Four Hard bots play (as in guess_quality.py); at every turn of one seat each
other hand is described colour by colour (wild-type cards a colour of their own) by
what the history shows in public: its size, the colour's share of the unseen cards,
what memory.py keeps (drew on it, played a wild on it, named it, cards known), and
how often the seat drew while the colour was in play, turned play to it or away from
it, played it, and whether its last card was of it. A gradient-boosted model learns
the true count from these over `--rounds` rounds; on `--test-rounds` others it stands for the
best a reading of these facts can do. Printed per hand size: the error left by the
sampler (sampler.py, `--guesses` per turn) and by the model, as a share of a blind
deal's, for the colour counts (squared error of the expected count) and for "holds
none of the colour" (Brier score), which is what a choice of colour turns on.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field

from guess_quality import watched_rounds

from game.ai.memory import read_history
from game.ai.sampler import guess
from game.ai.situation import none_chance
from game.engine import Card, Round, RuleSet, View
from game.engine.events import CardFlipped, CardPlayed, CardsDrawn, ColorNamed

WILD = "wild"


def colour_of(card: Card) -> str:
    return card.color or WILD


@dataclass
class Leanings:
    """One seat's public habits this round, per colour."""

    drew_on: Counter[str] = field(default_factory=Counter)
    turned_to: Counter[str] = field(default_factory=Counter)
    turned_from: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    last: str = ""


def leanings(view: View) -> list[Leanings]:
    seats = [Leanings() for _ in range(view.players)]
    color: str | None = None
    for ev in view.history:
        if isinstance(ev, CardPlayed):
            lean, played = seats[ev.seat], colour_of(ev.card)
            lean.played[played] += 1
            lean.last = played
            if color is not None and ev.card.color != color:
                lean.turned_from[color] += 1
                if ev.card.color is not None:
                    lean.turned_to[played] += 1
            color = ev.card.color or color
        elif isinstance(ev, ColorNamed):
            color = ev.color
        elif isinstance(ev, CardFlipped):
            color = ev.card.color
        elif isinstance(ev, CardsDrawn) and ev.reason == "draw" and color is not None:
            seats[ev.seat].drew_on[color] += 1
    return seats


@dataclass
class Row:
    features: list[float]
    size: int
    true: int
    blind: float  # expected count, blind deal
    blind_none: float  # chance of none, blind deal
    sampled: float  # mean count over the sampler's guesses
    sampled_none: float  # share of guesses with none


def rows_at(view: View, game: Round, guesses: int, rng: random.Random) -> list[Row]:
    colours = [*view.rules.colors, WILD]
    memory, unseen = read_history(view), view.unseen()
    share = Counter(colour_of(card) for card in unseen)
    total = len(unseen) or 1
    lean = leanings(view)
    others = [s for s in range(view.players) if s != view.seat]
    counts: dict[int, Counter[str]] = {s: Counter() for s in others}
    nones: dict[int, Counter[str]] = {s: Counter() for s in others}
    for _ in range(guesses):
        hands, _pile = guess(view, memory, unseen, rng)
        for seat in others:
            got = Counter(colour_of(card) for card in hands[seat])
            counts[seat].update(got)
            nones[seat].update(c for c in colours if not got[c])
    rows = []
    for seat in others:
        size, true = view.hand_counts[seat], Counter(colour_of(c) for c in game.hands[seat])
        known = Counter(colour_of(c) for c in memory.known[seat].elements())
        mine = lean[seat]
        for index, colour in enumerate(colours):
            fraction = share[colour] / total
            features = [
                size,
                fraction,
                size * fraction,
                index,
                memory.lacked[seat].get(colour, -1),
                memory.doubted[seat].get(colour, -1),
                1.0 if memory.named[seat] == colour else 0.0,
                known[colour],
                mine.drew_on[colour],
                mine.turned_to[colour],
                mine.turned_from[colour],
                mine.played[colour],
                1.0 if mine.last == colour else 0.0,
                1.0 if view.color == colour else 0.0,
                ((seat - view.seat) * view.direction) % view.players,
            ]
            rows.append(
                Row(
                    features,
                    size,
                    true[colour],
                    size * fraction,
                    none_chance(total, share[colour], size),
                    counts[seat][colour] / max(1, guesses),
                    nones[seat][colour] / max(1, guesses),
                )
            )
    return rows


def collect(rules: RuleSet, rounds: int, seed: int, guesses: int) -> list[Row]:
    """The rows of every turn of the watched seats (guess_quality.watched_rounds)."""
    rows: list[Row] = []

    def watch(view: View, game: Round) -> None:
        if view.phase == "turn":
            rows.extend(rows_at(view, game, guesses, random.Random(len(view.history))))

    watched_rounds(rules, rounds, seed, watch)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="classic", choices=RuleSet.preset_names())
    parser.add_argument("--rounds", type=int, default=2000, help="rounds the model learns from")
    parser.add_argument("--test-rounds", type=int, default=500)
    parser.add_argument("--guesses", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="the test rounds use the next")
    args = parser.parse_args()
    try:
        import numpy as np
        from sklearn.ensemble import HistGradientBoostingClassifier, HistGradientBoostingRegressor
    except ImportError:
        raise SystemExit("needs scikit-learn: python -m pip install scikit-learn") from None
    rules = RuleSet.preset(args.preset)
    train = collect(rules, args.rounds, args.seed, 0)
    test = collect(rules, args.test_rounds, args.seed + 1, args.guesses)
    x = np.array([row.features for row in train])
    y = np.array([row.true for row in train])
    settings = {"max_iter": 300, "learning_rate": 0.08, "categorical_features": [3]}
    count_model = HistGradientBoostingRegressor(**settings).fit(x, y)
    none_model = HistGradientBoostingClassifier(**settings).fit(x, y == 0)
    tx = np.array([row.features for row in test])
    counts, nones = count_model.predict(tx), none_model.predict_proba(tx)[:, 1]
    print(f"{args.preset}: learned from {len(train)} rows, tested on {len(test)} rows")
    print("share of a blind deal's error left     counts: sampler  model   none: sampler  model")
    for label, keep in (
        ("hands of 1 card", lambda r: r.size == 1),
        ("hands of 2 cards", lambda r: r.size == 2),
        ("hands of 3+ cards", lambda r: r.size >= 3),
        ("all hands", lambda r: True),
    ):
        picked = [i for i, row in enumerate(test) if keep(row)]
        if not picked:
            continue
        rows = [test[i] for i in picked]
        blind = _mean_sq([(r.blind, r.true) for r in rows])
        blind_none = _mean_sq([(r.blind_none, r.true == 0) for r in rows])
        print(
            f"{label:18s} ({len(rows):6d} rows)      "
            f"{_mean_sq([(r.sampled, r.true) for r in rows]) / blind:7.1%} "
            f"{_mean_sq([(counts[i], test[i].true) for i in picked]) / blind:6.1%}   "
            f"{_mean_sq([(r.sampled_none, r.true == 0) for r in rows]) / blind_none:13.1%} "
            f"{_mean_sq([(nones[i], test[i].true == 0) for i in picked]) / blind_none:6.1%}"
        )


def _mean_sq(pairs: list[tuple[float, float]]) -> float:
    return sum((a - float(b)) ** 2 for a, b in pairs) / max(1, len(pairs))


if __name__ == "__main__":
    main()
