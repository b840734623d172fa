"""RuleSet: a preset's deck and every house option, as plain fields."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from .cards import Card
from .errors import EngineError

PRESETS = ("classic", "minecraft", "monster_high")
FOUR_COLORS = ("red", "yellow", "green", "blue")
HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one game. Presets come from the rule sheets; every house
    option beyond them is off by default."""

    name: str = "classic"  # the preset this started from
    colors: tuple[str, ...] = FOUR_COLORS
    special: str | None = None  # "creeper" or "urrrh": the preset's extra card
    stack_draw2: bool = False  # 5.5: answer a draw2 with a draw2
    number_finish: bool = False  # 5.6: the last card must be a number
    stack_draw4: bool = False  # house: answer a wild-draw4 with a wild-draw4
    strict_draw4: bool = False  # house: no dishonest wild-draw4
    seven_zero: bool = False  # house: 7 swaps hands, 0 passes all hands on
    jump_in: bool = False  # house: play an identical card out of turn
    draw_to_match: bool = False  # house: keep drawing until a playable card
    force_play: bool = False  # house: a playable drawn card must be played

    @staticmethod
    def preset_names() -> tuple[str, ...]:
        return PRESETS

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The rules of a rule sheet: "classic", "minecraft" or "monster_high"."""
        if name == "classic":
            return cls(name="classic", stack_draw2=True, number_finish=True)
        if name == "minecraft":
            return cls(name="minecraft", special="creeper")
        if name == "monster_high":
            return cls(name="monster_high", colors=("pink", "yellow", "green", "blue"),
                       special="urrrh")
        raise EngineError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed: `rules.replace(jump_in=True)`."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise EngineError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def deck(self) -> list[Card]:
        """The whole deck of this preset, in a fixed order (108 or 112 cards)."""
        return list(_deck(self.colors, self.special))

    def deck_counts(self) -> Counter[Card]:
        return Counter(_deck(self.colors, self.special))

    def options(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_options(cls, data: dict[str, Any]) -> RuleSet:
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise EngineError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        values["colors"] = tuple(values.get("colors", FOUR_COLORS))
        return cls(**values)


@cache  # a new round needs the deck; building it from text each time is slow
def _deck(colors: tuple[str, ...], special: str | None) -> tuple[Card, ...]:
    cards: list[Card] = []
    for color in colors:
        cards.append(Card.parse(f"{color}-0"))
        for face in [str(n) for n in range(1, 10)] + ["skip", "reverse", "draw2"]:
            cards += [Card.parse(f"{color}-{face}")] * 2
    for kind in ("wild", "wild-draw4") + ((special,) if special else ()):
        cards += [Card.parse(kind)] * 4
    return tuple(cards)
