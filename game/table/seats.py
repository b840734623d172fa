"""A game as it was set up: who sits where, the rules, the scoring and the seed.

The kind of a seat (a person at this computer, a computer player, a recorded
player in a replay, a player elsewhere on the network) is named once, in
`game.limits.SeatKind`; everything else asks `SeatSetup.kind`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from game.ai import LEVELS
from game.engine import Match, RuleSet
from game.i18n import LANGUAGES, N_, Translator
from game.limits import (
    DEFAULT_TARGET,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Scoring,
    SeatKind,
    Speed,
    players_ok,
)

YOU = N_("You")  # the person's seat until they give a name (Settings: Your name)
# A person's seat at a shared computer; kept in English in the set-up, shown in the
# language of the moment (see `player_number`).
PLAYER = N_("Player {n}")
NAMES = (YOU, "Bea", "Carlos", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivan", "Jo")
# For a computer player whose name a person took ("Bea" in Settings): one more than
# the seats a table can have, so a free name is always found.
SPARE_NAMES = ("Kai", "Lena", "Max", "Nora", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tess")


@dataclass(frozen=True)
class SeatSetup:
    name: str
    kind: SeatKind = SeatKind.BOT
    level: str = "normal"

    @property
    def human(self) -> bool:
        return self.kind is SeatKind.HUMAN


@dataclass(frozen=True)
class GameSetup:
    theme: str
    rules: RuleSet
    seats: tuple[SeatSetup, ...]
    target: int = DEFAULT_TARGET
    scoring: str = Scoring.STANDARD
    seed: int | None = None
    speed: str = Speed.NORMAL

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this computer."""
        return [i for i, s in enumerate(self.seats) if s.kind is SeatKind.HUMAN]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


def default_seats(players: int, autoplay: bool = False) -> tuple[SeatSetup, ...]:
    seats = [SeatSetup(NAMES[i], _kind(i == 0 and not autoplay)) for i in range(players)]
    if autoplay:
        seats[0] = SeatSetup("Ada", SeatKind.BOT)
    return tuple(seats)


def _kind(human: bool) -> SeatKind:
    return SeatKind.HUMAN if human else SeatKind.BOT


def default_setup(
    theme: str,
    preset: str,
    players: int = 4,
    autoplay: bool = False,
    seed: int | None = None,
    target: int = 500,
    speed: str = "1x",
) -> GameSetup:
    return GameSetup(
        theme=theme,
        rules=RuleSet.preset(preset),
        seats=default_seats(players, autoplay),
        target=target,
        seed=seed,
        speed=speed,
    )


_YOU_WORDS: frozenset[str] = frozenset()


def is_you(name: str) -> bool:
    """A seat called "You" in any of our languages: the word, not a person's name.
    A set-up keeps the word of the language it was made in ("Tú")."""
    global _YOU_WORDS
    if not _YOU_WORDS:
        _YOU_WORDS = frozenset({YOU} | {Translator(lang).gettext(YOU) for lang in LANGUAGES})
    return name in _YOU_WORDS


@cache
def _player_words() -> tuple[tuple[str, str], ...]:
    """The words before and after N in "Player N", in each of our languages."""
    words = {PLAYER} | {Translator(lang).gettext(PLAYER) for lang in LANGUAGES}
    return tuple((w.partition("{n}")[0], w.partition("{n}")[2]) for w in words)


@cache  # asked for every seat's name on every frame
def player_number(name: str) -> int | None:
    """N for a seat named "Player N" in any of our languages ("Jugador 2"): the words
    a shared computer gave it, not a person's name; None for any other name."""
    for before, after in _player_words():
        number = name[len(before) : len(name) - len(after)]
        if name.startswith(before) and name.endswith(after) and number.isdigit():
            return int(number)
    return None


def _same_name(name: str) -> str:
    """What two names must differ in to tell two seats apart: not case or spaces,
    and "You" is "Tú"."""
    if is_you(name):
        return YOU.casefold()
    number = player_number(name.strip())
    return PLAYER.format(n=number).casefold() if number else name.strip().casefold()


def _own_names(seats: tuple[SeatSetup, ...]) -> tuple[SeatSetup, ...]:
    """Every seat its own name. People keep theirs (the first of two people with one
    name keeps it plain); a computer player whose name is taken gets a free one."""
    wanted = {_same_name(s.name) for s in seats}
    taken: set[str] = set()
    names = [s.name for s in seats]
    for i in sorted(range(len(seats)), key=lambda i: (not seats[i].human, i)):
        if _same_name(names[i]) in taken:
            free = [n for n in (*NAMES[1:], *SPARE_NAMES) if _same_name(n) not in wanted | taken]
            if seats[i].human or not free:
                free = [f"{names[i]} {k}" for k in range(2, len(seats) + 2)]
                free = [n for n in free if _same_name(n) not in wanted | taken]
            names[i] = free[0]
        taken.add(_same_name(names[i]))
    return tuple(replace(s, name=name) for s, name in zip(seats, names, strict=True))


def people_named(seats: tuple[SeatSetup, ...], player: str = PLAYER) -> tuple[SeatSetup, ...]:
    """At a computer shared by several people nobody is called "You" (the log and the
    prompts could not say whom they mean): such a seat becomes "Player N", in the
    words of `player` (the set-up shows it in the player's language)."""
    if sum(s.human for s in seats) < 2:
        return seats
    return tuple(
        replace(s, name=player.format(n=i + 1)) if is_you(s.name) else s
        for i, s in enumerate(seats)
    )


def settled(setup: GameSetup) -> GameSetup:
    """The set-up as it is played: a seed chosen (kept, so the match can be saved,
    resumed and replayed), at a shared computer nobody called "You" (in any
    language), and no two seats with one name (the player called "Bea" in Settings
    sits with a computer player of another name)."""
    seats = _own_names(people_named(setup.seats))
    if seats != setup.seats:
        setup = replace(setup, seats=seats)
    if setup.seed is None:
        setup = replace(setup, seed=random.randrange(2**31))
    return setup


def new_match(setup: GameSetup) -> Match:
    """The match a settled set-up starts with."""
    return Match(
        setup.rules,
        players=setup.players,
        seed=setup.seed or 0,
        target=setup.target,
        scoring=setup.scoring,
    )


def setup_to_data(setup: GameSetup) -> dict[str, Any]:
    return {
        "theme": setup.theme,
        "rules": setup.rules.options(),
        # A person is saved as `true`, anyone else as `false`: the format saves and
        # replays have always had (a replay or remote seat is saved as a computer).
        "seats": [[s.name, s.human, s.level] for s in setup.seats],
        "target": setup.target,
        "scoring": setup.scoring,
        "seed": setup.seed,
        "speed": setup.speed,
    }


def setup_from_data(data: Any) -> GameSetup:
    """The set-up saved by `setup_to_data`; ValueError (or KeyError, TypeError) if damaged."""
    seats = tuple(
        SeatSetup(str(name), _kind(bool(human)), str(level) if level in LEVELS else "normal")
        for name, human, level in data["seats"]
    )
    if not players_ok(len(seats)):
        raise ValueError(f"{len(seats)} seats, not {MIN_PLAYERS} to {MAX_PLAYERS}")
    seed = data["seed"]
    return GameSetup(
        theme=str(data["theme"]),
        rules=RuleSet.from_options(data["rules"]),
        seats=seats,
        target=int(data["target"]),
        scoring=str(data["scoring"]),
        seed=seed if isinstance(seed, int) else None,
        speed=str(data["speed"]),
    )
