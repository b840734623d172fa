"""Write every shipped pack's sound effects (three takes of each) and music
(three pieces) as Ogg Vorbis, with their licence and the manifest's [sounds].

    python build/themes/make_sounds.py [--only PACK] [--out DIR] [--wav]

Needs (build time only) numpy, sox with libsox-fmt-all (Vorbis), and for the
music Debian's fluidsynth and fluid-soundfont-gm. The effects are synthesised
here from physical models (sound_synth.py): no samples, no speech synthesiser.
Every effect is levelled to the same loudness (ITU-R BS.1770, loudness.py).
The output is committed: the game and its tests never run these tools.
`--wav` also keeps a WAV of each, to inspect. sox gives each Ogg file a random
stream serial number, so an unchanged sound is rewritten with other bytes: commit
only the files whose sound changed (`git checkout` the others).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import loudness
import numpy as np
import sound_render as r
from common import REPO
from sound_effects import effect_names, take
from sound_music import PIECES

TAKES = 3
EFFECT_QUALITY = 2  # sox -C for Vorbis: about 80 kb/s mono, clean enough for transients
MUSIC_QUALITY = -1  # about 38 kb/s stereo: soft background music, under 300 kB a minute
TARGET_LUFS = -20.0  # every effect, whatever it is: the table's level stays even
# ...but for a little shape, within a 2 LU band (the tests allow 3): the cards' own
# sounds, heard dozens of times a round, a touch under; the big moments a touch over.
LEVEL_OFFSETS = {"deal": -1.0, "play": -0.5, "draw": -0.5, "shuffle": -0.5}
LEVEL_OFFSETS |= {"uno_call": 1.0, "match_won": 1.0, "creeper_reveal": 1.0}
MUSIC_LUFS = -21.0  # each piece alike, measured on its mono mix (the music volume sets it under)
CEILING = 0.89  # -1 dBFS: Vorbis overshoots a little
# Longest each may last: a moment's sound must be over before the next move.
# The cards' own sounds come often and close together: their ring is kept short.
LONGEST = {"match_won": 3.5, "match_lost": 3.5, "creeper_reveal": 2.0}
LONGEST |= {"deal": 0.6, "play": 1.0, "draw": 1.0}
DEFAULT_LONGEST = 1.9

LICENCE = """\
Sounds and music of the {name} theme

Made for uno-table by build/themes/make_sounds.py and released under CC0 1.0:
no rights reserved. The effects are synthesised from physical models written as
code in this repository (build/themes/sound_synth.py, sound_effects.py): no
recordings, samples or speech synthesiser. The music is composed as notes in
build/themes/sound_music.py; its instrument tones were rendered with the Fluid
(R3) SoundFont:

  Copyright (c) 2000-2002, 2008 Frank Wen <getfrank@gmail.com>

  Permission is hereby granted, free of charge, to any person obtaining a copy
  of this software and associated documentation files (the "Software"), to deal
  in the Software without restriction, including without limitation the rights
  to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
  copies of the Software, and to permit persons to whom the Software is
  furnished to do so, subject to the following conditions:

  The above copyright notice and this permission notice shall be included in
  all copies or substantial portions of the Software.

  THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
  IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
  FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
  AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
  LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
  OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
  SOFTWARE.
"""
TITLES = {"classic": "Classic", "minecraft": "Minecraft", "monster_high": "Monster High"}


def level(audio: r.Audio, target: float = TARGET_LUFS) -> r.Audio:
    """At `target` LUFS, its peaks held under CEILING by a soft limiter (a click
    reaches the level of a chord only by being louder at its peak)."""
    for _ in range(6):
        measured = loudness.integrated(r.mono(audio).tolist(), r.RATE)
        audio = audio * 10 ** ((target - measured) / 20)
        peak = float(np.max(np.abs(audio)))
        if peak <= CEILING:
            break
        audio = CEILING * np.tanh(audio / CEILING)
    return audio


def write_pack(pack_id: str, out: Path, keep_wav: bool) -> dict[str, list[Path]]:
    folder = out / pack_id / "sounds"
    for old in folder.glob("*.ogg"):
        old.unlink()
    sounds: dict[str, list[Path]] = {}
    for name in effect_names(pack_id):
        longest = LONGEST.get(name, DEFAULT_LONGEST)
        for index in range(TAKES):
            audio = r.fade_after(r.trim(take(pack_id, name, index)), longest)
            path = folder / _file_name(name, index)
            target = TARGET_LUFS + LEVEL_OFFSETS.get(name, 0.0)
            sounds.setdefault(name, []).append(
                _write(path, level(audio, target), EFFECT_QUALITY, keep_wav)
            )
    for index, piece in enumerate(PIECES[pack_id]):
        path = folder / _file_name("music", index)
        music = level(_ending(r.render(piece(), gain=0.6)), MUSIC_LUFS)
        sounds.setdefault("music", []).append(_write(path, music, MUSIC_QUALITY, keep_wav))
    licence = folder / "LICENSE.txt"
    licence.write_text(LICENCE.format(name=TITLES[pack_id]), encoding="utf-8", newline="\n")
    _write_manifest(out / pack_id / "theme.toml", sounds)
    return sounds


def _ending(music: r.Audio) -> r.Audio:
    """The piece's last chord ringing out over its last two seconds, into silence."""
    music = r.trim(music)
    fade = min(len(music), r.seconds(2.0))
    music[-fade:] *= np.linspace(1.0, 0.0, fade)[:, None] ** 2
    return music


def _file_name(name: str, index: int) -> str:
    """The first take keeps the sound's own name (deal.ogg), the others are numbered."""
    return f"{name}.ogg" if index == 0 else f"{name}_{index + 1}.ogg"


def _write(path: Path, audio: r.Audio, quality: float, keep_wav: bool) -> Path:
    r.write_ogg(path, audio, quality)
    if keep_wav:
        r.write_wav(path.with_suffix(".wav"), audio)
    return path


def _write_manifest(manifest: Path, sounds: dict[str, list[Path]]) -> None:
    """The [sounds] table (the manifest's last) lists every take and piece."""
    lines = ["[sounds]", "# Several takes of each effect (one is picked at each play); the music's"]
    lines.append("# pieces play in turn.")
    for name, paths in sounds.items():
        files = ", ".join(f'"sounds/{p.name}"' for p in paths)
        lines.append(f"{name} = [{files}]")
    text = manifest.read_text(encoding="utf-8")
    text = re.sub(r"\[sounds\].*\Z", "\n".join(lines) + "\n", text, flags=re.S)
    manifest.write_text(text, encoding="utf-8", newline="\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=REPO / "assets" / "themes")
    parser.add_argument("--only", choices=sorted(PIECES))
    parser.add_argument("--wav", action="store_true", help="keep a WAV beside each Ogg")
    args = parser.parse_args(argv)
    missing = r.missing_tools()
    if missing:
        print(f"make_sounds: missing {', '.join(missing)}", file=sys.stderr)
        return 1
    for pack_id in [args.only] if args.only else PIECES:
        sounds = write_pack(pack_id, args.out, args.wav)
        files = [p for paths in sounds.values() for p in paths]
        size = sum(f.stat().st_size for f in files)
        print(f"{pack_id}: {len(files)} files, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
