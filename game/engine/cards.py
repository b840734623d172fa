"""Cards as interned flyweights: one object per face, so identity is equality.

Two `red-7`s in a deck are the same object. That makes hand removal, legality
checks and action comparison pointer comparisons, which the simulation speed
depends on.
"""

from __future__ import annotations

from typing import Final

from .errors import CardError

COLORS: Final = ("red", "yellow", "green", "blue", "pink")
ACTION_KINDS: Final = ("skip", "reverse", "draw2")
WILD_KINDS: Final = ("wild", "wild-draw4", "creeper", "urrrh")


class Card(int):
    """One face of the deck, e.g. `red-7`, `blue-skip`, `wild-draw4`.

    A card is an int (its face number, from 1) so that equality, hashing and
    list.remove run at C speed and hash the same in every process; treat it as
    a card, not a number.

    Attributes:
        color: colour key, or None for wild-type cards.
        kind: "number", "skip", "reverse", "draw2", "wild", "wild-draw4",
            "creeper" or "urrrh".
        number: 0-9 for number cards, else None.
        points: the card's score value (rule 10.2).
        symbol: what "same number or symbol" compares (rule 4.1).
        index: position in `all_faces()`, for table lookups.
    """

    text: str
    color: str | None
    kind: str
    number: int | None
    points: int
    symbol: str
    index: int
    is_wild: bool

    def __init__(self, *args: object) -> None:
        raise TypeError("cards are interned: use Card.parse('red-7')")

    @staticmethod
    def parse(text: str | Card) -> Card:
        """The card named by `text` (`red-7`, `green-skip`, `wild`...)."""
        if isinstance(text, Card):
            return text
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise CardError(f"{text!r} is not a card (try 'red-7', 'blue-skip' or 'wild-draw4')")
        return card

    @property
    def is_number(self) -> bool:
        return self.kind == "number"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.text,))


def _make(text: str, color: str | None, kind: str, number: int | None, index: int) -> Card:
    card = int.__new__(Card, index + 1)
    card.text = text
    card.color = color
    card.kind = kind
    card.number = number
    if number is not None:
        card.points = number
    else:
        card.points = 20 if kind in ACTION_KINDS else 50
    card.symbol = str(number) if number is not None else kind
    card.index = index
    card.is_wild = color is None
    return card


def _all_faces() -> dict[str, Card]:
    faces: dict[str, Card] = {}
    for color in COLORS:
        for number in range(10):
            text = f"{color}-{number}"
            faces[text] = _make(text, color, "number", number, len(faces))
        for kind in ACTION_KINDS:
            text = f"{color}-{kind}"
            faces[text] = _make(text, color, kind, None, len(faces))
    for kind in WILD_KINDS:
        faces[kind] = _make(kind, None, kind, None, len(faces))
    return faces


_BY_TEXT: Final = _all_faces()


def all_faces() -> tuple[Card, ...]:
    """Every face any preset uses, in a fixed order."""
    return tuple(_BY_TEXT.values())
