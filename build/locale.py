"""Gettext catalogs: find the game's messages, keep the .po files up to date, build the .mo.

    python build/locale.py           # update assets/locale/*/LC_MESSAGES/game.po, build .mo
    python build/locale.py --check   # exit 1 if a .po misses a message or a .mo is stale

Messages are the string literals passed to `_()`, `N_()`, `gettext()` and
`.gettext()` in `game/`. The .mo files are committed, so the game never
compiles a catalog at run time (tests check they match their .po).
"""

from __future__ import annotations

import os
import sys

# Run as a script, this file's folder comes first on sys.path, and this file's name
# would hide the standard library's `locale` (which argparse needs).
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(
    os.path.abspath(__file__))]

import argparse  # noqa: E402
import ast  # noqa: E402
import struct  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "game"
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "game"
LANGUAGES = ("es",)
CALLS = {"_", "N_", "gettext"}
HEADER = ("Project-Id-Version: uno-table\\n\nMIME-Version: 1.0\\n\n"
          "Content-Type: text/plain; charset=UTF-8\\n\nContent-Transfer-Encoding: 8bit\\n\n"
          "Language: {lang}\\n\nPlural-Forms: nplurals=2; plural=(n != 1);\\n\n")


def messages(source: Path = SOURCE) -> dict[str, list[str]]:
    """Every message in the game's code, with where it is used."""
    found: dict[str, list[str]] = {}
    for path in sorted(source.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else ""
            if name not in CALLS:
                continue
            for arg in _literals(node.args[0]):
                found.setdefault(arg, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def _literals(node: ast.AST) -> list[str]:
    """A literal, or both literals of `a if cond else b` (a choice made in the call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value else []
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


# -- .po ------------------------------------------------------------------------------------

def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    out, i = [], 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body):
            out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr (the header under the empty msgid)."""
    catalog: dict[str, str] = {}
    key: str | None = None
    msgid, msgstr = "", ""
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if line.startswith("msgid "):
            if key == "str":
                catalog[msgid] = msgstr
            key, msgid, msgstr = "id", _unquote(line[6:]), ""
        elif line.startswith("msgstr "):
            key, msgstr = "str", _unquote(line[7:])
        elif line.startswith('"'):
            if key == "id":
                msgid += _unquote(line)
            elif key == "str":
                msgstr += _unquote(line)
        elif not line and key == "str":
            catalog[msgid] = msgstr
            key = None
    return catalog


def write_po(path: Path, lang: str, found: dict[str, list[str]], old: dict[str, str]) -> None:
    lines = ["# Spanish messages of uno-table. Written by hand; `python build/locale.py` adds",
             "# new messages (empty) and drops unused ones.", 'msgid ""', 'msgstr ""']
    lines += [_quote(part + "\n") for part in HEADER.format(lang=lang).split("\\n\n") if part]
    for msgid in sorted(found):
        lines += ["", f"#: {' '.join(found[msgid][:3])}", f"msgid {_quote(msgid)}",
                  f"msgstr {_quote(old.get(msgid, ''))}"]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# -- .mo ------------------------------------------------------------------------------------

def mo_bytes(catalog: dict[str, str]) -> bytes:
    """GNU .mo: translated messages only, sorted, no hash table."""
    entries = sorted((k.encode(), v.encode()) for k, v in catalog.items() if v)
    count = len(entries)
    ids_at, strs_at = 28, 28 + 8 * count
    data_at = strs_at + 8 * count
    ids = strs = b""
    id_table, str_table = [], []
    for msgid, _ in entries:
        id_table.append((len(msgid), data_at + len(ids)))
        ids += msgid + b"\0"
    base = data_at + len(ids)
    for _, msgstr in entries:
        str_table.append((len(msgstr), base + len(strs)))
        strs += msgstr + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, 0)
    out += b"".join(struct.pack("<2I", *e) for e in id_table)
    out += b"".join(struct.pack("<2I", *e) for e in str_table)
    return out + ids + strs


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report")
    args = parser.parse_args(argv)
    found = messages()
    problems = []
    for lang in LANGUAGES:
        po = po_path(lang)
        old = read_po(po) if po.exists() else {}
        if args.check:
            missing = [m for m in found if not old.get(m)]
            problems += [f"{lang}: untranslated {m!r}" for m in missing]
            if po.with_suffix(".mo").read_bytes() != mo_bytes(old):
                problems.append(f"{lang}: {po.with_suffix('.mo')} is stale")
            continue
        write_po(po, lang, found, old)
        po.with_suffix(".mo").write_bytes(mo_bytes(read_po(po)))
        untranslated = sum(1 for m in found if not old.get(m))
        print(f"{po.relative_to(ROOT)}: {len(found)} messages, {untranslated} untranslated")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
