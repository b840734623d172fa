"""The table redraws only what changed, and looks exactly as if drawn whole.

While the window still holds the renderer's last frame, a frame copies back only
the parts of the still layer the last frame drew over (see table_renderer). Any
part a widget drew but did not report would stay on the window as a ghost; so
every frame of a busy match (deal, flights, badges, a Reverse's spin, callouts)
is compared pixel for pixel with the same frame drawn whole on a fresh surface.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.table import default_setup
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.table import TableScene
from game.ui.table.renderer import Frame, TableRenderer
from tests.ui.conftest import FRAME, app_in_spanish, recorded, table_for


@pytest.fixture
def wide_app() -> Iterator[App]:
    yield from app_in_spanish((1280, 720))


def _whole(
    app: App, table: object, reference: TableRenderer, frame: Frame | None = None
) -> pygame.Surface:
    """The frame the table shows now (or `frame`), drawn whole on a surface of its own."""
    fresh = app.screen.copy()
    fresh.fill((255, 0, 255))
    reference.draw(fresh, frame or table.frame())  # type: ignore[attr-defined]
    return fresh


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("theme", ["classic", "monster_high"])
def test_every_frame_drawn_in_part_equals_the_frame_drawn_whole(
    wide_app: App, monkeypatch: pytest.MonkeyPatch, theme: str
) -> None:
    restored = recorded(
        monkeypatch, "_restored", TableRenderer, keep=lambda args, parts: (args[0], parts)
    )
    table = table_for(wide_app, seed=3, players=10, speed="2x", theme=theme, autoplay=True)
    reference = TableRenderer()
    for frame in range(420):
        wide_app.step(FRAME)
        if frame % 3 == 0 or frame > 360:
            assert _same(wide_app.screen, _whole(wide_app, table, reference)), frame
    shown = [parts for renderer, parts in restored if renderer is table.renderer]
    whole = [parts for parts in shown if parts == [wide_app.screen.get_rect()]]
    assert len(shown) == 420
    assert len(whole) < len(shown) // 4  # most frames copied back only a part


def test_an_overlay_and_a_new_window_make_the_next_frame_whole(wide_app: App) -> None:
    table = table_for(wide_app, seed=3, players=4, speed="2x", autoplay=True)
    for _ in range(60):
        wide_app.step(FRAME)
    assert wide_app.stack.kept(table, wide_app.screen)
    wide_app.stack.push(PauseScene(wide_app, "classic"))
    wide_app.step(FRAME)
    assert not wide_app.stack.kept(table, wide_app.screen)  # the pause menu is over it
    wide_app.stack.pop()
    wide_app.step(FRAME)
    assert _same(wide_app.screen, _whole(wide_app, table, TableRenderer()))
    wide_app.screen.fill((0, 0, 0))  # as a new window surface would be
    wide_app.stack.drawn_over()
    wide_app.step(FRAME)
    assert _same(wide_app.screen, _whole(wide_app, table, TableRenderer()))


def test_a_table_that_draws_over_itself_is_drawn_whole(wide_app: App) -> None:
    """The online table draws its overlay after the table's frame: the next frame
    cannot start from what the renderer left, or a note taken down stays on."""

    class Overlaid(TableScene):
        note = True

        def draw(self, surface: pygame.Surface) -> None:
            super().draw(surface)
            if self.note:
                surface.fill((255, 0, 255), pygame.Rect(600, 300, 80, 40))

    pack = wide_app.catalog.choose("classic")
    setup = default_setup(pack.id, pack.manifest.preset, 4, True, 3, 500, "2x")
    table = Overlaid(wide_app, setup, threaded=False)
    wide_app.start(table)
    for _ in range(30):
        wide_app.step(FRAME)
    table.note = False
    wide_app.step(FRAME)
    assert wide_app.stack.kept(table, wide_app.screen)  # the stack alone would say kept
    assert _same(wide_app.screen, _whole(wide_app, table, TableRenderer()))


def test_the_piles_report_only_where_they_drew(wide_app: App) -> None:
    """Before the first card is turned the discard pile draws nothing; its empty rect
    (at the window's corner) made the whole top left look drawn on, so every frame
    of the deal copied back ~45% of the window instead of ~20%."""
    table = table_for(wide_app, seed=3, players=10, speed="2x", autoplay=True)
    shown, g = table.picture.shown, table.geometry
    assert not shown.discard
    drawn = table.picture.piles.draw(wide_app.screen, table.style, g, shown, False)
    assert drawn.w and not drawn.collidepoint(0, 0)
    assert drawn.contains(g.place("draw_pile"))


def test_a_reverse_paints_the_arrows_again_as_a_fresh_table_would(wide_app: App) -> None:
    """A Reverse swaps the felt for the other arrows' felt: the still layer paints only
    the arrows again, and the window then matches a table drawn from nothing."""
    from dataclasses import replace

    table = table_for(wide_app, seed=3, players=4, speed="2x", autoplay=True)
    for _ in range(90):
        wide_app.step(FRAME)
    frame = table.frame()
    reversed_frame = replace(frame, shown=replace(frame.shown, direction=-frame.shown.direction))
    live, window = TableRenderer(), wide_app.screen.copy()
    live.draw(window, frame)
    live.draw(window, reversed_frame, kept=True)
    live.draw(window, reversed_frame, kept=True)  # a piece held back a frame comes now
    flipped = live.felt(
        frame.style, frame.geometry, frame.size, frame.piles, -frame.shown.direction
    )
    assert live.still_of is flipped  # made from the other felt, not rebuilt whole
    assert _same(window, _whole(wide_app, table, TableRenderer(), reversed_frame))


def test_a_turn_paints_the_log_now_and_the_totals_the_next_frame(wide_app: App) -> None:
    """Both panels change at a turn's end: one is painted again a frame, never neither."""
    from dataclasses import replace

    table = table_for(wide_app, seed=3, players=4, speed="2x", autoplay=True)
    for _ in range(90):
        wide_app.step(FRAME)
    frame = table.frame()
    live, window = TableRenderer(), wide_app.screen.copy()
    live.draw(window, frame)
    before = {name: key for name, (key, _) in live.panels.items()}
    frame.log.add("A line the turn added")
    turned = replace(frame, scores=tuple(score + 10 for score in frame.scores))
    live.draw(window, turned, kept=True)
    assert live.panels["log"][0] != before["log"] and live.panels["scores"][0] == before["scores"]
    live.draw(window, turned, kept=True)
    assert live.panels["scores"][0] != before["scores"]
    assert _same(window, _whole(wide_app, table, TableRenderer(), turned))


@pytest.mark.parametrize("size", [(1280, 720), (800, 1280)])
def test_a_persons_cards_left_on_the_window_are_what_a_whole_frame_shows(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person's cards stay on the window while nothing about them changes; each
    turn's lighting, the keyboard's focus and the mouse over a card draw them again."""
    app = next(app_in_spanish(size))
    try:
        kept = recorded(monkeypatch, "_hand_kept", TableRenderer, keep=lambda a, r: r)
        table = table_for(app, seed=5, players=4, speed="2x")
        reference = TableRenderer()
        moves = [pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT]
        for frame in range(600):
            if frame >= 300 and frame % 40 == 0:  # at first nothing: the cards are left be
                key = moves[frame // 40 % len(moves)]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            if frame >= 300 and frame % 50 == 25 and table.picture.fan.cards:
                pos = table.picture.fan.rect_of(frame // 50 % len(table.picture.fan.cards)).center
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0)))
            app.step(FRAME)
            assert _same(app.screen, _whole(app, table, reference)), frame
        assert sum(r is not None for r in kept[:300]) > 100  # most frames left the cards be
    finally:
        app.close()
