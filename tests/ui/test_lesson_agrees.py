"""The guided game agrees with itself: at every step the cards lit and the
buttons offered, the actions the lesson accepts and the hint are one set; a hint
is the step's own instruction and never goes into the log; anything else is
answered with what the step wants, never "That is not allowed now"; the coach's
words for a step wait until the table shows what led to it."""

from __future__ import annotations

import pygame
import pytest

from game.tutorial import THEMES
from game.ui.scenes.learn import LearnScene
from tests.ui.conftest import FRAME

NOT_ALLOWED = "That is not allowed now."


def _learn(app, theme: str, speed: str) -> LearnScene:  # noqa: ANN001
    app.settings.speed = speed
    scene = app.scene("learn", theme)
    app.start(scene)
    return scene


def _frame(scene: LearnScene, seen: list[str]) -> None:
    """One frame; a coach's step shown in it must follow a table that shows everything."""
    before = scene.shown_step
    scene.update(FRAME)
    step, body = scene.shown_step, scene.body
    if step is not before and step is not None:
        flying = [f for f in body.picture.choreo.flights if not f.tween.finished]
        if flying or body.picture.busy:
            seen.append(f"the coach spoke of {step.do!r} while cards still moved")
        if step.point == "catch" and not body.picture.shown.one_card(1):
            seen.append("'forgot UNO' before Kai's one card showed")


def _answerable(scene: LearnScene, seen: list[str]) -> bool:
    """Frames until the shown step can be answered; False when the lesson is over."""
    body = scene.body
    for _ in range(5000):
        if scene.guide.asked is None:
            return False
        if body.picture.shown.reveal is not None:
            body.picture.shown.reveal = None  # the player reads Kai's hand, then goes on
        elif scene.shown_step is scene.guide.asked and body.human_turn():
            return True
        _frame(scene, seen)
    raise AssertionError("the lesson stalled")


def _lit(scene: LearnScene) -> set[str]:
    """What the screen offers: the lit cards and the prompt's buttons on screen."""
    body = scene.body
    playable = body._hand_look().playable or frozenset()
    keys = {f"play:{card.text}" for card in playable}
    prompt_keys = {c.key for c in body.seat.prompt.choices if c.card is None}
    keys |= {b.key for b in body.buttons() if b.key in prompt_keys}
    if body.seat.prompt.pile is not None:
        keys.add(body.seat.prompt.pile.key)  # the draw pile itself is lit
    return keys


def _accepted(scene: LearnScene) -> set[str]:
    body, step = scene.body, scene.guide.asked
    assert step is not None
    # Every action the table has, not only the prompt's: the lesson takes only these.
    legal = body.table.table.update(0).legal
    keys = set()
    for action in legal:
        if step.want.accepts(action):
            choice = body.seat.prompt.find(action)
            keys.add(choice.key if choice is not None else f"not offered: {action}")
    return keys


def _hinted(scene: LearnScene) -> tuple[set[str], str]:
    """The hint: the choice it makes Enter do (or the card it focuses) and its words."""
    body = scene.body
    body.press("hint")
    words = body.picture.toast[0] if body.picture.toast else ""
    if body.seat.hinted is not None:
        choice = body.seat.prompt.find(body.seat.hinted)
        return {choice.key if choice else str(body.seat.hinted)}, words
    focus = body.picture.focus
    assert focus is not None, "the hint neither chose a move nor a card"
    return {f"play:{body.picture.fan.cards[focus].card.text}"}, words


def _refused_words(scene: LearnScene) -> str:
    """Something the step does not want: its answer."""
    body, step = scene.body, scene.guide.asked
    assert step is not None
    body.picture.toast = None
    if step.point == "pile":
        other = next(h.card for h in body.picture.fan.cards)
        body.card_chosen(other)
    else:
        body.press("pile")
    return body.picture.toast[0] if body.picture.toast else ""


def _do_step(scene: LearnScene) -> None:
    """Enter, after the hint: what looks chosen is done (a wild asks its colour)."""
    body = scene.body
    body.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    if body.seat.choice is not None:
        question = body.seat.choice.question or "color"
        body.press(f"{question}:{body.seat.choice.options(question)[0]}")


@pytest.mark.parametrize("theme", THEMES)
def test_at_every_step_lit_accepted_and_hinted_are_one(app, theme: str) -> None:  # noqa: ANN001
    scene = _learn(app, theme, "2x")
    seen: list[str] = []
    steps = 0
    while _answerable(scene, seen):
        step = scene.guide.asked
        assert step is not None
        instruction = scene.instruction()
        assert instruction and step.do.split()[0].lower() in instruction.lower()
        lit, accepted = _lit(scene), _accepted(scene)
        hinted, words = _hinted(scene)
        assert lit == accepted == hinted, (step.do, lit, accepted, hinted)
        assert words == instruction  # the hint is the step's own instruction
        assert instruction not in scene.body.log.lines  # and never a line of the log
        assert scene.body._status() == instruction
        refused = _refused_words(scene)
        assert refused == instruction and refused != NOT_ALLOWED
        target = scene.target(step.point)
        assert target is not None  # the coach points at the one thing lit
        index = scene.guide.step_index
        _hinted(scene)
        _do_step(scene)
        assert scene.guide.step_index == index + 1, f"Enter did not do {step.do!r}"
        steps += 1
    assert steps == len(scene.guide.lesson.steps)
    assert seen == []
