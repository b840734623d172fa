"""What a client knows of its table, from what the server says: who sits where,
the settings, who is away and whose turn is timed, each deal's check, and the
updates to show. Pure: no socket, no thread; `take` applies one checked message
(`server_codec.decode`) and `feed` gets each update and each new match in order.

Written on the network thread, read by the frame loop: a field is replaced
whole, never mutated in place where the other thread reads it (a dict's item set
by one thread and read by the other is one step for either).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from game.engine import RuleSet
from game.online.client.social_state import SocialState
from game.online.protocol import fairness
from game.online.protocol.server_messages import (
    Clock,
    Deal,
    HostSeat,
    Joined,
    Presence,
    Reaction,
    Refusal,
    Rematch,
    Reveal,
    Seats,
    SeatState,
    ServerClosing,
    ServerMessage,
    Settings,
    TableClosed,
    Timeout,
    Update,
    Votes,
    Watching,
)
from game.table.seats import GameSetup, SeatKind, SeatSetup
from game.table.updates import SeatUpdate

Feed = Callable[[SeatUpdate | None], None]  # None: a new match begins


@dataclass(frozen=True)
class Away:
    """A person's seat while they are not here: `computer` once one plays for them."""

    since: float  # time.monotonic() when they dropped
    until: float | None  # when a computer takes over (None: not said)
    computer: bool = False


@dataclass
class People:
    """Who is here: who is away, who came back when, whose turn is timed, votes."""

    away: dict[int, Away] = field(default_factory=dict)
    back_at: dict[int, float] = field(default_factory=dict)  # seat -> when they came back
    clock: tuple[int, float] | None = None  # a timed turn: seat, when it ends
    votes: dict[int, Votes] = field(default_factory=dict)
    stood_in: bool = False  # a computer plays this player's own seat for now

    def presence(self, message: Presence, mine: bool, now: float) -> None:
        seat = message.seat
        if mine:
            self.stood_in = message.state == "computer"
        if message.state == "away":
            until = now + message.seconds if message.seconds is not None else None
            self.away[seat] = Away(now, until)
        elif message.state in ("computer", "left"):
            before = self.away.get(seat)
            self.away[seat] = Away(before.since if before else now, None, True)
        else:
            self.away.pop(seat, None)
            self.back_at[seat] = now


@dataclass
class Deals:
    """Each round's deal, checked against its commitment once its key is told."""

    committed: dict[int, Deal] = field(default_factory=dict)  # round -> dealer, commitment
    dealt: dict[int, SeatUpdate] = field(default_factory=dict)  # round -> this seat's deal
    fair: dict[int, bool] = field(default_factory=dict)  # round -> the deal was the one committed
    # round -> what a deal said wrongly of this seat's secret (the connection's
    # DealSecrets finds it as the deal arrives; the Line hands its dict in)
    faults: dict[int, str] = field(default_factory=dict)

    def check(self, reveal: Reveal, rules: RuleSet, seat: int) -> bool:
        """With the round's key and the server's secret: did the key follow from
        everyone's secrets, this seat's as sent, and the deal from the key (the
        commitment, this seat's hand as dealt, the card turned up)? False: this seat
        did not see the deal (it came back mid-round), so nothing was checked."""
        deal, first = self.committed.get(reveal.round_number), self.dealt.get(reveal.round_number)
        if deal is None or first is None:
            return False
        chain, server = deal.chain, reveal.server_secret
        fair = (
            deal.commitment == reveal.commitment
            and chain is not None
            and server is not None
            and not self.faults.get(reveal.round_number)
        )
        if fair and chain is not None and server is not None:
            try:
                record = fairness.Record(
                    rules,
                    first.view.players,
                    deal.dealer,
                    deal.commitment,
                    bytes.fromhex(reveal.key),
                    chain,
                    bytes.fromhex(server),
                    seat,
                    tuple(first.view.hand),
                    first.view.top,
                )
                fair = not fairness.problems(record)
            except (ValueError, KeyError, TypeError, IndexError):
                fair = False
        self.fair[reveal.round_number] = fair
        return True


class TableNews:
    """The client's picture of its table, kept from the server's messages."""

    def __init__(self, feed: Feed, code: str = "", token: str = "") -> None:
        self.feed = feed
        self.joined: Joined | None = None  # the latest `joined` (or `watching`), settings applied
        self.asked = (code, token)  # the table and seat asked for, before `joined` says
        self.setup = GameSetup("classic", RuleSet.preset("classic"), ())
        self.seats: list[SeatState] = []  # the latest `seats` message's list
        self.watching = False  # a spectator: seat 0's public view, no moves
        self.closed: TableClosed | ServerClosing | None = None
        self.notices: list[ServerMessage] = []  # timeouts, refusals, presence: for the scene
        self.people = People()
        self.deals = Deals()
        self.social = SocialState()  # reactions, the rematch vote, spectators
        self.resumed = False  # came back into a round under way: no deal to show
        self.catch_up: int | None = None  # the token of the update that brings missed moves
        self.received: SeatUpdate | None = None  # the newest update off the wire

    # -- what `joined` said, as the settings since changed it ----------------------

    @property
    def code(self) -> str:
        return self.joined.code if self.joined else self.asked[0]

    @property
    def seat(self) -> int:
        return self.joined.seat if self.joined else -1

    @property
    def token(self) -> str:
        if self.watching:
            return ""  # no seat, so no seat token
        return self.joined.token if self.joined else self.asked[1]

    @property
    def host_seat(self) -> int:
        return self.joined.host if self.joined else 0

    @property
    def dedicated(self) -> bool:
        return self.joined is not None and self.joined.dedicated

    @property
    def timer(self) -> int:
        return self.joined.timer if self.joined else 0

    @property
    def public(self) -> bool:
        return self.joined is not None and self.joined.public

    @property
    def watch_allowed(self) -> bool:
        return self.joined is not None and self.joined.watch

    def is_mine(self, seat: int) -> bool:
        """`seat` is this player's own. A spectator has none: they are shown seat
        0's public view, and what happens to seat 0's person is news to them."""
        return seat == self.seat and not self.watching

    # -- taking a message --------------------------------------------------------------

    def take(self, message: ServerMessage) -> None:
        """A checked message from the server."""
        match message:
            case Joined():
                self._joined(message, watching=False)
            case Watching(table=table):
                self._joined(table, watching=True)
            case Reaction() | Rematch():
                self.social.take(message)
            case Seats(seats=seats, host=host):
                self.seats = list(seats)
                self._change(host=host)
                self.social.watchers = message.watchers
                self._names([s.name for s in seats])
            case Update(update=update, full=full):
                self._update(update, full)
            case TableClosed() | ServerClosing():
                self.closed = message
            case Presence():
                self.people.presence(message, self.is_mine(message.seat), time.monotonic())
                self.notices.append(message)
            case Clock(seat=seat, seconds=seconds):
                self.people.clock = (seat, time.monotonic() + seconds)
            case Votes():
                self.people.votes[message.seat] = message
            case HostSeat(seat=seat):
                self._change(host=seat)
            case Settings():
                self._settings(message)
            case Deal(round_number=number):
                self.deals.committed[number] = message
            case Reveal():
                if self.deals.check(message, self.setup.rules, self.seat):
                    self.notices.append(message)
            case Timeout() | Refusal():
                self.notices.append(message)

    def _joined(self, message: Joined, watching: bool) -> None:
        if self.social.rematch is not None:  # the table plays again: a new match
            self.social.rematch = None
            self.deals, self.received = Deals(), None
            self.feed(None)
        self.joined, self.watching = message, watching
        self.setup = replace(
            self.setup,
            theme=message.theme,
            rules=message.rules,
            target=message.target,
            scoring=message.scoring,
        )
        self._names(list(message.names))

    def _change(self, **changes: int | bool) -> None:
        if self.joined is not None:
            self.joined = replace(self.joined, **changes)  # type: ignore[arg-type]

    def _settings(self, message: Settings) -> None:
        self._change(timer=message.timer, public=message.public, watch=message.watch)
        self.setup = replace(
            self.setup, rules=message.rules, target=message.target, scoring=message.scoring
        )

    def _update(self, update: SeatUpdate, full: bool) -> None:
        """An update off the wire. One that brings the round's whole history after
        a drop carries, as its events, everything missed meanwhile, so the table
        animates and logs it as if it had been there."""
        last = self.received
        if full and last is not None and last.round_number == update.round_number:
            seen = last.view.history
            if update.view.history[: len(seen)] == seen:
                update = replace(update, events=update.view.history[len(seen) :])
                if update.events:  # shown at once: the turn clock runs meanwhile
                    self.catch_up = update.token
        elif full and last is None and update.actions > 0:
            self.resumed = True  # joined mid-round: the table is shown as it stands
        if update.actions == 0 and update.round_number not in self.deals.dealt:
            self.deals.dealt[update.round_number] = update  # the hand as dealt, for the check
        self.received = update
        self.feed(update)

    def _names(self, names: list[str]) -> None:
        seats = []
        for i, name in enumerate(names):
            kind = SeatKind.HUMAN if self.is_mine(i) else SeatKind.REMOTE
            if i < len(self.seats) and self.seats[i].kind == "bot":
                kind = SeatKind.BOT
            seats.append(SeatSetup(name or "…", kind))
        self.setup = replace(self.setup, seats=tuple(seats))
