"""Real mouse and key events posted to the table change the game as a player means."""

from __future__ import annotations

import pygame

from game.engine.actions import DRAW
from tests.ui.conftest import FRAME, run_until, table_for, table_where


def _click(pos: tuple[int, int]) -> None:
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _playable_index(table) -> int | None:  # noqa: ANN001
    plays = {a.card for a in table.seat.legal() if a[0] == "play"}
    return next((i for i, h in enumerate(table.picture.fan.cards) if h.card in plays), None)


def test_clicking_a_playable_card_plays_it(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: _playable_index(t) is not None)
    index = _playable_index(table)
    assert index is not None
    card = table.picture.fan.cards[index].card
    before = len(table.table.match.round.hand(0))
    _click(table.picture.fan.rect_of(index).center)
    app.step(FRAME)
    if table.seat.choice is not None:  # a wild: the colour picker is open; key 1 names a colour
        _key(pygame.K_1)
        app.step(FRAME)
    assert len(table.table.match.round.hand(0)) == before - 1
    assert any(
        seat == 0 and a[0] == "play" and a.card is card for seat, a in table.table.match.round.log
    )


def test_keyboard_arrows_and_enter_play_the_focused_card(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: _playable_index(t) is not None)
    index = _playable_index(table)
    assert index is not None
    for _ in range(index + 1):
        _key(pygame.K_RIGHT)
    app.step(FRAME)
    assert table.picture.focus == index
    logged = len(table.table.match.round.log)
    _key(pygame.K_RETURN)
    app.step(FRAME)
    if table.seat.choice is not None:
        _key(pygame.K_2)
        app.step(FRAME)
    assert len(table.table.match.round.log) > logged


def test_clicking_the_draw_pile_draws(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: DRAW in t.seat.legal())
    before = len(table.table.match.round.hand(0))
    _click(table.geometry.place("draw_pile").center)
    app.step(FRAME)
    assert table.table.match.round.log[-1] == (0, DRAW)
    assert len(table.table.match.round.hand(0)) == before + 1


def test_a_click_during_an_animation_is_queued_not_lost(app) -> None:  # noqa: ANN001
    table = table_for(app, seed=5, speed="1x")
    app.step(FRAME)
    assert table.picture.choreo.busy  # the deal is still flying
    _click(table.geometry.place("draw_pile").center)
    app.step(FRAME)
    assert table.seat.queued == ("draw", None)
    assert table.picture.toast is not None and "Wait" in table.picture.toast[0]
    assert run_until(app, lambda: table.seat.queued is None, 4000)


def test_the_current_colour_ring_is_drawn_in_that_colour(app) -> None:  # noqa: ANN001
    table = table_where(app, lambda t: t.table.match.round.color is not None)
    app.step(FRAME)
    s = table.style
    ring = table.geometry.place("discard_pile").inflate(s.px(34), s.px(34))
    pixel = app.screen.get_at((ring.centerx, ring.y + s.px(3)))[:3]
    assert pixel == s.colour_rgb(table.table.match.round.color)


def test_escape_pauses_and_resume_returns(app) -> None:  # noqa: ANN001
    from game.ui.scenes.pause import PauseScene

    table = table_for(app, seed=5)
    app.step(FRAME)
    _key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert isinstance(app.stack.top, PauseScene)
    _key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.stack.top is table


def test_a_prompt_key_during_an_animation_is_refused_out_loud(app) -> None:  # noqa: ANN001
    table = table_for(app, seed=5, speed="1x")
    app.step(FRAME)
    assert table.picture.choreo.busy
    logged = len(table.table.match.round.log)
    _key(pygame.K_k)
    app.step(FRAME)
    assert table.picture.toast is not None and "moving" in table.picture.toast[0]
    assert len(table.table.match.round.log) == logged


def test_a_scene_plays_a_table_it_is_given(app) -> None:  # noqa: ANN001
    """The scene is only a client: a table built elsewhere (here, with no saving)
    is shown and played the same way."""
    from game.table import BotRunner, Table, default_setup, seat_controllers, settled
    from game.ui.scenes.table import TableScene

    setup = settled(default_setup("classic", "classic", 3, seed=2, speed="instant"))
    link = Table(setup, seat_controllers(setup, BotRunner(False)))
    table = TableScene(app, setup, link=link)
    app.start(table)
    assert run_until(app, lambda: table.human_turn() and DRAW in table.seat.legal())
    _click(table.geometry.place("draw_pile").center)
    app.step(FRAME)
    assert link.match.round.log[-1] == (0, DRAW) and table.table is link
    assert len(table.picture.fan.cards) == len(link.match.round.hand(0))


def test_the_next_round_is_announced_before_its_deal_is_told(app) -> None:  # noqa: ANN001
    from game.ui.scenes.scoreboard import ScoreboardScene

    table = table_for(app, seed=4, autoplay=True)  # instant: the deal is told at once
    assert run_until(app, lambda: isinstance(app.stack.top, ScoreboardScene), 20000)
    app.stack.top._choose("next")  # type: ignore[union-attr]
    app.step(FRAME)
    lines = table.log.lines  # newest first
    assert "Round 2 begins." in lines
    assert any("first card" in line for line in lines[: lines.index("Round 2 begins.")])
