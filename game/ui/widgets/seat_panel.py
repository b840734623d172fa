"""A seat at the table: a face, card backs fanned, the name, the count as a number,
a ring when it is their turn, and a mark at one card that says whether they
called UNO (safe) or did not (catchable). Short badges ("Skipped", "+2") stand
over their cards after something happens to them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import layout_record
from game.ui.layout_record import Kind
from game.ui.style import Style, fitted
from game.ui.table.geometry import OPPONENT_CARD_SCALE, TableGeometry
from game.ui.table.mood import Mood
from game.ui.table.state import ShownTable
from game.ui.widgets.avatar import draw_avatar, framed_avatar
from game.ui.widgets.card_sprite import card_image

MAX_BACKS = 8
CROWDED = 8  # players at a table whose seats sit close together
UNO_RED = (220, 30, 40)
UNO_SAFE = (30, 140, 70)
AVATAR = 46  # 720p pixels


@dataclass(frozen=True)
class SeatWords:
    """The seat's words in the player's language (the widget has no translator)."""

    thinking: str = "thinking…"
    called: str = "UNO!"
    catchable: str = "1 card!"


def draw_opponent(
    surface: pygame.Surface,
    style: Style,
    g: TableGeometry,
    shown: ShownTable,
    seat: int,
    name: str,
    thinking: bool,
    words: SeatWords = SeatWords(),
    clock: float = 0.0,
    avoid: Sequence[pygame.Rect] = (),
    widest: int | None = None,
    drawn: list[pygame.Rect] | None = None,
    look: SeatLook | None = None,
) -> pygame.Rect | None:
    """Draws the seat (its words clear of the panels in `avoid`, its plate no wider
    than `widest`); returns where its badge went (None: no badge now). Every part of
    the window it drew on is added to `drawn`, when given. `look`: the seat's still
    look (opponent_look), already on the window: only the marks are drawn."""
    with layout_record.widget():
        return _opponent(
            surface, style, g, shown, seat, name, thinking, words, clock, avoid, widest, drawn, look
        )


def _opponent(
    surface: pygame.Surface,
    style: Style,
    g: TableGeometry,
    shown: ShownTable,
    seat: int,
    name: str,
    thinking: bool,
    words: SeatWords,
    clock: float,
    avoid: Sequence[pygame.Rect],
    widest: int | None,
    drawn: list[pygame.Rect] | None,
    look: SeatLook | None,
) -> pygame.Rect | None:
    marks: list[pygame.Rect | None] = []
    if look is None:
        look = seat_look(style, g, seat, seat_shows(shown, seat, name, thinking, widest))
        marks.append(surface.blit(look.layer, look.at))
    layout_record.note(f"{name}'s plate", Kind.SEAT, look.plate)
    layout_record.note(f"{name}'s face", Kind.SEAT, look.face)
    if look.backs is not None:  # a rotated fan leaves its box's corners empty
        corners = style.px(8)
        layout_record.note(f"{name}'s cards", Kind.SEAT, look.backs.inflate(-corners, -corners))
    plate = look.plate
    face = pygame.Rect(0, 0, style.px(AVATAR), style.px(AVATAR))  # the words keep off it
    face.center = look.face.center
    if thinking:
        marks_so_far = [*avoid, *(drawn or ())]  # and the marks of seats drawn before
        marks.append(_thinking(surface, style, words.thinking, plate, face, marks_so_far))
    if shown.one_card(seat):
        called = seat in shown.uno
        marks.append(
            uno_mark(
                surface, style, called, words, (plate.right, plate.centery), clock, avoid, face
            )
        )
    cx, cy = g.backs_center(seat)
    anchor = (round(cx), round(cy - style.px(10)))
    badge = draw_badge(surface, style, shown, seat, anchor, plate.union(face))
    if drawn is not None:
        drawn.extend(rect for rect in (*marks, badge) if rect is not None)
    return badge


def seat_shows(
    shown: ShownTable, seat: int, name: str, thinking: bool, widest: int | None
) -> SeatShows:
    """What an opponent's still look shows now: backs, plate and face."""
    turn = seat == shown.current
    return SeatShows(name, shown.counts[seat], turn, seat_mood(shown, seat, thinking), widest)


def seat_mood(shown: ShownTable, seat: int, thinking: bool) -> str:
    """The face an opponent makes now."""
    return Mood.THINKING if thinking else shown.mood(seat)


@dataclass(frozen=True)
class SeatShows:
    """What a seat's look shows besides the theme and the window."""

    name: str
    count: int
    turn: bool
    mood: str | None  # None: no face painted yet, the empty medallion (table/portraits.py)
    widest: int | None  # the plate's room (plate_limits)


@dataclass(frozen=True)
class SeatLook:
    """A still seat's backs, plate and face in one layer, and where each went."""

    layer: pygame.Surface
    at: tuple[int, int]  # the layer's corner on the window
    plate: pygame.Rect  # on the window
    face: pygame.Rect  # the framed face, on the window
    backs: pygame.Rect | None = None  # the fanned backs, on the window (None: no cards)


_LOOKS: dict[tuple, SeatLook] = {}


def seat_look(style: Style, g: TableGeometry, seat: int, shows: SeatShows) -> SeatLook:
    """The seat's look, drawn again only when something it shows changes: nine
    seats drawn piece by piece cost ~2 ms a frame at 1080p, one blit each ~0.2."""
    key: tuple = (style.manifest.id, style.renderer.window, style.renderer.card_size)
    key += (tuple(g.seat_rect(seat)), g.backs_center(seat), g.players, seat, shows)
    look = _LOOKS.get(key)
    if look is None:
        if len(_LOOKS) > 128:
            _LOOKS.clear()
        look = _LOOKS[key] = _draw_look(style, g, seat, shows)
    return look


def _draw_look(style: Style, g: TableGeometry, seat: int, shows: SeatShows) -> SeatLook:
    """Lays the pieces out on the window, then draws them on a layer just their size."""
    name, count, turn, widest = shows.name, shows.count, shows.turn, shows.widest
    size, rect, theme = style.px(AVATAR), g.seat_rect(seat), style.manifest.id
    plate = plate_layout(style, rect, name, count, size, widest)[1]
    glow = plate.inflate(style.px(8), style.px(8)) if turn else plate
    ring = style.accent_rgb if turn else None
    center = (plate.x - size // 2 + style.px(6), plate.centery - style.px(6))
    parts = [glow, framed_avatar(theme, seat, shows.mood, size, ring).get_rect(center=center)]
    if count:
        # A crowded table fans fewer backs (the plate says how many): a wide fan
        # reaches the next seat's face and name.
        backs, at = fanned_backs(style, min(count, MAX_BACKS if g.players < CROWDED else 4))
        cx, cy = g.backs_center(seat)
        fan = backs.get_rect(topleft=(round(cx) + at[0], round(cy) + at[1]))
        if g.players >= CROWDED and fan.top < rect.top:  # not up into the seat above
            fan.top = rect.top
        parts.append(fan)
    bounds = parts[0].unionall(parts[1:])
    layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
    if pygame.display.get_surface() is not None:
        layer = layer.convert_alpha()  # the window's own pixel format blits fastest
    shift = (-bounds.x, -bounds.y)
    if count:
        layer.blit(backs, parts[2].move(shift))
    drawn = name_plate(layer, style, rect.move(shift), name, count, turn, size, widest)
    face = draw_avatar(layer, theme, seat, shows.mood, parts[1].move(shift).center, size, ring)
    back = (bounds.x, bounds.y)
    fanned = parts[2] if count else None
    return SeatLook(layer, bounds.topleft, drawn.move(back), face.move(back), fanned)


_BACKS: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}


def fanned_backs(style: Style, shown: int) -> tuple[pygame.Surface, tuple[int, int]]:
    """`shown` card backs fanned, in one surface (one blit a seat, not eight), and
    where its corner goes from the fan's centre. Made once per theme, size, count."""
    spread = style.px(7)
    key = (style.manifest.id, style.renderer.card_size, spread, shown)
    known = _BACKS.get(key)
    if known is not None:
        return known
    placed = []
    for i in range(shown):
        offset = i - (shown - 1) / 2
        image = card_image(style, None, OPPONENT_CARD_SCALE, -offset * 6)
        centre = (round(offset * spread), round(abs(offset) * 1.5))
        placed.append((image, image.get_rect(center=centre)))
    bounds = placed[0][1].unionall([rect for _, rect in placed[1:]])
    layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
    for image, rect in placed:
        layer.blit(image, rect.move(-bounds.x, -bounds.y))
    if len(_BACKS) > 64:
        _BACKS.clear()
    _BACKS[key] = (layer, bounds.topleft)
    return layer, bounds.topleft


def _thinking(
    surface: pygame.Surface,
    style: Style,
    words: str,
    plate: pygame.Rect,
    face: pygame.Rect,
    avoid: Sequence[pygame.Rect],
) -> pygame.Rect | None:
    """The "thinking…" words under the plate; beside the seat where a panel or the
    window's edge is under it (the seats just above the log and the score panel);
    over the seat's own backs where every other place covers a neighbour. Where
    every place covers something (ten seats in a small window), no words: the face
    thinks, and the turn's ring is on the plate."""
    box = style.text(words, 18).get_rect().inflate(style.px(16), style.px(6))  # as label draws
    gap = style.px(4)
    places = (
        {"midtop": (plate.centerx, plate.bottom + gap // 2)},
        {"midright": (face.left - gap, plate.centery)},
        {"midleft": (plate.right + gap, plate.centery)},
        {"midbottom": (plate.centerx, plate.top - gap)},  # over its own backs: crowded
    )
    window = surface.get_rect()
    boxes = [box.move_to(**place) for place in places]
    clear = [box for box in boxes if window.contains(box) and not _covered(box, avoid)]
    if not clear:
        return None
    return style.label(surface, words, 18, clear[0].center, anchor="center")


def _covered(box: pygame.Rect, avoid: Sequence[pygame.Rect]) -> int:
    """How much of `avoid` the box covers (0: none), in pixels."""
    return sum(box.clip(rect).w * box.clip(rect).h for rect in avoid)


def name_plate(
    surface: pygame.Surface,
    style: Style,
    seat_rect: pygame.Rect,
    name: str,
    count: int,
    turn: bool,
    room: int = 0,
    widest: int | None = None,
) -> pygame.Rect:
    """The name and the number of cards; an accent ring on the seat whose turn it is.
    `room` leaves space on the left for a face, keeping the pair centred; a name that
    would make the plate wider than `widest` is cut short (the count stays whole)."""
    text, plate = plate_layout(style, seat_rect, name, count, room, widest)
    tuck = style.px(8) if room else 0  # the face overlaps the plate's left end
    if turn:
        glow = plate.inflate(style.px(8), style.px(8))
        pygame.draw.rect(surface, style.accent_rgb, glow, border_radius=style.px(12))
    style.panel(surface, plate, 235)
    surface.blit(text, text.get_rect(center=plate.center).move(tuck // 2, 0))
    return plate


def plate_layout(
    style: Style,
    seat_rect: pygame.Rect,
    name: str,
    count: int,
    room: int = 0,
    widest: int | None = None,
) -> tuple[pygame.Surface, pygame.Rect]:
    """The plate's words and where the plate goes (see name_plate)."""
    tuck = style.px(8) if room else 0
    label = f"{name}  ·  {count}"
    if widest is not None and _plate_width(style, label, tuck) > widest:
        tail = f" · {count}"  # closer first, then the name is cut short
        label = fitted(style, name, 20, widest - _plate_width(style, tail, tuck)) + tail
    text = style.text(label, 20)
    plate = pygame.Rect(
        0, 0, text.get_width() + style.px(20) + tuck, text.get_height() + style.px(8)
    )
    plate.midbottom = (seat_rect.centerx + room // 2, seat_rect.bottom)
    return text, plate


def _plate_width(style: Style, label: str, tuck: int) -> int:
    return style.text(label, 20).get_width() + style.px(20) + tuck


_LIMITS: dict[tuple, list[int | None]] = {}


def plate_limits(
    style: Style, g: TableGeometry, names: Sequence[str], counts: Sequence[int]
) -> list[int | None]:
    """The widest plate each seat may have, so that no seat's face and name run into
    the next one's (ten seats in a small window); a short name beside a long one
    leaves it its spare room. None: nothing beside it. Kept until a name or a count
    changes: working it out takes ~0.3 ms a frame at ten seats."""
    key = (style.manifest.id, g.layout.size, g.players, g.viewer, tuple(names), tuple(counts))
    limits = _LIMITS.get(key)
    if limits is None:
        if len(_LIMITS) > 64:
            _LIMITS.clear()
        limits = _LIMITS[key] = _limits(style, g, names, counts)
    return limits


def _limits(
    style: Style, g: TableGeometry, names: Sequence[str], counts: Sequence[int]
) -> list[int | None]:
    face, gap = style.px(AVATAR), style.px(8)
    overhang = face - style.px(6)  # how far the face reaches left of the plate
    pairs = [
        _plate_width(style, f"{name}  ·  {count}", style.px(8)) + overhang
        for name, count in zip(names, counts, strict=True)
    ]
    limits: list[int | None] = []
    for beside in _beside(style, g):
        room = [2 * (d - gap) - min(pairs[o], d - gap) for o, d in beside]
        limits.append(min(room) - overhang if room else None)
    return limits


_BESIDE: dict[tuple, list[list[tuple[int, int]]]] = {}


def _beside(style: Style, g: TableGeometry) -> list[list[tuple[int, int]]]:
    """Each seat's neighbours (TableGeometry.beside), kept per theme's layout: working
    them out is most of plate_limits' time, and a count changes every turn."""
    key = (style.manifest.id, g.layout.size, g.players, g.viewer)
    beside = _BESIDE.get(key)
    if beside is None:
        if len(_BESIDE) > 16:
            _BESIDE.clear()
        beside = _BESIDE[key] = [g.beside(seat) for seat in range(g.players)]
    return beside


def uno_mark(
    surface: pygame.Surface,
    style: Style,
    called: bool,
    words: SeatWords,
    left_mid: tuple[int, int],
    clock: float = 0.0,
    avoid: Sequence[pygame.Rect] = (),
    face: pygame.Rect | None = None,
) -> pygame.Rect:
    """At one card: a calm green "UNO!" when they called it; a pulsing red warning
    when they did not, because then anyone may catch them. Returns the part of the
    window it drew on (the pulse at its widest included)."""
    text = style.text(words.called if called else words.catchable, 18, (255, 255, 255))
    rect = text.get_rect().inflate(style.px(14), style.px(6))
    rect.midleft = (left_mid[0] + style.px(8), left_mid[1])
    surface_w = surface.get_width()
    if rect.right > surface_w - style.px(4):  # a seat at the right edge: the mark goes left
        rect.midright = (left_mid[0] - style.px(8), left_mid[1] - rect.h - style.px(8))
    if face is not None and _covered(rect, avoid):  # a crowded table: left of the face,
        left = rect.copy()  # or over the seat's own backs, whichever covers least
        left.midright = (face.left - style.px(8), left_mid[1])
        over = rect.copy()
        over.midbottom = (face.right + face.w // 2, face.top)
        inside = [r for r in (rect, left, over) if surface.get_rect().contains(r)] or [rect]
        rect = min(inside, key=lambda r: _covered(r, avoid))
    fill = UNO_SAFE if called else UNO_RED
    pygame.draw.rect(surface, fill, rect, border_radius=style.px(8))
    edge = (255, 255, 255)
    if not called:  # a beat that draws the eye: the outline grows and fades
        beat = 0.5 + 0.5 * math.sin(clock * 6.0)
        pulse = rect.inflate(round(style.px(6) * beat), round(style.px(6) * beat))
        pygame.draw.rect(surface, UNO_RED, pulse, max(1, style.px(2)), border_radius=style.px(10))
    pygame.draw.rect(surface, edge, rect, 2, border_radius=style.px(8))
    surface.blit(text, text.get_rect(center=rect.center))
    layout_record.note(words.called if called else words.catchable, Kind.TEXT, rect)
    return rect.inflate(style.px(6) + 2, style.px(6) + 2)


def draw_badge(
    surface: pygame.Surface,
    style: Style,
    shown: ShownTable,
    seat: int,
    anchor: tuple[int, int],
    clear: pygame.Rect,
    beside: bool = False,
    bounds: pygame.Rect | None = None,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect | None:
    """The seat's badge near `anchor`, never over `clear` (the name plate and the
    face, which must stay readable), within `bounds` (else the window); `beside`:
    to the left of it. Returns its rect."""
    badge = shown.badges.get(seat)
    if badge is None:
        return None
    words, _ = badge
    text = style.text(words, 20, (20, 20, 20))
    size = text.get_rect().inflate(style.px(16), style.px(8)).size
    bounds = (bounds or surface.get_rect()).inflate(-style.px(8), -style.px(8))
    rect = badge_rect(size, anchor, clear, bounds, style.px(6), beside, avoid)
    pygame.draw.rect(surface, style.accent_rgb, rect, border_radius=style.px(10))
    pygame.draw.rect(surface, (20, 20, 20), rect, 2, border_radius=style.px(10))
    surface.blit(text, text.get_rect(center=rect.center))
    layout_record.note(f"{words} badge", Kind.PANEL, rect)
    layout_record.note(words, Kind.TEXT, text.get_rect(center=rect.center), rect)
    return rect


def badge_rect(
    size: tuple[int, int],
    anchor: tuple[int, int],
    clear: pygame.Rect,
    bounds: pygame.Rect,
    gap: int,
    beside: bool = False,
    avoid: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """Centred on `anchor` and lifted above `clear` if it would cover it; beside
    `clear` (left, else right) when asked or when the window's top leaves no room;
    asked beside but with room on neither side, above it (unless `avoid` is there)."""
    rect = pygame.Rect((0, 0), size)
    rect.center = anchor
    if not beside and rect.colliderect(clear):
        rect.bottom = clear.top - gap
    if beside or rect.top < bounds.top:
        rect.midright = (clear.left - gap, clear.centery)
        if rect.left < bounds.left:
            rect.midleft = (clear.right + gap, clear.centery)
        over = rect.copy()
        over.midbottom = (clear.centerx, clear.top - gap)
        if beside and rect.right > bounds.right and over.collidelist(list(avoid)) < 0:
            rect = over  # room on neither side: over it, if nothing (`avoid`) is there
    return rect.clamp(bounds)
