"""A broken pack is listed as unavailable with a message naming pack, file and field."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from game.themes.errors import ThemeError
from game.themes.loader import discover, load_pack
from game.themes.manifest import read_manifest


def _edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture drifted: {old!r} not in {name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _reason(folder: Path) -> str:
    pack = load_pack(folder)
    assert not pack.available
    return pack.reason


def test_missing_card_art_names_the_card_file(pack_copy) -> None:
    folder = pack_copy("minecraft")
    (folder / "cards" / "creeper.svg").unlink()
    expected = "theme 'minecraft': cards/creeper.svg: cards.pattern: no art for card 'creeper'"
    assert expected in _reason(folder)


def test_missing_sound_file_names_the_field_and_file(pack_copy) -> None:
    folder = pack_copy("monster_high")
    (folder / "sounds" / "urrrh_giveaway.ogg").unlink()
    assert (
        "theme.toml: sounds.urrrh_giveaway[0]: file 'sounds/urrrh_giveaway.ogg' not found"
        in _reason(folder)
    )


def test_a_sound_that_is_not_a_wav_is_named(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "theme.toml", 'catch = ["sounds/catch.ogg"', 'catch = ["sounds/catch.wav"')
    (folder / "sounds" / "catch.wav").write_bytes(b"ID3 not a wave")
    assert "sounds/catch.wav: sounds.catch: not a readable WAV file" in _reason(folder)


def test_a_sound_that_is_not_an_ogg_is_named(pack_copy) -> None:
    folder = pack_copy()
    (folder / "sounds" / "catch.ogg").write_bytes(b"ID3 not an ogg")
    assert "sounds/catch.ogg: sounds.catch: not an Ogg file" in _reason(folder)


def test_a_font_needs_an_open_licence_beside_it(pack_copy) -> None:
    folder = pack_copy()
    (folder / "fonts" / "OFL.txt").write_text("All rights reserved.", encoding="utf-8")
    assert (
        "fonts/OFL.txt: fonts.ui.licence: fonts must be under the SIL Open Font License"
        in _reason(folder)
    )


def test_a_font_licence_elsewhere_in_the_pack_is_refused(pack_copy) -> None:
    folder = pack_copy()
    (folder / "fonts" / "OFL.txt").rename(folder / "OFL.txt")
    _edit(folder, "theme.toml", 'licence = "fonts/OFL.txt"', 'licence = "OFL.txt"')
    assert "fonts.ui.licence: the licence must sit in the same folder" in _reason(folder)


def test_missing_manifest(pack_copy) -> None:
    folder = pack_copy()
    (folder / "theme.toml").unlink()
    assert _reason(folder) == "theme 'classic': theme.toml: missing"


def test_bad_toml_names_the_manifest(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "theme.toml", 'preset = "classic"', "preset = classic")
    assert re.match(r"theme 'classic': theme\.toml: not valid TOML \(.*line 4", _reason(folder))


@pytest.mark.parametrize(
    "bad_path",
    ["../minecraft/cards/back.svg", "/etc/passwd.svg", "cards/../../classic/cards/back.svg"],
)
def test_path_outside_the_pack_is_refused(pack_copy, bad_path: str) -> None:
    folder = pack_copy()
    pack_copy("minecraft")  # a real file next door, so only the rule can refuse it
    _edit(folder, "theme.toml", 'back = "cards/back.svg"', f'back = "{bad_path}"')
    reason = _reason(folder)
    assert "theme.toml: cards.back:" in reason
    assert "outside the pack" in reason or "absolute path" in reason


def test_symlink_out_of_the_pack_is_refused(pack_copy, tmp_path: Path) -> None:
    folder = pack_copy()
    secret = tmp_path / "secret.svg"
    secret.write_text("<svg/>", encoding="utf-8")
    (folder / "cards" / "back.svg").unlink()
    os.symlink(secret, folder / "cards" / "back.svg")
    assert "cards.back: 'cards/back.svg' points outside the pack folder" in _reason(folder)


def test_code_files_are_not_pack_data(pack_copy) -> None:
    folder = pack_copy()
    (folder / "sounds" / "deal.py").write_text("print('hi')", encoding="utf-8")
    _edit(folder, "theme.toml", 'deal = ["sounds/deal.ogg"', 'deal = ["sounds/deal.py"')
    assert "sounds.deal[0]: 'sounds/deal.py' is not a data file" in _reason(folder)


def test_missing_place_in_the_map_names_group_and_object(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "table.tmx", 'name="seat_3"', 'name="seat_three"')
    _edit(folder, "table.tmx", 'name="uno_button"', 'name="uno"')
    reason = _reason(folder)
    assert reason.startswith("theme 'classic': table.tmx: missing ")
    assert "'places/uno_button'" in reason and "'seats_4/seat_3'" in reason
    assert "'seats_3/" not in reason


def test_missing_seat_group_is_named(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "table.tmx", 'name="seats_7"', 'name="seating_7"')
    assert "object group 'seats_7'" in _reason(folder)


def test_map_with_a_doctype_is_refused_before_pytmx_reads_it(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "table.tmx", "<map ", '<!DOCTYPE map [<!ENTITY boom "boom">]>\n<map ')
    assert "table.tmx: XML with a DOCTYPE or ENTITY declaration is refused" in _reason(folder)


def test_svg_with_an_entity_is_refused(pack_copy) -> None:
    folder = pack_copy()
    art = folder / "cards" / "wild.svg"
    art.write_text(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        + art.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    assert "cards/wild.svg: cards.pattern: XML with a DOCTYPE" in _reason(folder)


def test_map_naming_a_tileset_outside_the_pack_is_refused(pack_copy) -> None:
    folder = pack_copy()
    _edit(
        folder,
        "table.tmx",
        " <objectgroup",
        ' <tileset firstgid="1" source="../../elsewhere.tsx"/>\n <objectgroup',
    )
    assert "table.tmx: <tileset source=...>: '../../elsewhere.tsx' uses '..'" in _reason(folder)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("schema = 1", "schema = 2", "schema: version 2 is not supported"),
        ('id = "classic"', 'id = "classics"', "id: 'classics' must match the folder name"),
        ('preset = "classic"', 'preset = "poker"', "preset: 'poker' is not one of"),
        ('es = "Clásico"', 'es = ""', "name.es: missing or empty"),
        ("rgb = [214, 38, 30]", "rgb = [214, 38, 300]", "colors[0].rgb: must be three whole"),
        ('es = "Rojo"', 'fr = "Rouge"', "colors[0].name.es: missing or empty"),
        ("panel = [18, 52, 34]", "panel = [200, 200, 200]", "palette.text: contrast with"),
        (
            'pattern = "cards/{card}.svg"',
            'pattern = "cards/all.svg"',
            "cards.pattern: must contain",
        ),
        (
            'ui = { file = "fonts/NotoSans-Bold.ttf", licence = "fonts/OFL.txt" }',
            'ui = { file = "fonts/NotoSans-Bold.ttf" }',
            "fonts.ui.licence: missing",
        ),
        (
            "music = [",
            "musik = [",
            "sounds.musik: is not a sound",
        ),
        (
            'catch = ["sounds/catch.ogg"',
            'catch = [1, "sounds/catch.ogg"',
            "sounds.catch: every take must be",
        ),
        ('catch = ["sounds/catch.ogg"', 'catch = ["../catch.ogg"', "sounds.catch[0]: "),
        ('catch = ["sounds/catch.ogg"', 'catch = ["sounds/no.ogg"', "sounds.catch[0]: file"),
    ],
)
def test_manifest_field_problems_name_the_field(
    pack_copy, old: str, new: str, expected: str
) -> None:
    folder = pack_copy()
    _edit(folder, "theme.toml", old, new)
    with pytest.raises(ThemeError) as caught:
        read_manifest(folder)
    assert f"theme 'classic': theme.toml: {expected}" in str(caught.value)


def test_too_many_takes_or_none_are_refused(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "theme.toml", "catch = [", "catch = [" + '"sounds/catch.ogg", ' * 9)
    assert "sounds.catch: must be a file or a list of 1 to 8 files" in _reason(folder)
    _edit(folder, "theme.toml", "catch = [" + '"sounds/catch.ogg", ' * 9, "catch = [] # ")
    assert "sounds.catch: must be a file or a list of 1 to 8 files" in _reason(folder)


def test_a_single_file_per_sound_still_loads(pack_copy) -> None:
    """The manifest's first form: one file a sound, as packs made before takes have."""
    folder = pack_copy()
    path = folder / "theme.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join(re.sub(r'= \["([^"]+)".*\]$', r'= "\1"', line) for line in lines) + "\n",
        encoding="utf-8",
    )
    assert 'play = "sounds/play.ogg"' in path.read_text(encoding="utf-8")
    manifest = read_manifest(folder)
    assert manifest.sounds["play"] == (folder / "sounds" / "play.ogg",)
    assert load_pack(folder).available


def test_every_problem_is_reported_not_just_the_first(pack_copy) -> None:
    folder = pack_copy()
    _edit(folder, "theme.toml", "schema = 1", "schema = 9")
    _edit(folder, "theme.toml", 'map = "table.tmx"', 'map = "nowhere.tmx"')
    with pytest.raises(ThemeError) as caught:
        read_manifest(folder)
    fields = [p.field for p in caught.value.problems]
    assert fields == ["schema", "table.map"]


def test_a_broken_pack_falls_back_to_classic(pack_copy) -> None:
    classic = pack_copy("classic")
    broken = pack_copy("minecraft")
    (broken / "table.tmx").write_text("<map", encoding="utf-8")
    catalog = discover([(classic.parent, True)])
    assert [p.id for p in catalog.unavailable()] == ["minecraft"]
    assert "table.tmx: not well-formed XML" in catalog.packs["minecraft"].reason
    assert catalog.choose("minecraft").id == "classic"
    assert catalog.choose("no_such_theme").id == "classic"


def test_no_usable_classic_is_an_error_not_a_crash(pack_copy) -> None:
    classic = pack_copy("classic")
    (classic / "theme.toml").unlink()
    catalog = discover([(classic.parent, True)])
    with pytest.raises(ThemeError, match="theme 'classic'"):
        catalog.choose("classic")


def test_a_user_pack_cannot_replace_a_shipped_one(pack_copy, tmp_path: Path) -> None:
    shipped_root = pack_copy("classic").parent
    user_root = tmp_path / "user"
    user_root.mkdir()
    (user_root / "classic").mkdir()
    (user_root / "classic" / "theme.toml").write_text(
        (shipped_root / "classic" / "theme.toml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    catalog = discover([(shipped_root, True), (user_root, False)])
    assert catalog.packs["classic"].folder == shipped_root / "classic"
    clash = [p for p in catalog.unavailable() if p.folder == user_root / "classic"]
    assert clash and "already loaded" in clash[0].reason
