"""This seat's part in drawing each deal's key (game.online.protocol.deal_chain):
a fresh secret per deal, its commitment when the server asks, the secret itself
once the server has published its own commitment, and a look at the deal to
see that the secret went in as it was sent.

    draw = DealSecrets()
    draw.asked(DealAsk(2))                    # -> DealCommit to send
    draw.published(commitments, seat)         # -> DealReveal to send (None: ours is not there)
    draw.dealt(deal, seat)                    # a fault of the server's, or ""
"""

from __future__ import annotations

from game.online.protocol.client_messages import DealCommit, DealReveal
from game.online.protocol.deal_chain import new_secret, seat_commitment
from game.online.protocol.server_messages import Deal, DealAsk, DealCommitments


class DealSecrets:
    def __init__(self) -> None:
        self.secret: tuple[int, bytes] | None = None  # the round being drawn, our secret
        self.server: tuple[int, str] | None = None  # its server commitment, as published
        self.faults: dict[int, str] = {}  # round -> what its deal said wrongly of us

    def asked(self, ask: DealAsk) -> DealCommit:
        secret = new_secret()
        self.secret = (ask.round_number, secret)
        return DealCommit(ask.round_number, seat_commitment(secret))

    def published(self, message: DealCommitments, seat: int) -> DealReveal | None:
        """Our secret, if the server published our commitment as we sent it."""
        if self.secret is None or self.secret[0] != message.round_number:
            return None
        number, secret = self.secret
        if message.seats[seat] != seat_commitment(secret):
            self.faults[number] = "the server published another commitment for this seat"
            return None
        self.server = (number, message.server)
        return DealReveal(number, secret.hex())

    def dealt(self, deal: Deal, seat: int) -> str:
        """What the deal's chain says that is not so, as far as this seat can tell:
        the server's commitment changed after the reveals, or our seat's secret is
        not ours. Left out (too late) is no fault: the chain says so, and counts it."""
        chain, number = deal.chain, deal.round_number
        fault = ""
        if chain is None:
            return fault
        if self.server is not None and self.server[0] == number and chain.server != self.server[1]:
            fault = "the server's commitment is not the one it published before the reveals"
        theirs = chain.secrets[seat]
        mine = self.secret[1].hex() if self.secret and self.secret[0] == number else None
        if theirs is not None and theirs != mine:
            fault = "the secret the deal names for this seat is not this seat's"
        if fault:
            self.faults[number] = fault
        return self.faults.get(number, "")
