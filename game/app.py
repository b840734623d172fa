"""The app: pygame set-up, the clock loop, and the scene stack it owns."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pygame

from game import paths
from game import settings as user_settings
from game.i18n import Translator
from game.settings import Settings
from game.storage import Notice, Store
from game.themes import DEFAULT_THEME, ThemeCatalog, discover, load_pack
from game.themes.drawable import drawable_catalog
from game.themes.render import ThemeRenderer
from game.ui.audio import Audio
from game.ui.scene import Scene
from game.ui.scene_registry import SceneName, build_scene
from game.ui.scene_stack import SceneStack
from game.ui.style import Style

log = logging.getLogger(__name__)

FPS_CAP = 60
BOT_THREAD_SWITCH = 0.0005  # seconds
MIN_WINDOW = (640, 480)
START_SCENES = ("menu", "setup", "table", "rules", "scoreboard", "settings", "statistics")


@dataclass
class Options:
    """Everything the command line can ask for."""

    theme: str = "classic"
    players: int = 4
    seed: int | None = None
    autoplay: bool = False
    screenshot: Path | None = None
    frames: int = 0
    selftest: bool = False
    size: tuple[int, int] = (1280, 720)
    start: str = "menu"
    speed: str = "1x"
    target: int = 500
    fixed_dt: float | None = None  # virtual time per frame: screenshots, tests, benchmarks
    fps_cap: int = FPS_CAP
    startup_report: bool = False
    threaded_bots: bool = False  # in virtual time too (the benchmark: as in real play)
    language: str | None = None  # None: the player's setting
    # What the command line left open, and so comes from the player's settings.
    from_settings: frozenset[str] = frozenset()


def _set_icon(path: Path) -> None:
    """Our own window icon (a copy of build/icon.png); pygame's stays if it is missing."""
    with contextlib.suppress(pygame.error, OSError):
        pygame.display.set_icon(pygame.image.load(str(path)))


class App:
    """Owns the window and the scene stack; scenes reach it through `Host`."""

    def __init__(self, options: Options) -> None:
        self.options = options
        # Bots think on a worker thread; a short GIL switch interval hands the frame
        # loop back within half a millisecond instead of CPython's default 5 ms.
        sys.setswitchinterval(BOT_THREAD_SWITCH)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("UNO Table")
        _set_icon(paths.asset_root() / "icon.png")
        # The self-test plays from a clean profile: it neither reads nor writes user files.
        self.config = Store(None if options.selftest else paths.user_config_folder())
        self.data = Store(None if options.selftest else paths.user_data_folder())
        if options.screenshot is not None:  # a look at the game leaves the player's files alone
            self.config.writable = self.data.writable = False
        self.settings = user_settings.load(self.config)
        self._saved_settings = self.settings.to_data()
        options = self.options = _with_settings(options, self.settings)
        self.i18n = Translator(options.language or self.settings.language)
        # The settings' language as last applied: `--lang` holds until the player
        # changes the language in Settings, not until any setting is saved.
        self._settings_language = self.settings.language
        self._windowed_size = options.size
        self.screen = pygame.display.set_mode(options.size, pygame.RESIZABLE)
        self.catalog: ThemeCatalog = _first_catalog(options.theme)
        self._catalog_complete = False
        self.audio = Audio(
            enabled=not options.selftest,
            effects_volume=self.settings.effects_volume,
            music_volume=self.settings.music_volume,
        )
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self.frame_times: list[float] = []
        self._styles: dict[str, Style] = {}
        self.theme_id = self.catalog.choose(options.theme).id
        if self.theme_id != options.theme:
            asked = self.catalog.packs.get(options.theme)
            reason = asked.reason if asked is not None else "not found"
            log.warning(
                "theme %s cannot be played (%s): %s instead", options.theme, reason, self.theme_id
            )
        self.set_theme(self.theme_id)
        if self.settings.fullscreen and "size" in options.from_settings:
            self.toggle_fullscreen()

    # -- Host -------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def deterministic(self) -> bool:
        """Virtual time per frame: everything replays exactly from a seed."""
        return self.options.fixed_dt is not None and not self.options.threaded_bots

    def style(self, theme_id: str | None = None) -> Style:
        """The theme's style at the current window size (built once per theme)."""
        pack = self.catalog.choose(theme_id or self.theme_id)
        style = self._styles.get(pack.id)
        if style is None:
            style = self._styles[pack.id] = Style(ThemeRenderer(pack, self.size))
        style.resize(self.size)
        style.language = self.i18n.language
        return style

    def scene(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        return build_scene(self, name, *args, **kwargs)

    def set_theme(self, theme_id: str) -> None:
        self.theme_id = self.catalog.choose(theme_id).id
        manifest = self.catalog.choose(self.theme_id).manifest
        if manifest is not None:
            self.audio.use_theme(manifest.sounds)

    def complete_catalog(self) -> None:
        """Every pack, the player's own included: read after the first frame is shown."""
        if not self._catalog_complete:
            self.catalog = drawable_catalog(discover())
            self._catalog_complete = True
            for pack in self.catalog.unavailable():
                log.warning(
                    "theme pack %s (%s) is unavailable: %s", pack.id, pack.folder, pack.reason
                )

    def quit(self) -> None:
        self.running = False

    def gettext(self, text: str) -> str:
        return self.i18n.gettext(text)

    def notices(self) -> list[str]:
        """Problems with the user's files not yet shown, in the player's language;
        each is returned once."""
        found: list[Notice] = self.config.notices + self.data.notices
        self.config.notices, self.data.notices = [], []
        for notice in found:
            log.warning("user file: %s", notice.render(lambda text: text))
        return [notice.render(self.i18n.gettext) for notice in found]

    def save_settings(self) -> None:
        """Apply the settings now (language, sound, screen) and keep them."""
        s = self.settings
        if s.language != self._settings_language:
            self._settings_language = s.language
            self.i18n = Translator(s.language)
        self.audio.effects_volume, self.audio.music_volume = s.effects_volume, s.music_volume
        self.audio.apply_music_volume()
        if bool(self.screen.get_flags() & pygame.FULLSCREEN) != s.fullscreen:
            self.toggle_fullscreen()
        self._keep_settings()

    def _keep_settings(self) -> None:
        if self.settings.to_data() != self._saved_settings:
            user_settings.save(self.config, self.settings)
            self._saved_settings = self.settings.to_data()

    # -- the loop ---------------------------------------------------------------------

    def start(self, scene: Scene) -> None:
        self.stack.push(scene)

    def run(self) -> int:
        """Frames until quit (or `frames` frames); then the screenshot if asked."""
        limit = self.options.frames
        while self.running and self.stack.top is not None:
            self.step()
            if limit and self.frame >= limit:
                break
        if self.options.screenshot is not None:
            try:
                pygame.image.save(self.screen, str(self.options.screenshot))
            except (pygame.error, OSError) as error:  # e.g. a folder that only looks writable
                print(f"uno-table: cannot save {self.options.screenshot}: {error}", file=sys.stderr)
                return 2
            print(f"uno-table: saved {self.options.screenshot}")
        return 0

    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, flip. Its work time goes to `frame_times`."""
        if dt is None:
            dt = self._tick()
        started = time.perf_counter()
        for event in pygame.event.get():
            self._dispatch(event)
        self.stack.update(min(dt, 0.1))  # a stall must not make animations jump
        if self.stack.top is not None:
            self.stack.draw(self.screen)
        pygame.display.flip()
        self.frame += 1
        self.frame_times.append(time.perf_counter() - started)
        if self.frame == 1:
            if self.options.startup_report:
                print(f"first-frame {time.time():.6f}", flush=True)
            self.complete_catalog()

    def _tick(self) -> float:
        if self.options.fixed_dt is not None:
            if self.options.fps_cap:
                self.clock.tick(self.options.fps_cap)
            return self.options.fixed_dt
        return self.clock.tick(self.options.fps_cap) / 1000

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.stack.handle(event)

    def _resized(self, size: tuple[int, int]) -> None:
        # SDL replaces the window's surface on every resize; drawing on the old one
        # crashes (in full screen nothing else would replace it), so take it anew.
        self.screen = pygame.display.get_surface() or self.screen
        size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if not self.screen.get_flags() & pygame.FULLSCREEN:
            self._windowed_size = self.settings.window = size
            if self.screen.get_size() != size:
                self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize(self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        if self.screen.get_flags() & pygame.FULLSCREEN:
            self.screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        else:
            self._windowed_size = self.screen.get_size()
            # RESIZABLE too: SDL then hands pygame the new surface when the screen
            # or the window manager changes the full-screen window's size.
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN | pygame.RESIZABLE)
        self.settings.fullscreen = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        self.stack.resize(self.screen.get_size())

    def resize_window(self, size: tuple[int, int]) -> None:
        """A window size chosen in the settings (kept for full screen's way back)."""
        self._windowed_size = size
        if not self.screen.get_flags() & pygame.FULLSCREEN:
            self._resized(size)

    def close(self) -> None:
        while len(self.stack):
            self.stack.pop()
        self._keep_settings()  # the window size the player left
        pygame.quit()


def _with_settings(options: Options, settings: Settings) -> Options:
    """The command line wins; what it left open comes from the settings."""
    taken = options.from_settings
    return replace(
        options,
        theme=settings.theme if "theme" in taken else options.theme,
        size=settings.window if "size" in taken else options.size,
        speed=settings.speed if "speed" in taken else options.speed,
    )


def _first_catalog(theme: str) -> ThemeCatalog:
    """Just the pack asked for (and Classic to fall back on), so the first frame comes
    quickly; a pack from the player's folder needs the full search at once."""
    root = paths.themes_root()
    if not paths.is_pack_id(theme):  # a path in the settings file is not a pack id
        theme = DEFAULT_THEME
    wanted = [t for t in dict.fromkeys((theme, DEFAULT_THEME)) if (root / t).is_dir()]
    if theme not in wanted:
        return drawable_catalog(discover())
    return drawable_catalog(ThemeCatalog({t: load_pack(root / t, builtin=True) for t in wanted}))


def first_scene(app: App) -> Scene:
    """The scene the command line asks to open first."""
    from game.ui.launch import opening_scene

    return opening_scene(app, app.options)


def _refused_theme(app: App) -> str | None:
    """Why the theme named on the command line cannot be played (None: it can)."""
    options = app.options
    if "theme" in options.from_settings:
        return None  # the settings' theme falls back to Classic, with a notice
    pack = app.catalog.packs.get(options.theme)
    if pack is not None and pack.available:
        return None
    app.complete_catalog()
    available = ", ".join(p.id for p in app.catalog.available())
    reason = pack.reason if pack is not None else "not found"
    return f"theme '{options.theme}' cannot be played ({reason}); available: {available}"


def main_loop(options: Options) -> int:
    """Run the game (or the self-test) with these options; the process exit code."""
    if options.selftest:
        from game.ui.selftest import run_selftest

        return run_selftest(options)
    if (
        options.screenshot is not None
        and "SDL_VIDEODRIVER" not in os.environ
        and not os.environ.get("DISPLAY")
        and sys.platform.startswith("linux")
    ):
        os.environ["SDL_VIDEODRIVER"] = "dummy"  # a screenshot needs no screen
    app = App(options)
    try:
        refused = _refused_theme(app)
        if refused:
            print(f"uno-table: {refused}", file=sys.stderr)
            return 2
        app.start(first_scene(app))
        return app.run()
    finally:
        app.close()
