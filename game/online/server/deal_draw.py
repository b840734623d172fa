"""A table's deals (`Deals`: the seal of the round in play, the draw of the
next), and one deal's draw (`Draw`): the people seated commit to secrets, the server
publishes its own commitment, the people reveal, and the key is made of all of
them (game.online.protocol.deal_chain). Computers' seats add nothing: the
server speaks for them.

    draw = Draw(round_number=2, players=4, asked=frozenset({0, 2}))
    draw.commit(0, "<64 hex>")          # deal_commit
    draw.published()                    # deal_commitments, once all committed or time is up
    draw.reveal(0, bytes(...))          # deal_reveal: kept only if it matches
    chain, secret = draw.chain(), draw.server_secret   # the key: chain.key(secret)

Nobody stalls a table: a person who has not committed (or revealed, or whose
reveal does not match) by the time is up adds nothing, and the chain says so
(a commitment with no secret, or neither).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from game.online.protocol.client_messages import DealCommit, DealReveal
from game.online.protocol.deal_chain import Chain, new_secret, seat_commitment, server_commitment
from game.online.protocol.fairness import Seal
from game.online.protocol.server_codec import encode
from game.online.protocol.server_messages import DealAsk, DealCommitments
from game.online.server.seats import Slot

# The room's wait: until a test holds, or the loop's time reaches an end.
Until = Callable[[Callable[[], bool], float], Awaitable[None]]


@dataclass
class Draw:
    round_number: int
    players: int
    asked: frozenset[int]  # the seats of the people here when the draw began
    server_secret: bytes = field(default_factory=new_secret)
    commitments: dict[int, str] = field(default_factory=dict)
    secrets: dict[int, bytes] = field(default_factory=dict)
    is_published: bool = False

    def ask(self) -> DealAsk:
        return DealAsk(self.round_number)

    def commit(self, seat: int, commitment: str) -> None:
        """A seat's commitment: only before the server's is published, once."""
        if seat in self.asked and not self.is_published:
            self.commitments.setdefault(seat, commitment)

    def reveal(self, seat: int, secret: bytes) -> None:
        """A seat's secret: kept if it is the one its commitment was made to."""
        if self.is_published and seat_commitment(secret) == self.commitments.get(seat):
            self.secrets.setdefault(seat, secret)

    def committed(self, here: set[int]) -> bool:
        """Every person asked who is still here has committed."""
        return self.asked & here <= set(self.commitments)

    def revealed(self, here: set[int]) -> bool:
        return set(self.commitments) & here <= set(self.secrets)

    def published(self) -> DealCommitments:
        """The server's commitment and every seat's: the cue to reveal."""
        self.is_published = True
        seats = tuple(self.commitments.get(seat) for seat in range(self.players))
        return DealCommitments(self.round_number, server_commitment(self.server_secret), seats)

    def chain(self) -> Chain:
        return Chain(
            self.round_number,
            server_commitment(self.server_secret),
            tuple(self.commitments.get(seat) for seat in range(self.players)),
            tuple(
                self.secrets[seat].hex() if seat in self.secrets else None
                for seat in range(self.players)
            ),
        )


@dataclass
class Deals:
    """A table's fair deals: the seal of the round in play, and the draw of the
    next deal's key while one is under way."""

    seal: Seal = field(default_factory=Seal)
    drawing: Draw | None = None

    def begin(self, round_number: int, players: int, people: list[Slot]) -> None:
        """Ask each person here for a commitment to a fresh secret for the deal."""
        self.drawing = Draw(round_number, players, frozenset(s.seat for s in people))
        ask = encode(self.drawing.ask())
        for slot in people:
            assert slot.link is not None
            slot.link.send(ask)

    async def drawn(
        self, until: Until, people: Callable[[], list[Slot]], wait: float
    ) -> tuple[bytes, list[int]]:
        """The deal's key, once everyone here committed and revealed, or the time
        for each step ran out; and the seats asked that gave no secret (the chain
        says so too)."""
        draw = self.drawing
        assert draw is not None
        loop = asyncio.get_running_loop()

        def present() -> set[int]:
            return {s.seat for s in people()}

        await until(lambda: draw.committed(present()), loop.time() + wait)
        published = encode(draw.published())
        for slot in people():
            if slot.seat in draw.asked:
                assert slot.link is not None
                slot.link.send(published)
        await until(lambda: draw.revealed(present()), loop.time() + wait)
        self.drawing = None
        chain = draw.chain()
        self.seal.drawn(chain, draw.server_secret)
        return chain.key(draw.server_secret), sorted(draw.asked - set(draw.secrets))

    def answer(self, seat: int, message: DealCommit | DealReveal) -> bool:
        """A person's commitment or secret for the deal being drawn (True: taken);
        one for another round (late, or early) is let go: the deal went on without it."""
        draw = self.drawing
        if draw is None or message.round != draw.round_number:
            return False
        if isinstance(message, DealCommit):
            draw.commit(seat, message.commitment)
        else:
            draw.reveal(seat, bytes.fromhex(message.secret))
        return True
