"""What a frame drew where: the one record a layout test reads.

The draw code says, as it draws, the rectangle of each thing a player reads or
presses (text, a button, a badge, a panel, a toast, a banner, the coach, the
hint, the cards of the hand) with its kind. Nothing is kept unless a test has
started a record (`recording()`), so a normal frame pays one global lookup.

What may touch what is said once, here: things drawn by one widget form a
group and never count against each other (a button and its label, a panel and
its lines: `widget()`); any other two things of one layer (one scene, with the
bars the app draws over the top one) must not touch, but for the cards of one
hand and what a thing names in `may_cover`. Text must lie inside its box (the panel or button it is
written on, else the window) and inside the window. A thing a scene draws over the
table under it that must still keep off the table's seats (a round's turned hands)
says so (`over_seats`): it is checked against the seats of the layers below.

Cards in flight (between the hand, the piles and the seats) are not recorded, on
purpose: each starts or ends on a pile, a seat or the hand, so it touches them by
design, and it hides what it passes over for a fraction of a second; what must be
read then (a note, a big word, a button, the colour picker) is drawn after the
flights, over them. Recorded as cards for a try (a table of four at 640x480, 826
looks), every pair they made was of that kind: the piles, the pile's count, the
colour chip, the seats' plates and faces, the player's plate, a big word over one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum

import pygame


class Kind(StrEnum):
    TEXT = "text"
    BUTTON = "button"
    PANEL = "panel"  # a box something is written on: a toast, a banner, the coach, the hint
    CARD = "card"  # a card of the person's hand (the raised one included)
    SEAT = "seat"  # an opponent's place: backs, face, name and count
    PICTURE = "picture"  # art a thing may sit beside but not on (a pile)


@dataclass(frozen=True)
class Drawn:
    name: str
    kind: Kind
    rect: pygame.Rect
    group: int  # drawn by one widget: never checked against each other
    layer: int  # one scene's frame; layers are not checked against each other
    box: pygame.Rect | None = None  # for text: what it must stay inside
    may_cover: frozenset[str] = frozenset()  # names (or tags) this one may touch
    tag: str = ""  # the widget's name, for another's `may_cover`
    over_seats: bool = False  # checked against the seats of the layers under it too


@dataclass
class LayoutRecord:
    window: tuple[int, int]
    items: list[Drawn] = field(default_factory=list)
    layer: int = 0
    _group: int | None = None
    _box: pygame.Rect | None = None
    _tag: str = ""
    _may_cover: tuple[str, ...] = ()
    _groups: int = 0

    def add(
        self,
        name: str,
        kind: Kind,
        rect: pygame.Rect,
        box: pygame.Rect | None = None,
        may_cover: tuple[str, ...] = (),
        over_seats: bool = False,
    ) -> None:
        group = self._group if self._group is not None else self._new_group()
        box = box if box is not None else self._box
        may_cover = (*may_cover, *self._may_cover)
        self.items.append(
            Drawn(
                name,
                kind,
                pygame.Rect(rect),
                group,
                self.layer,
                box,
                frozenset(may_cover),
                self._tag,
                over_seats,
            )
        )

    def _new_group(self) -> int:
        self._groups += 1
        return self._groups

    def problems(self) -> list[str]:
        """Each pair that touches and each text cut or off the window, in words."""
        found: list[str] = []
        screen = pygame.Rect((0, 0), self.window)
        for item in self.items:
            if item.kind is Kind.TEXT:
                if not screen.contains(item.rect):
                    found.append(f"{item.name!r} {item.rect} leaves the window")
                elif item.box is not None and not item.box.contains(item.rect):
                    found.append(f"{item.name!r} {item.rect} is cut by its box {item.box}")
            elif item.kind in (Kind.BUTTON, Kind.PANEL) and not screen.contains(item.rect):
                found.append(f"{item.kind} {item.name!r} {item.rect} leaves the window")
        told: set[tuple[int, int]] = set()  # one line for two widgets that touch
        for i, a in enumerate(self.items):
            for b in self.items[i + 1 :]:
                if (a.group, b.group) not in told and _clash(a, b):
                    told.add((a.group, b.group))
                    found.append(f"{a.kind} {a.name!r} {a.rect} on {b.kind} {b.name!r} {b.rect}")
        return found


def _clash(a: Drawn, b: Drawn) -> bool:
    if a.group == b.group or not a.rect.colliderect(b.rect):
        return False
    if a.layer != b.layer and not (_keeps_off(a, b) or _keeps_off(b, a)):
        return False
    if {b.name, b.tag} & a.may_cover or {a.name, a.tag} & b.may_cover:
        return False
    return not (a.kind is Kind.CARD and b.kind is Kind.CARD)  # a hand's cards overlap


def _keeps_off(a: Drawn, b: Drawn) -> bool:
    """`a`, drawn over the table, must keep off `b`, one of its seats."""
    return a.over_seats and b.kind is Kind.SEAT and b.layer < a.layer


_record: LayoutRecord | None = None


def current() -> LayoutRecord | None:
    return _record


@contextmanager
def recording(window: tuple[int, int]) -> Iterator[LayoutRecord]:
    """Keep what is drawn while the block runs (a test draws one frame in it)."""
    global _record
    _record = LayoutRecord(window)
    try:
        yield _record
    finally:
        _record = None


def note(
    name: str,
    kind: Kind,
    rect: pygame.Rect,
    box: pygame.Rect | None = None,
    may_cover: tuple[str, ...] = (),
    over_seats: bool = False,
) -> None:
    """Says that `rect` was drawn (nothing, unless a record is running)."""
    if _record is not None:
        _record.add(name, kind, rect, box, may_cover, over_seats)


@contextmanager
def widget(
    box: pygame.Rect | None = None, tag: str = "", may_cover: tuple[str, ...] = ()
) -> Iterator[None]:
    """What is drawn inside is one widget's: one group, its text kept to `box`;
    `tag` names the whole widget for another's `may_cover`, and all of it may
    cover what `may_cover` names."""
    record = _record
    if record is None:
        yield
        return
    outer = record._group, record._box, record._tag, record._may_cover
    if record._group is None:
        record._group = record._new_group()
    if box is not None:
        record._box = pygame.Rect(box)
    record._tag = tag or record._tag
    record._may_cover = (*record._may_cover, *may_cover)
    try:
        yield
    finally:
        record._group, record._box, record._tag, record._may_cover = outer


def next_layer() -> None:
    """The scene stack draws the next scene: its frame is a layer of its own."""
    if _record is not None:
        _record.layer += 1


@contextmanager
def modal(name: str, panel: pygame.Rect) -> Iterator[None]:
    """A panel drawn over the scene that hides what is under it (a revealed hand,
    the colour picker), with what is drawn on it inside the block: what was drawn
    before is covered, not touched; what is drawn after is checked against it."""
    if _record is not None:
        _record.layer += 1
    with widget(panel):
        note(name, Kind.PANEL, panel)
        yield
