"""Gettext catalogs with Babel: find the game's messages, update the .po files, build the .mo.

    python build/catalogs.py           # update assets/locale/*/LC_MESSAGES/game.po, build .mo
    python build/catalogs.py --check   # exit 1 if a catalog is out of date, incomplete or stale

Messages are the string literals passed to `_()`, `N_()`, `gettext()`, `ngettext()`
and `NN_()` (singular and plural), `pgettext()` and `npgettext()` (with a context), called as
functions or methods, in `game/`. Both literals of `_("a" if x else "b")` count.
Babel reads, merges and writes the catalogs, keeps plural forms and contexts, marks a
message whose English changed a little as fuzzy (a translator must look at it: fuzzy
entries are not compiled) and compiles the .mo files, which are committed, so the
game never compiles a catalog at run time. Babel is a development tool only
(the `test` extra); the game reads the .mo with the standard library's gettext.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import struct
import sys
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "game"
LANGUAGES = ("es",)  # English is the source language: its plurals come from the code
KEYWORDS: dict[str, Any] = {**DEFAULT_KEYWORDS, "N_": None, "NN_": (1, 2)}
PO_WIDTH = 100


# -- extraction --------------------------------------------------------------------------


def extract_game(
    fileobj: IO[bytes], keywords: dict[str, Any], comment_tags: object, options: object
) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """A Babel extraction method over Python's own parser (Babel's tokenizer joins the
    two literals of a conditional expression into one message)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name not in keywords:
            continue
        for args in product(*(_literals(arg) for arg in node.args)):
            yield node.lineno, name, args, []


def _literals(node: ast.AST) -> list[str | None]:
    """A literal, both literals of `a if cond else b`, or None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return [None]


def template(source: Path = SOURCE) -> Catalog:
    """Every message in the code, with the files that use it (no line numbers: a .po
    should change when a message does, not when code moves)."""
    catalog = Catalog(project="uno-table", fuzzy=False)
    found = extract_from_dir(str(source), method_map=[("**.py", extract_game)], keywords=KEYWORDS)
    for filename, _lineno, message, comments, context in found:
        where = f"{source.name}/{Path(filename).as_posix()}"
        catalog.add(message, locations=[(where, None)], auto_comments=comments, context=context)
    return catalog


# -- catalogs ----------------------------------------------------------------------------


def po_path(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, lang: str) -> Catalog:
    if not path.exists():
        return Catalog(locale=lang, project="uno-table", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def updated(old: Catalog, code: Catalog) -> Catalog:
    """`old` merged with the code's messages; messages the code dropped are gone."""
    code.creation_date = old.creation_date  # the header changes only with the messages
    old.update(code, update_header_comment=False)
    old.obsolete.clear()
    return old


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=PO_WIDTH, sort_output=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compiled(catalog: Catalog) -> dict[Any, str]:
    """What gettext will read from the catalog's .mo, header left out."""
    return _without_header(gettext.GNUTranslations(io.BytesIO(mo_bytes(catalog))))


def _without_header(translations: gettext.GNUTranslations) -> dict[Any, str]:
    table: dict[Any, str] = translations._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in table.items() if k != ""}


def _read_mo(path: Path) -> dict[Any, str] | None:
    """A committed .mo as gettext reads it; None if it is missing or not a .mo."""
    try:
        return _without_header(gettext.GNUTranslations(io.BytesIO(path.read_bytes())))
    except (OSError, struct.error):
        return None


def _key(message: Any) -> tuple[str | None, str]:
    ident = message.id[0] if isinstance(message.id, tuple) else message.id
    return message.context, ident


def problems(lang: str, code: Catalog, locale: Path = LOCALE) -> list[str]:
    """Why the committed catalog of `lang` does not match the code, empty if it does."""
    po = po_path(lang, locale)
    if not po.exists():
        return [f"{lang}: {po} is missing"]
    catalog = read(po, lang)
    have = {_key(m): m for m in catalog if m.id}
    want = {_key(m): m for m in code if m.id}
    out = [f"{lang}: not in the .po: {k[1]!r}" for k in sorted(want.keys() - have.keys(), key=str)]
    out += [f"{lang}: no longer used: {k[1]!r}" for k in sorted(have.keys() - want.keys(), key=str)]
    for key, message in sorted(have.items(), key=lambda kv: str(kv[0])):
        if key in want and message.pluralizable != want[key].pluralizable:
            out.append(f"{lang}: singular/plural changed: {key[1]!r}")
        if message.fuzzy:
            out.append(f"{lang}: fuzzy (check the translation, then drop the flag): {key[1]!r}")
        elif not all(message.string if message.pluralizable else [message.string]):
            out.append(f"{lang}: untranslated: {key[1]!r}")
    mo = po.with_suffix(".mo")
    if _read_mo(mo) != compiled(catalog):
        out.append(f"{lang}: {mo} does not match its .po: run python build/catalogs.py")
    return out


def update(lang: str, code: Catalog, locale: Path = LOCALE) -> str:
    po = po_path(lang, locale)
    catalog = updated(read(po, lang), code)
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_bytes(po_bytes(catalog))
    po.with_suffix(".mo").write_bytes(mo_bytes(catalog))
    todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _translated(m)))
    return f"{po.relative_to(ROOT)}: {len(catalog) - 1} messages, {todo} to translate or check"


def _translated(message: Any) -> bool:
    return all(message.string) if message.pluralizable else bool(message.string)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report")
    args = parser.parse_args(argv)
    found: list[str] = []
    for lang in LANGUAGES:
        if args.check:
            found += problems(lang, template())
        else:
            print(update(lang, template()))
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
