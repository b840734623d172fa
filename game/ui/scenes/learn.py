"""Learn to play: the theme's guided first round (game/tutorial), played at an
ordinary table with the coach's words over it, pointing at what to press.

Thin on purpose: the round and its steps are data (game/tutorial/<theme>.py); the
table is the ordinary table scene, given a table that takes only the step's action
(`GuidedTable`) and a host whose round-end screens are this lesson's last word.
Skippable at any time (the Skip button, Backspace, or the pause menu); nothing is
saved or counted."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.engine import Card
from game.engine.actions import Action
from game.i18n import N_
from game.themes.faces import preset_faces
from game.themes.loader import Pack
from game.themes.manifest import Manifest
from game.tutorial import THEMES, Lesson, lesson_for, missing_cards
from game.tutorial.guide import GuidedTable, lesson_setup
from game.tutorial.lesson import Step
from game.ui import layout_record
from game.ui.animation import SPEEDS
from game.ui.focus import draw_focus_ring
from game.ui.input.context import TableMoment, last_device
from game.ui.layout_record import Kind
from game.ui.round_end import MATCH, POINTS
from game.ui.scene import Host, Scene
from game.ui.scene_registry import scene_class
from game.ui.style import Style, wrap
from game.ui.table.renderer import reveal_rect
from game.ui.widgets.button import Button
from game.ui.widgets.score_panel import score_rect

if TYPE_CHECKING:  # the type only: scenes open each other by name
    from game.ui.scenes.table import TableScene

log = logging.getLogger(__name__)
SKIP_KEY = pygame.K_BACKSPACE
PORTRAIT_TEXT = 1.5  # the coach's words in a tall window: larger (its scale is 0.625)
COACH = N_("Coach")
SKIP = N_("Skip lesson")
# How to do what the step asks, by what the player is using now.
HOW = {
    "keys": {
        "card": N_("Click the card (or Left/Right, then Enter). You may drag it to the pile."),
        "pile": N_("Click the draw pile (or press D)."),
        "uno": N_("Click UNO! (or U), then click the card."),
        "catch": N_("Click Catch! by Kai (or press X)."),
        "challenge": N_("Click Challenge (or press C)."),
    },
    "pad": {
        "card": N_("Move to the card with the D-pad, then press A."),
        "pile": N_("Press X to draw."),
        "uno": N_("Press Y for UNO, then play the card with A."),
        "catch": N_("Press Y to catch Kai."),
        "challenge": N_("Press Y to challenge."),
    },
    "touch": {
        "card": N_("Tap the card, or drag it onto the discard pile."),
        "pile": N_("Tap the draw pile."),
        "uno": N_("Tap UNO!, then tap the card."),
        "catch": N_("Tap Catch! by Kai."),
        "challenge": N_("Tap Challenge."),
    },
}
COLOUR_HOW = {
    "keys": N_("Then click a colour (or press 1 to 4)."),
    "pad": N_("Then press the button of the colour: A green, B {red}, X blue, Y yellow."),
    "touch": N_("Then tap a colour."),
}
WAIT = N_("Watch Kai's move...")
ELSEWHERE = N_("{pack} lacks cards this lesson deals, so it is played in {theme}.")
STEP_HOW = N_("{do}. {how}")  # "Now draw a card. Click the draw pile (or press D)."
REVEAL = N_("Here is Kai's hand: he held the colour in play. Click, tap or press any key to go on.")
DONE_HOW = {
    "keys": N_("Enter or click: back to the menu."),
    "pad": N_("A: back to the menu."),
    "touch": N_("Tap: back to the menu."),
}


class LessonHost:
    """The app as the lesson's table sees it: the round's end opens the lesson's
    last word instead of the tally and the scoreboard."""

    def __init__(self, host: Host, lesson: LearnScene) -> None:
        self._host, self._lesson = host, lesson

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        if name in ("round_tally", "scoreboard"):
            args[0].words.say(POINTS, MATCH)  # the lesson's end shows the round won
            return LessonEnd(self._host, self._lesson)
        return self._host.scene(name, *args, **kwargs)  # type: ignore[arg-type]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._host, name)


def lesson_in(host: Host, pack: Pack) -> tuple[Pack, Lesson, str]:
    """The pack the lesson is played in, its lesson, and a word for the player when
    that is not the pack chosen: a pack that lacks a card the script needs (a colour
    of its own, a preset with no script of its own) plays in a shipped pack."""
    preset = pack.manifest.preset if pack.manifest else "classic"
    lesson = lesson_for(pack.id, preset)
    missing = missing_cards(lesson, _faces(pack.manifest) if pack.manifest else ())
    if not missing:
        return pack, lesson, ""
    shipped = host.catalog.choose(preset if preset in THEMES else "classic")
    language = host.i18n.language
    note = host.gettext(ELSEWHERE).format(
        pack=pack.manifest.name(language) if pack.manifest else pack.id,
        theme=shipped.manifest.name(language) if shipped.manifest else shipped.id,
    )
    log.info("%s lacks %s for the lesson: played in %s", pack.id, ", ".join(missing), shipped.id)
    return shipped, lesson_for(shipped.id), note


def _faces(manifest: Manifest) -> set[str]:
    """The cards of the pack's deck it has colours for."""
    keys = {c.key for c in manifest.colours}
    return {
        face
        for face in preset_faces(manifest.preset)
        if Card.parse(face).color is None or Card.parse(face).color in keys
    }


class LearnScene(Scene):
    def __init__(self, host: Host, theme: str) -> None:
        super().__init__(host)
        pack, self.lesson, self.note = lesson_in(host, host.catalog.choose(theme))
        self.theme = pack.id
        speed = host.settings.speed
        self.setup = lesson_setup(self.lesson, speed, host.settings.player_name)
        self.setup = type(self.setup)(**{**self.setup.__dict__, "theme": self.theme})
        self.guide = GuidedTable(self.lesson, self.setup, SPEEDS[speed])
        table_scene = scene_class("table")
        body = table_scene(LessonHost(host, self), self.setup, link=self.guide)
        self.body = cast("TableScene", body)
        self.body.says_status = False  # the coach's box says what to do, and has the room
        self.finished = False
        self.clock = 0.0
        # The step the coach speaks of: the guide's, once the table shows what led to
        # it (its words tell what the cards did: they wait for the cards to land).
        self.shown_step: Step | None = None
        self.body.guidance = self  # the table's hint, status and refusals say the step

    # The table scene is the lesson's body: every hook goes to it.
    def enter(self) -> None:
        self.body.enter()

    def exit(self) -> None:
        self.body.exit()

    def pause(self) -> None:
        self.body.pause()

    def resume(self) -> None:
        self.body.resume()

    def resize(self, size: tuple[int, int]) -> None:
        self.body.resize(size)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.body.update(dt)
        if self.caught_up() and self.shown_step is not self.guide.asked:
            self.shown_step = self.guide.asked
            self._point_chooses()

    def _point_chooses(self) -> None:
        """The coach's pointer on a card makes it the chosen card (Enter plays it)."""
        step, picture = self.shown_step, self.body.picture
        kind, _, face = step.point.partition(":") if step is not None else ("", "", "")
        if kind == "card":
            index = next((i for i, h in enumerate(picture.fan.cards) if h.card.text == face), None)
            picture.focus = index
        elif step is not None:
            picture.choose(None)  # the pointer is on a button or the pile

    # -- Guidance: the step's words for the table's hint, status line and refusals --

    def instruction(self) -> str | None:
        step = self.guide.asked
        if step is None:
            return None
        _ = self.host.gettext
        do = _(step.do).format(red=self._red())
        return _(STEP_HOW).format(do=do, how=self._how(step.point, step.want.card))

    def accepts(self, action: Action) -> bool:
        step = self.guide.asked
        return step is not None and step.want.accepts(action)

    def caught_up(self) -> bool:
        """The table shows everything that has happened (no card flies, no event waits)
        and the move is the player's: Kai has played what came before the step."""
        return self.body.human_turn()

    def handle(self, event: pygame.event.Event) -> None:
        skip = self.skip_button()
        if (event.type == pygame.KEYDOWN and event.key == SKIP_KEY) or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and skip.hit(event.pos)
        ):
            self.skip()
            return
        self.body.handle(event)

    def skip(self) -> None:
        self.host.stack.reset(self.host.scene("menu"))

    # What the table asks and where its pile is, for the controller and touch layer.
    def table_moment(self) -> TableMoment:
        return self.body.table_moment()

    def discard_rect(self) -> pygame.Rect:
        return self.body.discard_rect()

    # -- drawing ------------------------------------------------------------------

    def skip_button(self) -> Button:
        s = self.body.style
        rect = pygame.Rect(s.px(10), s.px(10), s.px(170), max(s.px(40), _finger(self.host)))
        button = Button(
            "skip", self.host.gettext(SKIP), rect, hotkey=SKIP_KEY, text_size=18, anchor="midleft"
        )
        button.max_w = s.px(300)  # a pixel font in a small window needs the room
        button.grow_to_fit(s)
        return button

    def draw(self, surface: pygame.Surface) -> None:
        self.body.draw(surface)
        s = self.body.style
        self.skip_button().draw(surface, s, False, False)
        step, _ = self.shown_step, self.host.gettext
        if step is not self.guide.asked:  # the player's move and Kai's answer still show
            if step is not None:
                self.coach_box(surface, s, _(WAIT), "")
            return
        if step is None:
            return
        words = _(step.say).format(red=self._red())
        if self.note and self.guide.step_index == 0:
            words = f"{self.note} {words}"
        reveal = self.body.picture.shown.reveal
        if reveal is not None:  # the challenge's proof: read, then go on
            said = self.body.frame().words  # the panel is as wide as its words
            words_on = (said.reveal_title, said.reveal_go_on)
            panel = reveal_rect(s, self.body.geometry, len(reveal.hand), words_on)
            self.coach_box(surface, s, words, _(REVEAL), panel)
            return
        waiting = not self.body.human_turn() and step.point != "catch"
        target = None if waiting else self.target(step.point)
        how = _(WAIT) if waiting else self._how(step.point, step.want.card)
        box = self.coach_box(surface, s, words, how)
        if target is not None:
            self._point_at(surface, s, target, box)

    def _red(self) -> str:
        return self.body.style.colour_name(self.lesson.first_colour).lower()

    def _how(self, point: str, card: str) -> str:
        mode = self.host_mode()
        kind = point.partition(":")[0]
        words = self.host.gettext(HOW[mode].get(kind, HOW[mode]["card"]))
        if card in ("creeper", "urrrh", "wild", "wild-draw4"):
            words += " " + self.host.gettext(COLOUR_HOW[mode]).format(red=self._red())
        return words

    def host_mode(self) -> str:
        return last_device(self.host)

    def target(self, point: str) -> pygame.Rect | None:
        """Where the step points on screen now (None: nothing to point at)."""
        t = self.body
        kind, _, face = point.partition(":")
        g = t.geometry
        if kind == "card":
            index = next(
                (i for i, h in enumerate(t.picture.fan.cards) if h.card.text == face), None
            )
            return t.picture.fan.rect_of(index) if index is not None else None
        if kind == "pile":
            return g.place("draw_pile")
        # A button: where the table's controls put it now (a finger's size, a portrait row).
        key = {"uno": "uno", "catch": "catch:1", "challenge": "challenge"}.get(kind)
        return next((b.rect for b in t.buttons() if b.key == key), None) if key else None

    def _point_at(
        self, surface: pygame.Surface, s: Style, target: pygame.Rect, coach: pygame.Rect
    ) -> None:
        """A ring round the target and an arrow bobbing beside it: above, else on the
        left, the right or below, whichever first covers no name, seat, pile or panel."""
        draw_focus_ring(surface, s, target)
        bob = round(s.px(8) * abs(((self.clock * 2) % 2) - 1))
        arrows = [_arrow(target, side, s.px(22), s.px(10) + bob) for side in SIDES]
        window, avoid = surface.get_rect(), [*self._keep_clear(target), coach]
        on_screen = [points for points in arrows if window.contains(_bounds(points))] or arrows
        arrow = min(on_screen, key=lambda points: _covers(_bounds(points), avoid))
        drawn = pygame.draw.polygon(surface, s.accent_rgb, arrow)
        pygame.draw.polygon(surface, s.text_rgb, arrow, width=max(1, s.px(2)))
        layout_record.note("pointer", Kind.PICTURE, drawn, may_cover=("your card",))

    def _keep_clear(self, target: pygame.Rect) -> list[pygame.Rect]:
        """What the pointer must not cover: the seats (the person's plate where a
        second row lifts it), the piles, the log, the scores and the buttons, but
        the target and what holds it."""
        t, s = self.body, self.body.style
        g = t.geometry
        rects = [g.seat_rect(seat) for seat in range(g.players)]
        rects[g.viewer] = rects[g.viewer].move(0, -t.picture.fan.rise)
        words = s.px(60)  # the draw pile's count and the colour's name under the piles
        rects += [g.place(name).inflate(0, 2 * words) for name in ("draw_pile", "discard_pile")]
        rects.append(g.place("event_log"))
        rects += [score_rect(s, g), *(b.rect for b in t.buttons())]
        return [rect for rect in rects if not rect.contains(target)]

    def coach_box(
        self,
        surface: pygame.Surface,
        s: Style,
        words: str,
        how: str,
        clear: pygame.Rect | None = None,
    ) -> pygame.Rect:
        """The coach's words in a box under the Skip button, on the left of the piles,
        in a wide window (clear of the computer's seat at the top); in a tall one,
        across the window over the event log and the scores (the portrait table's
        empty middle: the computer's seat stays in sight at the top). Never over
        `clear` (a revealed hand): narrower beside it, or else under it."""
        w, h = surface.get_size()
        left, top = s.px(10), self.skip_button().rect.bottom + s.px(8)
        if h > w:
            top = self.body.geometry.place("event_log").top
        piles = self.body.geometry.place("draw_pile")
        width = piles.left - s.px(30) if w >= h else w - s.px(20)
        width = max(width, min(w - s.px(20), s.px(360)))
        if clear is not None and clear.left < left + width:
            beside = clear.left - s.px(10) - left
            if beside >= s.px(240):
                width = min(width, beside)
            else:
                top = max(top, clear.bottom + s.px(8))
        big = PORTRAIT_TEXT if h > w else 1.0  # the box has room: words a tablet reads
        font = s.font(s.font_px(19 * big))
        lines = wrap(words, font, width - s.px(24))
        small = s.font(s.font_px(16 * big))
        hows = wrap(how, small, width - s.px(24)) if how else []
        title = s.text(self.host.gettext(COACH), 18 * big, s.accent_rgb)
        height = (
            s.px(12)
            + title.get_height()
            + len(lines) * font.get_linesize()
            + len(hows) * small.get_linesize()
            + s.px(16)
        )
        box = pygame.Rect(left, top, width, height)
        log = self.body.geometry.place("event_log")
        if h > w:  # the log and the scores wholly covered, not showing through
            box.h = max(box.h, log.h)
        # A long word in a small window reaches down over the log's first lines, which
        # it hides (the coach tells what happened) rather than showing through.
        over_log = h <= w and box.colliderect(log)
        s.panel(surface, box, 255 if h > w or over_log else 240, border=s.accent_rgb)
        y = box.y + s.px(6)
        # Over the log and the scores in a tall window; beside a revealed hand, or
        # where its words need the room, the log may go under the box.
        covers = ("event log", "scores") if h > w else ("event log",) if clear or over_log else ()
        with layout_record.widget(box, may_cover=covers):
            layout_record.note("coach", Kind.PANEL, box)
            y += s.blit_text(
                surface, self.host.gettext(COACH), 18 * big, (box.x + s.px(12), y), s.accent_rgb
            ).h
            for line in lines:
                s.blit_text(surface, line, 19 * big, (box.x + s.px(12), y))
                y += font.get_linesize()
            for line in hows:
                s.blit_text(surface, line, 16 * big, (box.x + s.px(12), y), s.accent_rgb)
                y += small.get_linesize()
        return box


class LessonEnd(Scene):
    """The round is won: the coach's last word over the table, then the menu."""

    opaque = False

    def __init__(self, host: Host, lesson: LearnScene) -> None:
        super().__init__(host)
        self.lesson = lesson
        lesson.finished = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        ):
            self.host.stack.reset(self.host.scene("menu"))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.lesson.body.style
        words = self.host.gettext(self.lesson.lesson.done)
        how = self.host.gettext(DONE_HOW[self.lesson.host_mode()])
        self.lesson.coach_box(surface, s, words, how)


def _finger(host: Host) -> int:
    from game.ui.input.touch import min_target_px

    return min_target_px(host.size)


# Where the pointer may stand, in order: a wide target (a button) also over its ends.
SIDES = ("above", "above-left", "above-right", "left", "right", "below")


def _arrow(target: pygame.Rect, side: str, size: int, gap: int) -> list[tuple[int, int]]:
    """A triangle on `side` of `target`, its tip `gap` from it, pointing at it."""
    if side.startswith("above"):
        x, y = target.centerx, target.top - gap
        if side != "above" and target.w > 6 * size:
            x = target.left + 2 * size if side == "above-left" else target.right - 2 * size
        return [(x, y), (x - size, y - size), (x + size, y - size)]
    if side == "below":
        x, y = target.centerx, target.bottom + gap
        return [(x, y), (x - size, y + size), (x + size, y + size)]
    y = target.top + min(2 * size, target.h // 2)
    if side == "left":
        x = target.left - gap
        return [(x, y), (x - size, y - size), (x - size, y + size)]
    x = target.right + gap
    return [(x, y), (x + size, y - size), (x + size, y + size)]


def _covers(box: pygame.Rect, avoid: list[pygame.Rect]) -> int:
    """How much of `avoid` the box covers, in pixels (0: none)."""
    return sum(box.clip(rect).w * box.clip(rect).h for rect in avoid)


def _bounds(points: list[tuple[int, int]]) -> pygame.Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
