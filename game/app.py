"""The app: pygame set-up, the clock loop, and the scene stack it owns."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import warnings
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from game.files import file_worker, paths
from game.files import replay as replays
from game.files import settings as user_settings
from game.files.paths import shown_path
from game.files.settings import Settings
from game.files.storage import Notice, Store
from game.files.user_files import UserFiles
from game.i18n import N_, Translator
from game.themes import DEFAULT_THEME, ThemeCatalog, load_pack
from game.themes.drawable import drawable, drawable_catalog
from game.themes.loader import Pack, default_roots, pack_folders
from game.themes.render import ThemeRenderer
from game.themes.scan import PackScan
from game.ui.audio import MUSIC_ENDED, Audio
from game.ui.input.router import InputRouter
from game.ui.scene import Scene
from game.ui.scene_registry import SceneName, build_scene
from game.ui.scene_stack import SceneStack
from game.ui.style import Style

log = logging.getLogger(__name__)

FPS_CAP = 60
# Per frame, the time spent adding packs the background scan has checked (at least
# one; their fonts are tried here too when the scan runs on a thread: ~6 ms a pack).
PACK_TAKE_BUDGET = 0.004  # seconds
LOGGED_UNAVAILABLE = 20  # unavailable packs logged one by one; the rest in one line
BOT_THREAD_SWITCH = 0.0005  # seconds
CLAIM_EVERY = 1.0  # seconds between a read-only copy's tries to take the files over
MIN_WINDOW = (640, 480)
# The smallest window the screens are laid out in. The window manager keeps the window
# at MIN_WINDOW or more, but without one (or with a tiling one) any size may come, down
# to 1x1: below this the app says "make the window larger" and lays nothing out.
MIN_LAYOUT = (320, 240)
TOO_SMALL = N_("Make the window larger")
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
        self.user_files = UserFiles(self.data, self.config)
        self._since_claim = 0.0  # a read-only copy's time since it last asked for the files
        if options.screenshot is not None:  # a look at the game leaves the player's files alone
            self.config.writable = self.data.writable = False
        elif not options.selftest:  # one copy owns the files; a second one reads only
            self.user_files.open()
        self.settings = user_settings.load(self.config)
        self._saved_settings = self.settings.to_data()
        options = self.options = _with_settings(options, self.settings)
        self.i18n = Translator(options.language or self.settings.language)
        # The settings' language as last applied: `--lang` holds until the player
        # changes the language in Settings, not until any setting is saved.
        self._settings_language = self.settings.language
        self._windowed_size = options.size
        # The one set_mode of the game: full screen and sizes change on this same
        # window afterwards (a second set_mode for F11 segfaulted on a real screen).
        self.screen = pygame.display.set_mode(options.size, pygame.RESIZABLE)
        self.window = _window_of_display()
        self.window.minimum_size = MIN_WINDOW
        self.screen = pygame.display.get_surface() or self.screen  # a size under the minimum grew
        self._layout_size = _at_least(self.screen.get_size(), MIN_LAYOUT)
        self.fullscreen = False
        self.catalog: ThemeCatalog = _first_catalog(options.theme)
        self._scan: PackScan | None = None
        self._unavailable = 0  # unavailable packs taken (and logged up to a point)
        self.audio = Audio(
            enabled=not options.selftest,
            effects_volume=self.settings.effects_volume,
            music_volume=self.settings.music_volume,
        )
        self.stack = SceneStack()
        # Controllers and touch screens, turned into the keys and clicks scenes take.
        self.input = InputRouter(lambda: self.stack.top, lambda: self.size)
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
        """The size the scenes are laid out in: the window's, or while it is too small
        (`too_small`), the last size they could be laid out in."""
        return self._layout_size

    @property
    def too_small(self) -> bool:
        w, h = self.screen.get_size()
        return w < MIN_LAYOUT[0] or h < MIN_LAYOUT[1]

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

    def scan_catalog(self, here: bool = False) -> None:
        """Start checking every other pack, the player's own included, in a worker
        process (`here`: on a thread of this one): called after the first frame is
        shown, so start-up never waits."""
        if self._scan is None:
            shipped, players = default_roots()
            held = {pack.folder for pack in self.catalog.packs.values()}  # read here, not there

            def listed(roots: list[tuple[Path, bool]]) -> list[tuple[Path, bool]]:
                folders, _ = pack_folders(roots)
                return [(f, builtin) for f, builtin in folders if f not in held]

            self._scan = PackScan(
                listed([shipped]),
                check=load_pack if here else None,
                listed_later=partial(listed, [players]),  # the player's: any number
            ).start()
            self.catalog.pending = self._scan.pending

    def complete_catalog(self) -> None:
        """Every pack checked and listed now (tests, the command line's refusal). With
        no frame to draw meanwhile, a scan not started yet runs here, sparing a worker's
        start."""
        self.scan_catalog(here=True)
        self._take_packs(wait=True)

    def _take_packs(self, wait: bool = False) -> None:
        """Packs the scan has checked join the catalog, a few milliseconds' worth a frame."""
        scan = self._scan
        if scan is None or not scan.pending:
            return
        started = time.perf_counter()
        while scan.pending and (wait or time.perf_counter() - started < PACK_TAKE_BUDGET):
            taken = scan.take(wait=wait, most=1)
            for pack in taken:
                self._add_pack(pack if scan.fonts_tried else drawable(pack))
            if not taken:
                break
        self.catalog.pending, self.catalog.skipped = scan.pending, scan.skipped

    def _add_pack(self, pack: Pack) -> None:
        self.catalog.add(pack)
        if pack.available:
            return
        self._unavailable += 1
        if self._unavailable == LOGGED_UNAVAILABLE + 1:  # 10,000 broken folders: not 10,000 lines
            log.warning("more theme packs are unavailable: see Settings > Theme packs")
        elif self._unavailable <= LOGGED_UNAVAILABLE:
            log.warning(
                "theme pack %s (%s) is unavailable: %s",
                shown_path(pack.id),
                shown_path(pack.folder),
                pack.reason,
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
        if self.fullscreen != s.fullscreen:
            self.toggle_fullscreen()
        self._keep_settings()

    def use_language(self, language: str) -> None:
        self.settings.language = self._settings_language = language
        self.i18n = Translator(language)

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
        for event in self.input.update(dt):
            if not self.too_small:  # input over a screen not shown is not the player's
                self.stack.handle(event)
        self.stack.update(min(dt, 0.1))  # a stall must not make animations jump
        self._claim_files(dt)
        if self.too_small:
            self._draw_too_small()
        elif self.stack.top is not None:
            self.stack.draw(self.screen)
            self.input.draw(self.screen, self.style(), self.gettext)
            if self.input.mode == "pad":  # its prompt bar is over the scene's frame
                self.stack.drawn_over()
        pygame.display.flip()
        self.frame += 1
        self.frame_times.append(time.perf_counter() - started)
        if self.frame == 1:
            if self.options.startup_report:
                print(f"first-frame {time.time():.6f}", flush=True)
            self.scan_catalog()
            replays.shelf(self.data).start()  # checked in the background, before Statistics asks
        self._take_packs()

    def _claim_files(self, dt: float) -> None:
        """A read-only copy takes the files over once their owner is gone, on whatever
        screen it shows: a match begun at its table (from a match-end screen, where the
        menu never runs) is saved from then on, not lost when this copy is closed."""
        if self.data.owner:
            return
        self._since_claim += dt
        if self._since_claim < CLAIM_EVERY:
            return
        self._since_claim = 0.0
        if self.user_files.take_over():
            for scene in self.stack.scenes:
                scene.files_taken_over()

    def _tick(self) -> float:
        if self.options.fixed_dt is not None:
            if self.options.fps_cap:
                self.clock.tick(self.options.fps_cap)
            return self.options.fixed_dt
        return self.clock.tick(self.options.fps_cap) / 1000

    def _draw_too_small(self) -> None:
        """Plain words in the middle of the window (clipped at any size, even 1x1)."""
        s = self.style()
        self.screen.fill(s.panel_rgb)
        words = s.font(18).render(self.gettext(TOO_SMALL), True, s.text_rgb)
        w, h = self.screen.get_size()
        self.screen.blit(words, words.get_rect(center=(w // 2, h // 2)))

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if not self._quit_held():
                self.quit()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._window_changed()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == MUSIC_ENDED:
            self.audio.music_ended()
        elif self.too_small:
            return  # a click on a screen not shown
        else:
            for translated in self.input.translate(event):
                self.stack.handle(translated)

    def _window_changed(self) -> None:
        """The window has a new size (the player, the window manager, a screen change,
        full screen): take its surface anew, since SDL replaces it on every resize and
        drawing on the old one crashes. The size is the window's own, not the event's:
        an event queued before F11 was pressed again would be out of date."""
        if not self.fullscreen:
            self._windowed_size = self.window.size
            # A size below the minimum (no window manager kept it) is not kept: the
            # settings file would refuse it on the next start.
            self.settings.window = _at_least(self.window.size, MIN_WINDOW)
        self.screen = pygame.display.get_surface() or self.screen
        self.stack.drawn_over()  # a new window surface holds none of the last frame
        if not self.too_small:
            self._layout_size = self.screen.get_size()
            self.stack.resize(self._layout_size)

    def toggle_fullscreen(self) -> None:
        """Desktop full screen and back on the same window (pygame-ce's Window API):
        no new display mode, no new window, and the windowed size comes back."""
        if self.fullscreen:
            self.window.set_windowed()
            if self.window.size != self._windowed_size:
                self.window.size = self._windowed_size
        else:
            self._windowed_size = self.window.size
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = self.settings.fullscreen = not self.fullscreen
        self._window_changed()

    def resize_window(self, size: tuple[int, int]) -> None:
        """A window size chosen in the settings (kept for full screen's way back)."""
        self._windowed_size = (max(MIN_WINDOW[0], size[0]), max(MIN_WINDOW[1], size[1]))
        if not self.fullscreen:
            self.window.size = self._windowed_size
            self._window_changed()

    def _quit_held(self) -> bool:
        """A scene asks first (guests at the player's table); a scene that fails to
        answer does not keep the window open."""
        try:
            return any(scene.holds_quit() for scene in self.stack.scenes)
        except Exception:  # noqa: BLE001 - the close button must always close
            log.exception("a scene failed as the window closed: closing")
            return False

    def close(self) -> None:
        """Everything let go; the window goes even if a step fails (after a crash, a
        window left open would not close on its button while the error box shows)."""
        try:
            self._leave_scenes()
            self._keep_settings()  # the window size the player left
        finally:
            try:
                file_worker.stop()  # before the lock on the folder goes
                self.user_files.close()
                self.audio.close()
                if self._scan is not None:
                    self._scan.stop()
            finally:
                pygame.quit()

    def _leave_scenes(self) -> None:
        """Every scene left, even when one fails to: a table under a scene that failed
        still writes its last save (then the first failure is raised)."""
        failed: Exception | None = None
        while len(self.stack):
            try:
                self.stack.pop()
            except Exception as error:  # noqa: BLE001 - raised once the others are left
                failed = failed or error
        if failed is not None:
            raise failed


def _at_least(size: tuple[int, int], least: tuple[int, int]) -> tuple[int, int]:
    return max(size[0], least[0]), max(size[1], least[1])


def _window_of_display() -> pygame.Window:
    """The display module's window as a `pygame.Window`, to switch full screen on it.
    pygame-ce 2.5 marks from_display_module deprecated in favour of drawing through
    Window.get_surface; the game draws through pygame.display, where it is the way
    to reach the same window, so the warning is not for us."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


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
    """Just the pack asked for (from the shipped folder, else the player's) and Classic
    to fall back on, so the first frame comes quickly; the rest are checked after it."""
    if not paths.is_pack_id(theme):  # a path in the settings file is not a pack id
        theme = DEFAULT_THEME
    catalog = ThemeCatalog()
    for wanted in dict.fromkeys((theme, DEFAULT_THEME)):
        for root, shipped in default_roots():
            if (root / wanted).is_dir():
                catalog.add(load_pack(root / wanted, shipped))
                break
    return drawable_catalog(catalog)


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
