"""What the table tells one seat after every change: its view, what it may do
now, and what just happened as that seat may see it."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.ai.reads import Read
from game.engine import Card, Phase, View
from game.engine.actions import Action
from game.engine.scoring import hand_points


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, all of it public: every hand is shown when a round ends."""

    winner: int | None
    hands: tuple[tuple[Card, ...], ...]
    before: tuple[int, ...]  # match totals before this round
    totals: tuple[int, ...]  # match totals after it
    match_over: bool
    match_winners: tuple[int, ...]

    @property
    def hand_points(self) -> tuple[int, ...]:
        """What each seat's remaining cards are worth (the screens count them in)."""
        return tuple(hand_points(hand) for hand in self.hands)

    @property
    def gained(self) -> tuple[int, ...]:
        """Each seat's points gained this round."""
        return tuple(after - was for after, was in zip(self.totals, self.before, strict=True))


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    seat: int
    token: int  # grows with every change at the table: an answer is for one token
    round_number: int  # 1 for the first round of the match
    actions: int  # actions applied in this round so far
    view: View
    legal: tuple[Action, ...]  # empty: nothing to do now
    events: tuple  # new since the seat's last update, hidden cards removed
    result: RoundResult | None = None  # set once the round is over
    # What a bot acted on with the action just applied (game/ai/reads.py), with
    # its seat: public facts only, the same for every seat; words in the UI.
    # Commentary, not state: updates compare equal without it (the network's
    # wire does not carry it yet).
    reads: tuple[tuple[int, Read], ...] = field(default=(), compare=False)

    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def current(self) -> int:
        return self.view.current

    @property
    def over(self) -> bool:
        return self.view.over

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals: before this round while it is played, after it once it is over."""
        return self.result.totals if self.result is not None else self.view.scores

    @property
    def turn(self) -> bool:
        """The seat is the one to move (not a reaction out of turn)."""
        return not self.view.over and self.view.current == self.seat
