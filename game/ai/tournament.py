"""Bots against bots, for the strength table.

    python -m game.ai.tournament --seats hard,random,random,random --rounds 20000 --preset classic
    python -m game.ai.tournament --seats hard,random,random,random --matches 2000 --target 500

Seats rotate every round (or match) so each level sits everywhere equally. Work
is cut into seeded chunks spread over processes: the same arguments give the
same figures on any number of processes.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import Pool

from game.engine import Match, Round, RuleSet

from .bot import LEVELS, Bot, make_bot
from .harness import Clock, play_out

CHUNK = 250
HOUSE = tuple(option.name for option in RuleSet.house_options())


@dataclass
class Tally:
    """Results of one level over all the seats it held."""

    games: int = 0  # seat-rounds (or seat-matches) played
    wins: float = 0.0
    conceded: int = 0  # points in its hand when another seat went out
    rounds: int = 0
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    # Its wins in each game, by the game's index: variants on the same seeds are
    # compared game by game (`paired`), which is far less noisy than two rates.
    by_game: dict[int, float] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        self.by_game.update(other.by_game)
        self.games += other.games
        self.wins += other.wins
        self.conceded += other.conceded
        self.rounds += other.rounds
        self.times += other.times
        self.cpu += other.cpu


@dataclass(frozen=True)
class Job:
    rules: RuleSet
    seats: tuple[str, ...]
    start: int  # index of the first round / match of this chunk
    count: int
    seed: int
    target: int  # 0: single rounds; otherwise whole matches to this score
    factory: Callable[[str, random.Random], Bot] = make_bot  # a seat's bot from its level


def seated(seats: Sequence[str], index: int) -> list[str]:
    """The levels by seat for game `index`: rotated one seat per game."""
    k = index % len(seats)
    return [*seats[-k:], *seats[:-k]] if k else list(seats)


def run_job(job: Job) -> dict[str, Tally]:
    tallies = {level: Tally() for level in job.seats}
    for index in range(job.start, job.start + job.count):
        levels = seated(job.seats, index)
        seed = job.seed * 1_000_003 + index
        before = {level: tally.wins for level, tally in tallies.items()}
        if job.target:
            _one_match(job, levels, seed, tallies)
        else:
            dealer = (index // len(levels)) % len(levels)
            rnd = Round.start(job.rules, len(levels), dealer, seed=seed)
            _one_round(rnd, _bots(levels, seed, job.factory), levels, tallies)
        for level, tally in tallies.items():
            tally.by_game[index] = tally.wins - before[level]
    return tallies


def _bots(levels: list[str], seed: int, factory: Callable[[str, random.Random], Bot]) -> list:
    return [factory(level, random.Random(seed * 16 + seat)) for seat, level in enumerate(levels)]


def _one_round(
    rnd: Round,
    bots: Sequence[Bot],
    levels: list[str],
    tallies: dict[str, Tally],
    count_wins: bool = True,
) -> None:
    clock = Clock([[] for _ in levels])
    play_out(rnd, bots, clock)
    for seat, level in enumerate(levels):
        tally = tallies[level]
        tally.rounds += 1
        tally.times += clock.times[seat]
        tally.cpu += clock.cpu[seat]
        if count_wins:
            tally.games += 1
            tally.wins += rnd.winner == seat
        if rnd.winner is not None and rnd.winner != seat:
            tally.conceded += sum(card.points for card in rnd.hands[seat])


def _one_match(job: Job, levels: list[str], seed: int, tallies: dict[str, Tally]) -> None:
    match = Match(job.rules, len(levels), seed=seed, target=job.target)
    bots = _bots(levels, seed, job.factory)  # one bot a seat for the match: it learns
    while True:
        _one_round(match.round, bots, levels, tallies, False)
        if match.over:
            break
        match.next_round()
    winners = match.winners
    for seat, level in enumerate(levels):
        tallies[level].games += 1
        tallies[level].wins += (seat in winners) / len(winners)


def run(
    rules: RuleSet,
    seats: Sequence[str],
    games: int,
    seed: int = 1,
    target: int = 0,
    processes: int = 2,
    factory: Callable[[str, random.Random], Bot] = make_bot,
    first: int = 0,
    chunk: int = CHUNK,
) -> dict[str, Tally]:
    """Play `games` rounds (or matches to `target`), numbered from `first`, with
    seats rotated; each seat's bot comes from `factory` (a level's name; a
    benchmark may name its own). A process takes `chunk` games at a time."""
    end = first + games
    jobs = [
        Job(rules, tuple(seats), start, min(chunk, end - start), seed, target, factory)
        for start in range(first, end, chunk)
    ]
    totals = {level: Tally() for level in seats}
    if processes > 1:
        with Pool(processes) as pool:
            parts = pool.map(run_job, jobs, chunksize=1)
    else:
        parts = [run_job(job) for job in jobs]
    for part in parts:
        for level, tally in part.items():
            totals[level].merge(tally)
    return totals


def trials(  # noqa: PLR0913 - the table, the variants, and how long to try them
    rules: RuleSet,
    prefix: str,
    variants: Sequence[str],
    others: Sequence[str],
    rounds: int,
    seed: int,
    processes: int,
    factory: Callable[[str, random.Random], Bot],
    minutes: float | None = None,
    step: int = 20,
    start_at: int = 0,
) -> None:
    """Print a line per variant of one level (`prefix` + the variant, as `factory`
    reads it; the level as it is first), each in the first seat of the same seeded
    rounds against `others`: the benchmarks' levers on trial. The variants take
    turns, `step` rounds each, so that on a shared machine a run stopped after
    `minutes` (after the step under way) still compares them on the same rounds,
    and a later run can go on from round `start_at`; each variant's line gives
    its gain over the level as it is, round by round."""
    level_name = prefix.rstrip(":")
    arms = ["", *variants]
    totals = {arm: Tally() for arm in arms}
    took = dict.fromkeys(arms, 0.0)
    deadline = None if minutes is None else time.perf_counter() + 60 * minutes
    chunk = max(1, -(-step // processes))
    for first in range(start_at, start_at + rounds, step):
        for arm in arms:
            start = time.perf_counter()
            level = prefix + arm
            part = run(
                rules,
                [level, *others],
                min(step, start_at + rounds - first),
                seed,
                0,
                processes,
                factory,
                first,
                chunk,
            )
            totals[arm].merge(part[level])
            took[arm] += time.perf_counter() - start
        gains = "; ".join(
            f"{arm} {100 * g:+.1f} ±{100 * e:.1f}"
            for arm in variants
            for g, e in [paired(totals[arm], totals[""])]
        )
        print(f"  ... rounds {start_at}-{first + step - 1}: {gains}", flush=True)
        if deadline is not None and time.perf_counter() > deadline:
            break
    for arm in arms:
        print(f"{arm or level_name + ' as it is':<40} [{took[arm]:.0f} s]", flush=True)
        print("  " + describe(level_name, totals[arm]), flush=True)
        if arm:
            gain, error = paired(totals[arm], totals[""])
            print(
                f"  paired: {100 * gain:+.2f} ±{100 * error:.2f} points of rounds "
                f"(one standard error of the round-to-round differences, "
                f"n={len(totals[''].by_game)})",
                flush=True,
            )


def paired(variant: Tally, base: Tally) -> tuple[float, float]:
    """The mean of `variant`'s wins minus `base`'s over the games both played
    (the same seeds, so the same deals), and its standard error."""
    diffs = [variant.by_game[k] - base.by_game[k] for k in base.by_game if k in variant.by_game]
    n = len(diffs)
    if n < 2:
        return 0.0, 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def describe(level: str, tally: Tally) -> str:
    """One line: win rate with a 95% interval, points conceded, decision times."""
    n = max(1, tally.games)
    p = tally.wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return (
        f"{level:<7} win {100 * p:5.1f}% ±{100 * half:.1f} "
        f"(95% CI {100 * (p - half):.1f}-{100 * (p + half):.1f}, n={tally.games})  "
        f"conceded {tally.conceded / max(1, tally.rounds):5.1f} pts/round  "
        f"decision ms wall {_spread(tally.times)}, CPU {_spread(tally.cpu)}"
    )


def _spread(seconds: list[float]) -> str:
    ms = [t * 1000 for t in seconds]
    return (
        f"p50 {percentile(ms, 0.5):.2f} p99 {percentile(ms, 0.99):.2f} "
        f"max {max(ms, default=0.0):.2f}"
    )


def rules_for(preset: str, house: str) -> RuleSet:
    rules = RuleSet.preset(preset)
    options = [h for h in house.split(",") if h]
    for option in options:
        if option not in HOUSE:
            raise SystemExit(f"unknown house option {option!r}; choose from {', '.join(HOUSE)}")
    return rules.replace(**{option: True for option in options})


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Bots against bots: win rates and timings.")
    parser.add_argument(
        "--seats",
        default="hard,random,random,random",
        help=f"comma-separated levels, one per seat ({', '.join(LEVELS)})",
    )
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--matches", type=int, default=0, help="play whole matches instead")
    parser.add_argument("--target", type=int, default=500)
    parser.add_argument("--preset", default="classic", choices=RuleSet.preset_names())
    parser.add_argument("--house", default="", help="house options to switch on, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    for level in seats:
        if level not in LEVELS:
            raise SystemExit(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
    games, target = (args.matches, args.target) if args.matches else (args.rounds, 0)
    totals = run(
        rules_for(args.preset, args.house), seats, games, args.seed, target, args.processes
    )
    rounds = totals[seats[0]].rounds // seats.count(seats[0])
    unit = f"{games} matches to {target} ({rounds} rounds)" if target else f"{games} rounds"
    print(f"# {args.preset} {args.house or 'no house options'}: {','.join(seats)}, {unit}")
    for level in dict.fromkeys(seats):
        print(describe(level, totals[level]))


if __name__ == "__main__":
    main()
