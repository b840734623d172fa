"""The open Say... menu (reactions, quick phrases, mute switches) in a small window:
each button has room round its words and the buttons stand apart, so the grid
reads as buttons, not one block of text; and it covers no seat (in Spanish the
Minecraft grid fell to one column, over the top seat) and not "Close"."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from game.app import App, Options
from game.ui.social_overlay import saying_panel, social_buttons
from tests.ui.conftest import FRAME
from tests.ui.online_stage import staged_table

ROOM = 6  # window pixels, at the least, above and below a label's letters in its button
APART = 6  # window pixels, at the least, between two buttons of the grid


@pytest.fixture(
    params=list(itertools.product(("classic", "minecraft", "monster_high"), ["en", "es"]))
)
def small(request: pytest.FixtureRequest) -> Iterator[tuple[App, str]]:
    theme, language = request.param
    application = App(Options(fixed_dt=FRAME, fps_cap=0, size=(640, 480), language=language))
    application.complete_catalog()
    yield application, theme
    application.close()


def test_the_open_say_menu_has_room_at_640x480(small: tuple[App, str]) -> None:
    app, theme = small
    _remote, table = staged_table(app, theme)  # two people to mute: 12 buttons
    for _ in range(60):
        app.step(FRAME)
    table.saying = True  # type: ignore[attr-defined]
    view = table.online_view()  # type: ignore[attr-defined]
    grid = social_buttons(view)[1:]  # "Close" is not in the grid
    panel = saying_panel(view)
    assert len(grid) == 12 and panel is not None
    style = view.style
    for button in grid:
        ink = style.text(button.label, button.text_size).get_bounding_rect()
        assert button.rect.h - ink.h >= 2 * ROOM, (button.label, button.rect, ink.h)
        assert panel.contains(button.rect)
    rows = sorted({b.rect.top for b in grid})
    columns = sorted({b.rect.left for b in grid})
    tall, wide = grid[0].rect.h, grid[0].rect.w
    assert all(b - a - tall >= APART for a, b in zip(rows, rows[1:], strict=False)), rows
    assert all(b - a - wide >= APART for a, b in zip(columns, columns[1:], strict=False))
    assert panel.collidelist(view.seats()) == -1  # no seat covered (its backs, face, name)
    assert not panel.colliderect(social_buttons(view)[0].rect)  # "Close" is in reach
