"""A scene: one screen of the game, driven by the scene stack.

Scenes get the app through the `Host` protocol, so they can open other scenes by
name (`host.scene("rules", ...)`), reach the theme and sound, and never import the
app module itself nor another scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.files.settings import Settings
    from game.files.storage import Store
    from game.files.user_files import UserFiles
    from game.i18n import Translator
    from game.themes import ThemeCatalog
    from game.ui.audio import Audio
    from game.ui.scene_registry import SceneName
    from game.ui.scene_stack import SceneStack
    from game.ui.style import Style


class Host(Protocol):
    """What a scene may ask of the app."""

    stack: SceneStack
    catalog: ThemeCatalog
    audio: Audio
    settings: Settings
    i18n: Translator
    data: Store  # saves, statistics and replays
    config: Store  # settings
    user_files: UserFiles  # which copy of the game owns data and config
    theme_id: str

    @property
    def deterministic(self) -> bool: ...

    @property
    def size(self) -> tuple[int, int]: ...

    def style(self, theme_id: str) -> Style: ...

    def scene(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the kind called `name` (see game.ui.scene_registry)."""
        ...

    def set_theme(self, theme_id: str) -> None: ...

    def quit(self) -> None: ...

    def gettext(self, text: str) -> str: ...

    def notices(self) -> list[str]: ...

    def save_settings(self) -> None: ...

    def use_language(self, language: str) -> None:
        """The player chose `language` in Settings: used from now on (over `--lang`)."""
        ...

    def resize_window(self, size: tuple[int, int]) -> None: ...


class Scene:
    """Base class: every hook is optional. `opaque` scenes hide those below."""

    opaque = True

    def __init__(self, host: Host) -> None:
        self.host = host

    def enter(self) -> None:
        """Pushed onto the stack (or replaced another scene)."""

    def exit(self) -> None:
        """Popped or replaced: release what the scene holds."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top was popped: this one is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute places."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, only while on top."""

    def files_taken_over(self) -> None:
        """This copy of the game, read-only so far, now owns the user's files (the
        other window has gone): on whatever screen, whether or not it is on top."""

    def holds_quit(self) -> bool:
        """The window's close button was pressed: True keeps the game open (the
        scene asks the player first), whether or not it is on top."""
        return False

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds, only while on top."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window."""
