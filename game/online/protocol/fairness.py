"""Deals that can be checked: a commitment when a round is dealt, its key once it
is over, and `uno-table verify` to deal the round again from that key.

    text = deck_text(match.round)                 # the round as dealt
    sealed = commitment(match.round_key, text)    # sent to every seat at the deal
    ...                                           # the round is played
    problems(record)                              # [] when the deal was the committed one

The commitment is BLAKE2b-256 of the key and the deal, so the server cannot
change the deal once it is sent, and nobody learns the deal from it. With the
key (published when the round is over) anyone deals the round again with the
engine and checks it against the commitment, their own hand and the first
discard. docs/PROTOCOL.md ("Fair deals") gives the file `uno-table verify` reads.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine import Card, Match, RuleSet
from game.engine.errors import CardError
from game.engine.keyed_random import KEY_BYTES, KeyedRandom
from game.engine.round import Round
from game.files.paths import shown_path
from game.files.safe_read import read_limited
from game.limits import MAX_PLAYERS, MIN_PLAYERS
from game.online.protocol.reader import Reader
from game.online.protocol.server_messages import Deal, Reveal
from game.table import GameSetup

HELP = "check that an online round was dealt as its commitment said"
MAX_FILE = 64 << 10  # a deal record is a few kilobytes


def deck_text(rnd: Round) -> str:
    """The round as dealt: each hand (seat 0 first), the discard pile (bottom
    first), the draw pile (top first)."""
    groups = [*(rnd.hand(s) for s in range(rnd.players)), rnd.discard_pile, rnd.draw_pile]
    return " / ".join(" ".join(card.text for card in group) for group in groups)


def commitment(key: bytes, deck: str) -> str:
    return hashlib.blake2b(key + deck.encode("utf-8"), digest_size=32).hexdigest()


def deal_again(rules: RuleSet, players: int, dealer: int, key: bytes) -> Round:
    """The round the key deals: the same code the server's match dealt with."""
    return Round.start(rules, players, dealer, rng=KeyedRandom(key))


@dataclass
class Seal:
    """A table's commitment to the round in play, and the last round whose key
    was told: the `deal` and `reveal` messages of docs/PROTOCOL.md."""

    round: int = 0
    commitment: str = ""
    revealed: int = 0

    def seal(self, match: Match, round_number: int) -> None:
        """Commit to a round just dealt (before anyone moved in it); once."""
        key = match.round_key
        if round_number != self.round and key is not None and not match.round.log:
            self.round = round_number
            self.commitment = commitment(key, deck_text(match.round))

    def deal(self, match: Match, round_number: int) -> Deal | None:
        if round_number != self.round or not self.commitment:
            return None
        return Deal(round_number, match.round.dealer, self.commitment)

    def reveal(self, match: Match, round_number: int) -> Reveal | None:
        """The round's key, once it is over (None before, or for a round never sealed)."""
        key = match.round_key
        if not match.round.over or round_number != self.round or key is None:
            return None
        self.revealed = round_number
        return Reveal(round_number, key.hex(), self.commitment)

    def to_data(self) -> list[Any]:
        return [self.round, self.commitment, self.revealed]


@dataclass(frozen=True)
class Record:
    """A deal record read as strictly as the server reads a client: every field of its
    type and in range, the seat one of the table's, the cards the deck's own."""

    rules: RuleSet
    players: int
    dealer: int
    commitment: str
    key: bytes
    seat: int | None = None
    hand: tuple[Card, ...] | None = None
    top: Card | None = None
    deck: str | None = None

    @classmethod
    def read(cls, data: Any) -> Record:
        """BadServerMessage naming the first field that is not what the protocol says."""
        read = Reader(data, "the record")
        rules = read.rules()
        players = read.integer("players", MIN_PLAYERS, MAX_PLAYERS)
        dealer = read.integer("dealer", 0, players - 1)
        sealed = read.string("commitment")
        key = read.string("key")
        if not HEX_64.fullmatch(sealed):
            raise read.fail("commitment", "must be 64 hexadecimal digits")
        if not HEX_64.fullmatch(key):
            raise read.fail("key", f"must be {KEY_BYTES} bytes in hexadecimal")
        seat = read.integer("seat", 0, players - 1) if read.has("seat") else None
        hand = _cards(read, "hand", MAX_HAND) if read.has("hand") else None
        if hand is not None and seat is None:
            raise read.fail("hand", "needs the seat it was dealt to")
        top = _cards(read, "top", 1)[0] if read.has("top") else None
        deck = read.string("deck") if read.has("deck") else None
        if deck is not None and len(deck) > MAX_DECK_TEXT:
            raise read.fail("deck", f"must be at most {MAX_DECK_TEXT} characters")
        read.done()
        return cls(rules, players, dealer, sealed, bytes.fromhex(key), seat, hand, top, deck)


HEX_64 = re.compile(r"[0-9a-f]{64}")  # a BLAKE2b-256 digest; a key of KEY_BYTES
MAX_HAND = 108  # every card of a deck
MAX_DECK_TEXT = 4096  # a deck's text: 108 cards of at most 20 characters and spaces


def _cards(read: Reader, name: str, most: int) -> tuple[Card, ...]:
    """One card's name (`most` 1) or a list of them, each a card of some deck."""
    raw = read.raw(name)
    names = [raw] if most == 1 else read.items(name, most)
    try:
        return tuple(Card.parse(n) for n in names)
    except CardError:
        raise read.fail(name, "must name cards (red-7, blue-skip, wild...)") from None


def problems(record: Record) -> list[str]:
    """What does not hold in a deal record (empty: the deal was the committed one)."""
    rnd = deal_again(record.rules, record.players, record.dealer, record.key)
    deck = deck_text(rnd)
    found = []
    if record.deck is not None and record.deck != deck:
        found.append("the deck given is not the one this key deals")
    sealed = record.deck if record.deck is not None else deck
    if commitment(record.key, sealed) != record.commitment:
        found.append("the key and the deal do not match the commitment")
    seat, hand = record.seat, record.hand
    dealt = sorted(c.text for c in rnd.hands[seat]) if seat is not None else []
    if hand is not None and sorted(c.text for c in hand) != dealt:
        found.append(f"seat {seat}'s hand is not the one the committed deal gave")
    if record.top is not None and record.top != rnd.top:
        found.append("the card turned up is not the one the committed deal gave")
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="uno-table verify", description=HELP)
    add_arguments(p)
    return run(p.parse_args(argv))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path, help="a deal record (JSON; see docs/PROTOCOL.md)")


def read_record(path: Path) -> Record:
    """The record in `path`: a regular file of at most MAX_FILE bytes, JSON nested no
    deeper than recursion allows, fields as the protocol says. ValueError or OSError
    (one line each) for anything that cannot be checked."""
    text = read_limited(path, MAX_FILE).decode("utf-8")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError("it is nested too deeply to be a deal record") from None
    return Record.read(data)


def run(args: argparse.Namespace) -> int:
    """Exit 0: the record verifies; 1: it is a record and fails its check; 2: it could
    not be checked (each with one line)."""
    shown = shown_path(args.file)
    try:
        record = read_record(args.file)
    except (OSError, ValueError, MemoryError) as err:  # UnicodeDecodeError is a ValueError
        why = " ".join(str(err).split())[:200] or type(err).__name__
        print(f"uno-table verify: cannot check {shown}: {why}", file=sys.stderr)
        return 2
    found = problems(record)
    if found:
        for line in found:
            print(f"NOT VERIFIED: {line}")
        return 1
    print("verified: the deal is the one committed to")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def keyed_match(setup: GameSetup) -> Match:
    """An online match: dealt from a 256-bit key from `secrets`, which no seat is told."""
    return Match(
        setup.rules,
        players=setup.players,
        seed=setup.seed,
        target=setup.target,
        scoring=setup.scoring,
        rng=KeyedRandom(),
    )
