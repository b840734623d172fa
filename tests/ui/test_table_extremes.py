"""The table at its extremes: the smallest common window, Spanish, ten seats."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

import pygame
import pytest

from game.app import App, Options
from game.engine import Phase
from game.engine.actions import ACCEPT, CHALLENGE
from game.ui.style import fitted
from game.ui.widgets.piles import colour_label
from game.ui.widgets.score_panel import draw_scores, score_rect
from tests.ui.conftest import FRAME, recorded, settle_on_my_turn, table_for

THEMES = ("classic", "minecraft", "monster_high")


def _words_and_rect(args: tuple, rect: pygame.Rect) -> tuple[str, pygame.Rect]:
    """A drawn text (blit_text, label) as (its words, where it went)."""
    return args[1], rect


@pytest.fixture
def small_spanish() -> Iterator[App]:
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=(800, 600), language="es"))
    application.complete_catalog()
    yield application
    application.close()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("phase", [Phase.DRAW4, Phase.STACK])
def test_penalty_prompts_keep_clear_of_the_log_and_the_scores(
    small_spanish: App, theme: str, phase: Phase
) -> None:
    """'Tomar 4' beside the score panel, the long challenge beside the log (800x600)."""
    table = table_for(small_spanish, seed=5, players=4, theme=theme)
    assert settle_on_my_turn(small_spanish, table)
    legal = (CHALLENGE, ACCEPT) if phase is Phase.DRAW4 else (ACCEPT,)
    view = replace(table.seat.latest.view, phase=phase, penalty=4)
    table.seat.latest = replace(table.seat.latest, view=view, legal=legal)
    prompts = [b for b in table.buttons() if b.key in ("challenge", "take")]
    assert len(prompts) == len(legal) and "Tomar 4" in [b.label for b in prompts]
    panels = [table.geometry.place("event_log"), score_rect(table.style, table.geometry)]
    screen = pygame.Rect(0, 0, 800, 600)
    for button in prompts:
        assert screen.contains(button.rect)
        assert not any(button.rect.colliderect(p) for p in panels), button.label
        # The label fits its button at the size drawn, not cut at the edges.
        size = button._fitting_size(table.style)
        assert table.style.text(button.label, size).get_width() <= button.rect.w, button.label
    if len(prompts) == 2:
        assert not prompts[0].rect.colliderect(prompts[1].rect)


@pytest.mark.parametrize("theme", THEMES)
def test_ten_names_and_scores_keep_to_their_columns(
    small_spanish: App, theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_for(small_spanish, seed=3, players=10, theme=theme)
    style = table.style
    drawn = recorded(monkeypatch, "blit_text", style, keep=_words_and_rect)
    panel = score_rect(table.style, table.geometry)
    heading = table._words().heading
    draw_scores(
        pygame.Surface((800, 600)), style, panel, heading, table._panel_scores(), table.names
    )
    assert len(drawn) == 21  # the heading, then a name and a score per seat
    for words, rect in drawn:
        assert panel.left <= rect.left and rect.right <= panel.right, words
    for (a, ra), (b, rb) in combinations(drawn, 2):
        assert ra.y != rb.y or not ra.colliderect(rb), (a, b)  # a row's texts apart


def test_a_name_too_wide_is_cut_with_a_dot(small_spanish: App) -> None:
    style = table_for(small_spanish, seed=3, players=2, theme="minecraft").style
    width = style.text("Fatima", 18).get_width() - 1
    assert fitted(style, "Fatima", 18, width).endswith("…")
    assert style.text(fitted(style, "Fatima", 18, width), 18).get_width() <= width
    assert fitted(style, "Fatima", 18, width + 1) == "Fatima"


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)], ids=str)
@pytest.mark.parametrize("phase", [Phase.DRAW4, Phase.STACK])
def test_penalty_prompts_keep_below_the_words_under_the_piles(
    theme: str, size: tuple[int, int], phase: Phase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The challenge row covered the colour's name and the pile's count (720p, 1080p)."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, language="es"))
    try:
        app.complete_catalog()
        table = table_for(app, seed=5, players=4, theme=theme)
        assert settle_on_my_turn(app, table)
        legal = (CHALLENGE, ACCEPT) if phase is Phase.DRAW4 else (ACCEPT,)
        view = replace(table.seat.latest.view, phase=phase, penalty=4)
        table.seat.latest = replace(table.seat.latest, view=view, legal=legal)
        style = table.style
        labels = recorded(monkeypatch, "label", style, keep=_words_and_rect)
        table.draw(pygame.Surface(size))
        count = next(r for w, r in labels if w == str(table.picture.shown.draw_count))
        assert table.picture.shown.color is not None
        name = style.text(style.colour_name(table.picture.shown.color), 20).get_size()
        words = [count, colour_label(style, table.geometry, name)]
        words += [
            table.geometry.place("event_log"),
            score_rect(table.style, table.geometry),
        ]  # and the panels
        prompts = [b for b in table.buttons() if b.key in ("challenge", "take")]
        assert len(prompts) == len(legal)
        for button in prompts:
            assert not any(button.rect.colliderect(w) for w in words), (button.label, words)
            assert pygame.Rect((0, 0), size).contains(button.rect)
            fit = button._fitting_size(style)
            assert style.text(button.label, fit).get_width() <= button.rect.w, button.label
    finally:
        app.close()


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("players", range(2, 11))
def test_every_score_row_stays_inside_its_panel(
    small_spanish: App, theme: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ten seats at 800x600: the last row ran over the panel's bottom edge."""
    table = table_for(small_spanish, seed=3, players=players, theme=theme)
    style = table.style
    drawn = recorded(monkeypatch, "blit_text", style, keep=_words_and_rect)
    panel = score_rect(table.style, table.geometry)
    heading = table._words().heading
    draw_scores(
        pygame.Surface((800, 600)), style, panel, heading, table._panel_scores(), table.names
    )
    assert len(drawn) == 1 + 2 * players  # nothing left out for want of room
    for words, rect in drawn:
        assert panel.contains(rect), (words, rect, panel)
    # Grown to fit, it keeps clear of the UNO button and the hand.
    for place in ("uno_button", "hand"):
        assert not panel.colliderect(table.geometry.place(place)), place


@pytest.mark.parametrize("theme", THEMES)
def test_the_score_heading_fits_whole_in_english_at_800x600(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Minecraft's pixel font at its smallest: "Round 1 · to 500" ran past the panel's
    edge (the last 0 cut in half); it now closes up round its dot and keeps the 500."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, size=(800, 600), language="en"))
    app.complete_catalog()  # the themes' own fonts
    try:
        table = table_for(app, seed=3, players=10, theme=theme)
        drawn = recorded(monkeypatch, "blit_text", table.style, keep=_words_and_rect)
        panel = score_rect(table.style, table.geometry)
        heading = table._words().heading
        assert heading == "Round 1 · to 500"
        draw_scores(pygame.Surface((800, 600)), table.style, panel, heading, [0] * 10, table.names)
        words, rect = drawn[0]
        assert words.endswith("500") and panel.contains(rect), (words, rect, panel)
    finally:
        app.close()
