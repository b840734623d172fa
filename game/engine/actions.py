"""What a player can do. Actions are immutable tagged tuples.

The tag in slot 0 keeps `Draw() != Pass()` while equality and hashing stay in
C, which matters because `Round.apply` checks membership in the legal list.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Card
from .errors import EngineError


class _PlayFields(NamedTuple):
    tag: str
    card: Card
    color: str | None
    give: str | None
    uno: bool
    swap: int | None


class Play(_PlayFields):
    """Play `card`. `color` names the colour of a wild-type card, `give` the
    colour an Urrrh gives away, `uno` declares UNO with this play (rule 7.1),
    `swap` the seat a 7 swaps hands with (house option seven_zero)."""

    __slots__ = ()

    def __new__(cls, card: Card | str, color: str | None = None, give: str | None = None,
                uno: bool = False, swap: int | None = None) -> Play:
        return tuple.__new__(cls, ("play", Card.parse(card), color, give, bool(uno), swap))

    def __repr__(self) -> str:
        extras = [f"color={self.color!r}"] if self.color else []
        extras += [f"give={self.give!r}"] if self.give else []
        extras += ["uno=True"] if self.uno else []
        extras += [f"swap={self.swap}"] if self.swap is not None else []
        return f"Play({', '.join([repr(self.card.text), *extras])})"


class _Bare(tuple):  # type: ignore[type-arg]
    """An action with no arguments."""

    __slots__ = ()
    _tag = ""

    def __new__(cls) -> _Bare:
        return tuple.__new__(cls, (cls._tag,))

    @property
    def tag(self) -> str:
        return self[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Draw(_Bare):
    """Take one card from the draw pile (rule 4.3)."""

    __slots__ = ()
    _tag = "draw"


class Pass(_Bare):
    """Keep the card just drawn and end the turn."""

    __slots__ = ()
    _tag = "pass"


class Accept(_Bare):
    """Take a pending penalty: a wild-draw4, or a draw2 stack (rule 5.5)."""

    __slots__ = ()
    _tag = "accept"


class Challenge(_Bare):
    """Challenge the wild-draw4 just played on you (rule 6)."""

    __slots__ = ()
    _tag = "challenge"


class _ColorFields(NamedTuple):
    tag: str
    color: str


class ChooseColor(_ColorFields):
    """Name the colour of a wild card flipped to start the round (rule 3.3)."""

    __slots__ = ()

    def __new__(cls, color: str) -> ChooseColor:
        return tuple.__new__(cls, ("choose", color))

    def __repr__(self) -> str:
        return f"ChooseColor({self.color!r})"


class _CatchFields(NamedTuple):
    tag: str
    target: int


class Catch(_CatchFields):
    """Catch `target`, who has one card and did not declare UNO (rule 7.2)."""

    __slots__ = ()

    def __new__(cls, target: int) -> Catch:
        return tuple.__new__(cls, ("catch", int(target)))

    def __repr__(self) -> str:
        return f"Catch({self.target})"


Action = Play | Draw | Pass | Accept | Challenge | ChooseColor | Catch

DRAW = Draw()
PASS = Pass()
ACCEPT = Accept()
CHALLENGE = Challenge()

_BARE = {"draw": Draw, "pass": Pass, "accept": Accept, "challenge": Challenge}


def to_text(action: Action) -> str:
    """A one-line notation: `play wild color=red uno`, `draw`, `catch 2`."""
    tag = action[0]
    if tag == "play":
        parts = ["play", action.card.text]  # type: ignore[union-attr]
        parts += [f"color={action.color}"] if action.color else []  # type: ignore[union-attr]
        parts += [f"give={action.give}"] if action.give else []  # type: ignore[union-attr]
        parts += [f"swap={action.swap}"] if action.swap is not None else []  # type: ignore[union-attr]
        parts += ["uno"] if action.uno else []  # type: ignore[union-attr]
        return " ".join(parts)
    if tag == "choose":
        return f"choose {action.color}"  # type: ignore[union-attr]
    if tag == "catch":
        return f"catch {action.target}"  # type: ignore[union-attr]
    return tag


def from_text(text: str) -> Action:
    """The action written by `to_text`."""
    words = text.split()
    if not words:
        raise EngineError("an empty action")
    tag, args = words[0], words[1:]
    try:
        if tag in _BARE and not args:
            return _BARE[tag]()  # type: ignore[return-value]
        if tag == "choose" and len(args) == 1:
            return ChooseColor(args[0])
        if tag == "catch" and len(args) == 1:
            return Catch(int(args[0]))
        if tag == "play" and args:
            return _play_from_words(args)
    except (ValueError, KeyError) as err:
        raise EngineError(f"cannot read action {text!r}: {err}") from None
    raise EngineError(f"cannot read action {text!r}")


def _play_from_words(args: list[str]) -> Play:
    options: dict[str, str] = dict(a.split("=", 1) for a in args[1:] if "=" in a)
    uno = "uno" in args[1:]
    swap = int(options["swap"]) if "swap" in options else None
    return Play(args[0], color=options.get("color"), give=options.get("give"), uno=uno, swap=swap)
