"""The coach at the table: H asks for a hint, and "Teach me" speaks after a far-off move."""

from __future__ import annotations

import time

import pygame

from game.ai.coach import Advice
from game.ui.table.picture import TOAST_MOST_SECONDS, TOAST_SECONDS, toast_seconds
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
    table = table_where(app, lambda t: len(t.seat.legal()) > 1)
    assert any(b.key == "hint" and b.hotkey == pygame.K_h for b in table.buttons())
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    text = table.picture.toast[0] if table.picture.toast else ""
    assert text.endswith(".") and ":" in text, text  # "Play your red 7: ..." or "Draw a card: ..."
    assert text not in table.log.lines  # a hint is not a move: never in the log


def test_a_hinted_card_takes_the_keyboard_focus(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.table.hint as hint

    table = table_where(app, lambda t: sum(a[0] == "play" for a in t.seat.legal()) > 1)
    plays = [a for a in table.seat.legal() if a[0] == "play"]
    move = plays[-1]
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(move, "save"))
    table.picture.focus = None
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    assert (
        table.picture.focus is not None
        and table.picture.fan.cards[table.picture.focus].card is move.card
    )


def test_a_note_stays_as_long_as_it_takes_to_read(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: True)
    assert toast_seconds("Speed fast") == TOAST_SECONDS
    sentence = "Juega tu Comodín y elige azul: es el color que más tienes."
    assert TOAST_SECONDS < toast_seconds(sentence) < TOAST_MOST_SECONDS
    assert toast_seconds("x" * 500) == TOAST_MOST_SECONDS
    table.say(sentence)
    for _ in range(int(TOAST_SECONDS / FRAME) + 5):  # past the old 2.5 s
        app.step(FRAME)
    assert table.picture.toast is not None and table.picture.toast[0] == sentence


def test_teach_me_speaks_only_when_the_move_was_far_off(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.table.hint as hint

    table = table_where(app, lambda t: len(t.seat.legal()) > 1)
    app.settings.teach = True
    legal = table.seat.legal()
    taken, better = legal[-1], legal[0]
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(better, "save"))
    monkeypatch.setattr(hint, "second_opinion", lambda advice, act: act != advice.action)
    assert table.submit(taken)
    _wait_for_coach(app, table)
    assert table.picture.toast is not None and table.picture.toast[0].startswith("Instead of ")
    run_until(app, lambda: table.human_turn())
    table.picture.toast = None
    now = table.seat.legal()
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(now[0], "save"))
    assert table.submit(now[0])  # the coach's own move: nothing to say
    _wait_for_coach(app, table)
    assert table.picture.toast is None or not table.picture.toast[0].startswith("Instead of ")


# -- Enter does what the hint says, on stacked decks ------------------------------------

from game.engine.actions import ACCEPT, DRAW, PASS, Play  # noqa: E402
from tests.ui.test_table_prompts import NO_MATCH, OTHER, _deal, _ready, stacked  # noqa: E402


def _hinted(app, table, monkeypatch, advice: Advice) -> str:  # noqa: ANN001
    """H with the coach made to say `advice`; the sentence shown."""
    import game.ui.table.hint as hint

    monkeypatch.setattr(hint, "advise", lambda view, legal: advice)
    _key(pygame.K_h)
    app.step(FRAME)
    _wait_for_coach(app, table)
    assert table.seat.hinted == advice.action and table.picture.toast is not None
    return table.picture.toast[0]


def _enter(app, table) -> None:  # noqa: ANN001
    _key(pygame.K_RETURN)
    app.step(FRAME)
    run_until(app, lambda: not table.picture.choreo.busy)


def _log(table) -> list:  # noqa: ANN001
    return [a for seat, a in table.table.match.round.log if seat == table.seat.viewer]


def test_enter_after_a_hint_to_play_with_uno_plays_it_with_the_call(app, monkeypatch) -> None:  # noqa: ANN001
    seat0 = ["red-1", "red-2"]
    table = stacked(app, _deal(seat0 + NO_MATCH[2:], OTHER) + ["red-5"])
    _ready(app, table, 0)
    round_ = table.table.match.round
    round_.hands[0] = round_.hands[0][:2]  # two cards: the next play leaves one
    round_._legal = None
    table.seat.latest = table.table.update(0)
    move = Play("red-1", uno=True)
    text = _hinted(app, table, monkeypatch, Advice(move, "save"))
    assert "call UNO" in text
    assert table.picture.fan.cards[table.picture.focus or 0].card.text == "red-1"  # chosen
    _enter(app, table)
    assert _log(table)[-1] == move
    assert table.seat.hinted is None and (
        table.picture.toast is None or table.picture.toast[0] != text
    )


def test_enter_after_keep_keeps_the_drawn_card(app, monkeypatch) -> None:  # noqa: ANN001
    table = stacked(app, _deal(NO_MATCH, OTHER) + ["red-5", "wild"])
    _ready(app, table, 0)
    _key(pygame.K_d)
    app.step(FRAME)
    run_until(app, lambda: table.human_turn())
    assert table.seat.latest.phase == "drawn"
    _hinted(app, table, monkeypatch, Advice(PASS, "keep_drawn"))
    _enter(app, table)
    assert _log(table)[-1] == PASS  # not the drawn Wild, which Enter would play


def test_enter_after_draw_draws_not_the_focused_card(app, monkeypatch) -> None:  # noqa: ANN001
    table = stacked(app, _deal(["red-1", *NO_MATCH[1:]], OTHER) + ["red-5", "blue-9"])
    _ready(app, table, 0)
    table.picture.focus = 0  # the red 1, which could be played
    _hinted(app, table, monkeypatch, Advice(DRAW, "save"))
    _enter(app, table)
    assert _log(table)[-1] == DRAW


def test_enter_after_take_takes_the_penalty(app, monkeypatch) -> None:  # noqa: ANN001
    seat0 = ["red-draw2", "green-1", "green-3", "blue-3", "yellow-1", "green-6", "yellow-2"]
    seat1 = ["blue-draw2", *OTHER[1:]]
    table = stacked(app, _deal(seat0, seat1) + ["red-5"], humans=(0, 1))
    _ready(app, table, 0)

    table.card_chosen(table.table.match.round.hand(0)[0])
    _ready(app, table, 1)
    _hinted(app, table, monkeypatch, Advice(ACCEPT, "accept"))
    _enter(app, table)
    assert _log(table)[-1] == ACCEPT


def test_a_hint_stays_out_of_the_log_and_goes_when_the_player_acts(
    app,  # noqa: ANN001
    monkeypatch,  # noqa: ANN001
) -> None:
    table = stacked(app, _deal(["red-1", *NO_MATCH[1:]], OTHER) + ["red-5", "blue-9"])
    _ready(app, table, 0)
    text = _hinted(app, table, monkeypatch, Advice(DRAW, "save"))
    again = _hinted(app, table, monkeypatch, Advice(DRAW, "save"))
    assert again == text and text not in table.log.lines
    assert table.submit(Play("red-1"))  # the player did something else
    assert table.seat.hinted is None and (
        table.picture.toast is None or table.picture.toast[0] != text
    )


def test_a_hint_for_a_position_gone_is_not_shown(app, monkeypatch) -> None:  # noqa: ANN001
    import game.ui.table.hint as hint

    table = stacked(app, _deal(["red-1", *NO_MATCH[1:]], OTHER) + ["red-5", "blue-9"])
    _ready(app, table, 0)
    monkeypatch.setattr(hint, "advise", lambda view, legal: Advice(DRAW, "save"))
    table.press("hint")
    assert table.submit(Play("red-1"))  # acted before the coach answered
    _wait_for_coach(app, table)
    assert table.seat.hinted is None
    assert not any(line.startswith("Draw a card") for line in table.log.lines)


TEACH = (
    "Instead of your blue 6, I would have played your red Skip: Bea has one card left, and "
    "your red Skip makes them miss a turn."
)


def test_a_coachs_long_word_covers_no_pile_and_no_seat() -> None:
    from game.app import App, Options
    from tests.ui.conftest import table_for

    for size in ((1280, 720), (800, 600), (800, 1280)):
        app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size))
        try:
            app.complete_catalog()
            for theme in ("classic", "minecraft", "monster_high"):
                table = table_for(app, seed=2, players=4, theme=theme)
                app.step(FRAME)
                _, box = table.renderer.toast_layout(TEACH, table.frame())
                g = table.geometry
                covered = [g.seat_rect(seat) for seat in range(4)]
                covered += [g.place("draw_pile"), g.place("discard_pile")]
                assert box.collidelist(covered) < 0, (size, theme, box)
                assert app.screen.get_rect().contains(box), (size, theme, box)
                app.stack.pop()
        finally:
            app.close()
