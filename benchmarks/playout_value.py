"""The Expert's judge of a cut-short playout (game/ai/playout.py VALUE), fitted.

    python benchmarks/playout_value.py                      # every preset, 2-5 players
    python benchmarks/playout_value.py --presets classic --players 4 --rounds 500

Hard bots play seeded rounds; at a quarter of the turns (seen from outside, as a
fitting tool may) each seat's features are noted, and at the end who won. A
softmax over the seats of weights . features is fitted by Newton's method to
those wins; the line printed per preset and player count is VALUE's entry, with
the fit's log-likelihood per position beside that of the old judge (the share
of 1 / cards held) and of chance.
"""

from __future__ import annotations

import argparse
import math
import random

from game.ai import make_bot
from game.ai.playout import _FEATURE
from game.engine import Card, Round, RuleSet


def features(hand: list[Card], pos: int, players: int) -> list[float]:
    """As playout.judged reads them: log cards, one card, wilds, actions, specials, seat."""
    counts = [0.0] * 5
    for card in hand:
        k = _FEATURE.get(card.kind)
        if k is not None:
            counts[k] += 1.0
    n = len(hand)
    out = [math.log(n) if n else 0.0, 1.0 if n == 1 else 0.0, *counts[2:]]
    return out + [1.0 if min(pos, 3) == k else 0.0 for k in range(1, min(players, 4))]


def collect(rules: RuleSet, players: int, rounds: int) -> list[tuple[list[list[float]], int]]:
    data = []
    for r in range(rounds):
        rnd = Round.start(rules, players, r % players, seed=r)
        bots = [make_bot("hard", random.Random(r * 8 + s)) for s in range(players)]
        rng = random.Random(r)
        snaps = []
        while not rnd.over:
            seat = rnd.current
            if rnd.phase == "turn" and rng.random() < 0.25:
                snaps.append(
                    [
                        features(rnd.hands[s], ((s - seat) * rnd.direction) % players, players)
                        for s in range(players)
                    ]
                )
            rnd.apply(bots[seat].choose(rnd.view(seat), rnd.legal_actions()), seat)
        assert rnd.winner is not None
        data += [(snap, rnd.winner) for snap in snaps]
    return data


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data: list[tuple[list[list[float]], int]], steps: int = 12) -> tuple[list[float], float]:
    dim = len(data[0][0][0])
    w = [-1.0] + [0.0] * (dim - 1)
    ll = 0.0
    for _ in range(steps):
        g = [0.0] * dim
        h = [[1e-3 if i == j else 0.0 for j in range(dim)] for i in range(dim)]
        ll = 0.0
        for snap, win in data:
            s = [sum(a * b for a, b in zip(w, f, strict=True)) for f in snap]
            top = max(s)
            e = [math.exp(x - top) for x in s]
            z = sum(e)
            p = [x / z for x in e]
            ll += math.log(p[win])
            mu = [sum(p[i] * snap[i][j] for i in range(len(snap))) for j in range(dim)]
            for j in range(dim):
                g[j] += snap[win][j] - mu[j]
            for i, f in enumerate(snap):
                for j in range(dim):
                    fj = p[i] * (f[j] - mu[j])
                    if fj:
                        for k in range(dim):
                            h[j][k] += fj * (f[k] - mu[k])
        w = [a + b for a, b in zip(w, _solve(h, g), strict=True)]
    return w, ll / len(data)


def share_ll(data: list[tuple[list[list[float]], int]]) -> float:
    total = 0.0
    for snap, win in data:
        shares = [math.exp(-f[0]) for f in snap]
        total += math.log(shares[win] / sum(shares))
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=",".join(RuleSet.preset_names()))
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    for preset in args.presets.split(","):
        for players in (int(p) for p in args.players.split(",")):
            data = collect(RuleSet.preset(preset), players, args.rounds)
            w, ll = fit(data)
            weights = ", ".join(f"{x:.3f}" for x in w)
            print(
                f'("{preset}", {players}): ({weights}),  # {len(data)} positions, '
                f"log-lik {ll:.4f}, 1/cards {share_ll(data):.4f}, "
                f"chance {-math.log(players):.4f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
