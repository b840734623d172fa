"""The Expert's levers on trial: each variant plays the same seeded rounds in the
Expert's seat against Hard bots.

    python benchmarks/expert_levers.py --rounds 600 worlds=96 candidates=6
    python benchmarks/expert_levers.py --players 2 --preset minecraft candidates=6
    python benchmarks/expert_levers.py --rounds 2000 --minutes 18 faces=1 hard=8
    python benchmarks/expert_levers.py --from 200 --minutes 18 faces=1 hard=8  # more rounds

Each argument is a variant: `worlds=` (guesses per decision: more of the time
budget), `candidates=` (how many of Hard's best options the playouts compare),
`faces=1|0` (guesses keep memory's facts about faces, not only colours),
`hard=` (how many of a playout's first actions Hard's own scoring chooses),
`doubt=close/far` (the playouts challenge a Wild Draw Four at these rates,
holding two cards or fewer or more, guilty or not: see ai_character.py),
`challenge=1` (the playouts also judge the challenge, not Hard alone),
comma-separated to combine. The first line is the Expert as it is. Every
variant meets the same deals, 20 rounds at a time in turn, and its `paired:`
line gives its gain over the Expert as it is round by round, with one standard
error of the round-to-round differences; decision CPU times show what each
costs. `--minutes` stops after the step under way; `--from` starts at a later
round, so a second run adds new rounds to the first (docs/AI.md, "Levers tried").
"""

from __future__ import annotations

import argparse
import random

from game.ai import make_bot
from game.ai.bot import Bot
from game.ai.expert import WORLDS, ExpertBot
from game.ai.tournament import rules_for, trials

PREFIX = "expert:"


def variant_bot(level: str, rng: random.Random) -> Bot:
    """A bot for a seat: `expert:worlds=96,candidates=6` is the Expert so changed."""
    if not level.startswith(PREFIX):
        return make_bot(level, rng)
    changes = dict(part.partition("=")[::2] for part in level[len(PREFIX) :].split(",") if part)
    bot = ExpertBot(rng, worlds=int(changes.pop("worlds", WORLDS)))
    if "candidates" in changes:
        bot.candidates = int(changes.pop("candidates"))
    if "challenge" in changes:
        bot.searches_challenge = changes.pop("challenge") == "1"
    if "doubt" in changes:  # the playouts' challenge rates, close to out/not: 0.9/0.05
        bot.doubt = tuple(float(x) for x in changes.pop("doubt").split("/"))  # type: ignore[assignment]
    if "hard" in changes:
        bot.hard_plies = int(changes.pop("hard"))
    if "faces" in changes:
        bot.faces = changes.pop("faces") == "1"
    if changes:
        raise SystemExit(f"unknown lever(s): {', '.join(changes)}")
    return bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", help="lever=value[,lever=value...]")
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--minutes", type=float, help="stop after this long (the rounds so far, all variants)"
    )
    parser.add_argument("--from", dest="start_at", type=int, default=0, help="first round")
    args = parser.parse_args()
    rules = rules_for(args.preset, "")
    others = ["hard"] * (args.players - 1)
    trials(
        rules,
        PREFIX,
        args.variants,
        others,
        args.rounds,
        args.seed,
        args.processes,
        variant_bot,
        args.minutes,
        start_at=args.start_at,
    )


if __name__ == "__main__":
    main()
