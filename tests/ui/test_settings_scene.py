"""The Settings scene changes things live and keeps them; a bad file is reported once."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App, Options
from game.files import paths, settings
from game.files.storage import Store
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.settings import ROWS, SettingsScene
from game.ui.table.picture import TOAST_MOST_SECONDS
from tests.ui.conftest import FRAME, table_for


def _key(key: int, unicode: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)
    )


def _row(name: str) -> int:
    return [key for key, _label in ROWS].index(name)


def test_menu_opens_settings_and_changes_are_live_and_kept(app: App) -> None:
    menu = MenuScene(app)
    app.start(menu)
    menu.choose("settings")
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    app.step(FRAME)
    for _ in range(_row("effects_volume")):
        _key(pygame.K_DOWN)
    for _ in range(7):  # 0.7 down to zero
        _key(pygame.K_LEFT)
    app.step(FRAME)
    assert app.settings.effects_volume == 0 and app.audio.effects_volume == 0
    assert scene.value_text("effects_volume") == "Off"
    scene.change("language", 1)
    assert app.i18n.language == "es"
    assert settings.load(Store(app.config.folder)).language == "es"
    assert settings.load(Store(app.config.folder)).effects_volume == 0


def test_typing_the_player_name(app: App) -> None:
    scene = SettingsScene(app)
    app.start(scene)
    app.step(FRAME)
    scene.focus = _row("player_name")
    _key(pygame.K_RETURN)
    for _ in range(3):
        _key(pygame.K_BACKSPACE)
    for letter in "Ana":
        _key(pygame.K_a, letter)
    _key(pygame.K_RETURN)
    app.step(FRAME)
    assert app.settings.player_name == "Ana" and not scene.editing
    _key(pygame.K_ESCAPE)
    app.step(FRAME)
    assert app.stack.top is None


def test_pause_menu_reaches_settings(app: App) -> None:
    table = table_for(app)
    pause = PauseScene(app, table.setup.theme, table.table.rules, table.set_speed)
    app.stack.push(pause)
    pause.menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    pause.menu.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN))
    assert pause.menu.buttons[pause.menu.focus].key == "settings"
    _key(pygame.K_RETURN)
    app.step(FRAME)
    scene = app.stack.top
    assert isinstance(scene, SettingsScene)
    scene.change("speed", 1)
    assert table.speed == app.settings.speed == "2x"  # the paused table follows at once


def test_a_damaged_settings_file_is_reported_once_on_the_menu(user_folders) -> None:  # noqa: ANN001
    folder: Path = user_folders["config"]
    folder.mkdir(parents=True)
    (folder / "settings.json").write_bytes(b"\x00garbage")
    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    try:
        assert app.settings.speed == "1x"
        menu = MenuScene(app)
        app.start(menu)
        assert len(menu.messages) == 1 and "settings.json" in menu.messages[0]
        app.step(FRAME)
        assert list(folder.glob("settings.json.bad-*"))
        app.stack.reset(MenuScene(app))
        assert app.stack.top.messages == []  # type: ignore[union-attr]
    finally:
        app.close()


def test_a_read_only_folder_plays_on_without_saving(monkeypatch, tmp_path: Path) -> None:  # noqa: ANN001
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr("game.files.paths.user_config_folder", lambda: blocker / "config")
    monkeypatch.setattr("game.files.paths.user_data_folder", lambda: blocker / "data")
    app = App(Options(fixed_dt=FRAME, fps_cap=0))
    try:
        table = table_for(app)
        for _ in range(30):
            app.step(FRAME)
        table.table.flush(wait=True)
        app.step(FRAME)
        # The table says at once that saving does not work (once), and plays on.
        assert table.picture.toast is not None and "without saving" in table.picture.toast[0]
        app.settings.music_volume = 0.0
        app.save_settings()
        notices = app.notices()
        assert len(notices) == 1 and "config" in notices[0] and "without saving" in notices[0]
        assert app.notices() == []
        for _ in range(int(TOAST_MOST_SECONDS / FRAME) + 10):  # past the longest note,
            app.step(FRAME)  # and it is not said again
        assert table.picture.toast is None or "without saving" not in table.picture.toast[0]
    finally:
        app.close()


def test_new_game_starts_from_the_name_and_then_the_last_set_up(app: App) -> None:
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.table import TableScene

    app.settings.player_name, app.settings.speed = "Ana", "2x"
    setup = SetupScene(app)
    assert setup.setup.seats[0].name == "Ana" and setup.setup.speed == "2x"
    app.start(setup)
    setup._set_players(5)
    setup._start()
    assert isinstance(app.stack.top, TableScene)
    again = SetupScene(app)
    assert again.setup.players == 5 and again.setup.seed is None
    assert settings.load(Store(app.config.folder)).last_setup is not None


def test_the_command_line_wins_and_settings_fill_the_rest() -> None:
    from game.__main__ import parse

    store_settings = settings.Settings(
        theme="minecraft", window=(1024, 640), speed="2x", language="es"
    )
    settings.save(Store(paths.user_config_folder()), store_settings)
    app = App(parse(["--theme", "classic", "--frames", "1"]))
    try:
        assert app.theme_id == "classic" and app.size == (1024, 640)
        assert app.options.speed == "2x" and app.i18n.language == "es"
    finally:
        app.close()
    app = App(parse(["--size", "800x600", "--lang", "en", "--speed", "4x"]))
    try:
        assert app.theme_id == "minecraft" and app.size == (800, 600)
        assert app.options.speed == "4x" and app.i18n.language == "en"
    finally:
        app.close()


def test_back_stays_clear_of_the_help_line_at_every_size() -> None:
    """Back used to sit under the help line: every row and Back are above it, in the window."""
    sizes = ((800, 600), (1280, 720), (1920, 1080), (1280, 800), (640, 480))
    for size, theme in [(size, theme) for size in sizes for theme in ("classic", "minecraft")]:
        application = App(Options(fixed_dt=FRAME, fps_cap=0, size=size, language="es", theme=theme))
        try:
            scene = SettingsScene(application, theme)
            application.start(scene)
            application.step(FRAME)
            back = scene.buttons[-1]
            assert back.key == "back"
            assert back.rect.bottom <= scene.help_rect.top, size
            window = pygame.Rect((0, 0), size)
            assert all(window.contains(b.rect) for b in scene.buttons), size
            assert window.contains(scene.help_rect), (size, theme)  # the help line wraps
        finally:
            application.close()
