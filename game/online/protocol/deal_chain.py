"""The secrets a deal's key is made of: the server's and every seated person's,
committed to before any is shown (commit, then reveal, as provably fair games
do), so no one side can choose the deal.

    mine = new_secret()                           # a person's client, for one deal
    seat_commitment(mine)                         # sent first (`deal_commit`)
    server_commitment(server)                     # then published (`deal_commitments`)
    key = deal_key(round_number, server, [mine, None, theirs])   # after the reveals

The key is BLAKE2b-256 of the round number, the server's secret and each seat's
revealed secret in seat order (a computer's seat, or a person who did not reveal
in time, adds a mark that says so). Each part is hashed under its own
personalisation, so a seat's commitment is never a server's, nor a key. The
server knows its own secret before anyone reveals, but not the people's: it
cannot grind for a deal; a person sees only commitments before revealing, and
never the server's secret before the round is over. One choice stays with the
last to reveal: to withhold (the deal goes on without that secret, and the
chain says so).

A fresh secret per deal, not one per match with the round mixed in: each round
is then checked at its own end with a server secret that says nothing of the
next round's, and whoever is back by a round's end adds to the next deal (a
match's secret would leave them out until the next match). The exchange runs
during the break between rounds, so it costs no time.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from game.online.protocol.reader import Reader

SECRET_BYTES = 32
HEX_64 = re.compile(r"[0-9a-f]{64}")  # a secret, a commitment or a key
_SERVER, _SEAT, _KEY, _DEALER = (
    b"uno-table serve",
    b"uno-table seat",
    b"uno-table key",
    b"uno-table dealer",
)


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def _hash(person: bytes, *parts: bytes) -> bytes:
    h = hashlib.blake2b(digest_size=32, person=person)
    for part in parts:
        h.update(part)
    return h.digest()


def server_commitment(secret: bytes) -> str:
    return _hash(_SERVER, secret).hex()


def seat_commitment(secret: bytes) -> str:
    return _hash(_SEAT, secret).hex()


def deal_key(round_number: int, server: bytes, seats: Sequence[bytes | None]) -> bytes:
    """The round's key from the server's secret and each seat's (None: none)."""
    parts = [round_number.to_bytes(4, "big"), len(seats).to_bytes(1, "big"), server]
    parts += [b"\0" if s is None else b"\1" + s for s in seats]
    return _hash(_KEY, *parts)


def dealer_key(key: bytes) -> bytes:
    """A match's own generator (the dealer draw) from its first round's key."""
    return _hash(_DEALER, key)


@dataclass(frozen=True)
class Chain:
    """What a deal's key was made of, as everyone at the table is told it with the
    deal: the server's commitment, each seat's commitment and revealed secret
    (hex; None for a computer's seat and for a person who gave none in time)."""

    round_number: int
    server: str
    seats: tuple[str | None, ...]
    secrets: tuple[str | None, ...]

    @property
    def people(self) -> int:
        """How many people's secrets went into the deal."""
        return sum(s is not None for s in self.secrets)

    def key(self, server_secret: bytes) -> bytes:
        revealed = [bytes.fromhex(s) if s is not None else None for s in self.secrets]
        return deal_key(self.round_number, server_secret, revealed)

    def problems(self, server_secret: bytes, key: bytes) -> list[str]:
        """Each link that does not hold, with the side it points at."""
        found = []
        if server_commitment(server_secret) != self.server:
            found.append("the server's secret does not match its commitment (the server)")
        for seat, (sealed, secret) in enumerate(zip(self.seats, self.secrets, strict=True)):
            if secret is None:
                continue
            if sealed is None:
                found.append(f"seat {seat}'s secret came with no commitment (the server)")
            elif seat_commitment(bytes.fromhex(secret)) != sealed:
                found.append(f"seat {seat}'s reveal does not match its commitment (seat {seat})")
        if self.key(server_secret) != key:
            found.append("the key does not follow from the secrets (the server)")
        return found

    def to_data(self) -> dict[str, object]:
        return {"server": self.server, "seats": list(self.seats), "secrets": list(self.secrets)}

    @classmethod
    def read(cls, read: Reader, round_number: int, players: int, revealed: bool = True) -> Chain:
        """The chain's fields of a message or record (`server`, `seats`, and unless
        `revealed` is False, `secrets`)."""
        server = hex_field(read, "server")
        seats = _hex_list(read, "seats", players)
        shown = _hex_list(read, "secrets", players) if revealed else (None,) * players
        return cls(round_number, server, seats, shown)

    @classmethod
    def from_data(cls, data: object, round_number: int, players: int) -> Chain:
        """A chain kept in a snapshot (BadServerMessage if it is not one)."""
        read = Reader(data, "chain")
        chain = cls.read(read, round_number, players)
        read.done()
        return chain


def hex_field(read: Reader, name: str) -> str:
    value = read.string(name)
    if not HEX_64.fullmatch(value):
        raise read.fail(name, "must be 64 hexadecimal digits")
    return value


def _hex_list(read: Reader, name: str, players: int) -> tuple[str | None, ...]:
    items = read.items(name, players, players)
    checked: list[str | None] = []
    for item in items:
        if item is not None and not (isinstance(item, str) and HEX_64.fullmatch(item)):
            raise read.fail(name, "must be 64 hexadecimal digits or null, one per seat")
        checked.append(item)
    return tuple(checked)
