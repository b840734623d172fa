"""Tables on the LAN, found over mDNS / DNS-SD (python-zeroconf).

A host advertises its server as a `_uno-table._tcp.local.` service whose TXT
record carries the table code and the protocol version; "Join a table" browses
for them. mDNS fails on many Windows machines, VPNs and guest networks, so this
is a convenience only: the address and code shown by the host always work.
"""

from __future__ import annotations

import secrets
import socket
import time
from dataclasses import dataclass

from zeroconf import (
    DNSQuestionType,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceListener,
    Zeroconf,
)

from game.online.protocol.checks import CODE_ALPHABET, CODE_LENGTH, clean_name
from game.online.protocol.version import PROTOCOL_VERSION

SERVICE = "_uno-table._tcp.local."


@dataclass(frozen=True)
class Found:
    name: str  # the host's name as advertised
    address: str
    port: int
    code: str
    protocol: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def lan_address() -> str:
    """This computer's address on the LAN (the one a route to the outside uses)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class Advert:
    """The host's table, advertised until `close`."""

    def __init__(
        self,
        name: str,
        port: int,
        code: str,
        address: str | None = None,
        interfaces: list[str] | None = None,
    ) -> None:
        address = address or lan_address()
        safe = "".join(c for c in name if c.isalnum() or c in " -")[:30] or "uno-table"
        self.info = ServiceInfo(
            SERVICE,
            f"{safe} {code} {secrets.token_hex(3)}.{SERVICE}",  # unique: see below
            addresses=[socket.inet_aton(address)],
            port=port,
            properties={"code": code, "protocol": str(PROTOCOL_VERSION), "host": safe},
        )
        self.zc = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
        try:
            # Two tables (or two self-tests) of one name on a LAN must not clash: the
            # instance name carries random letters (players see "host" and "code"),
            # and zeroconf renames on a clash all the same.
            self.zc.register_service(self.info, allow_name_change=True)
        except BaseException:
            self.zc.close()
            raise

    def close(self) -> None:
        self.zc.unregister_service(self.info)
        self.zc.close()


class _Collect(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def read_advert(name: str, info: ServiceInfo | None) -> Found | None:
    """One advert as a table to offer, or None if any part of it does not read: each
    is judged alone, so one odd advert on the LAN hides only itself."""
    try:
        if info is None or not info.parsed_addresses() or not info.port:
            return None
        props = {k.decode("utf-8"): (v or b"").decode("utf-8") for k, v in info.properties.items()}
        code = props.get("code", "")
        if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
            return None
        host = clean_name(props.get("host") or name.split(".")[0], "uno-table")
        return Found(host, info.parsed_addresses()[0], info.port, code, int(props["protocol"]))
    except (UnicodeDecodeError, ValueError, KeyError, AttributeError, TypeError):
        return None


def browse(seconds: float = 2.0, interfaces: list[str] | None = None) -> list[Found]:
    """Tables advertised on the LAN, listening for `seconds`."""
    zc = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
    listener = _Collect()
    # Answers asked for by multicast (QM), not unicast: where another mDNS stack (a
    # second copy of the game, avahi) shares port 5353, a unicast answer reaches only
    # one of the sockets, often not ours, and tables went missing from the list.
    browser = ServiceBrowser(zc, SERVICE, listener, question_type=DNSQuestionType.QM)
    try:
        time.sleep(seconds)
        found = []
        for name in sorted(listener.names):
            table = read_advert(name, zc.get_service_info(SERVICE, name, 1000, DNSQuestionType.QM))
            if table is not None:
                found.append(table)
        return found
    finally:
        browser.cancel()
        zc.close()
