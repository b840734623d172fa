"""Words right in both languages: the scoreboard's heading said as a person would,
Settings showing the language in use, and `--theme` the theme of the next new game.
(Articles and single alternatives in refusals: tests/engine/test_refusals.py; the
About section in Spanish: tests/ui/test_about.py.)"""

from __future__ import annotations

from dataclasses import replace

from game.app import App, Options
from game.table import default_setup
from game.table.seats import setup_to_data
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from tests.ui.conftest import FRAME, run_until


def _match_end_heading(app: App, target: int, scoring: str = "standard") -> str:
    from game.ui.scenes.scoreboard import ScoreboardScene
    from game.ui.scenes.table import TableScene

    setup = replace(default_setup("classic", "classic", 2, True, 5, target, "instant"))
    setup = replace(setup, scoring=scoring)
    app.start(TableScene(app, setup, threaded=False))
    assert run_until(
        app,
        lambda: (
            isinstance(app.stack.top, ScoreboardScene)
            or type(app.stack.top).__name__ == "RoundTallyScene"
        ),
        20_000,
    )
    if not isinstance(app.stack.top, ScoreboardScene):
        app.stack.top._done()  # type: ignore[attr-defined]
    board = app.stack.top
    assert isinstance(board, ScoreboardScene)
    return board._heading()


def test_the_scoreboard_says_how_the_match_is_won_as_a_person_would(app: App) -> None:
    assert _match_end_heading(app, 1) == "Round 1 · the first to reach 1 point wins the match"
    heading = _match_end_heading(app, 500, "alternative")
    assert heading == "Round 1 · once someone reaches 500 points, the lowest total wins"


def test_the_scoreboard_heading_in_spanish() -> None:
    app = App(Options(fixed_dt=FRAME, fps_cap=0, language="es"))
    try:
        app.complete_catalog()
        heading = _match_end_heading(app, 1)
        assert heading.startswith("Ronda 1") and "1 punto" in heading and "match" not in heading
    finally:
        app.close()


def test_settings_show_the_language_in_use_and_change_from_it(app: App) -> None:
    app.settings.language = "es"  # the saved setting; the window speaks English (--lang en)
    assert app.i18n.language == "en"
    scene = SettingsScene(app)
    app.start(scene)
    assert scene.value_text("language") == "English"
    scene.change("language", 1)
    assert app.i18n.language == "es" and scene.value_text("language") == "Español"
    assert app.settings.language == "es"


def test_the_theme_asked_for_is_the_next_new_games(app: App) -> None:
    last = default_setup("monster_high", "monster_high", 3)
    app.settings.last_setup = setup_to_data(last)
    app.set_theme("minecraft")  # what --theme minecraft (or the menu's theme) sets
    setup = SetupScene(app).setup
    assert setup.theme == "minecraft" and setup.rules.special == "creeper"
    assert setup.players == 3  # the rest of the last set-up is kept
    app.set_theme("monster_high")
    assert SetupScene(app).setup.theme == "monster_high"
