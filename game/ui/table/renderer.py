"""Drawing the table, back to front: felt, piles, seats, hand, cards in flight,
controls, then whatever asks for attention (pickers, reveals, notes).

The renderer reads one `Frame`, the frame model the table scene puts together
from its seat state and picture; it holds only caches (the felt, laid-out
notes, colour symbols), never the game.

A frame starts from the still table (felt, arrows, the log, the totals and each
opponent's backs, plate and face in one layer, painted again only where one of
them changed). Copying all of it costs ~1 ms at 1080p, so when the window still holds
the renderer's own last frame (the scene stack says so), only the parts the last
frame drew on are copied back, and every moving part is drawn again on top.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import product

import pygame

from game.engine import Card
from game.ui import layout_record
from game.ui.layout_record import Kind
from game.ui.style import Style, dimmed_card, wrap
from game.ui.table import moments
from game.ui.table.geometry import TableGeometry
from game.ui.table.portraits import shown_mood
from game.ui.table.state import ShownTable
from game.ui.widgets.button import Button
from game.ui.widgets.card_shadow import draw_shadow
from game.ui.widgets.card_sprite import Flight, card_image, narrowed
from game.ui.widgets.card_warmer import CardWarmer
from game.ui.widgets.color_picker import ColorPicker
from game.ui.widgets.corner_note import corner_note
from game.ui.widgets.event_log import EventLog
from game.ui.widgets.hand_fan import HandCard, HandFan
from game.ui.widgets.piles import Piles, words_bottom
from game.ui.widgets.score_panel import draw_scores, score_rect
from game.ui.widgets.seat_panel import (
    SeatLook,
    SeatWords,
    draw_badge,
    draw_opponent,
    name_plate,
    plate_limits,
    seat_look,
    seat_shows,
    uno_mark,
)

TOAST_WIDTHS = (0.75, 0.55, 0.42, 0.34)  # of the window: narrower, to fit between seats
CALLOUT_STEP = 0.05  # the callout's pop, in steps of its scale
# Past this share of the window, copying the whole still layer once is cheaper than
# copying back many overlapping parts.
MOST_RESTORED = 0.6
PILES = ("piles",)  # a big moment plays over the centre


@dataclass(frozen=True)
class HandLook:
    """How the person's hand shows this frame."""

    face_up: bool  # at a shared computer a hand shows only on its own turn
    playable: frozenset[Card] | None  # lit; the rest dimmed (None: light nothing)
    fresh: Card | None  # just drawn: marked
    focus: int | None  # the keyboard's card
    shake: tuple[Card, float] | None  # a refused card, shaking
    symbols: bool  # colour symbols for colour-blind players


@dataclass(frozen=True)
class Words:
    """Every sentence of the frame, already in the player's language."""

    names: tuple[str, ...]
    seat: SeatWords
    status: str  # what the person is asked, or whose turn it is
    heading: str  # over the score panel
    showpiece: str  # a special card's caption
    reveal_title: str
    reveal_go_on: str
    verdict: str  # the stamp on a challenged hand ("Bluff!", "Fair play")
    replay: str  # "Replay · Esc: stop", or "" when the table is played
    read_only: str = ""  # "nothing is saved here" in a second copy of the game, else ""


@dataclass(frozen=True)
class Frame:
    """What one frame of the table shows."""

    style: Style
    geometry: TableGeometry
    size: tuple[int, int]
    shown: ShownTable
    fan: HandFan
    piles: Piles
    log: EventLog
    flights: list[Flight]
    hand: HandLook
    words: Words
    scores: tuple[int, ...]
    lit_draw: bool  # the pile does something now
    thinking: int | None  # the computer seat thinking
    buttons: list[Button]
    picker: ColorPicker | None
    hover: tuple[int, int]
    toast: str | None
    # What a scene draws over the table besides (a table online: who is away, its
    # buttons): the note keeps off it.
    keep_clear: tuple[pygame.Rect, ...] = ()


class TableRenderer:
    def __init__(self) -> None:
        # The felt, resting arrows and panel backs, drawn once per size and direction
        # (both directions are kept: a Reverse does not redraw the window's felt).
        self.felts: dict[tuple, pygame.Surface] = {}
        self.callouts: dict[tuple, pygame.Surface] = {}  # a big card's word, scaled
        self.toasts: dict[tuple, tuple[list[str], pygame.Rect]] = {}
        self.symbols: dict[tuple, pygame.Surface] = {}
        self.panels: dict[str, tuple[tuple, pygame.Surface]] = {}  # the log, the totals
        self.warmer = CardWarmer()  # card images the table will want, a few each frame
        self.still: pygame.Surface | None = None  # the felt, panels and seats' looks
        self.still_of: pygame.Surface | None = None  # the felt it was made from
        self.looks: dict[int, SeatLook] = {}  # the looks on it, by seat
        self.drawn: list[pygame.Rect] = []  # what the last frame drew over the still layer
        self.drawn_on: tuple[int, tuple[int, int]] | None = None  # which window, its size
        # What the person's cards showed last frame, and where (copied back).
        self.hand: tuple[tuple, pygame.Rect | None] | None = None

    def draw(self, surface: pygame.Surface, f: Frame, kept: bool = False) -> None:
        """Draws the frame. `kept`: the window still holds this renderer's last frame
        and nothing drawn over it, so only what changed is copied back."""
        s, g = f.style, f.geometry
        panels = (g.place("event_log"), score_rect(s, g))
        widest = plate_limits(s, g, list(f.words.names), f.shown.counts)
        looks = self._looks(f, widest)
        still, changed = self._still_layer(f, panels, looks)
        opening = changed == [still.get_rect()]  # a new window, theme or table
        hand = _hand_key(f)
        parts = self._restored(surface, kept, changed)
        kept_hand = self._hand_kept(hand, parts) if kept else None
        for rect in parts:
            surface.blit(still, rect, rect)
        drawn: list[pygame.Rect] = [f.piles.draw(surface, s, g, f.shown, f.lit_draw)]
        layout_record.note("event log", Kind.PANEL, panels[0])
        layout_record.note("scores", Kind.PANEL, panels[1])
        self._seats(surface, f, panels, drawn, looks, widest)
        if kept_hand is not None and kept_hand.collidelist(drawn) != -1:
            self.hand = None  # drawn under the cards left there: the frame is drawn whole
            self.draw(surface, f)
            return
        hand_at = self._moving(surface, f, drawn, kept_hand)
        self.drawn = [rect for rect in drawn if rect.w and rect.h]
        self.drawn_on = (id(surface), surface.get_size())
        self.hand = (hand, hand_at)
        if not opening:  # that frame has made the felt and every seat: it is long enough
            self.warmer.run()

    def _hand_kept(self, hand: tuple, parts: list[pygame.Rect]) -> pygame.Rect | None:
        """Where the person's cards are left as the last frame drew them, when nothing
        about them changed and nothing copied back touches them (else None; `parts`
        then loses the cards' own rect, since they are not drawn again)."""
        if self.hand is None or self.hand[0] != hand or self.hand[1] is None or not self.drawn:
            return None
        at = self.hand[1]
        others = [rect for rect in parts if rect != at]
        if len(others) == len(parts) or at.collidelist(others) != -1:
            return None
        parts[:] = others
        return at

    def _restored(
        self, surface: pygame.Surface, kept: bool, changed: list[pygame.Rect]
    ) -> list[pygame.Rect]:
        """The parts of the still layer to copy onto the window this frame: all of it,
        unless the window holds the last frame, then what it drew and what changed."""
        whole = surface.get_rect()
        if not kept or changed == [whole] or self.drawn_on != (id(surface), whole.size):
            return [whole]
        parts = [rect.clip(whole) for rect in (*self.drawn, *changed)]
        area = sum(rect.w * rect.h for rect in parts)
        return [whole] if area > MOST_RESTORED * whole.w * whole.h else parts

    def _looks(self, f: Frame, widest: list[int | None]) -> dict[int, SeatLook]:
        """Each opponent's still look this frame (kept looks are the same objects), with
        the faces painted so far (the scene paints a few a frame: portraits.py)."""
        g, names, shown = f.geometry, f.words.names, f.shown
        looks = {}
        for seat in g.opponents():
            shows = seat_shows(shown, seat, names[seat], seat == f.thinking, widest[seat])
            # A face the scene has not painted yet waits (portraits.py).
            shows = replace(shows, mood=shown_mood(f.style, seat, shows.mood))
            looks[seat] = seat_look(f.style, g, seat, shows)
        return looks

    def _still_layer(
        self,
        f: Frame,
        panels: tuple[pygame.Rect, pygame.Rect],
        looks: dict[int, SeatLook],
    ) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """The felt with the log, the totals and the seats' looks on it, and the parts
        of it that changed since the last frame (all of it when the felt changed)."""
        felt = self._static_layer(f)
        whole = felt.get_rect()
        changed: list[pygame.Rect] = []
        if self.still is not None and self._reversed(self.still_of, felt):
            self.still_of = felt  # a Reverse: the felts differ only in the arrows
            changed.append(f.geometry.place("direction"))
        elif self.still is None or self.still_of is not felt:
            self.still, self.still_of, self.looks = felt.copy(), felt, {}
            self.panels.clear()
            changed.append(whole)
        pieces = self._pieces(f, felt, panels)
        changed += [rect for rect, _, fresh in pieces if fresh]
        old = self.looks  # a look changes with a turn, a count, a face
        for seat, look in looks.items():
            was = old.get(seat)
            if was is not look:
                area = _look_rect(look)
                changed.append(area if was is None else area.union(_look_rect(was)))
        changed += [_look_rect(was) for seat, was in old.items() if seat not in looks]
        self.looks = dict(looks)
        if changed[:1] == [whole]:  # made now from the felt: everything goes on it
            self._paint(whole, felt, pieces, bare=False)
            return self.still, [whole]
        for rect in changed:
            self._paint(rect, felt, pieces)
        return self.still, changed

    def _reversed(self, old: pygame.Surface | None, new: pygame.Surface) -> bool:
        """Whether `new` is `old`'s felt with the arrows the other way (same window,
        viewer and theme): then the still layer needs only the arrows painted again."""
        if old is new:
            return False
        keys = {id(layer): key for key, layer in self.felts.items()}
        was, now = keys.get(id(old)), keys.get(id(new))
        return was is not None and now is not None and was[::2] == now[::2] and was[3] == now[3]

    def _pieces(
        self, f: Frame, felt: pygame.Surface, panels: tuple[pygame.Rect, pygame.Rect]
    ) -> list[tuple[pygame.Rect, pygame.Surface, bool]]:
        """The log and the totals, each an opaque piece of the felt with its words on,
        painted again when its words change; and whether each was painted now."""
        s = f.style
        f.log.relanguage(s.language)  # before the key: a language switch redraws it
        pieces: tuple[tuple[str, tuple, Callable[[pygame.Surface, pygame.Rect], None]], ...] = (
            ("log", (tuple(f.log.lines), id(felt)), lambda layer, rect: f.log.draw(layer, s, rect)),
            (
                "scores",
                (f.words.heading, f.scores, f.words.names, id(felt)),
                lambda layer, rect: draw_scores(
                    layer, s, rect, f.words.heading, f.scores, f.words.names
                ),
            ),
        )
        made: list[tuple[pygame.Rect, pygame.Surface, bool]] = []
        for (name, key, paint), rect in zip(pieces, panels, strict=True):
            # One piece painted again a frame: a turn changes the log and the totals
            # together, and the second waits a frame (16 ms) rather than lengthen this one.
            busy = any(fresh for _, _, fresh in made)
            made.append((rect, *self._on_felt(name, key, felt, rect, paint, busy)))
        return made

    def _paint(
        self,
        rect: pygame.Rect,
        felt: pygame.Surface,
        pieces: list[tuple[pygame.Rect, pygame.Surface, bool]],
        bare: bool = True,
    ) -> None:
        """`rect` of the still layer painted again: felt (unless it is there already,
        `bare`=False), the pieces, then the seats' looks in seat order."""
        layer = self.still
        assert layer is not None
        if bare:
            layer.blit(felt, rect, rect)
        layer.set_clip(rect)
        for at, piece, _ in pieces:
            if rect.colliderect(at):
                layer.blit(piece, at)
        for look in self.looks.values():
            if rect.colliderect(_look_rect(look)):
                layer.blit(look.layer, look.at)
        layer.set_clip(None)

    def _seats(
        self,
        surface: pygame.Surface,
        f: Frame,
        panels: tuple[pygame.Rect, pygame.Rect],
        drawn: list[pygame.Rect],
        looks: dict[int, SeatLook],
        widest: list[int | None],
    ) -> None:
        """The seats' marks (their looks are on the still layer), then the person's."""
        s, g = f.style, f.geometry
        names = list(f.words.names)
        # "thinking…" keeps off the panels and the other seats; where it cannot (ten
        # seats in a small window) it covers the least, and covering a panel, a name
        # or a face counts twice as much as covering backs (they are listed twice).
        seats = {
            seat: (_look_rect(look), look.plate.union(look.face)) for seat, look in looks.items()
        }
        drawn += moments.at_seats(surface, f, looks)  # under the badges and marks
        for seat in g.opponents():
            avoid = [*panels, *panels, g.place("draw_pile"), g.place("discard_pile")]
            avoid += [rect for other, rects in seats.items() if other != seat for rect in rects]
            draw_opponent(
                surface,
                s,
                g,
                f.shown,
                seat,
                names[seat],
                seat == f.thinking,
                f.words.seat,
                f.shown.clock,
                avoid,
                widest[seat],
                drawn,
                looks[seat],
            )
        with layout_record.widget():
            drawn += self._viewer_seat(surface, f)

    def _moving(
        self,
        surface: pygame.Surface,
        f: Frame,
        out: list[pygame.Rect],
        kept_hand: pygame.Rect | None = None,
    ) -> pygame.Rect | None:
        """The hand (unless `kept_hand`: left where it is), cards in flight, controls and
        notes, adding where they went to `out`; returns where the hand is."""
        s = f.style
        with layout_record.widget():
            hand = [kept_hand] if kept_hand is not None else self._hand(surface, f)
        # Not in the layout record: see game/ui/layout_record.py, cards in flight.
        drawn = [*hand, *(flight.draw(surface, s) for flight in f.flights)]
        marks = out[1:]  # the seats' marks and the person's plate (out[0]: the centre)
        if f.toast is not None:  # the big word keeps off the note, too
            marks.append(self.toast_layout(f.toast, f)[1])
        drawn += [*self._callout(surface, f, marks), _showpiece(surface, f)]
        drawn += [b.draw(surface, s, b.rect.collidepoint(f.hover)) for b in f.buttons]
        if f.picker is not None:
            drawn.append(f.picker.draw(surface, s, f.hover))
        drawn += [_reveal(surface, f), self._toast(surface, f)]
        corner = (s.px(10), s.px(10))
        if f.words.replay:  # always say so: nobody plays a replay
            replay = s.label(surface, f.words.replay, 18, corner, s.accent_rgb)
            drawn.append(replay)
            corner = (corner[0], replay.bottom + s.px(6))
        if f.words.read_only:  # for as long as it lasts, small, where nothing else is
            beside = [b.rect for b in f.buttons] + [_look_rect(v) for v in self.looks.values()]
            drawn.append(corner_note(surface, s, f.words.read_only, corner, beside))
        out += [rect for rect in drawn if rect is not None]
        return hand[0].clip(surface.get_rect()) if hand else None  # as it is copied back

    def _on_felt(
        self,
        name: str,
        key: tuple,
        felt: pygame.Surface,
        rect: pygame.Rect,
        paint: Callable[[pygame.Surface, pygame.Rect], None],
        busy: bool = False,
    ) -> tuple[pygame.Surface, bool]:
        """`rect` of the felt with `paint`'s words on it, painted again when `key`
        changes (`busy`: only if it has never been painted); and whether it was now."""
        key = (*key, tuple(rect))
        known = self.panels.get(name)
        if known is not None and (known[0] == key or busy):
            return known[1], False
        area = rect.clip(felt.get_rect())
        layer = felt.subsurface(area).copy()
        paint(layer, pygame.Rect(rect.x - area.x, rect.y - area.y, rect.w, rect.h))
        self.panels[name] = (key, layer)
        return layer, True

    def _static_layer(self, f: Frame) -> pygame.Surface:
        return self.felt(f.style, f.geometry, f.size, f.piles, f.shown.direction)

    def felt(
        self, s: Style, g: TableGeometry, size: tuple[int, int], piles: Piles, direction: int
    ) -> pygame.Surface:
        """The table, the resting direction arrows and the panels' backs in one surface,
        so a frame starts with one opaque blit instead of several alpha blends. The
        table scene asks for both directions when the window is sized, so a Reverse
        does not make one mid-game (a copy of the whole window: ~10 ms at 1080p)."""
        key = (size, direction, g.viewer, s.manifest.id)
        layer = self.felts.get(key)
        if layer is None:
            if len(self.felts) >= 4:  # the window or the viewer changed: start afresh
                self.felts.clear()
            layer = s.renderer.table().copy()
            piles.draw_direction(layer, s, g, direction, 0)
            piles.draw_felt_shadow(layer, s, g)
            s.panel(layer, g.place("event_log"), 200)
            s.panel(layer, score_rect(s, g), 215)
            self.felts[key] = layer
        return layer

    def _viewer_seat(self, surface: pygame.Surface, f: Frame) -> list[pygame.Rect]:
        """The person's name plate, marks and status line; returns where they went."""
        s, g, shown, viewer = f.style, f.geometry, f.shown, f.geometry.viewer
        rect = g.seat_rect(viewer).move(0, -f.fan.rise)  # a second row of cards pushes it up
        count = shown.counts[viewer]
        plate = name_plate(surface, s, rect, f.words.names[viewer], count, shown.current == viewer)
        layout_record.note("your plate", Kind.PANEL, plate)
        drawn = [plate.inflate(s.px(8), s.px(8))]  # the turn's glow round it
        if shown.one_card(viewer):
            called = viewer in shown.uno
            drawn.append(uno_mark(surface, s, called, f.words.seat, plate.midright, shown.clock))
        # Beside the plate: above it go the status line and the prompts.
        # Between the log and the scores where they flank the plate ("Computer for
        # You", online, is long); over the plate where neither side has room, unless
        # the prompts are there.
        log, scores = g.place("event_log"), score_rect(s, g)
        room = None
        if log.right < plate.left and scores.left > plate.right:
            room = pygame.Rect(log.right, 0, scores.left - log.right, f.size[1])
        prompts = [b.rect for b in f.buttons]
        badge = draw_badge(surface, s, shown, viewer, plate.midleft, plate, True, room, prompts)
        drawn += [badge] if badge is not None else []
        # With a second row of cards the lit cards and the ring say enough; the line would
        # run into the colour's name.
        status = f.words.status
        # While a special card's moment takes the centre, it is the news: the line waits.
        quiet = f.fan.rise or shown.showpiece is not None
        if status and not quiet and not any(b.primary for b in f.buttons):
            over = badge.top if badge is not None and badge.bottom <= plate.top else plate.top
            at = (plate.centerx, over - s.px(8))  # over the plate, and the badge if it is
            drawn.append(_status(surface, s, g, status, at, [b.rect for b in f.buttons]))
        return drawn

    def _hand(self, surface: pygame.Surface, f: Frame) -> list[pygame.Rect]:
        """The person's cards; returns where they went (the lit outlines included)."""
        s, fan, look = f.style, f.fan, f.hand
        drawn: list[pygame.Rect] = []
        playable = look.playable
        shaking = look.shake[0] if look.shake else None
        for i, entry in enumerate(fan.cards):
            if not entry.visible:
                continue
            rect = fan.rect_of(i)
            if entry.card is shaking and look.shake is not None:
                rect.x += round(6 * s.scale * (1 if int(look.shake[1] * 30) % 2 else -1))
            drawn.append(rect.inflate(s.px(10), s.px(10)))
            layout_record.note("your card", Kind.CARD, rect)
            if not look.face_up:
                drawn.append(draw_shadow(surface, rect))
                surface.blit(s.card(None), rect)
                continue
            drawn.append(draw_shadow(surface, rect, _lifted(entry)))
            lit = playable is not None and entry.card in playable
            if lit:
                _lit_frame(s, surface, rect)
            dim = playable is not None and not lit
            surface.blit(_card(s, fan, entry.card.text, dim), rect)
            if look.symbols and entry.card.color is not None:
                # For colour-blind players: the colour's symbol on every coloured card, on
                # the strip a fan leaves visible (below the corner index), dimmed with it.
                size = max(12, rect.w // 4)
                symbol = self._symbol(s, entry.card.color, size, dim)
                surface.blit(symbol, symbol.get_rect(midleft=(rect.x + s.px(3), rect.centery)))
            if entry.card is look.fresh:
                drawn.append(_fresh_mark(s, surface, rect))
            if i == look.focus:
                # Keyboard focus: a bold ring on a card that can be played; on one that
                # cannot, a thin muted outline, so it never looks chosen.
                ring, width = (s.text_rgb, s.px(3)) if not dim else (s.muted_rgb, 1)
                pygame.draw.rect(
                    surface, ring, rect.inflate(s.px(4), s.px(4)), width, border_radius=s.px(8)
                )
        return [drawn[0].unionall(drawn[1:])] if drawn else []

    def _symbol(self, s: Style, colour: str, size: int, dim: bool) -> pygame.Surface:
        key = (s.manifest.id, colour, size, dim)
        image = self.symbols.get(key)
        if image is None:
            image = s.renderer.symbol(colour, size)
            if dim:  # as the card is dimmed (Style.card)
                image = dimmed_card(image)
            if len(self.symbols) > 64:
                self.symbols.clear()
            self.symbols[key] = image
        return image

    def _toast(self, surface: pygame.Surface, f: Frame) -> pygame.Rect | None:
        if f.toast is None:
            return None
        s = f.style
        lines, box = self.toast_layout(f.toast, f)
        s.panel(surface, box, 240, border=s.accent_rgb)
        y = box.y + s.px(7)
        # Over the log where nowhere else has room: it hides the log for a while.
        over_log = box.topleft == f.geometry.place("event_log").topleft
        with layout_record.widget(box, may_cover=("event log",) if over_log else ()):
            layout_record.note("toast", Kind.PANEL, box)
            for line in lines:
                y += s.blit_text(surface, line, 22, (box.centerx, y), anchor="midtop").h
        return box

    def toast_layout(self, text: str, f: Frame) -> tuple[list[str], pygame.Rect]:
        """The note's lines and box: between the top seats and the arrows, wrapped
        narrower until it covers no seat and no pile; where no width fits there, below
        the arrows, then over the log (a seat or a pile is never covered). Worked out
        once per text and table."""
        s, g, size = f.style, f.geometry, f.size
        key = (
            text,
            size,
            g.viewer,
            g.players,
            s.manifest.id,
            s.language,
            *map(tuple, f.keep_clear),
        )
        known = self.toasts.get(key)
        if known is not None:
            return known
        font = s.font(s.font_px(22))
        # A seat and the badge over it ("Away · 45 s", "UNO!"), a badge's height up.
        badge = s.text("Ag", 20).get_height() + s.px(8) + s.px(6)
        clear = [g.seat_rect(seat).inflate(0, 2 * badge) for seat in range(g.players)]
        clear += [g.place(name) for name in ("draw_pile", "discard_pile", "hand")]
        clear += f.keep_clear
        arrows, window = g.place("direction"), pygame.Rect((0, 0), size)
        chosen: tuple[list[str], pygame.Rect] | None = None
        for place, share in product(("above", "below"), TOAST_WIDTHS):
            lines = wrap(text, font, round(size[0] * share)) or [text]
            box = _toast_box(s, lines)
            if place == "above":
                box.midbottom = (arrows.centerx, arrows.y - s.px(4))
            else:  # under the pile's count and the colour's name
                box.midtop = (arrows.centerx, max(arrows.bottom, words_bottom(s, g)) + s.px(4))
            if window.contains(box) and box.collidelist(clear) < 0:
                chosen = (lines, box)
                break
        if chosen is None:  # over the log, which the note only hides for a while
            log = g.place("event_log")
            lines = wrap(text, font, log.w - s.px(28)) or [text]
            box = _toast_box(s, lines)
            box.topleft = log.topleft
            chosen = (lines, box.clamp(window))
        if len(self.toasts) > 32:
            self.toasts.clear()
        self.toasts[key] = chosen
        return chosen

    def _callout(
        self, surface: pygame.Surface, f: Frame, marks: Sequence[pygame.Rect] = ()
    ) -> list[pygame.Rect]:
        """A big card's word over the pile: it pops in large, settles, then fades
        (never under a special card's moment, which takes the centre)."""
        if f.shown.callout is None or f.shown.showpiece is not None:
            return []
        words, left, total = f.shown.callout
        s = f.style
        done = 1 - left / total
        grow = 1.0 + 0.6 * max(0.0, 1 - done / 0.2) ** 2  # ease out from 1.6x to 1x
        grow = round(grow / CALLOUT_STEP) * CALLOUT_STEP  # a few sizes, each scaled once
        fade = min(1.0, left / (total * 0.35))
        cx, cy = f.geometry.discard_center
        # Over the pile, a little above it; lower, then smaller, where that would
        # cover a seat (its backs, face and name, and the marks beside them).
        looks = [*(_look_rect(look) for look in self.looks.values()), *marks]
        spots = [
            (scale, cy - s.renderer.card_size[1] * share)
            for scale in (grow, 1.0, 0.8, 0.6)
            for share in (0.75, 0.4, 0.0)
        ]
        grow, y = next(
            (
                (scale, y)
                for scale, y in spots
                if _clear_of_seats(self._callout_box(s, words, scale), (cx, y), f, looks)
            ),
            spots[-1],
        )
        drawn = []
        for colour, offset in (((20, 20, 20), s.px(3)), (s.accent_rgb, 0)):
            image = self._callout_image(s, words, colour, grow)
            image.set_alpha(round(255 * fade))
            at = image.get_rect(center=(round(cx + offset), round(y + offset)))
            drawn.append(surface.blit(image, at))
            image.set_alpha(None)
        layout_record.note(words, Kind.TEXT, drawn[-1], may_cover=PILES)
        return drawn

    def _callout_box(self, s: Style, words: str, grow: float) -> pygame.Rect:
        return self._callout_image(s, words, s.accent_rgb, grow).get_rect()

    def _callout_image(self, s: Style, words: str, colour: tuple, grow: float) -> pygame.Surface:
        key = (words, colour, round(grow, 2), s.manifest.id, s.scale)
        image = self.callouts.get(key)
        if image is None:
            image = s.text(words, 54, colour)
            if abs(grow - 1.0) > 0.01:  # popping in large, or smaller on a crowded table
                image = pygame.transform.smoothscale_by(image, grow)
            if len(self.callouts) > 64:
                self.callouts.clear()
            self.callouts[key] = image
        return image


def _look_rect(look: SeatLook) -> pygame.Rect:
    return pygame.Rect(look.at, look.layer.get_size())


def _hand_key(f: Frame) -> tuple:
    """Everything the person's cards look like this frame: the same key, the same pixels."""
    fan, s = f.fan, f.style
    cards = tuple(
        (e.card, tuple(fan.rect_of(i)), _lifted(e)) for i, e in enumerate(fan.cards) if e.visible
    )
    return (s.manifest.id, s.scale, fan.card_size, f.hand, cards)


def _status(
    surface: pygame.Surface,
    s: Style,
    g: TableGeometry,
    words: str,
    at: tuple[int, int],
    buttons: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """The status line over the person's name, between the log and the scores: made
    smaller, then on two lines, where it is wider than the room between them; left
    out where even that reaches the words under the piles (the lit cards say it)."""
    room = min(
        2 * (at[0] - g.place("event_log").right), 2 * (score_rect(s, g).left - at[0])
    ) - s.px(24)
    room = room if room > s.px(200) else surface.get_width() - s.px(24)  # a portrait window
    high = s.text(words, 22).get_height() + s.px(6)
    for rect in buttons:  # a button at the line's height (UNO beside the hand, portrait)
        if rect.top < at[1] and rect.bottom > at[1] - 2 * high:
            room = min(room, 2 * abs(rect.centerx - at[0]) - rect.w - s.px(24))
    room = max(room, s.px(40))
    size = 22
    while size > 16 and s.text(words, size).get_width() > room:
        size -= 2
    lines = (
        wrap(words, s.font(s.font_px(size)), room)
        if s.text(words, size).get_width() > room
        else [words]
    )
    tall = s.text(words, size).get_height() + s.px(6)
    if at[1] - len(lines) * tall < words_bottom(s, g) + s.px(4):
        return pygame.Rect(at, (0, 0))
    box = at
    for line in reversed(lines):  # from the bottom line up
        drawn = s.label(surface, line, size, box, anchor="midbottom")
        box = (at[0], drawn.top)
    return drawn.union(pygame.Rect(at, (0, 0)))


def _card(s: Style, fan: HandFan, face: str, dim: bool) -> pygame.Surface:
    """A face of the person's hand (one place, so a test can see which are shown)."""
    return s.card(face, fan.card_size, dim=dim)


FRAME_EDGE = (16, 12, 18)


def _lifted(entry: HandCard) -> bool:
    """Raised by the pointer or the keyboard: its shadow falls further (the hand's
    key holds it, since a rounded rect can stay put while the lift grows)."""
    return entry.lift > 1


def _lit_frame(s: Style, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A playable card's frame in the accent colour, edged in dark: where lit cards
    overlap, each frame's edge cuts the one before, so twenty lit cards read as twenty
    frames, not one band of colour."""
    frame = rect.inflate(s.px(10), s.px(10))
    radius = s.px(10)
    pygame.draw.rect(surface, s.accent_rgb, frame, border_radius=radius)
    pygame.draw.rect(surface, FRAME_EDGE, frame, max(2, s.px(2)), border_radius=radius)


def _fresh_mark(s: Style, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """A card just drawn: an accent arrow over it, so the eye finds where it was sorted."""
    w, h = max(16, s.px(26)), max(10, s.px(16))  # big enough to catch the eye at 800x600
    tip = (rect.centerx, rect.y - s.px(4))
    points = [(tip[0] - w // 2, tip[1] - h), (tip[0] + w // 2, tip[1] - h), tip]
    drawn = pygame.draw.polygon(surface, s.accent_rgb, points)
    return drawn.union(pygame.draw.polygon(surface, (20, 20, 20), points, 1))


def _clear_of_seats(
    box: pygame.Rect, centre: tuple[float, float], f: Frame, avoid: Sequence[pygame.Rect] = ()
) -> bool:
    """Whether `box` centred on `centre` lies in the window and off every other seat
    (and off `avoid`)."""
    box = box.copy()
    box.center = (round(centre[0]), round(centre[1]))
    g = f.geometry
    seats = [g.seat_rect(seat) for seat in g.opponents()]
    seats += list(avoid)
    return pygame.Rect((0, 0), f.size).contains(box) and box.collidelist(seats) == -1


def _showpiece(surface: pygame.Surface, f: Frame) -> pygame.Rect | None:
    """A special card's moment (a Creeper's reveal, an Urrrh's give-away): the card
    large at the centre, pulsing, with its kind's caption."""
    piece = f.shown.showpiece
    if piece is None:
        return None
    kind, _, left = piece
    s, centre = f.style, f.geometry.place("direction")
    grow = 1.6 + 0.2 * (1 if int(left * 8) % 2 else 0)
    w, h = s.renderer.card_size
    while grow > 1.0 and not _clear_of_seats(
        pygame.Rect(0, 0, w * grow, h * grow), centre.center, f
    ):
        grow -= 0.2  # smaller where the table is crowded: never over a seat or off the window
    image = card_image(s, kind, grow)
    card = image.get_rect(center=centre.center)
    if not moments.card_gone(f):  # a Creeper that has gone off leaves its blast alone
        surface.blit(image, card)
    effects = moments.at_centre(surface, f, card, _room(card, f))
    at = (centre.centerx, centre.bottom + s.px(4))
    with layout_record.widget(may_cover=PILES):
        layout_record.note("special card", Kind.PICTURE, card)
        caption = s.label(surface, f.words.showpiece, 28, at, s.accent_rgb, "midtop")
        return card.union(caption).unionall(effects)


def _room(card: pygame.Rect, f: Frame) -> pygame.Rect:
    """The most room about a special card for its effect: wider than the card, as
    wide as the table's centre allows clear of every other seat."""
    for wide in (3.2, 2.6, 2.0, 1.5):
        room = card.inflate(round(card.w * (wide - 1)), round(card.h * 0.1))
        if _clear_of_seats(room, card.center, f):
            return room
    return card


def reveal_rect(s: Style, g: TableGeometry, count: int, words: Sequence[str] = ()) -> pygame.Rect:
    """Where a revealed hand of `count` cards is shown, with `words` over and under
    it: over the table's centre, as wide as they need (the window's width at most)."""
    w, h = s.renderer.card_size
    small = (round(w * 0.7), round(h * 0.7))
    wide = max([s.px(520), count * (small[0] + s.px(6)) + s.px(30)])
    wide = max([wide, *(s.text(line, 22).get_width() + s.px(30) for line in words)])
    panel = pygame.Rect(0, 0, min(wide, g.layout.size[0]), small[1] + s.px(110))
    panel.center = g.place("direction").center
    return panel


def _reveal(surface: pygame.Surface, f: Frame) -> pygame.Rect | None:
    reveal = f.shown.reveal
    if reveal is None:
        return None
    s = f.style
    w, h = s.renderer.card_size
    small = (round(w * 0.7), round(h * 0.7))
    count = len(reveal.hand)
    panel = reveal_rect(s, f.geometry, count, (f.words.reveal_title, f.words.reveal_go_on))
    s.panel(surface, panel, 245, border=s.accent_rgb)
    with layout_record.modal("revealed hand", panel):
        title = f.words.reveal_title
        at = (panel.centerx, panel.y + s.px(12))
        drawn = panel.union(s.blit_text(surface, title, 22, at, anchor="midtop"))
        x = panel.centerx - (count * (small[0] + s.px(6))) // 2
        for i, card in enumerate(reveal.hand):
            turn = reveal.turned(i)  # one after another, from its back to its face
            image = narrowed(s.card(None if turn < 0.5 else card.text, small), turn)
            slot = image.get_rect(midtop=(x + small[0] // 2, panel.y + s.px(48)))
            drawn.union_ip(surface.blit(image, slot))
            x += small[0] + s.px(6)
        verdict = reveal.stamped()
        if verdict is not None and f.words.verdict:  # down on the hand once it is face up
            room = pygame.Rect(panel.x, panel.y + s.px(44), panel.w, small[1] + s.px(8))
            stamp = moments.stamp(surface, f, f.words.verdict, room, verdict)
            layout_record.note(f.words.verdict, Kind.TEXT, stamp, room)
        at = (panel.centerx, panel.bottom - s.px(8))
        return drawn.union(
            s.blit_text(surface, f.words.reveal_go_on, 18, at, s.muted_rgb, "midbottom")
        )


def _toast_box(s: Style, lines: list[str]) -> pygame.Rect:
    images = [s.text(line, 22) for line in lines]
    box = pygame.Rect(0, 0, max(i.get_width() for i in images), sum(i.get_height() for i in images))
    return box.inflate(s.px(28), s.px(14))
