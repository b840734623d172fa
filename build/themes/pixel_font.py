"""Our own blocky pixel font for the Minecraft pack, written out as a TrueType file.

    python build/themes/pixel_font.py   (needs fonttools: pip install fonttools)

Every glyph is a little bitmap drawn here ("#" = ink): capitals seven pixels
tall, lower case five with two-pixel descenders, one pixel between letters.
Accented letters are a base letter plus a mark above, so Spanish comes for free.
A font pixel is 1/8 em: drawn at 16, 24 or 32 px every pixel is whole and sharp
(the manifest says `grid = 8`). Released under CC0, like the rest of our art.
"""

from __future__ import annotations

from pathlib import Path

from common import REPO
from pixels import FONT as DIGITS

UNIT = 125  # font units per pixel; 1000 per em, so 8 pixels per em
ASCENT, DESCENT = 9, 2  # pixels above the baseline (capitals' accents) and below it
NAME = "UnoTablePixel"
Rows = list[str]

# Seven rows from the cap line down to the baseline, then up to two descender rows.
GLYPHS: dict[str, str] = {
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "####. #...# #...# #...# #...# #...# ####.",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".#### #.... #.... #..## #...# #...# .###.",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": "### .#. .#. .#. .#. .#. ###",
    "J": "....# ....# ....# ....# #...# #...# .###.",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #...# #...# #...# #...#",
    "N": "#...# ##..# #.#.# #..## #...# #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# .#.#. .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# ##.## #...#",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "a": "..... ..... .###. ....# .#### #...# .####",
    "b": "#.... #.... #.##. ##..# #...# #...# ####.",
    "c": "..... ..... .###. #...# #.... #...# .###.",
    "d": "....# ....# .##.# #..## #...# #...# .####",
    "e": "..... ..... .###. #...# ##### #.... .####",
    "f": "..## .#.. #### .#.. .#.. .#.. .#..",
    "g": "..... ..... .#### #...# #...# #...# .#### ....# ####.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...#",
    "i": "# . # # # # #",
    "j": "..# ... ..# ..# ..# ..# ..# #.# .#.",
    "k": "#... #... #..# #.#. ##.. #.#. #..#",
    "l": "#. #. #. #. #. #. .#",
    "m": "..... ..... ##.#. #.#.# #.#.# #...# #...#",
    "n": "..... ..... ####. #...# #...# #...# #...#",
    "o": "..... ..... .###. #...# #...# #...# .###.",
    "p": "..... ..... #.##. ##..# #...# #...# ####. #.... #....",
    "q": "..... ..... .##.# #..## #...# #...# .#### ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #....",
    "s": "..... ..... .#### #.... .###. ....# ####.",
    "t": ".#. .#. ### .#. .#. .#. ..#",
    "u": "..... ..... #...# #...# #...# #...# .####",
    "v": "..... ..... #...# #...# #...# .#.#. ..#..",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    "y": "..... ..... #...# #...# #...# #...# .#### ....# ####.",
    "z": "..... ..... ##### ...#. ..#.. .#... #####",
    "!": "# # # # # . #",
    '"': "#.# #.# ... ... ... ... ...",
    "#": "..... .#.#. ##### .#.#. ##### .#.#. .....",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "%": "#...# #..#. ...#. ..#.. .#... .#..# #...#",
    "&": ".#... #.#.. .#... #.#.# #..#. #..#. .##.#",
    "'": "# # . . . . .",
    "(": "..# .#. #.. #.. #.. .#. ..#",
    ")": "#.. .#. ..# ..# ..# .#. #..",
    "*": "... ... #.# .#. #.# ... ...",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    ",": ".. .. .. .. .. .# .# #.",
    "-": "..... ..... ..... ##### ..... ..... .....",
    ".": ". . . . . . #",
    "/": "....# ...#. ...#. ..#.. .#... .#... #....",
    ":": ". . # . . . #",
    ";": ". . # . . . # #",
    "<": "...# ..#. .#.. #... .#.. ..#. ...#",
    "=": "..... ..... ##### ..... ##### ..... .....",
    ">": "#... .#.. ..#. ...# ..#. .#.. #...",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "@": ".###. #...# #.### #.#.# #.### #.... .###.",
    "[": "### #.. #.. #.. #.. #.. ###",
    "\\": "#.... .#... .#... ..#.. ...#. ...#. ....#",
    "]": "### ..# ..# ..# ..# ..# ###",
    "^": "..#.. .#.#. #...# ..... ..... ..... .....",
    "_": "..... ..... ..... ..... ..... ..... ..... #####",
    "`": "#. .# .. .. .. .. ..",
    "{": "..## .#.. .#.. #... .#.. .#.. ..##",
    "|": "# # # # # # # #",
    "}": "##.. ..#. ..#. ...# ..#. ..#. ##..",
    "~": "..... ..... ..... .##.# #.##. ..... .....",
    "\u00a1": ". . # . # # # # #",  # ¡ hangs below the line, as in print
    "\u00bf": "..... ..... ..#.. ..... ..#.. .#... #.... #...# .###.",  # ¿
    "\u00b7": ". . . . # . .",  # middle dot
    "\u2026": "..... ..... ..... ..... ..... ..... #.#.#",  # …
    "\u2013": "..... ..... ..... ##### ..... ..... .....",  # –
    "\u2014": "....... ....... ....... ####### ....... ....... .......",  # —
    "\u2018": "# # . . . . .",
    "\u2019": "# # . . . . .",
    "\u201c": "#.# #.# ... ... ... ... ...",
    "\u201d": "#.# #.# ... ... ... ... ...",
    "\u00ab": "..... ..... ..#.# .#.#. #.#.. .#.#. ..#.#",  # «
    "\u00bb": "..... ..... #.#.. .#.#. ..#.# .#.#. #.#..",  # »
    "\u00b0": ".#. #.# .#. ... ... ... ...",  # °
    "\u00d7": "..... ..... #...# .#.#. ..#.. .#.#. #...#",  # ×
    "\u2190": "....... ..#.... .#..... ####### .#..... ..#.... .......",  # ←
    "\u2192": "....... ....#.. .....#. ####### .....#. ....#.. .......",  # →
    "\u2191": "..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..",  # ↑
    "\u2193": "..#.. ..#.. ..#.. ..#.. #.#.# .###. ..#..",  # ↓
    "\u20ac": "..### .#... ####. .#... ####. .#... ..###",  # €
}
# Marks above a letter: two rows, centred over five-pixel letters.
MARKS = {
    "acute": ("...#.", "..#.."),
    "grave": (".#...", "..#.."),
    "circumflex": ("..#..", ".#.#."),
    "diaeresis": (".....", ".#.#."),
    "tilde": (".##.#", "#.##."),
    "ring": ("..#..", ".#.#."),
}
ACCENTED = {
    "á": ("a", "acute"), "é": ("e", "acute"), "ó": ("o", "acute"),
    "ú": ("u", "acute"), "ý": ("y", "acute"), "à": ("a", "grave"), "è": ("e", "grave"),
    "ò": ("o", "grave"), "ù": ("u", "grave"), "â": ("a", "circumflex"),
    "ê": ("e", "circumflex"), "ô": ("o", "circumflex"),
    "û": ("u", "circumflex"), "ä": ("a", "diaeresis"), "ë": ("e", "diaeresis"),
    "ö": ("o", "diaeresis"), "ü": ("u", "diaeresis"),
    "ÿ": ("y", "diaeresis"), "ñ": ("n", "tilde"), "ã": ("a", "tilde"), "õ": ("o", "tilde"),
    "å": ("a", "ring"), "Á": ("A", "acute"), "É": ("E", "acute"), "Í": ("I", "acute"),
    "Ó": ("O", "acute"), "Ú": ("U", "acute"), "À": ("A", "grave"), "È": ("E", "grave"),
    "Ò": ("O", "grave"), "Ù": ("U", "grave"), "Ü": ("U", "diaeresis"), "Ö": ("O", "diaeresis"),
    "Ä": ("A", "diaeresis"), "Ñ": ("N", "tilde"), "Â": ("A", "circumflex"),
    "Ê": ("E", "circumflex"), "Ô": ("O", "circumflex"),
}  # fmt: skip
EXTRA = {
    # An i is one pixel wide, too narrow for a centred mark: drawn whole.
    "í": ".# #. #. #. #. #. #.",
    "ì": "#. .# .# .# .# .# .#",
    "î": ".#. #.# .#. .#. .#. .#. .#.",
    "ï": "#.# ... .#. .#. .#. .#. .#.",
    "ç": "..... ..... .###. #...# #.... #...# .###. ..#.. .#...",
    "Ç": ".###. #...# #.... #.... #.... #...# .###. ..#.. .#...",
    " ": "... ... ... ... ... ... ...",
    "\u00a0": "... ... ... ... ... ... ...",
}


def bitmaps() -> dict[str, tuple[Rows, int]]:
    """Every character: its rows (top first) and the row index of the baseline."""
    out: dict[str, tuple[Rows, int]] = {}
    for source in (GLYPHS, EXTRA):
        for ch, text in source.items():
            out[ch] = (text.split(), 6)
    for ch, rows in DIGITS.items():
        out.setdefault(ch, (list(rows), 6))
    for ch, (base, mark) in ACCENTED.items():
        rows, baseline = out[base]
        width = len(rows[0])
        above = [_centred(r, width) for r in MARKS[mark]]
        if base.isupper():  # capitals: the mark stands above the cap line
            out[ch] = (above + rows, baseline + 2)
        else:  # lower case: the mark fills the two rows above the x-height
            out[ch] = (above + rows[2:], baseline)
    return out


def _centred(mark: str, width: int) -> str:
    """A five-pixel mark cut or padded to a narrower or wider letter."""
    if width >= len(mark):
        pad = width - len(mark)
        return "." * (pad // 2) + mark + "." * (pad - pad // 2)
    cut = (len(mark) - width) // 2
    trimmed = mark[cut : cut + width]
    return trimmed if "#" in trimmed else mark.strip(".")[:width].rjust(width, ".")


def _contours(rows: Rows, baseline: int) -> list[list[tuple[int, int]]]:
    """One rectangle per horizontal run of ink, clockwise, in font units."""
    boxes = []
    for r, row in enumerate(rows):
        y_top = (baseline - r + 1) * UNIT
        c = 0
        while c < len(row):
            if row[c] != "#":
                c += 1
                continue
            start = c
            while c < len(row) and row[c] == "#":
                c += 1
            x0, x1 = start * UNIT, c * UNIT
            boxes.append([(x0, y_top - UNIT), (x0, y_top), (x1, y_top), (x1, y_top - UNIT)])
    return boxes


def build(out: Path) -> None:
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    glyphs = bitmaps()
    names = {ch: f"uni{ord(ch):04X}" for ch in glyphs}
    order = [".notdef", *names.values()]
    fb = FontBuilder(unitsPerEm=8 * UNIT, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({ord(ch): name for ch, name in names.items()})
    drawn, metrics = {}, {}
    notdef = TTGlyphPen(None)
    for box in _contours(["####", "#..#", "#..#", "#..#", "#..#", "#..#", "####"], 6):
        _draw(notdef, box)
    drawn[".notdef"], metrics[".notdef"] = notdef.glyph(), (5 * UNIT, 0)
    for ch, (rows, baseline) in glyphs.items():
        pen = TTGlyphPen(None)
        for box in _contours(rows, baseline):
            _draw(pen, box)
        drawn[names[ch]] = pen.glyph()
        metrics[names[ch]] = ((len(rows[0]) + 1) * UNIT, 0)
    fb.setupGlyf(drawn)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=ASCENT * UNIT, descent=-DESCENT * UNIT)
    fb.setupOS2(
        sTypoAscender=ASCENT * UNIT, sTypoDescender=-DESCENT * UNIT, sTypoLineGap=UNIT,
        usWinAscent=ASCENT * UNIT, usWinDescent=DESCENT * UNIT, sCapHeight=7 * UNIT,
        sxHeight=5 * UNIT,
    )  # fmt: skip
    fb.setupNameTable({"familyName": NAME, "styleName": "Regular"})
    fb.setupPost()
    out.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(out))


def _draw(pen, box: list[tuple[int, int]]) -> None:  # noqa: ANN001 - a fontTools pen
    pen.moveTo(box[0])
    for point in box[1:]:
        pen.lineTo(point)
    pen.closePath()


LICENCE = """\
UnoTablePixel, the Minecraft pack's font, drawn pixel by pixel for uno-table
(build/themes/pixel_font.py). Released under CC0 1.0 Universal: no rights
reserved; copy, change and share it freely.
"""


def main() -> int:
    folder = REPO / "assets" / "themes" / "minecraft" / "fonts"
    build(folder / f"{NAME}.ttf")
    (folder / "LICENSE.txt").write_text(LICENCE, encoding="utf-8", newline="\n")
    print(f"minecraft: fonts/{NAME}.ttf + LICENSE.txt")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
