"""A snapshot in the save folder is checked field by field against the limits a save
and the wire keep before the server takes its table up (game/online/server/room_data.py): one
that fails (a target of 4,000 digits, which the player's own client would refuse in
`joined`) is set aside with a log line, and the good table beside it is taken up."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from game.online.protocol.checks import CODE_ALPHABET
from tests.net.test_restart import _table_file, rooms_taken_up

HUGE = 10**3999  # 4,000 digits


def _hostile(good: dict[str, Any]) -> dict[str, Any]:
    """Each hostile snapshot's data, by the code it is saved under."""
    data = good["data"]
    slots = data["slots"]
    person = next(i for i, s in enumerate(slots) if s[0] == "person")
    level, token = slots[person][2:]

    def slot(index: int, value: list[Any]) -> list[Any]:
        return [value if i == index else s for i, s in enumerate(slots)]

    changes: list[dict[str, Any]] = [
        {"target": HUGE, "match": {**data["match"], "target": HUGE}},
        {"match": {**data["match"], "target": HUGE}},
        {"target": 1_000_001},
        {"target": 1e400},
        {"timer": 1e400},
        {"timer": 5},
        {"host": -1},
        {"host": len(slots)},
        {"seed": 10**50},
        {"scoring": "golf"},
        {"theme": "nope"},
        {"code": "abc"},
        {"owner": "x" * 1000},
        {"public": "yes"},
        {"extra": 1},
        {"seal": [1e400, "", 0]},
        {"seal": [1, "zz" * 32, 0]},
        {"seal": [1, "ab" * 32, 0, "ab" * 32, "a chain"]},
        {"seal": [1, "ab" * 32, 0, "zz", {"server": "ab" * 32, "seats": [], "secrets": []}]},
        {"seal": [1, "ab" * 32, 0, "ab" * 32, {"server": "ab" * 32, "seats": [], "secrets": []}]},
        {"slots": slot(person, ["person", "Ann\u202e", level, token])},
        {"slots": slot(person, ["person", "Ann" * 10, level, token])},
        {"slots": slot(person, ["person", "Ann", level, "short"])},
        {"slots": slot(person, ["person", "Ann", level])},
        {"slots": slot(person, ["wizard", "Ann", level, token])},
        {"slots": slot(person, ["person", "Ann", "wizard", token])},
        {"slots": slots * 6},
        {"rules": {**data["rules"], "stacking": "maybe"}},
    ]
    found = {}
    for number, change in enumerate(changes):
        code = "BADZ" + CODE_ALPHABET[number // 32] + CODE_ALPHABET[number % 32]
        found[code] = {**data, "code": code, **change}
        if "code" in change:
            found[code]["code"] = change["code"]
    return found


def test_each_snapshot_past_a_limit_is_set_aside_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    good = _table_file(tmp_path)
    hostile = _hostile(good)
    for code, data in hostile.items():
        text = json.dumps({**good, "data": data}).replace("Infinity", "1e400")
        (tmp_path / f"{code}.json").write_text(text)

    with caplog.at_level(logging.WARNING, logger="game.online.server.keeping"):
        rooms = rooms_taken_up(tmp_path)
    assert rooms == [good["data"]["code"]]
    names = sorted(p.name for p in tmp_path.iterdir())
    for code in hostile:
        assert f"{code}.json" not in names, code
        assert any(n.startswith(f"{code}.json.bad-") for n in names), code
        assert any(code in r.getMessage() for r in caplog.records), code
    said = next(r.getMessage() for r in caplog.records if "BADZAA" in r.getMessage())
    assert "target" in said and len(said) < 400  # it names the field, not its 4,000 digits
