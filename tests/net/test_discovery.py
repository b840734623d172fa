"""A table advertised over mDNS is found by browsing, where the machine lets
multicast through (on loopback here); elsewhere the test is skipped and says why."""

from __future__ import annotations

import pytest

from game.net.discovery import Advert, browse
from game.net.messages import PROTOCOL_VERSION

LOOPBACK = ["127.0.0.1"]


def test_an_advertised_table_is_found_on_the_lan() -> None:
    try:
        advert = Advert("Ann's table", 8765, "ABC234", address="127.0.0.1", interfaces=LOOPBACK)
    except OSError as err:
        print(f"no multicast here ({err}): the manual address and code are the way in")
        pytest.skip(f"multicast is not available on this machine: {err}")
    try:
        found = browse(1.5, interfaces=LOOPBACK)
    finally:
        advert.close()
    if not found:
        print("advertised, but nothing came back over multicast on loopback")
        pytest.skip("multicast does not loop back on this machine")
    table = next(f for f in found if f.code == "ABC234")
    assert table.url == "ws://127.0.0.1:8765"
    assert table.name == "Anns table" and table.protocol == PROTOCOL_VERSION


def test_two_tables_of_one_name_are_both_advertised() -> None:
    """Two self-tests at once on one LAN (or two hosts called Ann with one code) once
    made the second fail with NonUniqueNameException: it is renamed instead."""
    try:
        first = Advert("Ann", 8765, "ABC234", address="127.0.0.1", interfaces=LOOPBACK)
    except OSError as err:
        pytest.skip(f"multicast is not available on this machine: {err}")
    try:
        second = Advert("Ann", 8766, "ABC234", address="127.0.0.1", interfaces=LOOPBACK)
        try:
            found = browse(1.5, interfaces=LOOPBACK)
        finally:
            second.close()
    finally:
        first.close()
    if not found:
        pytest.skip("multicast does not loop back on this machine")
    assert {f.url for f in found if f.code == "ABC234"} == {
        "ws://127.0.0.1:8765",
        "ws://127.0.0.1:8766",
    }
