"""`uno-table verify` as strict as the server: each hostile record ends with exit 2 and
one line (it cannot be checked), a record that fails its check with 1, and only a record
that verifies with 0; nothing hangs and no traceback is printed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.net.test_fairness import _dealt, _record


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return _record(_dealt(players=3), seat=2)


def _verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from game.__main__ import main

    code = main(["verify", str(path)])
    seen = capsys.readouterr()
    return code, seen.out, seen.err


def _cannot_check(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = _verify(path, capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith("uno-table verify: cannot check ")
    return err


def _text(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "record.json"
    path.write_text(text)
    return path


def _changed(tmp_path: Path, record: dict[str, Any], **fields: Any) -> Path:
    return _text(tmp_path, json.dumps({**record, **fields}))


def test_the_good_record_verifies_and_a_failing_one_does_not(
    tmp_path: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _verify(_changed(tmp_path, record), capsys)[0] == 0
    other_hand = {"hand": _record(_dealt(players=3), seat=2)["hand"]}
    code, out, _ = _verify(_changed(tmp_path, record, **other_hand), capsys)
    assert code == 1 and "seat 2's hand" in out


def test_nesting_half_a_million_deep_cannot_be_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert "larger than" in _cannot_check(_text(tmp_path, "[" * 500_000), capsys)
    assert "nested too deeply" in _cannot_check(_text(tmp_path, "[" * 30_000), capsys)
    deep_rules = '{"rules": ' + "[" * 30_000 + "]" * 30_000 + "}"
    assert "nested too deeply" in _cannot_check(_text(tmp_path, deep_rules), capsys)


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("players", 1e400, "players must be a whole number from 2 to 10"),
        ("players", 10**4000, "players must be a whole number"),
        ("players", 11, "players must be a whole number from 2 to 10"),
        ("players", 3.0, "players must be a whole number"),
        ("players", True, "players must be a whole number"),
        ("seat", 1e400, "seat must be a whole number from 0 to 2"),
        ("seat", -1, "seat must be a whole number from 0 to 2"),
        ("seat", 3, "seat must be a whole number from 0 to 2"),
        ("dealer", 3, "dealer must be a whole number from 0 to 2"),
        ("dealer", -(10**300), "dealer must be a whole number"),
        ("key", "00" * 31, "key must be 32 bytes"),
        ("key", ["00"], "key must be text"),
        ("commitment", "zz" * 32, "commitment must be 64 hexadecimal digits"),
        ("hand", ["red-7"] * 109, "hand must be a list of 0 to 108"),
        ("hand", ["purple-12"], "hand must name cards"),
        ("hand", [[["red-7"]]], "hand must name cards"),
        ("top", {"card": "red-7"}, "top must name cards"),
        ("deck", "red-7 " * 2000, "deck must be at most"),
        ("rules", {"name": "classic", "stacking": "yes"}, "rules"),
        ("rules", [], "rules must be an object"),
        ("server_secret", "00" * 31, "server_secret must be 64 hexadecimal digits"),
        ("server", None, "server must be text"),
        ("secrets", ["00" * 32], "secrets must be a list of 3 to 3"),
        ("seats", [1, None, None], "seats must be 64 hexadecimal digits or null"),
        ("round", 0, "round must be a whole number from 1"),
        ("extra", 1, "extra is not a field"),
    ],
)
def test_each_hostile_field_is_refused_in_one_line(
    tmp_path: Path,
    record: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: Any,
    says: str,
) -> None:
    text = json.dumps({**record, field: value}).replace("Infinity", "1e400")
    assert says in _cannot_check(_text(tmp_path, text), capsys)


def test_a_hand_without_its_seat_cannot_be_checked(
    tmp_path: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    unseated = {k: v for k, v in record.items() if k != "seat"}
    assert "hand needs the seat" in _cannot_check(_text(tmp_path, json.dumps(unseated)), capsys)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "nul",
        '"a record"',
        "[]",
        "{}",
        '{"players": 2',
        "\ud800".encode("utf-8", "surrogatepass").decode("latin-1"),
    ],
)
def test_what_is_not_a_record_cannot_be_checked(
    tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _cannot_check(_text(tmp_path, text), capsys)


def test_bytes_that_are_not_text_and_a_file_too_large_cannot_be_checked(
    tmp_path: Path, record: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b'{"key": "\xff\xfe"}')
    _cannot_check(path, capsys)
    path.write_text(json.dumps({**record, "pad": " " * (1 << 20)}))
    assert "larger than" in _cannot_check(path, capsys)
    assert "record.json" in _cannot_check(tmp_path / "missing" / "record.json", capsys)
    _cannot_check(tmp_path, capsys)  # a folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_is_refused_without_waiting_for_a_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    result: list[str] = []
    checking = threading.Thread(target=lambda: result.append(_cannot_check(fifo, capsys)))
    checking.start()
    checking.join(10)
    assert not checking.is_alive(), "verify waited on the FIFO"
    assert "not a regular file" in result[0]


def test_no_traceback_from_the_command(tmp_path: Path) -> None:
    path = _text(tmp_path, '{"players": 1e400, "seat": 1e400}' + "[" * 100_000)
    done = subprocess.run(
        [sys.executable, "-m", "game", "verify", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
