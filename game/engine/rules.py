"""RuleSet: a preset's deck and every house option, as plain fields.

The house options are listed here once: each field carries its label and its
sentence for the rules screen, and `HOUSE_OPTIONS` reads them off the fields,
so the set-up screen, the rules screen, the tournament CLI and the tests all
follow this class. Presets are data: `PRESETS` says which special card each
adds, its colours and which options its sheet turns on."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from .cards import Card
from .errors import EngineError
from .kinds import KINDS, on_register
from .text import N_

FOUR_COLORS = ("red", "yellow", "green", "blue")
HAND_SIZE = 7


@dataclass(frozen=True, slots=True)
class HouseOption:
    """A house option: its RuleSet field, a short label (set-up screen) and one
    sentence (rules screen), both English messages for the UI to translate."""

    name: str
    label: str
    text: str


def _house(label: str, text: str) -> Any:
    """A house option field: off unless a preset or the player turns it on."""
    return field(default=False, metadata={"label": label, "text": text})


@dataclass(frozen=True, slots=True)
class Preset:
    """A rule sheet as data: its colours, its extra card, the options it turns on."""

    colors: tuple[str, ...] = FOUR_COLORS
    special: str | None = None
    options: tuple[str, ...] = ()


PRESETS: dict[str, Preset] = {
    "classic": Preset(options=("stack_draw2", "number_finish")),  # sheet 002
    "minecraft": Preset(special="creeper"),  # sheet 001
    "monster_high": Preset(colors=("pink", "yellow", "green", "blue"), special="urrrh"),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules of one game. Presets come from the rule sheets; every house
    option beyond them is off by default."""

    name: str = "classic"  # the preset this started from
    colors: tuple[str, ...] = FOUR_COLORS
    special: str | None = None  # "creeper" or "urrrh": the preset's extra card
    stack_draw2: bool = _house(  # rule 5.5
        N_("Stack Draw Twos"),
        N_(
            "Stacking Draw Twos: answer a Draw Two with another; the total passes on "
            "until someone takes it all."
        ),
    )
    number_finish: bool = _house(  # rule 5.6
        N_("Finish on a number"), N_("Finish on a number: your last card must be a number card.")
    )
    stack_draw4: bool = _house(
        N_("Stack Wild Draw Fours"), N_("Stacking Wild Draw Fours: answer one with another.")
    )
    strict_draw4: bool = _house(
        N_("Honest Draw Four"),
        N_("Honest Wild Draw Four: you cannot play it while holding the colour."),
    )
    seven_zero: bool = _house(
        N_("Seven swaps, zero passes"),
        N_(
            "Seven and zero: a 7 swaps your hand with a player you choose; a 0 moves "
            "every hand on by one seat."
        ),
    )
    jump_in: bool = _house(
        N_("Jump in"),
        N_("Jump in: play a card identical to the top one even when it is not your turn."),
    )
    draw_to_match: bool = _house(
        N_("Draw to match"),
        N_("Draw to match: keep drawing until you find a card you can play."),
    )
    force_play: bool = _house(
        N_("Forced play"), N_("Forced play: a card you draw that fits must be played.")
    )

    def __post_init__(self) -> None:
        _check_fields(self)

    @staticmethod
    def preset_names() -> tuple[str, ...]:
        return tuple(PRESETS)

    @staticmethod
    def house_options() -> tuple[HouseOption, ...]:
        """Every house option, in the order the screens list them."""
        return HOUSE_OPTIONS

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The rules of a rule sheet: "classic", "minecraft" or "monster_high"."""
        sheet = PRESETS.get(name)
        if sheet is None:
            raise EngineError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
        on = dict.fromkeys(sheet.options, True)
        return cls(name=name, colors=sheet.colors, special=sheet.special, **on)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed: `rules.replace(jump_in=True)`."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise EngineError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)  # checked by __post_init__

    def deck(self) -> list[Card]:
        """The whole deck of this preset, in a fixed order (108 or 112 cards)."""
        return list(_deck(self.colors, self.special))

    def deck_counts(self) -> Counter[Card]:
        return Counter(_deck(self.colors, self.special))

    def options(self) -> dict[str, Any]:
        # A copy of the cached one (its values are strings, flags and tuples): asdict
        # deep-copies every field, and a server writes a table's rules on every move.
        return dict(_options(self))

    @classmethod
    def from_options(cls, data: dict[str, Any]) -> RuleSet:
        fields = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - fields
        if unknown:
            raise EngineError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        values = dict(data)
        values["colors"] = tuple(values.get("colors", FOUR_COLORS))
        return cls(**values)


def _check_fields(rules: RuleSet) -> None:
    """EngineError naming the field unless every field has its type and a preset keeps
    its own colours and special card (a Creeper in Classic plays, then cannot load)."""
    from .cards import COLORS

    if type(rules.name) is not str or not rules.name:
        raise EngineError(f"name must be a preset's or a rule set's name, not {rules.name!r:.40}")
    for option in HOUSE_OPTION_NAMES:
        value = getattr(rules, option)
        if type(value) is not bool:
            raise EngineError(f"{option} must be True or False, not {value!r:.40}")
    colors = rules.colors
    if (
        type(colors) is not tuple
        or len(colors) != 4
        or len(set(colors)) != 4
        or not all(type(c) is str and c in COLORS for c in colors)
    ):
        raise EngineError(f"colors must be four different colours of {COLORS}, not {colors!r:.60}")
    special = rules.special
    if special is not None and (type(special) is not str or special not in KINDS):
        raise EngineError(f"special must be None or one of {', '.join(KINDS)}, not {special!r:.40}")
    sheet = PRESETS.get(rules.name)
    if sheet is not None and special != sheet.special:
        raise EngineError(f"special must be {sheet.special} in {rules.name}, not {special}")
    if sheet is not None and colors != sheet.colors:
        raise EngineError(f"colors must be {', '.join(sheet.colors)} in {rules.name}")


@cache  # a new round needs the deck; building it from text each time is slow
def _deck(colors: tuple[str, ...], special: str | None) -> tuple[Card, ...]:
    """Per colour a 0, two of each 1-9, then the coloured kinds; then the
    colourless kinds. A kind that is not in every deck comes only as `special`."""
    if special is not None and special not in KINDS:
        raise EngineError(f"there is no {special!r} card; known: {', '.join(KINDS)}")
    kinds = [k for k in KINDS.values() if k.every_deck or k.name == special]
    cards: list[Card] = []
    for color in colors:
        cards.append(Card.parse(f"{color}-0"))
        for number in range(1, 10):
            cards += [Card.parse(f"{color}-{number}")] * 2
        for kind in kinds:
            if kind.colored:
                cards += [Card.parse(f"{color}-{kind.name}")] * kind.copies
    for kind in kinds:
        if not kind.colored:
            cards += [Card.parse(kind.name)] * kind.copies
    return tuple(cards)


on_register(_deck.cache_clear)


HOUSE_OPTIONS: tuple[HouseOption, ...] = tuple(
    HouseOption(f.name, f.metadata["label"], f.metadata["text"])
    for f in dataclasses.fields(RuleSet)
    if "label" in f.metadata
)
HOUSE_OPTION_NAMES = tuple(option.name for option in HOUSE_OPTIONS)


@lru_cache(maxsize=256)
def _options(rules: RuleSet) -> dict[str, Any]:
    return dataclasses.asdict(rules)
