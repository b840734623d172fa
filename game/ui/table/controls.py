"""The table's buttons and colour picker, laid out from what the seat is asked.

`Controls.of(model)` lays them out once per change of the model (the prompt, the
choice in progress, the window...), not once per frame: the same list is drawn
and clicked. No rule is decided here: the prompt says which choices exist.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine import Card
from game.i18n import N_
from game.table.play_choice import PlayChoice
from game.table.prompt import Choice, ChoiceKind, Prompt
from game.themes.portrait import is_portrait
from game.ui.input.context import TableMoment
from game.ui.input.glyphs import button_glyph
from game.ui.speed_words import speed_words
from game.ui.style import Style
from game.ui.table.geometry import TableGeometry
from game.ui.widgets.button import MARGIN, Button
from game.ui.widgets.color_picker import ColorPicker
from game.ui.widgets.piles import words_bottom
from game.ui.widgets.score_panel import score_rect

UNO_NOTE = N_("UNO will be called with your next card.")
# Labels without the keyboard's letter, for a pad (its glyph says it) or a finger.
KEYLESS = {ChoiceKind.CATCH: N_("Catch!")}
# A label that a small window shows whole on no line nor two: its short form.
SHORT = {"challenge": N_("Challenge")}
HINT_WORDS = {"keys": N_("Hint (H)"), "pad": N_("Hint"), "touch": N_("Hint")}


@dataclass(frozen=True)
class ControlsModel:
    """Everything the controls depend on: equal models lay out equal controls."""

    size: tuple[int, int]
    theme: str
    language: str
    viewer: int
    prompt: Prompt
    answering: bool  # the person's turn, the table still: the prompt's buttons show
    asking: tuple[str, tuple] | None  # a card's question in progress and its options
    my_turn: bool
    person: bool  # the viewer is a person (the UNO and Hint buttons work)
    uno_armed: bool
    speed: str
    rise: int  # how far a second row of cards lifts the name plate
    names: tuple[str, ...]
    device: str = "keys"  # used last: "keys", "pad" or "touch" (game/ui/input/router.py)
    marked: frozenset[int] = frozenset()  # seats showing their one-card mark now


def asking(choice: PlayChoice | None) -> tuple[str, tuple] | None:
    if choice is None or choice.question is None:
        return None
    return choice.question, tuple(choice.options(choice.question))


class Controls:
    """The buttons for the newest model, laid out when it changes."""

    def __init__(self) -> None:
        self.model: ControlsModel | None = None
        self.buttons: list[Button] = []
        self.picker: ColorPicker | None = None

    def of(
        self,
        model: ControlsModel,
        style: Style,
        geometry: TableGeometry,
        words: Callable[[str], str],
        face: Callable[[Card], str],
        colours: tuple[str, ...],
    ) -> list[Button]:
        if model != self.model:
            lay = _Layout(model, style, geometry, words, face)
            self.buttons = lay.buttons()
            self.picker = lay.picker(colours)
            if model.device == "pad":
                _put_glyphs(self.buttons, model.prompt)
            self.model = model
        return self.buttons


@dataclass
class _Layout:
    m: ControlsModel
    s: Style
    g: TableGeometry
    _: Callable[[str], str]
    face: Callable[[Card], str]

    def buttons(self) -> list[Button]:
        """The buttons on screen now (drawn and clicked from the same list)."""
        m, s, _ = self.m, self.s, self._
        out: list[Button] = []
        if m.answering:
            out += self._prompt_buttons()
        out += self._catch_buttons()
        out += self._swap_buttons()
        out.append(self._uno_button())
        # Speed and pause sit in the top-right corner, which no seat map uses.
        w, gap = s.px(136), s.px(10)
        top = s.px(5)  # close to the edge: a crowded table's top seats sit just below
        tall = max(s.px(40), self.g.touch_px)  # a finger's size on a Deck or a tablet
        right = m.size[0] - gap
        pause = Button(
            "pause",
            _("Pause"),
            pygame.Rect(right - w, top, w, tall),
            text_size=18,
            max_w=round(w * 1.6),  # a pixel font at the smallest window needs it
            anchor="midright",
        )
        pause.grow_to_fit(s)
        out.append(pause)
        speed = _("Speed {speed}").format(speed=speed_words(m.speed, _))
        wide = s.px(184)  # "Ritmo instantáneo" fits at the smallest window (max_w below)
        button = Button(
            "speed",
            speed,
            pygame.Rect(pause.rect.left - gap - wide, top, wide, tall),
            hotkey=pygame.K_s,
            text_size=18,
            max_w=round(wide * 2),  # the corner has room to the left; a pixel font needs it
            anchor="midright",
        )
        button.grow_to_fit(s)
        out.append(button)
        if m.person:  # the coach's hint, beside the speed; always there, so
            # the corner's buttons stay put (out of turn it says a hint is for your turn)
            hint = pygame.Rect(0, top, w, tall)
            hint.right = button.rect.left - gap
            hint_button = Button(
                "hint",
                _(HINT_WORDS.get(m.device, HINT_WORDS["keys"])),
                hint,
                hotkey=pygame.K_h,
                text_size=18,
                max_w=round(w * 1.6),  # grows to the left, away from the speed button
                anchor="midright",
            )
            hint_button.grow_to_fit(s)
            out.append(hint_button)
        return out

    def _prompt_band(self, row: pygame.Rect, ceiling: int = 0) -> pygame.Rect:
        """Where the prompt buttons may go at `row`'s height: clear of the event log and
        the score panel. Where those reach up beside the row (800x600), the row is lifted
        above them, if that keeps it below `ceiling`, so a long label keeps its size and
        stays whole."""
        gap, g = self.s.px(8), self.g
        panels = [g.place("event_log"), score_rect(self.s, g)]
        seats = [g.seat_rect(seat) for seat in range(g.players) if seat != self.m.viewer]
        beside = [p for p in panels + seats if p.top < row.bottom and p.bottom > row.top]
        if beside:
            lifted = row.copy()
            lifted.bottom = min(p.top for p in beside) - gap
            if lifted.top >= ceiling and not any(p.colliderect(lifted) for p in panels):
                row = lifted
                beside = []
        left, right = 0, self.m.size[0]
        uno = self._uno_rect()  # beside the row in portrait: the row stops short of it
        if uno.top < row.bottom and uno.bottom > row.top:
            beside.append(uno)
        for panel in beside:
            if panel.centerx < row.centerx:
                left = max(left, panel.right + gap)
            else:
                right = min(right, panel.left - gap)
        return pygame.Rect(left, row.y, max(0, right - left), row.h)

    def _prompt_buttons(self) -> list[Button]:
        """Decisions of the moment, in a row just above the person's name (the status
        line gives way to them), never over the panels beside it."""
        s, g, m = self.s, self.g, self.m
        plate = max(s.px(36), s.text("Ag", 20).get_height() + s.px(8))  # as name_plate draws
        plate_top = g.seat_rect(m.viewer).bottom - plate - m.rise
        row = pygame.Rect(0, 0, s.px(440), max(s.px(44), g.touch_px))
        row.midbottom = (g.place("hand").centerx, plate_top - s.px(6))
        # Under the words below the piles (the colour's name): a little shorter if need be.
        top = words_bottom(s, g) + s.px(4)
        if row.top < top:  # never down onto the name plate: a little shorter instead
            bottom = row.bottom
            row.h = max(s.px(30), bottom - top)
            row.bottom = bottom
        band = self._prompt_band(row.inflate(s.px(240), 0), top)
        row.y = band.y
        prompt = m.prompt
        keep, take = prompt.of(ChoiceKind.KEEP), prompt.of(ChoiceKind.TAKE)
        challenge = prompt.of(ChoiceKind.CHALLENGE)
        drawn = prompt.play_of(prompt.drawn) if prompt.drawn is not None else None
        if keep is not None:
            first = self._button_of(drawn or keep, "return")
            pair = _pair(row.clip(band), s, first, self._button_of(keep), band=band)
            return _two_lines_if_needed(pair, s, top)
        if challenge is not None and take is not None:
            pair = _pair(
                row.inflate(s.px(240), 0).clip(band),
                s,
                self._button_of(challenge),
                self._button_of(take),
                split=0.76,
                size=18,
                band=band,
            )
            return self._short_where_cut(_two_lines_if_needed(pair, s, top))
        if challenge is not None:  # alone: a lesson's step leaves only the challenge
            key, label, hotkey = self._button_of(challenge)
            box = row.inflate(s.px(240), 0).clip(band)
            lone = Button(key, label, box, primary=True, hotkey=hotkey, text_size=18)
            return self._short_where_cut(_two_lines_if_needed([lone], s, top))
        if take is not None:
            box = pygame.Rect(0, 0, s.px(180), row.h)
            box.midbottom = row.midbottom
            key, label, hotkey = self._button_of(take)
            return [Button(key, label, box.clamp(band), primary=True, hotkey=hotkey)]
        return []

    def _short_where_cut(self, row: list[Button]) -> list[Button]:
        """A label cut even on two lines (the Challenge's, a pixel font in a small
        window) says its short form; what it means, the coach and the status say."""
        for button in row:
            if button.key in SHORT and not button.fits(self.s):
                button.label = self._(SHORT[button.key])
        return row

    def _button_of(self, choice: Choice, hotkey: str = "") -> tuple[str, str, int]:
        """A choice as a button's key, label (in the player's words) and hotkey."""
        card = self.face(choice.card) if choice.card else ""
        words = choice.label if self.m.device == "keys" else KEYLESS.get(choice.kind, choice.label)
        label = self._(words).format(n=self.m.prompt.pending, card=card)
        return choice.key, label, pygame.key.key_code(hotkey or choice.hotkey)

    def _uno_button(self) -> Button:
        m = self.m
        # It lights only when it matters: the table says a play now leaves one card.
        matters = m.my_turn and m.asking is None and m.prompt.uno_matters
        # The fonts have no check mark.
        label = self._("UNO called" if m.uno_armed else "UNO!")
        return Button(
            "uno",
            label,
            self._uno_rect(),
            enabled=m.person,
            hotkey=pygame.K_u,
            glow=matters or m.uno_armed,
            text_size=26,
        )

    def _uno_rect(self) -> pygame.Rect:
        """The map's place for UNO, at least a finger's height (grown about its centre)."""
        rect = self.g.place("uno_button")
        grow = max(0, self.g.touch_px - rect.h)
        if is_portrait(self.m.size):  # over the hand: a second row of cards lifts it
            rect = rect.move(0, -self.m.rise)
        rect = rect.inflate(0, grow)
        # Under the score panel where ten rows make it taller (a small window).
        scores, gap = score_rect(self.s, self.g), self.s.px(6)
        if rect.colliderect(scores) and scores.bottom + gap + rect.h <= self.m.size[1]:
            rect.top = scores.bottom + gap
        return rect

    def _catch_buttons(self) -> list[Button]:
        """A Catch button by each opponent who may be caught, while the window is open
        and their one-card mark shows (not while the card that left one still flies)."""
        s, out, marked = self.s, [], self.m.marked
        for choice in self.m.prompt.choices:
            if choice.kind is not ChoiceKind.CATCH or choice.target not in marked:
                continue
            key, label, hotkey = self._button_of(choice)
            wide = max(s.px(140), s.text(label, 20).get_width() + 2 * s.px(MARGIN + 2))
            box = pygame.Rect(0, 0, wide, max(s.px(40), self.g.touch_px))
            box = self._by_seat(box, choice.target or 0)
            out.append(Button(key, label, box, primary=True, hotkey=hotkey, text_size=20))
        return out

    def _by_seat(self, box: pygame.Rect, seat: int) -> pygame.Rect:
        """`box` next to the seat, over none of its cards, name or face and clear of the
        other seats, the piles and the panels: under it, over it, or on either side;
        where none is clear, the one that covers least."""
        s, g = self.s, self.g
        rect, gap = g.seat_rect(seat), s.px(6)
        window = pygame.Rect((0, 0), self.m.size)
        avoid = [g.seat_rect(other) for other in range(g.players) if other != seat]
        avoid += [g.place(name) for name in ("draw_pile", "discard_pile", "event_log")]
        avoid += [rect, score_rect(s, g)]
        spots = []
        for side in ("midtop", "midbottom", "midright", "midleft"):
            spot = box.copy()
            edge = {"midtop": "midbottom", "midbottom": "midtop"}.get(side)
            if edge is not None:  # under the seat, or over it
                at = getattr(rect, edge)
                setattr(spot, side, (at[0], at[1] + (gap if side == "midtop" else -gap)))
            else:  # beside it
                at = getattr(rect, "midleft" if side == "midright" else "midright")
                setattr(spot, side, (at[0] + (-gap if side == "midright" else gap), at[1]))
            spots.append(spot.clamp(window))
        return min(spots, key=lambda spot: _covered(spot, avoid))

    def _swap_buttons(self) -> list[Button]:
        if self.m.asking is None or self.m.asking[0] != "swap":
            return []
        s, out = self.s, []
        seats = [seat for seat in self.m.asking[1] if isinstance(seat, int)]
        for number, seat in enumerate(seats, start=1):
            rect = self.g.seat_rect(seat)
            box = pygame.Rect(0, 0, s.px(200), max(s.px(42), self.g.touch_px))
            box.midtop = (rect.centerx, rect.y - s.px(4))
            label = self._("{number}  Swap with {name}").format(
                number=number, name=self.m.names[seat]
            )
            hotkey = pygame.K_0 + number
            out.append(
                Button(f"swap:{seat}", label, box, primary=True, text_size=18, hotkey=hotkey)
            )
        return out

    def picker(self, colours: tuple[str, ...]) -> ColorPicker | None:
        m = self.m
        if m.asking is not None and m.asking[0] in ("color", "give"):
            question = m.asking[0]
            options = {str(c) for c in m.asking[1]}
            title = (
                N_("Choose the new colour")
                if question == "color"
                else N_("Give away every card of which colour?")
            )
            p = ColorPicker(self._(title), colours, options, question)
        elif m.answering and m.prompt.of(ChoiceKind.COLOUR) is not None:
            p = ColorPicker(self._("Choose the starting colour"), colours, set(colours), "choose")
        else:
            return None
        p.place(self.g.place("direction").center, self.s)
        return p


def _put_glyphs(buttons: list[Button], prompt: Prompt) -> None:
    """Each button shows the glyph of the pad button that presses it now."""
    moment = TableMoment(prompt)
    for button in buttons:
        button.glyph = button_glyph(button.key, button.hotkey, moment)


def _pair(
    rect: pygame.Rect,
    s: Style,
    first: tuple,
    second: tuple,
    split: float = 0.5,
    size: float = 20,
    band: pygame.Rect | None = None,
) -> list[Button]:
    """Two buttons side by side in `rect` (`split` of it for the first). Where their
    labels need more, each is as wide as its label needs, the pair centred on `rect`
    and kept inside `band`; past the band's width they share it by what they need."""
    gap = s.px(10)
    w1 = round((rect.w - gap) * split)
    w2 = rect.w - w1 - gap
    need = [
        s.text(label, size).get_width() + 2 * s.px(MARGIN + 2) for label in (first[1], second[1])
    ]
    if need[0] > w1 or need[1] > w2:
        room = (band or rect).w - gap
        w1, w2 = max(w1, need[0]), max(w2, need[1])
        if w1 + w2 > room:  # the second (Keep it, Take 4) whole; the first takes two lines
            w2 = min(w2, room // 2)
            w1 = room - w2
        whole = pygame.Rect(0, rect.y, w1 + gap + w2, rect.h)
        whole.centerx = rect.centerx
        rect = whole.clamp(band) if band is not None else whole
    a = Button(
        first[0],
        first[1],
        pygame.Rect(rect.x, rect.y, w1, rect.h),
        primary=True,
        hotkey=first[2],
        text_size=size,
    )
    b = Button(
        second[0],
        second[1],
        pygame.Rect(rect.x + w1 + gap, rect.y, w2, rect.h),
        hotkey=second[2],
        text_size=size,
    )
    return [a, b]


def _two_lines_if_needed(row: list[Button], s: Style, ceiling: int) -> list[Button]:
    """The row made taller (upwards, not past `ceiling`) where a label fits on one
    line at no size (a small window's font cannot shrink): it then takes two."""
    least = min(b.text_size for b in row)
    if all(s.text(b.label, 12).get_width() <= b.rect.w - 2 * s.px(MARGIN + 2) for b in row):
        return row
    tall = 2 * s.text("Ag", least).get_height() + s.px(4)
    for button in row:
        bottom = button.rect.bottom
        button.rect.h = max(button.rect.h, min(tall, bottom - ceiling))
        button.rect.bottom = bottom
    return row


def _covered(box: pygame.Rect, avoid: list[pygame.Rect]) -> int:
    """How much of `avoid` the box covers, in pixels (0: none)."""
    return sum(box.clip(rect).w * box.clip(rect).h for rect in avoid)
