"""The table's controls: which buttons exist now, and what a click or key means.

Every intent ends as one legal Action applied by the scene, or as a visible
refusal. A click during an animation is queued by card, not by position, and
checked again when the table is still.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Card
from game.engine.actions import DRAW, Play
from game.i18n import N_
from game.table.play_choice import PlayChoice
from game.table.prompt import Choice, ChoiceKind
from game.ui import hint
from game.ui.style import Style
from game.ui.widgets.button import Button
from game.ui.widgets.color_picker import ColorPicker
from game.ui.widgets.piles import words_bottom

# Keys that answer a prompt: pressed while cards move, they are refused out loud.
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
ANSWER_KEYS = (pygame.K_k, pygame.K_t, pygame.K_c, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


UNO_NOTE = N_("UNO will be called with your next card.")


def controls(t: TableScene) -> list[Button]:
    """The buttons on screen now (drawn and clicked from the same list)."""
    s = t.style
    out: list[Button] = []
    if t.human_turn() and t.choice is None:
        out += _prompt_buttons(t)
    out += _catch_buttons(t)
    out += _swap_buttons(t)
    out.append(_uno_button(t))
    # Speed and pause sit in the top-right corner, which no seat map uses.
    w, gap = s.px(136), s.px(10)
    right = t.host.size[0] - gap
    _ = t.host.gettext
    out.append(Button("pause", _("Pause"), pygame.Rect(right - w, gap, w, s.px(40)), text_size=18))
    speed = _("Speed {speed}").format(speed=t.speed)
    wide = s.px(184)  # "Ritmo instant" must fit at the smallest window
    button = Button(
        "speed",
        speed,
        pygame.Rect(right - w - gap - wide, gap, wide, s.px(40)),
        hotkey=pygame.K_s,
        text_size=18,
        max_w=round(wide * 1.6),  # the corner has room to the left; a pixel font needs it
        anchor="midright",
    )
    button.grow_to_fit(s)
    out.append(button)
    if t.is_human(t.viewer):  # the coach's hint, beside the speed; always there, so
        # the corner's buttons stay put (out of turn it says a hint is for your turn)
        hint = pygame.Rect(0, gap, w, s.px(40))
        hint.right = button.rect.left - gap
        hint_button = Button(
            "hint",
            _("Hint (H)"),
            hint,
            hotkey=pygame.K_h,
            text_size=18,
            max_w=round(w * 1.6),  # grows to the left, away from the speed button
            anchor="midright",
        )
        hint_button.grow_to_fit(s)
        out.append(hint_button)
    return out


SCORE_PAD = 8  # 720p pixels
SCORE_LINE = 22  # tighter than the font's own spacing: ten names must fit


def score_rect(t: TableScene) -> pygame.Rect:
    """The score panel as drawn: its place on the map, with room above for a heading,
    and taller where the last row would not fit (ten seats in a small window, where
    the font cannot shrink with the window)."""
    s = t.style
    place = t.geometry.place("score_panel")
    rect = pygame.Rect(place.x, place.y - s.px(20), place.w, place.h + s.px(20))
    rows = -(-t.setup.players // score_columns(t.setup.players))
    need = 2 * s.px(SCORE_PAD) + rows * score_line(s) + s.text("0", 18).get_height()
    rect.h = max(rect.h, need)
    return rect


def score_line(s: Style) -> int:
    """A score row's height: tighter than the font's own spacing, but where the font
    cannot shrink with the window (800x600) never so tight that the rows touch."""
    return max(s.px(SCORE_LINE), round(s.text("0", 18).get_height() * 0.75))


def score_columns(players: int) -> int:
    return 1 if players <= 4 else 2


def _prompt_band(t: TableScene, row: pygame.Rect, ceiling: int = 0) -> pygame.Rect:
    """Where the prompt buttons may go at `row`'s height: clear of the event log and
    the score panel. Where those reach up beside the row (800x600), the row is lifted
    above them, if that keeps it below `ceiling`, so a long label keeps its size and
    stays whole."""
    gap = t.style.px(8)
    panels = [t.geometry.place("event_log"), score_rect(t)]
    beside = [p for p in panels if p.top < row.bottom and p.bottom > row.top]
    if beside:
        lifted = row.copy()
        lifted.bottom = min(p.top for p in beside) - gap
        if lifted.top >= ceiling and not any(p.colliderect(lifted) for p in panels):
            row = lifted
            beside = []
    left, right = 0, t.host.size[0]
    for panel in beside:
        if panel.centerx < row.centerx:
            left = max(left, panel.right + gap)
        else:
            right = min(right, panel.left - gap)
    return pygame.Rect(left, row.y, max(0, right - left), row.h)


def _prompt_buttons(t: TableScene) -> list[Button]:
    """Decisions of the moment, in a row just above the person's name (the status
    line gives way to them), never over the panels beside it."""
    s, g = t.style, t.geometry
    plate_top = g.seat_rect(t.viewer).bottom - s.px(36) - t.fan.rise
    row = pygame.Rect(0, 0, s.px(440), s.px(44))
    row.midbottom = (g.place("hand").centerx, plate_top - s.px(6))
    # Under the words below the piles (the colour's name): a little shorter if need be.
    top = words_bottom(s, g) + s.px(4)
    if row.top < top:
        row.h = max(s.px(34), row.bottom - top)
        row.top = top
    band = _prompt_band(t, row.inflate(s.px(240), 0), top)
    row.y = band.y
    prompt = t.prompt
    keep, take = prompt.of(ChoiceKind.KEEP), prompt.of(ChoiceKind.TAKE)
    challenge = prompt.of(ChoiceKind.CHALLENGE)
    drawn = prompt.play_of(prompt.drawn) if prompt.drawn is not None else None
    if keep is not None:
        first = drawn or keep
        return _pair(
            row.clip(band), s, _button_of(t, first, "return"), _button_of(t, keep), band=band
        )
    if challenge is not None and take is not None:
        return _pair(
            row.inflate(s.px(240), 0).clip(band),
            s,
            _button_of(t, challenge),
            _button_of(t, take),
            split=0.76,
            size=18,
            band=band,
        )
    if take is not None:
        box = pygame.Rect(0, 0, s.px(180), row.h)
        box.midbottom = row.midbottom
        key, label, hotkey = _button_of(t, take)
        return [Button(key, label, box.clamp(band), primary=True, hotkey=hotkey)]
    return []


def _button_of(t: TableScene, choice: Choice, hotkey: str = "") -> tuple[str, str, int]:
    """A choice as a button's key, label (in the player's words) and hotkey."""
    label = t.host.gettext(choice.label).format(
        n=t.prompt.pending, card=_face(t, choice.card) if choice.card else ""
    )
    return choice.key, label, pygame.key.key_code(hotkey or choice.hotkey)


def _face(t: TableScene, card: Card | None) -> str:
    """'blue Skip' ('Salta azul'): a card's name without its article."""
    from game.ui.narration import bare_card_name

    if card is None:
        return t.host.gettext("card")
    return bare_card_name(card, t.colour_names(), t.host.gettext)


def _pair(
    rect: pygame.Rect,
    s: Style,
    first: tuple,
    second: tuple,
    split: float = 0.5,
    size: float = 20,
    band: pygame.Rect | None = None,
) -> list[Button]:
    gap = s.px(10)
    w1 = round((rect.w - gap) * split)
    w2 = rect.w - w1 - gap
    # A long label widens its button outwards (the pair stays centred on the hand),
    # within `band`, before its text is made smaller.
    room_left = rect.x - band.left if band else w1
    room_right = band.right - rect.right if band else w2
    a = Button(
        first[0],
        first[1],
        pygame.Rect(rect.x, rect.y, w1, rect.h),
        primary=True,
        hotkey=first[2],
        text_size=size,
        max_w=w1 + max(0, min(w1 // 2, room_left)),
        anchor="midright",
    )
    b = Button(
        second[0],
        second[1],
        pygame.Rect(rect.x + w1 + gap, rect.y, w2, rect.h),
        hotkey=second[2],
        text_size=size,
        max_w=w2 + max(0, min(w2 // 2, room_right)),
        anchor="midleft",
    )
    for button in (a, b):
        button.grow_to_fit(s)
    return [a, b]


def _uno_button(t: TableScene) -> Button:
    # It lights only when it matters: the table says a play now leaves one card.
    matters = t.my_turn() and t.choice is None and t.prompt.uno_matters
    # The fonts have no check mark.
    label = t.host.gettext("UNO called" if t.uno_armed else "UNO!")
    return Button(
        "uno",
        label,
        t.geometry.place("uno_button"),
        enabled=t.is_human(t.viewer),
        hotkey=pygame.K_u,
        glow=matters or t.uno_armed,
        text_size=26,
    )


def _catch_buttons(t: TableScene) -> list[Button]:
    """A Catch button over each opponent who may be caught, while the window is open."""
    out = []
    catches = [c for c in t.prompt.choices if c.kind is ChoiceKind.CATCH]
    for choice in catches:
        rect = t.geometry.seat_rect(choice.target or 0)
        box = pygame.Rect(0, 0, t.style.px(140), t.style.px(40))
        box.midtop = (rect.centerx, rect.y - t.style.px(6))
        key, label, hotkey = _button_of(t, choice)
        out.append(Button(key, label, box, primary=True, hotkey=hotkey, text_size=20))
    return out


def _swap_buttons(t: TableScene) -> list[Button]:
    if t.choice is None or t.choice.question != "swap":
        return []
    out = []
    seats = [s for s in t.choice.options("swap") if isinstance(s, int)]
    for number, seat in enumerate(seats, start=1):
        rect = t.geometry.seat_rect(seat)
        box = pygame.Rect(0, 0, t.style.px(200), t.style.px(42))
        box.midtop = (rect.centerx, rect.y - t.style.px(4))
        label = t.host.gettext("{number}  Swap with {name}").format(
            number=number, name=t.names[seat]
        )
        out.append(
            Button(
                f"swap:{seat}", label, box, primary=True, text_size=18, hotkey=pygame.K_0 + number
            )
        )
    return out


def picker(t: TableScene) -> ColorPicker | None:
    colours = t.table.rules.colors
    if t.choice is not None and t.choice.question in ("color", "give"):
        question = t.choice.question
        options = {str(c) for c in t.choice.options(question)}
        title = (
            N_("Choose the new colour")
            if question == "color"
            else N_("Give away every card of which colour?")
        )
        p = ColorPicker(t.host.gettext(title), colours, options, question)
    elif t.human_turn() and t.prompt.of(ChoiceKind.COLOUR) is not None:
        p = ColorPicker(
            t.host.gettext("Choose the starting colour"), colours, set(colours), "choose"
        )
    else:
        return None
    p.place(t.geometry.place("direction").center, t.style)
    return p


# -- input ------------------------------------------------------------------------------


def handle_event(t: TableScene, event: pygame.event.Event) -> None:
    if event.type == pygame.MOUSEMOTION:
        t.mouse = event.pos
        t.fan.hover = t.fan.hit(event.pos)
    elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        _click(t, event.pos)
    elif event.type == pygame.KEYDOWN:
        _key(t, event.key)


def _click(t: TableScene, pos: tuple[int, int]) -> None:
    t.mouse = pos
    if t.shown.reveal is not None:
        t.shown.reveal = None
        return
    p = picker(t)
    if p is not None:
        key = p.key_at(pos)
        if key is not None:
            press(t, key)
        elif not p.panel.collidepoint(pos) and t.choice is not None:
            t.choice = None  # a click away from the picker puts the card back
        return
    button = next((b for b in controls(t) if b.hit(pos)), None)
    if button is not None:
        press(t, button.key)
        return
    index = t.fan.hit(pos)
    if index is not None:
        t.focus = index
        card_chosen(t, t.fan.cards[index].card)
    elif t.geometry.place("draw_pile").collidepoint(pos):
        press(t, "pile")


def _key(t: TableScene, key: int) -> None:
    if t.shown.reveal is not None:  # any key closes the panel, like a click
        t.shown.reveal = None
        return
    if key == pygame.K_ESCAPE:
        if t.replaying:  # the label says "Esc: stop": back to where the replay was chosen
            if len(t.host.stack) > 1:
                t.host.stack.pop()
            else:
                t.host.stack.reset(t.host.scene("menu"))
        elif t.choice is not None:
            t.choice = None
        else:
            t.host.stack.push(t.host.scene("pause", t.setup.theme, t.table.rules, t.set_speed))
        return
    p = picker(t)
    if p is not None and p.key_for(key) is not None:
        press(t, p.key_for(key) or "")
        return
    if key in ENTER_KEYS and t.hinted is not None and t.human_turn():
        t.submit(t.hinted)  # Enter does what the hint said, UNO call and all
        return
    button = next((b for b in controls(t) if b.enabled and b.hotkey == key), None)
    if button is not None:
        press(t, button.key)
    elif key == pygame.K_x and not t.choreo.busy:  # X with no Catch button up
        t.say(t.host.gettext("Nobody to catch: no one is holding one card without UNO."))
    elif t.choreo.busy and key in ANSWER_KEYS:
        t.say(t.host.gettext("Wait a moment: the cards are still moving."))  # refused, visibly
    elif key in (pygame.K_LEFT, pygame.K_RIGHT) and t.fan.cards:
        step = -1 if key == pygame.K_LEFT else 1
        t.focus = 0 if t.focus is None else (t.focus + step) % len(t.fan.cards)
    elif key in (*ENTER_KEYS, pygame.K_UP) and t.focus is not None and t.focus < len(t.fan.cards):
        card_chosen(t, t.fan.cards[t.focus].card)
    elif key in (pygame.K_d, pygame.K_SPACE):
        press(t, "pile")


def press(t: TableScene, key: str) -> None:  # noqa: C901 - one branch per control
    name, _, arg = key.partition(":")
    if name == "pause":
        t.host.stack.push(t.host.scene("pause", t.setup.theme, t.table.rules, t.set_speed))
    elif name == "speed":
        t.cycle_speed()
    elif name == "hint":
        hint.ask(t)
    elif name == "uno":
        t.uno_armed = not t.uno_armed
        t.say(t.host.gettext(UNO_NOTE if t.uno_armed else "UNO call taken back."))
    elif name in ("draw", "pile"):
        _pile(t)
    elif (choice := next((c for c in t.prompt.choices if c.key == key), None)) is not None:
        _take(t, choice)
    elif name in ("color", "give", "swap") and t.choice is not None:
        value: object = int(arg) if name == "swap" else arg
        if t.choice.answer(name, value):
            _finish_choice(t)


def _take(t: TableScene, choice: Choice) -> None:
    """A choice of the prompt, taken: a card is played (asking what is missing)."""
    if choice.kind is ChoiceKind.PLAY and choice.card is not None:
        card_chosen(t, choice.card)
        return
    action = choice.action()
    if action is not None:
        t.submit(action)


def _pile(t: TableScene) -> None:
    """The draw pile, D or Space: draw on a turn, take the cards when a penalty waits;
    otherwise say what is asked instead."""
    if t.choreo.busy:
        _queue(t, ("draw", None))
        return
    choice = t.prompt.pile
    if choice is not None:
        _take(t, choice)
    elif t.prompt.status:
        t.say(t.host.gettext(t.prompt.status))
    else:
        t.submit(DRAW)  # not the person's turn: the engine says whose it is


def card_chosen(t: TableScene, card: Card) -> None:
    """A card of the hand was picked: play it, ask what is missing, or say why not."""
    if t.choreo.busy:
        _queue(t, ("card", card))
        return
    playing = t.prompt.play_of(card)
    variants = [a for a in playing.actions if isinstance(a, Play)] if playing else []
    if not variants:
        t.shake = (card, 0.4)
        t.submit(Play(card))  # not a legal play: the engine says why
        return
    t.choice = PlayChoice(card, variants, t.uno_armed)
    _finish_choice(t)


def _finish_choice(t: TableScene) -> None:
    if t.choice is not None and t.choice.action is not None:
        t.submit(t.choice.action)


def _queue(t: TableScene, intent: tuple[str, object]) -> None:
    t.queued = intent
    t.say(t.host.gettext("Wait a moment: that goes as soon as the cards land."))


def replay_queued(t: TableScene) -> None:
    intent, t.queued = t.queued, None
    if intent is None:
        return
    kind, card = intent
    if kind == "draw":
        _pile(t)
    elif isinstance(card, Card):
        if t.fan.index_of(card) is None:
            t.say(t.host.gettext("That card is no longer in your hand."))
        else:
            card_chosen(t, card)
