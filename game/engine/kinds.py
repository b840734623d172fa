"""The registry of card kinds: everything but the number cards.

Each kind (Skip, Reverse, Draw Two, Wild, Wild Draw Four, Creeper, Urrrh) is one
module in `specials/` that builds a `CardKind` and registers it: its faces and
points, when its play depends on the hand (legality), what its play does
(effects, with the events they raise), what it does when flipped to start or
drawn, and the English words the UI shows for it. The engine's fast tables, its
slow `variants` path and the UI all read these definitions, so a new card is one
new module that calls `register`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import Card, add_kind, all_faces
from .events import intern_cards, register_event

if TYPE_CHECKING:
    from .actions import Play
    from .round import Round
    from .rules import RuleSet

# Hook signatures (the round is the engine's own: hooks may change it).
Asks = Callable[["RuleSet"], bool]
Plays = Callable[["Round", int, Card], tuple["Play", ...]]
BeforeUno = Callable[["Round", int, "Play", list], None]
Effect = Callable[["Round", int, Card, "str | None", bool, list], None]
OnFlip = Callable[["Round", Card, list], None]
OnDraw = Callable[["Round", int, Card, list], None]


@dataclass(frozen=True, eq=False)
class CardKind:
    """One kind of card. `name` is the kind (`skip`: faces `red-skip`...; `creeper`:
    one face `creeper`). Hooks left None mean "nothing special"."""

    name: str
    colored: bool  # one face per colour, or one colourless (wild-type) face
    copies: int  # per colour when coloured, else per deck
    points: int  # rule 10.2
    every_deck: bool = True  # False: only in a preset that names it as its special card
    # Legality: `asks(rules)` says the plays depend on the hand, and `plays` lists
    # them (or none); otherwise matching (rule 4.1) alone decides.
    asks: Asks | None = None
    plays: Plays | None = None
    refusal: str = ""  # why `plays` gave none, in words (see refusal.py)
    # Effects of a play, in order: `before_uno` (hand changes that UNO is judged
    # after, e.g. a give-away), then `effect(rnd, seat, card, prev_color, out, ev)`
    # which also ends the round when `out` (the hand is empty) and sets the next seat.
    before_uno: BeforeUno | None = None
    effect: Effect | None = None
    on_flip: OnFlip | None = None  # as the start card (rule 3.3); colourless: a colour is named
    flip_back: bool = False  # as the start card, it goes back and another is flipped
    on_draw: OnDraw | None = None  # taken from the draw pile (the Creeper, rule 8.2)
    penalty: int = 0  # cards its play makes the next player draw (draw2, wild-draw4)
    # English messages for the UI (it translates them): the card's name, with an
    # article ("a {colour} Skip", "an Urrrh") and bare ("{colour} Skip"); a paragraph
    # for the rules screen; the showpiece caption when it takes the stage, and the
    # theme sound for it; narration of draws it causes (you, someone else).
    label: str = ""
    a_label: str = ""
    bare_label: str = ""
    rules_text: str = ""
    showpiece: str = ""
    # The caption when its play raises none of its events (an Urrrh with no colour to
    # give away): the showpiece all the same, from its play. "": no showpiece then.
    bare_showpiece: str = ""
    callout: str = ""  # a short word over the pile as the card lands ("Skip!", "+2")
    sound: str = ""
    draw_text: tuple[str, str] | None = None
    # The events only this kind raises (registered for saves and replays); the UI
    # gives them the showpiece, and `event_text` (you, someone else) where set.
    events: tuple[type, ...] = ()
    event_text: tuple[str, str] | None = None

    def faces(self) -> tuple[Card, ...]:
        return FACES[self.name]


KINDS: dict[str, CardKind] = {}
BY_EVENT: dict[type, CardKind] = {}  # an event type -> the kind that raises it
FACES: dict[str, tuple[Card, ...]] = {}
# Indexed by card (an int): its kind (None for numbers), and the hooks the round's
# hot path reads. Lists that grow in place, so modules may keep a reference.
KIND_OF: list[CardKind | None] = []
EFFECT: list[Effect | None] = []
BEFORE_UNO: list[BeforeUno | None] = []
ON_DRAW: list[OnDraw | None] = []
_listeners: list[Callable[[], Any]] = []


def register(kind: CardKind) -> CardKind:
    """Add a kind of card: its faces are made and every table that lists cards is
    rebuilt on its next use."""
    if kind.name in KINDS:
        raise ValueError(f"a {kind.name!r} card is registered already")
    faces = add_kind(kind.name, kind.colored, kind.points)
    KINDS[kind.name] = kind
    for event_type in kind.events:
        BY_EVENT[event_type] = kind
        register_event(event_type)
    FACES[kind.name] = faces
    size = max(all_faces()) + 1  # numbers included
    for table in (KIND_OF, EFFECT, BEFORE_UNO, ON_DRAW):
        table += [None] * (size - len(table))
    intern_cards(faces)
    for card in faces:
        KIND_OF[card] = kind
        EFFECT[card] = kind.effect
        BEFORE_UNO[card] = kind.before_uno
        ON_DRAW[card] = kind.on_draw
    for forget in _listeners:
        forget()
    return kind


def on_register(forget: Callable[[], Any]) -> None:
    """Call `forget` whenever a kind is registered (caches of per-card tables)."""
    _listeners.append(forget)


def kind_of(card: Card) -> CardKind | None:
    """The card's kind; None for a number card."""
    return KIND_OF[card] if card < len(KIND_OF) else None
