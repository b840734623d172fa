"""What the people at a table say to each other besides their moves: reactions
and quick phrases (each sender's `reactions.Allowance`), and the votes that
hand an idle or away person's seat to a computer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.online.protocol.checks import BadMessage
from game.online.protocol.server_messages import Reaction, Votes
from game.online.server.clock import VOTE_AFTER, votes_needed
from game.online.server.reactions import Allowance, sender_key

if TYPE_CHECKING:
    from game.online.server.play import Play
    from game.online.server.presence import Attendance
    from game.online.server.seats import Slot


class Social:
    def __init__(self, play: Play, presence: Attendance) -> None:
        self.play, self.presence = play, presence
        self.allowances: dict[tuple[str, object], Allowance] = {}  # reactions, per sender

    def react(self, sender: object, seat: int, code: str) -> None:
        """`sender` (a connection) at `seat` (reactions.SPECTATOR for one watching)
        reacts."""
        allowance = self.allowances.setdefault(sender_key(sender, seat), Allowance())
        if not allowance.take():
            raise BadMessage("too many reactions: wait a moment", "reactions")
        self.play.out.broadcast(Reaction(seat, code))

    def vote(self, voter: Slot, seat: int) -> None:
        """`voter` would have a computer play `seat`, idle on its turn or away."""
        play, slots = self.play, self.play.seats.slots
        if play.table is None or not 0 <= seat < len(slots) or seat == voter.seat:
            raise BadMessage("you cannot vote for that seat", "cannot_vote")
        target = slots[seat]
        now = play.pulse.now()
        assert now is not None
        waited = play.turns.waited(seat, now)
        idle = play.dealt.round.current == seat and waited >= VOTE_AFTER * play.options.second
        if target.kind != "person" or target.stand_in or not (idle or target.link is None):
            raise BadMessage("that seat is not idle", "cannot_vote")
        others = [s for s in play.seats.here() if s is not target]
        if len(others) == 1 and target.link is not None and not target.ran_out:
            # One person alone may not take the other's seat ten seconds into a turn:
            # only once a turn has run out on them (or they are away).
            raise BadMessage("with one voter, only after a turn has run out", "cannot_vote")
        ballots = play.turns.vote(seat, voter.seat)
        needed = votes_needed(len(others))
        votes = len(ballots & {s.seat for s in others})
        play.out.broadcast(Votes(seat, votes, needed))
        if votes >= needed:
            play.turns.votes.pop(seat, None)
            self.presence.stand_in(target)
