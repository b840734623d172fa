"""A digest of the engine's behaviour: every event, every legal list, views and
refusals over 720 seeded rounds across the presets and house-option mixes.

    python benchmarks/engine_digest.py [--rounds-per-mix 20]

Run it before and after a change to the engine's insides: the same digest means
the same game, event for event, for every round it plays. The encoding reads
values (card texts, field values, class names), not reprs, so a change of
representation that keeps behaviour (a str becoming a StrEnum) keeps the digest.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import random
from collections.abc import Iterator
from typing import Any

from game.engine import Card, IllegalAction, Match, RuleSet


def house_options() -> list[str]:
    """The boolean fields of RuleSet: stable across a refactor of how they are listed."""
    return [f.name for f in dataclasses.fields(RuleSet) if f.type in ("bool", bool)]


def mixes(preset: str) -> Iterator[RuleSet]:
    """Twelve rule sets per preset: the sheet, each option flipped, all on, all on
    but strict_draw4, and three seeded random mixes."""
    base = RuleSet.preset(preset)
    options = house_options()
    yield base
    for name in options:
        yield base.replace(**{name: not getattr(base, name)})
    yield base.replace(**{name: True for name in options if name != "strict_draw4"})
    mix_rng = random.Random(preset)
    for _ in range(12 - 2 - len(options)):
        yield base.replace(**{name: mix_rng.random() < 0.5 for name in options})


def encode(value: Any) -> str:
    if isinstance(value, Card):
        return value.text
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, tuple | list):
        name = type(value).__name__ if type(value) not in (tuple, list) else ""
        return name + "(" + ",".join(encode(v) for v in value) + ")"
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)
        return "{" + ",".join(f"{f.name}={encode(getattr(value, f.name))}" for f in fields) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{encode(v)}" for k, v in sorted(value.items())) + "}"
    raise TypeError(f"cannot encode {type(value).__name__}")


def play_one(rules: RuleSet, seed: int, out: Any) -> int:
    """One seeded round of a match, its behaviour fed to `out`; the actions taken."""
    rng = random.Random(seed)
    players = 2 + seed % 9
    match = Match(
        rules, players=players, seed=seed, target=150, scoring=("standard", "alternative")[seed % 2]
    )
    out(encode(match.opening_events))
    rnd = match.round
    out(encode(rnd.history))
    steps = last = 0
    while not rnd.over:
        steps += 1
        for seat in range(players):
            out(f"{seat}:{encode(tuple(rnd.legal_actions(seat)))}")
        out(view_text(rnd, rnd.current, last))
        out(view_text(rnd, rng.randrange(players), last))
        if steps % 7 == 0:
            out(refusal(rnd, rng))
        seat, action = pick(rnd, rng, players)
        out(f"{seat}>{encode(action)}")
        events = rnd.apply(action, seat)
        last = len(events)
        out(encode(events))
        if steps % 25 == 0:  # a save and a load, mid-round, must change nothing
            match = Match.from_json(match.to_json())
            rnd = match.round
    out(encode(rnd.score()))
    out(encode(match.scores))
    out(encode(rnd.view(0)))
    return steps


def view_text(rnd: Any, seat: int, last: int) -> str:
    """A view, with only the newest events of its history (the whole history every
    action would make the digest quadratic in a round's length)."""
    view = rnd.view(seat)
    tail = view.history[len(view.history) - last :] if last else ()
    return encode(dataclasses.replace(view, history=tail))


def pick(rnd: Any, rng: random.Random, players: int) -> tuple[int, Any]:
    """Mostly the current seat's random legal action; sometimes another seat's
    catch or jump-in, or a wrong catch."""
    if rng.random() < 0.2:
        seat = rng.randrange(players)
        others = rnd.legal_actions(seat) if seat != rnd.current else ()
        if others:
            return seat, others[rng.randrange(len(others))]
        if seat != rnd.current and rng.random() < 0.3:
            from game.engine.actions import Catch

            return seat, Catch((seat + 1 + rng.randrange(players - 1)) % players)
    legal = rnd.legal_actions()
    plays = [a for a in legal if a[0] == "play"]
    if plays and rng.random() < 0.8:  # mostly play, as a player would: rounds end sooner
        return rnd.current, plays[rng.randrange(len(plays))]
    return rnd.current, legal[rng.randrange(len(legal))]


def refusal(rnd: Any, rng: random.Random) -> str:
    """The error for a random action that is not legal now, or nothing."""
    from game.engine import actions

    seat = rng.randrange(rnd.players)
    hand = rnd.hand(seat) or [Card.parse("red-1")]
    card = hand[rng.randrange(len(hand))]
    color = rng.choice([None, "red", "pink", "blue"])
    candidates = [
        actions.Play(card),
        actions.Play(card, color=color, uno=rng.random() < 0.5),
        actions.Play(card, color=color, give=color),
        actions.Play(card, swap=rng.randrange(rnd.players)),
        actions.Draw(),
        actions.Pass(),
        actions.Accept(),
        actions.Challenge(),
        actions.ChooseColor("red"),
    ]
    action = candidates[rng.randrange(len(candidates))]
    if action in rnd.legal_actions(seat):
        return "legal"
    before = encode(rnd.view(seat))
    try:
        rnd.apply(action, seat)
    except IllegalAction as err:
        assert encode(rnd.view(seat)) == before, "a refusal changed the round"
        return f"refused {seat} {encode(action)}: {err}"
    raise AssertionError(f"{action!r} by {seat} was not listed but was accepted")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds-per-mix", type=int, default=20)
    args = parser.parse_args()
    whole = hashlib.sha256()
    total_rounds = total_steps = 0
    for preset in RuleSet.preset_names():
        digest = hashlib.sha256()

        def out(text: str, digest: Any = digest) -> None:
            digest.update(text.encode())
            digest.update(b"\n")

        for m, rules in enumerate(mixes(preset)):
            for i in range(args.rounds_per_mix):
                total_steps += play_one(rules, 1000 * m + i, out)
                total_rounds += 1
        print(f"{preset:<14}{digest.hexdigest()}")
        whole.update(digest.digest())
    print(f"{'all':<14}{whole.hexdigest()}  ({total_rounds} rounds, {total_steps} actions)")


if __name__ == "__main__":
    main()
