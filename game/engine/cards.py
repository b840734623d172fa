"""Cards as interned flyweights: one object per face, so identity is equality.

Two `red-7`s in a deck are the same object. That makes hand removal, legality
checks and action comparison pointer comparisons, which the simulation speed
depends on.
"""

from __future__ import annotations

from typing import Final

from .errors import CardError

COLORS: Final = ("red", "yellow", "green", "blue", "pink")
# Cards are numbered by colour, in blocks: a colour's 0-9, then its skip, reverse
# and draw2 (the coloured kinds registered first); the colourless kinds follow.
# A kind registered later is numbered after every card made before it, so the
# order of those (what sorting a hand or a stacked deck sees) never changes, and
# the numbers stay dense (the turn tables are lists indexed by them).
_BLOCK: Final = 13
_IN_BLOCK: Final = _BLOCK - 10  # coloured kinds that take a place in the colour blocks


class Card(int):
    """One face of the deck, e.g. `red-7`, `blue-skip`, `wild-draw4`.

    A card is an int (its face number, from 1) so that equality, hashing and
    list.remove run at C speed and hash the same in every process; treat it as
    a card, not a number.

    Attributes:
        color: colour key, or None for wild-type cards.
        kind: "number", or the name of a registered kind (kinds.py): "skip",
            "reverse", "draw2", "wild", "wild-draw4", "creeper", "urrrh".
        number: 0-9 for number cards, else None.
        points: the card's score value (rule 10.2).
        symbol: what "same number or symbol" compares (rule 4.1).
        index: the card's number less one, for table lookups.
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


def _make(
    text: str, color: str | None, kind: str, number: int | None, points: int, at: int
) -> Card:
    card = int.__new__(Card, at)
    card.text = text
    card.color = color
    card.kind = kind
    card.number = number
    card.points = points
    card.symbol = str(number) if number is not None else kind
    card.index = at - 1
    card.is_wild = color is None
    return card


def _number_faces() -> dict[str, Card]:
    faces: dict[str, Card] = {}
    for c, color in enumerate(COLORS):
        for number in range(10):
            text = f"{color}-{number}"
            faces[text] = _make(text, color, "number", number, number, c * _BLOCK + 1 + number)
    return faces


_BY_TEXT: Final = _number_faces()
_coloured_kinds = 0


def add_kind(kind: str, colored: bool, points: int) -> tuple[Card, ...]:
    """Make the faces of a new kind of card (kinds.register calls this): one per
    colour (`red-skip`...) or one colourless face named as the kind."""
    global _coloured_kinds
    if any(card.kind == kind for card in _BY_TEXT.values()):
        raise CardError(f"there is a {kind!r} card already")
    after = max(len(COLORS) * _BLOCK, *_BY_TEXT.values())  # the next free number, less one
    made = []
    if colored:
        for c, color in enumerate(COLORS):
            in_block = _coloured_kinds < _IN_BLOCK
            at = c * _BLOCK + 11 + _coloured_kinds if in_block else after + 1 + c
            made.append(_make(f"{color}-{kind}", color, kind, None, points, at))
        _coloured_kinds += 1
    else:
        made.append(_make(kind, None, kind, None, points, after + 1))
    for card in made:
        _BY_TEXT[card.text] = card
    return tuple(made)


def all_faces() -> tuple[Card, ...]:
    """Every face any preset uses, in the cards' order."""
    return tuple(sorted(_BY_TEXT.values()))
