"""The table's controls: which buttons exist now, and what a click or key means.

Every intent ends as one legal Action applied by the scene, or as a visible
refusal. A click during an animation is queued by card, not by position, and
checked again when the table is still.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Card
from game.engine.actions import ACCEPT, CHALLENGE, DRAW, PASS, Catch, ChooseColor
from game.i18n import N_
from game.ui.play_choice import PlayChoice, plays_of
from game.ui.scenes.pause import PauseScene
from game.ui.style import Style
from game.ui.widgets.button import Button
from game.ui.widgets.color_picker import ColorPicker

# Keys that answer a prompt: pressed while cards move, they are refused out loud.
ANSWER_KEYS = (pygame.K_k, pygame.K_t, pygame.K_c, pygame.K_1, pygame.K_2, pygame.K_3,
               pygame.K_4)

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene


def controls(t: TableScene) -> list[Button]:
    """The buttons on screen now (drawn and clicked from the same list)."""
    s = t.style
    out: list[Button] = []
    legal = t.viewer_legal() if not t.choreo.busy else []
    if t.human_turn() and t.choice is None:
        out += _prompt_buttons(t, legal)
    out += _catch_buttons(t)
    out += _swap_buttons(t)
    out.append(_uno_button(t))
    # Speed and pause sit in the top-right corner, which no seat map uses.
    w, gap = s.px(136), s.px(10)
    right = t.host.size[0] - gap
    _ = t.host.gettext
    out.append(Button("pause", _("Pause"), pygame.Rect(right - w, gap, w, s.px(40)),
                      text_size=18))
    speed = _("Speed {speed}").format(speed=t.speed)
    wide = s.px(184)  # "Ritmo instant" must fit at the smallest window
    out.append(Button("speed", speed, pygame.Rect(right - w - gap - wide, gap, wide, s.px(40)),
                      hotkey=pygame.K_s, text_size=18))
    return out


def _prompt_buttons(t: TableScene, legal: list) -> list[Button]:
    """Decisions of the moment, in a row just above the person's name (the status
    line gives way to them)."""
    s, g = t.style, t.geometry
    plate_top = g.seat_rect(t.viewer).bottom - s.px(36) - t.fan.rise
    row = pygame.Rect(0, 0, s.px(440), s.px(44))
    row.midbottom = (g.place("hand").centerx, plate_top - s.px(6))
    _ = t.host.gettext
    phase, take = t.round.phase, _("Take {n}").format(n=t.round.penalty)
    if phase == "drawn":
        play = _("Play the {card}").format(card=_face(t, t.round.drawn))
        return _pair(row, s, ("play_drawn", play, pygame.K_RETURN),
                     ("keep", _("Keep it"), pygame.K_k))
    if phase == "draw4" and CHALLENGE in legal:
        return _pair(row.inflate(s.px(240), 0), s,
                     ("challenge", _("Challenge: they draw 4 if guilty, you draw 6 if not"),
                      pygame.K_c), ("accept", take, pygame.K_t), split=0.76, size=18)
    if phase in ("draw4", "stack"):
        box = pygame.Rect(0, 0, s.px(180), row.h)
        box.midbottom = row.midbottom
        return [Button("accept", take, box, primary=True, hotkey=pygame.K_t)]
    return []


def _face(t: TableScene, card: Card | None) -> str:
    """'blue Skip' ('Salta azul'): a card's name without its article."""
    from game.ui.narration import bare_card_name

    if card is None:
        return t.host.gettext("card")
    return bare_card_name(card, t.colour_names(), t.host.gettext)


def _pair(rect: pygame.Rect, s: Style, first: tuple, second: tuple, split: float = 0.5,
          size: float = 20) -> list[Button]:
    gap = s.px(10)
    w1 = round((rect.w - gap) * split)
    a = Button(first[0], first[1], pygame.Rect(rect.x, rect.y, w1, rect.h), primary=True,
               hotkey=first[2], text_size=size)
    b = Button(second[0], second[1], pygame.Rect(rect.x + w1 + gap, rect.y, rect.w - w1 - gap,
                                                  rect.h), hotkey=second[2], text_size=size)
    return [a, b]


def _uno_button(t: TableScene) -> Button:
    matters = t._my_turn() and len(t.fan.cards) == 2
    # The fonts have no check mark.
    label = t.host.gettext("UNO called") if t.uno_armed else "UNO!"
    return Button("uno", label, t.geometry.place("uno_button"),
                  enabled=t.session.is_human(t.viewer), hotkey=pygame.K_u,
                  glow=matters or t.uno_armed, text_size=26)


def _catch_buttons(t: TableScene) -> list[Button]:
    """A Catch button over each opponent who may be caught, while the window is open."""
    out = []
    for action in t.viewer_legal():
        if action[0] == "catch":
            rect = t.geometry.seat_rect(action.target)
            box = pygame.Rect(0, 0, t.style.px(140), t.style.px(40))
            box.midtop = (rect.centerx, rect.y - t.style.px(6))
            out.append(Button(f"catch:{action.target}", t.host.gettext("Catch! (X)"), box,
                              primary=True,
                              hotkey=pygame.K_x, text_size=20))
    return out


def _swap_buttons(t: TableScene) -> list[Button]:
    if t.choice is None or t.choice.question != "swap":
        return []
    out = []
    for number, seat in enumerate(t.choice.options("swap"), start=1):
        rect = t.geometry.seat_rect(seat)  # type: ignore[arg-type]
        box = pygame.Rect(0, 0, t.style.px(200), t.style.px(42))
        box.midtop = (rect.centerx, rect.y - t.style.px(4))
        label = t.host.gettext("{number}  Swap with {name}").format(
            number=number, name=t.session.name(seat))  # type: ignore[arg-type]
        out.append(Button(f"swap:{seat}", label,
                          box, primary=True, text_size=18, hotkey=pygame.K_0 + number))
    return out


def picker(t: TableScene) -> ColorPicker | None:
    colours = t.round.rules.colors
    if t.choice is not None and t.choice.question in ("color", "give"):
        question = t.choice.question
        options = {str(c) for c in t.choice.options(question)}
        title = N_("Choose the new colour") if question == "color" else \
            N_("Give away every card of which colour?")
        p = ColorPicker(t.host.gettext(title), colours, options, question)
    elif t.human_turn() and t.round.phase == "color":
        p = ColorPicker(t.host.gettext("Choose the starting colour"), colours, set(colours),
                        "choose")
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
        press(t, "draw")


def _key(t: TableScene, key: int) -> None:
    if key == pygame.K_ESCAPE:
        if t.choice is not None:
            t.choice = None
        else:
            t.host.stack.push(PauseScene(t.host, t.setup.theme, t.round.rules, t.set_speed))
        return
    p = picker(t)
    if p is not None and p.key_for(key) is not None:
        press(t, p.key_for(key) or "")
        return
    button = next((b for b in controls(t) if b.enabled and b.hotkey == key), None)
    if button is not None:
        press(t, button.key)
    elif t.choreo.busy and key in ANSWER_KEYS:
        t.say(t.host.gettext("Wait a moment: the cards are still moving."))  # refused, visibly
    elif key in (pygame.K_LEFT, pygame.K_RIGHT) and t.fan.cards:
        step = -1 if key == pygame.K_LEFT else 1
        t.focus = 0 if t.focus is None else (t.focus + step) % len(t.fan.cards)
    elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_UP) and t.focus is not None \
            and t.focus < len(t.fan.cards):
        card_chosen(t, t.fan.cards[t.focus].card)
    elif key in (pygame.K_d, pygame.K_SPACE):
        press(t, "draw")


def press(t: TableScene, key: str) -> None:  # noqa: C901 - one branch per control
    name, _, arg = key.partition(":")
    if name == "pause":
        t.host.stack.push(PauseScene(t.host, t.setup.theme, t.round.rules, t.set_speed))
    elif name == "speed":
        t.cycle_speed()
    elif name == "uno":
        t.uno_armed = not t.uno_armed
        t.say(t.host.gettext("UNO will be called with your next card." if t.uno_armed
                             else "UNO call taken back."))
    elif name == "draw":
        _draw(t)
    elif name == "play_drawn" and t.round.drawn is not None:
        card_chosen(t, t.round.drawn)
    elif name == "keep":
        t.apply(PASS, t.viewer)
    elif name == "challenge":
        t.apply(CHALLENGE, t.viewer)
    elif name == "accept":
        t.apply(ACCEPT, t.viewer)
    elif name == "catch":
        t.apply(Catch(int(arg)), t.viewer)
    elif name == "choose":
        t.apply(ChooseColor(arg), t.viewer)
    elif name in ("color", "give", "swap") and t.choice is not None:
        value: object = int(arg) if name == "swap" else arg
        if t.choice.answer(name, value):
            _finish_choice(t)


def _draw(t: TableScene) -> None:
    if t.choreo.busy:
        _queue(t, ("draw", None))
        return
    if not t.human_turn():
        t.say(_not_your_turn(t))
    elif DRAW in t.viewer_legal():
        t.apply(DRAW, t.viewer)
    else:
        t.say(_why_not(t, None))


def card_chosen(t: TableScene, card: Card) -> None:
    """A card of the hand was picked: play it, ask what is missing, or say why not."""
    if t.choreo.busy:
        _queue(t, ("card", card))
        return
    variants = plays_of(card, t.viewer_legal())
    if not variants:
        t.shake = (card, 0.4)
        t.say(_why_not(t, card) if t._my_turn() else _not_your_turn(t))
        return
    t.choice = PlayChoice(card, variants, t.uno_armed)
    _finish_choice(t)


def _finish_choice(t: TableScene) -> None:
    if t.choice is not None and t.choice.action is not None:
        t.apply(t.choice.action, t.viewer)


def _queue(t: TableScene, intent: tuple[str, object]) -> None:
    t.queued = intent
    t.say(t.host.gettext("Wait a moment: that goes as soon as the cards land."))


def replay_queued(t: TableScene) -> None:
    intent, t.queued = t.queued, None
    if intent is None:
        return
    kind, card = intent
    if kind == "draw":
        _draw(t)
    elif isinstance(card, Card):
        if t.fan.index_of(card) is None:
            t.say(t.host.gettext("That card is no longer in your hand."))
        else:
            card_chosen(t, card)


def _not_your_turn(t: TableScene) -> str:
    return t.host.gettext("Wait for your turn: it is {name}'s turn.").format(
        name=t.session.name(t.round.current))


def _why_not(t: TableScene, card: Card | None) -> str:
    rnd, _ = t.round, t.host.gettext
    phase = rnd.phase
    if phase == "drawn":
        return _("Play the card you just drew, or keep it.")
    if phase == "stack":
        return _("Answer with a Draw Two or take {n} cards.").format(n=rnd.penalty)
    if phase == "draw4":
        return _("Challenge the Wild Draw Four or take the cards first.")
    if phase == "color":
        return _("Choose the starting colour first.")
    if card is None:
        return _("You cannot draw now.")
    if len(t.fan.cards) == 1 and rnd.rules.number_finish and card.kind != "number":
        return _("Your last card must be a number card: draw instead.")
    if card.kind == "wild-draw4" and rnd.rules.strict_draw4:
        return _("A Wild Draw Four may only be played when you hold no card of the colour.")
    from game.ui.narration import card_face

    colour = t.style.colour_name(rnd.color).lower() if rnd.color else ""
    return _("That card does not match: play {colour}, a {card}, or a wild card.").format(
        colour=colour, card=card_face(rnd.top, _))
