"""Sound effects and music from the active theme. Without a sound device the
game plays silently and says so once, instead of failing.

The packs ship Ogg Vorbis at 44.1 kHz (music in stereo), so the mixer opens at
that rate: no resampling, and the music keeps its width.

Effects are decoded whole, on a worker thread, never on the frame thread: a pack's
sounds are checked short by their headers (game/themes/sound_length.py), but even a
few seconds of decoding would show as a stalled frame. An effect asked for before
it is ready is skipped, as a missing one is; the music streams as it plays."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pygame

from game.themes.file_limits import pack_file


class Audio:
    def __init__(
        self, enabled: bool = True, effects_volume: float = 0.7, music_volume: float = 0.3
    ) -> None:
        self.effects_volume, self.music_volume = effects_volume, music_volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._files: dict[str, Path] = {}
        self._theme = 0  # bumped by use_theme: a loader for an older theme stops
        self._loader: threading.Thread | None = None
        self.available = enabled and self._start_mixer()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024)
            return True
        except pygame.error as error:
            print(f"uno-table: no sound device ({error}); playing silently.", file=sys.stderr)
            return False

    def use_theme(self, sounds: dict[str, Path]) -> None:
        """Decode the theme's effects on a worker thread; they play once ready."""
        self._theme += 1
        self._files = dict(sounds)
        self._sounds = {}
        if self.available:
            effects = {name: path for name, path in sounds.items() if name != "music"}
            self._loader = threading.Thread(
                target=self._decode,
                args=(self._theme, effects, self._sounds),
                name="sounds",
                daemon=True,
            )
            self._loader.start()

    def _decode(
        self, theme: int, effects: dict[str, Path], into: dict[str, pygame.mixer.Sound]
    ) -> None:
        """The worker: each effect in turn, into this theme's own dict (a dict the frame
        thread only reads; an older theme's loader fills a dict nobody reads any more)."""
        for name, path in effects.items():
            if theme != self._theme:
                return  # another theme was chosen meanwhile
            try:
                sound = pygame.mixer.Sound(pack_file(path))
            except (pygame.error, OSError):
                continue  # a broken file: stay quiet about it
            into[name] = sound

    def wait_until_loaded(self, timeout: float | None = None) -> None:
        """For tests: block until the current theme's effects are decoded."""
        if self._loader is not None:
            self._loader.join(timeout)

    def close(self) -> None:
        """Before the mixer shuts: the loader stops after the effect it is decoding."""
        self._theme += 1
        self.wait_until_loaded(timeout=5)

    def play(self, name: str, fallback: str | None = None) -> None:
        """The theme's `name` sound; `fallback` when the pack has none (an older
        pack without "round_lost" plays nothing rather than a cheer). Never decodes:
        a sound not decoded yet is skipped."""
        if fallback is not None and name not in self._files:
            name = fallback
        if not self.available or self.effects_volume <= 0:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            sound.set_volume(self.effects_volume)
            sound.play()

    def start_music(self) -> None:
        """The theme's music, looped, if it has one and the music volume is not zero."""
        path = self._files.get("music")
        if not self.available or path is None or self.music_volume <= 0:
            return
        try:
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.music_volume)
            pygame.mixer.music.play(loops=-1)
        except pygame.error:
            pass  # music is a nicety: a file the mixer cannot read is skipped

    def apply_music_volume(self) -> None:
        """A new music volume: at zero the music stops rather than playing silently."""
        if not self.available:
            return
        if self.music_volume <= 0:
            pygame.mixer.music.stop()
        elif pygame.mixer.music.get_busy():
            pygame.mixer.music.set_volume(self.music_volume)

    def stop_music(self) -> None:
        if self.available:
            pygame.mixer.music.stop()
