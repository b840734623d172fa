"""Touch events (FINGERDOWN/MOTION/UP, posted as SDL sends them) drive the scenes:
a tap clicks, a card dragged onto the pile is played, a long press asks for a hint."""

from __future__ import annotations

import pygame

from game.ui.input.touch import min_target_px
from tests.ui.conftest import FRAME, run_until, table_where


def finger(kind: int, pos: tuple[int, int], size: tuple[int, int], finger_id: int = 1) -> None:
    x, y = pos[0] / size[0], pos[1] / size[1]
    pygame.event.post(
        pygame.event.Event(
            kind, touch_id=1, finger_id=finger_id, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0
        )
    )


def tap(app, pos: tuple[int, int]) -> None:  # noqa: ANN001
    finger(pygame.FINGERDOWN, pos, app.size)
    finger(pygame.FINGERUP, pos, app.size)
    app.step(FRAME)


def drag(app, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:  # noqa: ANN001
    finger(pygame.FINGERDOWN, start, app.size)
    app.step(FRAME)
    for i in range(1, steps + 1):
        t = i / steps
        at = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        finger(pygame.FINGERMOTION, at, app.size)
        app.step(FRAME)
    finger(pygame.FINGERUP, end, app.size)
    app.step(FRAME)


def _playable_index(table) -> int | None:  # noqa: ANN001
    plays = table.seat.prompt.playable
    return next(
        (
            i
            for i, h in enumerate(table.picture.fan.cards)
            if h.card in plays and h.card.color != "wild"
        ),
        None,
    )


def test_a_tap_on_a_menu_button_opens_it_and_sdls_mouse_copy_is_dropped(app) -> None:  # noqa: ANN001
    app.start(app.scene("menu"))
    app.step(FRAME)
    menu = app.stack.top
    rules = next(b for b in menu.menu.buttons if b.key == "rules")
    # SDL's own mouse copy of a touch elsewhere (on Quit) must not click.
    quit_button = next(b for b in menu.menu.buttons if b.key == "quit")
    copy = pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, pos=quit_button.rect.center, button=1, touch=True
    )
    pygame.event.post(copy)
    tap(app, rules.rect.center)
    assert app.running
    assert type(app.stack.top).__name__ == "RulesScene"
    assert app.input.mode == "touch"


def test_dragging_a_card_onto_the_discard_pile_plays_it(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: _playable_index(t) is not None)
    index = _playable_index(table)
    assert index is not None
    card = table.picture.fan.cards[index].card
    pile = table.geometry.place("discard_pile").center
    drag(app, table.picture.fan.rect_of(index).center, pile)
    run_until(app, lambda: not table.picture.choreo.busy, 200)
    assert any(
        seat == table.seat.viewer and a[0] == "play" and a.card is card
        for seat, a in table.table.match.round.log
    )


def test_a_drag_that_ends_away_from_the_pile_plays_nothing(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: _playable_index(t) is not None)
    index = _playable_index(table)
    assert index is not None
    logged = len(table.table.match.round.log)
    start = table.picture.fan.rect_of(index).center
    drag(app, start, (start[0], start[1] - 60))
    assert len(table.table.match.round.log) == logged


def test_a_long_press_asks_the_coach(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: True)
    asked = []
    table._ask_hint = lambda: asked.append(table)  # type: ignore[method-assign]
    finger(pygame.FINGERDOWN, table.picture.fan.rect_of(0).center, app.size)
    for _ in range(45):  # 0.75 s held still
        app.step(FRAME)
    finger(pygame.FINGERUP, table.picture.fan.rect_of(0).center, app.size)
    app.step(FRAME)
    assert asked == [table]
    assert not table.seat.choice  # the press was not also a tap


def test_a_finger_dragged_up_scrolls_the_rules(app) -> None:  # noqa: ANN001
    app.start(app.scene("rules", "classic"))
    app.step(FRAME)
    rules = app.stack.top
    w, h = app.size
    drag(app, (w // 2, h - 150), (w // 2, 150))
    assert rules.scroll > 0
    assert type(app.stack.top).__name__ == "RulesScene"  # a drag is not a tap


def test_touch_targets_are_nine_millimetres_on_a_thirteen_inch_screen() -> None:
    # 1280x720 full screen on 13 inches: 4.45 px/mm, 9 mm = 40 px.
    assert min_target_px((1280, 720)) == 41 or min_target_px((1280, 720)) == 40
    assert min_target_px((1280, 800)) == 42
    assert min_target_px((800, 1280)) == 42


def test_the_menu_buttons_are_finger_sized_at_deck_and_tablet_sizes() -> None:
    from game.app import App, Options

    for size in ((1280, 800), (800, 1280), (1280, 720)):
        app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size))
        try:
            app.start(app.scene("menu"))
            app.step(FRAME)
            for button in app.stack.top.menu.buttons:
                assert button.rect.h >= min_target_px(size), (size, button.key, button.rect)
        finally:
            app.close()


def test_the_set_up_stacks_finger_sized_rows_on_a_portrait_tablet() -> None:
    from game.app import App, Options

    size = (800, 1280)
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size))
    try:
        app.start(app.scene("setup"))
        app.step(FRAME)
        buttons = app.stack.top.buttons
        assert all(b.rect.h >= min_target_px(size) for b in buttons), [
            (b.key, b.rect) for b in buttons if b.rect.h < min_target_px(size)
        ]
        seats = [b for b in buttons if b.key.startswith("name:")]
        match = [b for b in buttons if b.key == "theme"]
        assert seats[0].rect.top > match[0].rect.bottom  # under the match column, not beside
        assert all(b.rect.right <= size[0] for b in buttons)
    finally:
        app.close()


def test_a_lifted_finger_leaves_no_card_raised(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: len(t.picture.fan.cards) > 1)
    pos = table.picture.fan.rect_of(0).center
    finger(pygame.FINGERDOWN, pos, app.size)
    app.step(FRAME)
    assert table.picture.focus == 0  # under the finger, it rises, as under the mouse
    finger(pygame.FINGERMOTION, (pos[0], pos[1] - 200), app.size)  # a drag away, no play
    finger(pygame.FINGERUP, (pos[0], pos[1] - 200), app.size)
    app.step(FRAME)
    assert table.picture.focus is None


def _touch_turn(app, table) -> None:  # noqa: ANN001
    """One decision with a finger alone: tap what the table asks, else a playable
    card (on the strip of it the next card leaves showing), else the draw pile."""
    prompt, fan = table.seat.prompt, table.picture.fan
    picker = table.picker()
    buttons = {b.key: b for b in table.buttons()}
    if picker is not None:
        segment = next(s for s in picker.segments if s.enabled)
        tap(app, segment.rect.center)
    elif prompt.of("keep") is not None:
        key = "return" if prompt.drawn in prompt.playable else prompt.of("keep").key
        tap(app, buttons[key].rect.center if key in buttons else buttons["keep"].rect.center)
    elif prompt.of("take") is not None:
        tap(app, buttons[prompt.of("take").key].rect.center)
    else:
        plays = prompt.playable
        index = next((i for i, h in enumerate(fan.cards) if h.card in plays), None)
        if index is None:
            tap(app, table.geometry.place("draw_pile").center)
        else:
            rect = fan.rect_of(index)
            nxt = fan.rect_of(index + 1).x if index + 1 < len(fan.cards) else rect.right
            tap(app, ((rect.x + min(nxt, rect.right)) // 2, rect.centery))


def test_a_round_played_to_its_end_on_a_portrait_tablet_with_touch_alone() -> None:
    from game.app import App, Options
    from game.engine.actions import Play
    from tests.ui.conftest import play_round_by, table_for
    from tests.ui.test_touch_layout import check

    size = (800, 1280)
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size))
    try:
        table = table_for(app, seed=3, players=4)
        mine = play_round_by(app, table, _touch_turn, 6000)
        assert any(isinstance(a, Play) for a in mine)
        assert app.input.mode == "touch"
        board = app.stack.top
        for _ in range(240):  # the count-up done
            app.step(FRAME)
        check(board, size, "the scoreboard at 800x1280")
        tap(app, board.buttons[0].rect.center)  # type: ignore[attr-defined]
        assert app.stack.top is not board
    finally:
        app.close()
