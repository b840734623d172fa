"""A table advertised over mDNS is found by browsing, where the machine lets
multicast through (on loopback here); elsewhere the test is skipped and says why."""

from __future__ import annotations

import secrets
import socket

import pytest
from zeroconf import ServiceInfo

from game.online.client.discovery import SERVICE, Advert, browse, read_advert
from game.online.protocol.checks import CODE_ALPHABET, CODE_LENGTH
from game.online.protocol.version import PROTOCOL_VERSION

LOOPBACK = ["127.0.0.1"]
# A code of this run's own: another test run on the machine advertises on the same
# loopback at the same time, and its tables must not be taken for ours.
CODE = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
HOST = f"Ann {CODE}"  # the name too: adverts are told apart by name


def test_an_advertised_table_is_found_on_the_lan() -> None:
    try:
        advert = Advert(f"{HOST}'s table", 8765, CODE, address="127.0.0.1", interfaces=LOOPBACK)
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
    table = next(f for f in found if f.code == CODE and f.port == 8765)
    assert table.url == "ws://127.0.0.1:8765"
    assert table.name == f"{HOST}s table" and table.protocol == PROTOCOL_VERSION


def test_two_tables_of_one_name_are_both_advertised() -> None:
    """Two self-tests at once on one LAN (or two hosts called Ann with one code) once
    made the second fail with NonUniqueNameException: it is renamed instead."""
    try:
        first = Advert(HOST, 8765, CODE, address="127.0.0.1", interfaces=LOOPBACK)
    except OSError as err:
        pytest.skip(f"multicast is not available on this machine: {err}")
    try:
        second = Advert(HOST, 8766, CODE, address="127.0.0.1", interfaces=LOOPBACK)
        try:
            found = browse(1.5, interfaces=LOOPBACK)
        finally:
            second.close()
    finally:
        first.close()
    if not found:
        pytest.skip("multicast does not loop back on this machine")
    assert {f.url for f in found if f.code == CODE} == {
        "ws://127.0.0.1:8765",
        "ws://127.0.0.1:8766",
    }


def _info(name: str, properties: dict[bytes, bytes | None], port: int = 8765) -> ServiceInfo:
    return ServiceInfo(
        SERVICE,
        f"{name}.{SERVICE}",
        addresses=[socket.inet_aton("192.168.1.20")],
        port=port,
        properties=properties,
    )


def test_adverts_that_do_not_read_are_skipped_one_by_one() -> None:
    """A non-UTF-8 advert used to empty everyone's Join list: now only it is left out."""
    good = {b"code": b"K7QX2M", b"protocol": b"2", b"host": b"Ann\xe2\x80\xaeevil"}
    adverts = [
        _info("bad bytes", {b"code": b"\xff\xfe\xfd", b"protocol": b"2"}),
        _info("bad key", {b"\xff": b"x", b"code": b"K7QX2M", b"protocol": b"2"}),
        _info("no protocol", {b"code": b"K7QX2M"}),
        _info("odd protocol", {b"code": b"K7QX2M", b"protocol": b"two"}),
        _info("odd code", {b"code": b"K7QX2M\n", b"protocol": b"2"}),
        _info("good", good),
    ]
    found = [read_advert(info.name, info) for info in adverts]
    assert found[:-1] == [None] * 5
    table = found[-1]
    assert table is not None and table.code == "K7QX2M" and table.protocol == 2
    assert table.name == "Annevil"  # the bidi override is not shown
    assert table.url == "ws://192.168.1.20:8765"
    assert read_advert("gone", None) is None
