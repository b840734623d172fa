"""Who may connect, and who makes way: connections are capped for the whole
server (by the descriptor limit) and per address; when the server is full, the
connection quiet longest at no table is closed for a newcomer; and connections at
no table never take the last quarter, kept for people at tables. Addresses are
counted as the caps see them (`address_key`, `peer_address`)."""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import time
from collections import Counter

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.online.protocol.server_messages import Refusal
from game.online.server.config import Limits, Links
from game.online.server.connection import CLOSE_IDLE, CLOSE_TURNED_AWAY, Client

log = logging.getLogger(__name__)

RESERVED_FILES = 64  # descriptors kept for files, workers and the listening socket


class Admission:
    def __init__(self, limits: Limits, links: Links) -> None:
        self.limits, self.links = limits, links
        self.clients: set[Client] = set()
        self.addresses: Counter[str] = Counter()  # connections per address
        self.max_connections = limits.max_connections or descriptor_room()
        self.unanswered = 0  # connections closed because their far end stopped answering

    def came(self, client: Client) -> None:
        self.clients.add(client)
        self.addresses[client.address] += 1

    def went(self, client: Client) -> None:
        address = client.address
        self.clients.discard(client)
        self.addresses[address] -= 1
        if self.addresses[address] <= 0:
            del self.addresses[address]

    def count_unanswered(self, client: Client, closed: ConnectionClosed) -> None:
        """A half-open connection (the far end gone without a word: a cable pulled, a
        laptop shut) is found by the keepalive ping going unanswered; counted and logged."""
        if closed.rcvd is None and closed.sent is not None and closed.sent.code == 1011:
            self.unanswered += 1
            log.info(
                "closed %s: no answer to the keepalive ping (%d such so far)",
                client.address or "a client",
                self.unanswered,
            )

    def let_in(self, client: Client) -> bool:
        """Turned away, with a word why, when the server or the address is full (a
        full server first closes its longest-quiet connection at no table)."""
        if self._lobby_full():
            self._make_room(at_once=True)  # a newcomer takes the quietest one's place
        if len(self.clients) >= self.max_connections and not self._make_room():
            why = Refusal("server_full", "this server has as many players as it may hold")
        elif self.addresses[client.address] >= self.limits.per_address:
            why = Refusal("too_many", "too many connections from your address")
        else:
            return True
        client.send(why)
        client.close(CLOSE_TURNED_AWAY, "full")
        return False

    def _lobby_full(self) -> bool:
        """Connections at no table have their share (all but a quarter): chatty ones
        from many addresses (a `list` every few seconds is never quiet) otherwise
        filled a server, so a person coming to play was turned away at the door."""
        kept = self.max_connections // 4
        share = self.max_connections - kept
        # Counted only near full: the count reads every connection, and this runs for each one.
        return kept > 0 and len(self.clients) >= share and len(self._at_no_table()) >= share

    def _at_no_table(self) -> list[Client]:
        return [c for c in self.clients if c.slot is None and c.watching is None and not c.closer]

    def _make_room(self, at_once: bool = False) -> bool:
        """Close the connection at no table that has been quiet longest, if quiet for
        `lobby_evict` seconds (or `at_once`): True if one made way."""
        quiet_since = time.monotonic() - (0 if at_once else self.links.lobby_evict)
        idle = [c for c in self._at_no_table() if c.heard <= quiet_since]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.heard)
        oldest.send(Refusal("idle", "closed to make room: quiet at no table"))
        oldest.close(CLOSE_IDLE, "idle: room for a newcomer")
        self.clients.discard(oldest)
        return True


def address_key(host: str) -> str:
    """What the per-address caps count by. An IPv6 host holds a whole /64 (2**64
    addresses), so it counts as its /64; an IPv4-mapped address as the IPv4 one."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])  # without an interface scope
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def peer_address(ws: ServerConnection, trust_proxy: str | None) -> str:
    """Who is at the other end. Behind a reverse proxy every socket is the proxy's,
    so its X-Forwarded-For says who: believed only from `trust_proxy`, and only its
    last entry (the one the proxy added; those before it the client may have written)."""
    peer = str(ws.remote_address[0]) if ws.remote_address else ""
    if trust_proxy is None or address_key(peer) != address_key(trust_proxy):
        return peer
    forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request else []
    last = ",".join(forwarded).rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:  # no header, or not an address: the proxy itself
        return peer


def descriptor_room() -> int:
    """Connections the descriptor limit leaves room for, after raising the soft
    limit to the hard one where the OS allows (not on Windows: no `resource`)."""
    try:
        import resource
    except ImportError:
        return 1000
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    return max(16, soft - RESERVED_FILES)
