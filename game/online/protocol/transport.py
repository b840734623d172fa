"""Socket reads sized for this game's messages.

asyncio reads a socket into a new 256 KiB buffer each time. A buffer that large
is mapped from the system and unmapped again on every read (glibc serves
allocations over 128 KiB that way): three more system calls per message, which
made a read of a 1 kB update cost three times what it needs (37 against 11
microseconds on loopback, measured on the 2-core machine this was written on). No
message of the protocol comes near 64 KiB, so reads of that size never split
one that a larger read would have taken whole more than rarely, and the buffer
comes from the heap.
"""

from __future__ import annotations

READ_SIZE = 64 * 1024


def small_reads(transport: object) -> None:
    """Have `transport` (an asyncio socket transport) read at most READ_SIZE at once."""
    if transport is not None and hasattr(transport, "max_size"):
        transport.max_size = READ_SIZE
