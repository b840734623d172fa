"""What a player can do. Actions are immutable tagged tuples.

The tag in slot 0 keeps `Draw() != Pass()` while equality and hashing stay in
C, which matters because `Round.apply` checks membership in the legal list.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple, TypeVar

from .cards import Card
from .errors import EngineError

K = TypeVar("K")
V = TypeVar("V")


class ActionKind(StrEnum):
    """The kinds of action, named by the tag in slot 0 of every action:
    `action[0] == ActionKind.PLAY`. The tuples hold the plain string (the value):
    CPython compares exact strings fastest, and the engine compares tags on every
    action; saves keep the name."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    ACCEPT = "accept"
    CHALLENGE = "challenge"
    CHOOSE = "choose"
    CATCH = "catch"


_PLAY = ActionKind.PLAY.value


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

    def __new__(
        cls,
        card: Card | str,
        color: str | None = None,
        give: str | None = None,
        uno: bool = False,
        swap: int | None = None,
    ) -> Play:
        return tuple.__new__(cls, (_PLAY, Card.parse(card), color, give, bool(uno), swap))

    def __repr__(self) -> str:
        extras = [f"color={self.color!r}"] if self.color else []
        extras += [f"give={self.give!r}"] if self.give else []
        extras += ["uno=True"] if self.uno else []
        extras += [f"swap={self.swap}"] if self.swap is not None else []
        return f"Play({', '.join([repr(self.card.text), *extras])})"


class _Bare(tuple):
    """An action with no arguments."""

    __slots__ = ()
    _tag: str

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
    _tag = ActionKind.DRAW.value


class Pass(_Bare):
    """Keep the card just drawn and end the turn (the table's "Keep it" button)."""

    __slots__ = ()
    _tag = ActionKind.PASS.value


class Accept(_Bare):
    """Take a pending penalty: a wild-draw4, or a draw2 stack (rule 5.5)."""

    __slots__ = ()
    _tag = ActionKind.ACCEPT.value


class Challenge(_Bare):
    """Challenge the wild-draw4 just played on you (rule 6)."""

    __slots__ = ()
    _tag = ActionKind.CHALLENGE.value


class _ColorFields(NamedTuple):
    tag: str
    color: str


class ChooseColor(_ColorFields):
    """Name the colour of a wild card flipped to start the round (rule 3.3)."""

    __slots__ = ()

    def __new__(cls, color: str) -> ChooseColor:
        return tuple.__new__(cls, (ActionKind.CHOOSE.value, color))

    def __repr__(self) -> str:
        return f"ChooseColor({self.color!r})"


class _CatchFields(NamedTuple):
    tag: str
    target: int


class Catch(_CatchFields):
    """Catch `target`, who has one card and did not declare UNO (rule 7.2)."""

    __slots__ = ()

    def __new__(cls, target: int) -> Catch:
        return tuple.__new__(cls, (ActionKind.CATCH.value, int(target)))

    def __repr__(self) -> str:
        return f"Catch({self.target})"


Action = Play | Draw | Pass | Accept | Challenge | ChooseColor | Catch

DRAW = Draw()
PASS = Pass()
ACCEPT = Accept()
CHALLENGE = Challenge()
CATCHES = tuple(Catch(seat) for seat in range(10))  # CATCHES[seat]: a round seats 2 to 10

_BARE: dict[str, type[_Bare]] = {cls._tag: cls for cls in (Draw, Pass, Accept, Challenge)}


# Actions and their text, both ways: a long match (saved after every action) or replay
# names a few hundred distinct actions tens of thousands of times, and an action is
# an immutable value.
_WRITTEN: dict[Action, str] = {}
_READ: dict[str, Action] = {}
_READ_MOST = 4096


def _kept(cache: dict[K, V], key: K, make: Callable[[K], V]) -> V:
    found = cache.get(key)
    if found is None:
        found = make(key)
        if len(cache) < _READ_MOST:
            cache[key] = found
    return found


def to_text(action: Action) -> str:
    """A one-line notation: `play wild color=red uno`, `draw`, `catch 2`."""
    return _kept(_WRITTEN, action, _write)


def _write(action: Action) -> str:
    tag = action[0]
    if tag == ActionKind.PLAY:
        parts = ["play", action.card.text]  # type: ignore[union-attr]
        parts += [f"color={action.color}"] if action.color else []  # type: ignore[union-attr]
        parts += [f"give={action.give}"] if action.give else []  # type: ignore[union-attr]
        parts += [f"swap={action.swap}"] if action.swap is not None else []  # type: ignore[union-attr]
        parts += ["uno"] if action.uno else []  # type: ignore[union-attr]
        return " ".join(parts)
    if tag == ActionKind.CHOOSE:
        return f"choose {action.color}"  # type: ignore[union-attr]
    if tag == ActionKind.CATCH:
        return f"catch {action.target}"  # type: ignore[union-attr]
    return tag


def from_text(text: str) -> Action:
    """The action written by `to_text`."""
    return _kept(_READ, text, _parse)


def _parse(text: str) -> Action:
    words = text.split()
    if not words:
        raise EngineError("an empty action")
    tag, args = words[0], words[1:]
    try:
        if tag in _BARE and not args:
            return _BARE[tag]()  # type: ignore[return-value]
        if tag == ActionKind.CHOOSE and len(args) == 1:
            return ChooseColor(args[0])
        if tag == ActionKind.CATCH and len(args) == 1:
            return Catch(int(args[0]))
        if tag == ActionKind.PLAY and args:
            return _play_from_words(args)
    except (ValueError, KeyError) as err:
        raise EngineError(f"cannot read action {text!r}: {err}") from None
    raise EngineError(f"cannot read action {text!r}")


def _play_from_words(args: list[str]) -> Play:
    options: dict[str, str] = dict(a.split("=", 1) for a in args[1:] if "=" in a)
    uno = "uno" in args[1:]
    swap = int(options["swap"]) if "swap" in options else None
    return Play(args[0], color=options.get("color"), give=options.get("give"), uno=uno, swap=swap)
