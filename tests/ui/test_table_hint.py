"""The coach at the table: H asks for a hint, and "Teach me" speaks after a far-off move."""

from __future__ import annotations

import time

import pygame

from game.ai.coach import Advice
from game.ui.scenes.table import TOAST_MOST_SECONDS, TOAST_SECONDS, toast_seconds
from game.ui.scenes.table_input import controls
from tests.ui.conftest import FRAME, run_until, table_where


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _wait_for_coach(app, table) -> None:  # noqa: ANN001
    """Frames until the coach's worker has answered (it thinks in real time)."""
    deadline = time.monotonic() + 10
    while table.coach._pending and time.monotonic() < deadline:
        time.sleep(0.02)
        app.step(FRAME)
    app.step(FRAME)


def test_h_shows_the_experts_move_and_why(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: len(t.viewer_legal()) > 1)
    assert any(b.key == "hint" and b.hotkey == pygame.K_h for b in controls(table))
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    text = table.toast[0] if table.toast else ""
    assert text.endswith(".") and ":" in text, text  # "Play your red 7: ..." or "Draw a card: ..."
    assert text in table.log.lines


def test_a_hinted_card_takes_the_keyboard_focus(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.hint as hint

    table = table_where(app, lambda t: sum(a[0] == "play" for a in t.viewer_legal()) > 1)
    plays = [a for a in table.viewer_legal() if a[0] == "play"]
    move = plays[-1]
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(move, "draw"))
    table.focus = None
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    assert table.focus is not None and table.fan.cards[table.focus].card is move.card


def test_a_note_stays_as_long_as_it_takes_to_read(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: True)
    assert toast_seconds("Speed fast") == TOAST_SECONDS
    sentence = "Juega tu Comodín y elige azul: es el color que más tienes."
    assert TOAST_SECONDS < toast_seconds(sentence) < TOAST_MOST_SECONDS
    assert toast_seconds("x" * 500) == TOAST_MOST_SECONDS
    table.say(sentence)
    for _ in range(int(TOAST_SECONDS / FRAME) + 5):  # past the old 2.5 s
        app.step(FRAME)
    assert table.toast is not None and table.toast[0] == sentence


def test_teach_me_speaks_only_when_the_move_was_far_off(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.hint as hint

    table = table_where(app, lambda t: len(t.viewer_legal()) > 1)
    app.settings.teach = True
    legal = table.viewer_legal()
    taken, better = legal[-1], legal[0]
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(better, "draw"))
    monkeypatch.setattr(hint, "second_opinion", lambda advice, act: act != advice.action)
    assert table.submit(taken)
    _wait_for_coach(app, table)
    assert table.toast is not None and table.toast[0].startswith("A thought: ")
    run_until(app, lambda: table.human_turn())
    table.toast = None
    now = table.viewer_legal()
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(now[0], "draw"))
    assert table.submit(now[0])  # the coach's own move: nothing to say
    _wait_for_coach(app, table)
    assert table.toast is None or not table.toast[0].startswith("A thought: ")
