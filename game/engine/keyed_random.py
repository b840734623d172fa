"""A random generator nobody can predict without its key: BLAKE2b in counter mode.

`random.Random` (a Mersenne Twister) is fine for a local game, whose seed
replays it, but its output gives its state away: a few cards seen narrow a
31-bit seed down to one. `KeyedRandom` draws every byte from
BLAKE2b(key, block number), so what it gave reveals nothing of what it will
give, and the one who holds the 256-bit key (the server) can still replay it.

    rng = KeyedRandom()            # a key from `secrets`
    round_rng = rng.spawn()        # a child with a key of its own, drawn from rng
    state = rng.getstate()         # ("keyed", key hex, bytes used): JSON-friendly

It is a `random.Random`: the engine's shuffles and draws take it as they take
any other (`random()`, `getrandbits()`, and so `randrange`, `choice`, ...).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

KEY_BYTES = 32
STATE_KIND = "keyed"
_BLOCK = 64  # bytes of one BLAKE2b output
MAX_POSITION = 2**48  # bytes a generator may have used; far beyond any match


class KeyedRandom(random.Random):
    """`random.Random` over a keyed hash in counter mode (see the module's text)."""

    key: bytes
    position: int  # bytes of the stream used so far

    def __init__(self, key: bytes | None = None) -> None:
        super().__init__(key)

    def seed(self, a: Any = None, version: int = 2) -> None:  # noqa: ARG002 - Random's signature
        """A new key from `secrets` (None), or exactly `KEY_BYTES` bytes."""
        if a is None:
            a = secrets.token_bytes(KEY_BYTES)
        if not isinstance(a, bytes) or len(a) != KEY_BYTES:
            raise ValueError(f"a key is {KEY_BYTES} bytes")
        self.key, self.position = a, 0
        self._block_index, self._block = -1, b""
        self.gauss_next = None

    def _take(self, count: int) -> bytes:
        out = bytearray()
        while count > 0:
            index, offset = divmod(self.position, _BLOCK)
            if index != self._block_index:
                counter = index.to_bytes(8, "little")
                self._block = hashlib.blake2b(counter, key=self.key, digest_size=_BLOCK).digest()
                self._block_index = index
            chunk = self._block[offset : offset + count]
            out += chunk
            count -= len(chunk)
            self.position += len(chunk)
        return bytes(out)

    def random(self) -> float:
        return (int.from_bytes(self._take(7), "little") >> 3) * 2.0**-53

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        size = (k + 7) // 8
        return int.from_bytes(self._take(size), "little") >> (size * 8 - k) if k else 0

    def randbytes(self, n: int) -> bytes:
        return self._take(n)

    def spawn(self) -> KeyedRandom:
        """A generator with its own key, drawn from this one: publishing the
        child's key says nothing of this one's, nor of its other children."""
        return KeyedRandom(self._take(KEY_BYTES))

    def getstate(self) -> tuple[str, str, int]:  # type: ignore[override]
        return (STATE_KIND, self.key.hex(), self.position)

    def setstate(self, state: Any) -> None:
        check_state(state)
        self.seed(bytes.fromhex(state[1]))
        self.position = state[2]


def check_state(state: Any) -> None:
    """ValueError unless `state` is one `KeyedRandom.getstate` could have given."""
    ok = isinstance(state, list | tuple) and len(state) == 3 and state[0] == STATE_KIND
    ok = ok and isinstance(state[1], str) and len(state[1]) == 2 * KEY_BYTES
    ok = ok and all(c in "0123456789abcdef" for c in state[1])
    ok = ok and type(state[2]) is int and 0 <= state[2] < MAX_POSITION
    if not ok:
        raise ValueError("not a keyed generator's state")


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator at the same point (either kind)."""
    new = KeyedRandom() if isinstance(rng, KeyedRandom) else random.Random()
    new.setstate(rng.getstate())
    return new
