"""Copy the packs' fonts from Debian's fonts-noto-core, with their licence.

Needs `apt-get install fonts-noto-core`. Noto is under the SIL Open Font
License 1.1; the licence text is taken from the package's copyright file and
shipped beside each font, as the OFL asks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from common import REPO

NOTO = Path("/usr/share/fonts/truetype/noto")
COPYRIGHT = Path("/usr/share/doc/fonts-noto-core/copyright")
FONTS = {"classic": "NotoSans-Bold.ttf", "monster_high": "NotoSerif-Bold.ttf"}
HEADER = """Noto fonts: Copyright 2010, 2012-2020 Google Inc.; 2015-2020 Google LLC.
This Font Software is licensed under the SIL Open Font License, Version 1.1.
Copied unmodified from Debian's fonts-noto-core package.

"""


def ofl_text() -> str:
    """The OFL paragraph of the Debian copyright file, un-indented."""
    lines = COPYRIGHT.read_text(encoding="utf-8").splitlines()
    start = max(i for i, line in enumerate(lines) if line.strip() == "License: OFL-1.1")
    body = []
    for line in lines[start + 1 :]:
        if line and not line.startswith(" "):
            break
        body.append("" if line.strip() == "." else line[1:])
    return HEADER + "SIL OPEN FONT LICENSE Version 1.1\n\n" + "\n".join(body).strip() + "\n"


def main() -> int:
    licence = ofl_text()
    for pack, font in FONTS.items():
        target = REPO / "assets" / "themes" / pack / "fonts"
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(NOTO / font, target / font)
        (target / "OFL.txt").write_text(licence, encoding="utf-8")
        print(f"{pack}: {font} + OFL.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
