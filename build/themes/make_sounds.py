"""Write every shipped pack's sounds and music as Ogg Vorbis, with their licence.

    python build/themes/make_sounds.py [--only PACK] [--out DIR] [--wav]

Needs (build time only) numpy, and Debian's fluidsynth, fluid-soundfont-gm,
espeak-ng, sox and libsox-fmt-all. The output is committed: the game and its
tests never run these tools. `--wav` also keeps a WAV of each, to inspect.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import sound_render as r
from common import REPO
from sound_effects import NAMES, PRESET_ONLY, Effects
from sound_music import SONGS

EFFECT_QUALITY = 3  # sox -C for Vorbis: about 110 kb/s mono, for clean transients
MUSIC_QUALITY = 2  # about 96 kb/s stereo: well under a megabyte a minute
# Peak level of each effect: the cards themselves are soft, the table's moments
# stand out, a won match is the loudest thing in the game.
LEVELS = {"deal": 0.35, "play": 0.5, "draw": 0.45, "shuffle": 0.5}
DEFAULT_LEVEL = 0.7
LOUD = {"match_won": 0.85, "uno_call": 0.85, "creeper_reveal": 0.85}
# Longest each may last: a moment's sound must be over before the next move.
LONGEST = {"match_won": 4.0, "match_lost": 3.5, "shuffle": 1.6}
DEFAULT_LONGEST = 1.8

LICENCE = """\
Sounds and music of the {name} theme

Composed and synthesised for uno-table by build/themes/make_sounds.py (notes,
noise and voice written as code in this repository), released under CC0 1.0:
no rights reserved. The spoken "UNO!" is espeak-ng's synthesiser.

The instrument tones were rendered with the Fluid (R3) SoundFont:

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


def write_pack(pack_id: str, out: Path, keep_wav: bool) -> list[Path]:
    folder = out / pack_id / "sounds"
    effects = Effects(pack_id)
    written = []
    for name, make in NAMES.items():
        if PRESET_ONLY.get(name, pack_id) != pack_id:
            continue
        level = LEVELS.get(name, LOUD.get(name, DEFAULT_LEVEL))
        longest = LONGEST.get(name, DEFAULT_LONGEST)
        audio = r.fit(effects.finish(make(effects), longest), level)
        written.append(_write(folder / f"{name}.ogg", audio, EFFECT_QUALITY, keep_wav))
    song, length = SONGS[pack_id]()
    music = r.loop(r.render(song, gain=0.6), length)
    written.append(_write(folder / "music.ogg", r.fit(music, 0.8), MUSIC_QUALITY, keep_wav))
    licence = folder / "LICENSE.txt"
    licence.write_text(LICENCE.format(name=TITLES[pack_id]), encoding="utf-8", newline="\n")
    return [*written, licence]


def _write(path: Path, audio: r.Audio, quality: float, keep_wav: bool) -> Path:
    r.write_ogg(path, audio, quality)
    if keep_wav:
        r.write_wav(path.with_suffix(".wav"), audio)
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=REPO / "assets" / "themes")
    parser.add_argument("--only", choices=sorted(SONGS))
    parser.add_argument("--wav", action="store_true", help="keep a WAV beside each Ogg")
    args = parser.parse_args(argv)
    missing = r.missing_tools()
    if missing:
        print(f"make_sounds: missing {', '.join(missing)}", file=sys.stderr)
        return 1
    for pack_id in [args.only] if args.only else SONGS:
        files = write_pack(pack_id, args.out, args.wav)
        size = sum(f.stat().st_size for f in files)
        print(f"{pack_id}: {len(files)} files, {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
