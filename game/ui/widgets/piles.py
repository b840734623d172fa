"""The centre of the table: draw pile, discard pile, the current colour (ring,
symbol and name) and the direction arrows circling both piles."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game.ui import layout_record
from game.ui.animation import settle
from game.ui.layout_record import Kind
from game.ui.style import Style
from game.ui.table.geometry import TableGeometry
from game.ui.table.state import ShownTable
from game.ui.widgets.button import _ink_on
from game.ui.widgets.card_shadow import draw_shadow, shadow
from game.ui.widgets.card_sprite import card_image

SPIN_STEP = 5  # degrees: a turn's frames come from a small cache
TURN_SWING = 40  # degrees the arrows run on their old way before they turn round
TURN_STEP = 0.125  # a turning ring's width, snapped to eighths
SETTLE_STEP = 0.015  # of a card's size: a settling card's sizes come from a small cache


class Piles:
    def __init__(self) -> None:
        self._arrows: dict[tuple[int, int, int, int], pygame.Surface] = {}
        self._turns: dict[tuple[int, int, int, int, float], pygame.Surface] = {}
        self._settle: dict[tuple[int, int], pygame.Surface] = {}
        self._stacks: dict[tuple[tuple[int, int], int], tuple[pygame.Surface, tuple[int, int]]] = {}

    def draw(
        self,
        surface: pygame.Surface,
        style: Style,
        g: TableGeometry,
        shown: ShownTable,
        draw_lit: bool,
    ) -> pygame.Rect:
        """Draws the centre; returns the part of the window it drew on."""
        with layout_record.widget(tag="piles"):
            drawn = [
                self._direction(surface, style, g, shown),
                self._draw_pile(surface, style, g, shown, draw_lit),
                self._discard(surface, style, g, shown),
                self._colour(surface, style, g, shown),
                self._penalty(surface, style, g, shown),  # over the colour's ring, whole
            ]
            layout_record.note("draw pile", Kind.PICTURE, g.place("draw_pile"))
            layout_record.note("discard pile", Kind.PICTURE, colour_ring(style, g))
        return _union(drawn)

    def _draw_pile(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable, lit: bool
    ) -> pygame.Rect:
        rect = g.place("draw_pile")
        drawn = rect.inflate(style.px(14), style.px(14))  # the lit outline's reach
        if lit:  # white, so it is never mistaken for the current colour's ring
            pygame.draw.rect(
                surface,
                style.text_rgb,
                rect.inflate(style.px(14), style.px(14)),
                style.px(5),
                border_radius=style.px(12),
            )
        # A stack: a card's edge for every ten, up to five, on one shadow.
        layers = min(5, max(1, shown.draw_count // 10 + 1)) if shown.draw_count else 0
        if layers:
            image, offset = self._stack(style, layers)
            drawn.union_ip(surface.blit(image, rect.move(offset).topleft))
        if not layers:
            pygame.draw.rect(surface, style.muted_rgb, rect, 2, border_radius=style.px(8))
        count = style.label(
            surface,
            str(shown.draw_count),
            18,
            (rect.centerx, rect.bottom + style.px(4)),
            anchor="midtop",
        )
        return drawn.union(count)

    def _stack(self, style: Style, layers: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """The draw pile of `layers` cards on its shadow, drawn once per look: one blit a
        frame. Returns the picture and where it sits from the pile's top-left."""
        size = style.renderer.card_size
        key = (size, layers)
        cached = self._stacks.get(key)
        if cached is None:
            step = max(1, style.px(2))
            shade, (sx, sy) = shadow(size)
            lift = (layers - 1) * step
            left, top = min(sx, -lift), min(sy, -lift)
            image = pygame.Surface(
                (
                    max(shade.get_width() + sx, size[0]) - left,
                    max(shade.get_height() + sy, size[1]) - top,
                ),
                pygame.SRCALPHA,
            )
            image.blit(shade, (sx - left, sy - top))
            back = style.card(None)
            for i in range(layers):
                at = pygame.Rect((-left - i * step, -top - i * step), size)
                image.blit(back, at)
                if i < layers - 1:  # the next card's edge, a thin dark line
                    pygame.draw.rect(image, (0, 0, 0), at, 1, border_radius=style.px(8))
            if pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            if len(self._stacks) > 16:
                self._stacks.clear()
            cached = self._stacks[key] = (image, (left, top))
        return cached

    def _discard(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable
    ) -> pygame.Rect | None:
        center = g.discard_center
        images = [card_image(style, card.text, 1.0, angle) for card, angle in shown.discard]
        if images and shown.settle is not None:  # the card just landed settles
            images[-1] = self._settling(images[-1], settle(shown.settling))
        drawn = [surface.blit(image, image.get_rect(center=center)) for image in images]
        return _union(drawn)

    def _settling(self, image: pygame.Surface, scale: float) -> pygame.Surface:
        """The top card a little larger or smaller as it settles: the resting image
        scaled, in steps, kept for the few frames of one landing (never a fresh card)."""
        step = round((scale - 1) / SETTLE_STEP)
        if not step:
            return image
        key = (id(image), step)
        scaled = self._settle.get(key)
        if scaled is None:
            if len(self._settle) > 8:  # another card landed: the last one's sizes go
                self._settle.clear()
            w, h = image.get_size()
            size = (round(w * (1 + step * SETTLE_STEP)), round(h * (1 + step * SETTLE_STEP)))
            scaled = self._settle[key] = pygame.transform.smoothscale(image, size)
        return scaled

    def _penalty(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable
    ) -> pygame.Rect | None:
        """A growing stack of draw cards says what it adds up to, at the pile's corner."""
        center, drawn = g.discard_center, []
        if shown.penalty > 0:
            w, h = style.renderer.card_size
            corner = (round(center[0] + w * 0.5), round(center[1] - h * 0.5))
            text = style.text(f"+{shown.penalty}", 26, (255, 255, 255))
            radius = max(text.get_width(), text.get_height()) // 2 + style.px(8)
            drawn.append(pygame.draw.circle(surface, (20, 20, 20), corner, radius + style.px(3)))
            pygame.draw.circle(surface, (205, 30, 40), corner, radius)
            surface.blit(text, text.get_rect(center=corner))
            circle = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            circle.center = corner
            layout_record.note(f"+{shown.penalty}", Kind.TEXT, text.get_rect(center=corner), circle)
        return _union(drawn)

    def _colour(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable
    ) -> pygame.Rect | None:
        """A ring in the colour round the discard pile, and its symbol and name below."""
        if shown.color is None:
            return None
        rgb = style.colour_rgb(shown.color)
        rect = colour_ring(style, g)
        ring = pygame.draw.rect(surface, rgb, rect, style.px(7), border_radius=style.px(16))
        name = style.text(style.colour_name(shown.color), 20, _ink_on(rgb))
        size = style.px(26)
        label = colour_label(style, g, name.get_size())
        pygame.draw.rect(surface, rgb, label, border_radius=style.px(10))
        pygame.draw.rect(surface, _ink_on(rgb), label, 2, border_radius=style.px(10))
        symbol = style.renderer.symbol(shown.color, size)
        surface.blit(symbol, symbol.get_rect(midleft=(label.x + style.px(8), label.centery)))
        words = surface.blit(
            name, name.get_rect(midleft=(label.x + size + style.px(14), label.centery))
        )
        layout_record.note("colour chip", Kind.PANEL, label)
        layout_record.note(style.colour_name(shown.color), Kind.TEXT, words, label)
        return ring.union(label)

    def _direction(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, shown: ShownTable
    ) -> pygame.Rect | None:
        """Only while turning: at rest the arrows are part of the table's static layer."""
        if shown.spin <= 0 or shown.spin_of <= 0:
            return None
        rect = g.place("direction")
        cover = surface.blit(_cover(surface, rect, style), rect)
        image = self._turning(rect.size, shown.direction, 1 - shown.spin / shown.spin_of, style)
        return cover.union(surface.blit(image, image.get_rect(center=rect.center)))

    def _turning(
        self, size: tuple[int, int], direction: int, turn: float, style: Style
    ) -> pygame.Surface:
        """The ring `turn` (0 to 1) of the way through turning to `direction`: made
        from a few poses, each drawn once and kept while Reverses come."""
        way, spin, width = turn_pose(turn, direction)
        key = (size[0], size[1], way, spin, width)
        image = self._turns.get(key)
        if image is None:
            if len(self._turns) > 96:
                self._turns.clear()
            ring = _draw_arrows(size, way, spin, style.px(6))
            if width < 1:
                ring = pygame.transform.smoothscale(ring, (max(1, round(size[0] * width)), size[1]))
            image = self._turns[key] = ring
        return image

    @staticmethod
    def draw_felt_shadow(felt: pygame.Surface, style: Style, g: TableGeometry) -> None:
        """The discard pile's shadow, painted once into the felt: the pile never moves."""
        under = pygame.Rect((0, 0), style.renderer.card_size)
        under.center = g.discard_center
        draw_shadow(felt, under)

    def draw_direction(
        self, surface: pygame.Surface, style: Style, g: TableGeometry, direction: int, spin: int
    ) -> pygame.Rect:
        rect = g.place("direction")
        image = self._arrow_ring(rect.size, direction, spin, style)
        return surface.blit(image, image.get_rect(center=rect.center))

    def _arrow_ring(
        self, size: tuple[int, int], direction: int, spin: int, style: Style
    ) -> pygame.Surface:
        key = (size[0], size[1], direction, spin)
        image = self._arrows.get(key)
        if image is None:
            if len(self._arrows) > 64:
                self._arrows.clear()
            image = _draw_arrows(size, direction, spin, style.px(6))
            self._arrows[key] = image
        return image


def turn_pose(turn: float, direction: int) -> tuple[int, int, float]:
    """How the arrows look `turn` (0 to 1) of the way through turning to `direction`:
    the way they point, how far (degrees) they have run round, and their width (of
    their own). They run on their old way, slowing, as the ring turns over edge-on,
    then come back pointing the new way and settle where they rest: eased, no jolt."""
    turn = min(1.0, max(0.0, turn))
    way = -direction if turn < 0.5 else direction
    run = TURN_SWING * math.sin(math.pi * turn) ** 2 * -direction
    spin = round(run / SPIN_STEP) * SPIN_STEP
    # Edge-on only briefly: the piles hide the middle of a narrow ring.
    wide = abs(math.cos(math.pi * turn)) ** 0.4
    width = max(TURN_STEP, round(wide / TURN_STEP) * TURN_STEP)
    return way, spin, width


def colour_ring(style: Style, g: TableGeometry) -> pygame.Rect:
    return g.place("discard_pile").inflate(style.px(34), style.px(34))


def colour_label(style: Style, g: TableGeometry, name: tuple[int, int]) -> pygame.Rect:
    """The label under the ring: the colour's symbol, then its name (of size `name`)."""
    size = style.px(26)
    label = pygame.Rect(0, 0, name[0] + size + style.px(22), max(size, name[1]) + style.px(8))
    ring = colour_ring(style, g)
    label.midtop = (ring.centerx, ring.bottom + style.px(6))
    return label


def words_bottom(style: Style, g: TableGeometry) -> int:
    """The lowest pixel of the centre's words (the colour's label, the draw pile's
    count on its panel, as drawn): prompts below the piles start under it."""
    line = style.text("Ag", 20).get_height()
    count = g.place("draw_pile").bottom + style.px(10) + style.text("0", 18).get_height()
    return max(colour_label(style, g, (0, line)).bottom, count)


def _cover(surface: pygame.Surface, rect: pygame.Rect, style: Style) -> pygame.Surface:
    """The bare table under the arrows, to hide the resting arrows while they spin."""
    return style.renderer.table().subsurface(rect.clip(surface.get_rect()))


def _draw_arrows(size: tuple[int, int], direction: int, spin: int, width: int) -> pygame.Surface:
    """Four arcs on an ellipse, each with a head pointing the way play goes."""
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    # Bold and readable on any felt: a dark shadow under solid white arrows.
    for colour, extra in (((0, 0, 0, 90), 4), ((255, 255, 255, 235), 0)):
        _arrow_pass(surface, size, direction, spin, width, colour, extra)
    return surface


def _arrow_pass(
    surface: pygame.Surface,
    size: tuple[int, int],
    direction: int,
    spin: int,
    width: int,
    colour: tuple[int, int, int, int],
    extra: int,
) -> None:
    w, h = size
    rx, ry = w / 2 - width * 3, h / 2 - width * 3
    for quarter in range(4):
        start = math.radians(quarter * 90 + 12 + spin)
        points = [
            (
                w / 2 + rx * math.cos(start + k * math.radians(66) / 12),
                h / 2 + ry * math.sin(start + k * math.radians(66) / 12),
            )
            for k in range(13)
        ]
        if direction < 0:
            points.reverse()
        pygame.draw.lines(surface, colour, False, points, width + extra)
        (x1, y1), (x2, y2) = points[-2], points[-1]
        angle = math.atan2(y2 - y1, x2 - x1)
        head = width * 4 + extra
        tip = (x2 + math.cos(angle) * head * 0.7, y2 + math.sin(angle) * head * 0.7)
        left = (x2 + math.cos(angle + 2.5) * head, y2 + math.sin(angle + 2.5) * head)
        right = (x2 + math.cos(angle - 2.5) * head, y2 + math.sin(angle - 2.5) * head)
        pygame.draw.polygon(surface, colour, [tip, left, right])


def _union(rects: Sequence[pygame.Rect | None]) -> pygame.Rect:
    """The rect round every one drawn (an empty rect when none was). An empty rect
    is left out: its corner would stretch the union to it (an empty discard pile
    made the whole top left of the window look drawn on)."""
    drawn = [rect for rect in rects if rect is not None and rect.w and rect.h]
    return drawn[0].unionall(drawn[1:]) if drawn else pygame.Rect(0, 0, 0, 0)
