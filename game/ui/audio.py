"""Sound effects and music from the active theme. Without a sound device the
game plays silently and says so once, instead of failing.

The packs ship Ogg Vorbis at 44.1 kHz (music in stereo), so the mixer opens at
that rate: no resampling, and the music keeps its width."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame


class Audio:
    def __init__(
        self, enabled: bool = True, effects_volume: float = 0.7, music_volume: float = 0.3
    ) -> None:
        self.effects_volume, self.music_volume = effects_volume, music_volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._files: dict[str, Path] = {}
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
        """Sounds load when first played, so choosing a theme stays quick."""
        self._files = dict(sounds)
        self._sounds.clear()

    def play(self, name: str, fallback: str | None = None) -> None:
        """The theme's `name` sound; `fallback` when the pack has none (an older
        pack without "round_lost" plays nothing rather than a cheer)."""
        if fallback is not None and name not in self._files:
            name = fallback
        if not self.available or self.effects_volume <= 0 or name not in self._files:
            return
        sound = self._sounds.get(name)
        if sound is None:
            try:
                sound = pygame.mixer.Sound(str(self._files[name]))
            except (pygame.error, OSError):
                self._files.pop(name)  # a broken file: stay quiet about it from now on
                return
            self._sounds[name] = sound
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
