"""The client's check of a server's redirect: followed once, to this server's host
or an address it announced, and never to a place the server should not send it."""

from __future__ import annotations

import pytest

from game.online.client.redirect import RedirectRefused, follow, place

PUBLIC = "wss://uno.example.org"


@pytest.mark.parametrize(
    ("asked", "told", "announced", "target"),
    [
        # Shards behind one name: another path or port of the same host.
        (PUBLIC, "wss://uno.example.org/s2", (), "wss://uno.example.org/s2"),
        (PUBLIC, "wss://UNO.example.org.:8443/", (), "wss://uno.example.org:8443"),
        # Another host, announced by the server as one of its cluster's.
        (
            PUBLIC,
            "wss://shard2.example.net",
            ["wss://shard2.example.net/"],
            "wss://shard2.example.net",
        ),
        (
            "ws://93.184.216.34:8765",
            "ws://93.184.216.35:8765",
            ["ws://93.184.216.35:8765"],
            "ws://93.184.216.35:8765",
        ),
        # A server on this computer or a home network may send within it.
        ("ws://127.0.0.1:8765", "ws://127.0.0.1:8766", (), "ws://127.0.0.1:8766"),
        (
            "ws://localhost:8765",
            "ws://192.168.1.20:8766",
            ["ws://192.168.1.20:8766"],
            "ws://192.168.1.20:8766",
        ),
        (
            "ws://192.168.1.20:8765",
            "ws://192.168.1.21:8765",
            ["ws://192.168.1.21:8765"],
            "ws://192.168.1.21:8765",
        ),
        (
            "ws://192.168.1.20:8765",
            "ws://shard2.local:8765",
            ["ws://shard2.local:8765"],
            "ws://shard2.local:8765",
        ),
        (
            "ws://[fd00::1]:8765",
            "ws://[fd00::2]:8765",
            ["ws://[fd00::2]:8765"],
            "ws://[fd00::2]:8765",
        ),
        # ws to wss is a step up, allowed.
        ("ws://uno.example.org:8765", "wss://uno.example.org", (), "wss://uno.example.org"),
    ],
)
def test_a_redirect_the_server_may_send_is_followed(
    asked: str, told: str, announced: list[str], target: str
) -> None:
    assert follow(asked, told, announced) == target


@pytest.mark.parametrize(
    ("asked", "told", "why"),
    [
        # Not this server's host, and not announced.
        (PUBLIC, "wss://evil.example.com", "neither"),
        (PUBLIC, "wss://uno.example.org.evil.com", "neither"),
        # Into this computer or a private network from a public server.
        (PUBLIC, "ws://127.0.0.1:8765", "may not send"),
        (PUBLIC, "wss://localhost", "may not send"),
        (PUBLIC, "wss://admin.localhost", "may not send"),
        (PUBLIC, "wss://[::1]:8765", "may not send"),
        (PUBLIC, "wss://[::ffff:127.0.0.1]:8765", "may not send"),
        (PUBLIC, "wss://192.168.0.1", "may not send"),
        (PUBLIC, "wss://10.0.0.1:8765", "may not send"),
        (PUBLIC, "wss://169.254.169.254", "may not send"),  # cloud metadata
        (PUBLIC, "wss://100.64.0.1", "may not send"),  # carrier NAT
        (PUBLIC, "wss://router", "may not send"),  # a bare name: the local network's
        (PUBLIC, "wss://printer.lan", "may not send"),
        (PUBLIC, "wss://[fe80::1]", "may not send"),
        # One local network may not aim at another, nor at this computer.
        ("ws://192.168.1.20:8765", "ws://10.0.0.5:8765", "may not send"),
        ("ws://192.168.1.20:8765", "ws://127.0.0.1:8765", "may not send"),
        # Addresses no server has.
        (PUBLIC, "wss://0.0.0.0:8765", "no server"),
        (PUBLIC, "wss://224.0.0.1", "no server"),
        (PUBLIC, "wss://240.0.0.1", "no server"),
        (PUBLIC, "wss://[::]:8765", "no server"),
        # Numbers the system would read as 127.0.0.1.
        (PUBLIC, "wss://2130706433", "number"),
        (PUBLIC, "wss://0x7f.1", "number"),
        (PUBLIC, "wss://127.1", "number"),
        # Odd schemes, credentials, queries, escapes.
        (PUBLIC, "https://uno.example.org", "ws://"),
        (PUBLIC, "file:///etc/passwd", "ws://"),
        (PUBLIC, "javascript:alert(1)", "ws://"),
        (PUBLIC, "wss://user:secret@uno.example.org", "credentials"),
        (PUBLIC, "wss://uno.example.org@evil.com", "credentials"),
        (PUBLIC, "wss://uno.example.org/s2?token=1", "query"),
        (PUBLIC, "wss://uno.example.org/s2#x", "query"),
        (PUBLIC, "wss://uno.example.org/%2e%2e/", "escaped"),
        (PUBLIC, "wss://uno.example.org\\@evil.com", "escaped"),
        (PUBLIC, "wss://uno.example.org/../admin", "path"),
        (PUBLIC, "wss://uno.example.org/s2\n", "plain"),
        (PUBLIC, "wss://uno.exämple.org", "plain"),
        (PUBLIC, "wss://uno.example.org/" + "a" * 300, "plain"),
        (PUBLIC, "wss://-bad-.example.org", "host name"),
        (PUBLIC, "wss://uno.example.org:99999", "port"),
        (PUBLIC, "wss://uno.example.org:0", "port 0"),
        (PUBLIC, "wss://[fe80::1%25eth0]", "escaped"),
        (PUBLIC, "wss://", "host"),
        # A step down from wss, and a loop back to the server asked.
        (PUBLIC, "ws://uno.example.org", "insecure"),
        (PUBLIC, "wss://uno.example.org:443/", "itself"),
    ],
)
def test_a_hostile_redirect_is_refused(asked: str, told: str, why: str) -> None:
    # Announcing an address does not make a forbidden place allowed (an address
    # that is neither the host nor announced is refused for that alone).
    announced = [] if why == "neither" else [told]
    with pytest.raises(RedirectRefused, match=why):
        follow(asked, told, announced)


def test_a_redirect_is_followed_once_only() -> None:
    assert follow(PUBLIC, "wss://uno.example.org/s2", hops=0) == "wss://uno.example.org/s2"
    with pytest.raises(RedirectRefused, match="already"):
        follow("wss://uno.example.org/s2", "wss://uno.example.org/s3", hops=1)


def test_an_odd_announced_address_is_ignored_not_fatal() -> None:
    announced = ["javascript:x", "wss://shard2.example.net"]
    assert follow(PUBLIC, "wss://shard2.example.net", announced) == "wss://shard2.example.net"
    with pytest.raises(RedirectRefused, match="neither"):
        follow(PUBLIC, "wss://shard3.example.net", announced)


def test_place_normalises_what_means_the_same_address() -> None:
    assert place("WSS://Uno.Example.org.:443/s2/").url == "wss://uno.example.org/s2"
    assert place("ws://[::ffff:192.168.1.2]:80").url == "ws://192.168.1.2"
