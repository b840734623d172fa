"""Every scene in Spanish, at 1280x720 and at the smallest window: no text leaves the
window, and no button label is wider than its button."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.app import MIN_WINDOW, App, Options
from game.ui.scene import Scene
from game.ui.style import Style
from game.ui.widgets.button import Button
from tests.ui.conftest import FRAME, app_in_spanish, run_until

SIZES = [(1280, 720), MIN_WINDOW]


def _menu(app: App) -> Scene:
    from game.ui.scenes.menu import MenuScene

    return MenuScene(app)


def _settings(app: App) -> Scene:
    from game.ui.scenes.settings import SettingsScene

    return SettingsScene(app)


def _statistics(app: App) -> Scene:
    from game.files import stats
    from game.ui.scenes.statistics import StatisticsScene

    record = stats.Stats()
    for points, level in ((0, "easy"), (40, "normal"), (120, "hard"), (75, "expert")):
        record.round_played("classic", points, points > 0, level)
    record.match_played("classic", True, "expert")
    stats.save(app.data, record)
    from game.files import replay
    from game.table import default_setup, setup_to_data

    for names in (("Bartolomé",), ("Ana", "Bea")):
        replay.keep(
            app.data,
            replay.Replay(
                "2026-11-22 20:08", setup_to_data(default_setup("classic", "classic")), (), names
            ),
        )
    return StatisticsScene(app)


def _setup(app: App) -> Scene:
    from game.ui.scenes.setup import SetupScene

    return SetupScene(app)


def _rules(app: App) -> Scene:
    from game.ui.scenes.rules import RulesScene

    return RulesScene(app, "monster_high")


def _table(app: App) -> Scene:
    from tests.ui.conftest import table_for

    table = table_for(app, seed=3, players=6, theme="minecraft")
    app.stack.pop()
    return table


def _replay(app: App) -> Scene:
    from game.files import replay
    from tests.test_stats import finished_match

    setup, rounds, winners = finished_match(5)
    scene = app.scene("replay", replay.Replay("2026-11-22 20:08", setup, rounds, ("Bartolomé",)))
    scene.step(9)  # type: ignore[attr-defined]
    return scene


def _pass(app: App) -> Scene:
    from game.ui.scenes.pass_device import PassScene

    return PassScene(app, "classic", "Bartolomé", lambda: None)


SCENES: dict[str, Callable[[App], Scene]] = {
    "menu": _menu,
    "settings": _settings,
    "statistics": _statistics,
    "setup": _setup,
    "rules": _rules,
    "table": _table,
    "pass": _pass,
    "replay": _replay,
}


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def spanish_app(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from app_in_spanish(request.param)


class Recorder:
    """Every text and button drawn in one frame."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.buttons: list[tuple[Button, Style]] = []
        blit, label, draw = Style.blit_text, Style.label, Button.draw

        def blit_text(
            style: Style,
            target,
            words,
            size,
            pos,
            color=None,  # noqa: ANN001
            anchor="topleft",
        ):  # noqa: ANN001, ANN202
            rect = blit(style, target, words, size, pos, color, anchor)
            visible = rect.clip(target.get_clip())  # a scrolled text shows only in its clip
            if visible.size != (0, 0):
                self.texts.append((words, rect if visible == rect else visible))
            return rect

        def label_(
            style: Style,
            target,
            words,
            size,
            pos,
            color=None,  # noqa: ANN001
            anchor="topleft",
        ):  # noqa: ANN001, ANN202
            rect = label(style, target, words, size, pos, color, anchor)
            self.texts.append((words, rect))
            return rect

        def button_draw(button: Button, surface, style, *args, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
            self.buttons.append((button, style))
            return draw(button, surface, style, *args, **kw)

        monkeypatch.setattr(Style, "blit_text", blit_text)
        monkeypatch.setattr(Style, "label", label_)
        monkeypatch.setattr(Button, "draw", button_draw)

    def problems(self, window: pygame.Rect) -> list[str]:
        out = [
            f"text {words!r} at {rect} leaves the window {window.size}"
            for words, rect in self.texts
            if not window.contains(rect)
        ]
        for button, style in self.buttons:
            size = button._fitting_size(style)
            width = style.text(button.label, size).get_width()
            if width > button.rect.w - style.px(4):
                out.append(f"button {button.label!r} ({width}px) overflows {button.rect}")
        return out


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_fits_in_spanish(
    spanish_app: App, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = spanish_app
    assert app.gettext("New game") == "Partida nueva"
    scene = SCENES[name](app)
    app.start(scene)
    for _ in range(90):
        app.step(FRAME)
    if name == "table":  # the pause menu over it too
        from game.ui.scenes.pause import PauseScene

        app.stack.push(PauseScene(app, "minecraft"))
    recorder = Recorder(monkeypatch)
    app.step(FRAME)
    assert recorder.texts or recorder.buttons
    assert recorder.problems(app.screen.get_rect()) == []


def test_the_scoreboard_fits_in_spanish(spanish_app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from game.ui.launch import opening_scene
    from game.ui.scenes.scoreboard import ScoreboardScene

    app = spanish_app
    app.start(opening_scene(app, replace(app.options, start="scoreboard", players=6)))
    assert run_until(app, lambda: isinstance(app.stack.top, ScoreboardScene), 20000)
    recorder = Recorder(monkeypatch)
    app.step(FRAME)
    assert recorder.problems(app.screen.get_rect()) == []


def test_switching_language_redraws_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.menu import MenuScene

    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    try:
        app.start(MenuScene(app))
        recorder = Recorder(monkeypatch)
        app.step(FRAME)
        assert "New game" in [b.label for b, _ in recorder.buttons]
        app.settings.language = "es"
        app.save_settings()
        recorder.buttons.clear()
        app.step(FRAME)
        assert "Partida nueva" in [b.label for b, _ in recorder.buttons]
    finally:
        app.close()


def test_lang_on_the_command_line_holds_when_other_settings_are_saved() -> None:
    """Starting a game or typing a name saves the settings: that must not switch a
    `--lang es` window back to the settings' English."""
    app = App(Options(fixed_dt=FRAME, fps_cap=0, language="es"))
    try:
        assert app.settings.language == "en" and app.i18n.language == "es"
        app.settings.player_name = "Berta"
        app.save_settings()
        assert app.i18n.language == "es"
        app.settings.language = "es"
        app.save_settings()
        app.settings.language = "en"  # the player's own choice in Settings
        app.save_settings()
        assert app.i18n.language == "en"
    finally:
        app.close()
