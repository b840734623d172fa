"""Whether to follow a server's "the table lives at ADDRESS" answer.

A server that does not hold a table may send the player to the shard that does.
That answer comes from the network, so it is checked before it is followed:

    target = follow(asked="wss://uno.example.org", told="wss://uno.example.org/s2",
                    announced=["wss://uno.example.org/s2"], hops=0)

- once only (`hops` counts the redirects already followed on this attempt), and
  never back to the server asked (a loop);
- a plain ws:// or wss:// address with a host, nothing else: no credentials, no
  query or fragment, no odd characters, no host written as a number that the
  system would read as an address (2130706433 is 127.0.0.1);
- no step down from wss to ws;
- to the same host (another port or path: shards behind one name), or to an
  address the server announced as one of its cluster's;
- never to this computer or a private network from a server that is not itself
  there: a public server cannot aim the client at 127.0.0.1 or the router at
  192.168.0.1. Unspecified, multicast and reserved addresses are never followed.

`RedirectRefused` (a ValueError) says why an answer was not followed.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from urllib.parse import SplitResult, urlsplit

MAX_HOPS = 1
_DEFAULT_PORTS = {"ws": 80, "wss": 443}  # written or not, the same address
MAX_LENGTH = 255
_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")
_PATH = re.compile(r"[A-Za-z0-9/_.~-]*")
_LOCAL_SUFFIXES = (".local", ".lan", ".home", ".internal", ".intranet", ".home.arpa", ".corp")
_PRIVATE_V4 = tuple(
    ipaddress.IPv4Network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")
)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class RedirectRefused(ValueError):
    """The server's redirect was not followed; the message says why."""


class Reach(Enum):
    """Where a host is, as far as its name or number tells."""

    MACHINE = "this computer"
    LOCAL = "a local network"
    PUBLIC = "the internet"


@dataclass(frozen=True)
class Place:
    url: str  # normalised: scheme://host[:port]/path
    scheme: str
    host: str
    reach: Reach
    network: str  # which local network (a private block, or "names"); "" when not local


def follow(asked: str, told: str, announced: Collection[str] = (), hops: int = 0) -> str:
    """The address to connect to for `told`, or RedirectRefused."""
    if hops >= MAX_HOPS:
        raise RedirectRefused("a redirect was followed already on this attempt")
    origin, target = place(asked), place(told)
    if target.url == origin.url:
        raise RedirectRefused("the server sent the client back to itself")
    if origin.scheme == "wss" and target.scheme != "wss":
        raise RedirectRefused("a secure server may not send the client to an insecure one")
    allowed = {place(a).url for a in announced if _is_place(a)}
    if target.host != origin.host and target.url not in allowed:
        raise RedirectRefused("the address is neither this server's host nor one it announced")
    if not _may_reach(origin, target):
        raise RedirectRefused(
            f"a server on {origin.reach.value} may not send to {target.reach.value}"
        )
    return target.url


def place(url: str) -> Place:
    """A ws:// or wss:// address taken apart and checked; RedirectRefused if it is odd."""
    if len(url) > MAX_LENGTH or not url.isascii() or not url.isprintable() or " " in url:
        raise RedirectRefused("not a plain address")
    if "\\" in url or "%" in url:
        raise RedirectRefused("escaped or back-slashed characters in the address")
    parts = urlsplit(url)
    if parts.scheme not in ("ws", "wss"):
        raise RedirectRefused("not a ws:// or wss:// address")
    if "@" in parts.netloc:
        raise RedirectRefused("credentials in the address")
    if parts.query or parts.fragment or "?" in url or "#" in url:
        raise RedirectRefused("a query or fragment in the address")
    if not _PATH.fullmatch(parts.path) or "/../" in parts.path + "/":
        raise RedirectRefused("an odd path in the address")
    host = _host(parts)
    reach, network = _reach(host)
    port = _port(parts)
    netloc = f"[{host}]" if ":" in host else host
    return Place(
        url=f"{parts.scheme}://{netloc}{f':{port}' if port else ''}{parts.path.rstrip('/')}",
        scheme=parts.scheme,
        host=host,
        reach=reach,
        network=network,
    )


def _is_place(url: str) -> bool:
    try:
        place(url)
    except RedirectRefused:
        return False
    return True


def _host(parts: SplitResult) -> str:
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise RedirectRefused("no host in the address")
    if _ip(host) is not None:
        return str(_ip(host))
    labels = host.split(".")
    if len(host) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        raise RedirectRefused("not a host name")
    if labels[-1].isdigit() or labels[-1].startswith("0x"):
        # 2130706433, 0x7f.1 or 127.1: read by the system as an address, not a name.
        raise RedirectRefused("a host written as a number")
    return host


def _port(parts: SplitResult) -> int | None:
    try:
        port = parts.port
    except ValueError as error:
        raise RedirectRefused("not a port number") from error
    if port == 0:
        raise RedirectRefused("port 0")
    return None if port == _DEFAULT_PORTS[parts.scheme] else port


def _ip(host: str) -> Address | None:
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _reach(host: str) -> tuple[Reach, str]:
    address = _ip(host)
    if address is None:
        if host == "localhost" or host.endswith(".localhost"):
            return Reach.MACHINE, "machine"
        if "." not in host or host.endswith(_LOCAL_SUFFIXES):
            return Reach.LOCAL, "names"
        return Reach.PUBLIC, ""
    if address.is_loopback:  # before `is_reserved`, which ::1 is too
        return Reach.MACHINE, "machine"
    if address.is_unspecified or address.is_multicast or address.is_reserved:
        raise RedirectRefused("an address no server has")
    if isinstance(address, ipaddress.IPv4Address):
        for block in _PRIVATE_V4:
            if address in block:
                return Reach.LOCAL, str(block)
    if not address.is_global:  # link-local, unique-local, shared (carrier NAT), test nets
        return Reach.LOCAL, "other"
    return Reach.PUBLIC, ""


def _may_reach(origin: Place, target: Place) -> bool:
    """A public server sends only to public places; a server on a local network to
    that network (or the internet); a server on this computer anywhere."""
    if target.reach is Reach.PUBLIC or origin.reach is Reach.MACHINE:
        return True
    if target.reach is Reach.MACHINE:
        return False
    return origin.reach is Reach.LOCAL and (
        origin.network == target.network or "names" in (origin.network, target.network)
    )
