"""The About section at the end of the Rules screen: version, licence, third-party notices.

The notices are the file shipped with the game (assets/legal/THIRD_PARTY_NOTICES.txt,
also in the wheel's licence files and the standalone app), shown as written; in a
language with its own copy beside it (THIRD_PARTY_NOTICES.es.txt), that copy, which
names the English file as the one that holds.
"""

from __future__ import annotations

from collections.abc import Callable

from game import __version__
from game.files import paths
from game.i18n import N_

NOTICES = "THIRD_PARTY_NOTICES.txt"
HEADING = N_("About UNO Table {version}")
LICENCE = N_(
    "UNO Table is free software under the MIT licence. It is a fan-made game and is not "
    "affiliated with the owners of UNO, Minecraft or Monster High. It is built on the "
    "software and art below, each under its own licence."
)


def about_text(gettext: Callable[[str], str] = str, language: str = "en") -> list[str]:
    """Paragraphs: heading, our licence, then the notices file block by block."""
    paragraphs = [gettext(HEADING).format(version=__version__), gettext(LICENCE)]
    return paragraphs + notices(language)


def notices(language: str = "en") -> list[str]:
    legal = paths.asset_root() / "legal"
    translated = legal / NOTICES.replace(".txt", f".{language}.txt")
    path = translated if language != "en" and translated.is_file() else legal / NOTICES
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return [f"{NOTICES} is missing from {path.parent}"]
    blocks = [block.strip() for block in text.split("\n\n") if block.strip()]
    return [_one_paragraph(block) for block in blocks[1:]]  # the file's own title is ours


def _one_paragraph(block: str) -> str:
    """An entry (a title, then indented lines) as "title: text"; a plain paragraph,
    whose lines simply wrap, as its words."""
    title, _, body = block.partition("\n")
    if body and not body.startswith((" ", "\t")):
        return " ".join(block.split())
    body = " ".join(body.split())
    return f"{title.strip()}: {body}" if body else title.strip()
