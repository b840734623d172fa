"""Sound effects and music from the active theme. Without a sound device the
game plays silently and says so once, instead of failing.

The packs ship Ogg Vorbis at 44.1 kHz (music in stereo), so the mixer opens at
that rate: no resampling, and the music keeps its width.

Effects are decoded whole, on a worker thread, never on the frame thread: a pack's
sounds are checked short by their headers (game/themes/sound_length.py), but even a
few seconds of decoding would show as a stalled frame. An effect asked for before
it is ready is skipped, as a missing one is; the music streams as it plays.

A sound may have several takes (the shipped packs have three or more of each, a
little apart in pitch and timing): each play picks one, never the one just
heard, so a card played twenty times does not sound like a machine. The music's
pieces play in turn, the next one starting when the last ends."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import pygame

from game.themes.file_limits import pack_file

MUSIC_ENDED = pygame.event.custom_type()  # the mixer posts it when a piece ends
# Each play of an effect is a little louder or softer than the last (in dB, either way):
# with the takes' own differences, no two plays in a row are alike.
LEVEL_SPREAD_DB = 1.0


class Audio:
    def __init__(
        self, enabled: bool = True, effects_volume: float = 0.7, music_volume: float = 0.3
    ) -> None:
        self.effects_volume, self.music_volume = effects_volume, music_volume
        self._sounds: dict[str, list[pygame.mixer.Sound]] = {}
        self._files: dict[str, tuple[Path, ...]] = {}
        self._last_take: dict[str, int] = {}
        self._piece = 0  # the music piece playing (an index into the music's files)
        self._music_on = False  # between start_music and stop_music: pieces follow on
        self._random = random.Random()
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

    def use_theme(self, sounds: dict[str, tuple[Path, ...]]) -> None:
        """Decode the theme's effects (every take) on a worker thread; they play once ready."""
        self._theme += 1
        self._files = {name: takes for name, takes in sounds.items() if takes}
        self._sounds = {}
        self._last_take = {}
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
        self,
        theme: int,
        effects: dict[str, tuple[Path, ...]],
        into: dict[str, list[pygame.mixer.Sound]],
    ) -> None:
        """The worker: each effect in turn, into this theme's own dict (a dict the frame
        thread only reads; an older theme's loader fills a dict nobody reads any more).
        An effect is published once all its takes are decoded."""
        for name, paths in effects.items():
            takes = []
            for path in paths:
                if theme != self._theme:
                    return  # another theme was chosen meanwhile
                try:
                    takes.append(pygame.mixer.Sound(pack_file(path)))
                except (pygame.error, OSError):
                    continue  # a broken file: stay quiet about it
            if takes:
                into[name] = takes

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
        takes = self._sounds.get(name)
        if takes:
            sound = takes[self.pick_take(name, len(takes))]
            spread = self._random.uniform(-LEVEL_SPREAD_DB, LEVEL_SPREAD_DB)
            sound.set_volume(min(1.0, self.effects_volume * 10 ** (spread / 20)))
            sound.play()

    def pick_take(self, name: str, count: int) -> int:
        """A take of `name` at random, never the one played last time."""
        last = self._last_take.get(name)
        choices = [i for i in range(count) if i != last] or [0]
        self._last_take[name] = take = self._random.choice(choices)
        return take

    def start_music(self) -> None:
        """The theme's music, if it has some and the music volume is not zero: a piece
        at random, then the others in turn (see music_ended)."""
        pieces = self._files.get("music", ())
        if not self.available or not pieces or self.music_volume <= 0:
            return
        self._music_on = True
        self._play_piece(self._random.randrange(len(pieces)))

    def music_ended(self) -> None:
        """MUSIC_ENDED came: the next piece, round and round (unless the music was
        stopped meanwhile: the event may wait in the queue for a frame)."""
        pieces = self._files.get("music", ())
        if self._music_on and pieces and self.music_volume > 0:
            self._play_piece((self._piece + 1) % len(pieces))

    def _play_piece(self, index: int) -> None:
        self._piece = index
        try:
            # Loading halts the piece before it, which is not an end to follow on from.
            pygame.mixer.music.set_endevent(pygame.NOEVENT)
            pygame.mixer.music.load(str(self._files["music"][index]))
            pygame.mixer.music.set_volume(self.music_volume)
            pygame.mixer.music.set_endevent(MUSIC_ENDED)
            pygame.mixer.music.play()
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
        self._music_on = False
        if self.available:
            pygame.mixer.music.set_endevent(pygame.NOEVENT)  # stopped on purpose: no next piece
            pygame.mixer.music.stop()
