"""A game as the player set it up: seats, rules, scoring, and the match itself.

No pygame here: the menu builds a GameSetup, the table plays its Session.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import Match, RuleSet
from game.ui.bots import Bot, make_bot

LEVELS = ("random", "easy", "normal", "hard")
NAMES = ("You", "Bea", "Carlos", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivan", "Jo")
SCORINGS = ("standard", "alternative")


@dataclass(frozen=True)
class SeatSetup:
    name: str
    human: bool
    level: str = "normal"


@dataclass(frozen=True)
class GameSetup:
    theme: str
    rules: RuleSet
    seats: tuple[SeatSetup, ...]
    target: int = 500
    scoring: str = "standard"
    seed: int | None = None
    speed: str = "1x"

    @property
    def players(self) -> int:
        return len(self.seats)


def default_seats(players: int, autoplay: bool = False) -> tuple[SeatSetup, ...]:
    seats = [SeatSetup(NAMES[i], human=(i == 0 and not autoplay)) for i in range(players)]
    if autoplay:
        seats[0] = SeatSetup("Ada", human=False)
    return tuple(seats)


def default_setup(theme: str, preset: str, players: int = 4, autoplay: bool = False,
                  seed: int | None = None, target: int = 500, speed: str = "1x") -> GameSetup:
    return GameSetup(theme=theme, rules=RuleSet.preset(preset),
                     seats=default_seats(players, autoplay), target=target, seed=seed,
                     speed=speed)


def setup_to_data(setup: GameSetup) -> dict[str, Any]:
    return {"theme": setup.theme, "rules": setup.rules.options(),
            "seats": [[s.name, s.human, s.level] for s in setup.seats],
            "target": setup.target, "scoring": setup.scoring, "seed": setup.seed,
            "speed": setup.speed}


def setup_from_data(data: Any) -> GameSetup:
    """The set-up saved by `setup_to_data`; ValueError (or KeyError, TypeError) if damaged."""
    seats = tuple(SeatSetup(str(name), bool(human), str(level) if level in LEVELS else "normal")
                  for name, human, level in data["seats"])
    if not 2 <= len(seats) <= 10:
        raise ValueError(f"{len(seats)} seats")
    seed = data["seed"]
    return GameSetup(theme=str(data["theme"]), rules=RuleSet.from_options(data["rules"]),
                     seats=seats, target=int(data["target"]), scoring=str(data["scoring"]),
                     seed=seed if isinstance(seed, int) else None, speed=str(data["speed"]))


@dataclass
class Session:
    """The match in play and the computer players sitting at it."""

    setup: GameSetup
    match: Match = field(init=False)
    bots: dict[int, Bot] = field(init=False)
    resumed: Match | None = None  # a saved match to go on with instead of a new one
    recorded_rounds: int = 0  # rounds already counted in the statistics

    def __post_init__(self) -> None:
        setup = self.setup
        if sum(s.human for s in setup.seats) > 1:  # "You" means nobody at a shared computer
            seats = tuple(replace(s, name=f"Player {i + 1}") if s.name == "You" else s
                          for i, s in enumerate(setup.seats))
            setup = self.setup = replace(setup, seats=seats)
        seed = setup.seed if setup.seed is not None else random.randrange(2**31)
        # The seed is kept so the match can be saved, resumed and replayed.
        setup = self.setup = replace(setup, seed=seed)
        self.match = self.resumed or Match(setup.rules, players=setup.players, seed=seed,
                                           target=setup.target, scoring=setup.scoring)
        self.resumed = None
        self.bots = {seat: make_bot(s.level, random.Random(seed * 31 + seat))
                     for seat, s in enumerate(setup.seats) if not s.human}

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.setup.seats) if s.human]

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].human

    def name(self, seat: int) -> str:
        return self.setup.seats[seat].name

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.setup.seats]
